/* SPDX-License-Identifier: MIT */
/* ricochet/edmd.h: the event-driven engine for hard spheres (3D) and hard disks (2D) with stable event detection
 * (Bannerman et al. 2014; docs/design.md, "The event-driven engine").
 *
 * Build an engine from a definition (rc_edmd_default_def, then fill in the particles), advance it with
 * rc_edmd_advance, read its observables with rc_edmd_measure and its state with rc_edmd_fill_frame. The placement
 * helpers build initial states: lattices, random non-overlapping placement, Maxwell-Boltzmann velocities.
 * The prediction functions are the pure event-detection rules the engine uses, exposed for tests and experiments. */
#ifndef RICOCHET_EDMD_H
#define RICOCHET_EDMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"
#include "ricochet/impact.h"
#include "ricochet/ranks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Event detection rules (pure functions of the current state; times are from now) ---------------------------- */

typedef enum rc_event_detection {
    RC_EVENT_DETECTION_STABLE =
        0, /* the stable rule: the first t >= 0 with f(t) <= 0 and f'(t) < 0 (paper sections 4-5) */
    RC_EVENT_DETECTION_NAIVE = 1 /* the textbook root with no clamp: may be negative or missing; for experiments only */
} rc_event_detection;

/* Two spheres with equal acceleration: relative position r (3), relative velocity v (3), contact distance sigma.
 * Returns the time until they collide, or INFINITY when they never do. The stable rule never returns a negative
 * time: an overlapped, approaching pair collides now (0); an overlapped, receding pair never does. */
RC_API double rc_edmd_predict_pair(rc_event_detection rule, const double r[3], const double v[3], double sigma);

/* A sphere and a plane under acceleration: gap c = n.(x - p) - radius, normal speed b = n.v, normal acceleration
 * a = n.g. Returns the time until the sphere hits the plane, or INFINITY. With a < 0 the stable rule always finds
 * an event, so a ball can never fall through. */
RC_API double rc_edmd_predict_plane(rc_event_detection rule, double c, double b, double a);

/* Two spheres whose contact distance grows (compression, docs/edmd.md): contact distance sigma now, growing at
 * sigma_dot >= 0. The overlap function f(t) = |r + v t|^2 - (sigma + sigma_dot t)^2 = A t^2 + 2 B t + C with
 * A = |v|^2 - sigma_dot^2 (negative when growth outruns the relative speed: such a pair always meets),
 * B = r.v - sigma sigma_dot, C = |r|^2 - sigma^2. Returns the smallest t >= 0 with f(t) <= 0 and f'(t) < 0 (the
 * stable rule; 0 for an overlapped pair closing in on the growth), or INFINITY. */
RC_API double rc_edmd_predict_growing_pair(const double r[3], const double v[3], double sigma, double sigma_dot);

/* Parses "stable" or "naive". */
RC_API rc_status rc_event_detection_parse(const char *name, rc_event_detection *rule);
RC_API const char *rc_event_detection_name(rc_event_detection rule);

/* ---- The engine ------------------------------------------------------------------------------------------------- */

/* A plate's motion along its normal: the displacement amplitude sin(angular_frequency t + phase) (docs/edmd.md,
 * "Oscillating walls"). All zero: the wall stands still. */
typedef struct rc_wall_oscillation {
    double amplitude;         /* > 0 */
    double angular_frequency; /* > 0 */
    double phase;             /* radians, at time 0 */
} rc_wall_oscillation;

/* A restitution that depends on the normal impact speed v (docs/edmd.md, "Restitution that depends on impact speed"),
 * in place of a number: a table of (v, e) points, interpolated linearly and constant beyond its ends, or the
 * viscoelastic law of Brilliantov, Poeschel and Schwager, e(v) = 1 - C1 x + C2 x^2 with x = delta v^(1/5),
 * C1 = 1.15344, C2 = 0.79826 (the series' leading terms, Schwager and Poeschel, PRE 78, 051304 (2008)), held at its
 * least value, 0.583, beyond x = C1 / (2 C2). Kind CONSTANT (zero, the default): the number given beside it. */
#define RC_RESTITUTION_TABLE_MAX 32
typedef enum rc_restitution_kind {
    RC_RESTITUTION_KIND_CONSTANT = 0,
    RC_RESTITUTION_KIND_TABLE = 1,
    RC_RESTITUTION_KIND_VISCOELASTIC = 2,
    RC_RESTITUTION_KIND_MATERIAL = 3 /* the viscoelastic law with delta from the material and the pair (below) */
} rc_restitution_kind;
typedef struct rc_restitution_law {
    rc_restitution_kind kind;
    int32_t points;                            /* TABLE: 1 to RC_RESTITUTION_TABLE_MAX */
    double table[RC_RESTITUTION_TABLE_MAX][2]; /* TABLE: (speed >= 0, strictly increasing; e in [0, 1]) */
    double delta;                              /* VISCOELASTIC: > 0, in velocity^(-1/5) */
    /* MATERIAL: Young's modulus Y > 0, Poisson's ratio nu in (-1, 1/2], the dissipative constant A > 0 (a time) of
     * the viscoelastic Hertz force rho xi^(3/2) + (3/2) A rho xi^(1/2) dxi/dt, rho = 2 Y sqrt(R_eff) / (3 (1 - nu^2))
     * (both bodies of this material; a wall is of it too, flat, of infinite mass); delta =
     * A ((3/2)^(3/2) Y sqrt(R_eff) / (m_eff (1 - nu^2)))^(2/5) for each pair's reduced mass and radius */
    double young, poisson, dissipation;
} rc_restitution_law;
/* RC_STATUS_INVALID_ARGUMENT naming name ("restitution.table[2][0]: ...") when the law is not one of the above. */
RC_API rc_status rc_restitution_law_check(const rc_restitution_law *law, const char *name);
/* The law's e at normal impact speed v >= 0 (a checked law of kind TABLE or VISCOELASTIC; MATERIAL: NAN, it depends
 * on the pair, see rc_restitution_law_delta). */
