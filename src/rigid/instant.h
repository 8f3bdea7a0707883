/* SPDX-License-Identifier: MIT */
/* The physical form of a problem file at the instant of impact, as the impact resolver needs it: balls, rigid
 * bodies (with the mass properties of body.c) and walls, and the contacts between them (docs/formats.md, "The
 * physical form" and "Contacts"; Vouga et al. 2017, section 2). src/io reads it from the file. */
#ifndef RC_RIGID_INSTANT_H
#define RC_RIGID_INSTANT_H

#include "ricochet/rigid.h"
#include "rigid/shape.h"

typedef struct rc_instant_body {
    rc_item_kind kind;    /* RC_ITEM_KIND_BALL or RC_ITEM_KIND_RIGID_BODY */
    int index;            /* in its list in the file */
    rc_rigid_shape shape; /* RC_RIGID_SHAPE_SPHERE (every ball) or RC_RIGID_SHAPE_BOX */
    double radius;        /* spheres */
    double half[3];       /* boxes */
    double position[3];
    double rotation[9]; /* row-major, body to world; the identity for balls */
    double mass;
    double inertia[9]; /* rigid bodies: 2D uses inertia[0]; 3D the world tensor R I_body R^T */
    double velocity[3];
    double angular_velocity[3]; /* 2D uses the first entry */
    rc_rigid_geometry geometry; /* rigid bodies: the shape for the narrow phase (vertices in the instant's pool) */
} rc_instant_body;

typedef struct rc_instant_wall {
    double point[3];
    double normal[3]; /* unit, towards the side where bodies are */
} rc_instant_wall;

typedef struct rc_instant {
    int dimension;
    double contact_tolerance;
    rc_instant_body *bodies; /* balls first, then rigid bodies */
    int ball_count, rigid_count;
    rc_instant_wall *walls;
    int wall_count;
    rc_rigid_pool pool; /* the rigid bodies' vertices and face normals */
} rc_instant;

typedef struct rc_contact_list {
    rc_contact_info *items;
    int count, capacity;
} rc_contact_list;

/* Makes rigid body `body` (its kind and index set) of the instant from its definition: body.c's checks (messages
 * start with `name`, "rigid_bodies[0]"), geometry, mass and inertia; the rotation from `angle` in 2D (radians), from
 * the quaternion in 3D. */
rc_status rc_instant_rigid_make(rc_instant *instant, const rc_rigid_body_def *def, double angle, const char *name,
                                rc_instant_body *body);
void rc_instant_free(rc_instant *instant);

enum { RC_ITEM_NAME_SIZE = 128 };

/* The name a message uses for a body or wall: "balls[2]", "rigid_bodies[0]", "walls[1]" (out: RC_ITEM_NAME_SIZE). */
void rc_instant_item_name(char *out, rc_item_kind kind, int index);

/* Appends every contact of the instant to list, in the documented order (instant_contacts.c). Fails
 * (RC_STATUS_INVALID_ARGUMENT) on a pair it cannot give a normal to: two centres at one point, a centre inside a box. */
rc_status rc_instant_contacts_detect(const rc_instant *instant, rc_contact_list *list);

#endif
