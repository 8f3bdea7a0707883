/* SPDX-License-Identifier: MIT */
/* Tests of scenes that start from a saved state (src/scene/run_scene_saved.c, docs/formats.md "particles: a saved
 * state"): a binary disk mixture is run, its frames written as extended XYZ and as H5MD; a scene naming either file
 * gets the last frame's positions, velocities, radii, masses and species bit for bit, its box and periodicity, and an
 * engine built from it starts in exactly that state; "frame" picks another frame (negative from the end), a
 * temperature draws new velocities, the scene's box wins over the file's, and a file of another dimension or a frame
 * index past the end is refused naming the field. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { COUNT = 200, FRAMES = 3 };

static rc_edmd_scene *parse(const char *text)
{
    rc_edmd_scene *scene = NULL;
    rc_status s = rc_edmd_scene_create_from_text(text, &scene);
    CHECK(s == RC_STATUS_OK, "parse failed (%s): %s", rc_error_get(), text);
    return scene;
}

/* Runs the mixture and writes FRAMES frames (times 0, 1, 2) to both files; frames[k] keeps frame k. */
static bool write_run(const char *xyz, const char *h5md, rc_frame frames[FRAMES])
{
    rc_edmd_scene *scene = parse("{\"dimension\": 2, \"box\": {\"periodic\": [true, false]},"
                                 " \"particles\": {\"lattice\": \"random\", \"count\": 200, \"packing_fraction\": 0.4,"
                                 " \"species\": [{\"diameter\": 1, \"mass\": 1, \"fraction\": 0.5},"
                                 " {\"diameter\": 1.4, \"mass\": 1.96, \"fraction\": 0.5}]},"
                                 " \"temperature\": 1, \"seed\": 8, \"stop\": {\"time\": 2}}");
    rc_edmd *engine = NULL;
    rc_xyz_writer *x = NULL;
    rc_h5md_writer *h = NULL;
    bool ok = scene && rc_edmd_scene_create_engine(scene, &engine) == RC_STATUS_OK &&
              rc_xyz_writer_open(xyz, &x) == RC_STATUS_OK && rc_h5md_writer_open(h5md, "tester", &h) == RC_STATUS_OK;
    for (int k = 0; k < FRAMES && ok; k++) {
        rc_edmd_limits limits = {.time = k};
        ok = rc_edmd_advance(engine, &limits) == RC_STATUS_OK &&
             rc_frame_create(&frames[k], COUNT, false) == RC_STATUS_OK &&
             rc_edmd_fill_frame(engine, &frames[k]) == RC_STATUS_OK &&
             rc_xyz_writer_write(x, &frames[k]) == RC_STATUS_OK && rc_h5md_writer_write(h, &frames[k]) == RC_STATUS_OK;
    }
    if (x) ok = rc_xyz_writer_close(x) == RC_STATUS_OK && ok;
    if (h) ok = rc_h5md_writer_close(h) == RC_STATUS_OK && ok;
    CHECK(ok, "writing the saved states: %s", rc_error_get());
    rc_edmd_destroy(engine);
    rc_edmd_scene_destroy(scene);
    return ok;
}

static bool same(const void *a, const void *b, size_t size) { return memcmp(a, b, size) == 0; }

/* The scene's particles are the frame's, bit for bit. */
static void check_taken(const char *what, const rc_edmd_def *def, const rc_frame *f, bool velocities)
{
    size_t n = COUNT;
    CHECK(def->count == COUNT && def->dimension == 2, "%s: %d particles", what, (int)def->count);
    CHECK(same(def->positions, f->positions, 3 * n * sizeof(double)), "%s: positions", what);
    CHECK(same(def->velocities, f->velocities, 3 * n * sizeof(double)) == velocities, "%s: velocities %s", what,
          velocities ? "kept" : "redrawn");
    CHECK(same(def->radii, f->radii, n * sizeof(double)) && same(def->masses, f->masses, n * sizeof(double)) &&
              same(def->species, f->species, n * sizeof(int32_t)),
          "%s: radii, masses, species", what);
}

/* An engine built from the saved scene starts in exactly the frame's state. */
static void check_engine(const char *what, rc_edmd_scene *scene, const rc_frame *f)
{
    rc_edmd *engine = NULL;
    rc_frame now;
    bool ok = rc_edmd_scene_create_engine(scene, &engine) == RC_STATUS_OK &&
              rc_frame_create(&now, COUNT, false) == RC_STATUS_OK && rc_edmd_fill_frame(engine, &now) == RC_STATUS_OK;
    CHECK(ok, "%s: engine: %s", what, rc_error_get());
    if (ok)
        CHECK(same(now.positions, f->positions, 3 * COUNT * sizeof(double)) &&
                  same(now.velocities, f->velocities, 3 * COUNT * sizeof(double)) &&
                  same(now.species, f->species, COUNT * sizeof(int32_t)) && now.time == 0,
              "%s: the engine's first frame is the saved one", what);
    rc_frame_destroy(&now);
    rc_edmd_destroy(engine);
}

