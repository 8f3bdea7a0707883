/* SPDX-License-Identifier: MIT */
/* Compression: diameters growing at a rate, to a packing fraction or a pressure (growth.c; docs/edmd.md,
 * "Compression"). */
#ifndef RC_EDMD_GROWTH_H
#define RC_EDMD_GROWTH_H

#include "edmd/engine.h"

/* Compression's state (growth.c): all plain numbers, saved whole in checkpoints. Times are on the engine's clock. */
typedef struct rc_edmd_growth {
    double rate;            /* d sigma / dt over the initial diameter */
    double scale;           /* the diameters at the epoch over the initial ones */
    double epoch;           /* the time of the radii in kin */
    double speed;           /* rate / scale: a radius at the epoch grows by radius * speed per unit time */
    double target_scale;    /* the scale of the target packing fraction, or INFINITY */
    double target_pressure; /* or INFINITY */
    double jam_pressure;
    bool want_jammed;
    double volume0;        /* the particles' volume (area) at scale 1 */
    double kinetic0;       /* the kinetic energy every step restores */
    double built;          /* the largest diameter (at the epoch) when the lists were last built whole */
    double cap;            /* the next step by time: the target's time or half the shell used up */
    uint64_t window;       /* pair collisions per window */
    uint64_t window_start; /* collisions when the window began */
    double window_time, window_kinetic, window_virial; /* its start: time, kinetic integral, virial */
    double pressure;                                   /* Z of the last window, NAN before the first */
    uint64_t windows;
    uint64_t renew_at; /* the renewal's own collision count */
    int32_t end;       /* rc_compression_end */
} rc_edmd_growth;

/* Compression (docs/edmd.md, "Compression"). The radii in kin are those at the growth epoch; while
 * growing, scheduling and pair and wall collisions take the paths below, selected once per call. */
rc_status rc_edmd_growth_create(rc_edmd *e, const rc_edmd_def *d);
/* "compression.rate" and "compression.until.packing_fraction" (live.c; 0: no such target), read and set while the
 * diameters grow (at a renewal: every particle at now, the epoch there); RC_STATUS_INVALID_ARGUMENT naming the key for a
 * scene without compression, one that has ended, a rate that is not positive, or a target not between the packing
 * fraction now and 1. */
rc_status rc_edmd_growth_get(const rc_edmd *e, const char *key, double *value);
rc_status rc_edmd_growth_put(rc_edmd *e, const char *key, double value);
void rc_edmd_growth_destroy(rc_edmd *e);
int rc_edmd_growth_schedule(rc_edmd *e, int32_t k);
void rc_edmd_growth_collide_pair(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution);
void rc_edmd_growth_collide_wall(rc_edmd *e, int32_t k, int32_t w, double restitution);
/* The compression's step, when the collision count reaches next_reorder while growing: the epoch moved to now, the
 * velocities rescaled, a window measured, the targets checked, the lists rebuilt when growth has used up half the
 * shell or the renewal is due. *ended is set when growth stopped here (the advance then returns). */
rc_status rc_edmd_growth_step(rc_edmd *e, bool *ended);
/* The renewal moved the clock's origin by shift: the growth's times move with it. */
void rc_edmd_growth_rebase(rc_edmd *e, double shift);
/* Every renewal (before the lists are built) and a restored state: the cells and lists made anew for the present
 * diameters, the shell cut to what the box allows, the next step by time planned. */
rc_status rc_edmd_growth_resize(rc_edmd *e);
/* A restored compression (state.c) is one this definition's could have become: what the definition fixes equal to
 * fresh (the books the engine had before the restore), the rest finite and in range, the flags 0 or 1. */
rc_status rc_edmd_growth_check_restored(const rc_edmd *e, const rc_edmd_growth *fresh);
/* The packing fraction now (the radii grown to now). */
double rc_edmd_packing_fraction(const rc_edmd *e);

#endif
