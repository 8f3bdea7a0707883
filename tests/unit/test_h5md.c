/* SPDX-License-Identifier: MIT */
/* The H5MD writer of ricochet/output.h (src/io/h5md_writer.c), read back with the HDF5 C library.
 *
 * Oracles:
 * - Round trip: 2D frames with orientations give position (n, N, 2), mass (n, N), orientation (n, N, 4) labelled
 *   "w x y z", box/edges (n, 2, 2) diagonal matrices (the form MDAnalysis reads) and step/time series whose values
 *   are the frame's bits; the observables' series hold the values given.
 * - Layout rules: a frame of another count, or whose axis turned from periodic to closed, is refused with
 *   RC_STATUS_INVALID_ARGUMENT and writes nothing; the edges are a series, so a box that changes is written frame by frame.
 * - Files appear complete or not at all: while open only PATH.partial exists; a missing directory and /dev/full give
 *   RC_STATUS_IO_ERROR with the path in rc_error_get().
 * - Resume: a run marked after k frames (2k rows), which then wrote more and was closed, abandoned or killed (SIGKILL
 *   in a child process), resumed at the mark and written to the end (its rows naming the observables in another
 *   order), holds value for value the file of a run written in one go: every dataset read with HDF5, every frame
 *   read with rc_trajectory_reader_open, and every dataset and attribute read with h5py. The resumed writer keeps the file's
 *   layout (a 3D frame after 2D ones is refused) and its observables (another name is refused). Bad resumes (a file
 *   shorter than the mark, a missing file, a series missing or of other dimensions, a truncated or garbage file, a
 *   device) are refused naming the file, and change nothing on disk.
 * - Curves: curves/NAME holds one float64 dataset per column with the values given (NaN too) and its unit, listed in
 *   the order given (creation order); a second curve of the name replaces the first, also in SWMR mode (after a
 *   mark); a curve named with a '/', of no columns or a column without a unit is refused; a resumed writer removes
 *   the curves (its run writes them when it ends). */
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
        f->masses[i] = 1.5 + i + k;
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
    CHECK(rc_frame_create(&f, COUNT, true) == RC_STATUS_OK, "frame");
    rc_h5md_writer *w = NULL;
    CHECK(rc_h5md_writer_open(path, "tester", &w) == RC_STATUS_OK, "open: %s", rc_error_get());
    const char *const names[] = {"pressure", "temperature"};
    for (int k = 0; k < FRAMES && w; k++) {
        fill(&f, k);
        CHECK(rc_h5md_writer_write(w, &f) == RC_STATUS_OK, "frame %d: %s", k, rc_error_get());
        CHECK(rc_h5md_writer_observe(w, f.time, 2, names, (double[2]){k, -k}) == RC_STATUS_OK, "row %d: %s", k,
              rc_error_get());
    }
    CHECK(exists(partial) && !exists(path), "while open only %s exists", partial);
    rc_frame other;
    CHECK(rc_frame_create(&other, COUNT + 1, true) == RC_STATUS_OK, "other frame");
    other.dimension = 2;
    CHECK(rc_h5md_writer_write(w, &other) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "6 particles"),
          "another count: %s", rc_error_get());
    f.periodic[0] = false;
    CHECK(rc_h5md_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "periodic"),
          "a closed axis after a periodic one: %s", rc_error_get());
    CHECK(rc_h5md_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    CHECK(exists(path) && !exists(partial), "after close %s exists and the partial file is gone", path);

    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    CHECK(file >= 0, "HDF5 cannot open %s", path);
    if (file < 0) return;
    double position[FRAMES][COUNT][2], orientation[FRAMES][COUNT][4], time[FRAMES], temperature[FRAMES];
    double edges[FRAMES][2][2], mass[FRAMES][COUNT];
    int64_t step[FRAMES];
    CHECK(read_set(file, "particles/all/position/value", H5T_NATIVE_DOUBLE, position, sizeof position),
          "position (n, N, 2)");
    CHECK(read_set(file, "particles/all/orientation/value", H5T_NATIVE_DOUBLE, orientation, sizeof orientation),
          "orientation (n, N, 4)");
    CHECK(read_set(file, "particles/all/radius/time", H5T_NATIVE_DOUBLE, time, sizeof time), "radius/time");
    CHECK(read_set(file, "particles/all/id/step", H5T_NATIVE_INT64, step, sizeof step), "id/step");
    CHECK(read_set(file, "particles/all/box/edges/value", H5T_NATIVE_DOUBLE, edges, sizeof edges),
          "box/edges/value (n, 2, 2)");
    CHECK(read_set(file, "particles/all/mass/value", H5T_NATIVE_DOUBLE, mass, sizeof mass), "mass/value (n, N)");
    char components[16] = "";
    hid_t label = H5Aopen_by_name(file, "particles/all/orientation/value", "components", H5P_DEFAULT, H5P_DEFAULT);
    hid_t label_type = label >= 0 ? H5Aget_type(label) : -1;
    CHECK(label_type >= 0 && H5Tget_size(label_type) <= sizeof components &&
              H5Aread(label, label_type, components) >= 0 && strcmp(components, "w x y z") == 0,
          "orientation/value's attribute components: \"%s\", not \"w x y z\"", components);
    if (label_type >= 0) H5Tclose(label_type);
    if (label >= 0) H5Aclose(label);
    CHECK(read_set(file, "observables/temperature/value", H5T_NATIVE_DOUBLE, temperature, sizeof temperature),
          "observables/temperature");
    for (int k = 0; k < FRAMES; k++) {
        fill(&f, k);
        for (int32_t i = 0; i < COUNT; i++) {
            CHECK(position[k][i][0] == f.positions[3 * i] && position[k][i][1] == f.positions[3 * i + 1],
                  "frame %d position %d", k, (int)i);
            CHECK(memcmp(orientation[k][i], f.orientations + 4 * i, sizeof orientation[k][i]) == 0,
                  "frame %d orientation %d", k, (int)i);
            CHECK(mass[k][i] == f.masses[i], "frame %d mass %d", k, (int)i);
        }
        CHECK(time[k] == f.time && step[k] == k && temperature[k] == -k, "frame %d: time, step or observable", k);
        CHECK(edges[k][0][0] == f.box[0] && edges[k][1][1] == f.box[1] && edges[k][0][1] == 0 && edges[k][1][0] == 0,
              "frame %d: edges [[%g %g] [%g %g]]", k, edges[k][0][0], edges[k][0][1], edges[k][1][0], edges[k][1][1]);
    }
    H5Fclose(file);
    rc_frame_destroy(&f);
    rc_frame_destroy(&other);
}

