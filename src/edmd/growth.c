/* SPDX-License-Identifier: MIT */
/* Compression (Lubachevsky and Stillinger 1990; docs/edmd.md, "Compression"): every diameter grows linearly in time,
 * sigma_i(t) = sigma_i(0) (1 + rate t), with the stable event detection of Bannerman et al. 2014 (sections 4-5)
 * extended to growing particles (predict.h, rc_growing_pair_time), collisions that part a pair at least at the
 * growth speed, and the steps that keep it going: the velocities scaled back to the starting temperature and the
 * reduced pressure measured every window of collisions, the targets (packing fraction, reduced pressure, jamming),
 * and the neighbour lists rebuilt before growth uses up their shell.
 *
 * Lazy radii: kin[k].radius is the radius at the growth epoch E; at time t it is radius (1 + speed (t - E)). The
 * epoch moves to the present at every step. Lists: two particles can touch before either leaves its shell only if
 * their anchors are closer than sigma_ij(build) + 2 shell; growth adds delta(t) = (d_max(t) - d_max(build)) / 2 to
 * each side, so a particle's shell shrinks by delta(t), and a step rebuilds every list before delta reaches a
 * quarter of the shell. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "core/vec.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/observe.h"
#include "edmd/predict.h"
#include "edmd/reorder.h"
#include "edmd/schedule.h"
#include "edmd/steps.h"

static double box_volume(const rc_edmd *e)
{
    double v = 1;
    for (int a = 0; a < e->dimension; a++) v *= e->box[a];
    return v;
}

/* The factor the epoch's radii have grown by at time t. */
static double grown(const rc_edmd_growth *g, bool growing, double t)
{
    return growing ? 1 + g->speed * (t - g->epoch) : 1;
}

double rc_edmd_packing_fraction(const rc_edmd *e)
{
    double filled = 0;
    for (int32_t k = 0; k < e->n; k++) filled += rc_ball_volume(e->dimension, e->kin[k].radius);
    double f = e->growth ? grown(e->growth, e->growing, e->now) : 1;
    return filled * (e->dimension == 3 ? f * f * f : f * f) / box_volume(e);
}

const char *rc_compression_end_name(rc_compression_end end)
{
    switch (end) {
    case RC_COMPRESSION_END_PACKING_FRACTION: return "packing_fraction";
    case RC_COMPRESSION_END_REDUCED_PRESSURE: return "reduced_pressure";
    case RC_COMPRESSION_END_JAMMED: return "jammed";
    default: return NULL;
    }
}

void rc_edmd_fill_compression_state(const rc_edmd *e, rc_edmd_compression_state *out)
{
    memset(out, 0, sizeof *out);
    out->packing_fraction = rc_edmd_packing_fraction(e);
    out->reduced_pressure = NAN;
    out->scale = 1;
    const rc_edmd_growth *g = e->growth;
    if (!g) return;
    out->end = (rc_compression_end)g->end;
    out->reduced_pressure = g->pressure;
    out->scale = g->scale * grown(g, e->growing, e->now);
    out->windows = g->windows;
}

/* ---- the next step by time --------------------------------------------------------------------------------------- */

/* The time of the next step: the target's, or when growth has used up half the shell (delta = shell / 2). */
static void plan_cap(rc_edmd *e)
{
    rc_edmd_growth *g = e->growth;
    double used = e->reach_factor * (e->max_diameter - g->built); /* 2 delta at the epoch */
    double half = g->epoch + (e->shell - used) / (e->reach_factor * e->max_diameter * g->speed);
    double target = isfinite(g->target_scale) ? g->epoch + (g->target_scale - g->scale) / g->rate : INFINITY;
    g->cap = fmin(half, target);
}

/* Time until particle k (at now) leaves its shell, shrunk by delta(t): |s| + (|v| + delta') t = shell_exit -
 * delta(now), a lower bound by the triangle inequality; never after the cap. With stepped potentials the lists reach
 * the outermost step, which grows reach_factor times as fast as the cores: so does delta. */
static double shell_time(const rc_edmd *e, int32_t k, double f)
{
    const rc_edmd_growth *g = e->growth;
    const rc_kin *p = &e->kin[k];
    const double *anchor = e->anchor[k].x;
    double ss = 0, vv = 0;
    for (int a = 0; a < 3; a++) ss += (p->x[a] - anchor[a]) * (p->x[a] - anchor[a]), vv += p->v[a] * p->v[a];
    double delta = 0.5 * e->reach_factor * (e->max_diameter * f - g->built);
    double rate = 0.5 * e->reach_factor * e->max_diameter * g->speed;
    double room = e->shell_exit - delta - sqrt(ss), t = room > 0 ? room / (sqrt(vv) + rate) : 0;
    return fmin(t, fmax(g->cap - e->now, 0));
}

