/* SPDX-License-Identifier: MIT */
/* Tests of the scene reader of `ricochet run` (src/scene/run_scene*.c, ricochet/scene.h): a good scene gives the
 * definition one works out by hand (the box sized by the packing fraction with the shape of box.size, the counts,
 * radii, masses, Maxwell-Boltzmann velocities with zero momentum at the temperature, positions, defaults of
 * the run settings), the same seed gives the same bits, every example reads and builds an engine, and every kind of
 * bad input fails with the field named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

static rc_edmd_scene *parse(const char *text)
{
    rc_edmd_scene *scene = NULL;
    rc_status s = rc_edmd_scene_create_from_text(text, &scene);
    CHECK(s == RC_STATUS_OK, "parse failed (%s): %s", rc_error_get(), text);
    return scene;
}

static double kinetic_temperature(const rc_edmd_def *def, double momentum[3])
{
    double twice_kinetic = 0;
    for (int k = 0; k < 3; k++) momentum[k] = 0;
    for (int32_t i = 0; i < def->count; i++)
        for (int k = 0; k < 3; k++) {
            double v = def->velocities[3 * i + k];
            twice_kinetic += def->masses[i] * v * v;
            momentum[k] += def->masses[i] * v;
        }
    return twice_kinetic / (def->dimension * (def->count - 1));
}

static void test_lattice(void)
{
    rc_edmd_scene *scene = parse("{\"dynamics\": \"event-driven\", \"dimension\": 3, \"comment\": \"fcc\","
                                 " \"box\": {\"periodic\": [true, true, true]},"
                                 " \"particles\": {\"lattice\": \"fcc\", \"count\": 500, \"packing_fraction\": 0.3,"
                                 " \"diameter\": 1, \"mass\": 2}, \"temperature\": 1.5, \"seed\": 7,"
                                 " \"stop\": {\"collisions\": 1e5}}");
    if (!scene) return;
    const rc_edmd_def *def = rc_edmd_scene_def(scene);
    const rc_edmd_run_settings *settings = rc_edmd_scene_settings(scene);
    CHECK(def->dimension == 3 && def->count == 500, "dimension %d, count %d", def->dimension, (int)def->count);
    /* 500 spheres of volume pi/6 fill 0.3 of a cube of edge (500 pi / 1.8)^(1/3) */
    double edge = cbrt(500 * M_PI / 6 / 0.3);
    for (int k = 0; k < 3; k++) CHECK_CLOSE(def->box[k], edge, 1e-12, "box edge");
    CHECK_CLOSE(settings->packing_fraction, 0.3, 1e-12, "packing fraction");
    for (int32_t i = 0; i < def->count; i++) {
        CHECK(def->radii[i] == 0.5 && def->masses[i] == 2, "particle %d: radius %g, mass %g", (int)i, def->radii[i],
              def->masses[i]);
        for (int k = 0; k < 3; k++)
            CHECK(def->positions[3 * i + k] >= 0 && def->positions[3 * i + k] < edge, "particle %d outside", (int)i);
    }
    double momentum[3];
    CHECK_CLOSE(kinetic_temperature(def, momentum), 1.5, 1e-12, "kinetic temperature");
    for (int k = 0; k < 3; k++) CHECK(fabs(momentum[k]) < 1e-10, "momentum[%d] = %g", k, momentum[k]);
    CHECK(settings->temperature == 1.5, "temperature %g", settings->temperature);
    CHECK(settings->stop.collisions == 100000 && settings->stop.events == 0 && isinf(settings->stop.time),
          "stop %llu %llu %g", (unsigned long long)settings->stop.collisions, (unsigned long long)settings->stop.events,
          settings->stop.time);
    CHECK(!settings->equilibrate, "no equilibration");
    CHECK(strcmp(settings->output.directory, "out") == 0 && isinf(settings->output.every) && settings->output.xyz &&
              settings->output.csv,
          "output defaults");
    CHECK(def->restitution == 1 && def->box_restitution == 1 && def->detection == RC_EVENT_DETECTION_STABLE &&
              def->wall_count == 0 && def->thermostat_rate == 0 && !def->separation_histogram,
          "engine defaults");
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_scene_create_engine(scene, &engine);
    CHECK(s == RC_STATUS_OK && rc_edmd_count(engine) == 500, "engine: %s", rc_error_get());
    rc_edmd_destroy(engine);
    rc_edmd_scene_destroy(scene);
}