static void test_failures(void)
{
    rc_h5md_writer *w = (rc_h5md_writer *)&w;
    const char *missing = "/nonexistent-ricochet-directory/out.h5md";
    CHECK(rc_h5md_writer_open(missing, NULL, &w) == RC_STATUS_IO_ERROR && w == NULL, "missing directory");
    CHECK(strstr(rc_error_get(), missing) != NULL, "missing directory: message \"%s\"", rc_error_get());
    rc_frame f;
    CHECK(rc_frame_create(&f, 20000, false) == RC_STATUS_OK, "frame");
    f.dimension = 3;
    rc_status s = rc_h5md_writer_open("/dev/full", NULL, &w);
    if (!s) s = rc_h5md_writer_write(w, &f);
    if (w) {
        rc_status closed = rc_h5md_writer_close(w);
        if (!s) s = closed;
    }
    CHECK(s == RC_STATUS_IO_ERROR && strstr(rc_error_get(), "/dev/full"), "/dev/full: %s, \"%s\"", rc_status_name(s),
          rc_error_get());
    CHECK(access("/dev/full", W_OK) == 0, "/dev/full is still there");
    rc_frame_destroy(&f);
}

/* ---- resuming -------------------------------------------------------------------------------------------- */

enum { STEPS = 5, DROPPED = 2 }; /* frames a run keeps; frames written after the mark that a resume drops */

