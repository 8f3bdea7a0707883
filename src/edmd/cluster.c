/* SPDX-License-Identifier: MIT */
/* Contact clusters (docs/design.md, "Simultaneous contacts"): when a collision fires, the bodies touching the colliding
 * pair within the contact tolerance, transitively, walls and sleeping particles included, are one simultaneous
 * impact (Vouga et al. 2017, section 3). src/impact resolves it with the scene's operator and restitution by
 * interpolation (sections 4-6); a cluster that ends an inelastic collapse takes the limit of the binary collisions it
 * interrupts, the inelastic answer (section 6.1; docs/edmd.md), and its gaps are closed. The engine then applies the
 * velocities, keeps the books and reschedules every member.
 * Walls and sleepers are static bodies: contacts against b = -1.
 *
 * Contact order: the colliding contact first, then breadth-first from it, so that pairwise Gauss-Seidel in
 * lexicographic order takes the contacts in the order classic sequential event processing meets them. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/grow.h"
#include "core/status.h"
#include "edmd/cluster.h"
#include "edmd/collapse.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/rough.h"
#include "edmd/schedule.h"
#include "edmd/transport.h"

/* The impact-operator applications a cluster may take when the scene sets no budget. Past them the cluster is
 * resolved inelastically (one LCP, Vouga et al. section 6 with e = 0) and counted in impact_fallbacks: clusters
 * whose contacts are nearly, but not exactly, an implicit equality (a ball jammed between two others almost
 * opposite) converge geometrically at a rate that the near-degeneracy makes arbitrarily slow. */
enum { RC_CLUSTER_ITERATIONS = 10000 };

/* The most particles a group that may sleep together gathers (rc_edmd_sleep_group), breadth first from the slow
 * particle that starts it. A bed of slow particles is one connected group much larger than that; the members at the
 * edge, whose own supports were not gathered, fall in the test and stay awake while the others may sleep. */
enum { RC_GROUP_LIMIT = 64 };

