/* SPDX-License-Identifier: MIT */
/* The rigid bodies of a problem file's physical form (instant.h): a body definition made into the resolver's terms
 * by body.c (mass, inertia about the centre of mass, in 3D the world tensor R I_body R^T), and the names of items
 * (docs/formats.md, "The physical form"; Vouga et al. 2017, section 2). */
#include "rigid/instant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vec.h"
#include "rigid/body.h"

static const char *const item_lists[] = {"balls", "rigid_bodies", "walls"};

const char *rc_item_kind_name(rc_item_kind kind)
{
    return (unsigned)kind <= RC_ITEM_KIND_WALL ? item_lists[kind] : "?";
}

void rc_instant_item_name(char *out, rc_item_kind kind, int index)
{
    snprintf(out, RC_ITEM_NAME_SIZE, "%s[%d]", rc_item_kind_name(kind), index);
}

rc_status rc_instant_rigid_make(rc_instant *instant, const rc_rigid_body_def *def, double angle, const char *name,
                                rc_instant_body *b)
{
    int d = instant->dimension;
    rc_rigid_body_properties p;
    rc_status s = rc_rigid_body_prepare(d, def, name, &instant->pool, &p);
    if (s) return s;
    b->shape = def->shape;
    b->radius = def->radius;
    memcpy(b->half, def->half, sizeof b->half);
    memcpy(b->position, def->position, sizeof b->position);
    memcpy(b->velocity, def->velocity, sizeof b->velocity);
    b->geometry = p.geometry;
    b->mass = p.mass;
    memset(b->inertia, 0, sizeof b->inertia);
    if (d == 2) {
        rc_m3_from_angle(angle, b->rotation);
        b->inertia[0] = p.inertia[8];
        b->angular_velocity[0] = def->angular_velocity[2];
        return RC_STATUS_OK;
    }
    memcpy(b->angular_velocity, def->angular_velocity, sizeof b->angular_velocity);
    rc_quat_matrix(p.orientation, b->rotation);
    rc_m3_rotate_tensor(b->rotation, p.inertia, b->inertia);
    /* exactly symmetric, whatever the rounding of the sums */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) b->inertia[3 * j + i] = b->inertia[3 * i + j];
    return RC_STATUS_OK;
}

void rc_instant_free(rc_instant *instant)
{
    free(instant->bodies);
    free(instant->walls);
    rc_rigid_pool_free(&instant->pool);
    memset(instant, 0, sizeof *instant);
}
