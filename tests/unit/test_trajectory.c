/* SPDX-License-Identifier: MIT */
/* Trajectory readers of ricochet/trajectory.h (src/io/trajectory_reader.c, xyz_reader.c, h5md_reader.c).
 *
 * Oracles:
 * - Round trip: frames written by the XYZ and the H5MD writers (2D with orientations, 3D without) read back to the
 *   same bits: positions, velocities, radii, masses, species, orientations, time, box, periodic axes and dimension.
 * - Column names: the velocity of velo (files of earlier versions, without masses: mass 1), vel or velocities, the
 *   mass of masses (ASE) or mass (OVITO); momenta are not read as velocities.
 * - Bad input: a missing file is RC_STATUS_IO_ERROR naming it; an XYZ frame that ends early or has no pos column is
 *   RC_STATUS_INVALID_ARGUMENT naming the file and the line. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { COUNT = 7, FRAMES = 3 };

static void fill(rc_frame *f, int d, int k)
{
    f->dimension = d;
    f->time = k / 3.0;
    for (int a = 0; a < 3; a++) f->box[a] = a < d ? 5.0 + a + k / 8.0 : 0, f->periodic[a] = a < d && a != 1;
    for (int32_t i = 0; i < COUNT; i++) {
        for (int a = 0; a < 3; a++) {
            f->positions[3 * i + a] = a < d ? (i + 1.0) / (k + 3.0) + a : 0;
            f->velocities[3 * i + a] = a < d ? -1.0 / (i + a + k + 1.0) : 0;
        }
        f->radii[i] = 0.1 + i / 9.0;
        f->masses[i] = 2.0 / (i + k + 3.0);
        f->species[i] = (i + k) % 3;
        for (int c = 0; f->orientations && c < 4; c++) f->orientations[4 * i + c] = (c + 1.0) / (i + 2.0);
    }
}

static bool same(const void *a, const void *b, size_t size) { return memcmp(a, b, size) == 0; }

static void expect_frame(const rc_frame *got, const rc_frame *want, const char *what, int k)
{
    size_t n = (size_t)want->count;
    CHECK(got->count == want->count && got->dimension == want->dimension, "%s frame %d: count %d dimension %d", what, k,
          (int)got->count, got->dimension);
    if (got->count != want->count) return;
    CHECK(got->time == want->time && same(got->box, want->box, sizeof got->box) &&
              same(got->periodic, want->periodic, sizeof got->periodic),
          "%s frame %d: time, box or periodic axes", what, k);
    CHECK(same(got->positions, want->positions, 3 * n * sizeof(double)), "%s frame %d: positions", what, k);
    CHECK(same(got->velocities, want->velocities, 3 * n * sizeof(double)), "%s frame %d: velocities", what, k);
    CHECK(same(got->radii, want->radii, n * sizeof(double)), "%s frame %d: radii", what, k);
    CHECK(same(got->masses, want->masses, n * sizeof(double)), "%s frame %d: masses", what, k);
    CHECK(same(got->species, want->species, n * sizeof(int32_t)), "%s frame %d: species", what, k);
    CHECK(!got->orientations == !want->orientations &&
              (!want->orientations || same(got->orientations, want->orientations, 4 * n * sizeof(double))),
          "%s frame %d: orientations", what, k);
}

static void round_trip(const char *path, bool h5md, int d, bool orientations)
{
    rc_frame want, got = {0};
    CHECK(rc_frame_create(&want, COUNT, orientations) == RC_STATUS_OK, "frame");
    rc_xyz_writer *xyz = NULL;
    rc_h5md_writer *h5 = NULL;
    CHECK((h5md ? rc_h5md_writer_open(path, NULL, &h5) : rc_xyz_writer_open(path, &xyz)) == RC_STATUS_OK, "open %s: %s",
          path, rc_error_get());
    for (int k = 0; k < FRAMES; k++) {
        fill(&want, d, k);
        CHECK((h5md ? rc_h5md_writer_write(h5, &want) : rc_xyz_writer_write(xyz, &want)) == RC_STATUS_OK, "write: %s",
              rc_error_get());
    }
    CHECK((h5md ? rc_h5md_writer_close(h5) : rc_xyz_writer_close(xyz)) == RC_STATUS_OK, "close: %s", rc_error_get());
    rc_trajectory_reader *reader = NULL;
    CHECK(rc_trajectory_reader_open(path, &reader) == RC_STATUS_OK, "read %s: %s", path, rc_error_get());
    bool more = reader != NULL;
    int k = 0;
    for (; more; k++) {
        CHECK(rc_trajectory_reader_next(reader, &got, &more) == RC_STATUS_OK, "frame %d of %s: %s", k, path,
              rc_error_get());
        if (!more) break;
        fill(&want, d, k);
        expect_frame(&got, &want, h5md ? "h5md" : "xyz", k);
    }
    CHECK(k == FRAMES, "%s: %d frames read, %d written", path, k, FRAMES);
    rc_trajectory_reader_close(reader);
    rc_frame_destroy(&want);
    rc_frame_destroy(&got);
}

/* Writes text to path and reads its first frame into frame (which the caller releases). */
static rc_status first_frame(const char *path, const char *text, rc_frame *frame, bool *got)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    rc_trajectory_reader *reader = NULL;
    *got = false;
    rc_status s = rc_trajectory_reader_open(path, &reader);
    if (!s) s = rc_trajectory_reader_next(reader, frame, got);
    rc_trajectory_reader_close(reader);
    return s;
}