static const char *const observables[] = {"pressure", "temperature"};
static const char *const swapped[] = {"temperature", "pressure"};

/* Writes frame k (k >= STEPS: one that a resume drops) and two rows of observables, named in either order. */
static bool write_step(rc_h5md_writer *w, rc_frame *f, int k, bool swap)
{
    fill(f, k);
    bool ok = w && rc_h5md_writer_write(w, f) == RC_STATUS_OK;
    for (int r = 0; r < 2 && ok; r++) {
        double pressure = 10 * k + r, temperature = 1.0 / (k + r + 1);
        double values[2] = {swap ? temperature : pressure, swap ? pressure : temperature};
        ok = rc_h5md_writer_observe(w, f->time + 0.5 * r, 2, swap ? swapped : observables, values) == RC_STATUS_OK;
    }
    CHECK(ok, "step %d: %s", k, rc_error_get());
    return ok;
}

static bool write_steps(rc_h5md_writer *w, int from, int to, bool swap)
{
    rc_frame f;
    bool ok = rc_frame_create(&f, COUNT, true) == RC_STATUS_OK;
    for (int k = from; k < to && ok; k++) ok = write_step(w, &f, k, swap);
    rc_frame_destroy(&f);
    return ok;
}

/* A closed file of `steps` frames. */
static void write_file(const char *path, int steps)
{
    rc_h5md_writer *w = NULL;
    CHECK(rc_h5md_writer_open(path, "tester", &w) == RC_STATUS_OK && write_steps(w, 0, steps, false) &&
              rc_h5md_writer_close(w) == RC_STATUS_OK,
          "write %s: %s", path, rc_error_get());
}

/* A run that marks after `kept` frames, writes the frames a resume drops and ends as `ending`. */
static bool run_interrupted(void *context, void *mark)
{
    const check_interrupted *run = context;
    rc_h5md_writer *w = NULL;
    bool ok = rc_h5md_writer_open(run->path, "tester", &w) == RC_STATUS_OK && write_steps(w, 0, run->kept, false) &&
              rc_h5md_writer_mark(w, mark) == RC_STATUS_OK && write_steps(w, STEPS, STEPS + DROPPED, false);
    if (run->ending == CHECK_ABANDONED) rc_h5md_writer_close_unfinished(w);
    if (run->ending == CHECK_CLOSED) ok = rc_h5md_writer_close(w) == RC_STATUS_OK && ok;
    CHECK(ok, "run to %d frames: %s", run->kept, rc_error_get());
    return ok;
}

/* Whether the dataset at name holds the same values (as the native type type) in both files. */
static bool same_set(hid_t a, hid_t b, const char *name, hid_t type)
{
    hid_t sets[2] = {H5Dopen2(a, name, H5P_DEFAULT), H5Dopen2(b, name, H5P_DEFAULT)};
    hssize_t points[2] = {-1, -2};
    void *values[2] = {NULL, NULL};
    for (int i = 0; i < 2 && sets[i] >= 0; i++) {
        hid_t space = H5Dget_space(sets[i]);
        points[i] = H5Sget_simple_extent_npoints(space);
        values[i] = calloc((size_t)points[i] + 1, H5Tget_size(type));
        if (H5Dread(sets[i], type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values[i]) < 0) points[i] = -1 - i;
        H5Sclose(space);
    }
    bool same = points[0] == points[1] && values[0] && values[1] &&
                memcmp(values[0], values[1], (size_t)points[0] * H5Tget_size(type)) == 0;
    for (int i = 0; i < 2; i++) {
        free(values[i]);
        if (sets[i] >= 0) H5Dclose(sets[i]);
    }
    return same;
}