int rc_edmd_growth_schedule(rc_edmd *e, int32_t k)
{
    const rc_edmd_growth *g = e->growth;
    const rc_kin *p = &e->kin[k];
    double f = grown(g, true, e->now), best = shell_time(e, k, f);
    int32_t partner = RC_EVENT_SHELL;
    uint32_t stabilising = 0;
    if (g->cap <= e->now) e->next_reorder = 0; /* the cap is reached: the step comes right after this event */
    for (int32_t w = 0; w < e->wall_count; w++) {
        const rc_plane *plane = &e->walls[w];
        const double *n = plane->normal;
        double c = -p->radius * f, b = -p->radius * g->speed;
        for (int a = 0; a < 3; a++) c += n[a] * (p->x[a] - plane->point[a]), b += n[a] * p->v[a];
        double t = rc_stable_plane_time(c, b, 0);
        if (t < best) best = t, partner = RC_EVENT_WALL0 - w;
    }
    if (e->steps) { /* stepped potentials: every step radius grows with the pair (steps.c) */
        rc_step_scan near = rc_edmd_steps_scan_growing(e, k, best);
        if (near.partner >= 0)
            best = near.time, partner = near.partner, stabilising = near.overlapped_start ? RC_STABILISING : 0;
        rc_edmd_set_event(e, k, best, partner, partner >= 0 ? stabilising : 0);
        return 0;
    }
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
        int32_t j = rc_edmd_neighbour(e, list, m);
        double r[3], v[3];
        const rc_kin *q = rc_edmd_relative_now(e, p, j, r, v);
        double sigma0 = p->radius + q->radius, sigma = sigma0 * f, rate = sigma0 * g->speed;
        double aa = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - rate * rate;
        double bb = r[0] * v[0] + r[1] * v[1] + r[2] * v[2] - sigma * rate;
        if (bb >= 0 && aa >= 0) continue; /* parting faster than they grow, for good */
        double cc = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
        double t = rc_growing_pair_time(aa, bb, cc);
        if (t < best) best = t, partner = j, stabilising = cc < 0 && bb < 0 ? RC_STABILISING : 0;
    }
    rc_edmd_set_event(e, k, best, partner, partner >= 0 ? stabilising : 0);
    return 0;
}

/* ---- collisions -------------------------------------------------------------------------------------------------- */

/* Adds the kinetic energy a velocity change brought (before and after: twice the energies) to the books: growth
 * feeds energy in, counted as added, like a thermostat's. */
static void add_energy(rc_edmd *e, double twice_before, double twice_after)
{
    double gain = 0.5 * (twice_after - twice_before);
    rc_edmd_integrate_kinetic(e);
    e->kinetic += gain;
    e->thermostat_energy += gain;
}

static double twice_kinetic(const double v[3], double m) { return m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* With growth the normal relative speed u = r.v / |r| must reach w = sigma sigma_dot / |r| (the growth speed at
 * contact) for the pair to part: the rule reflects u about w, u' = w - e (u - w), so that the pair separates from
 * the growing surfaces as a pair of fixed size separates from each other. The impulse's virial is |r| mu (u' - u). */
void rc_edmd_growth_collide_pair(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution)
{
    const rc_edmd_growth *g = e->growth;
    rc_kin *p = &e->kin[i], *q = &e->kin[j];
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    rc_edmd_minimum_image(e, r);
    double v[3] = {p->v[0] - q->v[0], p->v[1] - q->v[1], p->v[2] - q->v[2]};
    double sigma0 = p->radius + q->radius, sigma = sigma0 * grown(g, true, e->now), rate = sigma0 * g->speed;
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    if (b - sigma * rate >= 0) return; /* f' >= 0: no impulse (the prediction's condition, checked at execution) */
    double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], distance = sqrt(rr);
    if (sigma - distance > e->max_overlap) e->max_overlap = sigma - distance;
    double mi = rc_edmd_mass(e, i), mj = rc_edmd_mass(e, j), reduced = mi * mj / (mi + mj);
    double before = twice_kinetic(p->v, mi) + twice_kinetic(q->v, mj);
    double u = b / distance, w = sigma * rate / distance, du = (1 + restitution) * (w - u);
    for (int a = 0; a < 3; a++) {
        p->v[a] += reduced / mi * du * r[a] / distance;
        q->v[a] -= reduced / mj * du * r[a] / distance;
    }
    rc_edmd_ensure_receding(p->v, q->v, r, mj / (rr * (mi + mj)), mi / (rr * (mi + mj)), rc_edmd_still, sigma * rate);
    add_energy(e, before, twice_kinetic(p->v, mi) + twice_kinetic(q->v, mj));
    e->virial += distance * reduced * du;
    e->counter[i]++;
    e->counter[j]++;
    e->collisions++;
    e->stabilising += stabilising;
}

