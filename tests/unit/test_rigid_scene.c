/* SPDX-License-Identifier: MIT */
/* Tests of the time-stepping scene reader's bodies and static shapes (src/scene/rigid_scene_bodies.c, ricochet/
 * rigid_scene.h) in the rigid-body keys problem files share: "half_extents", "orientation" (an angle in 2D), "mass"
 * or "density"; the deprecated "half" and "angle" give the same definition with one warning per key; both spellings
 * at once, and every other bad body, fail with the field named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

#define WORLD "{\"dynamics\": \"time-stepping\", \"dimension\": %d, \"time_step\": 0.01, \"stop\": {\"steps\": 1}, "

static rc_rigid_scene *parse(const char *text)
{
    rc_rigid_scene *scene = NULL;
    CHECK(rc_rigid_scene_create_from_text(text, &scene) == RC_STATUS_OK, "parse failed (%s): %s", rc_error_get(), text);
    return scene;
}

/* A 2D scene: a box turned by 0.3 (keys `size` and `turn`), a polygon, and a static box turned by -0.2. */
static rc_rigid_scene *two_d(const char *size, const char *turn)
{
    char text[1024];
    snprintf(text, sizeof text,
             WORLD
             "\"bodies\": [{\"shape\": \"box\", \"%s\": [1, 0.5], \"position\": [0, 2], "
             "\"%s\": 0.3}, {\"shape\": \"polygon\", \"points\": [[0, 0], [1, 0], [0, 1]], \"position\": [5, 2], "
             "\"%s\": 1}], \"static\": [{\"shape\": \"box\", \"%s\": [4, 0.5], \"position\": [0, 0], \"%s\": -0.2}]}",
             2, size, turn, turn, size, turn);
    return parse(text);
}

static void test_deprecated_keys(void)
{
    rc_rigid_scene *now = two_d("half_extents", "orientation");
    CHECK(rc_warnings_get()[0] == '\0', "warnings with the new keys: %s", rc_warnings_get());
    rc_rigid_scene *old = two_d("half", "angle");
    const char *w = rc_warnings_get();
    CHECK(strcmp(w, "bodies[0].half: \"half\" is deprecated; write \"half_extents\"\n"
                    "bodies[0].angle: \"angle\" is deprecated; write \"orientation\"\n") == 0,
          "one warning per key, naming its first use: %s", w);
    if (!now || !old) return;
    const rc_rigid_def *a = rc_rigid_scene_def(now), *b = rc_rigid_scene_def(old);
    bool same = a->body_count == b->body_count && a->static_count == b->static_count;
    for (int i = 0; same && i < a->body_count; i++)
        same = memcmp(a->bodies[i].half, b->bodies[i].half, sizeof a->bodies[i].half) == 0 &&
               memcmp(a->bodies[i].orientation, b->bodies[i].orientation, sizeof a->bodies[i].orientation) == 0;
    for (int i = 0; same && i < a->static_count; i++)
        same = memcmp(a->statics[i].half, b->statics[i].half, sizeof a->statics[i].half) == 0 &&
               memcmp(a->statics[i].orientation, b->statics[i].orientation, sizeof a->statics[i].orientation) == 0;
    CHECK(same, "the deprecated keys give another definition");
    CHECK_CLOSE(a->bodies[0].orientation[0], cos(0.15), 1e-15, "2D orientation: the angle's quaternion, w");
    CHECK_CLOSE(a->bodies[0].orientation[3], sin(0.15), 1e-15, "2D orientation: the angle's quaternion, z");
    CHECK(a->bodies[0].half[0] == 1 && a->bodies[0].half[1] == 0.5, "half_extents");
    rc_rigid_scene_destroy(now);
    rc_rigid_scene_destroy(old);
}

/* The engine's mass of body 0 of a 3D scene whose bodies are `bodies`. */
static double mass_of(const char *bodies, double *inertia_ratio)
{
    char text[1024];
    snprintf(text, sizeof text, WORLD "\"bodies\": [%s]}", 3, bodies);
    rc_rigid_scene *scene = parse(text);
    rc_rigid *engine = NULL;
    double mass = NAN;
    if (scene && rc_rigid_create(rc_rigid_scene_def(scene), &engine) == RC_STATUS_OK) {
        mass = rc_rigid_mass(engine, 0);
        if (inertia_ratio) *inertia_ratio = mass / rc_rigid_mass(engine, 1);
    }
    rc_rigid_destroy(engine);
    rc_rigid_scene_destroy(scene);
    return mass;
}