/* A workspace made on first use: the collision cluster's or the sleep group's. */
static rc_status workspace(rc_edmd *e, rc_edmd_cluster **made)
{
    if (*made) return RC_STATUS_OK;
    rc_edmd_cluster *ws = calloc(1, sizeof *ws);
    if (!ws) return rc_fail(RC_STATUS_NO_MEMORY, "clusters: out of memory");
    *made = ws;
    rc_status s = rc_impact_problem_create(&ws->problem);
    if (s == RC_STATUS_OK)
        s = rc_impact_solver_create(NULL, &ws->solver); /* each resolve sets its options, with a budget */
    if (s == RC_STATUS_OK && !(ws->mark = calloc(e->n > 0 ? (size_t)e->n : 1, sizeof *ws->mark)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "clusters: out of memory for %d particles", (int)e->n);
    return s;
}

static void destroy_workspace(rc_edmd_cluster **made)
{
    rc_edmd_cluster *ws = *made;
    if (!ws) return;
    rc_impact_problem_destroy(ws->problem);
    rc_impact_solver_destroy(ws->solver);
    free(ws->members);
    free(ws->contacts);
    free(ws->mark);
    free(ws->keep);
    free(ws->sequence);
    free(ws->shift);
    free(ws);
    *made = NULL;
}

void rc_edmd_cluster_destroy(rc_edmd *e)
{
    destroy_workspace(&e->cluster);
    destroy_workspace(&e->group);
}

/* The member index of slot k in the current cluster, or -1. */
static int32_t member_index(const rc_edmd_cluster *ws, int32_t k)
{
    uint64_t m = ws->mark[k];
    return (uint32_t)(m >> 32) == ws->stamp ? (int32_t)(uint32_t)m : -1;
}

static rc_status add_member(rc_edmd *e, rc_edmd_cluster *ws, int32_t k)
{
    rc_status s = RC_GROW(ws->members, ws->member_capacity, ws->member_count + 1);
    if (s != RC_STATUS_OK) return s;
    ws->mark[k] = (uint64_t)ws->stamp << 32 | (uint32_t)ws->member_count;
    ws->members[ws->member_count++] = k;
    rc_edmd_stream(e, k, e->now);
    return RC_STATUS_OK;
}

static rc_status add_contact(rc_edmd_cluster *ws, int32_t a, int32_t b, int32_t other, const double normal[3],
                             double distance)
{
    rc_status s = RC_GROW(ws->contacts, ws->contact_capacity, ws->contact_count + 1);
    if (s != RC_STATUS_OK) return s;
    rc_cluster_contact *c = &ws->contacts[ws->contact_count++];
    c->a = a, c->b = b, c->other = other, c->distance = distance;
    for (int x = 0; x < 3; x++) c->normal[x] = normal[x];
    return RC_STATUS_OK;
}

/* The gap of particle k to wall w (k at now): centre distance less radius. */
double rc_edmd_wall_gap(const rc_edmd *e, int32_t k, int32_t w)
{
    const rc_plane *p = &e->walls[w];
    const rc_kin *q = &e->kin[k];
    return p->normal[0] * (q->x[0] - p->point[0]) + p->normal[1] * (q->x[1] - p->point[1]) +
           p->normal[2] * (q->x[2] - p->point[2]) - q->radius;
}

bool rc_edmd_pair_touches(const rc_edmd *e, int32_t a, int32_t b, double r[3], double *distance)
{
    const rc_kin *p = &e->kin[a], *q = &e->kin[b];
    double xq[3], vq[3];
    rc_edmd_state_now(e, b, xq, vq);
    for (int x = 0; x < 3; x++) r[x] = p->x[x] - xq[x];
    rc_edmd_minimum_image(e, r);
    double sigma = p->radius + q->radius, rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    *distance = sqrt(rr);
    return rr - sigma * sigma < e->touch_factor * sigma * sigma;
}

/* Whether particle k moves slower than the sleep speed. */
static bool slow(const rc_edmd *e, int32_t k)
{
    const double *v = e->kin[k].v;
    return v[0] * v[0] + v[1] * v[1] + v[2] * v[2] <= e->sleep_speed * e->sleep_speed;
}

/* Member m's contacts with walls and with particles not yet expanded; new touching particles join (sleepers as
 * static bodies). skip_b is the colliding contact's other end when m is its first body (it is contact 0). A
 * `resting` cluster (a group that may sleep) takes bodies within the support gap (rc_edmd_supports) instead of the
 * contact tolerance, and only slow particles: faster ones will hit it or leave, and a hit wakes sleepers. */
static rc_status expand(rc_edmd *e, rc_edmd_cluster *ws, int32_t m, int32_t skip_b, bool resting)
{
    int32_t k = ws->members[m];
    double radius = e->kin[k].radius;
    rc_status s = RC_STATUS_OK;
    for (int32_t w = 0; w < e->wall_count && s == RC_STATUS_OK; w++) {
        double gap = rc_edmd_wall_gap(e, k, w);
        if (RC_EVENT_WALL0 - w != skip_b &&
            (resting ? rc_edmd_supports(e, gap, radius) : gap < e->contact_tolerance * radius))
            s = add_contact(ws, m, -1, RC_EVENT_WALL0 - w, e->walls[w].normal, 0);
    }
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t i = 0; i < rc_edmd_list_length(e, k) && s == RC_STATUS_OK; i++) {
        int32_t q = rc_edmd_neighbour(e, list, i), index = member_index(ws, q);
        double r[3], distance;
        if (q == skip_b || (index >= 0 && index <= m)) continue;
        bool touches = rc_edmd_pair_touches(e, k, q, r, &distance);
        if (resting)
            touches = rc_edmd_supports(e, distance - radius - e->kin[q].radius, radius + e->kin[q].radius) &&
                      (rc_edmd_is_asleep(e, q) || slow(e, q));
        if (!touches) continue;
        double unit[3] = {r[0] / distance, r[1] / distance, r[2] / distance};
        if (rc_edmd_is_asleep(e, q)) {
            s = add_contact(ws, m, -1, q, unit, 0);
            continue;
        }
        if (index < 0 && resting && ws->member_count >= RC_GROUP_LIMIT) continue; /* the group is full */
        if (index < 0) {
            index = ws->member_count;
            s = add_member(e, ws, q);
        }
        if (s == RC_STATUS_OK) s = add_contact(ws, m, index, q, unit, distance);
    }
    return s;
}

