/* SPDX-License-Identifier: MIT */
/* The problem file (ricochet/io.h, docs/formats.md): parse the JSON, tell the physical form from the generic one,
 * check the top-level keys, read the options the file sets, and build the impact problem with its description. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/trajectory_input.h"
#include "ricochet/output.h"
#include "scene/option_values.h"
#include "scene/problem.h"
#include "scene/problem_generic.h"
#include "json/json_document.h"
#include "json/json_fields.h"

enum { BALL = 5 }; /* numbers per ball in rc_problem_file's balls */

struct rc_problem_file {
    rc_impact_problem *problem;
    rc_impact_options options;
    rc_problem_info info;
    rc_contact_list contacts;
    double *balls; /* physical form: x, y, z, radius and mass of each ball, for rc_problem_file_frame */
};

static const char *const physical_keys[] = {"comment", "dimension", "contact_tolerance", "balls", "rigid_bodies",
                                            "walls",   NULL};
static const char *const generic_keys[] = {"comment", "masses", "velocity", "constraints", NULL};

static int body_of(const rc_instant *scene, rc_item_kind kind, int index)
{
    return kind == RC_ITEM_KIND_BALL ? index : kind == RC_ITEM_KIND_RIGID_BODY ? scene->ball_count + index : -1;
}

static rc_status build_physical(const rc_instant *scene, rc_problem_file *f)
{
    rc_status s = RC_STATUS_OK;
    int d = scene->dimension;
    for (int i = 0; i < scene->ball_count + scene->rigid_count && !s; i++) {
        const rc_instant_body *b = &scene->bodies[i];
        if (b->kind == RC_ITEM_KIND_BALL)
            s = rc_impact_problem_add_ball(f->problem, d, b->mass, b->position, b->velocity, NULL);
        else
            s = rc_impact_problem_add_rigid(f->problem, d, b->mass, b->inertia, b->position, b->velocity,
                                            b->angular_velocity, NULL);
    }
    for (int k = 0; k < f->contacts.count && !s; k++) {
        const rc_contact_info *c = &f->contacts.items[k];
        s = rc_impact_problem_add_contact(f->problem, body_of(scene, c->a_kind, c->a_index),
                                          body_of(scene, c->b_kind, c->b_index), c->point, c->normal, NULL);
    }
    return s;
}

