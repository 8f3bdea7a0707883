/* The physical form of a problem file as read, before contact detection: balls, rigid bodies and walls with their
 * geometry, masses and velocities (docs/formats.md). */
#ifndef RC_IO_SCENE_H
#define RC_IO_SCENE_H

#include <cjson/cJSON.h>

#include "ricochet/io.h"

typedef enum rc_shape {
    RC_SHAPE_ROUND, /* a ball, a disk (2D) or a sphere (3D): radius */
    RC_SHAPE_BOX    /* a box: half extents along its own axes */
} rc_shape;

typedef struct rc_scene_body {
    rc_item_kind kind;          /* RC_ITEM_BALL or RC_ITEM_RIGID_BODY */
    int index;                  /* in its list in the file */
    rc_shape shape;
    double radius;              /* round shapes */
    double half[3];             /* boxes */
    double position[3];
    double rotation[9];         /* row-major, body to world; the identity for balls */
    double mass;
    double inertia[9];          /* rigid bodies: 2D uses inertia[0]; 3D the world tensor R I_body R^T */
    double velocity[3];
    double angular_velocity[3]; /* 2D uses the first entry */
} rc_scene_body;

typedef struct rc_scene_wall {
    double point[3];
    double normal[3]; /* unit, towards the side where bodies are */
} rc_scene_wall;

typedef struct rc_scene {
    int dimension;
    double contact_tolerance;
    rc_scene_body *bodies; /* balls first, then rigid bodies */
    int ball_count, rigid_count;
    rc_scene_wall *walls;
    int wall_count;
} rc_scene;

/* Reads the physical form's bodies and walls (the top-level keys are checked by the caller). */
rc_status rc_scene_read(const cJSON *root, rc_scene *scene);
void rc_scene_free(rc_scene *scene);

/* Reads an entry of "rigid_bodies" (an object named `name`) into `body`, which holds the defaults. */
rc_status rc_scene_read_rigid(const cJSON *item, const char *name, const rc_scene *scene, rc_scene_body *body);
/* A vector field of `dimension` entries ("balls[0].position has 3 entries, dimension is 2"). */
rc_status rc_scene_vector(const cJSON *object, const char *name, const char *key, const rc_scene *scene,
                          bool required, double *out);

/* The name a message uses for a body or wall: "balls[2]", "rigid_bodies[0]", "walls[1]". */
void rc_scene_item_name(char *out, rc_item_kind kind, int index);

#endif