/* An empty cluster with a new stamp. */
static void begin(const rc_edmd *e, rc_edmd_cluster *ws)
{
    ws->member_count = ws->contact_count = 0;
    if (++ws->stamp == 0) { /* the stamp wrapped: forget every old mark */
        for (int32_t k = 0; k < e->n; k++) ws->mark[k] = 0;
        ws->stamp = 1;
    }
}

/* The cluster of the collision of particle i with j (a particle or a wall), contact 0 being that collision. */
static rc_status gather(rc_edmd *e, int32_t i, int32_t j)
{
    rc_edmd_cluster *ws = e->cluster;
    begin(e, ws);
    rc_status s = add_member(e, ws, i);
    double r[3], distance = 0;
    if (j >= 0) {
        rc_edmd_pair_touches(e, i, j, r, &distance);
        double unit[3] = {r[0] / distance, r[1] / distance, r[2] / distance};
        bool fixed = rc_edmd_is_asleep(e, j);
        if (s == RC_STATUS_OK && !fixed) s = add_member(e, ws, j);
        if (s == RC_STATUS_OK) s = add_contact(ws, 0, fixed ? -1 : 1, j, unit, fixed ? 0 : distance);
    } else if (s == RC_STATUS_OK) {
        s = add_contact(ws, 0, -1, j, e->walls[RC_EVENT_WALL0 - j].normal, 0);
    }
    for (int32_t m = 0; m < ws->member_count && s == RC_STATUS_OK; m++) s = expand(e, ws, m, m == 0 ? j : -1, false);
    return s;
}

/* The impact problem of the gathered cluster, with the members' velocities or (`falling`) gravity's for all. */
static rc_status build_problem(rc_edmd *e, rc_edmd_cluster *ws, bool falling)
{
    rc_impact_problem_clear(ws->problem);
    rc_status s = RC_STATUS_OK;
    for (int32_t m = 0; m < ws->member_count && s == RC_STATUS_OK; m++) {
        const rc_kin *p = &e->kin[ws->members[m]];
        s = rc_impact_problem_add_ball(ws->problem, e->dimension, rc_edmd_mass(e, ws->members[m]), p->x,
                                       falling ? e->gravity : p->v, NULL);
    }
    for (int32_t c = 0; c < ws->contact_count && s == RC_STATUS_OK; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        const rc_kin *p = &e->kin[ws->members[k->a]];
        double point[3];
        for (int x = 0; x < 3; x++) point[x] = p->x[x] - p->radius * k->normal[x];
        s = rc_impact_problem_add_contact(ws->problem, k->a, k->b, point, k->normal, NULL);
    }
    return s;
}

/* A sentence naming the cluster's particles by input index (the first few). */
static rc_status not_terminated(const rc_edmd *e, int64_t budget)
{
    const rc_edmd_cluster *ws = e->cluster;
    char names[160];
    int used = 0;
    for (int32_t m = 0; m < ws->member_count && m < 12 && used < (int)sizeof names - 16; m++)
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%d", m ? ", " : "", (int)e->id[ws->members[m]]);
    return rc_fail(RC_STATUS_NOT_TERMINATED,
                   "the impact of a cluster of %d particles and %d contacts at time %.17g did not end within %lld "
                   "iterations (particles %s%s); lineality detection is %s",
                   (int)ws->member_count, (int)ws->contact_count, e->time_origin + e->now, (long long)budget, names,
                   ws->member_count > 12 ? ", ..." : "", e->impact.lineality ? "on" : "off");
}

