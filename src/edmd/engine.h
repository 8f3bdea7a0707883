/* SPDX-License-Identifier: MIT */
/* The event-driven engine's state (docs/design.md, "The event-driven engine"): lazy clocks, one pending event per
 * particle validated by collision counters, neighbour lists with a shell, a calendar queue.
 *
 * Layout: the kinematic record a prediction reads (position, clock, velocity, radius) is packed into one 64-byte
 * cache line per particle, because every pair prediction reads all eight numbers of the neighbour together; all other
 * per-particle data are separate arrays (structure of arrays) read only when their job needs them.
 *
 * This header holds what every module reads: the engine's record, the streaming and geometry of the hot path
 * (inline), and an event's storing; an include of a module's own header says which module a file uses. */
#ifndef RC_EDMD_ENGINE_H
#define RC_EDMD_ENGINE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/range.h"
#include "core/rng.h"
#include "edmd/calendar.h"
#include "edmd/wall_motion.h"
#include "ricochet/edmd.h"
#include "ricochet/impact.h"

/* Position x at time t with velocity v; radius r. Exactly 64 bytes. */
typedef struct rc_kin {
    double x[3];
    double t;
    double v[3];
    double radius;
} rc_kin;

/* What a particle's pending event is: partner >= 0 is a particle, otherwise one of these. */
enum {
    RC_EVENT_NONE = -1,  /* nothing ever happens (time INFINITY) */
    RC_EVENT_SHELL = -2, /* the particle leaves its neighbour-list shell */
    RC_EVENT_WALL0 = -3  /* wall w is RC_EVENT_WALL0 - w */
};

/* A particle's pending event, in one record (16 bytes): checking and processing it reads one cache line. */
typedef struct rc_event {
    double time; /* absolute */
    int32_t partner;
    uint32_t count; /* partner's counter when predicted, plus RC_STABILISING */
} rc_event;

/* Stored partner counters keep 31 bits; the top bit marks a stabilising collision (pair found overlapped and
 * approaching when predicted). */
#define RC_COUNT_MASK 0x7fffffffu
#define RC_STABILISING 0x80000000u

/* A particle's anchor, its link in the anchor cell's list and the length of its neighbour list, in one half cache
 * line: building a list reads only these for every candidate, and scheduling reads the anchor (for the shell) and the
 * length together. */
typedef struct rc_anchor {
    double x[3];
    int32_t next;  /* the next particle in the anchor's cell, or -1 */
    int32_t count; /* the length of the particle's neighbour list (rc_edmd_list_length) */
} rc_anchor;

typedef struct rc_plane {
    double point[3];
    double normal[3]; /* unit */
    double restitution;
    double tangential_restitution; /* beta; -1: smooth (rough.c) */
    /* moving along the normal by amplitude sin(omega t + phase), t the reported time (wall_motion.c); amplitude 0:
     * static */
    double amplitude, omega, phase;
    /* thermal (thermal_wall.c): kT > 0, the thermalised fraction of hits, the heat given so far, its own stream */
    double temperature, accommodation, heat;
    rc_rng rng;
} rc_plane;

#define RC_HISTOGRAM_RANGE 1024

/* The largest magnitude of a box edge, a velocity, a clock or a compression's scale the engine accepts, from a scene
 * or a checkpoint: RC_RANGE, 2^40 (about 1.1e12), the bound the time-stepped engine shares (core/range.h). Beyond
 * it positions lose the digits the stable detection needs, and a scene could start a run whose checkpoints no
 * restore takes back (check.c, engine.c, state.c, growth.c). */
#define RC_EDMD_RANGE RC_RANGE

/* Under shear, the least slack of the lists' flow reach across the sheared boundary, in largest diameters: the
 * neighbour reach plus it must fit in 0.45 of the flow edge (shear.c); the automatic shell leaves it (engine.c). */
#define RC_SHEAR_LEAST_SLACK 0.05

/* A contact of a cluster: member a against member b, or (b = -1) against a static body (a wall or a sleeper). */
typedef struct rc_cluster_contact {
    int32_t a, b;     /* member indices, or b = -1 for a static body */
    int32_t other;    /* the body a touches: a particle slot, or RC_EVENT_WALL0 - w for wall w */
    double normal[3]; /* unit, from b to a */
    double distance;  /* centre distance (pairs), for the virial; 0 for static bodies */
} rc_cluster_contact;

