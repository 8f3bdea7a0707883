/* SPDX-License-Identifier: MIT */
/* ricochet/rigid.h: the time-stepped engine for balls and rigid bodies (docs/design.md, "The time-stepped engine";
 * docs/rigid.md). Every step detects the contacts of the present configuration, groups them into islands and hands
 * each island to the impact resolver (ricochet/impact.h; Vouga et al. 2017), so every step's impact terminates.
 *
 * Build an engine from a definition (rc_rigid_default_def, then fill in the bodies and the static shapes), advance
 * it with rc_rigid_step, read its state with rc_rigid_body_state, rc_rigid_measure and rc_rigid_fill_frame.
 * 2D bodies live in the plane z = 0: their rotation is an angle about z, kept as a quaternion about z.
 *
 * The same vocabulary (shapes, mass or density, orientation, contacts) serves the problem files of ricochet/io.h;
 * the end of this header names what their contacts join. */
#ifndef RICOCHET_RIGID_H
#define RICOCHET_RIGID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"
#include "ricochet/impact.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rc_rigid_shape {
    RC_RIGID_SHAPE_SPHERE, /* a sphere (3D) or a disk (2D): radius */
    RC_RIGID_SHAPE_BOX,    /* a box (3D) or a rectangle (2D): half extents along the body's axes */
    RC_RIGID_SHAPE_HULL,   /* the convex hull of points (3D) or the convex polygon around points (2D) */
    RC_RIGID_SHAPE_PLANE   /* static shapes only: the half-space n.(x - position) <= 0 is solid */
} rc_rigid_shape;

/* A moving body. Its position is its centre of mass: the points of a hull are given about any origin and the hull
 * is shifted so that its centre of mass sits at position. */
typedef struct rc_rigid_body_def {
    rc_rigid_shape shape; /* sphere, box or hull */
    bool ball;            /* a ball: a sphere that only translates (no rotational degrees of freedom) */
    double radius;        /* sphere */
    double half[3];       /* box: half extents ("half_extents" in files); 2D uses the first two */
    const double *points; /* hull: point_count points of `dimension` coordinates each, in the body frame */
    int32_t point_count;
    double mass;    /* > 0: the body's mass, and density is not used; 0 (default): density x volume */
    double density; /* mass per volume (area in 2D); default 1 */
    double position[3];
    double orientation[4]; /* unit quaternion (w, x, y, z), body to world; 2D: a rotation about z only */
    double velocity[3];
    double angular_velocity[3]; /* world frame; 2D uses the third entry */
    int32_t species;            /* a label for the outputs */
} rc_rigid_body_def;

/* A static shape: a plane (position is a point on it, normal its unit outward normal, towards the bodies), or a
 * sphere, box or hull fixed in place. */
typedef struct rc_rigid_static_def {
    rc_rigid_shape shape;
    double radius;
    double half[3];
    const double *points;
    int32_t point_count;
    double position[3];
    double normal[3]; /* plane */
    double orientation[4];
} rc_rigid_static_def;

typedef struct rc_rigid_def {
    int dimension;    /* 2 or 3 */
    double time_step; /* h > 0 */
    double gravity[3];
    int32_t body_count;
    const rc_rigid_body_def *bodies;
    int32_t static_count;
    const rc_rigid_static_def *statics;
    rc_impact_options impact; /* operator, order, restitution, friction, lineality and budget of every resolve */
    double margin;            /* contact margin as a fraction of the smallest body's bounding radius; default 1e-3 */
    bool sleep;               /* islands at rest fall asleep (default true): docs/rigid.md, "Sleeping" */
    double sleep_speed;       /* a body slower than this (|v| + |w| times its bounding radius) is at rest; 0
                                * (default): |g| h, what gravity adds in one step (without gravity nothing sleeps) */
    double sleep_time;        /* how long every body of an island must stay at rest before it falls asleep;
                                * default 0.5 */
    int32_t settle_sweeps;    /* the accuracy of resting contact without friction, like Box2D's iteration count: the
                                * sweeps of a step's resting settle of an island of 30,000 contacts or more (a
                                * smaller island gets the same work, S x 30,000 contact updates, in more sweeps), a
                                * quarter of it for a collision's settle, a fortieth (at least one) for its later
                                * rounds; each settle stops earlier when it converges. 0 (default): 50; at most
                                * RC_RIGID_SETTLE_SWEEPS_MAX (docs/rigid.md, "The step") */
} rc_rigid_def;

