/* SPDX-License-Identifier: MIT */
/* The side file DIRECTORY/shapes.json of time-stepping runs and the XYZ column aspherical_shape (src/run/shapes.c;
 * docs/formats.md, "shapes.json"), for examples/rigid/dice.json (3D: two boxes, a hull, a floor) and
 * examples/rigid/hopper.json (2D: 5,000 balls, two turned static boxes, three planes).
 *
 * Oracles: the scene's own definition (rc_rigid_scene_create_from_file) read independently of the run:
 * - every body's kind is the scene's ("ball", "box", "hull"), a box's half extents are the scene's, a hull's points
 *   are the scene's corners less their centre (the dice's hull is a cube, whose centre of mass is its corners' mean),
 *   as a set, with `dimension` coordinates each;
 * - every static shape's kind and position are the scene's, a plane's normal the scene's normalised, a box's
 *   orientation the scene's quaternion normalised;
 * - the first XYZ frame ends every line with the half extents (0 0 0 for the hull), under aspherical_shape:R:3;
 * - the summary's outputs name the file; an event-driven run (examples/edmd/hard_disks.json) writes none and its
 *   summary says null. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"
#include "json/json_document.h"

static char directory[] = "/tmp/ricochet_test_shapes_XXXXXX";

static const char *kind_name(const rc_rigid_body_def *b)
{
    return b->shape == RC_RIGID_SHAPE_SPHERE ? (b->ball ? "ball" : "sphere")
           : b->shape == RC_RIGID_SHAPE_BOX  ? "box"
                                             : "hull";
}

static bool same_numbers(const cJSON *list, const double *x, int n, double tolerance)
{
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != n) return false;
    for (int k = 0; k < n; k++)
        if (!(fabs(cJSON_GetArrayItem(list, k)->valuedouble - x[k]) <= tolerance)) return false;
    return true;
}

/* Every point of the hull b, less the points' mean, is in the list (and the list has as many). */
static bool same_points(const cJSON *list, const rc_rigid_body_def *b, int d)
{
    double mean[3] = {0, 0, 0};
    for (int32_t p = 0; p < b->point_count; p++)
        for (int k = 0; k < d; k++) mean[k] += b->points[d * p + k] / b->point_count;
    if (cJSON_GetArraySize(list) != b->point_count) return false;
    for (int32_t p = 0; p < b->point_count; p++) {
        double x[3];
        for (int k = 0; k < d; k++) x[k] = b->points[d * p + k] - mean[k];
        bool found = false;
        for (int j = 0; j < b->point_count && !found; j++)
            found = same_numbers(cJSON_GetArrayItem(list, j), x, d, 1e-12);
        if (!found) return false;
    }
    return true;
}

static void check_bodies(const cJSON *bodies, const rc_rigid_def *def, const char *name)
{
    int d = def->dimension;
    CHECK(cJSON_GetArraySize(bodies) == def->body_count, "%s: %d bodies, the scene has %d", name,
          cJSON_GetArraySize(bodies), (int)def->body_count);
    for (int32_t i = 0; i < def->body_count && i < cJSON_GetArraySize(bodies); i++) {
        const rc_rigid_body_def *b = def->bodies + i;
        const cJSON *item = cJSON_GetArrayItem(bodies, (int)i);
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(item, "shape"));
        CHECK(kind && strcmp(kind, kind_name(b)) == 0, "%s bodies[%d]: shape %s, not %s", name, (int)i,
              kind ? kind : "(none)", kind_name(b));
        if (b->shape == RC_RIGID_SHAPE_SPHERE)
            CHECK(check_close(cJSON_GetNumberValue(cJSON_GetObjectItem(item, "radius")), b->radius, 1e-15),
                  "%s bodies[%d]: radius", name, (int)i);
        if (b->shape == RC_RIGID_SHAPE_BOX)
            CHECK(same_numbers(cJSON_GetObjectItem(item, "half_extents"), b->half, d, 0), "%s bodies[%d]: half_extents",
                  name, (int)i);
        if (b->shape == RC_RIGID_SHAPE_HULL)
            CHECK(same_points(cJSON_GetObjectItem(item, "points"), b, d), "%s bodies[%d]: points", name, (int)i);
    }
}

static void check_statics(const cJSON *statics, const rc_rigid_def *def, const char *name)
{
    static const char *const kinds[] = {"sphere", "box", "hull", "plane"};
    int d = def->dimension;
    CHECK(cJSON_GetArraySize(statics) == def->static_count, "%s: %d static shapes, the scene has %d", name,
          cJSON_GetArraySize(statics), (int)def->static_count);
    for (int32_t k = 0; k < def->static_count && k < cJSON_GetArraySize(statics); k++) {
        const rc_rigid_static_def *t = def->statics + k;
        const cJSON *item = cJSON_GetArrayItem(statics, (int)k);
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(item, "shape"));
        CHECK(kind && strcmp(kind, kinds[t->shape]) == 0, "%s static[%d]: shape %s", name, (int)k, kind ? kind : "-");
        CHECK(same_numbers(cJSON_GetObjectItem(item, "position"), t->position, d, 1e-12), "%s static[%d]: position",
              name, (int)k);
        double unit[4], length = 0;
        int n = t->shape == RC_RIGID_SHAPE_PLANE ? 3 : 4;
        const double *given = t->shape == RC_RIGID_SHAPE_PLANE ? t->normal : t->orientation;
        for (int j = 0; j < n; j++) length += given[j] * given[j];
        for (int j = 0; j < n; j++) unit[j] = given[j] / sqrt(length);
        CHECK(same_numbers(cJSON_GetObjectItem(item, t->shape == RC_RIGID_SHAPE_PLANE ? "normal" : "orientation"), unit,
                           t->shape == RC_RIGID_SHAPE_PLANE ? d : 4, 1e-15),
              "%s static[%d]: normal or orientation", name, (int)k);
    }
}