RC_API double rc_restitution_law_value(const rc_restitution_law *law, double speed);
/* MATERIAL: the viscoelastic delta of a pair of reduced mass m_i m_j / (m_i + m_j) and reduced radius
 * a_i a_j / (a_i + a_j) (against a wall: the particle's mass and radius). */
RC_API double rc_restitution_law_delta(const rc_restitution_law *law, double reduced_mass, double reduced_radius);

/* A wall that returns every particle with a velocity drawn from the wall-flux Maxwellian at its temperature (docs/edmd.md,
 * "Thermal walls"). Temperature 0 (default): not thermal. */
typedef struct rc_wall_thermal {
    double temperature;   /* kT > 0 */
    double accommodation; /* the fraction of hits that are thermalised, in (0, 1]; the others reflect elastically; 0:
                           * 1 (every hit) */
} rc_wall_thermal;

/* A plane; particles live on the side the normal points to. */
typedef struct rc_wall {
    double point[3];
    double normal[3];                   /* need not be unit length; it is normalised */
    double restitution;                 /* in [0, 1] */
    bool rough;                         /* false (the zero default): smooth, tangential_restitution unused */
    double tangential_restitution;      /* rough walls: beta in [-1, 1] (docs/edmd.md, "Rough spheres and disks") */
    rc_wall_oscillation oscillation;    /* zero (default): static */
    rc_wall_thermal thermal;            /* zero (default): not thermal; a thermal wall takes no restitution */
    rc_restitution_law restitution_law; /* kind CONSTANT (default): restitution above */
} rc_wall;

/* Walton's Coulomb-limited tangential restitution (docs/edmd.md, "Rough spheres and disks"): the tangential impulse
 * of a contact is that of tangential_restitution unless it exceeds friction times the normal impulse, where the
 * contact slides and the impulse is cut to that bound. */
typedef struct rc_edmd_coulomb {
    bool on;                       /* false (default): the constant tangential restitution */
    double friction;               /* mu >= 0 */
    double tangential_restitution; /* beta_0 in [-1, 1]: the sticking contacts' restitution */
} rc_edmd_coulomb;

/* The tangential rule of one pair of species (docs/edmd.md, "Rough spheres and disks"; a scene's `interactions`
 * entry with `tangential_restitution` or `coulomb`): it replaces the definition's pair rule for that pair. */
typedef struct rc_pair_roughness {
    int32_t species[2];            /* either order */
    double tangential_restitution; /* beta in [-1, 1]; ignored when coulomb.on */
    rc_edmd_coulomb coulomb;       /* Walton's model for the pair, or off */
} rc_pair_roughness;

/* Inelastic collapse control (docs/design.md, "Inelastic collapse"; docs/edmd.md): what keeps the clock from freezing in
 * an endless run of zero-time events when e < 1. */
typedef struct rc_edmd_collapse {
    double contact_time;   /* TC model: a collision within this time of either body's previous collision is elastic
                            * (Luding and McNamara 1998); 0 (default): off */
    double elastic_speed;  /* a collision whose normal approach speed is below this is elastic; 0 (default): off */
    bool sleep;            /* under gravity, a particle at rest on static supports is frozen until hit (default on) */
    double sleep_speed;    /* the speed below which a supported particle falls asleep; 0 (default): 1e-12 sqrt(|g| d)
                            * with d the largest diameter */
    double sleep_friction; /* static friction at rest: a slow particle also sleeps where sticking friction of this
                            * coefficient at its supports would hold it (one support within atan(sleep_friction) of
                            * straight up, a wedge between two, or several: docs/edmd.md); 0 (default):
                            * frictionless supports only (gravity in their cone) */
    double kick_speed;     /* a resting contact that gravity presses but no rule can lift (a ball on a sliding or
                            * rolling support) is pushed apart at this normal speed; 0 (default): 1e-4 sqrt(|g| d) */
    uint64_t stall_events; /* consecutive events without the clock advancing after which rc_edmd_advance stops with
                            * RC_STATUS_NOT_TERMINATED naming the particles; default 1e6; 0: never stop */
} rc_edmd_collapse;

