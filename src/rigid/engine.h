/* SPDX-License-Identifier: MIT */
/* The state of the time-stepped engine and the internal interfaces between its files (docs/design.md, "The time-stepped
 * engine"; docs/rigid.md): bodies (structure of arrays), static shapes, the contact list of the present step, and
 * the broad phase, narrow phase, islands and step that work on them. */
#ifndef RC_RIGID_ENGINE_H
#define RC_RIGID_ENGINE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet/impact.h"
#include "ricochet/rigid.h"
#include "rigid/shape.h"

/* A contact point between body a and body b, or static shape -1 - b when b < 0, with the unit normal pointing from b
 * to a and the gap between the surfaces (negative: overlap) at the start of the step. */
typedef struct rc_rigid_contact {
    int32_t a, b;
    double point[3], normal[3];
    double gap;
    bool active;    /* takes part in the resolver's resolves: within the margin, or closing within the step (once in
                    this step, it stays in); a settle takes every contact (islands.c) */
    double impulse; /* the resting impulse along the normal: the warm start, then this step's (warm.c) */
} rc_rigid_contact;

typedef struct rc_rigid_contacts {
    rc_rigid_contact *items;
    int count, capacity;
} rc_rigid_contacts;

/* What the narrow phase sees of a body or a static shape. */
typedef struct rc_rigid_view {
    const rc_rigid_geometry *g;
    const double *x, *rot;  /* centre and body-to-world rotation */
    const double *vertices; /* body-frame vertices (g->vertex_count) */
    const double *normals;  /* body-frame face normals (g->normal_count) */
    const double *plane;    /* the outward normal of a static plane, else NULL */
} rc_rigid_view;

typedef struct rc_rigid_broad {
    int32_t *cell_start, *sorted, *cell_of; /* bodies sorted by hashed cell */
    size_t cell_capacity, body_capacity, cell_of_capacity;
    int32_t (*pairs)[2];
    int pair_count, pair_capacity;
} rc_rigid_broad;

/* The resting impulses of the last step by contact key (a, b, ordinal among the pair's points), grouped by body a:
 * entries first[a] .. first[a + 1] - 1 (warm.c). */
typedef struct rc_rigid_warm {
    int32_t (*key)[3];
    double *impulse;
    int32_t *first; /* n + 1 */
    int count;
    size_t key_capacity, impulse_capacity;
    int32_t (*spare_key)[3]; /* the entries being built by rc_rigid_warm_keep, then swapped in */
    double *spare_impulse;
    size_t spare_key_capacity, spare_impulse_capacity;
} rc_rigid_warm;

struct rc_rigid {
    volatile sig_atomic_t interrupted; /* rc_rigid_interrupt: the step in progress ends early, rc_rigid_step after it */
    int d;
    double h, gravity[3], margin; /* margin: absolute contact margin */
    rc_impact_options impact;
    int32_t n, statics;
    rc_rigid_geometry *geometry, *static_geometry;
    rc_rigid_pool pool;
    bool *ball;
    int32_t *species;
    double *x, *q, *v, *w, *mass, *rot, *inertia_body, *inertia_world, *inverse_body; /* 3,4,3,3,1,9,9,9,9 */
    double *sx, *sq, *srot, *snormal;                                                 /* 3, 4, 9, 3 per static shape */
    double time;
    double step_origin_time; /* time = step_origin_time + (steps - step_origin) h: both 0 until the time step is
                              * changed (live.c) */
    int64_t step_origin;
    rc_rigid_contacts contacts;
    rc_rigid_broad broad;
    /* islands */
    int32_t *parent, *island_of, *local, *bodies_of_island; /* per body */
    int32_t *island_slot; /* per body: -1, or during regroup (islands.c) the slot of the island it is the root of */
    uint64_t *moved;      /* per body: the round of resolves in which a resolve last changed its velocities */
    uint64_t round;       /* rounds of resolves so far (islands.c) */
    bool spinless;        /* every body is a ball without spin, in this resolve (islands.c) */
    int *order, *contact_order; /* per contact */
    size_t order_capacity, contact_order_capacity;
    int32_t *order_island, *listed_island; /* per contact: the island of order[t], of contact_order[t] (islands.c) */
    int *joined_list, *waiting; /* per contact: those that joined in the latest round, those not taking part yet */
    int waiting_count;
    size_t order_island_capacity, listed_island_capacity, joined_list_capacity, waiting_capacity;
    double *reach, *shift; /* per body: broad-phase reach; 4 per body: penetration correction and count */
    double *v_collided;    /* 3 per body: the velocity after the collision resolve, before gravity */
    double *guess;         /* 2 per contact of an island: the warm start handed to the settle, then its answer;
                              the contacts' allowances */
    size_t guess_capacity;
    rc_impact_problem *problem;
    /* the settles of a step (islands.c): one problem of every contact, prepared at the step's first settle */
    rc_impact_problem *settle_problem;
    bool prepared;             /* cleared when the contacts change (detect.c) */
    int32_t prepared_bodies;   /* bodies in the prepared problem */
    int32_t *settle_index;     /* per body: its index in the prepared problem, or -1 */
    int32_t *settle_bodies;    /* per prepared body: the body */
    int32_t *settle_dof;       /* per body in the prepared problem: its first dof there */
    int32_t (*settle_ends)[2]; /* per contact: its bodies a and b (b < 0: a static shape), for the hand-back */
    size_t settle_ends_capacity;
    double *settle_v; /* the prepared problem's velocities */
    size_t settle_v_capacity;
    rc_impact_solver *collide, *rest; /* the scene's options; the same with restitution 0 for resting contact */
    rc_impact_solver *project;        /* restitution 0 without friction: takes out what friction made approach */
    rc_rigid_warm warm;
    /* sleeping (sleep.c) */
    bool sleep;
    double sleep_speed;
    int32_t sleep_steps;   /* steps at rest before an island falls asleep */
    int32_t settle_sweeps; /* rc_rigid_def's, 50 when it is 0 (islands.c, settle_island) */
    int32_t *asleep;       /* per body: -1 awake, else the label of its sleeping island (one of its bodies) */
    int32_t *rest_steps;   /* per body: consecutive steps below sleep_speed, at most sleep_steps */
    rc_rigid_observables stats;
    double initial_energy; /* kinetic + potential at time 0, for the drift */
    int64_t step_iterations;
};