#define RC_RIGID_SETTLE_SWEEPS_MAX 10000

/* A body with the defaults: a unit sphere at the origin at rest, density 1 (mass 0: from the density), identity
 * orientation. */
RC_API rc_rigid_body_def rc_rigid_default_body_def(void);
/* A static plane z = 0 (y = 0 in 2D is made by setting normal) with identity orientation. */
RC_API rc_rigid_static_def rc_rigid_default_static_def(void);
/* Dimension 3, h = 1e-3, no gravity, no bodies, rc_impact_default_options(), margin 1e-3, sleeping on (speed |g| h,
 * time 0.5). */
RC_API rc_rigid_def rc_rigid_default_def(void);

typedef struct rc_rigid rc_rigid;

/* Checks the definition (rc_error_get() names the bad field: "bodies[3].radius: -1 is not positive") and builds
 * the engine; the definition's arrays are copied. Positions, velocities, angular velocities and gravity are
 * numbers of magnitude up to 2^40 (about 1.1e12), as in the event-driven engine. */
RC_API rc_status rc_rigid_create(const rc_rigid_def *def, rc_rigid **engine);
RC_API void rc_rigid_destroy(rc_rigid *engine);

/* Advances `steps` steps. Returns RC_STATUS_NOT_TERMINATED when a resolve ran out of the impact budget
 * (def.impact.max_iterations): the step is abandoned before its position update, so the state is that of the
 * start of the step with the velocities the resolver reached. Returns RC_STATUS_NOT_TERMINATED too after a step that left
 * a body's position, velocity or angular velocity beyond 2^40 (or not finite): the engine cannot go on from it. */
RC_API rc_status rc_rigid_step(rc_rigid *engine, int64_t steps);
/* Asks the rc_rigid_step in progress (or the next one) to return soon: the step in progress ends early at a safe
 * point (each island's impact loop stops before its next operator application and the island takes the inelastic
 * answer, one LCP: no contact is left approaching and no energy is added; friction keeps the sweeps it has done),
 * is completed (positions moved, time counted) and rc_rigid_step returns RC_STATUS_OK without taking the steps left.
 * The request is then used up. Async-signal-safe: a signal handler may call it (rc_run_interrupt does). */
RC_API void rc_rigid_interrupt(rc_rigid *engine);

RC_API int32_t rc_rigid_count(const rc_rigid *engine);
/* The simulation time and the steps taken (rc_rigid_observables' time and steps) without the sums over every body
 * rc_rigid_measure makes: what a driver checks between steps (as rc_edmd_time and rc_edmd_counts). */
RC_API double rc_rigid_time(const rc_rigid *engine);
RC_API int64_t rc_rigid_steps(const rc_rigid *engine);
RC_API int rc_rigid_dimension(const rc_rigid *engine);
RC_API double rc_rigid_mass(const rc_rigid *engine, int32_t body);

/* The state of one body: any pointer may be NULL. Vectors have three entries; orientation four. */
RC_API void rc_rigid_body_state(const rc_rigid *engine, int32_t body, double *position, double *orientation,
                                double *velocity, double *angular_velocity);
/* Replaces a body's velocities (for tests and interactive use); a sleeping body's island is woken. */
RC_API void rc_rigid_set_velocity(rc_rigid *engine, int32_t body, const double *velocity,
                                  const double *angular_velocity);

typedef struct rc_rigid_observables {
    double time;
    int64_t steps;
    int64_t impacts;          /* collisions: islands with a contact approaching faster than g h that a step's
                                  * collision resolve changed (resolved, or settled at restitution 0 without
                                  * friction); an island resolved again in the same step, because a contact joined
                                  * it, counts again */
    int64_t iterations;       /* impact-operator applications of those collisions, summed (a settled collision:
                                  * one, the inelastic impact, whatever its sweeps) */
    int64_t max_iterations;   /* the most any one step needed */
    int64_t contacts;         /* contact points of the last step */
    int64_t max_contacts;     /* the most in one step */
    int32_t largest_island;   /* bodies in the largest island of any step */
    double kinetic_energy;    /* translational and rotational */
    double potential_energy;  /* -m g.x summed */
    double energy;            /* kinetic + potential */
    double dissipated_energy; /* kinetic energy the collision resolves (restitution, friction) and the resting
                                  * settles (beyond gravity's work in the step) took out so far */
    double energy_drift;      /* (E + dissipated - E0) / |E0| (E + dissipated - E0 when E0 = 0): what the
                                  * balance misses, the time stepping's error (resting contact included) */
    double linear_momentum[3];
    double angular_momentum[3]; /* about the origin (spin plus orbital); 2D: the third entry */
    double max_penetration;     /* the deepest overlap seen at the start of any step (>= 0) */
    double detection_seconds;   /* wall time in contact detection (broad and narrow phase) */
    double resolution_seconds;  /* wall time in the impact resolver */
    int32_t sleeping;           /* bodies asleep now */
    int64_t sleeps;             /* times a body fell asleep */
    int64_t wakes;              /* times a sleeping body was woken */
    int64_t resting_resolves;   /* islands of resting contact settled (resolved with friction) after gravity, and
                                  * islands the projections after a frictional resolve changed: not impacts */
} rc_rigid_observables;

