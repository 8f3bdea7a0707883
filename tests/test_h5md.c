/* The H5MD writer of ricochet/output.h (src/io/h5md_writer.c), read back with the HDF5 C library.
 *
 * Oracles:
 * - Round trip: 2D frames with orientations give position (n, N, 2), orientation (n, N, 4) and step/time series whose
 *   values are the frame's bits; the observables' series hold the values given.
 * - Layout rules: a frame of another count, or whose axis turned from periodic to closed, is refused with
 *   RC_INVALID_ARGUMENT and writes nothing; the edges are a series, so a box that changes is written frame by frame.
 * - Files appear complete or not at all: while open only PATH.partial exists; a missing directory and /dev/full give
 *   RC_IO_ERROR with the path in rc_last_error(). */
#include <hdf5.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { COUNT = 5, FRAMES = 3 };

static void fill(rc_frame *f, int k)
{
    f->dimension = 2;
    f->time = 0.25 * k + 1.0 / 3.0;
    f->box[0] = 4 + k, f->box[1] = 3;
    f->periodic[0] = true;
    for (int32_t i = 0; i < COUNT; i++) {
        f->positions[3 * i] = 0.1 * i + k / 7.0, f->positions[3 * i + 1] = 1.0 / (i + 1 + k);
        f->velocities[3 * i] = -0.5 * i, f->velocities[3 * i + 1] = k;
        f->radii[i] = 0.125 * (i + 1);
        f->species[i] = i % 2;
        for (int c = 0; c < 4; c++) f->orientations[4 * i + c] = c == k % 4 ? 1 : 0;
    }
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

/* Reads the whole dataset at name into buffer of the given size in bytes (native type type). */
static bool read_set(hid_t file, const char *name, hid_t type, void *buffer, size_t size)
{
    hid_t set = H5Dopen2(file, name, H5P_DEFAULT);
    hid_t space = set >= 0 ? H5Dget_space(set) : -1;
    bool ok = space >= 0 && (size_t)H5Sget_simple_extent_npoints(space) * H5Tget_size(type) == size &&
              H5Dread(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer) >= 0;
    if (space >= 0) H5Sclose(space);
    if (set >= 0) H5Dclose(set);
    return ok;
}

static void test_round_trip(const char *path)
{
    char partial[128];
    snprintf(partial, sizeof partial, "%s.partial", path);
    rc_frame f;
    CHECK(rc_frame_init(&f, COUNT, true) == RC_OK, "frame");
    rc_h5md_writer *w = NULL;
    CHECK(rc_h5md_writer_open(path, "tester", &w) == RC_OK, "open: %s", rc_last_error());
    const char *const names[] = {"pressure", "temperature"};
    for (int k = 0; k < FRAMES && w; k++) {
        fill(&f, k);
        CHECK(rc_h5md_writer_write(w, &f) == RC_OK, "frame %d: %s", k, rc_last_error());
        CHECK(rc_h5md_writer_observe(w, f.time, 2, names, (double[2]){k, -k}) == RC_OK, "row %d: %s", k,
              rc_last_error());
    }
    CHECK(exists(partial) && !exists(path), "while open only %s exists", partial);
    rc_frame other;
    CHECK(rc_frame_init(&other, COUNT + 1, true) == RC_OK, "other frame");
    other.dimension = 2;
    CHECK(rc_h5md_writer_write(w, &other) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "6 particles"),
          "another count: %s", rc_last_error());
    f.periodic[0] = false;
    CHECK(rc_h5md_writer_write(w, &f) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "periodic"),
          "a closed axis after a periodic one: %s", rc_last_error());
    CHECK(rc_h5md_writer_close(w) == RC_OK, "close: %s", rc_last_error());
    CHECK(exists(path) && !exists(partial), "after close %s exists and the partial file is gone", path);

    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    CHECK(file >= 0, "HDF5 cannot open %s", path);
    if (file < 0) return;
    double position[FRAMES][COUNT][2], orientation[FRAMES][COUNT][4], time[FRAMES], temperature[FRAMES];
    double edges[FRAMES][2];
    int64_t step[FRAMES];
    CHECK(read_set(file, "particles/all/position/value", H5T_NATIVE_DOUBLE, position, sizeof position),
          "position (n, N, 2)");
    CHECK(read_set(file, "particles/all/orientation/value", H5T_NATIVE_DOUBLE, orientation, sizeof orientation),
          "orientation (n, N, 4)");
    CHECK(read_set(file, "particles/all/radius/time", H5T_NATIVE_DOUBLE, time, sizeof time), "radius/time");
    CHECK(read_set(file, "particles/all/id/step", H5T_NATIVE_INT64, step, sizeof step), "id/step");
    CHECK(read_set(file, "particles/all/box/edges/value", H5T_NATIVE_DOUBLE, edges, sizeof edges),
          "box/edges/value (n, 2)");
    CHECK(read_set(file, "observables/temperature/value", H5T_NATIVE_DOUBLE, temperature, sizeof temperature),
          "observables/temperature");
    for (int k = 0; k < FRAMES; k++) {
        fill(&f, k);
        for (int32_t i = 0; i < COUNT; i++) {
            CHECK(position[k][i][0] == f.positions[3 * i] && position[k][i][1] == f.positions[3 * i + 1],
                  "frame %d position %d", k, (int)i);
            CHECK(memcmp(orientation[k][i], f.orientations + 4 * i, sizeof orientation[k][i]) == 0,
                  "frame %d orientation %d", k, (int)i);
        }
        CHECK(time[k] == f.time && step[k] == k && temperature[k] == -k, "frame %d: time, step or observable", k);
        CHECK(edges[k][0] == f.box[0] && edges[k][1] == f.box[1], "frame %d: edges %g %g", k, edges[k][0],
              edges[k][1]);
    }
    H5Fclose(file);
    rc_frame_release(&f);
    rc_frame_release(&other);
}

static void test_failures(void)
{
    rc_h5md_writer *w = (rc_h5md_writer *)&w;
    const char *missing = "/nonexistent-ricochet-directory/out.h5md";
    CHECK(rc_h5md_writer_open(missing, NULL, &w) == RC_IO_ERROR && w == NULL, "missing directory");
    CHECK(strstr(rc_last_error(), missing) != NULL, "missing directory: message \"%s\"", rc_last_error());
    rc_frame f;
    CHECK(rc_frame_init(&f, 20000, false) == RC_OK, "frame");
    f.dimension = 3;
    rc_status s = rc_h5md_writer_open("/dev/full", NULL, &w);
    if (!s) s = rc_h5md_writer_write(w, &f);
    if (w) {
        rc_status closed = rc_h5md_writer_close(w);
        if (!s) s = closed;
    }
    CHECK(s == RC_IO_ERROR && strstr(rc_last_error(), "/dev/full"), "/dev/full: %s, \"%s\"", rc_status_name(s),
          rc_last_error());
    CHECK(access("/dev/full", W_OK) == 0, "/dev/full is still there");
    rc_frame_release(&f);
}

int main(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/ricochet_test_h5md_%d.h5md", (int)getpid());
    test_round_trip(path);
    test_failures();
    remove(path);
    return check_finish();
}