static void expect_same_sets(const char *a, const char *b, const char *what)
{
    static const char *const doubles[] = {
        "particles/all/position/value",  "particles/all/position/time", "particles/all/radius/time",
        "particles/all/velocity/value",  "particles/all/radius/value",  "particles/all/orientation/value",
        "particles/all/box/edges/value", "observables/pressure/value",  "observables/temperature/value",
        "observables/pressure/time",     "observables/temperature/time"};
    static const char *const integers[] = {"particles/all/image/value", "particles/all/species/value",
                                           "particles/all/id/value"};
    static const char *const steps[] = {"particles/all/position/step", "particles/all/id/step",
                                        "observables/pressure/step", "observables/temperature/step"};
    hid_t files[2] = {H5Fopen(a, H5F_ACC_RDONLY, H5P_DEFAULT), H5Fopen(b, H5F_ACC_RDONLY, H5P_DEFAULT)};
    CHECK(files[0] >= 0 && files[1] >= 0, "%s: HDF5 cannot open %s or %s", what, a, b);
    for (size_t i = 0; i < sizeof doubles / sizeof *doubles; i++)
        CHECK(same_set(files[0], files[1], doubles[i], H5T_NATIVE_DOUBLE), "%s: %s differs", what, doubles[i]);
    for (size_t i = 0; i < sizeof integers / sizeof *integers; i++)
        CHECK(same_set(files[0], files[1], integers[i], H5T_NATIVE_INT32), "%s: %s differs", what, integers[i]);
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
        CHECK(same_set(files[0], files[1], steps[i], H5T_NATIVE_INT64), "%s: %s differs", what, steps[i]);
    for (int i = 0; i < 2; i++)
        if (files[i] >= 0) H5Fclose(files[i]);
}

static bool same_frame(const rc_frame *a, const rc_frame *b)
{
    size_t n = (size_t)a->count;
    return a->count == b->count && a->dimension == b->dimension && a->time == b->time &&
           memcmp(a->box, b->box, sizeof a->box) == 0 && memcmp(a->periodic, b->periodic, sizeof a->periodic) == 0 &&
           memcmp(a->positions, b->positions, 3 * n * sizeof *a->positions) == 0 &&
           memcmp(a->velocities, b->velocities, 3 * n * sizeof *a->velocities) == 0 &&
           memcmp(a->radii, b->radii, n * sizeof *a->radii) == 0 &&
           memcmp(a->species, b->species, n * sizeof *a->species) == 0 && !a->orientations == !b->orientations &&
           (!a->orientations || memcmp(a->orientations, b->orientations, 4 * n * sizeof *a->orientations) == 0);
}

/* Both files read with the library's trajectory reader give the same frames, `frames` of them. */
static void expect_same_frames(const char *a, const char *b, int frames, const char *what)
{
    rc_trajectory_reader *readers[2] = {NULL, NULL};
    CHECK(rc_trajectory_reader_open(a, &readers[0]) == RC_STATUS_OK &&
              rc_trajectory_reader_open(b, &readers[1]) == RC_STATUS_OK,
          "%s: trajectory reader: %s", what, rc_error_get());
    rc_frame f[2] = {{0}, {0}};
    bool got[2] = {readers[0] && readers[1], true};
    int read = 0;
    while (got[0] && got[1]) {
        for (int i = 0; i < 2; i++)
            CHECK(rc_trajectory_reader_next(readers[i], &f[i], &got[i]) == RC_STATUS_OK, "%s: %s", what,
                  rc_error_get());
        CHECK(got[0] == got[1] && (!got[0] || same_frame(&f[0], &f[1])), "%s: frame %d differs", what, read);
        read += got[0] && got[1];
    }
    CHECK(read == frames, "%s: %d frames read, %d expected", what, read, frames);
    for (int i = 0; i < 2; i++) {
        rc_frame_destroy(&f[i]);
        rc_trajectory_reader_close(readers[i]);
    }
}