/* New velocities to the members, and the books: energy, virial, collision counts, cluster statistics. */
static void apply(rc_edmd *e, const rc_impact_result *result)
{
    rc_edmd_cluster *ws = e->cluster;
    for (int32_t m = 0; m < ws->member_count; m++) {
        int32_t k = ws->members[m];
        const double *v = result->velocity + rc_impact_problem_body_first_dof(ws->problem, m);
        bool changed = false;
        for (int x = 0; x < e->dimension; x++) changed |= e->kin[k].v[x] != v[x];
        if (!changed) continue;
        rc_edmd_release(e, k); /* a sliding member flies again */
        double old[3] = {e->kin[k].v[0], e->kin[k].v[1], e->kin[k].v[2]};
        for (int x = 0; x < e->dimension; x++) e->kin[k].v[x] = v[x];
        if (e->transport_on) { /* the Helfand moments: impulses at the member's place relative to the first's */
            const double *x0 = e->kin[ws->members[0]].x;
            double d[3] = {e->kin[k].x[0] - x0[0], e->kin[k].x[1] - x0[1], e->kin[k].x[2] - x0[2]};
            rc_edmd_minimum_image(e, d);
            rc_edmd_transport_kick(e, k, old, d);
        }
        e->counter[k]++;
        if (e->last_collision) e->last_collision[k] = e->now;
    }
    rc_edmd_integrate_kinetic(e);
    double loss = result->kinetic_energy_before - result->kinetic_energy_after;
    e->kinetic -= loss;
    e->dissipated += loss;
    for (int32_t c = 0; c < ws->contact_count; c++) {
        double impulse = result->normal_impulse[c];
        if (!(impulse > 0)) continue;
        if (ws->contacts[c].b >= 0) {
            e->collisions++;
            e->virial += impulse * ws->contacts[c].distance;
        } else {
            e->wall_collisions++;
        }
    }
    e->cluster_count++;
    e->impact_iterations += (uint64_t)result->iterations;
    e->lineality_detections += result->lineality_count > 0;
    if (ws->member_count > e->largest_cluster) e->largest_cluster = ws->member_count;
}

/* Keeps the members flagged in `keep`, renumbered in order, and the contacts between kept members or with static
 * bodies (keep is overwritten with the new indices plus one). Returns how many members are left. */
static int32_t keep_members(rc_edmd_cluster *ws, int32_t *keep)
{
    int32_t count = 0, contacts = 0;
    for (int32_t m = 0; m < ws->member_count; m++) {
        if (!keep[m]) continue;
        keep[m] = ++count;
        ws->members[count - 1] = ws->members[m];
    }
    for (int32_t c = 0; c < ws->contact_count; c++) {
        rc_cluster_contact k = ws->contacts[c];
        if (!keep[k.a] || (k.b >= 0 && !keep[k.b])) continue;
        k.a = keep[k.a] - 1;
        if (k.b >= 0) k.b = keep[k.b] - 1;
        ws->contacts[contacts++] = k;
    }
    ws->member_count = count;
    ws->contact_count = contacts;
    return count;
}

/* Puts to sleep the slow members of the cluster that its static contacts hold up. Gravity's velocity, resolved
 * inelastically against the contacts among slow members and with static bodies, leaves a member still when forces
 * at those contacts, all pushing, balance its weight (the frictionless statics behind Vouga et al. section 3);
 * members left moving are dropped with their contacts and the rest tested again, until all that remain stay still.
 * They then sleep at once, as a particle alone does on its supports. */
static rc_status sleep_together(rc_edmd *e, rc_edmd_cluster *ws)
{
    rc_status s = RC_GROW(ws->keep, ws->keep_capacity, ws->member_count + 1);
    if (s != RC_STATUS_OK) return s;
    for (int32_t m = 0; m < ws->member_count; m++)
        ws->keep[m] = !rc_edmd_is_asleep(e, ws->members[m]) && slow(e, ws->members[m]);
    double gg = e->gravity[0] * e->gravity[0] + e->gravity[1] * e->gravity[1] + e->gravity[2] * e->gravity[2];
    rc_impact_options options = e->impact;
    options.restitution = 0;
    options.lineality = false;
    if ((s = rc_impact_solver_set_options(ws->solver, &options)) != RC_STATUS_OK) return s;
    for (;;) {
        if (keep_members(ws, ws->keep) == 0) return RC_STATUS_OK;
        bool anchored = false;
        for (int32_t c = 0; c < ws->contact_count; c++) anchored |= ws->contacts[c].b < 0;
        if (!anchored) return RC_STATUS_OK;
        rc_impact_result result;
        if ((s = build_problem(e, ws, true)) != RC_STATUS_OK) return s;
        s = rc_impact_solver_resolve(ws->solver, ws->problem, &result);
        if (s == RC_STATUS_INTERNAL || s == RC_STATUS_NOT_TERMINATED)
            return RC_STATUS_OK; /* undecided: they stay awake */
        if (s != RC_STATUS_OK) return s;
        bool all = true;
        for (int32_t m = 0; m < ws->member_count; m++) {
            const double *v = result.velocity + rc_impact_problem_body_first_dof(ws->problem, m);
            double vv = 0;
            for (int x = 0; x < e->dimension; x++) vv += v[x] * v[x];
            ws->keep[m] = vv <= 1e-12 * gg;
            all &= ws->keep[m];
        }
        if (all) break;
    }
    for (int32_t m = 0; m < ws->member_count; m++) rc_edmd_put_to_sleep(e, ws->members[m]);
    return RC_STATUS_OK;
}

