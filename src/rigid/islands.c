/* SPDX-License-Identifier: MIT */
/* Contact islands of one step, each resolved by src/impact (docs/design.md, "The time-stepped engine"; Vouga et al.
 * 2017, sections 3-6; docs/rigid.md, "Islands"). For the resolver, a contact takes part when it is within the margin
 * or would close within the step at the present velocities; then it stays in for the step, and a resolve that makes
 * another contact close brings that one in and resolves its island again. Islands are the connected components of
 * the bodies joined by taking part contacts (static shapes do not join islands); an island with an approaching
 * contact becomes one impact problem (bodies with mass and world inertia, contacts with point and normal) and one
 * rc_impact_solver_resolve. Resting contact without friction (and inelastic collisions without friction) is
 * settled instead (rc_impact_solver_settle_rows on one problem of the step's contacts prepared once a step,
 * warm-started; docs/rigid.md, "The step" and "Islands") with every detected contact
 * taking part at once: a contact farther than the margin may approach by what closes its gap down to the margin
 * within the step (a speculative contact), so no settle is ever repeated for a contact that joins. */
#include <math.h>
#include <string.h>

#include "core/grow.h"
#include "core/vec.h"
#include "impact/settle.h"
#include "rigid/engine.h"

/* Resting contact is settled to SETTLE times the step's velocity scale, within a budget of S x SETTLE_SPREAD contact
 * updates per island but never fewer than S sweeps (S: e->settle_sweeps, rc_rigid_def's settle_sweeps, 50 by
 * default): a tower or a pyramid converges fully (even from a cold start), a pile of thousands gets S sweeps a step
 * and converges over the steps through the warm start (docs/rigid.md, "The step"). An inelastic collision
 * (restitution 0, no friction: one LCP) is settled from nothing to COLLISION times its fastest approach within a
 * COLLISION_SHARE-th of that budget (and of the least sweeps); what it leaves, the resting settle after gravity takes
 * on. A collision settled again in a later round of the same resolve (a contact joined its island) gets a
 * LATER_SHARE-th of both: the first round did the bulk. Every settle sweeps at least once, so every one ends. */
static const double SETTLE = 1e-10, COLLISION = 1e-6;
enum { SETTLE_SPREAD = 30000, COLLISION_SHARE = 4, LATER_SHARE = 10 };

/* The velocity of body i's material point p. Without spin (every ball of a frictionless scene) it is v: v + w x r
 * would add zeros, which change no number (only, at most, the sign of a zero velocity, which no decision reads). */
static inline void point_velocity(const rc_rigid *e, int32_t i, const double *p, double *out)
{
    const double *w = e->w + 3 * i;
    if (w[0] == 0 && w[1] == 0 && w[2] == 0) {
        memcpy(out, e->v + 3 * i, 3 * sizeof *out);
        return;
    }
    double r[3], wr[3];
    rc_v3_axpy(p, -1, e->x + 3 * i, r);
    rc_v3_cross(e->w + 3 * i, r, wr);
    rc_v3_axpy(e->v + 3 * i, 1, wr, out);
}

/* The relative normal velocity of contact c (a away from b; negative: approaching). */
static inline double normal_velocity(const rc_rigid *e, const rc_rigid_contact *c)
{
    static const double still[3] = {0, 0, 0};
    double va[3], vb[3] = {0, 0, 0}, u[3];
    if (e->spinless) { /* point_velocity's answer, without reading the spins */
        rc_v3_axpy(e->v + 3 * c->a, -1, c->b >= 0 ? e->v + 3 * c->b : still, u);
        return rc_v3_dot(u, c->normal);
    }
    point_velocity(e, c->a, c->point, va);
    if (c->b >= 0) point_velocity(e, c->b, c->point, vb);
    rc_v3_axpy(va, -1, vb, u);
    return rc_v3_dot(u, c->normal);
}