RC_API void rc_rigid_measure(const rc_rigid *engine, rc_rigid_observables *out);

/* Checkpoints: the state as bytes (bodies, clock, counters, the initial energy). An engine built from the same
 * definition that takes it back with rc_rigid_state_restore steps on bit-identically. A state that no engine could
 * have reached (numbers not finite, positions or speeds beyond 2^40, orientations not unit quaternions) is refused
 * with RC_STATUS_INVALID_ARGUMENT; the engine must then not be stepped. */
RC_API size_t rc_rigid_state_size(const rc_rigid *engine);
RC_API rc_status rc_rigid_state_save(const rc_rigid *engine, void *buffer, size_t size);
RC_API rc_status rc_rigid_state_restore(rc_rigid *engine, const void *buffer, size_t size);

/* Fills a frame made by rc_frame_create(frame, rc_rigid_count(engine), true): positions, velocities, bounding radii,
 * species and orientations. The box is the bounding box of the bodies (never periodic). */
RC_API rc_status rc_rigid_fill_frame(const rc_rigid *engine, rc_frame *frame);

/* What a body or a static shape is, as the engine keeps it (for pictures and the run's DIRECTORY/shapes.json). */
typedef struct rc_rigid_shape_info {
    rc_rigid_shape shape;
    bool ball;             /* bodies: a sphere that only translates */
    double radius;         /* sphere */
    double half[3];        /* box: half extents along the body's axes (2D: the third is 0) */
    int32_t point_count;   /* hull: its vertices, about the centre of mass (2D: the polygon's, counter-clockwise) */
    double position[3];    /* the centre (of mass, for a hull) now; a plane's point */
    double orientation[4]; /* the unit quaternion (w, x, y, z), body to world, now */
    double normal[3];      /* plane: the unit outward normal */
} rc_rigid_shape_info;

RC_API int32_t rc_rigid_static_count(const rc_rigid *engine);
/* The shape of a body (its pose is rc_rigid_body_state's) or of static shape `index`; points, when not NULL, receives
 * a hull's point_count vertices, 3 coordinates each (z = 0 in 2D), in the body frame. */
RC_API void rc_rigid_body_shape(const rc_rigid *engine, int32_t body, rc_rigid_shape_info *info, double *points);
RC_API void rc_rigid_static_shape(const rc_rigid *engine, int32_t index, rc_rigid_shape_info *info, double *points);

/* The rigid-body vocabulary at one instant, as problem files use it (ricochet/io.h; docs/formats.md, "Contacts"). */

/* What a contact joins: an entry of the file's "balls", "rigid_bodies" or "walls" list. */
typedef enum rc_item_kind { RC_ITEM_KIND_BALL, RC_ITEM_KIND_RIGID_BODY, RC_ITEM_KIND_WALL } rc_item_kind;

/* One contact the reader detected (physical form), in the order of the problem's contacts. */
typedef struct rc_contact_info {
    rc_item_kind a_kind; /* the normal points towards a (never a wall) */
    int a_index;         /* index in its list in the file */
    rc_item_kind b_kind; /* ... and away from b (a wall when b_kind is RC_ITEM_KIND_WALL) */
    int b_index;
    int vertex;       /* the box vertex of a that touches a wall, or -1 */
    double point[3];  /* halfway between the two surfaces along the normal; unused components are 0 */
    double normal[3]; /* unit, from b to a */
    double gap;       /* signed distance between the surfaces: negative when they overlap */
} rc_contact_info;

/* "balls", "rigid_bodies" or "walls": the list of the file an item belongs to. */
RC_API const char *rc_item_kind_name(rc_item_kind kind);

#ifdef __cplusplus
}
#endif
#endif