/* Compression (Lubachevsky and Stillinger 1990; docs/edmd.md, "Compression"): every diameter grows linearly in time,
 * d sigma_i / dt = rate sigma_i(0), collisions push pairs apart at least at the growth speed, and every `window`
 * collisions per particle the velocities are scaled back to the initial temperature and the reduced pressure
 * Z = PV / (N kT) of the window is measured. Growth ends (the diameters freeze) at the first target reached; the
 * engine's advance returns there, and rc_edmd_compression_state tells which. Needs the stable rule, no gravity and a
 * positive temperature; clusters are off (every collision binary) in an engine that compresses. */
typedef struct rc_edmd_compression {
    double rate;             /* > 0 to compress; 0 (default): off */
    double packing_fraction; /* target: stop growing at this packing fraction (0: none) */
    double reduced_pressure; /* target: stop when a window's Z reaches this (0: none) */
    bool jammed;             /* target: stop at jamming, a window's Z above jamming_pressure (or a clock that no
                              * longer advances) */
    double jamming_pressure; /* default RC_EDMD_JAMMING_PRESSURE */
    double window;           /* pair collisions per particle between rescalings and measurements; default 2 */
} rc_edmd_compression;

/* The reduced pressure past which a compression counts as jammed by default: by the free-volume law
 * Z = d phi_J / (phi_J - phi) the packing fraction is then within d phi_J 1e-12 (about 2e-12) of phi_J, a few
 * hundred units in the last place of the positions of a box of a few tens of diameters. */
#define RC_EDMD_JAMMING_PRESSURE 1e12
/* Lees-Edwards shear (docs/edmd.md, "Shear"): sliding-brick periodic images. The image of the box across the gradient
 * axis's boundary is shifted along the flow axis by delta(t) = rate L_gradient t (mod L_flow) and moves at
 * rate L_gradient; the streaming velocity is rate (x_gradient - L_gradient / 2) along the flow axis. Both axes must be
 * periodic and differ; no gravity, no walls but the box's on the third axis; collisions are binary (no clusters). */
typedef struct rc_edmd_shear {
    bool on;       /* false (default): no shear; on with rate 0 runs the sheared code with no shear */
    double rate;   /* the shear rate, finite, either sign */
    int flow;      /* the axis the streaming velocity points along */
    int gradient;  /* the axis it varies along */
    double offset; /* the images' offset along flow at clock 0, in [0, box[flow]) (default 0; a saved sheared
                      frame's tilt, rc_frame.tilt) */
} rc_edmd_shear;
/* Constant pressure (docs/edmd.md, "Barostat"): the hybrid of event-driven dynamics and Monte Carlo volume moves.
 * Every `interval` of simulation time the engine proposes ln V' = ln V + u, u uniform in [-delta, delta], scales the
 * box and every position by (V'/V)^(1/d) (velocities unchanged), rejects the move when two particles would overlap,
 * and otherwise accepts it with probability min(1, exp(-beta P (V' - V) + (N + 1) ln(V'/V))) (Eppenga and Frenkel
 * 1984's move in ln V): the volumes then follow V^N exp(-beta P V) times the hard cores' free volume, the
 * isothermal-isobaric ensemble. kT is the thermostat's temperature, or without one the kinetic temperature
 * 2K / (d N_f), which elastic collisions conserve. Needs every axis periodic, no walls, gravity, shear, compression or
 * interactions, and elastic collisions (restitution 1). The draws come from their own stream seeded by def.seed. */
typedef struct rc_edmd_barostat {
    double pressure;            /* P > 0 to run at constant pressure; 0 (default): off */
    double interval;            /* simulation time between volume moves (> 0) */
    double max_log_volume_step; /* delta, in (0, 1]; default 0.01 */
    double adapt_until;         /* before this simulation time delta adapts (x 1.2 or / 1.2 every 50 moves toward
                                 * an acceptance of 0.3, which breaks detailed balance: measure after it); 0: never */
} rc_edmd_barostat;
/* ---- Stepped pair potentials (docs/edmd.md, "Stepped potentials") ---------------------------------------------
 * A pair of particles has a hard core at its contact distance sigma_ij (the sum of the radii) and, for its pair of
 * species, any number of steps: at radius lambda_k sigma_ij the pair's energy changes. */

/* One step: the pair's energy inside radius * sigma_ij (out from the next step inward, or from the core). */
typedef struct rc_step {
    double radius; /* a multiple of the contact distance, > 1; a pair potential's radii increase */
    double energy; /* finite; beyond the outermost step the energy is 0 */
} rc_step;

/* The steps of one pair of species (either order). */
typedef struct rc_interaction {
    int32_t species[2];
    int32_t step_count;   /* 0: a hard core only */
    const rc_step *steps; /* step_count steps, radii increasing */
} rc_interaction;

/* ---- Bonds (docs/edmd.md, "Bonds") ----------------------------------------------------------------------------
 * A bonded pair interacts by its bond type instead of its species' interactions: a hard core at inner sigma_ij, an
 * outer wall at outer sigma_ij that the pair can never cross outward (it reflects elastically), and optionally steps
 * between them. Radii are multiples of the pair's contact distance, so that compression grows bonds with it. */