/* The binary collisions a collapse is made of, continued at zero gaps: most approaching contact first, each with the
 * binary rule at restitution e (pairwise Gauss-Seidel with the restitution in every application, Vouga et al.
 * section 6.1), until nothing approaches. A sequence that ends is no collapse. One that goes on converges (the
 * collapse), and it is taken for one when its approach speeds have fallen by 1e10 below the colliding contact's u0
 * while still approaching, with every contact still being hit once they fell below 1e-5 u0: the limit then keeps
 * every contact closed, which is the inelastic answer. Past the step budget it is undecided: no collapse. */
enum { RC_SEQUENCE_STEPS = 10000 };

static rc_status sequence_collapses(rc_edmd *e, rc_edmd_cluster *ws, double restitution, bool *collapse)
{
    int32_t members = ws->member_count, contacts = ws->contact_count;
    *collapse = false;
    rc_status s = RC_GROW(ws->sequence, ws->sequence_capacity, 3 * members + contacts);
    if (s != RC_STATUS_OK) return s;
    double(*v)[3] = (double(*)[3])ws->sequence, *hit = ws->sequence + 3 * members, speed = 0;
    for (int32_t m = 0; m < members; m++)
        for (int x = 0; x < 3; x++) v[m][x] = e->kin[ws->members[m]].v[x], speed = fmax(speed, fabs(v[m][x]));
    for (int32_t c = 0; c < contacts; c++) hit[c] = -1;
    double u0 = 0, tail = -1;
    for (int step = 0; step < RC_SEQUENCE_STEPS; step++) {
        int32_t next = -1;
        double most = 0;
        for (int32_t c = 0; c < contacts; c++) {
            const rc_cluster_contact *k = &ws->contacts[c];
            double u = 0;
            for (int x = 0; x < 3; x++) u -= k->normal[x] * (v[k->a][x] - (k->b >= 0 ? v[k->b][x] : 0));
            if (u > most) most = u, next = c;
        }
        if (step == 0) u0 = most;
        if (!(most > fmax(1e-14 * u0, 0x1p-46 * speed)))
            return RC_STATUS_OK; /* nothing approaches: the sequence ends */
        if (tail < 0 && most <= 1e-5 * u0) tail = step;
        if (most <= 1e-10 * u0) { /* converging, still approaching */
            *collapse = true;
            for (int32_t c = 0; c < contacts; c++) *collapse &= hit[c] >= tail;
            return RC_STATUS_OK;
        }
        const rc_cluster_contact *k = &ws->contacts[next];
        double ma = rc_edmd_mass(e, ws->members[k->a]), mb = k->b >= 0 ? rc_edmd_mass(e, ws->members[k->b]) : 0;
        double reduced = k->b >= 0 ? ma * mb / (ma + mb) : ma, impulse = (1 + restitution) * reduced * most;
        for (int x = 0; x < 3; x++) {
            v[k->a][x] += impulse / ma * k->normal[x];
            if (k->b >= 0) v[k->b][x] -= impulse / mb * k->normal[x];
        }
        hit[next] = step;
    }
    return RC_STATUS_OK;
}

/* Whether the cluster ends a collapse in progress (docs/edmd.md, "Simultaneous contacts and collapse"): the collision
 * is dissipative; every other contact was made by a binary collision of its two bodies that is still the last change
 * of one of them's velocity (rc_edmd_hit_last), so that the cluster interrupts a sequence of binary collisions
 * rather than being set up in contact; and that sequence, continued, collapses (sequence_collapses). */
static rc_status collapsing(rc_edmd *e, rc_edmd_cluster *ws, double restitution, bool *collapse)
{
    *collapse = false;
    if (!e->last_hit || !(restitution < 1) || ws->contact_count < 2) return RC_STATUS_OK;
    for (int32_t c = 1; c < ws->contact_count; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        int32_t a = ws->members[k->a];
        if (!rc_edmd_hit_last(e, a, k->other) && !(k->other >= 0 && rc_edmd_hit_last(e, k->other, a)))
            return RC_STATUS_OK;
    }
    return sequence_collapses(e, ws, restitution, collapse);
}