/* The binary collision that last changed a particle's velocity: the partner (its input index, or RC_EVENT_WALL0 - w
 * for wall w; RC_EVENT_NONE before any) and the particle's own counter just after it, so that any later change of
 * its velocity (a cluster, a thermostat kick, sleeping) makes the record stale. */
typedef struct rc_last_hit {
    int32_t partner;
    uint32_t counter;
} rc_last_hit;

/* The workspace of cluster resolution, reused from one cluster to the next (no allocation in the steady state). */
typedef struct rc_edmd_cluster {
    rc_impact_problem *problem;
    rc_impact_solver *solver; /* the scene's operator */
    int32_t *members;         /* particle slots */
    int32_t member_count, member_capacity;
    rc_cluster_contact *contacts;
    int32_t contact_count, contact_capacity;
    uint64_t *mark; /* per slot: stamp << 32 | member index, current when the stamp matches */
    uint32_t stamp;
    int32_t *keep; /* per member: whether a group that may sleep keeps it */
    int32_t keep_capacity;
    double *sequence; /* the binary sequence continued (cluster.c): 3 velocity components per
                                       * member, then per contact the last step that hit it */
    int32_t sequence_capacity;
    double *shift; /* 3 per member: the position correction that closes a collapse's gaps */
    int32_t shift_capacity;
} rc_edmd_cluster;

/* The books of the Helfand moments (transport.c), all plain numbers: the kinetic sums, constant between velocity
 * changes (no gravity), and the moments, integrated up to clock `time`. */
typedef struct rc_edmd_flux {
    double time;       /* the clock up to which `moments` integrate the sums */
    double tensor[6];  /* sum m v_a v_b, ab = xx, yy, zz, xy, xz, yz */
    double heat[3];    /* sum e_i v_i,a with e_i = m |v_i|^2 / 2 */
    double moments[9]; /* G_ab (6) and G_q,a (3): the integrals of the sums plus the collisional terms */
} rc_edmd_flux;

/* Stepped potentials (steps.h), or NULL for hard spheres. */
typedef struct rc_edmd_steps rc_edmd_steps;

struct rc_edmd {
    int dimension;
    int32_t n;
    double box[3], half_box[3];
    bool periodic[3];
    bool momentum_conserved; /* periodic on every axis, no walls, no gravity, no thermostat */
    double gravity[3];
    bool has_gravity;
    double restitution;
    rc_event_detection detection;
    bool wide_scan; /* the plain pair scan four neighbours at a time (AVX2, schedule.c): set at creation where
                              * the CPU has it; the same bits either way */
    rc_plane *walls;
    int32_t wall_count;
    bool walls_move;          /* some wall oscillates (wall_motion.c) */
    bool walls_thermal;       /* some wall is thermal (thermal_wall.c) */
    double wall_work;         /* the moving and thermal walls' work, less the energy of the grains riding plates at
                              * their start */
    double ride_speed;        /* a grain leaving a moving wall slower than this, pressed on it, rides it */
    rc_restitution_law *laws; /* the pairs' restitution law, then each wall's (restitution_law.c), or NULL when every
                               * restitution is a number */

    /* particles */
    rc_kin *kin;  /* 64-byte aligned */
    double *mass; /* per particle, or NULL when every particle has uniform_mass (rc_edmd_mass) */
    double uniform_mass;
    int32_t *species;    /* per particle, or NULL when every particle is species 0 */
    int32_t species_max; /* the largest species the definition gave (a restored state is checked against it) */
    int32_t *id;         /* input index of the particle in each slot (slots are reordered) */
    int32_t *image;      /* 3 per particle: box crossings along periodic axes, counted when it is wrapped */
    uint32_t *counter;   /* collisions (velocity changes) of each particle */
    double now;          /* the clock, counted from time_origin */
    double time_origin;  /* reported time = time_origin + now; every renewal moves the origin to now, so that
                              * clocks stay small and an event time's rounding never grows with the run's length */
    double stopped_at;   /* the exact time limit the last advance stopped at (reported as is), or NAN */

