/* SPDX-License-Identifier: MIT */
/* Scheduling: a particle's next event is the earliest of its shell exit, its walls and its neighbours, each found by
 * the stable rule (Bannerman et al. 2014, Algorithms 1 and 2; docs/design.md, "Overlap function and the stable rule").
 * Only the pending event per particle is kept, by the particle that found it: the partner's own event, later, cannot
 * fire before the pair collides, and a stale one is recognised by the partner's collision counter.
 *
 * A pair whose partner's own event comes first is left to the partner (the plain scans, `consider`): whatever that
 * event is, the partner predicts again when it fires, over a list that holds this particle, so the pair is found
 * then; kept here, it would go stale at the partner's collision and cost a pop and a rescan. Every pair (k, j) of
 * neighbours then keeps min(event k, event j) no later than its collision, as with one event per particle. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/status.h"

#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/predict.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/slabs.h"
#include "edmd/steps.h"

/* Two doubles at a time: GCC's portable vector extension, which every x86-64 (SSE2) and AArch64 machine runs as packed
 * doubles (the scan's two neighbours at a time, and selects by mask that GCC would otherwise turn into branches).
 * Each lane does exactly the scalar operations in the scalar order (no contraction), so the results are the same
 * bits on every machine. */
typedef double v2 __attribute__((vector_size(16)));
typedef int64_t v2mask __attribute__((vector_size(16))); /* a comparison's lanes: all ones or zero */

/* Time until particle k (at now) moves `shell_exit` away from its anchor; with gravity a safe lower bound. */
static inline __attribute__((always_inline)) double shell_time(const rc_edmd *e, int32_t k)
{
    const rc_kin *p = &e->kin[k];
    const double *anchor = e->anchor[k].x;
    double s[3] = {p->x[0] - anchor[0], p->x[1] - anchor[1], p->x[2] - anchor[2]};
    double ss = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
    double vv = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2];
    double room = e->shell_exit * e->shell_exit - ss;
    if (room <= 0) return 0;
    if (e->has_gravity) {
        /* |s| + |v| t + |g| t^2 / 2 = shell_exit */
        double g = sqrt(e->gravity[0] * e->gravity[0] + e->gravity[1] * e->gravity[1] + e->gravity[2] * e->gravity[2]);
        double left = e->shell_exit - sqrt(ss), speed = sqrt(vv);
        if (left <= 0) return 0;
        return 2 * left / (speed + sqrt(speed * speed + 2 * g * left));
    }
    if (vv == 0) return INFINITY;
    double b = s[0] * p->v[0] + s[1] * p->v[1] + s[2] * p->v[2];
    /* the positive root of vv t^2 + 2 b t - room = 0, without cancellation */
    double d = sqrt(b * b + vv * room);
    /* room / (b + d) when b > 0, else (d - b) / vv: one division of operands selected by a mask (the sign of b is
     * data that no predictor learns) */
    v2mask ahead = (v2){b, b} > (v2){0, 0};
    v2 pick = (v2)(((v2mask)(v2){room, b + d} & ahead) | ((v2mask)(v2){d - b, vv} & ~ahead));
    return pick[0] / pick[1];
}

/* The event time of particle k with plane w; *touching is set when k is within the contact tolerance of it. */
static inline __attribute__((always_inline)) double plane_time(const rc_edmd *e, int32_t k, const rc_plane *w,
                                                               bool *touching)
{
    const rc_kin *p = &e->kin[k];
    double acc[3];
    rc_edmd_acceleration(e, k, acc);
    const double *n = w->normal;
    double c =
        n[0] * (p->x[0] - w->point[0]) + n[1] * (p->x[1] - w->point[1]) + n[2] * (p->x[2] - w->point[2]) - p->radius;
    *touching = c < e->contact_tolerance * p->radius;
    double b = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    double a = n[0] * acc[0] + n[1] * acc[1] + n[2] * acc[2];
    return e->detection == RC_EVENT_DETECTION_NAIVE ? rc_naive_plane_time(c, b, a) : rc_stable_plane_time(c, b, a);
}