typedef struct rc_bond_type {
    double inner;         /* the core, >= 1 */
    double outer;         /* the unbreakable wall, > inner (and > every step) */
    int32_t step_count;   /* 0: a square-well bond with no step inside */
    const rc_step *steps; /* radii increasing in (inner, outer); energy inside each radius, 0 from the last to outer */
} rc_bond_type;

/* One bond between particles a and b (input indices, a != b) of type `type` (an index of rc_edmd_def.bond_types). */
typedef struct rc_edmd_bond {
    int32_t a, b, type;
} rc_edmd_bond;

/* What a pair of species without an entry gets. */
typedef enum rc_mixing {
    RC_MIXING_NONE,     /* nothing: every pair of species needs an entry (an error otherwise) */
    RC_MIXING_HARD,     /* a hard core only */
    RC_MIXING_BERTHELOT /* (a, b) mixes the entries (a, a) and (b, b), which need as many steps, each of one sign:
                         * radius k the mean of theirs (Lorentz), energy k sign * sqrt(|e_aa,k e_bb,k|) (Berthelot) */
} rc_mixing;

/* Parses "none", "hard", "lorentz_berthelot". */
RC_API rc_status rc_mixing_parse(const char *name, rc_mixing *mixing);
RC_API const char *rc_mixing_name(rc_mixing mixing);

/* A continuous pair potential to be made into steps (docs/edmd.md, "Continuous potentials as steps"). Lengths are
 * absolute; u(r) is:
 *   RC_POTENTIAL_KIND_LENNARD_JONES  4 epsilon ((sigma/r)^12 - (sigma/r)^6), cut (not shifted) at cutoff;
 *   RC_POTENTIAL_KIND_WCA            the same plus epsilon up to 2^(1/6) sigma, 0 beyond (cutoff 0: 2^(1/6) sigma);
 *   RC_POTENTIAL_KIND_YUKAWA         epsilon sigma exp(-kappa (r - sigma)) / r, cut at cutoff;
 *   RC_POTENTIAL_KIND_TABLE          linear between the rows (r, u) of table, r increasing; cutoff 0: its last r. */
typedef enum rc_potential_kind {
    RC_POTENTIAL_KIND_LENNARD_JONES,
    RC_POTENTIAL_KIND_WCA,
    RC_POTENTIAL_KIND_YUKAWA,
    RC_POTENTIAL_KIND_TABLE
} rc_potential_kind;

typedef struct rc_potential {
    rc_potential_kind kind;
    double epsilon, sigma, kappa;
    double cutoff;            /* the outermost step's radius */
    int32_t steps;            /* how many steps, >= 1 */
    const double (*table)[2]; /* RC_POTENTIAL_KIND_TABLE: table_count rows (r, u) */
    int32_t table_count;
} rc_potential;

/* Parses "lennard_jones", "wca", "yukawa", "table". */
RC_API rc_status rc_potential_kind_parse(const char *name, rc_potential_kind *kind);
/* u(r) of p (the continuous potential, before it is made into steps). */
RC_API double rc_potential_energy(const rc_potential *p, double r);
/* Makes p into p->steps steps of a pair whose hard core is at contact (absolute): the radii split [contact, cutoff]
 * into equal widths, and each step's energy is the average of u over its shell weighted by the shell's volume in
 * dimension d, so that the integral of u over space from the core to the cut-off is kept exactly (the mean-field
 * energy). Radii come out as multiples of contact, as rc_step wants. steps holds p->steps entries. Refuses a
 * cut-off at or inside the core, fewer than one step and potentials that are not finite on the shells. */
RC_API rc_status rc_potential_discretise(const rc_potential *p, int dimension, double contact, rc_step *steps);

/* The first time t >= 0 at which a pair inside a sphere of radius R (relative position r, velocity v, equal
 * accelerations) leaves it: the exit event of a step. The stable rule (docs/edmd.md) uses the overlap function
 * g = R^2 - |r|^2 of the recorded step: a pair recorded inside but found a rounding error outside and receding exits
 * now (never at a negative time), and a grazing pair exits at its closest approach; the naive rule is the textbook
 * larger root (-b + sqrt(D)) / |v|^2, negative when found outside and none when D < 0. */
RC_API double rc_edmd_predict_exit(rc_event_detection rule, const double r[3], const double v[3], double radius);

/* The first time t >= 0 at which a sphere meets a plate moving along its normal by A sin(omega t + phase) (docs/edmd.md,
 * "Oscillating walls"): gap is the sphere's distance from the plate now (centre less radius), speed and acceleration
 * its normal velocity and acceleration (the plate's motion not taken off). The stable rule extended: the smallest
 * t >= 0 with f(t) <= 0 and f'(t) < 0, f the gap at t; never negative; INFINITY when none before horizon. Found on the
 * pieces between the zeros of f'' = acceleration + A omega^2 sin(omega t + phase), where f' is monotone, so no root is
 * missed between samples. */
RC_API double rc_edmd_predict_oscillating_plane(double gap, double speed, double acceleration, double amplitude,
                                                double omega, double phase, double horizon);