/* One particle's velocity and mass as read from an XYZ frame of the given Properties and particle line. */
static void named_xyz(const char *path, const char *properties, const char *line, double vx, double mass)
{
    char text[256];
    snprintf(text, sizeof text, "1\nProperties=%s Time=1\n%s\n", properties, line);
    rc_frame frame = {0};
    bool got;
    rc_status s = first_frame(path, text, &frame, &got);
    CHECK(!s && got && frame.velocities[0] == vx && frame.masses[0] == mass, "%s: %s, velocity %g mass %g, not %g %g",
          properties, s ? rc_error_get() : "read", got ? frame.velocities[0] : 0, got ? frame.masses[0] : 0, vx, mass);
    rc_frame_destroy(&frame);
}

static void bad_xyz(const char *path, const char *text, const char *expected)
{
    rc_frame frame = {0};
    bool got;
    rc_status s = first_frame(path, text, &frame, &got);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), path) && strstr(rc_error_get(), expected),
          "bad xyz \"%.30s\": %s, \"%s\"", text, rc_status_name(s), rc_error_get());
    rc_frame_destroy(&frame);
}

int main(void)
{
    char xyz[64], h5[64];
    snprintf(xyz, sizeof xyz, "/tmp/ricochet_test_trajectory_%d.xyz", (int)getpid());
    snprintf(h5, sizeof h5, "/tmp/ricochet_test_trajectory_%d.h5md", (int)getpid());
    round_trip(xyz, false, 2, true);
    round_trip(xyz, false, 3, false);
    round_trip(h5, true, 2, true);
    round_trip(h5, true, 3, false);
    rc_trajectory_reader *reader = NULL;
    CHECK(rc_trajectory_reader_open("/nonexistent-ricochet/t.xyz", &reader) == RC_STATUS_IO_ERROR &&
              strstr(rc_error_get(), "/nonexistent-ricochet/t.xyz"),
          "missing file: %s", rc_error_get());
    named_xyz(xyz, "species:S:1:pos:R:3:velo:R:3:radius:R:1", "H 0 0 0 1.5 0 0 0.5", 1.5, 1);
    named_xyz(xyz, "species:S:1:pos:R:3:vel:R:3:mass:R:1", "H 0 0 0 -2 0 0 3", -2, 3);
    named_xyz(xyz, "species:S:1:pos:R:3:momenta:R:3:masses:R:1:velocities:R:3", "H 0 0 0 8 0 0 4 2 0 0", 2, 4);
    bad_xyz(xyz, "2\nProperties=species:S:1:pos:R:3\nH 0 0 0\n", "line 2: the frame ends early");
    bad_xyz(xyz, "2\nProperties=species:S:1:pos:R:3\nH 0.0000000000 0 0\n", "line 4: the frame ends early");
    bad_xyz(xyz, "1\nProperties=species:S:1:velo:R:3\nH 0 0 0\n", "line 2: no Properties with pos");
    bad_xyz(xyz, "1\nProperties=species:S:1:pos:R:3\nH 0 zero 0\n", "line 3");
    bad_xyz(xyz, "x\n", "not a trajectory format ricochet reads (it reads extended XYZ");
    remove(xyz);
    remove(h5);
    return check_finish();
}
