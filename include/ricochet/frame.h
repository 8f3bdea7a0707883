/* SPDX-License-Identifier: MIT */
/* ricochet/frame.h: a plain snapshot of a simulation that every writer, the renderer and the Python interface read.
 * Engines fill frames; writers never reach into an engine (docs/design.md, "Files and tools"). */
#ifndef RICOCHET_FRAME_H
#define RICOCHET_FRAME_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Particle k of a frame is the particle with id k: frames are always in id (input) order. Vectors have three
 * components; in 2D the third is 0. Positions along periodic axes are wrapped into [0, box). */
typedef struct rc_frame {
    int dimension; /* 2 or 3 */
    double time;
    uint64_t collisions; /* pair collisions so far */
    int32_t count;       /* number of particles */
    double box[3];       /* edge lengths; the box spans [0, box[k]) on every axis */
    bool periodic[3];
    double tilt; /* Lees-Edwards shear: the periodic cell's edge along axis tilt_gradient leans by tilt along
                            * axis tilt_flow (the images' offset, in [0, box[tilt_flow])); 0: a rectangular cell */
    int tilt_flow, tilt_gradient;
    double *positions;          /* 3 * count */
    double *velocities;         /* 3 * count */
    double *radii;              /* count */
    double *masses;             /* count */
    int32_t *species;           /* count */
    double *orientations;       /* 4 * count quaternions (w, x, y, z), or NULL for engines without rotation */
    double *angular_velocities; /* 3 * count spins (2D: 0, 0, w_z) of rough particles, or NULL: rc_frame_add_spins
                                 * (or the caller, with malloc) allocates them for an engine that has spins
                                 * (rc_edmd_is_rough), rc_edmd_fill_frame fills them, rc_frame_destroy frees them */
    int32_t *images;            /* 3 * count periodic images: the unwrapped position is position + image * box (0 along
                            * axes that are not periodic; under shear the flow axis also moves by the offsets the
                            * gradient crossings met, which the images do not record), or NULL when the frame has
                            * none (a trajectory file without them) */
    double *inertia; /* 9 * count: each particle's inertia tensor about its centre in its own frame (the one its
                            * orientation turns into the lab's; row-major, in 2D only [8] counts), or NULL:
                            * rc_frame_add_inertia allocates it and angular_momenta for engines whose particles turn
                            * (time-stepped bodies, rough spheres: q m sigma^2 / 4 on the diagonal), their fill_frame
                            * fills both, rc_frame_destroy frees them. The GSD writer's moment_inertia and angmom. */
    double
        *angular_momenta; /* 3 * count: each particle's angular momentum about its centre in the lab frame, or NULL */
    int32_t bond_count;   /* bonds (rc_edmd_def.bonds), or 0 */
    const int32_t *bonds; /* 3 per bond: particles a and b (ids) and the bond type from 0; borrowed from the engine
                            * that filled the frame (never freed by rc_frame_destroy), or NULL */
} rc_frame;

/* Allocates the arrays of a frame for count particles (orientations only when asked) and zeroes the rest. */
RC_API rc_status rc_frame_create(rc_frame *frame, int32_t count, bool with_orientations);
/* Gives an initialised frame room for the spins of rough particles (angular_velocities, zeroed). */
RC_API rc_status rc_frame_add_spins(rc_frame *frame);
/* Gives an initialised frame room for the inertia tensors and angular momenta of turning particles (zeroed). */
RC_API rc_status rc_frame_add_inertia(rc_frame *frame);
/* Checks what every reader of a frame relies on: dimension 2 or 3, a count >= 0, and the arrays present for count
 * particles. RC_STATUS_INVALID_ARGUMENT names the field ("frame dimension: 4 is not 2 or 3"). */
RC_API rc_status rc_frame_check(const rc_frame *frame);
/* The largest speed |v| of the frame's particles (0 when it has none). */
RC_API double rc_frame_max_speed(const rc_frame *frame);
/* Frees the arrays; the frame may be reused after rc_frame_create. */
RC_API void rc_frame_destroy(rc_frame *frame);

#ifdef __cplusplus
}
#endif
#endif