/* The gap between particles at y and xq whose radii add to sigma (minimum image). */
static double gap_at(const rc_edmd *e, const double y[3], const double xq[3], double sigma)
{
    double r[3] = {y[0] - xq[0], y[1] - xq[1], y[2] - xq[2]};
    rc_edmd_minimum_image(e, r);
    return sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) - sigma;
}

/* Whether member m, moved to y, comes nearer than before, and nearer than contact, to a body outside the cluster: a
 * wall or a particle of its list (which holds every particle it can touch while it stays inside its shell). */
static bool meets_outsider(const rc_edmd *e, const rc_edmd_cluster *ws, int32_t m, const double y[3])
{
    int32_t k = ws->members[m];
    const rc_kin *p = &e->kin[k];
    for (int32_t w = 0; w < e->wall_count; w++) {
        const double *normal = e->walls[w].normal;
        double moved = normal[0] * (y[0] - p->x[0]) + normal[1] * (y[1] - p->x[1]) + normal[2] * (y[2] - p->x[2]);
        double gap = rc_edmd_wall_gap(e, k, w);
        if (gap + moved < fmin(gap, 0)) return true;
    }
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t i = 0; i < rc_edmd_list_length(e, k); i++) {
        int32_t q = rc_edmd_neighbour(e, list, i);
        if (member_index(ws, q) >= 0) continue;
        double xq[3], vq[3], sigma = p->radius + e->kin[q].radius;
        rc_edmd_state_now(e, q, xq, vq);
        if (gap_at(e, y, xq, sigma) < fmin(gap_at(e, p->x, xq, sigma), 0)) return true;
    }
    return false;
}

/* Closes the gaps a collapse leaves (docs/edmd.md, "The gaps a collapse leaves"): its limit has every contact closed,
 * while the cluster that ends it formed with gaps up to the contact tolerance. Taking the contacts in their order
 * (breadth first from the colliding pair), the member a contact reaches first moves along the contact normal to
 * touch the member it is reached from, taking that member's move too; all moves then lose their mass-weighted mean,
 * which keeps the centre of mass. The correction is made whole or not at all, when it is safe: no static contact (a
 * wall or a sleeper cannot move), no member held (asleep or sliding), every member inside its neighbour-list shell
 * (its list, valid, covers what it can touch; the shell-exit time stays positive), every contact closed to the
 * rounding of the positions (a loop's extra contacts need not be) and no member nearer than before, and than
 * contact, to a body outside the cluster. Otherwise the gaps stay as they formed, within the tolerance. A moved
 * member takes a new counter, so that the events other particles predicted with it are stale; the caller
 * reschedules every member. The members are at now (gather streamed them). */