/* With moving walls (wall_motion.c): the earliest of k's shell exit and its walls' events again, a moving wall's by
 * its own prediction, into *best and *partner; returns how many walls k touches. Apart from the static loop, so
 * that runs without moving walls keep its code. */
static __attribute__((noinline)) int moving_walls(const rc_edmd *e, int32_t k, double *best, int32_t *partner)
{
    int touching = 0;
    *best = shell_time(e, k);
    *partner = RC_EVENT_SHELL;
    for (int32_t w = 0; w < e->wall_count; w++) {
        bool touches;
        double t = e->walls[w].amplitude > 0 ? rc_edmd_moving_wall_time(e, k, w, *best, &touches)
                                             : plane_time(e, k, &e->walls[w], &touches);
        touching += touches;
        if (t < *best) *best = t, *partner = RC_EVENT_WALL0 - w;
    }
    return touching;
}

/* The earliest pair event of p (at now) over its neighbour list, specialised by the inliner for each combination of
 * gravity and rule. Neighbours are streamed on the fly, never moved. (A branch-free version that computes every root
 * measured 10 % slower: the early exits skip the square root and the division for most pairs.) */
typedef struct scan_result {
    double time;
    int32_t partner;
    bool overlapped_start; /* the chosen pair was overlapped (a stabilising collision) */
    int32_t touching;      /* neighbours within the contact tolerance of p now (overlapped ones when it is 0) */
} scan_result;

/* The event of particle k with neighbour j when either is held (asleep or sliding): their accelerations differ, so
 * the relative motion is a parabola and the overlap function a quartic. */
static __attribute__((noinline)) void scan_held(const rc_edmd *e, int32_t k, int32_t j, scan_result *out)
{
    const rc_kin *p = &e->kin[k], *q = &e->kin[j];
    double xq[3], vq[3], ak[3], aj[3], r[3], v[3], acc[3];
    rc_edmd_state_now(e, j, xq, vq);
    rc_edmd_acceleration(e, k, ak);
    rc_edmd_acceleration(e, j, aj);
    for (int a = 0; a < 3; a++) r[a] = p->x[a] - xq[a], v[a] = p->v[a] - vq[a], acc[a] = ak[a] - aj[a];
    rc_edmd_minimum_image(e, r);
    double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], sigma = p->radius + q->radius, c = rr - sigma * sigma;
    out->touching += c < e->touch_factor * sigma * sigma;
    double t = rc_static_pair_time(r, v, acc, sigma, out->time);
    if (t < out->time) {
        out->time = t;
        out->partner = j;
        out->overlapped_start = c < 0;
    }
}

/* The lanes of a comparison as bits 0 and 1 (one instruction on x86-64). */
static inline int lanes(v2mask m)
{
#ifdef __SSE2__
    return __builtin_ia32_movmskpd((v2)m);
#else
    return (int)(m[0] & 1) | (int)(m[1] & 2);
#endif
}

/* The box and half box of rc_edmd_minimum_image in both lanes, the half box infinite along axes that are not
 * periodic: computed once per scan, so that the minimum image needs no branch. */
typedef struct images {
    v2 box[3], half[3], minus_box[3], minus_half[3];
} images;

static inline images images_of(const rc_edmd *e)
{
    images m;
    for (int a = 0; a < 3; a++) {
        double box = e->periodic[a] ? e->box[a] : 0, half = e->periodic[a] ? e->half_box[a] : INFINITY;
        m.box[a] = (v2){box, box}, m.half[a] = (v2){half, half};
        m.minus_box[a] = -m.box[a], m.minus_half[a] = -m.half[a];
    }
    return m;
}

/* Lees-Edwards (shear.c): the images' offset and speed in both lanes, and the axes. */
typedef struct sheared {
    v2 delta, minus_delta, speed, minus_speed;
    int flow, gradient;
} sheared;