typedef struct rc_edmd_def {
    int dimension;          /* 2 or 3 */
    double box[3];          /* edge lengths; the box spans [0, box[k]); in 2D box[2] is ignored */
    bool periodic[3];       /* a non-periodic axis is closed by two walls at 0 and box[k] */
    double box_restitution; /* restitution of those box walls (default 1) */
    double gravity[3];
    double restitution; /* e for particle pairs, in [0, 1] (default 1) */
    /* Rough spheres and disks (docs/edmd.md, "Rough spheres and disks"): the tangential restitution beta of pairs
     * (-1, the default: smooth) and of the box walls, Walton's model for pairs and walls, and the reduced moment of
     * inertia q = 4 I / (m sigma^2) per particle. The engine keeps spins (3D vectors, 2D scalars) only when some
     * pair or wall is rough. */
    double tangential_restitution;     /* beta in [-1, 1] for pairs (default -1) */
    double box_tangential_restitution; /* beta in [-1, 1] for the walls of closed box axes (default -1) */
    rc_edmd_coulomb coulomb;
    const rc_pair_roughness *pair_roughness; /* per pair of species (species below species_count), or NULL: the */
    int32_t pair_roughness_count;            /* pairs without an entry take tangential_restitution and coulomb */
    const double *inertias;                  /* count reduced moments q, in (0, 2/3] in 3D and (0, 1] in 2D, or NULL:
                                        * 2/5 (solid spheres) in 3D, 1/2 (disks) in 2D */
    const double *angular_velocities;        /* count spins (3 per particle in 3D, 1 in 2D: the z component), or NULL:
                                        * none; only a rough engine takes nonzero spins */
    const bool *fixed;                       /* count flags, or NULL: fixed particles (docs/edmd.md, "Fixed obstacles")
                                        * never move (infinite mass, no gravity, no thermostat); their velocities must
                                        * be zero */
    rc_restitution_law restitution_law; /* e for particle pairs by impact speed; kind CONSTANT (default): restitution */
    const rc_wall *walls;               /* extra static planes */
    int32_t wall_count;
    int32_t count;                /* particles; their arrays are copied */
    const double *positions;      /* 3 * count */
    const double *velocities;     /* 3 * count */
    const double *radii;          /* count */
    const double *masses;         /* count */
    const int32_t *species;       /* count, or NULL for all 0 */
    rc_event_detection detection; /* default RC_EVENT_DETECTION_STABLE */
    double shell;                 /* neighbour-list shell as a fraction of the largest diameter; 0 (default): chosen
                                 * from the density (0.5 at packing fraction 0.45, up to 1.5 in dilute gases) */
    double thermostat_rate;       /* Andersen thermostat: velocity redraws per particle per unit time (0: off) */
    double thermostat_temperature;
    uint64_t seed;             /* for the thermostat */
    double reorder_interval;   /* pair collisions per particle between space-filling-curve reorders (0: never) */
    bool separation_histogram; /* collect the histogram of pair separations at impact (rc_edmd_separation_histogram) */
    /* Simultaneous contacts: when a collision fires, the bodies touching the colliding pair (relative gap below
     * contact_tolerance), transitively, walls included, form a cluster that src/impact resolves with these options
     * (their restitution is replaced by the colliding contact's). A lone pair takes the binary rule. */
    double contact_tolerance; /* default 1e-9; 0: no clusters, every collision binary (classic processing) */
    rc_impact_options impact; /* default rc_impact_default_options() */
    rc_edmd_collapse collapse;
    rc_edmd_compression compression;
    rc_edmd_shear shear;       /* Lees-Edwards boundaries (default off); the velocities given are in the lab frame */
    rc_edmd_barostat barostat; /* constant pressure (default off) */
    /* Stepped potentials (interaction_count 0: hard spheres). Species are def.species (NULL: all 0). */
    const rc_interaction *interactions;
    int32_t interaction_count;
    int32_t species_count; /* species indices run from 0 to species_count - 1; 0: the largest in def.species,
                                 * plus one */
    rc_mixing mixing;      /* for the pairs of species without an entry; default RC_MIXING_NONE */
    bool transport;        /* keep the Helfand moments of the stress and the heat flux (rc_edmd_transport_moments;
                                 * docs/formats.md, "Transport"): needs every axis periodic, no walls, gravity,
                                 * thermostat, shear, compression or stepped potentials, restitution 1 */
    /* Threads asked for (docs/edmd.md, "Parallel"; default 1): at least 1 and at most the domains the system cuts
     * into (rc_edmd_domains). Any count gives the bits of one thread; rc_edmd_threads says how many ran, and why
     * fewer when fewer did. */
    int32_t threads;
    /* Bonds (bond_count 0: none): every pair at most once, each starting between its core and its outer wall. */
    const rc_bond_type *bond_types;
    int32_t bond_type_count;
    const rc_edmd_bond *bonds;
    int32_t bond_count;
} rc_edmd_def;

RC_API rc_edmd_def rc_edmd_default_def(void);

/* The checks of a shear against the rest of the definition; messages name "shear.rate", "shear.flow",
 * "shear.gradient" (or the conflicting gravity or walls). */
