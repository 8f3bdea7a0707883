/* SPDX-License-Identifier: MIT */
/* ricochet/scene.h: scene files, the whole simulations that `ricochet run` reads (docs/formats.md, "Scene files for
 * ricochet run").
 *
 * A scene file describes a run: the world (dimension, box, walls, gravity, restitution), the particles (a lattice,
 * random placement or an explicit list) and their velocities (Maxwell-Boltzmann at a temperature, or given), the
 * engine's settings, when to stop, how long to equilibrate and what to write. The reader checks every field and names
 * it on failure ("particles[3].radius: -1 is not positive", "particles[2] overlaps particles[5]"); it builds the
 * engine's definition, whose arrays the scene owns, and the run settings. Running a scene, with its outputs, is the
 * run driver's job (ricochet/run.h). */
#ifndef RICOCHET_SCENE_H
#define RICOCHET_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/edmd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Initial states: placement, sizes and velocities (src/scene: placement.c, sizes.c, squeeze.c) ---------------- */

typedef enum rc_placement {
    RC_PLACEMENT_FCC,          /* 3D face-centred cubic */
    RC_PLACEMENT_SIMPLE_CUBIC, /* 3D */
    RC_PLACEMENT_SQUARE,       /* 2D */
    RC_PLACEMENT_HEXAGONAL,    /* 2D triangular lattice */
    RC_PLACEMENT_RANDOM        /* random sequential insertion, seeded, any dimension */
} rc_placement;

/* Parses "fcc", "simple_cubic", "square", "hexagonal", "random". */
RC_API rc_status rc_placement_parse(const char *name, rc_placement *placement);
RC_API const char *rc_placement_name(rc_placement placement);

/* Scales box (in: the shape, any positive edges; out: the edges) so that count spheres (or disks) of the given radii
 * fill the fraction packing_fraction of it. In 2D box[2] is left alone. */
RC_API rc_status rc_box_scale_to_packing_fraction(int dimension, int32_t count, const double *radii,
                                                  double packing_fraction, double box[3]);

/* Places count particles of the given radii in the box [0, box) (clear of the faces along non-periodic axes) and
 * writes their centres to positions (3 * count; z = 0 in 2D). Lattices take the smallest lattice with at least count
 * sites that fits, filling sites in order; random placement tries seeded insertion. Returns RC_STATUS_INVALID_ARGUMENT,
 * with a sentence saying why, when the particles cannot be placed without overlap. */
RC_API rc_status rc_placement_fill(rc_placement placement, int dimension, const double box[3], const bool periodic[3],
                                   int32_t count, const double *radii, uint64_t seed, double *positions);

/* A species of a mixture: the radius and mass of its particles and its number fraction. */
typedef struct rc_species {
    double radius;
    double mass;
    double fraction; /* in [0, 1]; the fractions of a mixture sum to 1 (within 1e-9) */
} rc_species;

/* Gives count particles their species (labels: 0 .. kinds - 1), radii and masses. Species s gets
 * floor(fraction_s * count) particles, and the particles left over go one each to the species with the largest
 * remainders fraction_s * count - floor(...) (ties: the lower index), so the counts sum to count. The labels are then
 * shuffled with a seeded generator, so that a lattice filled in index order is mixed, not layered by species. */
RC_API rc_status rc_species_fill(int32_t kinds, const rc_species *species, int32_t count, uint64_t seed,
                                 int32_t *labels, double *radii, double *masses);

typedef enum rc_size_kind {
    RC_SIZE_KIND_UNIFORM,   /* uniform on mean (1 -/+ sqrt(3) polydispersity): needs polydispersity < 1/sqrt(3) */
    RC_SIZE_KIND_LOGNORMAL, /* ln d normal, cut at truncate standard deviations of ln d either side */
    RC_SIZE_KIND_GAUSSIAN   /* d normal, cut at truncate standard deviations either side: needs every kept d > 0 */
} rc_size_kind;

/* A continuous distribution of diameters. The mean and the polydispersity (standard deviation / mean) are those of
 * the distribution as drawn, after the truncation: the underlying normal is widened to make up for the cut. */
typedef struct rc_size_distribution {
    rc_size_kind kind;
    double mean;           /* mean diameter, > 0 */
    double polydispersity; /* in [0, 1] */
    double truncate;       /* lognormal and gaussian: standard deviations of the underlying normal kept either side,
                            * in [0.5, 10] (the scene's default is 3); unused by uniform */
} rc_size_distribution;

/* Parses "uniform", "lognormal", "gaussian". */
RC_API rc_status rc_size_kind_parse(const char *name, rc_size_kind *kind);
RC_API const char *rc_size_kind_name(rc_size_kind kind);
/* Draws count radii (half the diameters) from the distribution with a seeded generator, in index order.
 * RC_STATUS_INVALID_ARGUMENT names the parameter that is out of range ("polydispersity: ..."). */