static sheared sheared_of(const rc_edmd *e)
{
    double delta = rc_edmd_shear_offset(e);
    sheared s = {{delta, delta}, {-delta, -delta}, {e->shear_speed, e->shear_speed}, {-e->shear_speed, -e->shear_speed},
                 e->flow,        e->gradient};
    return s;
}

/* Adds -box, box or 0 to each lane, as rc_edmd_minimum_image does. */
static inline void minimum_image2(const images *m, v2 r[3])
{
    for (int a = 0; a < 3; a++) {
        v2mask above = r[a] > m->half[a], below = r[a] < m->minus_half[a];
        r[a] += (v2)(((v2mask)m->box[a] & below) | ((v2mask)m->minus_box[a] & above));
    }
}

/* The minimum image under shear, lane by lane the arithmetic of rc_edmd_shear_image: across the gradient boundary
 * the flow position moves by the offset and the flow velocity by the images' speed; flow wraps twice. */
static inline void shear_image2(const images *m, const sheared *s, v2 r[3], v2 v[3])
{
    int f = s->flow, g = s->gradient, o = 3 - f - g;
    v2mask above = r[g] > m->half[g], below = r[g] < m->minus_half[g];
    r[g] += (v2)(((v2mask)m->box[g] & below) | ((v2mask)m->minus_box[g] & above));
    r[f] += (v2)(((v2mask)s->delta & below) | ((v2mask)s->minus_delta & above));
    v[f] += (v2)(((v2mask)s->speed & below) | ((v2mask)s->minus_speed & above));
    for (int twice = 0; twice < 2; twice++) {
        v2mask up = r[f] > m->half[f], down = r[f] < m->minus_half[f];
        r[f] += (v2)(((v2mask)m->box[f] & down) | ((v2mask)m->minus_box[f] & up));
    }
    v2mask up = r[o] > m->half[o], down = r[o] < m->minus_half[o];
    r[o] += (v2)(((v2mask)m->box[o] & down) | ((v2mask)m->minus_box[o] & up));
}

/* One neighbour j (a lane of the pair just computed): the stable (or naive) root when the pair approaches and could
 * beat the best so far; with `defer`, not when j's own pending event comes strictly before it (j then predicts
 * again first, and finds the pair itself: the file's comment). */
static inline __attribute__((always_inline)) void consider(const rc_edmd *e, scan_result *out, int32_t j, double b,
                                                           double c, const double v[3], bool naive, bool defer)
{
    /* receding (f' >= 0), or no earlier than the best: t >= c / (-2b) since sqrt(D) <= -b when c >= 0 */
    if ((b >= 0) | (c > -2 * b * out->time)) return;
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    double d = b * b - vv * c;
    if (d <= 0) return; /* no real root, or a graze: f' never negative where f <= 0 */
    double t = naive ? rc_naive_pair_time(b, c, vv) : rc_stable_pair_time(b, c, vv);
    if (t < out->time && !(defer && e->event[j].time < e->now + t)) {
        out->time = t;
        out->partner = j;
        out->overlapped_start = c < 0;
    }
}

/* Whether every neighbour of particle k sits next to it without a periodic image (rc_edmd_interior_bounds): the
 * minimum image would add zero to every difference, and the scan leaves it out, with the same bits. */
static inline bool interior(const rc_edmd *e, int32_t k)
{
    const double *a = e->anchor[k].x;
    return (a[0] >= e->inner_low[0]) & (a[0] <= e->inner_high[0]) & (a[1] >= e->inner_low[1]) &
           (a[1] <= e->inner_high[1]) & (a[2] >= e->inner_low[2]) & (a[2] <= e->inner_high[2]);
}