    /* pending events, one per particle */
    rc_event *event;
    rc_calendar calendar; /* keyed by event[].time */

    /* neighbour lists: anchors, anchor cells and the lists */
    double shell;      /* delta: the largest distance a particle moves from its anchor before a rebuild */
    double shell_exit; /* delta shrunk a little so rounding never lets a particle past delta */
    double max_diameter;
    bool same_radii;     /* every radius is half max_diameter (rc_edmd_interior_bounds): a candidate within the
                              * widest reach of k is within its own reach, without loading its radius */
    double reach_factor; /* the longest range of a pair potential as a multiple of its contact distance (1: hard
                              * spheres): the neighbour lists reach reach_factor sigma_ij + 2 shell */
    rc_anchor *anchor;
    double inner_low[3], inner_high[3]; /* rc_edmd_interior_bounds: a particle whose anchor is within these on every
                                         * axis has no neighbour across a periodic face */
    int32_t cells[3];
    double cell_size[3]; /* at least half the largest neighbour reach: cells within 2 of home cover the reach */
    int32_t *cell_head;
    uint8_t *neighbours; /* n rows of neighbour_capacity entries (lists.c; the lengths are in the anchors) */
    int32_t neighbour_capacity;
    int32_t entry_width; /* the bytes of an entry: 3 from 131,072 to 2^24 particles, else 4 (lists.c) */
    int32_t row_bytes;   /* neighbour_capacity entries (and one byte more for 3-byte entries: lists.c) */
    uint8_t *spill;      /* rows of spill_capacity entries for the lists longer than neighbour_capacity */
    int32_t spill_capacity, spill_rows, spill_fresh, spill_free; /* rows from spill_fresh on never used */
    int32_t spill_row_bytes;                                     /* spill_capacity entries, as row_bytes */

    /* thermostat */
    double thermostat_rate, thermostat_temperature;
    double next_thermostat;
    rc_rng rng;

    /* space-filling-curve reordering */
    double reorder_interval;
    uint64_t next_reorder;

    /* counters and accumulators (rc_edmd_observables) */
    uint64_t events, collisions, wall_collisions, stabilising, negative_time, three_body, thermostat_events, rebuilds;
    double kinetic;          /* tracked kinetic energy (updated by every velocity change) */
    double kinetic_integral; /* integral of 2K dt up to kinetic_time */
    double kinetic_time;
    double virial;
    double dissipated, thermostat_energy, initial_energy;
    double max_overlap;
    uint64_t *histogram; /* 2 * RC_HISTOGRAM_RANGE + 1 bins, or NULL */

    /* simultaneous contacts (cluster.c) */
    bool clusters_on;
    double contact_tolerance; /* relative gap below which two bodies touch */
    double touch_factor;      /* (1 + tolerance)^2 - 1: a pair touches when |r|^2 - sigma^2 < touch_factor sigma^2 */
    rc_impact_options impact;
    rc_edmd_cluster *cluster; /* the cluster workspace, made at the first cluster */
    rc_edmd_cluster *group;   /* the sleep group's (rc_edmd_sleep_group runs inside a cluster's resolution) */
    uint64_t cluster_count, impact_iterations, lineality_detections, impact_fallbacks;
    int32_t largest_cluster;