RC_API rc_status rc_edmd_def_check_shear(const rc_edmd_def *def);
/* Adds the streaming velocity rate (x_gradient - L_gradient / 2) along the flow axis to def's velocities (from its
 * positions): thermal velocities drawn at rest become the steady profile, so that a run starts sheared. */
RC_API void rc_edmd_def_add_shear_profile(const rc_edmd_def *def, double *velocities);

/* rc_edmd_create accepts pairs that overlap by at most this fraction of their contact distance: the rounding residue
 * a run leaves on the pair it stopped at (the stable rule heals such overlaps). Anything deeper is an error. */
#define RC_EDMD_OVERLAP_TOLERANCE 1e-9

typedef struct rc_edmd rc_edmd;

/* Checks the definition (finite numbers, radii and masses positive, every particle inside the box and on the inner
 * side of every wall, no two particles overlapping, periodic edges at least twice the neighbour range) and builds the
 * engine at time 0. On failure rc_error_get() names the particle or field ("particle 12 overlaps particle 40 ..."). */
RC_API rc_status rc_edmd_create(const rc_edmd_def *def, rc_edmd **engine);
/* The checks of the initial state that rc_edmd_create makes, without building the engine: every particle finite,
 * with a positive radius and mass, no z in 2D, inside the box (a radius from the faces of closed axes), on the free
 * side of every wall, no two overlapping beyond RC_EDMD_OVERLAP_TOLERANCE. Messages name "particle i" and "wall w". */
RC_API rc_status rc_edmd_def_check(const rc_edmd_def *def);
RC_API void rc_edmd_destroy(rc_edmd *engine);

/* Where rc_edmd_advance stops: the first limit reached. Zero means no limit for the counts; INFINITY for time. */
typedef struct rc_edmd_limits {
    double time;         /* absolute simulation time */
    uint64_t collisions; /* absolute count of pair collisions */
    uint64_t events;     /* absolute count of processed events */
} rc_edmd_limits;

/* Processes events in time order until a limit is reached. When the time limit is reached the engine's clock is
 * exactly limits.time. Returns RC_STATUS_OK; RC_STATUS_NOT_TERMINATED when a cluster's impact did not end within
 * def.impact.max_iterations or the clock stalled (def.collapse.stall_events), with rc_error_get() naming the
 * particles (by input index) and the time; the engine is then left at that event and must not be advanced again. */
RC_API rc_status rc_edmd_advance(rc_edmd *engine, const rc_edmd_limits *limits);

/* The simulation time of the next pending event (a collision, a wall, a list rebuild, the thermostat), or INFINITY
 * when nothing will ever happen again (every particle asleep or at rest, no thermostat). Changes no trajectory. */
RC_API double rc_edmd_next_event(rc_edmd *engine);

RC_API double rc_edmd_time(const rc_edmd *engine);
/* The events and the pair collisions processed so far (rc_edmd_observables' events and collisions) without the sums
 * over every particle rc_edmd_measure makes: what a driver checks between chunks of events. */
RC_API void rc_edmd_counts(const rc_edmd *engine, uint64_t *events, uint64_t *collisions);
/* Whether the engine's box is sheared (rc_edmd_def.shear.on). */
RC_API bool rc_edmd_is_sheared(const rc_edmd *engine);
/* Whether some wall of the engine does work on the particles: it moves (rc_wall.oscillation) or is thermal
 * (rc_wall.thermal). */
RC_API bool rc_edmd_has_working_walls(const rc_edmd *engine);
/* The energy the moving and thermal walls have put into the particles so far (collisions, the grains riding plates;
 * 0 without such walls): what the energy balance (rc_edmd_observables.energy_drift) adds, the observable wall_work.
 * Kept out of rc_edmd_observables, whose layout checkpoints record. */
RC_API double rc_edmd_wall_work(const rc_edmd *engine);
/* The heat thermal wall `wall` (an index of rc_edmd_def.walls) has given the particles so far (negative: taken from
 * them); NAN for a wall that is not thermal or out of range. */
RC_API double rc_edmd_wall_heat(const rc_edmd *engine, int32_t wall);
/* The engine's walls: the definition's (their indices kept), then the two of each closed axis. */
RC_API int32_t rc_edmd_wall_count(const rc_edmd *engine);
/* Whether the engine runs at constant pressure (rc_edmd_def.barostat); its box then changes (rc_edmd_fill_frame). */
RC_API bool rc_edmd_is_isobaric(const rc_edmd *engine);
/* The threads the engine runs on, and through *note (may be NULL) why fewer than def.threads asked, or NULL when
 * none were refused (docs/edmd.md, "Parallel"). */