static rc_status close_gaps(rc_edmd *e, rc_edmd_cluster *ws)
{
    int32_t members = ws->member_count;
    rc_status s = RC_GROW(ws->shift, ws->shift_capacity, 3 * members);
    if (s != RC_STATUS_OK) return s;
    double(*shift)[3] = (double(*)[3])ws->shift;
    for (int32_t m = 0; m < members; m++) {
        if (rc_edmd_is_held(e, ws->members[m])) return RC_STATUS_OK;
        shift[m][0] = m == 0 ? 0 : NAN; /* NaN: not reached yet */
        shift[m][1] = shift[m][2] = 0;
    }
    for (int32_t c = 0; c < ws->contact_count; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        if (k->b < 0) return RC_STATUS_OK;
        if (!isnan(shift[k->b][0])) continue; /* a loop's contact: checked below */
        double gap = k->distance - e->kin[ws->members[k->a]].radius - e->kin[ws->members[k->b]].radius;
        for (int x = 0; x < 3; x++) shift[k->b][x] = shift[k->a][x] + gap * k->normal[x]; /* b towards a */
    }
    double mass = 0, mean[3] = {0, 0, 0};
    for (int32_t m = 0; m < members; m++) {
        double w = rc_edmd_mass(e, ws->members[m]);
        mass += w;
        for (int x = 0; x < 3; x++) mean[x] += w * shift[m][x];
    }
    for (int32_t m = 0; m < members; m++)
        for (int x = 0; x < 3; x++) shift[m][x] -= mean[x] / mass;
    for (int32_t m = 0; m < members; m++) {
        const rc_kin *p = &e->kin[ws->members[m]];
        const double *anchor = e->anchor[ws->members[m]].x;
        double y[3], ss = 0;
        for (int x = 0; x < 3; x++) y[x] = p->x[x] + shift[m][x], ss += (y[x] - anchor[x]) * (y[x] - anchor[x]);
        if (ss >= e->shell_exit * e->shell_exit || meets_outsider(e, ws, m, y)) return RC_STATUS_OK;
    }
    for (int32_t c = 0; c < ws->contact_count; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        const rc_kin *p = &e->kin[ws->members[k->a]], *q = &e->kin[ws->members[k->b]];
        double ya[3], yb[3], largest = p->radius + q->radius;
        for (int x = 0; x < 3; x++) {
            ya[x] = p->x[x] + shift[k->a][x], yb[x] = q->x[x] + shift[k->b][x];
            largest = fmax(largest, fmax(fabs(ya[x]), fabs(yb[x])));
        }
        /* closed: within a few units in the last place of the coordinates */
        if (fabs(gap_at(e, ya, yb, p->radius + q->radius)) > 8 * DBL_EPSILON * largest) return RC_STATUS_OK;
    }
    for (int32_t m = 0; m < members; m++) {
        rc_kin *p = &e->kin[ws->members[m]];
        if (shift[m][0] == 0 && shift[m][1] == 0 && shift[m][2] == 0) continue;
        for (int x = 0; x < 3; x++) p->x[x] += shift[m][x];
        e->counter[ws->members[m]]++;
    }
    return RC_STATUS_OK;
}

/* Rough particles: when the tangential pass (rough.c) left a contact of the cluster approaching, the inelastic
 * answer on the normal velocities, once, so that the cluster ends in this third step (docs/edmd.md). */
static rc_status settle_rough(rc_edmd *e, rc_edmd_cluster *ws, rc_impact_options options)
{
    options.restitution = 0;
    options.lineality = false;
    rc_impact_result result;
    rc_status s = rc_impact_solver_set_options(ws->solver, &options);
    if (s == RC_STATUS_OK) s = build_problem(e, ws, false);
    if (s == RC_STATUS_OK) s = rc_impact_solver_resolve(ws->solver, ws->problem, &result);
    if (s == RC_STATUS_OK) apply(e, &result);
    return s == RC_STATUS_INTERNAL || s == RC_STATUS_NOT_TERMINATED
               ? RC_STATUS_OK
               : s; /* the binary rule below finishes the contact */
}