    /* collapse control (collapse.c) */
    bool collapse_rules; /* the TC model or the elastic threshold is on */
    double contact_time, elastic_speed, sleep_speed, kick_speed;
    double rest_speed;           /* max(sleep, kick): slower contacts with held bodies are resting contacts */
    double sticking_cosine;      /* cos atan(collapse.sleep_friction): a contact force may lean this far from its
                                 * normal (a single support with n.(-g)/|g| at least this holds alone); 2: no
                                 * friction */
    double hop;                  /* rest_speed^2 / (2 |g|): how high a particle at the rest speed can rise; a support
                                 * nearer than that (or than the contact tolerance) holds it up */
    double group_sleep_clock;    /* no group is tested for sleep (rc_edmd_sleep_group) before this absolute time ... */
    double group_sleep_interval; /* ... which moves on by a tenth of the time gravity takes to reach sleep_speed */
    uint64_t kicks;
    double *last_collision; /* time of each particle's last collision (TC model only), or NULL */
    rc_last_hit *last_hit;  /* per particle when clusters are on and some restitution is below 1, or NULL: what
                                 * tells a collapse in progress from a simultaneous impact (cluster.c) */
    uint64_t collapses;     /* clusters resolved as the end of a collapse */
    bool sleep_on;
    uint8_t *hold;    /* per particle, when sleeping is on: RC_FREE, RC_ASLEEP or RC_SLIDING0 + wall */
    int32_t held;     /* particles asleep or sliding now */
    int32_t sleeping; /* particles asleep now */
    uint64_t sleeps, wakes;
    uint64_t stall_limit;  /* events per stall check (collapse.stall_events), or 0 */
    uint64_t stall_window; /* events since the last check */
    double stall_clock;    /* the clock at the last check */
    int32_t last_pair[2];  /* the particles of the last event, to name them when the clock stalls */

    /* threads (parallel.c): the count the engine runs on, and why fewer than asked (a static sentence, or NULL) */
    int32_t threads;
    const char *parallel_note;
    rc_ranks ranks; /* parallel.c: the processes it runs on (rc_edmd_set_ranks; count 0: this one alone) */
    /* speculate.c: in a thread's copy of the engine, the batch it runs (its events' filings wait for the commit, and
     * a cluster aborts an event); NULL in the engine itself */
    struct rc_edmd_job *job;
    /* journal.c: while a batch runs, where the changes of a shell event's lists and cells are kept for its undo; NULL
     * outside batches */
    struct rc_edmd_journal *journal;
    struct rc_edmd_slabs *slabs; /* slabs.c: the calendars of the slabs while threads run; NULL on one thread */

    /* compression (growth.c) */
    struct rc_edmd_growth *growth; /* NULL when the definition does not compress */
    bool growing;                  /* the diameters grow now: scheduling and collisions take growth.c's path */
    /* Lees-Edwards shear (shear.c); shear_on false without it (next_renewal INFINITY unless the barostat uses it) */
    bool shear_on;
    int flow, gradient;
    double shear_rate, shear_speed; /* the rate, and the images' speed rate L_gradient */
    double shear_origin;            /* the images' offset delta at clock 0, in [0, L_flow) */
    double shear_epoch;             /* delta at the last full build of the lists, which anchors' images use */
    double shear_slack;             /* how far delta moves from shear_epoch before every list is rebuilt */
    double next_renewal;            /* the clock time of the next renewal by time: shear's slack used up, or the
                                 * barostat's volume move (never both) */
    /* the books of the peculiar motion (c = v - rate (x_gradient - L_gradient / 2) e_flow), at clock shear_time:
     * between velocity changes E' = -rate S, S' = -rate G and G is constant, so the integrals are exact */
    double shear_time;
    double peculiar;                 /* E: the peculiar kinetic energy */
    double peculiar_integral;        /* integral of 2E dt */
    double shear_flux;               /* S: sum of m c_flow c_gradient */
    double shear_flux_integral;      /* integral of S dt */
    double gradient_motion;          /* G: sum of m c_gradient^2 */
    double shear_collisional;        /* sum over collisions of r_gradient dp_flow */
    rc_edmd_steps *steps;            /* stepped potentials (steps.c), or NULL */
    struct rc_edmd_isobar *barostat; /* constant pressure (barostat.c), or NULL */
    bool transport_on;               /* def.transport: the Helfand moments are kept (transport.c) */
    rc_edmd_flux flux;
    /* rough particles (rough.c): spins and reduced moments per slot, NULL when every pair and wall is smooth */
    double *spin;    /* spin_stride per particle: 3 in 3D, 1 (the z component) in 2D */
    double *inertia; /* q = 4 I / (m sigma^2) */
    int spin_stride;
    double tangential_restitution;
    rc_edmd_coulomb coulomb;
    /* per pair of species (rough.c): pair_species^2 rules, a in row b and b in row a, or NULL: the two above */
    struct rc_pair_roughness *pair_rough;
    int32_t pair_species;
    double rotational; /* the rotational kinetic energy, kept up to date by every spin change */
    /* fixed obstacles (fixed.c): per slot, 1 for a fixed particle (held asleep for good), or NULL when none is */
    uint8_t *fixed;
    int32_t fixed_count;
};