/* A wall: the normal speed reflected about the radius's growth speed. */
void rc_edmd_growth_collide_wall(rc_edmd *e, int32_t k, int32_t w, double restitution)
{
    rc_kin *p = &e->kin[k];
    const double *n = e->walls[w].normal;
    double m = rc_edmd_mass(e, k), rate = p->radius * e->growth->speed;
    double b = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    if (b >= rate) return;
    double before = twice_kinetic(p->v, m), dv = (1 + restitution) * (rate - b);
    for (int a = 0; a < 3; a++) p->v[a] += dv * n[a];
    rc_edmd_ensure_receding(p->v, NULL, n, 1, 0, rc_edmd_still, rate);
    add_energy(e, before, twice_kinetic(p->v, m));
    e->counter[k]++;
    e->wall_collisions++;
}

/* ---- steps ------------------------------------------------------------------------------------------------------- */

/* Moves the epoch to now: the radii grown, the scale and speed renewed; at the target exactly to it. */
static void move_epoch(rc_edmd *e, bool to_target)
{
    rc_edmd_growth *g = e->growth;
    double scale = to_target ? g->target_scale : g->scale + g->rate * (e->now - g->epoch);
    if (e->growing && scale != g->scale) {
        double f = scale / g->scale;
        for (int32_t k = 0; k < e->n; k++) e->kin[k].radius *= f;
        e->max_diameter *= f;
        rc_edmd_interior_bounds(e);
        g->scale = scale;
        g->speed = g->rate / scale;
    }
    g->epoch = e->now;
}

/* Scales every velocity (all at now) so that the kinetic energy is the starting one again. */
static void rescale(rc_edmd *e)
{
    double before = rc_edmd_kinetic_energy(e);
    if (!(before > 0)) return;
    double f = sqrt(e->growth->kinetic0 / before), after = 0;
    for (int32_t k = 0; k < e->n; k++) {
        double *v = e->kin[k].v;
        for (int a = 0; a < 3; a++) v[a] *= f;
        e->counter[k]++;
        after += 0.5 * twice_kinetic(v, rc_edmd_mass(e, k));
    }
    rc_edmd_integrate_kinetic(e);
    e->kinetic = after;
    e->thermostat_energy += after - before;
}

static void start_window(rc_edmd *e)
{
    rc_edmd_growth *g = e->growth;
    rc_edmd_integrate_kinetic(e);
    g->window_start = e->collisions;
    g->window_time = e->now;
    g->window_kinetic = e->kinetic_integral;
    g->window_virial = e->virial;
}

/* The window's reduced pressure Z = 1 + W / (d N kT span), kT = (integral of 2K dt) / (N_f span); the end it
 * reaches (growing when none). A window whose clock barely moved is jammed: the collision rate exploded. */
static int32_t measure(rc_edmd *e)
{
    rc_edmd_growth *g = e->growth;
    rc_edmd_integrate_kinetic(e);
    double span = e->now - g->window_time, kin = e->kinetic_integral - g->window_kinetic;
    double dof = (double)e->dimension * (e->momentum_conserved && e->n > 1 ? e->n - 1 : e->n);
    double kT = kin / (dof * span), z = 1 + (e->virial - g->window_virial) / (e->dimension * e->n * kT * span);
    double ulp = nextafter(fabs(e->now), INFINITY) - fabs(e->now);
    g->windows++;
    if (!(span > 64 * (double)g->window * ulp) || !isfinite(z)) return RC_COMPRESSION_END_JAMMED;
    g->pressure = z;
    if (z >= g->jam_pressure) return RC_COMPRESSION_END_JAMMED;
    if (z >= g->target_pressure) return RC_COMPRESSION_END_REDUCED_PRESSURE;
    return RC_COMPRESSION_END_GROWING;
}

/* The cells, lists and shell for the present diameters: the shell as it was, cut so that periodic edges hold two
 * reaches. */