/* The packing fraction sizes the box with the aspect ratio of box.size; the other settings reach the definition. */
static void test_shape_and_settings(void)
{
    rc_edmd_scene *scene = parse("{\"dimension\": 2, \"box\": {\"size\": [2, 1], \"periodic\": [true, false],"
                                 " \"restitution\": 0.8},"
                                 " \"particles\": {\"lattice\": \"random\", \"count\": 50, \"packing_fraction\": 0.2,"
                                 " \"radius\": 0.5}, \"temperature\": 0, \"gravity\": [0, -1], \"restitution\": 0.9,"
                                 " \"walls\": [{\"point\": [0, 0], \"normal\": [0, 3], \"restitution\": 0.5}],"
                                 " \"event_detection\": \"naive\", \"thermostat\": {\"temperature\": 2, \"rate\": 0.1},"
                                 " \"neighbour_shell\": 0.4, \"reorder_interval\": 50,"
                                 " \"diagnostics\": {\"separation_histogram\": true}, \"seed\": 3,"
                                 " \"stop\": {\"time\": 10, \"events\": 1000},"
                                 " \"equilibration\": {\"time\": 2},"
                                 " \"output\": {\"directory\": \"d/e\", \"every\": 0.5, \"xyz\": false}}");
    if (!scene) return;
    const rc_edmd_def *def = rc_edmd_scene_def(scene);
    const rc_edmd_run_settings *settings = rc_edmd_scene_settings(scene);
    /* 50 disks of area pi/4 fill 0.2 of a 2a x a box: a^2 = 50 pi / 4 / 0.4 */
    double a = sqrt(50 * M_PI / 4 / 0.4);
    CHECK_CLOSE(def->box[0], 2 * a, 1e-12, "box x");
    CHECK_CLOSE(def->box[1], a, 1e-12, "box y");
    CHECK(def->periodic[0] && !def->periodic[1], "periodic");
    CHECK(def->box_restitution == 0.8 && def->restitution == 0.9 && def->gravity[1] == -1 && def->gravity[2] == 0,
          "restitution and gravity");
    CHECK(def->wall_count == 1 && def->walls[0].normal[1] == 1 && def->walls[0].restitution == 0.5, "wall");
    CHECK(def->detection == RC_EVENT_DETECTION_NAIVE && def->shell == 0.4 && def->reorder_interval == 50 &&
              def->separation_histogram,
          "engine settings");
    CHECK(def->thermostat_temperature == 2 && def->thermostat_rate == 0.1 && def->seed == 5, "thermostat");
    for (int32_t i = 0; i < def->count; i++) {
        CHECK(def->velocities[3 * i] == 0 && def->velocities[3 * i + 1] == 0, "temperature 0: at rest");
        CHECK(def->positions[3 * i + 1] >= 0.5, "particle %d behind the wall", (int)i);
    }
    CHECK(settings->stop.time == 10 && settings->stop.events == 1000 && settings->stop.collisions == 0, "stop");
    CHECK(settings->equilibrate && settings->equilibration.time == 2 && settings->equilibration.collisions == 0,
          "equilibration");
    CHECK(strcmp(settings->output.directory, "d/e") == 0 && settings->output.every == 0.5 && !settings->output.xyz &&
              settings->output.csv,
          "output");
    rc_edmd_scene_destroy(scene);
}