/* How a particle moves under gravity: free; asleep (at rest on static supports); or sliding on a wall that holds it
 * up (gravity's normal part cancelled: it moves in the wall's plane). */
enum { RC_FREE = 0, RC_ASLEEP = 1, RC_SLIDING0 = 2 };
#define RC_MAX_SLIDING_WALLS 250

static inline bool rc_edmd_is_held(const rc_edmd *e, int32_t k) { return e->held > 0 && e->hold[k] != RC_FREE; }
static inline bool rc_edmd_is_asleep(const rc_edmd *e, int32_t k) { return e->held > 0 && e->hold[k] == RC_ASLEEP; }
static inline bool rc_edmd_is_fixed(const rc_edmd *e, int32_t k) { return e->fixed && e->fixed[k]; }
/* Held on a moving wall: it rides it (wall_motion.c; sliding never happens where walls move). */
static inline bool rc_edmd_is_riding(const rc_edmd *e, int32_t k)
{
    return e->held > 0 && e->hold[k] >= RC_SLIDING0 && e->walls[e->hold[k] - RC_SLIDING0].amplitude > 0;
}

/* Particle k's mass. */
static inline double rc_edmd_mass(const rc_edmd *e, int32_t k) { return e->mass ? e->mass[k] : e->uniform_mass; }

/* Particle k's acceleration: gravity, nothing asleep, gravity along the wall while sliding. */
static inline void rc_edmd_acceleration(const rc_edmd *e, int32_t k, double acc[3])
{
    int hold = rc_edmd_is_held(e, k) ? e->hold[k] : RC_FREE;
    for (int a = 0; a < 3; a++) acc[a] = hold == RC_ASLEEP ? 0 : e->gravity[a];
    if (hold >= RC_SLIDING0) {
        if (e->walls[hold - RC_SLIDING0].amplitude > 0) {
            rc_edmd_ride_acceleration(e, k, acc);
            return;
        }
        const double *n = e->walls[hold - RC_SLIDING0].normal;
        double gn = n[0] * acc[0] + n[1] * acc[1] + n[2] * acc[2];
        for (int a = 0; a < 3; a++) acc[a] -= gn * n[a];
    }
}

/* Particle k's position and velocity at the engine's time, without moving it. */
static inline void rc_edmd_state_now(const rc_edmd *e, int32_t k, double x[3], double v[3])
{
    if (rc_edmd_is_riding(e, k)) {
        rc_edmd_ride_state(e, k, e->now, x, v);
        return;
    }
    const rc_kin *p = &e->kin[k];
    double dt = e->now - p->t, acc[3];
    rc_edmd_acceleration(e, k, acc);
    for (int a = 0; a < 3; a++) {
        x[a] = p->x[a] + p->v[a] * dt + 0.5 * acc[a] * dt * dt;
        v[a] = p->v[a] + acc[a] * dt;
    }
}

/* ---- streaming and geometry (inline: the hot path) ---- */

/* Moves particle k along its free-flight trajectory to time t. */
static inline void rc_edmd_stream(rc_edmd *e, int32_t k, double t)
{
    rc_kin *p = &e->kin[k];
    double dt = t - p->t;
    if (dt == 0) return;
    if (e->has_gravity) {
        if (rc_edmd_is_held(e, k)) { /* asleep or sliding: its own acceleration; riding: the wall's motion */
            if (rc_edmd_is_riding(e, k)) {
                rc_edmd_ride_stream(e, k, t); /* a tail call: the free paths need no stack frame */
                return;
            }
            double acc[3];
            rc_edmd_acceleration(e, k, acc);
            for (int a = 0; a < 3; a++) {
                p->x[a] += p->v[a] * dt + 0.5 * acc[a] * dt * dt;
                p->v[a] += acc[a] * dt;
            }
            p->t = t;
            return;
        }
        for (int a = 0; a < 3; a++) {
            p->x[a] += p->v[a] * dt + 0.5 * e->gravity[a] * dt * dt;
            p->v[a] += e->gravity[a] * dt;
        }
    } else {
        for (int a = 0; a < 3; a++) p->x[a] += p->v[a] * dt;
    }
    p->t = t;
}