static inline __attribute__((always_inline)) scan_result scan(const rc_edmd *e, const rc_kin *p, const uint8_t *list,
                                                              int32_t count, double best, bool gravity, bool naive,
                                                              bool contacts, bool shear, bool wrap)
{
    scan_result out = {best, -1, false, 0};
    double now = e->now;
    int32_t width = e->entry_width;
    /* ask for every neighbour's line first: in a large system most are cache misses, and this lets them overlap */
    for (int32_t m = 0; m < count; m++) __builtin_prefetch(&e->kin[rc_edmd_entry(list, m, width)]);
    const images image = images_of(e);
    const sheared slide = shear ? sheared_of(e) : (sheared){{0, 0}, {0, 0}, {0, 0}, {0, 0}, 0, 1};
    /* neighbours within the contact tolerance, as minus counts per lane; corrected after the loop for an odd list's
     * repeated last neighbour, and in the loop for held neighbours (counted by scan_held) */
    v2mask touching = {0, 0}, touch = {0, 0};
    for (int32_t m = 0; m < count; m += 2) {
        bool second = m + 1 < count; /* an odd last neighbour fills both lanes; the second is ignored */
        int32_t j[2] = {rc_edmd_entry(list, m, width), rc_edmd_entry(list, second ? m + 1 : m, width)};
        bool held[2] = {gravity && rc_edmd_is_held(e, j[0]), gravity && second && rc_edmd_is_held(e, j[1])};
        const rc_kin *q0 = &e->kin[j[0]], *q1 = &e->kin[j[1]];
        v2 dt = now - (v2){q0->t, q1->t}, r[3], v[3];
        for (int a = 0; a < 3; a++) {
            v2 qx = {q0->x[a], q1->x[a]}, qv = {q0->v[a], q1->v[a]};
            if (gravity) {
                r[a] = p->x[a] - (qx + qv * dt + 0.5 * e->gravity[a] * dt * dt);
                v[a] = p->v[a] - (qv + e->gravity[a] * dt);
            } else {
                r[a] = p->x[a] - (qx + qv * dt);
                v[a] = p->v[a] - qv;
            }
        }
        if (shear) shear_image2(&image, &slide, r, v);
        else if (wrap) minimum_image2(&image, r);
        v2 sigma = p->radius + (v2){q0->radius, q1->radius};
        v2 b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
        v2 c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
        if (contacts) { /* after a collision only */
            touch = c < e->touch_factor * sigma * sigma;
            touching += touch;
        }
        /* most pairs recede or come later than the best: one test for both lanes, no root for these */
        if ((lanes(b >= 0) | lanes(c > -2 * b * out.time)) == 3 && !(held[0] | held[1])) continue;
        for (int lane = 0; lane < 1 + second; lane++) {
            if (held[lane]) {
                out.touching += (int)touch[lane]; /* takes back this lane's count: scan_held counts it */
                scan_held(e, (int32_t)(p - e->kin), j[lane], &out);
                continue;
            }
            double vl[3] = {v[0][lane], v[1][lane], v[2][lane]};
            consider(e, &out, j[lane], b[lane], c[lane], vl, naive, !gravity && !naive);
        }
    }
    if (contacts) out.touching -= (int)(touching[0] + touching[1]) - (count & 1 ? (int)touch[1] : 0);
    return out;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* The plain scan (no gravity, no shear, the stable rule) four neighbours at a time in AVX2's packed doubles, on
 * machines that have it. Each lane does the scalar operations of
 * `scan` in the same order (no contraction: -ffp-contract=off, and no FMA in the target), and the lanes that pass the
 * vector test go through `consider` in list order, which tests again against the best so far: the same event, the
 * same bits. Whole fours first, with no mask; then the last one to three neighbours as the lanes of the list's last
 * four that were not scanned yet (the lanes before them masked out: still in list order), or, in a list shorter than
 * four, with the empty lanes repeating the first neighbour, masked out. The engine's wide_scan chooses it
 * (rc_edmd_wide_scan_available at creation). */
#define RC_WIDE_SCAN 1
typedef double v4 __attribute__((vector_size(32)));
typedef int64_t v4mask __attribute__((vector_size(32)));

/* `consider` for the plain wide scan (stable rule, defer on) without a branch: a lane that passed the vector test
 * (b < 0) takes the root, computed in every case (a NaN or a time no earlier than the best where consider would
 * return early), when every one of consider's tests passes; the tests and the root are consider's, so the same
 * pair is taken with the same bits. Which lanes of a group take is data that no predictor learns. */
static inline __attribute__((always_inline)) void take_earlier(const rc_edmd *e, scan_result *out, int32_t j, double b,
                                                               double c, const double v[3])
{
    double best = out->time, partner_time = e->event[j].time;
    __asm__("" : "+x"(partner_time)); /* loaded in every case: GCC would otherwise branch around the load */
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    double d = b * b - vv * c;
    v2 root = {c / (-b + sqrt(d)), 0};
    double t = ((v2)((v2mask)root & (root > 0)))[0]; /* t > 0 ? t : 0 (a NaN to 0), as a mask */
    bool take = !(c > -2 * b * best) & !(d <= 0) & (t < best) & !(partner_time < e->now + t);
    /* the selects as masks: a conditional update is what GCC would branch on */
    uint64_t keep = (uint64_t)take - 1, tb, bb; /* all ones: keep the best so far; zero: take */
    __asm__("" : "+r"(keep));
    memcpy(&tb, &t, sizeof tb), memcpy(&bb, &best, sizeof bb);
    tb ^= (tb ^ bb) & keep;
    memcpy(&out->time, &tb, sizeof tb);
    out->partner = j ^ ((j ^ out->partner) & (int32_t)keep);
    out->overlapped_start = (c < 0) ^ (((c < 0) ^ out->overlapped_start) & (bool)(keep & 1));
}

/* Four neighbours j[0..3] of p (slots, unsigned: an index then needs no sign extension); `masked`: only the lanes of
 * `valid` count (the last four). */
static inline __attribute__((always_inline, target("avx2"))) void
scan4_group(const rc_edmd *e, const rc_kin *p, const uint32_t j[4], v4mask valid, const v4 box[3], const v4 half[3],
            scan_result *out, v4mask *touching, bool contacts, bool wrap, bool masked)
{
    v4 rec[4][2]; /* each record's two halves: x, t and v, radius (64-byte aligned) */
    for (int l = 0; l < 4; l++) {
        const v4 *half_lines = (const v4 *)&e->kin[j[l]];
        rec[l][0] = half_lines[0], rec[l][1] = half_lines[1];
    }
    v4 field[2][4]; /* the records transposed: x0, x1, x2, t and v0, v1, v2, radius across the lanes */
    for (int h = 0; h < 2; h++) {
        v4 low01 = __builtin_shuffle(rec[0][h], rec[1][h], (v4mask){0, 4, 2, 6});
        v4 high01 = __builtin_shuffle(rec[0][h], rec[1][h], (v4mask){1, 5, 3, 7});
        v4 low23 = __builtin_shuffle(rec[2][h], rec[3][h], (v4mask){0, 4, 2, 6});
        v4 high23 = __builtin_shuffle(rec[2][h], rec[3][h], (v4mask){1, 5, 3, 7});
        field[h][0] = __builtin_shuffle(low01, low23, (v4mask){0, 1, 4, 5});
        field[h][1] = __builtin_shuffle(high01, high23, (v4mask){0, 1, 4, 5});
        field[h][2] = __builtin_shuffle(low01, low23, (v4mask){2, 3, 6, 7});
        field[h][3] = __builtin_shuffle(high01, high23, (v4mask){2, 3, 6, 7});
    }
    v4 dt = e->now - field[0][3], r[3], v[3];
    for (int a = 0; a < 3; a++) {
        r[a] = p->x[a] - (field[0][a] + field[1][a] * dt);
        v[a] = p->v[a] - field[1][a];
        if (wrap) r[a] += (v4)(((v4mask)box[a] & (r[a] < -half[a])) | ((v4mask)-box[a] & (r[a] > half[a])));
    }
    v4 sigma = p->radius + field[1][3];
    v4 b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    v4 c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
    if (contacts) {
        v4mask touch = c < e->touch_factor * sigma * sigma;
        *touching += masked ? touch & valid : touch;
    }
    v4mask open = ~((b >= 0) | (c > -2 * b * out->time));
    unsigned pass = (unsigned)__builtin_ia32_movmskpd256((v4)(masked ? open & valid : open));
    /* the passing lanes in list order, each lowest set bit in turn: one branch per passing lane, not per lane */
    for (; pass; pass &= pass - 1) {
        int l = __builtin_ctz(pass);
        double vl[3] = {v[0][l], v[1][l], v[2][l]};
        take_earlier(e, out, (int32_t)j[l], b[l], c[l], vl);
    }
}

/* Entries m to m + 3 of a list: of 3 bytes, in one 16-byte load (4 bytes past them: RC_LIST_PAD) and one byte
 * shuffle that puts each entry's bytes in a lane of its own, zeros above them (a shuffle index of -128). */
typedef char v16b __attribute__((vector_size(16)));
static inline __attribute__((always_inline, target("avx2"))) void entries4(const uint8_t *list, int32_t m,
                                                                           int32_t width, uint32_t j[4])
{
    if (width != 3) {
        for (int l = 0; l < 4; l++) j[l] = (uint32_t)rc_edmd_entry(list, m + l, width);
        return;
    }
    v16b bytes;
    memcpy(&bytes, list + (size_t)m * 3, sizeof bytes);
    v16b lanes = __builtin_ia32_pshufb128(bytes, (v16b){0, 1, 2, -128, 3, 4, 5, -128, 6, 7, 8, -128, 9, 10, 11, -128});
    memcpy(j, &lanes, sizeof lanes);
}

static inline __attribute__((always_inline, target("avx2"))) scan_result scan4(const rc_edmd *e, const rc_kin *p,
                                                                               const uint8_t *list, int32_t count,
                                                                               double best, bool contacts, bool wrap,
                                                                               int32_t width)
{
    /* the lanes of the last four: after m whole fours, the rest of 1-3 at its end, or a list of 1-3 at its start */
    static const v4mask ends[4] = {{0, 0, 0, 0}, {0, 0, 0, -1}, {0, 0, -1, -1}, {0, -1, -1, -1}};
    static const v4mask starts[4] = {{0, 0, 0, 0}, {-1, 0, 0, 0}, {-1, -1, 0, 0}, {-1, -1, -1, 0}};
    scan_result out = {best, -1, false, 0};
    int32_t m = 0;
    /* whole fours, then the list's last four again (a few repeated requests cost less than choosing among the
     * lengths of the rest, which no predictor learns) */
    for (; m + 4 <= count; m += 4) {
        uint32_t j[4];
        entries4(list, m, width, j);
        for (int l = 0; l < 4; l++) __builtin_prefetch(&e->kin[j[l]]);
    }
    if (count >= 4) {
        uint32_t j[4];
        entries4(list, count - 4, width, j);
        for (int l = 0; l < 4; l++) __builtin_prefetch(&e->kin[j[l]]);
    } else {
        for (m = 0; m < count; m++) __builtin_prefetch(&e->kin[(uint32_t)rc_edmd_entry(list, m, width)]);
    }
    v4 box[3], half[3];
    for (int a = 0; a < 3; a++) {
        double l = e->periodic[a] ? e->box[a] : 0, h = e->periodic[a] ? e->half_box[a] : INFINITY;
        box[a] = (v4){l, l, l, l}, half[a] = (v4){h, h, h, h};
    }
    v4mask touching = {0, 0, 0, 0}, all = {-1, -1, -1, -1};
    for (m = 0; m + 4 <= count; m += 4) {
        uint32_t j[4];
        if (width == 3) entries4(list, m, width, j);
        else memcpy(j, list + (size_t)m * 4, sizeof j);
        scan4_group(e, p, j, all, box, half, &out, &touching, contacts, wrap, false);
    }
    int32_t left = count - m;
    if (left > 0) {
        uint32_t j[4];
        if (count >= 4) {
            entries4(list, count - 4, width, j);
            scan4_group(e, p, j, ends[left], box, half, &out, &touching, contacts, wrap, true);
        } else {
            for (int l = 0; l < 4; l++) j[l] = (uint32_t)rc_edmd_entry(list, l < left ? l : 0, width);
            scan4_group(e, p, j, starts[left], box, half, &out, &touching, contacts, wrap, true);
        }
    }
    if (contacts) out.touching -= (int)(touching[0] + touching[1] + touching[2] + touching[3]);
    return out;
}

/* Specialised for each entry width: the scan's list reads are a constant stride. */
static __attribute__((noinline, target("avx2"))) scan_result
scan_wide3(const rc_edmd *e, const rc_kin *p, const uint8_t *list, int32_t count, double best, bool contacts, bool wrap)
{
    if (contacts)
        return wrap ? scan4(e, p, list, count, best, true, true, 3) : scan4(e, p, list, count, best, true, false, 3);
    return wrap ? scan4(e, p, list, count, best, false, true, 3) : scan4(e, p, list, count, best, false, false, 3);
}

static __attribute__((noinline, target("avx2"))) scan_result
scan_wide(const rc_edmd *e, const rc_kin *p, const uint8_t *list, int32_t count, double best, bool contacts, bool wrap)
{
    if (contacts)
        return wrap ? scan4(e, p, list, count, best, true, true, 4) : scan4(e, p, list, count, best, true, false, 4);
    return wrap ? scan4(e, p, list, count, best, false, true, 4) : scan4(e, p, list, count, best, false, false, 4);
}
#endif

bool rc_edmd_wide_scan_available(void)
{
#ifdef RC_WIDE_SCAN
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

/* A sliding particle: every neighbour moves differently from it. */
static __attribute__((noinline)) scan_result scan_all_held(const rc_edmd *e, int32_t k, double best)
{
    const uint8_t *list = rc_edmd_list(e, k);
    scan_result out = {best, -1, false, 0};
    for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) scan_held(e, k, rc_edmd_neighbour(e, list, m), &out);
    return out;
}

/* Under shear (no gravity: rc_edmd_def_check_shear): the variant with the sliding images, chosen once per particle. */
static __attribute__((noinline)) scan_result scan_sheared(const rc_edmd *e, int32_t k, double best, bool contacts)
{
    const uint8_t *list = rc_edmd_list(e, k);
    int32_t count = rc_edmd_list_length(e, k);
    bool naive = e->detection == RC_EVENT_DETECTION_NAIVE;
    return naive ? scan(e, &e->kin[k], list, count, best, false, true, true, true, true)
                 : scan(e, &e->kin[k], list, count, best, false, false, contacts, true, true);
}

static inline __attribute__((always_inline)) scan_result scan_neighbours(const rc_edmd *e, int32_t k, double best,
                                                                         bool contacts)
{
    const uint8_t *list = rc_edmd_list(e, k);
    int32_t count = rc_edmd_list_length(e, k);
    const rc_kin *p = &e->kin[k];
    if (rc_edmd_is_held(e, k)) return scan_all_held(e, k, best);
    if (e->shear_on) return scan_sheared(e, k, best, contacts);
    if (e->has_gravity || e->detection == RC_EVENT_DETECTION_NAIVE) /* the rarer cases: one variant each */
        return e->detection == RC_EVENT_DETECTION_NAIVE
                   ? scan(e, p, list, count, best, e->has_gravity, true, contacts, false, true)
                   : scan(e, p, list, count, best, true, false, true, false, true);
#ifdef RC_WIDE_SCAN
    if (e->wide_scan)
        return e->entry_width == 3 ? scan_wide3(e, p, list, count, best, contacts, !interior(e, k))
                                   : scan_wide(e, p, list, count, best, contacts, !interior(e, k));
#endif
    if (interior(e, k))
        return contacts ? scan(e, p, list, count, best, false, false, true, false, false)
                        : scan(e, p, list, count, best, false, false, false, false, false);
    return contacts ? scan(e, p, list, count, best, false, false, true, false, true)
                    : scan(e, p, list, count, best, false, false, false, false, true);
}

/* Stepped potentials: their own scan (steps.c), chosen once per prediction, which records the kind of the event. */
static __attribute__((noinline)) scan_result scan_steps(rc_edmd *e, int32_t k, double best, bool contacts)
{
    rc_step_scan s = rc_edmd_steps_scan(e, k, best, contacts);
    return (scan_result){s.time, s.partner, s.overlapped_start, s.touching};
}

/* How many neighbours overlap particle k now (rare: only asked when two or more touch it). */
static int overlapped(const rc_edmd *e, int32_t k)
{
    const uint8_t *list = rc_edmd_list(e, k);
    const rc_kin *p = &e->kin[k];
    int count = 0;
    for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
        int32_t j = rc_edmd_neighbour(e, list, m);
        const rc_kin *q = &e->kin[j];
        double r[3], xq[3], vq[3];
        rc_edmd_state_now(e, j, xq, vq);
        for (int a = 0; a < 3; a++) r[a] = p->x[a] - xq[a];
        rc_edmd_minimum_image(e, r);
        double sigma = p->radius + q->radius;
        count += r[0] * r[0] + r[1] * r[1] + r[2] * r[2] < sigma * sigma;
    }
    return count;
}