static void test_explicit(void)
{
    rc_edmd_scene *scene = parse("{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": [true, false]},"
                                 " \"particles\": [{\"position\": [9, 5], \"velocity\": [1, 2], \"radius\": 1},"
                                 " {\"position\": [2.5, 2], \"diameter\": 1, \"mass\": 3, \"species\": 2},"
                                 " {\"position\": [6, 5], \"radius\": 1}],"
                                 " \"stop\": {\"time\": 1}}");
    if (!scene) return;
    const rc_edmd_def *def = rc_edmd_scene_def(scene);
    const rc_edmd_run_settings *settings = rc_edmd_scene_settings(scene);
    CHECK(def->count == 3 && def->box[0] == 10 && def->box[1] == 10, "count and box");
    /* as listed; z is 0 in 2D */
    CHECK(def->positions[0] == 9 && def->positions[1] == 5 && def->positions[2] == 0, "particle 0 at %g %g %g",
          def->positions[0], def->positions[1], def->positions[2]);
    CHECK(def->positions[3] == 2.5 && def->positions[4] == 2, "particle 1 at %g %g", def->positions[3],
          def->positions[4]);
    CHECK(def->velocities[0] == 1 && def->velocities[1] == 2 && def->velocities[3] == 0, "velocities as listed");
    CHECK(def->radii[1] == 0.5 && def->masses[1] == 3 && def->masses[0] == 1 && def->species[1] == 2 &&
              def->species[0] == 0,
          "radius, mass and species");
    CHECK(settings->temperature == -1, "no temperature");
    CHECK_CLOSE(settings->packing_fraction, 2.25 * M_PI / 100, 1e-14, "packing fraction");
    rc_edmd_scene_destroy(scene);
}

static void test_determinism(void)
{
    const char *text = "{\"dimension\": 3, \"box\": {\"size\": [6, 6, 6]},"
                       " \"particles\": {\"lattice\": \"random\", \"count\": 100, \"diameter\": 1},"
                       " \"temperature\": 2, \"seed\": 11, \"stop\": {\"events\": 10}}";
    rc_edmd_scene *a = parse(text), *b = parse(text);
    if (!a || !b) return;
    const rc_edmd_def *da = rc_edmd_scene_def(a), *db = rc_edmd_scene_def(b);
    CHECK(memcmp(da->positions, db->positions, 300 * sizeof(double)) == 0, "same seed, same positions");
    CHECK(memcmp(da->velocities, db->velocities, 300 * sizeof(double)) == 0, "same seed, same velocities");
    rc_edmd_scene_destroy(a);
    rc_edmd_scene_destroy(b);
}

/* The 50:50 1:1.4 disk mixture on a hexagonal lattice: 500 of each, their diameters and masses by species, and the
 * box of 500 pi (0.5^2 + 0.7^2) / 0.5 (hand-computed); random placement reaches packing fraction 0.5 too. */
static void test_mixture(void)
{
    static const char *const lattices[] = {"hexagonal", "random"};
    for (int l = 0; l < 2; l++) {
        char text[512];
        snprintf(text, sizeof text,
                 "{\"dimension\": 2, \"particles\": {\"lattice\": \"%s\", \"count\": 1000, \"packing_fraction\": 0.5,"
                 " \"species\": [{\"diameter\": 1.0, \"mass\": 1, \"fraction\": 0.5},"
                 " {\"diameter\": 1.4, \"mass\": 2, \"fraction\": 0.5}]}, \"temperature\": 1, \"seed\": 4,"
                 " \"stop\": {\"collisions\": 10}}",
                 lattices[l]);
        rc_edmd_scene *scene = parse(text);
        if (!scene) continue;
        const rc_edmd_def *def = rc_edmd_scene_def(scene);
        int32_t counts[2] = {0, 0};
        for (int32_t i = 0; i < def->count; i++) {
            int32_t k = def->species[i];
            CHECK(k == 0 || k == 1, "%s: particle %d of species %d", lattices[l], (int)i, (int)k);
            if (k != 0 && k != 1) break;
            counts[k]++;
            CHECK(def->radii[i] == (k ? 0.7 : 0.5) && def->masses[i] == (k ? 2 : 1), "%s: particle %d: %g %g",
                  lattices[l], (int)i, def->radii[i], def->masses[i]);
        }
        CHECK(def->count == 1000 && counts[0] == 500 && counts[1] == 500, "%s: %d and %d", lattices[l], (int)counts[0],
              (int)counts[1]);
        double edge = sqrt(500 * M_PI * (0.25 + 0.49) / 0.5);
        CHECK_CLOSE(def->box[0], edge, 1e-12, "box edge");
        CHECK_CLOSE(rc_edmd_scene_settings(scene)->packing_fraction, 0.5, 1e-12, "packing fraction");
        rc_edmd *engine = NULL;
        CHECK(rc_edmd_scene_create_engine(scene, &engine) == RC_STATUS_OK, "%s: %s", lattices[l], rc_error_get());
        rc_edmd_destroy(engine);
        rc_edmd_scene_destroy(scene);
    }
}