static void test_file(const char *path, const rc_frame frames[FRAMES])
{
    char text[1024];
    snprintf(text, sizeof text, "{\"dimension\": 2, \"particles\": {\"file\": \"%s\"}, \"stop\": {\"time\": 1}}", path);
    rc_edmd_scene *scene = parse(text);
    if (scene) {
        const rc_edmd_def *def = rc_edmd_scene_def(scene);
        const rc_frame *last = &frames[FRAMES - 1];
        check_taken(path, def, last, true);
        CHECK(def->box[0] == last->box[0] && def->box[1] == last->box[1] && def->periodic[0] && !def->periodic[1],
              "%s: the box and periodicity of the frame", path);
        CHECK(rc_edmd_scene_settings(scene)->temperature == -1, "%s: no temperature", path);
        check_engine(path, scene, last);
        rc_edmd_scene_destroy(scene);
    }
    /* frame 0, from the front and from the end; a temperature redraws the velocities; the scene's box wins */
    for (int from_end = 0; from_end < 2; from_end++) {
        snprintf(text, sizeof text,
                 "{\"dimension\": 2, \"particles\": {\"file\": \"%s\", \"frame\": %d}, \"temperature\": 2,"
                 " \"box\": {\"size\": [60, 60], \"periodic\": true}, \"stop\": {\"time\": 1}}",
                 path, from_end ? -FRAMES : 0);
        scene = parse(text);
        if (!scene) continue;
        const rc_edmd_def *def = rc_edmd_scene_def(scene);
        check_taken(path, def, &frames[0], false);
        CHECK(def->box[0] == 60 && def->periodic[1] && rc_edmd_scene_settings(scene)->temperature == 2,
              "%s: the scene's box and temperature", path);
        rc_edmd_scene_destroy(scene);
    }
    /* refusals */
    const struct {
        const char *format, *named;
    } bad[] = {
        {"{\"dimension\": 3, \"particles\": {\"file\": \"%s\"}, \"stop\": {\"time\": 1}}",
         "particles.file: %s is a saved-state file of another dimension"},
        {"{\"dimension\": 2, \"particles\": {\"file\": \"%s\", \"frame\": 3}, \"stop\": {\"time\": 1}}",
         "particles.frame: 3 is a frame index past the end of %s (3 frames)"},
        {"{\"dimension\": 2, \"particles\": {\"file\": \"%s\", \"frame\": -4}, \"stop\": {\"time\": 1}}",
         "particles.frame: -4 is a frame index past the end"},
        {"{\"dimension\": 2, \"particles\": {\"file\": \"%s\", \"frame\": 0.5}, \"stop\": {\"time\": 1}}",
         "particles.frame: 0.5 is not a whole number"},
        {"{\"dimension\": 2, \"particles\": {\"file\": \"%s\", \"count\": 3}, \"stop\": {\"time\": 1}}",
         "unknown key \"count\""},
        {"{\"dimension\": 2, \"particles\": {\"file\": \"%s.missing\"}, \"stop\": {\"time\": 1}}",
         "particles.file: cannot open"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char named[512];
        snprintf(text, sizeof text, bad[i].format, path);
        snprintf(named, sizeof named, bad[i].named, path);
        scene = (rc_edmd_scene *)1;
        rc_status s = rc_edmd_scene_create_from_text(text, &scene);
        CHECK(s != RC_STATUS_OK && scene == NULL && strstr(rc_error_get(), named) != NULL, "%s case %zu: %s", path, i,
              rc_error_get());
    }
}

/* A saved state's masses and radii are in the range of a scene's (2^-40 to 2^40), the file and particle named: a
 * denormal mass drawn at a temperature gave a kinetic energy of NaN, reported as the temperature's fault. */
static void test_range(const char *path)
{
    static const char *const lines[] = {"H 1 1 0 0.5 1e-320", "H 1 1 0 1e300 1"};
    static const char *const named[] = {"particle 0: mass: 9.99989e-321 is outside 2^-40 to 2^40",
                                        "particle 0: radius: 1e+300 is outside 2^-40 to 2^40"};
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(path, "w");
        CHECK(f != NULL, "cannot write %s", path);
        if (!f) return;
        fprintf(f,
                "2\nLattice=\"10 0 0 0 10 0 0 0 10\" Properties=species:S:1:pos:R:3:radius:R:1:masses:R:1\n"
                "%s\nH 3 1 0 0.5 1\n",
                lines[k]);
        fclose(f);
        char text[512];
        snprintf(text, sizeof text,
                 "{\"dimension\": 2, \"box\": {\"size\": [10, 10]}, \"temperature\": 1, "
                 "\"particles\": {\"file\": \"%s\"}, \"stop\": {\"time\": 1}}",
                 path);
        rc_edmd_scene *scene = NULL;
        rc_status s = rc_edmd_scene_create_from_text(text, &scene);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "particles.file: ") &&
                  strstr(rc_error_get(), named[k]),
              "out of range in a saved state: %s", rc_error_get());
        rc_edmd_scene_destroy(scene);
    }
    remove(path);
}

int main(void)
{
    char xyz[64], h5md[64];
    snprintf(xyz, sizeof xyz, "/tmp/ricochet_test_saved_%d.xyz", (int)getpid());
    snprintf(h5md, sizeof h5md, "/tmp/ricochet_test_saved_%d.h5md", (int)getpid());
    rc_frame frames[FRAMES] = {{0}};
    if (write_run(xyz, h5md, frames)) {
        int32_t species_1 = 0;
        for (int32_t i = 0; i < COUNT; i++) species_1 += frames[FRAMES - 1].species[i];
        CHECK(species_1 == COUNT / 2 && frames[FRAMES - 1].collisions > 0,
              "the saved run: %d of species 1, %llu "
              "collisions",
              (int)species_1, (unsigned long long)frames[FRAMES - 1].collisions);
        test_file(xyz, frames);
        test_file(h5md, frames);
    }
    for (int k = 0; k < FRAMES; k++) rc_frame_destroy(&frames[k]);
    remove(xyz);
    remove(h5md);
    test_range(xyz);
    return check_finish();
}