rc_status rc_edmd_resolve_cluster(rc_edmd *e, int32_t i, int32_t j, double restitution)
{
    rc_status s = workspace(e, &e->cluster);
    if (s == RC_STATUS_OK) s = gather(e, i, j);
    if (s == RC_STATUS_OK) s = build_problem(e, e->cluster, false);
    if (s != RC_STATUS_OK) return s;
    rc_edmd_cluster *ws = e->cluster;
    rc_impact_options options = e->impact;
    bool collapse;
    if ((s = collapsing(e, ws, restitution, &collapse)) != RC_STATUS_OK) return s;
    if (collapse) { /* its limit: the inelastic answer (one LCP; no lineality detection, which cannot change it) */
        e->collapses++;
        restitution = 0;
        options.lineality = false;
    }
    options.restitution = restitution;
    bool budgeted = options.max_iterations > 0; /* the scene's budget stops the run; the engine's own falls back */
    if (!budgeted) options.max_iterations = RC_CLUSTER_ITERATIONS;
    rc_impact_result result;
    if ((s = rc_impact_solver_set_options(ws->solver, &options)) != RC_STATUS_OK) return s;
    s = rc_impact_solver_resolve(ws->solver, ws->problem, &result);
    if ((s == RC_STATUS_NOT_TERMINATED && !budgeted) || s == RC_STATUS_INTERNAL) {
        /* a near-degenerate cluster converging slowly, or a solver failing on it: the inelastic answer, which needs
         * one LCP and no lineality detection (the projection it makes cannot change that answer) */
        e->impact_fallbacks++;
        if (s == RC_STATUS_NOT_TERMINATED) e->impact_iterations += (uint64_t)result.iterations;
        options.restitution = 0;
        options.lineality = false;
        if ((s = rc_impact_solver_set_options(ws->solver, &options)) != RC_STATUS_OK) return s;
        s = rc_impact_solver_resolve(ws->solver, ws->problem, &result);
    }
    if (s == RC_STATUS_NOT_TERMINATED) return not_terminated(e, options.max_iterations);
    bool closing = false;
    if (s ==
        RC_STATUS_INTERNAL) { /* not even the inelastic LCP was solved (near-singular): the binary rule below acts */
        result.iterations = 0;
        s = RC_STATUS_OK;
    } else if (s != RC_STATUS_OK) {
        return s;
    } else {
        apply(e, &result);
        closing = collapse; /* the inelastic answer was applied */
        if (e->spin && rc_edmd_rough_cluster(e, ws, result.normal_impulse) &&
            (s = settle_rough(e, ws, options)) != RC_STATUS_OK)
            return s;
    }
    /* The operator stops when no contact approaches by more than its tolerance; if the colliding contact still
     * approaches in the engine's arithmetic, the binary rule finishes it, so that the event can never recur at the
     * same instant without a change (the classic engine's guarantee of progress). */
    if (rc_edmd_approach_speed(e, i, j) > 0) { /* it will move: sliding ends */
        rc_edmd_release(e, i);
        if (j >= 0 && ws->contacts[0].b >= 0) rc_edmd_release(e, j);
    }
    uint32_t before = e->counter[i];
    if (j < 0) rc_edmd_collide_wall(e, i, RC_EVENT_WALL0 - j, restitution);
    else if (ws->contacts[0].b >= 0) rc_edmd_collide_pair(e, i, j, false, restitution);
    else rc_edmd_bounce(e, i, ws->contacts[0].normal, restitution);
    bool stuck = result.iterations == 0 && e->counter[i] == before && e->has_gravity; /* nothing approached */
    if (closing && (s = close_gaps(e, ws)) != RC_STATUS_OK) return s;
    for (int32_t m = 0; m < ws->member_count; m++) rc_edmd_schedule(e, ws->members[m], false);
    if (stuck) return rc_edmd_unstick(e, i, j);
    for (int32_t m = 0; m < ws->member_count && s == RC_STATUS_OK && e->sleep_on; m++)
        s = rc_edmd_try_sleep(e, ws->members[m]);
    if (s == RC_STATUS_OK && e->sleep_on) s = sleep_together(e, ws); /* last: it drops members from the workspace */
    return s;
}

rc_status rc_edmd_sleep_group(rc_edmd *e, int32_t k)
{
    rc_status s = workspace(e, &e->group);
    if (s != RC_STATUS_OK || rc_edmd_is_asleep(e, k) || !slow(e, k)) return s;
    rc_edmd_cluster *ws = e->group;
    begin(e, ws);
    s = add_member(e, ws, k);
    for (int32_t m = 0; m < ws->member_count && s == RC_STATUS_OK; m++) s = expand(e, ws, m, -1, true);
    return s == RC_STATUS_OK ? sleep_together(e, ws) : s;
}

bool rc_edmd_supports(const rc_edmd *e, double gap, double scale)
{
    return gap < fmax(e->contact_tolerance * scale, e->hop);
}

int rc_edmd_support_normals(const rc_edmd *e, int32_t k, double (*normals)[3], int capacity)
{
    int count = 0;
    for (int32_t w = 0; w < e->wall_count && count < capacity; w++) {
        if (!rc_edmd_supports(e, rc_edmd_wall_gap(e, k, w), e->kin[k].radius)) continue;
        for (int x = 0; x < 3; x++) normals[count][x] = e->walls[w].normal[x];
        count++;
    }
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t i = 0; i < rc_edmd_list_length(e, k) && count < capacity; i++) {
        int32_t q = rc_edmd_neighbour(e, list, i);
        double r[3], distance;
        if (!rc_edmd_is_asleep(e, q)) continue;
        rc_edmd_pair_touches(e, k, q, r, &distance);
        double sigma = e->kin[k].radius + e->kin[q].radius;
        if (!rc_edmd_supports(e, distance - sigma, sigma)) continue;
        for (int x = 0; x < 3; x++) normals[count][x] = r[x] / distance;
        count++;
    }
    return count;
}
