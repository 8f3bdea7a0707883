/* SPDX-License-Identifier: MIT */
/* Trajectories drawn picture by picture (rc_render_trajectories, src/render/render_trajectories.c and src/render/movie.c;
 * what `ricochet render` and ricochet.render_run do).
 *
 * Oracles:
 * - Pictures: a trajectory of two frames gives frame_00000.png and frame_00001.png and no third, each a PNG of the
 *   size asked (its IHDR chunk); beside a trajectory of three frames the pictures stop at the shorter one's two.
 * - The speed scale is fixed by the first frames: picture 1 (a disk at speed 0.5 after one at speed 1) is byte for
 *   byte rc_render_png of that frame with the scale 1, and not the picture with its own scale (0.5, the top colour).
 * - Side files: a malformed shapes.json beside the trajectory is refused naming it; one of other bodies than the
 *   frames names both files; --shapes given wins over the one beside.
 * - Failures: no trajectory, a missing one (named, nothing drawn, no folder made), ffmpeg not on PATH (said so,
 *   before anything is drawn); an ffmpeg that fails is quoted (its last line), one that succeeds gets the pictures'
 *   pattern, the rate and the film's path. The ffmpeg of these tests is a shell script on a PATH of their own: what
 *   is tested is the spawning, not the encoder (Debian's ffmpeg is not among the build's packages). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

static char folder[96];

/* folder/name */
static const char *at(const char *name)
{
    static char paths[64][192]; /* enough for every path a test holds at once */
    static int next;
    char *p = paths[next++ % 64];
    snprintf(p, sizeof paths[0], "%s/%s", folder, name);
    return p;
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

static void write_text(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "cannot write %s", path);
    if (f) fputs(text, f), fclose(f);
    chmod(path, mode);
}

/* The width and height of the PNG at path (its IHDR chunk), or -1 -1. */
static void png_size(const char *path, int size[2])
{
    unsigned char head[24] = {0};
    FILE *f = fopen(path, "rb");
    size[0] = size[1] = -1;
    if (!f) return;
    bool read = fread(head, 1, sizeof head, f) == sizeof head;
    fclose(f);
    if (!read || memcmp(head, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp(head + 12, "IHDR", 4) != 0) return;
    for (int k = 0; k < 2; k++)
        size[k] = (int)((uint32_t)head[16 + 4 * k] << 24 | (uint32_t)head[17 + 4 * k] << 16 |
                        (uint32_t)head[18 + 4 * k] << 8 | head[19 + 4 * k]);
}

static char *read_all(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    *size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = calloc((size_t)*size + 1, 1);
        if (text && fread(text, 1, (size_t)*size, f) != (size_t)*size) *size = -1;
    }
    if (f) fclose(f);
    return text;
}