RC_API rc_status rc_size_distribution_sample(const rc_size_distribution *sizes, int32_t count, uint64_t seed,
                                             double *radii);

/* Draws velocities (3 * count; z = 0 in 2D) from the Maxwell-Boltzmann distribution at temperature kT with a seeded
 * generator, removes the centre-of-mass velocity and rescales so that the kinetic temperature is exactly kT
 * (2K / (d (N - 1))). */
RC_API rc_status rc_velocities_draw_maxwell_boltzmann(int dimension, int32_t count, const double *masses,
                                                      double temperature, uint64_t seed, double *velocities);

/* ---- Scenes ---------------------------------------------------------------------------------------------------- */

/* What a run writes: "output" in the file. */
typedef struct rc_run_output {
    const char *directory;     /* default "out"; the string belongs to the scene (or to whoever replaces it) */
    double every;              /* simulation time between frames and CSV rows; INFINITY: only the first and the last */
    bool xyz;                  /* DIRECTORY/trajectory.xyz (default true) */
    bool csv;                  /* DIRECTORY/observables.csv (default true) */
    bool h5md;                 /* DIRECTORY/trajectory.h5md: frames and observables in H5MD (default false) */
    uint64_t every_collisions; /* event-driven runs: collisions between frames and rows instead of `every` (0: none) */
    double checkpoint_every;   /* simulation time between checkpoints, DIRECTORY/checkpoint.rcp (0: none) */
    bool gsd;                  /* DIRECTORY/trajectory.gsd: frames and observables in HOOMD's GSD (default false) */
    bool lammps_dump;          /* DIRECTORY/trajectory.lammpstrj: frames as a LAMMPS dump custom (default false) */
} rc_run_output;

/* What a run measures as it goes: "measure" in the file (docs/formats.md, "Transport and structure"). */
typedef struct rc_run_measure {
    bool on;                   /* "measure" is given with something to measure */
    bool diffusion;            /* the MSD and VACF of unwrapped positions and velocities, and D (msd.csv, vacf.csv) */
    bool viscosity;            /* shear and bulk viscosity from the Helfand moments of the stress (viscosity.csv) */
    bool thermal_conductivity; /* from the Helfand moment of the heat flux (thermal_conductivity.csv) */
    bool rdf;                  /* g(r) per species pair and its contact value (rdf.csv) */
    bool structure_factor;     /* S(k) (structure_factor.csv) */
    int rdf_bins;              /* "rdf": {"bins"}; 0: 100 per mean diameter */
    double rdf_range;          /* "rdf": {"range"}; 0: 5 mean diameters, at most half the smallest edge */
    double from;               /* the time the measurement starts (at the end of the equilibration when later) */
    double interval;           /* time between the correlators' samples; 0: the Enskog mean free time */
    double structure_interval; /* time between the frames of g(r) and S(k); 0: 100 intervals */
    int points;                /* lags per level of the multiple-tau correlators (even, default 16) */
    int blocks;                /* blocks of time whose spread gives the errors (default 10) */
    double fit[2];             /* the lag times [t0, t1] of the slopes of the MSD and the Helfand moments; 0, 0: 10 to
                                * 40 mean free times (at most half the measured span) */
} rc_run_measure;

/* How to run a scene. */
typedef struct rc_edmd_run_settings {
    rc_edmd_limits stop;          /* "stop": the first limit reached ends the run; at least one is set */
    bool equilibrate;             /* "equilibration" is given: averages in the summary start at its end */
    rc_edmd_limits equilibration; /* the first of these limits reached ends the equilibration */
    rc_run_output output;
    double packing_fraction; /* the particles' volume (area in 2D) over the box's, from the built state */
    double temperature;      /* the file's "temperature", or -1 when it has none */
    bool compression_stops;  /* "compression" is given and the run ends at its target ("then": "stop") */
    rc_run_measure measure;  /* "measure" */
} rc_edmd_run_settings;

typedef struct rc_edmd_scene rc_edmd_scene;

/* An event-driven scene read and checked, from a file or from text (ricochet/core.h, "Definition files"). */
RC_API rc_status rc_edmd_scene_create_from_file(const char *path, rc_edmd_scene **scene);
RC_API rc_status rc_edmd_scene_create_from_text(const char *text, rc_edmd_scene **scene);
RC_API void rc_edmd_scene_destroy(rc_edmd_scene *scene);

/* The engine's definition: the particles placed, their velocities drawn, every setting of the file applied. Its
 * arrays live as long as the scene. */
RC_API const rc_edmd_def *rc_edmd_scene_def(const rc_edmd_scene *scene);
RC_API const rc_edmd_run_settings *rc_edmd_scene_settings(const rc_edmd_scene *scene);

/* rc_edmd_create on the scene's definition, with the engine's failures told in the file's terms ("particles[12]"
 * rather than "particle 12"). */
RC_API rc_status rc_edmd_scene_create_engine(const rc_edmd_scene *scene, rc_edmd **engine);

#ifdef __cplusplus
}
#endif
#endif