static rc_status resize(rc_edmd *e)
{
    double room = rc_edmd_shell_room(e, e->box);
    if (room < e->shell && !(room > 0.01 * e->max_diameter))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression: the box (narrowest periodic edge %g) is too small for "
                       "particles of diameter %g; compress more particles",
                       (2 * room + e->reach_factor * e->max_diameter) / 0.499, e->max_diameter);
    rc_status s = rc_edmd_neighbours_resize(e);
    e->growth->built = e->max_diameter;
    return s;
}

/* A flag as its byte: a bool holding anything but 0 or 1 (a checkpoint's damaged bytes) is undefined to load. */
static bool flag_valid(const bool *flag)
{
    unsigned char byte;
    memcpy(&byte, flag, 1);
    return byte <= 1;
}

rc_status rc_edmd_growth_check_restored(const rc_edmd *e, const rc_edmd_growth *fresh)
{
    const rc_edmd_growth *g = e->growth;
    /* the flags are a checkpoint's bytes */
    if (!flag_valid(&e->growing) || !flag_valid(&g->want_jammed))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the compression's flags (growing, jammed) are not 0 or 1");
    bool fixed = g->rate == fresh->rate && g->target_scale == fresh->target_scale &&
                 g->target_pressure == fresh->target_pressure && g->jam_pressure == fresh->jam_pressure &&
                 g->want_jammed == fresh->want_jammed && g->volume0 == fresh->volume0 && g->window == fresh->window;
    if (!fixed)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: the compression's rate, targets or window are not its scene's");
    double range = RC_EDMD_RANGE;
    bool fine = g->scale > 0 && g->scale <= range && g->speed == g->rate / g->scale && fabs(g->epoch) <= range &&
                g->kinetic0 >= 0 && g->kinetic0 <= DBL_MAX && g->built > 0 && g->built <= range && !isnan(g->cap) &&
                g->window_start <= e->collisions && fabs(g->window_time) <= range && !isnan(g->window_kinetic) &&
                !isnan(g->window_virial) && g->end >= RC_COMPRESSION_END_GROWING && g->end <= RC_COMPRESSION_END_JAMMED;
    if (!fine)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the compression's books (scale %g, speed %g) are not valid",
                       g->scale, g->speed);
    return RC_STATUS_OK;
}

rc_status rc_edmd_growth_resize(rc_edmd *e)
{
    rc_status s = resize(e);
    plan_cap(e);
    return s;
}

void rc_edmd_growth_rebase(rc_edmd *e, double shift)
{
    rc_edmd_growth *g = e->growth;
    move_epoch(e, false);
    g->epoch -= shift;
    g->window_time -= shift;
    /* the renewal sets its own count (none when reordering is off); the window's end comes first while growing */
    g->renew_at = e->reorder_interval > 0 ? e->next_reorder : UINT64_MAX;
    if (e->growing) {
        uint64_t end = g->window_start + g->window;
        e->next_reorder = end < g->renew_at ? end : g->renew_at;
    }
}

rc_status rc_edmd_growth_step(rc_edmd *e, bool *ended)
{
    rc_edmd_growth *g = e->growth;
    for (int32_t k = 0; k < e->n; k++) rc_edmd_stream(e, k, e->now);
    double scale = g->scale + g->rate * (e->now - g->epoch);
    bool at_target = isfinite(g->target_scale) && scale >= g->target_scale * (1 - 1e-12);
    move_epoch(e, at_target);
    int32_t end = at_target ? RC_COMPRESSION_END_PACKING_FRACTION : RC_COMPRESSION_END_GROWING;
    if (e->collisions >= g->window_start + g->window) {
        int32_t measured = measure(e);
        if (end == RC_COMPRESSION_END_GROWING) end = measured;
        start_window(e);
    }
    rescale(e);
    if (end != RC_COMPRESSION_END_GROWING) {
        g->end = end;
        e->growing = false;
        *ended = true;
        return rc_edmd_reorder(e); /* every list rebuilt for the final diameters */
    }
    if (e->reach_factor * (e->max_diameter - g->built) >= 0.5 * e->shell || e->collisions >= g->renew_at)
        return rc_edmd_reorder(e); /* resizes and rebuilds the lists */
    plan_cap(e);
    uint64_t window_end = g->window_start + g->window;
    e->next_reorder = window_end < g->renew_at ? window_end : g->renew_at;
    return rc_edmd_schedule_all(e);
}

/* ---- creation ---------------------------------------------------------------------------------------------------- */