/* The half extents at the end of the first frame's lines of DIRECTORY/name/trajectory.xyz. */
static void check_xyz(const char *name, const rc_rigid_def *def)
{
    char path[256], line[4096];
    snprintf(path, sizeof path, "%s/%s/trajectory.xyz", directory, name);
    FILE *file = fopen(path, "r");
    CHECK(file != NULL, "%s: no trajectory.xyz", name);
    if (!file) return;
    CHECK(fgets(line, sizeof line, file) && fgets(line, sizeof line, file) &&
              strstr(line, ":masses:R:1:momenta:R:3:image:I:3:aspherical_shape:R:3 "),
          "%s: the comment line does not end the columns with aspherical_shape:R:3: %s", name, line);
    for (int32_t i = 0; i < def->body_count && fgets(line, sizeof line, file); i++) {
        double x[3], want[3] = {0, 0, 0};
        char *end = line + strlen(line);
        for (int k = 0; k < 3; k++) {
            while (end > line && (end[-1] == '\n' || end[-1] == ' ')) *--end = '\0';
            while (end > line && end[-1] != ' ') end--;
            x[2 - k] = strtod(end, NULL);
        }
        for (int k = 0; def->bodies[i].shape == RC_RIGID_SHAPE_BOX && k < def->dimension; k++)
            want[k] = def->bodies[i].half[k];
        CHECK(x[0] == want[0] && x[1] == want[1] && x[2] == want[2],
              "%s body %d: aspherical_shape %g %g %g, not %g %g %g", name, (int)i, x[0], x[1], x[2], want[0], want[1],
              want[2]);
    }
    fclose(file);
}

/* Creates the run of the example (which writes its folder's first files) and returns its summary's outputs.shapes. */
static cJSON *create_run(const char *example, const char *name)
{
    char *text = NULL, folder[256];
    snprintf(folder, sizeof folder, "%s/%s", directory, name);
    CHECK(rc_text_create_from_file(example, &text) == RC_STATUS_OK, "%s: %s", example, rc_error_get());
    rc_run_options o = rc_run_default_options();
    o.directory = folder;
    rc_run *run = NULL;
    CHECK(text && rc_run_create(text, &o, &run) == RC_STATUS_OK, "%s: %s", example, rc_error_get());
    char *summary = run ? rc_run_summary_json(run, true) : NULL;
    cJSON *root = summary ? cJSON_Parse(summary) : NULL;
    cJSON *shapes = cJSON_DetachItemFromObject(cJSON_GetObjectItem(root, "outputs"), "shapes");
    cJSON_Delete(root);
    rc_text_destroy(summary);
    rc_run_destroy(run);
    free(text);
    return shapes;
}

static void test_example(const char *example, const char *name)
{
    cJSON *named = create_run(example, name);
    char path[256], *text = NULL;
    snprintf(path, sizeof path, "%s/%s/shapes.json", directory, name);
    CHECK(cJSON_IsString(named) && strcmp(named->valuestring, path) == 0, "%s: the summary's outputs.shapes is not %s",
          name, path);
    cJSON_Delete(named);
    rc_rigid_scene *scene = NULL;
    CHECK(rc_rigid_scene_create_from_file(example, &scene) == RC_STATUS_OK, "%s: %s", example, rc_error_get());
    CHECK(rc_text_create_from_file(path, &text) == RC_STATUS_OK, "%s: %s", name, rc_error_get());
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    CHECK(root != NULL, "%s: shapes.json does not parse", name);
    if (root && scene) {
        const rc_rigid_def *def = rc_rigid_scene_def(scene);
        CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(root, "dimension")) == def->dimension, "%s: dimension", name);
        check_bodies(cJSON_GetObjectItem(root, "bodies"), def, name);
        check_statics(cJSON_GetObjectItem(root, "static"), def, name);
        check_xyz(name, def);
    }
    cJSON_Delete(root);
    free(text);
    rc_rigid_scene_destroy(scene);
}

static void test_event_driven(void)
{
    cJSON *named = create_run("examples/edmd/hard_disks.json", "disks");
    char path[256];
    snprintf(path, sizeof path, "%s/disks/shapes.json", directory);
    CHECK(cJSON_IsNull(named), "event-driven: the summary's outputs.shapes is not null");
    CHECK(access(path, F_OK) != 0, "event-driven: %s was written", path);
    cJSON_Delete(named);
}

int main(void)
{
    if (!mkdtemp(directory)) {
        perror("mkdtemp");
        return 1;
    }
    test_example("examples/rigid/dice.json", "dice");
    test_example("examples/rigid/hopper.json", "hopper");
    test_event_driven();
    check_remove_tree(directory);
    return check_finish();
}