/* h5py, reading both files: the same objects, attributes and datasets (values, shapes and types). */
static void expect_same_in_h5py(const char *a, const char *b, const char *what)
{
    static const char script[] =
        "import sys, h5py, numpy\n"
        "files = [h5py.File(p, 'r') for p in sys.argv[1:3]]\n"
        "def objects(f):\n"
        "    names = ['/']\n"
        "    f.visit(names.append)\n"
        "    return names\n"
        "assert objects(files[0]) == objects(files[1]), (objects(files[0]), objects(files[1]))\n"
        "for name in objects(files[0]):\n"
        "    x, y = files[0][name], files[1][name]\n"
        "    assert sorted(x.attrs) == sorted(y.attrs), name\n"
        "    for key in x.attrs:\n"
        "        assert numpy.array_equal(x.attrs[key], y.attrs[key]), (name, key)\n"
        "    if isinstance(x, h5py.Dataset):\n"
        "        assert x.dtype == y.dtype and x.shape == y.shape, name\n"
        "        assert numpy.array_equal(x[()], y[()]), name\n";
    char command[1024];
    snprintf(command, sizeof command, "/usr/bin/python3 -c \"$(cat <<'EOF'\n%sEOF\n)\" '%s' '%s'", script, a, b);
    CHECK(system(command) == 0, "%s: h5py finds the files differ (or cannot read them)", what);
}

static bool exists_any(const char *path, const char *partial) { return exists(path) || exists(partial); }

static void test_resume(const char *path)
{
    char whole[96], partial[96];
    snprintf(whole, sizeof whole, "%s.whole", path);
    snprintf(partial, sizeof partial, "%s.partial", path);
    write_file(whole, STEPS);
    const int kept[] = {0, 2, STEPS};
    for (int e = 0; e < CHECK_ENDINGS; e++)
        for (int i = 0; i < 3; i++) {
            char what[64];
            snprintf(what, sizeof what, "%s at %d and resumed", check_endings[e], kept[i]);
            check_interrupted run = {NULL, path, kept[i], (enum check_ending)e};
            rc_output_mark mark = {0};
            bool ran = check_run(run.ending, run_interrupted, &run, &mark, sizeof mark);
            CHECK(ran && mark.frames == kept[i] && mark.rows == 2 * kept[i] && mark.bytes == 0,
                  "%s: the run failed or marked %lld frames and %lld rows", what, (long long)mark.frames,
                  (long long)mark.rows);
            CHECK(exists(e == CHECK_CLOSED ? path : partial) && !exists(e == CHECK_CLOSED ? partial : path),
                  "%s: which file the run left", what);
            rc_h5md_writer *w = NULL;
            CHECK(rc_h5md_writer_open_at_mark(path, NULL, &mark, &w) == RC_STATUS_OK, "%s: %s", what, rc_error_get());
            CHECK(exists(partial) && !exists(path), "%s: only %s exists", what, partial);
            rc_output_mark again = {0};
            CHECK(w && rc_h5md_writer_mark(w, &again) == RC_STATUS_OK && memcmp(&again, &mark, sizeof mark) == 0,
                  "%s: a mark taken at once is not the one resumed from", what);
            write_steps(w, kept[i], STEPS, true);
            CHECK(w && rc_h5md_writer_close(w) == RC_STATUS_OK, "%s: close: %s", what, rc_error_get());
            CHECK(exists(path) && !exists(partial), "%s: closed, only %s exists", what, path);
            expect_same_sets(whole, path, what);
            expect_same_frames(whole, path, STEPS, what);
            expect_same_in_h5py(whole, path, what);
            remove(path);
            CHECK(!exists_any(path, partial), "%s: removed", what);
        }
    remove(whole);
}