RC_API int32_t rc_edmd_threads(const rc_edmd *engine, const char **note);
/* Runs the engine over the processes `ranks` describes (docs/edmd.md, "Ranks"): each rank runs the events of its slab
 * of the box and sends the others what they wrote, and every rank commits them in the serial order, so that every
 * rank holds the whole system with the bits of one process. Every rank calls it with the same count on the same
 * engine before the engine's first advance, and then makes the same calls in the same order. A feature that keeps
 * the engine on one thread (rc_edmd_threads' note) keeps it on one rank: every rank then runs the whole system. Threads
 * the definition asked for are replaced by the ranks (each rank runs on one thread; the note says so). The table is
 * copied. RC_STATUS_INVALID_ARGUMENT naming "ranks" for a count below 1, a rank outside it, a count above the domains
 * (rc_edmd_domains), or an engine that has advanced on threads. */
RC_API rc_status rc_edmd_set_ranks(rc_edmd *engine, const rc_ranks *ranks);
/* The ranks the engine's events are split over (1: this process alone). */
RC_API int32_t rc_edmd_ranks(const rc_edmd *engine);
/* The domains the system cuts into (slabs of the box along its first axis, at least RC_EDMD_DOMAIN_REACHES
 * neighbour reaches wide, at most 255), the most threads it can use. */
RC_API int32_t rc_edmd_domains(const rc_edmd *engine);
#define RC_EDMD_DOMAIN_REACHES 4
RC_API int32_t rc_edmd_count(const rc_edmd *engine);
RC_API int rc_edmd_dimension(const rc_edmd *engine);

/* Counters and averages. Averages (pressure, compressibility, collision rate, mean free time) are over the interval
 * from `since` to now; rc_edmd_measure uses the start of the run. */
typedef struct rc_edmd_observables {
    double time;
    uint64_t events;     /* every event processed, including stale ones and list rebuilds */
    uint64_t collisions; /* pair collisions */
    uint64_t wall_collisions;
    uint64_t stabilising_collisions; /* collisions of a pair found overlapped and approaching (stable rule) */
    uint64_t negative_time_events;   /* events predicted before now: always 0 with the stable rule */
    uint64_t three_body_events;      /* collisions that leave a particle overlapped with two others */
    uint64_t thermostat_events;
    uint64_t neighbour_rebuilds;
    double kinetic_energy;
    double potential_energy;       /* in the gravity field (relative to the origin) plus the steps' */
    double energy;                 /* kinetic + potential */
    double dissipated_energy;      /* lost in inelastic collisions so far */
    double thermostat_energy;      /* added by the thermostat (and collapse kicks) so far */
    double energy_drift;           /* (E + dissipated - thermostat - E0) / |E0|: rounding error of the balance */
    double max_overlap;            /* the largest overlap seen at a pair collision, in length units */
    double temperature;            /* now: 2K / (d N_f) with N_f = N - 1 when momentum is conserved, else N */
    double virial;                 /* running sum of r_ij . dp_i over collisions */
    double kinetic_integral;       /* running integral of 2K dt */
    double pressure;               /* averaged over the interval */
    double compressibility;        /* Z = P V / (N kT), kT averaged over the interval */
    double collision_rate;         /* pair collisions per particle per unit time over the interval */
    double mean_free_time;         /* 1 / collision_rate */
    uint64_t clusters;             /* collisions resolved as a cluster by src/impact */
    int32_t largest_cluster;       /* bodies (particles) in the largest cluster so far */
    uint64_t impact_iterations;    /* impact-operator applications over all clusters */
    uint64_t lineality_detections; /* clusters in which implicit equality constraints were found */
    uint64_t impact_fallbacks;     /* clusters no LCP method could solve (near-singular): the binary rule acted */
    uint64_t collapses;            /* clusters that ended a collapse in progress, resolved inelastically */
    int32_t sleeping;              /* particles asleep now */
    uint64_t sleeps, wakes;        /* times a particle fell asleep, and was woken */
    uint64_t kicks;                /* resting contacts pushed apart (collapse.kick_speed) */
    double packing_fraction;       /* the particles' volume (area) over the box's, now */
    double reduced_pressure;       /* compression: Z of its last window (rc_edmd_compression_state); else NAN */
    /* under shear (NAN otherwise); temperature, the kinetic energies and pressure then use peculiar velocities */
    double shear_stress;        /* -P_{flow,gradient} over the interval, kinetic plus collisional */
    double shear_viscosity;     /* shear_stress / rate */
    double shear_work;          /* viscous heating so far: rate V times the integral of shear_stress dt */
    double shear_integral;      /* running V times the integral of P_{flow,gradient} dt */
    uint64_t step_events;       /* events at the steps of stepped potentials: crossings and bounces */
    uint64_t step_bounces;      /* of those, the pairs that lacked the energy to cross and bounced back */
    uint64_t invalid_states;    /* pairs found beyond their recorded step (the capture map) by more than
                                       * rounding, at their events and at every renewal: 0 with the stable rule */
    double volume;              /* the box's volume (area in 2D) now */
    uint64_t volume_moves;      /* barostat: volume moves tried so far (0 without) */
    double volume_acceptance;   /* barostat: the fraction of them accepted (NAN before the first) */
    double max_log_volume_step; /* barostat: delta now (NAN without) */
    /* rough particles: kinetic_energy and temperature are the translational ones, energy (and its balance) adds
     * rotational_energy; the temperatures are per degree of freedom, translational 2 K_t / (d N_f) (= temperature)
     * and rotational 2 K_r / (d_r N) with d_r = 3 in 3D, 1 in 2D (0 for smooth particles) */
    double rotational_energy;
    double translational_temperature;
    double rotational_temperature;
    double temperature_ratio; /* rotational over translational temperature (NAN when smooth or at rest) */
    /* moving and thermal walls: the energy they have put into the particles so far (rc_edmd_wall_work) and the heat
     * the thermal walls have given, all together (rc_edmd_wall_heat summed); 0 without such walls */
    double wall_work;
    double wall_heat;
} rc_edmd_observables;