/* One disk of radius 1 in a closed 4 x 4 box, moving along x at each speed of speeds, a frame each. */
static void write_trajectory(const char *path, int frames, const double *speeds)
{
    rc_xyz_writer *w = NULL;
    rc_frame f;
    CHECK(rc_frame_create(&f, 1, false) == RC_STATUS_OK, "frame");
    f.dimension = 2;
    f.box[0] = f.box[1] = 4;
    f.positions[0] = f.positions[1] = 2;
    f.radii[0] = 1;
    CHECK(rc_xyz_writer_open(path, &w) == RC_STATUS_OK, "open %s: %s", path, rc_error_get());
    for (int k = 0; k < frames && w; k++) {
        f.time = k;
        f.velocities[0] = speeds[k];
        CHECK(rc_xyz_writer_write(w, &f) == RC_STATUS_OK, "write: %s", rc_error_get());
    }
    CHECK(rc_xyz_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    rc_frame_destroy(&f);
}

static void test_pictures(void)
{
    const char *two = at("run/two.xyz"), *three = at("three.xyz"), *out = at("pictures");
    write_trajectory(two, 2, (double[]){1, 0.5});
    write_trajectory(three, 3, (double[]){1, 1, 1});
    rc_render_options o = rc_render_default_options();
    o.width = 120, o.height = 90, o.color_by = RC_COLOR_BY_SPEED;
    int64_t frames = -1;
    rc_status s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, &o, out, NULL, 0, &frames);
    CHECK(s == RC_STATUS_OK && frames == 2, "two frames: %s, %lld drawn", rc_error_get(), (long long)frames);
    int size[2];
    for (int k = 0; k < 2; k++) {
        png_size(at(k ? "pictures/frame_00001.png" : "pictures/frame_00000.png"), size);
        CHECK(size[0] == 120 && size[1] == 90, "picture %d is %dx%d, not 120x90", k, size[0], size[1]);
    }
    CHECK(!exists(at("pictures/frame_00002.png")), "a third picture of two frames");

    /* picture 1 is frame 1 drawn at the scale of frame 0 (speed 1), not at its own (0.5, the top colour) */
    rc_trajectory_reader *r = NULL;
    rc_frame f = {0};
    bool got = false;
    CHECK(rc_trajectory_reader_open(two, &r) == RC_STATUS_OK, "reopen: %s", rc_error_get());
    for (int k = 0; k < 2 && r; k++)
        CHECK(rc_trajectory_reader_next(r, &f, &got) == RC_STATUS_OK && got, "frame %d", k);
    rc_trajectory_reader_close(r);
    const rc_frame *one[1] = {&f};
    long drawn_size, fixed_size, own_size;
    char *drawn = read_all(at("pictures/frame_00001.png"), &drawn_size);
    rc_render_options scale = o;
    scale.speed_scale = 1;
    CHECK(rc_render_png(1, one, NULL, NULL, &scale, at("fixed.png")) == RC_STATUS_OK, "fixed: %s", rc_error_get());
    scale.speed_scale = 0;
    CHECK(rc_render_png(1, one, NULL, NULL, &scale, at("own.png")) == RC_STATUS_OK, "own: %s", rc_error_get());
    char *fixed = read_all(at("fixed.png"), &fixed_size), *own = read_all(at("own.png"), &own_size);
    CHECK(drawn && fixed && drawn_size == fixed_size && memcmp(drawn, fixed, (size_t)drawn_size) == 0,
          "picture 1 is not frame 1 at the speed scale of frame 0");
    CHECK(drawn && own && (drawn_size != own_size || memcmp(drawn, own, (size_t)drawn_size) != 0),
          "picture 1 is frame 1 at its own speed scale");
    free(drawn), free(fixed), free(own);
    rc_frame_destroy(&f);

    /* side by side: the shorter trajectory ends the pictures */
    s = rc_render_trajectories(2, (const char *[]){three, two}, NULL, (const char *[]){"a", "b"}, &o, at("both"), NULL,
                               0, &frames);
    CHECK(s == RC_STATUS_OK && frames == 2, "side by side: %s, %lld drawn", rc_error_get(), (long long)frames);
    CHECK(exists(at("both/frame_00001.png")) && !exists(at("both/frame_00002.png")), "side by side: 2 pictures");

    /* the report names the MP4 only when one was made: asked for, and a picture drawn */
    static const struct {
        int64_t frames;
        const char *mp4, *expected;
    } reports[] = {{2, "a.mp4", "{\"frames\":2,\"directory\":\"d\",\"mp4\":\"a.mp4\"}"},
                   {2, NULL, "{\"frames\":2,\"directory\":\"d\",\"mp4\":null}"},
                   {0, "a.mp4", "{\"frames\":0,\"directory\":\"d\",\"mp4\":null}"}};
    for (size_t k = 0; k < sizeof reports / sizeof *reports; k++) {
        char *report = rc_render_report_json(reports[k].frames, "d", reports[k].mp4, true);
        CHECK(report && strcmp(report, reports[k].expected) == 0, "report %zu: %s", k, report ? report : "NULL");
        rc_text_destroy(report);
    }
}