/* Entry m of a neighbour list whose entries are `width` bytes (3 or 4), little-endian: a slot below 2^24 needs only
 * three bytes, which at packing fraction 0.30 saves 17 of the rows' 68 bytes per particle (lists.c: large systems). Reads take more
 * bytes than an entry (four here, past the last of two entries in rc_edmd_list_find, 16 for four entries in the pair
 * scan): every row store ends in RC_LIST_PAD spare bytes. */
#define RC_LIST_PAD 8
/* Entries are 3 bytes from this many particles (below 2^24), 4 in smaller systems: there the rows' memory is small
 * beside the fixed part, and 4-byte entries take fewer instructions (bench/RESULTS.md). */
#define RC_NARROW_LISTS 131072
/* An entry's bytes are read and written as one unaligned 32-bit word, not as characters: a character store may
 * alias any object, and the compiler would then load the engine's fields again after every entry written. Writing a
 * 3-byte entry writes the byte after it back unchanged. */
typedef uint32_t rc_word __attribute__((aligned(1)));

static inline uint32_t rc_edmd_word(const uint8_t *at)
{
    uint32_t v = *(const rc_word *)(const void *)at;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline int32_t rc_edmd_entry(const uint8_t *list, int32_t m, int32_t width)
{
    uint32_t v = rc_edmd_word(list + (size_t)m * (size_t)width);
    return (int32_t)(width == 4 ? v : v & 0xffffffu);
}

static inline void rc_edmd_entry_set(uint8_t *list, int32_t m, int32_t j, int32_t width)
{
    uint8_t *at = list + (size_t)m * (size_t)width;
    uint32_t v = width == 4 ? (uint32_t)j : (rc_edmd_word(at) & 0xff000000u) | (uint32_t)j;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    *(rc_word *)(void *)at = v;
}

/* The first m in [from, to) whose entry is j, or -1. Entries of 3 bytes are compared two at a time, in one 8-byte load
 * (its 2 extra bytes within RC_LIST_PAD past the last entry). */
static inline int32_t rc_edmd_list_find(const uint8_t *list, int32_t from, int32_t to, int32_t j, int32_t width)
{
    int32_t m = from;
    if (width == 3) {
        uint64_t both = (uint64_t)(uint32_t)j | (uint64_t)(uint32_t)j << 24;
        for (; m + 1 < to; m += 2) {
            uint64_t x;
            memcpy(&x, list + (size_t)m * 3, sizeof x);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            x = __builtin_bswap64(x);
#endif
            x ^= both;
            if (!(x & 0xffffffu)) return m;
            if (!(x & 0xffffff000000u)) return m + 1;
        }
    }
    for (; m < to; m++)
        if (rc_edmd_entry(list, m, width) == j) return m;
    return -1;
}

/* Particle k's neighbour list: rc_edmd_list_length(e, k) particle slots (rc_edmd_neighbour), in its row, or in the
 * spill row whose index its row's first entry holds when it is longer than the row (lists.c); width is the engine's
 * entry_width, a constant where the caller is specialised for it. */
static inline uint8_t *rc_edmd_list_of(const rc_edmd *e, int32_t k, int32_t width)
{
    uint8_t *row = e->neighbours + (size_t)k * (size_t)e->row_bytes;
    if (e->anchor[k].count <= e->neighbour_capacity) return row;
    return e->spill + (size_t)rc_edmd_entry(row, 0, width) * (size_t)e->spill_row_bytes;
}

static inline uint8_t *rc_edmd_list(const rc_edmd *e, int32_t k) { return rc_edmd_list_of(e, k, e->entry_width); }

/* Entry m of one of the engine's lists. */
static inline int32_t rc_edmd_neighbour(const rc_edmd *e, const uint8_t *list, int32_t m)
{
    return rc_edmd_entry(list, m, e->entry_width);
}

static inline int32_t rc_edmd_list_length(const rc_edmd *e, int32_t k) { return e->anchor[k].count; }

/* shear.c: the Lees-Edwards minimum image of a difference r = x_i - x_j at now (both ends within a shell of the
 * box): across the gradient axis's boundary the image is shifted by delta along the flow axis, and the relative
 * velocity v (when not NULL) by the images' speed; then every periodic axis takes its nearest image. Returns what
 * was added to v's flow component. */
double rc_edmd_shear_image(const rc_edmd *e, double r[3], double v[3]);

/* The minimum image of a difference along periodic axes (both ends are within a shell of the box). */
static inline void rc_edmd_minimum_image(const rc_edmd *e, double d[3])
{
    if (e->shear_on) {
        rc_edmd_shear_image(e, d, NULL);
        return;
    }
    for (int a = 0; a < 3; a++)
        if (e->periodic[a]) d[a] += d[a] > e->half_box[a] ? -e->box[a] : d[a] < -e->half_box[a] ? e->box[a] : 0;
}

/* The minimum image of a pair's relative position r and velocity v (which changes only under shear); returns what
 * was added to v along the flow axis (0 without shear). */
static inline double rc_edmd_pair_image(const rc_edmd *e, double r[3], double v[3])
{
    if (e->shear_on) return rc_edmd_shear_image(e, r, v);
    rc_edmd_minimum_image(e, r);
    return 0;
}

/* The separation r (minimum image) and relative velocity v at now of particle p (at now) and slot j, streamed from
 * its own time without gravity; returns j's state. */
static inline const rc_kin *rc_edmd_relative_now(const rc_edmd *e, const rc_kin *p, int32_t j, double r[3], double v[3])
{
    const rc_kin *q = &e->kin[j];
    double dt = e->now - q->t;
    for (int a = 0; a < 3; a++) r[a] = p->x[a] - (q->x[a] + q->v[a] * dt), v[a] = p->v[a] - q->v[a];
    rc_edmd_minimum_image(e, r);
    return q;
}

/* ---- creation; each module's functions are declared in its own header beside this one (shear.h, transport.h,
 * neighbours.h, schedule.h, collide.h, rough.h, fixed.h, cluster.h, collapse.h, growth.h, barostat.h, check.h,
 * squeeze.h, parallel.h, reorder.h, observe.h, advance.h, speculate.h, steps.h, bonds.h, ...) ---- */

/* engine.c: rc_edmd_create, calling release(context) (when not NULL) once the particles are copied and before the
 * neighbour lists, the anchors and the calendar's entries are made: a caller that needs the definition's particle
 * arrays no more frees them there, so that they never coexist with the whole engine (the peak of a run). Nothing of
 * def's particle arrays is read after the call; the rest of def still is. */
rc_status rc_edmd_create_releasing(const rc_edmd_def *def, rc_edmd **engine, void (*release)(void *), void *context);

/* speculate.c: particle k's event, predicted by an event run ahead of its turn, is filed at that event's commit. */
void rc_edmd_job_file(struct rc_edmd_job *job, int32_t k);

/* slabs.c: files particle k in the calendar of its anchor's slab (a run on several threads); returns that slab. */
int32_t rc_edmd_slabs_file(rc_edmd *e, int32_t k);

/* Files particle k's event by its key: in the engine's calendar, or in its slab's when threads run. */
static inline void rc_edmd_file(rc_edmd *e, int32_t k)
{
    if (__builtin_expect(e->slabs != NULL, 0)) rc_edmd_slabs_file(e, k);
    else rc_calendar_update(&e->calendar, k);
}

/* Stores particle k's next event (best: the time from now; partner: a particle, a wall, RC_EVENT_SHELL) and updates
 * the calendar. */
static inline void rc_edmd_set_event(rc_edmd *e, int32_t k, double best, int32_t partner, uint32_t stabilising)
{
    if (best < 0) e->negative_time++;
    e->event[k].time = partner == RC_EVENT_SHELL && best == INFINITY ? INFINITY : e->now + best;
    if (best == INFINITY) partner = RC_EVENT_NONE;
    e->event[k].partner = partner;
    if (partner >= 0) e->event[k].count = (e->counter[partner] & RC_COUNT_MASK) | stabilising;
    if (__builtin_expect(e->job != NULL, 0)) rc_edmd_job_file(e->job, k); /* a speculative event's: at its commit */
    else rc_edmd_file(e, k);
}

#endif