RC_API void rc_edmd_measure(const rc_edmd *engine, rc_edmd_observables *out);
/* Whether the engine keeps spins: some pair or wall is rough (rc_edmd_def.tangential_restitution). */
RC_API bool rc_edmd_is_rough(const rc_edmd *engine);
/* The spins now, in input order, 3 per particle (in 2D 0, 0, w_z); RC_STATUS_INVALID_ARGUMENT when the engine is smooth. */
RC_API rc_status rc_edmd_angular_velocities(const rc_edmd *engine, double *spins);
RC_API void rc_edmd_measure_since(const rc_edmd *engine, const rc_edmd_observables *since, rc_edmd_observables *out);

/* ---- Checkpoints ------------------------------------------------------------------------------------------------ */

/* The engine's state as bytes: what rc_edmd_state_save needs. */
RC_API size_t rc_edmd_state_size(const rc_edmd *engine);
/* Renews the engine (every particle to the present, lists and events rebuilt, as the periodic reordering does) and
 * writes its state to buffer. A run that saves at time T and goes on is bit-identical to an engine built from the
 * same definition, given the state with rc_edmd_state_restore and advanced the same way. */
RC_API rc_status rc_edmd_state_save(rc_edmd *engine, void *buffer, size_t size);
/* Puts a saved state into an engine built from the same definition (RC_STATUS_INVALID_ARGUMENT, naming the mismatch,
 * otherwise). */
RC_API rc_status rc_edmd_state_restore(rc_edmd *engine, const void *buffer, size_t size);

/* ---- Compression ------------------------------------------------------------------------------------------------ */

typedef enum rc_compression_end {
    RC_COMPRESSION_END_NONE = 0,         /* no compression in this engine */
    RC_COMPRESSION_END_GROWING,          /* still growing */
    RC_COMPRESSION_END_PACKING_FRACTION, /* stopped at the target packing fraction */
    RC_COMPRESSION_END_REDUCED_PRESSURE, /* stopped at the target reduced pressure */
    RC_COMPRESSION_END_JAMMED            /* stopped at jamming */
} rc_compression_end;

/* "packing_fraction", "reduced_pressure", "jammed"; NULL for NONE and GROWING. */
RC_API const char *rc_compression_end_name(rc_compression_end end);

typedef struct rc_edmd_compression_state {
    rc_compression_end end;
    double packing_fraction; /* now, from the radii */
    double reduced_pressure; /* Z of the last window (NAN before the first) */
    double scale;            /* the diameters now over the initial ones */
    uint64_t windows;        /* windows measured so far */
} rc_edmd_compression_state;

RC_API void rc_edmd_fill_compression_state(const rc_edmd *engine, rc_edmd_compression_state *out);

/* The Helfand moments at the engine's time (def.transport; docs/formats.md, "Transport"), integrals since time 0
 * made exact at every collision: moments[0..5] G_ab = V int P_ab dt for ab = xx, yy, zz, xy, xz, yz (kinetic part
 * int sum m v_a v_b dt plus sum over collisions of r_ij,a dp_i,b), moments[6..8] G_q,a = V int J_q,a dt (int sum e_i
 * v_i,a dt plus sum over collisions of r_ij,a de_i). RC_STATUS_INVALID_ARGUMENT when the engine does not keep them. */
RC_API rc_status rc_edmd_transport_moments(const rc_edmd *engine, double moments[9]);

/* Fills frame (initialised with rc_frame_create for rc_edmd_count particles, no orientations) with the state at the
 * engine's current time. Does not change the engine: output never alters a trajectory. */
RC_API rc_status rc_edmd_fill_frame(const rc_edmd *engine, rc_frame *frame);
/* The same for a part of the frame: frame->count particles, those of input indices first to first + count - 1 (at 0
 * to count - 1), for a writer that takes a frame in parts (rc_xyz_writer_write_part). Each part reads every
 * particle's index once: parts of a few thousand particles cost little beside writing them. */
RC_API rc_status rc_edmd_fill_frame_part(const rc_edmd *engine, rc_frame *frame, int32_t first);

/* The histogram of pair separations at impact, |r_ij| - sigma_ij, in units of sigma_ij * 2^-53, for bins
 * -range .. range (2 * range + 1 counts; out-of-range values go to the end bins). Needs def.separation_histogram.
 * Returns the number of bins written, or 0 when the histogram was not collected. */
RC_API int32_t rc_edmd_separation_histogram(const rc_edmd *engine, int32_t range, uint64_t *counts);

#ifdef __cplusplus
}
#endif
#endif