static rc_status check(const rc_edmd *e, const rc_edmd_compression *c, double fraction)
{
    if (!(c->rate > 0) || !isfinite(c->rate))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.rate: %g is not a finite positive number", c->rate);
    int targets = (c->packing_fraction != 0) + (c->reduced_pressure != 0) + c->jammed;
    if (targets != 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression.until: give exactly one of packing_fraction, "
                       "reduced_pressure, jammed (%d given)",
                       targets);
    if (c->packing_fraction != 0 && !(c->packing_fraction > fraction && c->packing_fraction < 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression.until.packing_fraction: %g is not between the start's %.6g "
                       "and 1",
                       c->packing_fraction, fraction);
    if (c->reduced_pressure != 0 && !(c->reduced_pressure > 1 && isfinite(c->reduced_pressure)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression.until.reduced_pressure: %g is not a finite number above 1", c->reduced_pressure);
    if (c->jamming_pressure != 0 && !(c->jamming_pressure > 1 && isfinite(c->jamming_pressure)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.jamming_pressure: %g is not a finite number above 1",
                       c->jamming_pressure);
    if (c->window != 0 && !(c->window >= 0.01 && c->window <= 1e6))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression.window: %g is not in [0.01, 1e6] collisions per particle", c->window);
    if (e->has_gravity) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression: not under gravity");
    if (e->detection != RC_EVENT_DETECTION_STABLE)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression: needs event_detection \"stable\"");
    if (e->n < 2) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression: needs at least two particles");
    if (!(e->kinetic > 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression: the particles must move (a positive temperature)");
    return RC_STATUS_OK;
}

rc_status rc_edmd_growth_create(rc_edmd *e, const rc_edmd_def *d)
{
    const rc_edmd_compression *c = &d->compression;
    double fraction = rc_edmd_packing_fraction(e);
    rc_status s = check(e, c, fraction);
    if (s != RC_STATUS_OK) return s;
    rc_edmd_growth *g = calloc(1, sizeof *g);
    if (!g) return rc_fail(RC_STATUS_NO_MEMORY, "compression: out of memory");
    e->growth = g;
    e->growing = true;
    g->rate = c->rate;
    g->scale = 1;
    g->speed = c->rate;
    g->target_scale = c->packing_fraction != 0 ? pow(c->packing_fraction / fraction, 1.0 / e->dimension) : INFINITY;
    g->target_pressure = c->reduced_pressure != 0 ? c->reduced_pressure : INFINITY;
    g->jam_pressure = c->jamming_pressure != 0 ? c->jamming_pressure : RC_EDMD_JAMMING_PRESSURE;
    g->want_jammed = c->jammed;
    g->volume0 = fraction * box_volume(e);
    g->kinetic0 = e->kinetic;
    g->built = e->max_diameter;
    double window = ceil(0.5 * (c->window != 0 ? c->window : 2) * e->n);
    g->window = window > 1 ? (uint64_t)window : 1;
    g->pressure = NAN;
    g->end = RC_COMPRESSION_END_GROWING;
    start_window(e);
    plan_cap(e);
    g->renew_at = e->reorder_interval > 0 ? e->next_reorder : UINT64_MAX;
    e->next_reorder = g->window < g->renew_at ? g->window : g->renew_at;
    return RC_STATUS_OK;
}

rc_status rc_edmd_growth_get(const rc_edmd *e, const char *key, double *value)
{
    const rc_edmd_growth *g = e->growth;
    if (!g) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the scene has no compression", key);
    if (strcmp(key, "compression.rate") == 0) *value = g->rate;
    else *value = isfinite(g->target_scale) ? g->volume0 * pow(g->target_scale, e->dimension) / box_volume(e) : 0;
    return RC_STATUS_OK;
}

rc_status rc_edmd_growth_put(rc_edmd *e, const char *key, double value)
{
    rc_edmd_growth *g = e->growth;
    double now = 0;
    rc_status s = rc_edmd_growth_get(e, key, &now);
    if (s) return s;
    if (!e->growing) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the compression has ended", key);
    if (strcmp(key, "compression.rate") == 0) {
        if (!(value > 0)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not positive", key, value);
        g->rate = value;
        g->speed = value / g->scale;
    } else {
        double fraction = rc_edmd_packing_fraction(e);
        if (!(value > fraction && value < 1))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not between the packing fraction now (%.17g) and 1",
                           key, value, fraction);
        g->target_scale = pow(value * box_volume(e) / g->volume0, 1.0 / e->dimension);
    }
    plan_cap(e);
    return RC_STATUS_OK;
}

void rc_edmd_growth_destroy(rc_edmd *e)
{
    free(e->growth);
    e->growth = NULL;
}