static void test_shapes(void)
{
    const char *two = at("run/two.xyz"), *beside = at("run/shapes.json"), *other = at("other.json");
    int64_t frames = -1;
    write_text(beside, "{\"dimension\": 2, \"bodies\": [{\"shape\": \"box\", \"half_extents\": [2, 0.5]}", 0644);
    rc_status s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, NULL, at("bad"), NULL, 0, &frames);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), beside) && frames == 0,
          "a malformed shapes.json beside: %d %s", (int)s, rc_error_get());
    write_text(other,
               "{\"dimension\": 2, \"bodies\": [{\"shape\": \"box\", \"half_extents\": [2, 0.5]},\n"
               " {\"shape\": \"box\", \"half_extents\": [1, 1]}], \"static\": []}\n",
               0644);
    s = rc_render_trajectories(1, (const char *[]){two}, (const char *[]){other}, NULL, NULL, at("other"), NULL, 0,
                               &frames);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), other) && strstr(rc_error_get(), two),
          "shapes of two bodies for frames of one: %d %s", (int)s, rc_error_get());
    write_text(other,
               "{\"dimension\": 2, \"bodies\": [{\"shape\": \"box\", \"half_extents\": [2, 0.5]}],"
               " \"static\": []}\n",
               0644);
    s = rc_render_trajectories(1, (const char *[]){two}, (const char *[]){other}, NULL, NULL, at("given"), NULL, 0,
                               &frames);
    CHECK(s == RC_STATUS_OK && frames == 2, "the shapes given win over a malformed one beside: %s", rc_error_get());
    remove(beside);
}

static void test_failures(void)
{
    const char *two = at("run/two.xyz"), *missing = at("none.xyz"), *mp4 = at("film.mp4");
    int64_t frames = -1;
    CHECK(rc_render_trajectories(0, NULL, NULL, NULL, NULL, at("x"), NULL, 0, &frames) == RC_STATUS_INVALID_ARGUMENT,
          "no trajectory");
    rc_status s = rc_render_trajectories(1, (const char *[]){missing}, NULL, NULL, NULL, at("m"), NULL, 0, &frames);
    CHECK(s == RC_STATUS_IO_ERROR && strstr(rc_error_get(), missing) && !exists(at("m")), "a missing trajectory: %d %s",
          (int)s, rc_error_get());
    s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, NULL, at("fps"), mp4, -1, &frames);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "fps"), "fps -1: %s", rc_error_get());

    /* ffmpeg: none on PATH, one that fails, one that succeeds (scripts in folder/bin) */
    char *saved = strdup(getenv("PATH") ? getenv("PATH") : "");
    setenv("PATH", at("empty"), 1);
    s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, NULL, at("nomp4"), mp4, 0, &frames);
    CHECK(s == RC_STATUS_IO_ERROR && strstr(rc_error_get(), "ffmpeg is not installed") && strstr(rc_error_get(), mp4) &&
              !exists(at("nomp4")) && frames == 0,
          "no ffmpeg: %d %s", (int)s, rc_error_get());
    mkdir(at("bin"), 0755);
    write_text(at("bin/ffmpeg"), "#!/bin/sh\necho 'first line' >&2\necho 'Unknown encoder libx264' >&2\nexit 1\n",
               0755);
    setenv("PATH", at("bin"), 1);
    s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, NULL, at("failed"), mp4, 0, &frames);
    CHECK(s == RC_STATUS_IO_ERROR && strstr(rc_error_get(), "Unknown encoder libx264") && strstr(rc_error_get(), mp4) &&
              frames == 2 && exists(at("failed/frame_00001.png")),
          "a failing ffmpeg: %d %s", (int)s, rc_error_get());
    write_text(at("bin/ffmpeg"), "#!/bin/sh\nfor last; do :; done\necho \"$@\" > \"$last\"\n", 0755);
    s = rc_render_trajectories(1, (const char *[]){two}, NULL, NULL, NULL, at("film"), mp4, 12.5, &frames);
    long size;
    char *args = read_all(mp4, &size), pattern[256];
    snprintf(pattern, sizeof pattern, "-i %s -c:v", at("film/frame_%05d.png"));
    CHECK(s == RC_STATUS_OK && frames == 2 && args && strstr(args, "-framerate 12.5 ") && strstr(args, pattern),
          "ffmpeg's arguments: %s (%s)", args ? args : "none", rc_error_get());
    free(args);
    setenv("PATH", saved, 1);
    free(saved);
}

int main(void)
{
    snprintf(folder, sizeof folder, "/tmp/ricochet_test_render_trajectories_%d", (int)getpid());
    CHECK(mkdir(folder, 0755) == 0 && mkdir(at("run"), 0755) == 0, "cannot make %s", folder);
    test_pictures();
    test_shapes();
    test_failures();
    check_remove_tree(folder);
    return check_finish();
}