/* The resumed writer keeps the file's layout and observables. */
static void test_resume_keeps_layout(const char *path)
{
    write_file(path, 2);
    rc_output_mark mark = {.frames = 2, .rows = 4};
    rc_h5md_writer *w = NULL;
    CHECK(rc_h5md_writer_open_at_mark(path, NULL, &mark, &w) == RC_STATUS_OK, "resume: %s", rc_error_get());
    rc_frame f;
    CHECK(rc_frame_create(&f, COUNT, true) == RC_STATUS_OK, "frame");
    fill(&f, 1);
    f.dimension = 3;
    CHECK(rc_h5md_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "in 3D"),
          "a 3D frame after the file's 2D ones: %s", rc_error_get());
    f.dimension = 2;
    f.periodic[0] = false;
    CHECK(rc_h5md_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "periodic"),
          "a closed axis after the file's periodic one: %s", rc_error_get());
    rc_frame_destroy(&f);
    const char *const other[] = {"pressure", "density"};
    CHECK(rc_h5md_writer_observe(w, 1, 2, other, (double[2]){1, 2}) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "observables/density"),
          "another observable: %s", rc_error_get());
    CHECK(rc_h5md_writer_observe(w, 1, 1, observables, (double[1]){1}) == RC_STATUS_INVALID_ARGUMENT,
          "one observable of two: %s", rc_error_get());
    rc_h5md_writer_close_unfinished(w);
}

/* Ways to spoil a closed file of 2 frames. */
static void unchanged(const char *path) { (void)path; }

static void remove_velocity(const char *path)
{
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    CHECK(file >= 0 && H5Ldelete(file, "particles/all/velocity", H5P_DEFAULT) >= 0 && H5Fclose(file) >= 0,
          "remove velocity");
}

static void make_3d(const char *path)
{
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    hid_t box = file >= 0 ? H5Gopen2(file, "particles/all/box", H5P_DEFAULT) : -1;
    hid_t attribute = box >= 0 ? H5Aopen(box, "dimension", H5P_DEFAULT) : -1;
    int dimension = 3;
    CHECK(attribute >= 0 && H5Awrite(attribute, H5T_NATIVE_INT, &dimension) >= 0, "box dimension 3");
    if (attribute >= 0) H5Aclose(attribute);
    if (box >= 0) H5Gclose(box);
    if (file >= 0) H5Fclose(file);
}

static void make_velocity_3d(const char *path)
{
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    hsize_t dims[3] = {2, COUNT, 3};
    hid_t space = H5Screate_simple(3, dims, NULL);
    hid_t set = -1;
    bool ok = file >= 0 && space >= 0 && H5Ldelete(file, "particles/all/velocity/value", H5P_DEFAULT) >= 0 &&
              (set = H5Dcreate2(file, "particles/all/velocity/value", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT,
                                H5P_DEFAULT)) >= 0;
    CHECK(ok, "velocity in 3D");
    if (set >= 0) H5Dclose(set);
    if (space >= 0) H5Sclose(space);
    if (file >= 0) H5Fclose(file);
}

static void truncate_half(const char *path)
{
    struct stat info;
    CHECK(stat(path, &info) == 0 && truncate(path, info.st_size / 2) == 0, "truncate %s", path);
}

static void garbage(const char *path)
{
    FILE *f = fopen(path, "w");
    CHECK(f && fputs("not an HDF5 file\n", f) >= 0 && fclose(f) == 0, "garbage into %s", path);
}

static char *read_bytes(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    char *bytes = NULL;
    *size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 && (bytes = malloc((size_t)*size + 1))) {
        rewind(f);
        if (fread(bytes, 1, (size_t)*size, f) != (size_t)*size) *size = -1;
    }
    if (f) fclose(f);
    return bytes;
}

