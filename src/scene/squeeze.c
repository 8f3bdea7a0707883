/* SPDX-License-Identifier: MIT */
/* Random placement above what random insertion reaches (docs/formats.md, "particles: a placement"): the particles
 * are inserted at random at a packing fraction insertion reaches with ease, shrunk by a common factor, then grown
 * back by a fast compression (Lubachevsky and Stillinger 1990; growth.c) at kT = 1 until they have their asked
 * sizes. A packing fraction beyond jamming at that rate cannot be reached: the compression says where it jammed. */
#include <math.h>
#include <stdlib.h>

#include "core/rng.h"
#include "core/status.h"
#include "core/vec.h"
#include "ricochet/frame.h"
#include "ricochet/scene.h"
#include "scene/squeeze.h"

/* Grows the particles (radii small, at positions) in the box to the packing fraction `fraction`, and writes where
 * they end to positions. */
static rc_status grow(const rc_edmd_def *def, double fraction, double *positions)
{
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(def, &e);
    rc_edmd_limits limits = {INFINITY, 0, 0};
    rc_edmd_compression_state state = {.end = RC_COMPRESSION_END_GROWING};
    while (s == RC_STATUS_OK && state.end == RC_COMPRESSION_END_GROWING) {
        limits.events += 100000;
        s = rc_edmd_advance(e, &limits);
        rc_edmd_fill_compression_state(e, &state);
    }
    if (s == RC_STATUS_OK && state.end != RC_COMPRESSION_END_PACKING_FRACTION)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "random placement: a fast compression to %.4g jammed at %.4g; use a lattice "
                    "(or compression in the scene, slower, for a denser random packing)",
                    fraction, state.packing_fraction);
    rc_frame frame;
    if (s == RC_STATUS_OK && (s = rc_frame_create(&frame, def->count, false)) == RC_STATUS_OK) {
        s = rc_edmd_fill_frame(e, &frame);
        for (int32_t i = 0; s == RC_STATUS_OK && i < 3 * def->count; i++) positions[i] = frame.positions[i];
        rc_frame_destroy(&frame);
    }
    rc_edmd_destroy(e);
    return s;
}

rc_status rc_place_compressed(int dimension, const double box[3], const bool periodic[3], int32_t count,
                              const double *radii, double start, uint64_t seed, double *positions)
{
    double volume = 1, filled = 0;
    for (int a = 0; a < dimension; a++) volume *= box[a];
    for (int32_t i = 0; i < count; i++) filled += rc_ball_volume(dimension, radii[i]);
    double fraction = filled / volume, shrink = pow(start / fraction, 1.0 / dimension);
    double *small = malloc((size_t)count * sizeof *small), *masses = malloc((size_t)count * sizeof *masses);
    double *velocities = malloc(3 * (size_t)count * sizeof *velocities);
    rc_status s =
        small && masses && velocities ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "random placement: out of memory");
    for (int32_t i = 0; s == RC_STATUS_OK && i < count; i++) small[i] = radii[i] * shrink, masses[i] = 1;
    if (s == RC_STATUS_OK)
        s = rc_placement_fill(RC_PLACEMENT_RANDOM, dimension, box, periodic, count, small, seed, positions);
    if (s == RC_STATUS_OK)
        s = rc_velocities_draw_maxwell_boltzmann(dimension, count, masses, 1,
                                                 rc_rng_stream_seed(seed, RC_RNG_STREAM_VELOCITIES), velocities);
    if (s == RC_STATUS_OK) {
        rc_edmd_def def = rc_edmd_default_def();
        def.dimension = dimension;
        for (int a = 0; a < 3; a++) def.box[a] = box[a], def.periodic[a] = periodic[a];
        def.count = count, def.positions = positions, def.velocities = velocities;
        def.radii = small, def.masses = masses, def.contact_tolerance = 0;
        def.compression = (rc_edmd_compression){.rate = 0.03, .packing_fraction = fraction, .jamming_pressure = 1e6};
        s = grow(&def, fraction, positions);
    }
    free(small), free(masses), free(velocities);
    return s;
}