/* A size distribution through the reader: the scene's seed gives the same bits, another seed others. */
static void test_size_distribution(void)
{
    const char *format = "{\"dimension\": 3, \"particles\": {\"lattice\": \"random\", \"count\": 500,"
                         " \"packing_fraction\": 0.2, \"mass\": 3, \"size_distribution\": {\"kind\": \"lognormal\","
                         " \"polydispersity\": 0.1, \"mean\": 2}}, \"temperature\": 1, \"seed\": %d,"
                         " \"stop\": {\"collisions\": 10}}";
    char text[512];
    rc_edmd_scene *scenes[3];
    for (int i = 0; i < 3; i++) {
        snprintf(text, sizeof text, format, i < 2 ? 5 : 6);
        scenes[i] = parse(text);
    }
    if (scenes[0] && scenes[1] && scenes[2]) {
        const rc_edmd_def *a = rc_edmd_scene_def(scenes[0]), *b = rc_edmd_scene_def(scenes[1]),
                          *c = rc_edmd_scene_def(scenes[2]);
        CHECK(memcmp(a->radii, b->radii, 500 * sizeof(double)) == 0 &&
                  memcmp(a->positions, b->positions, 1500 * sizeof(double)) == 0,
              "same seed, same radii and positions");
        CHECK(memcmp(a->radii, c->radii, 500 * sizeof(double)) != 0, "another seed, other radii");
        CHECK(a->masses[0] == 3 && a->masses[499] == 3 && a->species[7] == 0, "one mass, species 0");
        CHECK_CLOSE(rc_edmd_scene_settings(scenes[0])->packing_fraction, 0.2, 1e-12, "packing fraction");
    }
    for (int i = 0; i < 3; i++) rc_edmd_scene_destroy(scenes[i]);
}

static void test_examples(void)
{
    static const char *const names[] = {"hard_spheres", "hard_disks",    "binary_disks",
                                        "granular_gas", "ball_on_plate", "box_gravity"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[128];
        snprintf(path, sizeof path, "examples/edmd/%s.json", names[i]);
        rc_edmd_scene *scene = NULL;
        rc_status s = rc_edmd_scene_create_from_file(path, &scene);
        CHECK(s == RC_STATUS_OK, "%s: %s", path, rc_error_get());
        if (s) continue;
        rc_edmd *engine = NULL;
        s = rc_edmd_scene_create_engine(scene, &engine);
        CHECK(s == RC_STATUS_OK, "%s: engine: %s", path, rc_error_get());
        rc_edmd_destroy(engine);
        rc_edmd_scene_destroy(scene);
    }
}

/* The engine's own refusals come in the file's terms: its box[k] is the file's box.size[k]. */
static void test_engine_messages(void)
{
    rc_edmd_scene *scene = parse("{\"dimension\": 2, \"box\": {\"size\": [2, 5]}, \"stop\": {\"time\": 1},"
                                 " \"particles\": [{\"position\": [1, 1], \"radius\": 0.5}]}");
    if (!scene) return;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_scene_create_engine(scene, &engine);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "box.size[0]: ") != NULL,
          "a periodic edge shorter than twice the neighbour reach: %s", rc_error_get());
    if (!s) rc_edmd_destroy(engine);
    rc_edmd_scene_destroy(scene);
}

/* ---- bad input: each message names its field ---------------------------------------------------------------- */