static void test_mass_or_density(void)
{
    const char *box = "{\"shape\": \"box\", \"half_extents\": [1, 0.5, 0.25], \"position\": [0, 0, 0]";
    char bodies[512];
    snprintf(bodies, sizeof bodies, "%s, \"mass\": 3}, %s}", box, box);
    double ratio = 0;
    CHECK_CLOSE(mass_of(bodies, &ratio), 3, 1e-15, "a given mass");
    CHECK_CLOSE(ratio, 3, 1e-15, "the default density 1 gives the volume 1");
    snprintf(bodies, sizeof bodies, "%s, \"density\": 2.5}, %s}", box, box);
    CHECK_CLOSE(mass_of(bodies, NULL), 2.5, 1e-15, "density x volume");
    snprintf(bodies, sizeof bodies, "{\"shape\": \"ball\", \"radius\": 0.5, \"position\": [0, 0, 0], \"mass\": 7}");
    CHECK_CLOSE(mass_of(bodies, NULL), 7, 1e-15, "a ball's given mass");
}

static const struct {
    int dimension;
    const char *bodies;
    const char *named;
} bad_cases[] = {
    {2, "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 1], \"half\": [1, 1], \"position\": [0, 0]}]",
     "bodies[0]: give \"half_extents\" or the deprecated \"half\", not both"},
    {2,
     "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 1], \"position\": [0, 0], \"orientation\": 1, "
     "\"angle\": 1}]",
     "bodies[0]: give \"orientation\" or the deprecated \"angle\", not both"},
    {2,
     "\"bodies\": [], \"static\": [{\"shape\": \"box\", \"half\": [1, 1], \"half_extents\": [1, 1], "
     "\"position\": [0, 0]}]",
     "static[0]: give \"half_extents\" or the deprecated \"half\", not both"},
    {3, "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 1, 1], \"position\": [0, 0, 0], \"angle\": 1}]",
     "bodies[0].angle: a 3D orientation is a quaternion"},
    {2,
     "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 1], \"position\": [0, 0], "
     "\"orientation\": [1, 0, 0, 0]}]",
     "bodies[0].orientation: not a number"},
    {2, "\"bodies\": [{\"shape\": \"disk\", \"radius\": 1, \"position\": [0, 0], \"mass\": 1, \"density\": 1}]",
     "bodies[0]: give mass or density, not both"},
    {2, "\"bodies\": [{\"shape\": \"disk\", \"radius\": 1, \"position\": [0, 0], \"mass\": -1}]",
     "bodies[0].mass: -1 is not positive"},
    {2,
     "\"bodies\": [{\"shape\": \"disk\", \"radius\": 1, \"position\": [0, 0]}, {\"shape\": \"disk\", "
     "\"radius\": 1, \"position\": [0, 5], \"density\": 0, \"grid\": {\"counts\": [3, 1], \"spacing\": [3, 0]}}]",
     "bodies[1].density: 0 is not positive"},
    {2, "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 0], \"position\": [0, 0]}]",
     "bodies[0].half_extents[1]: 0 is not positive"},
    {3, "\"bodies\": [{\"shape\": \"box\", \"half_extents\": [1, 1], \"position\": [0, 0, 0]}]",
     "bodies[0].half_extents has 2 entries, dimension is 3"},
    {2, "\"bodies\": [{\"shape\": \"sphere\", \"radius\": -1, \"position\": [0, 0]}]",
     "bodies[0].radius: -1 is not positive"},
    {2, "\"bodies\": [], \"static\": [{\"shape\": \"plane\", \"position\": [0, 0], \"normal\": [0, 1], \"mass\": 1}]",
     "unknown key \"mass\" in static[0]"},
};

static void test_bad_bodies(void)
{
    char text[1024];
    for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        snprintf(text, sizeof text, WORLD "%s}", bad_cases[i].dimension, bad_cases[i].bodies);
        rc_rigid_scene *scene = NULL;
        rc_status s = rc_rigid_scene_create_from_text(text, &scene);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && scene == NULL, "case %zu: status %d for %s", i, (int)s, text);
        CHECK(strstr(rc_error_get(), bad_cases[i].named) != NULL, "case %zu: \"%s\" does not name \"%s\"", i,
              rc_error_get(), bad_cases[i].named);
        rc_rigid_scene_destroy(scene);
    }
}

int main(void)
{
    test_deprecated_keys();
    test_mass_or_density();
    test_bad_bodies();
    return check_finish();
}