static int32_t root(int32_t *parent, int32_t i)
{
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* The approach contact c may keep in a settle: what closes its gap down to the margin within the step; in the
 * resting settle (after gravity) plus what gravity added in the step, so that the settle never holds back a body
 * that is not yet touching (that would take out gravity's work unaccounted). Positions move by the mean of the
 * velocities before and after gravity, so the gap then closes to at most g h^2 below the margin (1e-5 of it at the
 * defaults), never to an overlap while the margin exceeds g h^2. */
static double allowance(const rc_rigid *e, const rc_rigid_contact *c)
{
    double closing = fmax(0, c->gap - e->margin) / e->h;
    return closing > 0 ? closing + rc_v3_norm(e->gravity) * e->h : 0;
}

/* Activates the contacts that now take part, lists them in e->joined_list and begins a round; returns how many were
 * new. The first round of a resolve (all) looks at every contact; the later ones only at those still waiting
 * (e->waiting, in list order) of bodies that the last round moved: the others' verdict cannot have changed. */
static int activate(rc_rigid *e, bool all)
{
    int added = 0, waiting = 0, count = all ? e->contacts.count : e->waiting_count;
    uint64_t last = e->round++;
    for (int t = 0; t < count; t++) {
        int k = all ? t : e->waiting[t];
        rc_rigid_contact *c = &e->contacts.items[k];
        if (c->active) continue;
        if ((all || e->moved[c->a] == last || (c->b >= 0 && e->moved[c->b] == last)) &&
            c->gap + e->h * fmin(0, normal_velocity(e, c)) <= e->margin)
            c->active = true, e->joined_list[added++] = k;
        else e->waiting[waiting++] = k;
    }
    e->waiting_count = waiting;
    return added;
}

/* The counting sort of the listed contacts e->contact_order[0 .. listed), whose islands are e->listed_island[t]
 * (0 .. islands - 1), into e->order, grouped by island and in list order inside each, with e->order_island[t] the
 * island of e->order[t]. count[] (islands entries) is overwritten. */
static void sort_by_island(rc_rigid *e, int listed, int32_t islands, int32_t *count)
{
    const int32_t *of = e->listed_island;
    int32_t *sorted = e->order_island;
    for (int32_t i = 0; i < islands; i++) count[i] = 0;
    for (int t = 0; t < listed; t++) count[of[t]]++;
    for (int32_t i = 0, sum = 0; i < islands; i++) {
        int32_t c = count[i];
        count[i] = sum;
        sum += c;
    }
    for (int t = 0; t < listed; t++) {
        int32_t at = count[of[t]]++;
        e->order[at] = e->contact_order[t];
        sorted[at] = of[t];
    }
}

/* Labels islands: e->parent[] holds their forest, and e->order lists the taking-part contacts (every contact when
 * all) grouped by island (the root of their body a, in the order of the roots), in list order inside each group. Returns the number of such contacts. */
static int group(rc_rigid *e, bool all)
{
    for (int32_t i = 0; i < e->n; i++) e->parent[i] = i;
    int active = 0;
    for (int k = 0; k < e->contacts.count; k++) {
        const rc_rigid_contact *c = &e->contacts.items[k];
        if (!c->active && !all) continue;
        e->contact_order[active++] = k;
        if (c->b >= 0) e->parent[root(e->parent, c->a)] = root(e->parent, c->b);
    }
    for (int32_t i = 0; i < e->n; i++) e->island_of[i] = root(e->parent, i);
    for (int t = 0; t < active; t++) e->listed_island[t] = e->island_of[e->contacts.items[e->contact_order[t]].a];
    sort_by_island(e, active, e->n, e->local);
    return active;
}

/* A later round's listing when the round before listed one island and every contact that joined joins two of its
 * bodies (or one and a static shape): no island merges, so the listing is the last one and the joined contacts,
 * merged in list order (both lists are ascending). Returns false, changing nothing, otherwise. */
static bool regroup_one(rc_rigid *e, int joined, int *listed)
{
    const rc_rigid_contact *items = e->contacts.items;
    int before = *listed;
    if (before == 0 || e->order_island[0] != e->order_island[before - 1]) return false;
    int32_t island = root(e->parent, items[e->order[0]].a);
    for (int t = 0; t < joined; t++) {
        const rc_rigid_contact *c = &items[e->joined_list[t]];
        if (root(e->parent, c->a) != island || (c->b >= 0 && root(e->parent, c->b) != island)) return false;
    }
    int *merged = e->contact_order, n = 0;
    for (int i = 0, j = 0; i < before || j < joined;)
        merged[n++] =
            j == joined || (i < before && e->order[i] < e->joined_list[j]) ? e->order[i++] : e->joined_list[j++];
    e->contact_order = e->order, e->order = merged;
    size_t capacity = e->contact_order_capacity;
    e->contact_order_capacity = e->order_capacity, e->order_capacity = capacity;
    memset(e->order_island, 0, (size_t)n * sizeof *e->order_island);
    *listed = n;
    return true;
}

/* The grouping of a later round of settles: the contacts that joined (e->joined_list) are added to the islands of
 * the round before (contacts only join, so islands only merge; parent[] still holds that round's forest), and
 * e->order lists the active contacts of the islands they joined only, as group() would (the other islands are not
 * settled again), grouped in the order of the joined contacts that first reached each island. listed: how many
 * contacts the round before listed; returns how many are listed now. */
static int regroup(rc_rigid *e, int joined, int listed)
{
    if (regroup_one(e, joined, &listed)) return listed;
    const rc_rigid_contact *items = e->contacts.items;
    int32_t *parent = e->parent, *slot = e->island_slot, *roots = e->bodies_of_island, islands = 0;
    for (int t = 0; t < joined; t++) {
        const rc_rigid_contact *c = &items[e->joined_list[t]];
        if (c->b >= 0) parent[root(parent, c->a)] = root(parent, c->b);
    }
    for (int t = 0; t < joined; t++) {
        int32_t r = root(parent, items[e->joined_list[t]].a);
        if (slot[r] < 0) slot[r] = islands, roots[islands++] = r;
    }
    listed = 0;
    for (int k = 0; k < e->contacts.count; k++) {
        if (!items[k].active) continue;
        int32_t r = root(parent, items[k].a);
        if (slot[r] < 0) continue;
        e->listed_island[listed] = slot[r];
        e->contact_order[listed++] = k;
    }
    sort_by_island(e, listed, islands, e->local);
    for (int32_t i = 0; i < islands; i++) slot[roots[i]] = -1;
    return listed;
}

static rc_status add_body(rc_rigid *e, rc_impact_problem *problem, int32_t i, int *index)
{
    double *w = e->w + 3 * i;
    if (e->ball[i]) return rc_impact_problem_add_ball(problem, e->d, e->mass[i], e->x + 3 * i, e->v + 3 * i, index);
    const double *inertia = e->d == 3 ? e->inertia_world + 9 * i : e->inertia_body + 9 * i + 8;
    return rc_impact_problem_add_rigid(problem, e->d, e->mass[i], inertia, e->x + 3 * i, e->v + 3 * i,
                                       e->d == 3 ? w : w + 2, index);
}

/* Body i's velocities from its dofs u in an impact problem (to_problem false), or into them. */
static void copy_velocities(rc_rigid *e, int32_t i, double *u, bool to_problem)
{
    double *v = e->v + 3 * i, *w = e->d == 3 ? e->w + 3 * i : e->w + 3 * i + 2;
    int angular = e->ball[i] ? 0 : e->d == 3 ? 3 : 1;
    if (to_problem) {
        memcpy(u, v, (size_t)e->d * sizeof *u);
        memcpy(u + e->d, w, (size_t)angular * sizeof *u);
    } else {
        memcpy(v, u, (size_t)e->d * sizeof *u);
        memcpy(w, u + e->d, (size_t)angular * sizeof *u);
    }
}

static void take_velocities(rc_rigid *e, const int32_t *bodies, int count, const rc_impact_result *r)
{
    for (int k = 0; k < count; k++)
        copy_velocities(e, bodies[k], (double *)r->velocity + rc_impact_problem_body_first_dof(e->problem, k), false);
}

/* The settles of a step share one problem: every contact of the step, in list order, with its bodies (the contacts,
 * the bodies' positions and masses do not change within the step's resolves), assembled and normalised once
 * (rc_impact_solver_prepare) at the step's first settle. Each settle sweeps the rows of its island's contacts
 * (rc_impact_solver_settle_rows) on e->settle_v, the problem's velocities gathered at each resolve: the same
 * operations on the same numbers as a problem built of the island alone. */
static rc_status prepare(rc_rigid *e)
{
    rc_impact_problem_clear(e->settle_problem);
    for (int32_t t = 0; t < e->prepared_bodies; t++) e->settle_index[e->settle_bodies[t]] = -1;
    e->prepared_bodies = 0;
    rc_status s = RC_RESERVE(e->settle_ends, e->settle_ends_capacity, (size_t)e->contacts.count + 1);
    for (int k = 0; k < e->contacts.count && !s; k++) {
        const rc_rigid_contact *c = &e->contacts.items[k];
        int32_t *ends = e->settle_ends[k];
        ends[0] = c->a, ends[1] = c->b;
        for (int side = 0; side < 2 && !s; side++) {
            if (ends[side] < 0 || e->settle_index[ends[side]] >= 0) continue;
            e->settle_bodies[e->prepared_bodies++] = ends[side];
            s = add_body(e, e->settle_problem, ends[side], &e->settle_index[ends[side]]);
            e->settle_dof[ends[side]] =
                rc_impact_problem_body_first_dof(e->settle_problem, e->settle_index[ends[side]]);
        }
        if (!s)
            s = rc_impact_problem_add_contact(e->settle_problem, e->settle_index[c->a],
                                              c->b >= 0 ? e->settle_index[c->b] : -1, c->point, c->normal, NULL);
    }
    if (!s) s = rc_impact_solver_prepare(e->rest, e->settle_problem);
    if (!s)
        s = RC_RESERVE(e->settle_v, e->settle_v_capacity, (size_t)rc_impact_problem_dof_count(e->settle_problem) + 1);
    e->prepared = !s;
    return s;
}

static double *settle_dofs(const rc_rigid *e, int32_t i) { return e->settle_v + e->settle_dof[i]; }

/* Counts one island that a resolve or a settle changed (rc_rigid_observables): a collision (the collision resolve of
 * step 3, by the resolver or, at restitution 0 without friction, by a settle: one inelastic impact, one application
 * of the impact operator whatever the sweeps) adds to impacts and its applications to iterations; any other (the
 * resting contact of step 5, the projections after friction) to resting_resolves. */
static void count_resolve(rc_rigid *e, bool collision, int64_t applications)
{
    if (!collision) {
        e->stats.resting_resolves++;
        return;
    }
    e->stats.impacts++;
    e->stats.iterations += applications;
    e->step_iterations += applications;
}

/* Settles the island of contacts order[first .. last) of the prepared problem to a tolerance of SETTLE of the larger
 * of g h and the island's fastest approach beyond its allowance. Resting contact (resting) starts from the impulses
 * the contacts carry, and afterwards each contact carries its resting impulse of the step. An inelastic collision
 * (not resting) starts from nothing: its impulses are a change of the velocities the last step left at rest, not
 * the resting load. */
static rc_status settle_island(rc_rigid *e, bool resting, bool later, int first, int last)
{
    size_t m = (size_t)(last - first);
    rc_status s = RC_RESERVE(e->guess, e->guess_capacity, 2 * m);
    if (s) return s;
    int share = (resting ? 1 : COLLISION_SHARE) * (later ? LATER_SHARE : 1), least = e->settle_sweeps / share;
    int sweeps = e->settle_sweeps * SETTLE_SPREAD / share / (last - first);
    sweeps = sweeps > least ? sweeps : least > 1 ? least : 1;
    /* The tolerance is read only after a sweep that is not the last: a settle of one sweep (a later round of a
     * large island) needs no fastest approach, and a collision's settle starts from nothing with no allowance. */
    double fastest = rc_v3_norm(e->gravity) * e->h, *allowed = e->guess + m;
    if (!resting && sweeps == 1) fastest = 1;
    for (int t = first; t < last && (resting || sweeps > 1); t++) {
        const rc_rigid_contact *c = &e->contacts.items[e->order[t]];
        double approach = -normal_velocity(e, c);
        if (resting) {
            e->guess[t - first] = c->impulse, allowed[t - first] = allowance(e, c);
            approach -= allowed[t - first];
        }
        if (approach > fastest) fastest = approach; /* fmax: the largest (positive: the island approaches) */
    }
    int done;
    s = rc_impact_solver_settle_rows(e->rest, e->order + first, last - first, e->settle_v, resting ? e->guess : NULL,
                                     resting ? allowed : NULL, (resting ? SETTLE : COLLISION) * fastest, sweeps, &done);
    if (s) return s;
    for (int t = first; t < last && resting; t++) e->contacts.items[e->order[t]].impulse = e->guess[t - first];
    int32_t bodies = 0, d = e->d;
    uint64_t round = e->round, *moved = e->moved;
    const bool *ball = e->ball;
    double *v = e->v;
    for (int t = first; t < last; t++) {
        const int32_t *ends = e->settle_ends[e->order[t]];
        for (int side = 0; side < 2; side++) { /* a body taken already is taken again: the same numbers */
            int32_t i = ends[side];
            if (i < 0) continue;
            bodies += moved[i] != round;
            moved[i] = round;
            const double *u = settle_dofs(e, i);
            if (!ball[i]) copy_velocities(e, i, (double *)u, false);
            else if (d == 2) v[3 * i] = u[0], v[3 * i + 1] = u[1];
            else v[3 * i] = u[0], v[3 * i + 1] = u[1], v[3 * i + 2] = u[2];
        }
    }
    if (bodies > e->stats.largest_island) e->stats.largest_island = bodies;
    count_resolve(e, !resting, 1);
    return RC_STATUS_OK;
}

/* Builds and resolves the island of contacts order[first .. last). */
static rc_status resolve_island(rc_rigid *e, rc_impact_solver *solver, int first, int last)
{
    rc_impact_problem_clear(e->problem);
    int bodies = 0;
    rc_status s = RC_STATUS_OK;
    for (int t = first; t < last && !s; t++) {
        const rc_rigid_contact *c = &e->contacts.items[e->order[t]];
        int ends[2] = {c->a, c->b}, local[2] = {-1, -1};
        for (int side = 0; side < 2 && !s; side++) {
            if (ends[side] < 0) continue;
            if (e->parent[ends[side]] >= 0) { /* parent[] is reused: -1 - local index once added */
                e->bodies_of_island[bodies] = ends[side];
                s = add_body(e, e->problem, ends[side], &local[side]);
                e->parent[ends[side]] = -1 - local[side];
                bodies++;
            }
            local[side] = -1 - e->parent[ends[side]];
        }
        if (!s) s = rc_impact_problem_add_contact(e->problem, local[0], local[1], c->point, c->normal, NULL);
    }
    rc_impact_result r;
    if (!s) s = rc_impact_solver_resolve(solver, e->problem, &r);
    if (!s || s == RC_STATUS_NOT_TERMINATED) {
        take_velocities(e, e->bodies_of_island, bodies, &r);
        for (int k = 0; k < bodies; k++) e->moved[e->bodies_of_island[k]] = e->round;
        if (r.iterations > 0) count_resolve(e, solver == e->collide, r.iterations);
        if (bodies > e->stats.largest_island) e->stats.largest_island = bodies;
    }
    return s;
}

/* Resolves (or settles) every island of contacts order[0 .. active) with a contact approaching faster than slowest
 * (beyond its allowance in the resting settle); in a later round of settles, only the islands a contact joined. */
static rc_status resolve_islands(rc_rigid *e, rc_impact_solver *solver, bool settle, int round, double slowest,
                                 int active, int joined)
{
    rc_status s = RC_STATUS_OK;
    bool resting = settle && solver == e->rest, one = active > 0 && e->order_island[0] == e->order_island[active - 1];
    for (int first = 0, last; first < active && !s; first = last) {
        int32_t island = e->order_island[first];
        bool approaching = false;
        for (last = first; last < active && e->order_island[last] == island; last++) continue;
        /* In a later round, the contacts that joined (all in the one island listed, if one) are the likely fast
         * ones: whether any contact approaches does not depend on the order of the tests. */
        for (int t = 0; t < joined && one && !approaching; t++)
            approaching = normal_velocity(e, &e->contacts.items[e->joined_list[t]]) < -slowest;
        for (int t = first; t < last && !approaching; t++) {
            const rc_rigid_contact *c = &e->contacts.items[e->order[t]];
            approaching = normal_velocity(e, c) + (resting ? allowance(e, c) : 0) < -slowest;
        }
        if (approaching)
            s = settle ? settle_island(e, resting, round > 0, first, last) : resolve_island(e, solver, first, last);
    }
    return s;
}

rc_status rc_rigid_resolve(rc_rigid *e, rc_impact_solver *solver, double slowest)
{
    /* Without friction, resting contact and inelastic collisions (restitution 0: one LCP, no elastic loop) are
     * settled, resting contact with every contact at once and its allowance; the rest goes to the resolver. */
    bool settle = e->impact.friction == 0 && (solver == e->rest || e->impact.restitution == 0);
    size_t m = (size_t)e->contacts.count;
    rc_status s = RC_RESERVE(e->order, e->order_capacity, m);
    if (!s) s = RC_RESERVE(e->contact_order, e->contact_order_capacity, m);
    if (!s) s = RC_RESERVE(e->order_island, e->order_island_capacity, m);
    if (!s) s = RC_RESERVE(e->listed_island, e->listed_island_capacity, m);
    if (!s) s = RC_RESERVE(e->joined_list, e->joined_list_capacity, m);
    if (!s) s = RC_RESERVE(e->waiting, e->waiting_capacity, m);
    if (!s && settle && !e->prepared) s = prepare(e);
    if (s) return s;
    e->spinless = true; /* balls keep their spin (none in a frictionless scene) through a step's resolves */
    for (int32_t i = 0; i < e->n && e->spinless; i++)
        e->spinless = e->ball[i] && e->w[3 * i] == 0 && e->w[3 * i + 1] == 0 && e->w[3 * i + 2] == 0;
    for (int32_t t = 0; t < e->prepared_bodies && settle; t++) /* the velocities of this resolve */
        copy_velocities(e, e->settle_bodies[t], settle_dofs(e, e->settle_bodies[t]), true);
    if (settle && solver == e->rest) {
        e->round++;
        return resolve_islands(e, solver, true, 0, slowest, group(e, true), 0);
    }
    /* Rounds: a resolve can make a contact that took no part close within the step; it joins and its island is
     * resolved again. Contacts only join, so the rounds end (at most one per contact). When settling collisions,
     * only islands that a contact joined are settled again after the first round: the others had their settle (one
     * that ran out of its budget leaves approach that another settle in the same step would only chip at). */
    for (int round = 0, joined, listed = 0; !s && ((joined = activate(e, round == 0)) > 0 || round == 0); round++) {
        listed = settle && round > 0 ? regroup(e, joined, listed) : group(e, false);
        s = resolve_islands(e, solver, settle, round, slowest, listed, settle && round > 0 ? joined : 0);
    }
    return s;
}