/* Translational plus rotational kinetic energy of every body, and of body i (observe.c). */
double rc_rigid_kinetic_energy(const rc_rigid *e);
double rc_rigid_body_kinetic_energy(const rc_rigid *e, int32_t i);

/* |v| + |w| times the bounding radius: how fast body i's surface may move (detect.c). */
double rc_rigid_body_speed(const rc_rigid *e, int32_t i);

/* Sleeping (sleep.c; docs/rigid.md, "Sleeping"). wake_touched wakes the sleeping islands that this step's contacts
 * join to an awake body and returns how many bodies woke (their contacts are then to be detected again);
 * wake_body wakes the island of body i; update counts each awake body's steps at rest after a step and puts to
 * sleep the islands (bodies joined by this step's contacts) whose bodies have all rested sleep_steps. */
int32_t rc_rigid_wake_touched(rc_rigid *e);
void rc_rigid_wake_body(rc_rigid *e, int32_t i);
void rc_rigid_sleep_update(rc_rigid *e);

/* The narrow-phase view of body i, or of static shape s. */
rc_rigid_view rc_rigid_body_view(const rc_rigid *e, int32_t i);
rc_rigid_view rc_rigid_static_view(const rc_rigid *e, int32_t s);

/* Broad phase: the pairs of bodies whose bounding spheres come within `reach` of each other, each once, in a
 * deterministic order (broad.c). */
rc_status rc_rigid_broad_pairs(rc_rigid *e, const double *reach);
void rc_rigid_broad_free(rc_rigid_broad *b);

/* Narrow phase: appends to list the contact points of view a (a body) and view b (a body or static shape) whose
 * gap is at most threshold, with ids a_id and b_id (narrow.c; general convex pairs in narrow_ccd.c). */
rc_status rc_rigid_collide(int d, const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t a_id,
                           int32_t b_id, rc_rigid_contacts *list);
/* General convex pairs through libccd (GJK-EPA) with a contact manifold (narrow_ccd.c). */
rc_status rc_rigid_collide_convex(int d, const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t a_id,
                                  int32_t b_id, rc_rigid_contacts *list);
rc_status rc_rigid_contacts_push(rc_rigid_contacts *list, int32_t a, int32_t b, const double *point,
                                 const double *normal, double gap);
/* The contact manifold of two polytopes touching along normal n (from b to a): manifold.c. Appends the points of
 * the overlap of their features facing each other, or `fallback` when the features are an edge and an edge. */
rc_status rc_rigid_manifold(const rc_rigid_view *a, const rc_rigid_view *b, const double *n, double gap,
                            double tolerance, const double *fallback, int32_t a_id, int32_t b_id,
                            rc_rigid_contacts *list);

/* All contacts of the present configuration into e->contacts (detect.c). */
rc_status rc_rigid_detect(rc_rigid *e);

/* Resolves with `solver` every island that has a contact approaching faster than `slowest` (islands.c). With
 * solver == e->rest and no friction, the islands are settled instead: rc_impact_solver_settle warm-started from the
 * contacts' impulses, which receive the answer. */
rc_status rc_rigid_resolve(rc_rigid *e, rc_impact_solver *solver, double slowest);

/* The warm start (warm.c): keep stores the contacts' resting impulses after a step, start gives each contact of a
 * new step the stored impulse of its key (0 when none); index rebuilds first[] from the keys; reserve makes room
 * for count entries. */
rc_status rc_rigid_warm_keep(rc_rigid *e);
void rc_rigid_warm_start(rc_rigid *e);
void rc_rigid_warm_index(rc_rigid *e);
rc_status rc_rigid_warm_reserve(rc_rigid *e, int count);

/* Sets body i's world rotation and world inertia from its quaternion (step.c). */
void rc_rigid_orient(rc_rigid *e, int32_t i);

#endif
