/* SPDX-License-Identifier: MIT */
/* The time-stepping scene as the reader builds it (ricochet/rigid_scene.h), and the reader of its "bodies" and
 * "static" entries (rigid_scene_bodies.c). */
#ifndef RC_SCENE_RIGID_SCENE_H
#define RC_SCENE_RIGID_SCENE_H

#include <cjson/cJSON.h>

#include "ricochet/rigid_scene.h"

struct rc_rigid_scene {
    rc_rigid_def def;
    rc_rigid_run_settings settings;
    rc_rigid_body_def *bodies; /* what def points to */
    rc_rigid_static_def *statics;
    double **points; /* the hulls' point lists, one per entry that has one */
    int point_lists;
    char *directory;
};

/* "bodies" (each entry one body, or a grid of copies) and "static" into scene->def. */
rc_status rc_rigid_read_bodies(const cJSON *root, rc_rigid_scene *scene);

/* The scene read from a document already parsed (the run driver parses the scene text once, then picks the reader
 * by its "dynamics"). */
rc_status rc_rigid_scene_from_json(const cJSON *root, rc_rigid_scene **scene);

#endif