static void test_resume_refused(const char *path)
{
    const char *damaged = "damaged beyond the checkpoint";
    const struct {
        const char *what, *path;
        void (*spoil)(const char *path);
        int64_t frames, rows;
        rc_status status;
        const char *message; /* a part of rc_error_get() */
    } cases[] = {
        {"fewer frames than the mark", path, unchanged, 3, 4, RC_STATUS_INVALID_ARGUMENT,
         "holds 2 samples, fewer than the 3"},
        {"fewer rows than the mark", path, unchanged, 2, 5, RC_STATUS_INVALID_ARGUMENT,
         "holds 4 samples, fewer than the 5"},
        {"missing file", "/nonexistent-ricochet-directory/out.h5md", unchanged, 2, 4, RC_STATUS_IO_ERROR,
         "neither it nor"},
        {"a series missing", path, remove_velocity, 2, 4, RC_STATUS_INVALID_ARGUMENT, "lacks particles/all/velocity"},
        {"velocity in another dimension", path, make_velocity_3d, 2, 4, RC_STATUS_INVALID_ARGUMENT,
         "velocity/value is (n, 5, 3), not (n, 5, 2)"},
        {"a box of another dimension", path, make_3d, 2, 4, RC_STATUS_INVALID_ARGUMENT, "particles/all/box"},
        {"truncated file", path, truncate_half, 2, 4, RC_STATUS_INVALID_ARGUMENT, damaged},
        {"garbage file", path, garbage, 2, 4, RC_STATUS_INVALID_ARGUMENT, damaged},
        {"a device", "/dev/null", unchanged, 2, 4, RC_STATUS_INVALID_ARGUMENT, "device"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        write_file(path, 2);
        cases[i].spoil(path);
        long size_before, size_after;
        char *before = read_bytes(path, &size_before);
        rc_output_mark mark = {.frames = cases[i].frames, .rows = cases[i].rows};
        rc_h5md_writer *w = (rc_h5md_writer *)&mark;
        rc_status s = rc_h5md_writer_open_at_mark(cases[i].path, NULL, &mark, &w);
        if (!s) rc_h5md_writer_close_unfinished(w);
        CHECK(s == cases[i].status && w == NULL, "%s: %s, \"%s\"", cases[i].what, rc_status_name(s), rc_error_get());
        ssize_t open_objects = H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL);
        CHECK(open_objects == 0, "%s: %zd HDF5 objects left open", cases[i].what, open_objects);
        CHECK(strstr(rc_error_get(), cases[i].path) && strstr(rc_error_get(), cases[i].message),
              "%s: message \"%s\" lacks the path or \"%s\"", cases[i].what, rc_error_get(), cases[i].message);
        CHECK(cases[i].message != damaged || strstr(rc_error_get(), "--out DIR"), "%s: no --out DIR in \"%s\"",
              cases[i].what, rc_error_get());
        char *after = read_bytes(path, &size_after);
        CHECK(before && after && size_before == size_after && memcmp(before, after, (size_t)size_before) == 0,
              "%s: the file changed", cases[i].what);
        free(before);
        free(after);
    }
    rc_h5md_writer *w = NULL;
    CHECK(rc_h5md_writer_open_at_mark(path, NULL, NULL, &w) == RC_STATUS_INVALID_ARGUMENT && w == NULL, "NULL mark");
    CHECK(rc_h5md_writer_open_at_mark(path, NULL, &(rc_output_mark){.frames = -1}, &w) == RC_STATUS_INVALID_ARGUMENT,
          "negative frames");
    remove(path);
}

/* The names of group's members in creation order, space-separated, into names. */
static herr_t add_name(hid_t group, const char *name, const H5L_info_t *info, void *names)
{
    (void)group, (void)info;
    strcat(strlen(names) ? strcat(names, " ") : names, name);
    return 0;
}

/* The curve at path (curves/NAME) has the columns "names" in that order, each with unit "unit" and rows values. */
static void expect_curve(hid_t file, const char *path, const char *names, const char *unit, int rows,
                         const double *values)
{
    char found[128] = "";
    hid_t group = H5Gopen2(file, path, H5P_DEFAULT);
    CHECK(group >= 0 && H5Literate(group, H5_INDEX_CRT_ORDER, H5_ITER_INC, NULL, add_name, found) >= 0 &&
              strcmp(found, names) == 0,
          "%s: columns \"%s\", not \"%s\"", path, found, names);
    char column[160], text[32] = "";
    snprintf(column, sizeof column, "%s/%.*s", path, (int)strcspn(names, " "), names);
    double read[8] = {0};
    CHECK(read_set(file, column, H5T_NATIVE_DOUBLE, read, (size_t)rows * sizeof *read), "%s: %d values", column, rows);
    for (int r = 0; r < rows; r++)
        CHECK(memcmp(&read[r], &values[r], sizeof *read) == 0, "%s[%d]: %.17g, not %.17g", column, r, read[r],
              values[r]);
    hid_t set = H5Dopen2(file, column, H5P_DEFAULT), attribute = set >= 0 ? H5Aopen(set, "unit", H5P_DEFAULT) : -1;
    hid_t type = attribute >= 0 ? H5Aget_type(attribute) : -1;
    CHECK(type >= 0 && H5Tget_size(type) <= sizeof text && H5Aread(attribute, type, text) >= 0 &&
              strcmp(text, unit) == 0,
          "%s: unit \"%s\", not \"%s\"", column, text, unit);
    if (type >= 0) H5Tclose(type);
    if (attribute >= 0) H5Aclose(attribute);
    if (set >= 0) H5Dclose(set);
    if (group >= 0) H5Gclose(group);
}