#define LATTICE "\"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.3, \"diameter\": 1}"
#define GOOD_REST "\"dimension\": 3, \"temperature\": 1, \"stop\": {\"collisions\": 10}"
#define EXPLICIT_2D "{\"dimension\": 2, \"box\": {\"size\": [10, 10]}, \"stop\": {\"time\": 1}, "

static const struct {
    const char *text, *named;
} bad_cases[] = {
    {"[1, 2]", "one JSON object"},
    {"{" GOOD_REST ", " LATTICE ", \"colour\": 1}", "unknown key \"colour\" at the top level"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"diam\": 1}}",
     "unknown key \"diam\" in particles"},
    {"{" GOOD_REST ", " LATTICE ", \"box\": {\"sizes\": [1, 1, 1]}}", "unknown key \"sizes\" in box"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {\"colisions\": 10}, " LATTICE "}",
     "unknown key \"colisions\" in stop"},
    {"{" GOOD_REST ", " LATTICE ", \"output\": {\"every\": 1, \"format\": \"h5\"}}",
     "unknown key \"format\" in output"},
    {"{" GOOD_REST ", " LATTICE ", \"thermostat\": {\"temperature\": 1}}", "thermostat.rate is missing"},
    {"{" GOOD_REST ", " LATTICE ", \"diagnostics\": {\"g_of_r\": true}}", "unknown key \"g_of_r\" in diagnostics"},
    {"{" GOOD_REST ", " LATTICE ", \"walls\": [{\"point\": [0, 0, 0], \"normal\": [0, 0, 1], \"e\": 1}]}",
     "unknown key \"e\" in walls[0]"},
    {"{" GOOD_REST ", " LATTICE ", \"equilibration\": {\"steps\": 1}}", "unknown key \"steps\" in equilibration"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1], \"radius\": 0.5},"
                 " {\"position\": [3, 3], \"radius\": 0.5, \"colour\": 2}]}",
     "unknown key \"colour\" in particles[1]"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1], \"radius\": 0.5}, {\"position\": [3, 1], \"radius\": 0.5},"
                 " {\"position\": [5, 1], \"radius\": 0.5}, {\"position\": [7, 1], \"radius\": -1}]}",
     "particles[3].radius: -1 is not positive"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1], \"radius\": 0.5}, {\"position\": [3, 1], \"radius\": 0.5},"
                 " {\"position\": [5, 1], \"radius\": 0.5}, {\"position\": [7, 1], \"radius\": 0.5},"
                 " {\"position\": [1, 5], \"radius\": 0.5}, {\"position\": [5.5, 1.5], \"radius\": 0.5}]}",
     "particles[2] overlaps particles[5]"},
    /* periodic images overlap across the edge: 0.2 and 9.9 are 0.3 apart */
    {EXPLICIT_2D "\"particles\": [{\"position\": [0.2, 5], \"radius\": 0.5},"
                 " {\"position\": [9.9, 5], \"radius\": 0.5}]}",
     "particles[0] overlaps particles[1]"},
    {"{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": false}, \"stop\": {\"time\": 1},"
     " \"particles\": [{\"position\": [0.2, 5], \"radius\": 0.5}]}",
     "particles[0].position: outside the box"},
    {"{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": [true, false]}, \"stop\": {\"time\": 1},"
     " \"particles\": [{\"position\": [3, 5], \"radius\": 0.5}, {\"position\": [5, 11], \"radius\": 0.5}]}",
     "particles[1].position: outside the box"},
    {"{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": [true, false]}, \"stop\": {\"time\": 1},"
     " \"particles\": [{\"position\": [12.5, 5], \"radius\": 0.5}]}",
     "particles[0].position: outside the box: entry 0 is 12.5, not in [0, 10)"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.8,"
     " \"diameter\": 1}}",
     "particles.packing_fraction: 0.8 cannot be placed"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 1.5,"
     " \"diameter\": 1}}",
     "particles.packing_fraction: 1.5 is not below 1"},
    {"{" GOOD_REST ", \"box\": {\"size\": [2, 2, 2]}, \"particles\": {\"lattice\": \"fcc\", \"count\": 100,"
     " \"diameter\": 1}}",
     "particles.count: 100 particles cannot be placed"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1e400, 1], \"radius\": 0.5}]}", "particles[0].position[0]"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [NaN, 1], \"radius\": 0.5}]}", "malformed JSON at line 1"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1, 1], \"radius\": 0.5}]}",
     "particles[0].position has 3 entries, dimension is 2"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1], \"radius\": 0.5, \"diameter\": 1}]}",
     "particles[0]: give radius or diameter, not both"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1]}]}", "particles[0].radius is missing"},
    {EXPLICIT_2D "\"particles\": [{\"position\": [1, 1], \"radius\": 0.5, \"species\": -1}]}",
     "particles[0].species: -1 is not a whole number"},
    {EXPLICIT_2D "\"particles\": []}", "particles: the list is empty"},
    {EXPLICIT_2D "\"particles\": 3}", "particles: not a placement"},
    {EXPLICIT_2D "\"temperature\": 1, \"particles\": [{\"position\": [1, 1], \"radius\": 0.5},"
                 " {\"position\": [3, 1], \"velocity\": [1, 0], \"radius\": 0.5}]}",
     "particles[1].velocity: the scene also gives a temperature"},
    {EXPLICIT_2D "\"walls\": [{\"point\": [0, 2], \"normal\": [0, 1]}],"
                 " \"particles\": [{\"position\": [1, 1], \"radius\": 0.5}]}",
     "particles[0] overlaps walls[0]"},
    {EXPLICIT_2D "\"walls\": [{\"point\": [0, 0], \"normal\": [0, 0]}],"
                 " \"particles\": [{\"position\": [1, 1], \"radius\": 0.5}]}",
     "walls[0].normal: zero vector"},
    {"{\"dimension\": 2, \"stop\": {\"time\": 1}, \"particles\": [{\"position\": [1, 1], \"radius\": 0.5}]}",
     "box.size is missing"},
    {"{\"dimension\": 3, \"stop\": {\"time\": 1}, \"particles\": {\"lattice\": \"fcc\", \"count\": 32,"
     " \"diameter\": 1}, \"temperature\": 1}",
     "box.size is missing"},
    {"{\"dimension\": 3, \"stop\": {\"time\": 1}, " LATTICE "}", "temperature is missing"},
    {"{\"dimension\": 2, \"temperature\": 1, \"stop\": {\"time\": 1}, " LATTICE "}",
     "particles.lattice: fcc needs dimension 3"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"bcc\", \"count\": 2, \"diameter\": 1}}",
     "particles.lattice: \"bcc\" is not"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"fcc\", \"count\": 0, \"diameter\": 1}}",
     "particles.count: 0 is not positive"},
    {"{" GOOD_REST ", \"particles\": {\"lattice\": \"fcc\", \"count\": 2.5, \"diameter\": 1}}",
     "particles.count: 2.5 is not a whole number"},
    {"{\"dynamics\": \"time-stepping\", " GOOD_REST ", " LATTICE "}",
     "dynamics: \"time-stepping\" scenes are read by rc_rigid_scene_create_from_file"},
    {"{\"dynamics\": \"monte-carlo\", " GOOD_REST ", " LATTICE "}", "dynamics: \"monte-carlo\" is not"},
    {"{\"dimension\": 4, \"temperature\": 1, \"stop\": {\"time\": 1}, " LATTICE "}", "dimension: 4 is not 2 or 3"},
    {"{\"dimension\": 3, \"temperature\": 1, " LATTICE "}", "stop is missing"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {}, " LATTICE "}", "stop: give at least one"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {\"collisions\": 2.5}, " LATTICE "}",
     "stop.collisions: 2.5 is not a whole number"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {\"collisions\": 0}, " LATTICE "}",
     "stop.collisions: 0 is not positive"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {\"time\": -1}, " LATTICE "}", "stop.time: -1 is not positive"},
    {"{" GOOD_REST ", " LATTICE ", \"temperature\": -1}", "key \"temperature\" appears twice"},
    {"{\"dimension\": 3, \"temperature\": -1, \"stop\": {\"time\": 1}, " LATTICE "}",
     "temperature: -1 is outside [0, inf]"},
    {"{" GOOD_REST ", " LATTICE ", \"restitution\": 1.5}", "restitution: 1.5 is outside [0, 1]"},
    {"{" GOOD_REST ", " LATTICE ", \"box\": {\"restitution\": -0.5}}", "box.restitution: -0.5 is outside [0, 1]"},
    {"{" GOOD_REST ", " LATTICE ", \"box\": {\"periodic\": [true, 1, true]}}", "box.periodic[1]: not true or false"},
    {"{" GOOD_REST ", " LATTICE ", \"box\": {\"periodic\": [true, true]}}", "box.periodic: not true, false or a list"},
    {"{" GOOD_REST ", " LATTICE ", \"box\": {\"size\": [1, 0, 1]}}", "box.size[1]: 0 is not positive"},
    {"{" GOOD_REST ", " LATTICE ", \"gravity\": [0, 0]}", "gravity has 2 entries, dimension is 3"},
    {"{" GOOD_REST ", " LATTICE ", \"event_detection\": \"fast\"}", "event_detection: \"fast\" is not"},
    {"{" GOOD_REST ", " LATTICE ", \"neighbour_shell\": 0}", "neighbour_shell: 0 is not positive"},
    {"{" GOOD_REST ", " LATTICE ", \"reorder_interval\": -2}", "reorder_interval: -2 is outside"},
    {"{" GOOD_REST ", " LATTICE ", \"seed\": -3}", "seed: -3 is not a whole number"},
    {"{" GOOD_REST ", " LATTICE ", \"diagnostics\": {\"separation_histogram\": 1}}",
     "diagnostics.separation_histogram: not true or false"},
    {"{" GOOD_REST ", " LATTICE ", \"output\": {\"every\": -1}}", "output.every: -1 is not positive"},
    {"{" GOOD_REST ", " LATTICE ", \"output\": {\"directory\": \"\"}}", "output.directory: the name is empty"},
    {"{" GOOD_REST ", " LATTICE ", \"output\": {\"xyz\": \"yes\"}}", "output.xyz: not true or false"},
    {"{\"dimension\": 3, \"temperature\": 1, \"stop\": {\"time\": 50}, \"equilibration\": {\"time\": 100}, " LATTICE
     "}",
     "equilibration.time: 100 is not before stop.time 50"},
    {"{" GOOD_REST ", " LATTICE ", \"equilibration\": {\"collisions\": 10}}",
     "equilibration.collisions: 10 is not below stop.collisions 10"},
    {"{" GOOD_REST ", " LATTICE ", \"equilibration\": {}}", "equilibration: give \"time\" or \"collisions\""},
    {"{" GOOD_REST ", " LATTICE ", \"walls\": {}}", "walls: not a list"},
};

static void test_bad_input(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        rc_edmd_scene *scene = (rc_edmd_scene *)1;
        rc_status s = rc_edmd_scene_create_from_text(bad_cases[i].text, &scene);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && scene == NULL, "case %zu: status %d for %s", i, (int)s,
              bad_cases[i].text);
        CHECK(strstr(rc_error_get(), bad_cases[i].named) != NULL, "case %zu: \"%s\" does not name \"%s\"", i,
              rc_error_get(), bad_cases[i].named);
        if (!s) rc_edmd_scene_destroy(scene);
    }
    rc_edmd_scene *scene;
    CHECK(rc_edmd_scene_create_from_file("examples/edmd/no_such_scene.json", &scene) == RC_STATUS_IO_ERROR,
          "missing file");
    CHECK(strstr(rc_error_get(), "no_such_scene.json") != NULL, "missing file named: %s", rc_error_get());
}

int main(void)
{
    test_lattice();
    test_shape_and_settings();
    test_explicit();
    test_determinism();
    test_mixture();
    test_size_distribution();
    test_examples();
    test_engine_messages();
    test_bad_input();
    return check_finish();
}
