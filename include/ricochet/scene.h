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