static void test_curves(const char *path)
{
    static const char *const names[] = {"lag", "msd", "msd_error"}, *const units[] = {"time", "length^2", "length^2"};
    static const char *const renamed[] = {"r", "g_0_0"}, *const no_unit[] = {"time", NULL};
    const double first[] = {0.5, 1.25, NAN, 1, 2.5, 1e-300}, second[] = {3, 4, 1.0 / 3, -0.0};
    const double lags[] = {0.5, 1}, radii[] = {3, 1.0 / 3};
    rc_h5md_writer *w = NULL;
    rc_output_mark mark = {0};
    bool ok = rc_h5md_writer_open(path, "tester", &w) == RC_STATUS_OK && write_steps(w, 0, 2, false) &&
              rc_h5md_writer_curve(w, "msd", 2, 3, names, units, first) == RC_STATUS_OK &&
              rc_h5md_writer_mark(w, &mark) == RC_STATUS_OK && /* SWMR mode from here on */
              rc_h5md_writer_curve(w, "rdf", 2, 2, renamed, units, second) == RC_STATUS_OK &&
              rc_h5md_writer_curve(w, "msd", 2, 3, names, units, first) == RC_STATUS_OK;
    CHECK(ok, "curves written: %s", rc_error_get());
    CHECK(rc_h5md_writer_curve(w, "a/b", 2, 2, renamed, units, second) == RC_STATUS_INVALID_ARGUMENT &&
              rc_h5md_writer_curve(w, "rdf", 2, 0, renamed, units, second) == RC_STATUS_INVALID_ARGUMENT &&
              rc_h5md_writer_curve(w, "rdf", 2, 2, renamed, no_unit, second) == RC_STATUS_INVALID_ARGUMENT,
          "bad curves refused");
    CHECK(w && rc_h5md_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    expect_curve(file, "curves/msd", "lag msd msd_error", "time", 2, lags);
    expect_curve(file, "curves/rdf", "r g_0_0", "time", 2, radii);
    double errors[2];
    CHECK(read_set(file, "curves/msd/msd_error", H5T_NATIVE_DOUBLE, errors, sizeof errors) && isnan(errors[0]) &&
              errors[1] == 1e-300,
          "curves/msd/msd_error: NaN and 1e-300");
    if (file >= 0) H5Fclose(file);
    CHECK(rc_h5md_writer_open_at_mark(path, NULL, &mark, &w) == RC_STATUS_OK && rc_h5md_writer_close(w) == RC_STATUS_OK,
          "resume: %s", rc_error_get());
    file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    CHECK(file >= 0 && H5Lexists(file, "curves", H5P_DEFAULT) == 0 && H5Lexists(file, "particles", H5P_DEFAULT) > 0,
          "the resumed file has its frames and no curves");
    if (file >= 0) H5Fclose(file);
    remove(path);
}

int main(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/ricochet_test_h5md_%d.h5md", (int)getpid());
    test_round_trip(path);
    test_failures();
    remove(path);
    test_resume(path);
    test_resume_keeps_layout(path);
    test_resume_refused(path);
    remove(path);
    test_curves(path);
    return check_finish();
}