int rc_edmd_schedule(rc_edmd *e, int32_t k, bool after_collision)
{
    if (e->growing) return rc_edmd_growth_schedule(e, k); /* compression: growth.c's own path */
    if (rc_edmd_is_asleep(e, k)) { /* a sleeper waits to be hit; others predict their events with it */
        e->event[k].time = INFINITY;
        e->event[k].partner = RC_EVENT_NONE;
        rc_edmd_file(e, k);
        return 0;
    }
    double best = shell_time(e, k);
    int32_t partner = RC_EVENT_SHELL;
    uint32_t stabilising = 0;
    int touching = 0;
    for (int32_t w = 0; w < e->wall_count; w++) {
        bool touches;
        double t = plane_time(e, k, &e->walls[w], &touches);
        touching += touches;
        if (t < best) best = t, partner = RC_EVENT_WALL0 - w;
    }
    if (__builtin_expect(e->walls_move, 0)) /* again, with the moving walls' times */
        touching = moving_walls(e, k, &best, &partner);
    scan_result near =
        e->steps ? scan_steps(e, k, best, after_collision) : scan_neighbours(e, k, best, after_collision);
    /* selects, not a branch (whether a neighbour comes first is data): a scan that finds none returns best itself */
    bool found = near.partner >= 0;
    best = near.time;
    partner = found ? near.partner : partner;
    stabilising = (found & near.overlapped_start & (e->detection == RC_EVENT_DETECTION_STABLE)) * RC_STABILISING;
    if (after_collision && near.touching >= 2 && overlapped(e, k) >= 2) e->three_body++;
    rc_edmd_set_event(e, k, best, partner, stabilising);
    return touching + near.touching;
}

rc_status rc_edmd_schedule_all(rc_edmd *e)
{
    for (int32_t k = 0; k < e->n; k++) {
        e->event[k].time = INFINITY;
        e->event[k].partner = RC_EVENT_NONE;
    }
    if (e->slabs) rc_edmd_slabs_hold(e);
    else rc_calendar_hold(&e->calendar);
    for (int32_t k = 0; k < e->n; k++) rc_edmd_schedule(e, k, false);
    if (e->slabs) rc_edmd_slabs_rebuild(e);
    else rc_calendar_rebuild(&e->calendar, e->now);
    bool failed = e->slabs ? rc_edmd_slabs_failed(e) : rc_calendar_failed(&e->calendar);
    return failed ? rc_fail(RC_STATUS_NO_MEMORY, "event calendar: out of memory") : RC_STATUS_OK;
}