static rc_status read_physical(const cJSON *root, rc_problem_file *f)
{
    rc_instant scene;
    rc_status s = rc_instant_read(root, &scene);
    if (!s) s = rc_instant_contacts_detect(&scene, &f->contacts);
    if (!s) s = build_physical(&scene, f);
    if (!s && !(f->balls = malloc(BALL * (size_t)(scene.ball_count + 1) * sizeof *f->balls)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the problem");
    for (int i = 0; !s && i < scene.ball_count; i++) {
        memcpy(f->balls + BALL * i, scene.bodies[i].position, 3 * sizeof *f->balls);
        f->balls[BALL * i + 3] = scene.bodies[i].radius;
        f->balls[BALL * i + 4] = scene.bodies[i].mass;
    }
    f->info.dimension = scene.dimension;
    f->info.ball_count = scene.ball_count;
    f->info.rigid_count = scene.rigid_count;
    f->info.wall_count = scene.wall_count;
    f->info.contact_count = f->contacts.count;
    f->info.contacts = f->contacts.items;
    rc_instant_free(&scene);
    return s;
}

static rc_status read_root(const cJSON *root, rc_problem_file *f)
{
    if (!cJSON_IsObject(root))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the problem file must hold one JSON object {...}");
    rc_status kind = rc_json_check_kind(root, RC_FILE_PROBLEM);
    if (kind) return kind;
    bool generic = cJSON_HasObjectItem(root, "masses") || cJSON_HasObjectItem(root, "constraints");
    for (int i = 1; generic && physical_keys[i]; i++)
        if (cJSON_HasObjectItem(root, physical_keys[i]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "\"%s\" belongs to the physical form, but \"%s\" makes this file "
                           "the generic form; use one form",
                           physical_keys[i], cJSON_HasObjectItem(root, "masses") ? "masses" : "constraints");
    const char *comment;
    rc_status s = rc_json_check_keys(root, "", generic ? generic_keys : physical_keys, rc_option_names);
    if (!s) s = rc_json_string(root, "", "comment", false, &comment);
    if (!s) s = rc_json_impact_options(root, "", &f->options);
    if (s) return s;
    if (!generic) return read_physical(root, f);
    f->info.form = RC_PROBLEM_FORM_GENERIC;
    return rc_generic_read(root, f->problem, &f->info.contact_count);
}

static void *file_create(void)
{
    rc_problem_file *f = calloc(1, sizeof *f);
    if (f && rc_impact_problem_create(&f->problem) != RC_STATUS_OK) free(f), f = NULL;
    if (f) f->options = rc_impact_default_options();
    return f;
}

static rc_status file_read_root(const cJSON *root, void *f) { return read_root(root, f); }
static void file_destroy(void *f) { rc_problem_file_destroy(f); }
static const rc_json_reader file_reader = {"the problem", file_create, file_read_root, file_destroy};

rc_status rc_problem_file_create_from_text(const char *text, rc_problem_file **file)
{
    rc_warnings_clear();
    return rc_json_reader_parse(&file_reader, text, file);
}

rc_status rc_problem_file_create_from_file(const char *path, rc_problem_file **file)
{
    rc_warnings_clear();
    return rc_json_reader_read(&file_reader, path, file);
}

void rc_problem_file_destroy(rc_problem_file *f)
{
    if (!f) return;
    rc_impact_problem_destroy(f->problem);
    free(f->contacts.items);
    free(f->balls);
    free(f);
}

const rc_impact_problem *rc_problem_file_problem(const rc_problem_file *f) { return f->problem; }
const rc_impact_options *rc_problem_file_options(const rc_problem_file *f) { return &f->options; }
const rc_problem_info *rc_problem_file_info(const rc_problem_file *f) { return &f->info; }

rc_status rc_problem_file_frame(const rc_problem_file *f, const double *velocity, rc_frame *frame)
{
    if (!f || !frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_problem_file_frame: NULL argument");
    if (!f->balls) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the generic form has no balls to put in a frame");
    int d = f->info.dimension, n = f->info.ball_count;
    rc_status s = rc_trajectory_frame_size(frame, n, false, true);
    if (s) return s;
    const double *v = velocity ? velocity : rc_impact_problem_velocity(f->problem);
    double low[3] = {0, 0, 0}, high[3] = {0, 0, 0}, largest = 0;
    for (int i = 0; i < n; i++) {
        largest = fmax(largest, f->balls[BALL * i + 3]);
        for (int k = 0; k < d; k++) {
            double x = f->balls[BALL * i + k], r = f->balls[BALL * i + 3];
            low[k] = i ? fmin(low[k], x - r) : x - r, high[k] = i ? fmax(high[k], x + r) : x + r;
        }
    }
    frame->dimension = d < 2 ? 2 : d;
    frame->time = 0;
    frame->collisions = 0;
    double pad[3]; /* centres the balls along an axis the file does not have (y of a 1D problem) */
    for (int k = 0; k < 3; k++) {
        frame->box[k] = k < frame->dimension ? fmax(high[k] - low[k], 2 * largest) : 0;
        frame->periodic[k] = false;
        pad[k] = k < frame->dimension ? 0.5 * (frame->box[k] - (high[k] - low[k])) : 0;
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) {
            frame->positions[3 * i + k] = (k < d ? f->balls[BALL * i + k] - low[k] : 0) + pad[k];
            frame->velocities[3 * i + k] = k < d ? v[d * i + k] : 0;
        }
        frame->radii[i] = f->balls[BALL * i + 3];
        frame->masses[i] = f->balls[BALL * i + 4];
        frame->species[i] = 0;
    }
    return RC_STATUS_OK;
}

rc_status rc_problem_file_write_frame(const rc_problem_file *f, const double *velocity, const char *path)
{
    if (!f || !path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_problem_file_write_frame: NULL argument");
    rc_frame frame = {0};
    rc_xyz_writer *writer = NULL;
    rc_status s = rc_problem_file_frame(f, velocity, &frame);
    if (!s) s = rc_xyz_writer_open(path, &writer);
    if (!s) s = rc_xyz_writer_write(writer, &frame);
    rc_status closed = rc_xyz_writer_close(writer);
    rc_frame_destroy(&frame);
    return s ? s : closed;
}
