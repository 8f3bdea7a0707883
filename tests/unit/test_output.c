/* SPDX-License-Identifier: MIT */
/* The writers of ricochet/output.h (src/io/xyz_writer.c, src/io/csv_writer.c).
 *
 * Oracles:
 * - Round trip: every number written reads back with strtod to the same bits (the shortest text that does), including
 *   -0, subnormals, the largest doubles and integers near 2^53; the extended XYZ comment line carries the cell, the
 *   Properties the columns follow, the time, the collision count and pbc, in the spelling OVITO and ASE read; the
 *   masses and the momenta (mass times velocity) follow the radius and the orientation.
 * - Failures: a file in a missing directory cannot be opened, /dev/full cannot take a frame or a header; both give
 *   RC_STATUS_IO_ERROR with the path in rc_error_get(). A bad frame is refused before a byte of it is written.
 * - Parts: an engine's frame written in parts (rc_edmd_fill_frame_part, rc_xyz_writer_write_part; parts that do not
 *   divide the count, particles renumbered by the engine) is byte for byte the frame written whole; parts outside the
 *   engine or the frame are refused.
 * - Resume: a run marked after k frames (rows), which then wrote more and was closed, abandoned or killed (SIGKILL in
 *   a child process), resumed at the mark and written to the end, leaves byte for byte the file of a run written in
 *   one go; the mark's length is that of the first k frames (rows). Bad resumes (a file shorter than the mark, a
 *   missing file, another CSV header, a mark inside the header) are refused naming the file and change nothing.
 * (The number text the writers use has its own test: tests/unit/test_number_text.c.) */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

/* Species k is named after the element of atomic number k + 1 (so that ASE reads it): a few known pairs. */
static const struct {
    int32_t species;
    const char *symbol;
} known_species[] = {{0, "H"}, {1, "He"}, {5, "C"}, {25, "Fe"}, {117, "Og"}};
#define KNOWN_SPECIES 5

static const char *const missing = "/nonexistent-ricochet-directory/out";

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *text = calloc((size_t)size + 1, 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) text[0] = '\0';
    fclose(f);
    return text;
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Reads a number at *cursor, advancing past it; checks it is the same double as expected (NaN: an empty cell). */
static void expect_number(char **cursor, double expected, const char *what)
{
    if (isnan(expected)) {
        CHECK(**cursor == ',' || **cursor == '\n', "%s: \"%.20s\" where an empty cell was expected", what, *cursor);
        return;
    }
    char *end;
    double value = strtod(*cursor, &end);
    CHECK(end != *cursor, "%s: no number at \"%.20s\"", what, *cursor);
    CHECK(same_bits(value, expected), "%s: read %.17g, wrote %.17g", what, value, expected);
    *cursor = end;
}

static void expect_text(char **cursor, const char *text, const char *what)
{
    size_t n = strlen(text);
    CHECK(strncmp(*cursor, text, n) == 0, "%s: \"%.*s\" where \"%s\" was expected", what, (int)n, *cursor, text);
    *cursor += strncmp(*cursor, text, n) == 0 ? n : 0;
}

/* ---- extended XYZ ------------------------------------------------------------------------------------------ */

static const double awkward[] = {0.1,
                                 1.0 / 3.0,
                                 -0.0,
                                 5e-324,
                                 2.2250738585072014e-308,
                                 1.7976931348623157e308,
                                 -2.5,
                                 9007199254740993.0,
                                 1e-17,
                                 123456789.125,
                                 -1e-300,
                                 0.0,
                                 6.02214076e23};
enum { AWKWARD = sizeof awkward / sizeof *awkward };

static void make_frame(rc_frame *f, int d, int32_t count, bool orientations, int seed)
{
    CHECK(rc_frame_create(f, count, orientations) == RC_STATUS_OK, "frame init: %s", rc_error_get());
    f->dimension = d;
    f->time = 0.1 * seed + 1.0 / 7.0;
    f->collisions = UINT64_C(12345678901234) * (uint64_t)seed;
    f->box[0] = 10.5, f->box[1] = 1.0 / 3.0, f->box[2] = d == 3 ? 7.25 : 0.0;
    f->periodic[0] = true, f->periodic[1] = seed % 2 == 0, f->periodic[2] = true;
    for (int32_t i = 0; i < count; i++) {
        for (int k = 0; k < 3; k++) {
            f->positions[3 * i + k] = k < d ? awkward[(i * 3 + k + seed) % AWKWARD] : 0.0;
            f->velocities[3 * i + k] = k < d ? -awkward[(i * 5 + k + 2 * seed) % AWKWARD] : 0.0;
            f->images[3 * i + k] = k < d ? (i % 3 - 1) * (k == 0 ? 5 : -2147483647) : 0;
        }
        f->radii[i] = i % 2 ? 0.5 : fabs(awkward[(i + seed) % AWKWARD]);
        f->masses[i] = 0.5 + i % 3 + 1.0 / 3.0;
        f->species[i] = known_species[i % KNOWN_SPECIES].species;
        for (int k = 0; orientations && k < 4; k++) f->orientations[4 * i + k] = awkward[(7 * i + k) % AWKWARD];
    }
}

static void expect_species(char **cursor, int32_t species, const char *what)
{
    char name[16];
    for (int m = 0; m < KNOWN_SPECIES; m++)
        if (known_species[m].species == species) snprintf(name, sizeof name, "%s ", known_species[m].symbol);
    expect_text(cursor, name, what);
}

static void expect_comment(char **cursor, const rc_frame *f)
{
    expect_text(cursor, "Lattice=\"", "lattice");
    double edge[3] = {f->box[0], f->box[1], f->dimension == 3 ? f->box[2] : 1.0};
    for (int k = 0; k < 3; k++) {
        expect_number(cursor, edge[k], "lattice edge");
        expect_text(cursor, k < 2 ? " 0 0 0 " : "\" ", "lattice zeros");
    }
    expect_text(cursor, "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1", "properties");
    if (f->orientations) expect_text(cursor, ":orientation:R:4", "orientation property");
    expect_text(cursor, ":masses:R:1:momenta:R:3:image:I:3", "masses and momenta, ASE's names, then the images");
    expect_text(cursor, " Time=", "time key");
    expect_number(cursor, f->time, "time");
    char tail[96];
    snprintf(tail, sizeof tail, " Collisions=%" PRIu64 " pbc=\"%c %c %c\"\n", f->collisions, f->periodic[0] ? 'T' : 'F',
             f->periodic[1] ? 'T' : 'F', f->periodic[2] && f->dimension == 3 ? 'T' : 'F');
    expect_text(cursor, tail, "collisions and pbc");
}

/* Reads one frame back from *cursor and compares every number bit for bit. */
static void expect_frame(char **cursor, const rc_frame *f)
{
    char count[32];
    snprintf(count, sizeof count, "%d\n", (int)f->count);
    expect_text(cursor, count, "count line");
    expect_comment(cursor, f);
    for (int32_t i = 0; i < f->count; i++) {
        expect_species(cursor, f->species[i], "species");
        for (int k = 0; k < 3; k++) expect_number(cursor, f->positions[3 * i + k], "position");
        for (int k = 0; k < 3; k++) expect_number(cursor, f->velocities[3 * i + k], "velocity");
        expect_number(cursor, f->radii[i], "radius");
        const int order[4] = {1, 2, 3, 0}; /* x y z w in the file */
        for (int k = 0; f->orientations && k < 4; k++)
            expect_number(cursor, f->orientations[4 * i + order[k]], "orientation");
        expect_number(cursor, f->masses[i], "mass");
        for (int k = 0; k < 3; k++) expect_number(cursor, f->masses[i] * f->velocities[3 * i + k], "momentum");
        for (int k = 0; k < 3; k++) expect_number(cursor, f->images ? f->images[3 * i + k] : 0, "image");
        expect_text(cursor, "\n", "end of line");
    }
}

static void test_xyz_round_trip(const char *path)
{
    rc_frame frames[4];
    make_frame(&frames[0], 3, 40, false, 1);
    make_frame(&frames[1], 2, 7, false, 2);
    make_frame(&frames[2], 3, 9, true, 3);
    make_frame(&frames[3], 3, 0, false, 4);
    rc_xyz_writer *w = NULL;
    CHECK(rc_xyz_writer_open(path, &w) == RC_STATUS_OK, "open %s: %s", path, rc_error_get());
    for (int i = 0; i < 4 && w; i++)
        CHECK(rc_xyz_writer_write(w, &frames[i]) == RC_STATUS_OK, "frame %d: %s", i, rc_error_get());
    CHECK(rc_xyz_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    char *text = read_text(path), *cursor = text;
    CHECK(text != NULL, "cannot read %s back", path);
    for (int i = 0; i < 4 && text; i++) expect_frame(&cursor, &frames[i]);
    CHECK(!text || *cursor == '\0', "trailing text \"%.40s\"", cursor);
    free(text);
    for (int i = 0; i < 4; i++) rc_frame_destroy(&frames[i]);
}

static void test_xyz_failures(const char *path)
{
    rc_xyz_writer *w = (rc_xyz_writer *)&w;
    char target[128];
    snprintf(target, sizeof target, "%s.xyz", missing);
    CHECK(rc_xyz_writer_open(target, &w) == RC_STATUS_IO_ERROR && w == NULL, "missing directory: status or writer");
    CHECK(strstr(rc_error_get(), target) != NULL, "missing directory: message \"%s\"", rc_error_get());

    rc_frame f;
    make_frame(&f, 3, 500, false, 1);
    CHECK(rc_xyz_writer_open("/dev/full", &w) == RC_STATUS_OK, "open /dev/full: %s", rc_error_get());
    if (w) {
        CHECK(rc_xyz_writer_write(w, &f) == RC_STATUS_IO_ERROR, "/dev/full: write did not fail");
        CHECK(strstr(rc_error_get(), "/dev/full") != NULL, "/dev/full: message \"%s\"", rc_error_get());
        CHECK(rc_xyz_writer_close(w) == RC_STATUS_IO_ERROR, "/dev/full: close did not report the lost frame");
    }

    /* A bad frame is refused whole: the file stays empty */
    CHECK(rc_xyz_writer_open(path, &w) == RC_STATUS_OK, "open %s: %s", path, rc_error_get());
    f.species[3] = -1;
    CHECK(rc_xyz_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "species[3]"),
          "negative species: %s", rc_error_get());
    f.species[3] = 118;
    CHECK(rc_xyz_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "species[3]"),
          "species beyond the last element: %s", rc_error_get());
    f.species[3] = 0;
    f.dimension = 4;
    CHECK(rc_xyz_writer_write(w, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "dimension"),
          "dimension 4: %s", rc_error_get());
    CHECK(rc_xyz_writer_write(w, NULL) == RC_STATUS_INVALID_ARGUMENT, "NULL frame");
    CHECK(rc_xyz_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    char *text = read_text(path);
    CHECK(text && text[0] == '\0', "bad frames wrote \"%.40s\"", text ? text : "(unreadable)");
    free(text);
    rc_frame_destroy(&f);
    CHECK(rc_xyz_writer_open(NULL, &w) == RC_STATUS_INVALID_ARGUMENT, "NULL path");
    CHECK(rc_xyz_writer_close(NULL) == RC_STATUS_OK, "close NULL");
}

/* ---- CSV --------------------------------------------------------------------------------------------------- */

static const char *const names[] = {"time", "collisions", "a,b", "say \"hi\""};
static const double rows[][4] = {
    {0.5, 3, -7, 1e300},
    {-0.0, 9007199254740991.0, 9007199254740992.0, 0.1},
    {NAN, INFINITY, -INFINITY, 1.0 / 3.0},
    {-4503599627370497.0, 5e-324, 1e-300, 42},
};
/* How each value prints: integers without a decimal point, NaN as an empty cell, the rest with the shortest digits
 * that read back */
static const char *const cells[][4] = {
    {"0.5", "3", "-7", "1e+300"},
    {"-0", "9007199254740991", "9007199254740992", "0.1"},
    {"", "inf", "-inf", "0.3333333333333333"},
    {"-4503599627370497", "5e-324", "1e-300", "42"},
};

static void test_csv_round_trip(const char *path)
{
    rc_csv_writer *w = NULL;
    CHECK(rc_csv_writer_open(path, 4, names, &w) == RC_STATUS_OK, "open %s: %s", path, rc_error_get());
    for (int r = 0; r < 4 && w; r++)
        CHECK(rc_csv_writer_write(w, rows[r]) == RC_STATUS_OK, "row %d: %s", r, rc_error_get());
    CHECK(rc_csv_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    char *text = read_text(path), *cursor = text;
    CHECK(text != NULL, "cannot read %s back", path);
    if (!text) return;
    expect_text(&cursor, "time,collisions,\"a,b\",\"say \"\"hi\"\"\"\n", "header");
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            char *start = cursor;
            expect_number(&cursor, rows[r][c], "csv value");
            size_t n = strlen(cells[r][c]);
            CHECK((size_t)(cursor - start) == n && strncmp(start, cells[r][c], n) == 0,
                  "row %d column %d: \"%.*s\", expected \"%s\"", r, c, (int)(cursor - start), start, cells[r][c]);
            expect_text(&cursor, c < 3 ? "," : "\n", "separator");
        }
    CHECK(*cursor == '\0', "trailing text \"%.40s\"", cursor);
    free(text);
}

static void test_csv_failures(const char *path)
{
    rc_csv_writer *w = (rc_csv_writer *)&w;
    char target[128];
    snprintf(target, sizeof target, "%s.csv", missing);
    CHECK(rc_csv_writer_open(target, 4, names, &w) == RC_STATUS_IO_ERROR && w == NULL, "missing directory");
    CHECK(strstr(rc_error_get(), target) != NULL, "missing directory: message \"%s\"", rc_error_get());
    CHECK(rc_csv_writer_open("/dev/full", 4, names, &w) == RC_STATUS_IO_ERROR && w == NULL,
          "/dev/full: header written");
    CHECK(strstr(rc_error_get(), "/dev/full") != NULL, "/dev/full: message \"%s\"", rc_error_get());

    const char *const holes[] = {"time", NULL};
    CHECK(rc_csv_writer_open(path, 2, holes, &w) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "names[1]"),
          "NULL name: %s", rc_error_get());
    CHECK(rc_csv_writer_open(path, 0, names, &w) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "columns"),
          "no columns: %s", rc_error_get());
    CHECK(rc_csv_writer_open(path, 4, NULL, &w) == RC_STATUS_INVALID_ARGUMENT, "NULL names");
    CHECK(rc_csv_writer_open(path, 1, names, &w) == RC_STATUS_OK, "one column: %s", rc_error_get());
    CHECK(rc_csv_writer_write(w, NULL) == RC_STATUS_INVALID_ARGUMENT, "NULL row");
    CHECK(rc_csv_writer_close(w) == RC_STATUS_OK, "close: %s", rc_error_get());
    CHECK(rc_csv_writer_close(NULL) == RC_STATUS_OK, "close NULL");
}

/* ---- resuming -------------------------------------------------------------------------------------------- */

enum { ITEMS = 5, DROPPED = 3 }; /* items a run keeps; items written after the mark that a resume drops */

/* A writer under test, XYZ or CSV, behind calls that write its item k (k >= ITEMS: one that a resume must drop). */
typedef struct resumable {
    const char *kind;
    rc_status (*start)(const char *path, const rc_output_mark *mark, void **writer); /* mark NULL: open */
    rc_status (*write)(void *writer, int item);
    rc_status (*mark)(void *writer, rc_output_mark *mark);
    rc_status (*close)(void *writer, bool abandon);
} resumable;

static void item_frame(rc_frame *f, int item) { make_frame(f, item % 2 ? 2 : 3, 3 + item, item == 3, item + 1); }

static rc_status xyz_start(const char *path, const rc_output_mark *mark, void **writer)
{
    rc_xyz_writer *w = NULL;
    rc_status s = mark ? rc_xyz_writer_open_at_mark(path, mark, &w) : rc_xyz_writer_open(path, &w);
    *writer = w;
    return s;
}

static rc_status xyz_write(void *writer, int item)
{
    rc_frame f;
    item_frame(&f, item);
    rc_status s = rc_xyz_writer_write(writer, &f);
    rc_frame_destroy(&f);
    return s;
}

static rc_status xyz_mark(void *writer, rc_output_mark *mark) { return rc_xyz_writer_mark(writer, mark); }

static rc_status xyz_close(void *writer, bool abandon)
{
    if (!abandon) return rc_xyz_writer_close(writer);
    rc_xyz_writer_close_unfinished(writer);
    return RC_STATUS_OK;
}

static rc_status csv_start(const char *path, const rc_output_mark *mark, void **writer)
{
    rc_csv_writer *w = NULL;
    rc_status s = mark ? rc_csv_writer_open_at_mark(path, 4, names, mark, &w) : rc_csv_writer_open(path, 4, names, &w);
    *writer = w;
    return s;
}

static rc_status csv_write(void *writer, int item)
{
    double row[4];
    for (int c = 0; c < 4; c++) row[c] = rows[item % 4][c] + (c == 0 ? item : 0);
    return rc_csv_writer_write(writer, row);
}

static rc_status csv_mark(void *writer, rc_output_mark *mark) { return rc_csv_writer_mark(writer, mark); }

static rc_status csv_close(void *writer, bool abandon)
{
    if (!abandon) return rc_csv_writer_close(writer);
    rc_csv_writer_close_unfinished(writer);
    return RC_STATUS_OK;
}

static const resumable writers[] = {
    {"xyz", xyz_start, xyz_write, xyz_mark, xyz_close},
    {"csv", csv_start, csv_write, csv_mark, csv_close},
};

/* Writes items [from, to) and tells whether every write succeeded. */
static bool write_items(const resumable *r, void *w, int from, int to)
{
    bool ok = w != NULL;
    for (int k = from; k < to && ok; k++) {
        ok = r->write(w, k) == RC_STATUS_OK;
        CHECK(ok, "%s item %d: %s", r->kind, k, rc_error_get());
    }
    return ok;
}

/* The file written in one go, and the marks taken after each item. */
static char *write_whole(const resumable *r, const char *path, rc_output_mark marks[ITEMS + 1])
{
    void *w = NULL;
    CHECK(r->start(path, NULL, &w) == RC_STATUS_OK, "%s open %s: %s", r->kind, path, rc_error_get());
    for (int k = 0; k <= ITEMS && w; k++) {
        CHECK(r->mark(w, &marks[k]) == RC_STATUS_OK, "%s mark %d: %s", r->kind, k, rc_error_get());
        if (k < ITEMS) write_items(r, w, k, k + 1);
    }
    CHECK(w && r->close(w, false) == RC_STATUS_OK, "%s close: %s", r->kind, rc_error_get());
    return read_text(path);
}

/* A run that marks after `kept` items, writes the items a resume must drop and ends as `ending`. */
static bool run_interrupted(void *context, void *mark)
{
    const check_interrupted *run = context;
    const resumable *r = run->writer;
    void *w = NULL;
    bool ok = r->start(run->path, NULL, &w) == RC_STATUS_OK && write_items(r, w, 0, run->kept) &&
              r->mark(w, mark) == RC_STATUS_OK && write_items(r, w, ITEMS, ITEMS + DROPPED);
    if (run->ending != CHECK_KILLED && w) ok = r->close(w, run->ending == CHECK_ABANDONED) == RC_STATUS_OK && ok;
    CHECK(ok, "%s run to %d items: %s", r->kind, run->kept, rc_error_get());
    return ok;
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

static void test_resume(const resumable *r, const char *path)
{
    char whole_path[96], partial[96];
    snprintf(whole_path, sizeof whole_path, "%s.whole", path);
    snprintf(partial, sizeof partial, "%s.partial", path);
    rc_output_mark marks[ITEMS + 1];
    char *whole = write_whole(r, whole_path, marks);
    CHECK(whole && marks[ITEMS].bytes == strlen(whole), "%s: the last mark has %" PRIu64 " bytes, the file %zu",
          r->kind, marks[ITEMS].bytes, whole ? strlen(whole) : 0);
    const int kept[] = {0, 2, ITEMS};
    for (int e = 0; e < CHECK_ENDINGS; e++)
        for (int i = 0; i < 3; i++) {
            check_interrupted run = {r, path, kept[i], (enum check_ending)e};
            rc_output_mark mark = {0};
            bool ran = check_run(run.ending, run_interrupted, &run, &mark, sizeof mark);
            CHECK(ran, "%s %s at %d: the interrupted run failed", r->kind, check_endings[e], kept[i]);
            CHECK(mark.bytes == marks[kept[i]].bytes && mark.frames + mark.rows == kept[i] &&
                      (strcmp(r->kind, "xyz") == 0 ? mark.rows : mark.frames) == 0,
                  "%s mark at %d: %" PRIu64 " bytes, %" PRId64 " frames, %" PRId64 " rows; expected %" PRIu64 " bytes",
                  r->kind, kept[i], mark.bytes, mark.frames, mark.rows, marks[kept[i]].bytes);
            CHECK(exists(e == CHECK_CLOSED ? path : partial) && !exists(e == CHECK_CLOSED ? partial : path),
                  "%s %s: which file the run left", r->kind, check_endings[e]);
            void *w = NULL;
            CHECK(r->start(path, &mark, &w) == RC_STATUS_OK, "%s resume %s at %d: %s", r->kind, check_endings[e],
                  kept[i], rc_error_get());
            CHECK(exists(partial) && !exists(path), "%s resumed: only %s exists", r->kind, partial);
            rc_output_mark again = {0};
            CHECK(w && r->mark(w, &again) == RC_STATUS_OK && memcmp(&again, &mark, sizeof mark) == 0,
                  "%s resumed at %d: a mark taken at once is not the one resumed from", r->kind, kept[i]);
            write_items(r, w, kept[i], ITEMS);
            CHECK(w && r->close(w, false) == RC_STATUS_OK, "%s close the resumed file: %s", r->kind, rc_error_get());
            char *text = read_text(path);
            CHECK(text && whole && strcmp(text, whole) == 0 && !exists(partial),
                  "%s %s at %d and resumed: not the file written in one go", r->kind, check_endings[e], kept[i]);
            free(text);
        }
    free(whole);
    remove(whole_path);
}

/* With both PATH.partial and PATH there, a resume goes on from PATH.partial (the run that was interrupted). */
static void test_resume_prefers_partial(const resumable *r, const char *path)
{
    char whole_path[96];
    snprintf(whole_path, sizeof whole_path, "%s.whole", path);
    rc_output_mark marks[ITEMS + 1], mark = {0};
    char *whole = write_whole(r, whole_path, marks);
    check_interrupted run = {r, path, 2, CHECK_ABANDONED};
    CHECK(run_interrupted(&run, &mark), "%s: the interrupted run failed", r->kind);
    FILE *older = fopen(path, "w");
    CHECK(older && fputs("an older finished file\n", older) >= 0 && fclose(older) == 0, "write %s", path);
    void *w = NULL;
    CHECK(r->start(path, &mark, &w) == RC_STATUS_OK && write_items(r, w, 2, ITEMS) &&
              r->close(w, false) == RC_STATUS_OK,
          "%s: resume beside an older file: %s", r->kind, rc_error_get());
    char *text = read_text(path);
    CHECK(text && whole && strcmp(text, whole) == 0, "%s: the resume did not go on from the .partial file", r->kind);
    free(text);
    free(whole);
    remove(whole_path);
}

/* Bad resumes, refused naming the file with nothing changed on disk; a device is written on in place. */
static void test_resume_refused(const char *path)
{
    void *w = NULL;
    CHECK(csv_start(path, NULL, &w) == RC_STATUS_OK && write_items(&writers[1], w, 0, 2) &&
              csv_close(w, false) == RC_STATUS_OK,
          "csv to resume: %s", rc_error_get());
    char *before = read_text(path);
    uint64_t size = before ? strlen(before) : 0;
    const char *const other[] = {"time", "collisions", "a,c", "say \"hi\""};
    const char *const fewer[] = {"time", "collisions", "a,b"};
    const char *const longer[] = {"time", "collisions", "a,bc", "say \"hi\""};
    char missing_path[96], lengths[64];
    snprintf(missing_path, sizeof missing_path, "%s.csv", missing);
    snprintf(lengths, sizeof lengths, "%" PRIu64 " bytes, fewer than the %" PRIu64, size, size + 1);
    const struct {
        const char *what, *path;
        int columns;
        const char *const *names;
        uint64_t bytes; /* the mark's length */
        rc_status status;
        const char *message; /* a part of rc_error_get() */
    } cases[] = {
        {"file shorter than the mark", path, 4, names, size + 1, RC_STATUS_INVALID_ARGUMENT, lengths},
        {"missing file", missing_path, 4, names, 0, RC_STATUS_IO_ERROR, "neither it nor"},
        {"another name", path, 4, other, size, RC_STATUS_INVALID_ARGUMENT, "column 2 (\"a,c\")"},
        {"a longer name", path, 4, longer, size, RC_STATUS_INVALID_ARGUMENT, "column 2 (\"a,bc\")"},
        {"a column less", path, 3, fewer, size, RC_STATUS_INVALID_ARGUMENT, "more than the 3 columns"},
        {"a mark inside the header", path, 4, names, 10, RC_STATUS_INVALID_ARGUMENT, "10 bytes end inside the header"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        rc_output_mark mark = {.bytes = cases[i].bytes, .rows = 2};
        rc_csv_writer *resumed = (rc_csv_writer *)&w;
        rc_status s = rc_csv_writer_open_at_mark(cases[i].path, cases[i].columns, cases[i].names, &mark, &resumed);
        CHECK(s == cases[i].status && resumed == NULL, "%s: %s, \"%s\"", cases[i].what, rc_status_name(s),
              rc_error_get());
        CHECK(strstr(rc_error_get(), cases[i].path) && strstr(rc_error_get(), cases[i].message),
              "%s: message \"%s\" lacks the path or \"%s\"", cases[i].what, rc_error_get(), cases[i].message);
        char *after = read_text(path);
        CHECK(after && before && strcmp(after, before) == 0, "%s: the file changed", cases[i].what);
        free(after);
    }
    rc_output_mark beyond = {.bytes = size + 1}, negative = {.rows = -1};
    rc_xyz_writer *xyz = NULL;
    CHECK(rc_xyz_writer_open_at_mark(path, &beyond, &xyz) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), lengths),
          "xyz: a file shorter than the mark: \"%s\"", rc_error_get());
    CHECK(rc_xyz_writer_open_at_mark(path, NULL, &xyz) == RC_STATUS_INVALID_ARGUMENT && xyz == NULL, "xyz: NULL mark");
    rc_csv_writer *csv = NULL;
    CHECK(rc_csv_writer_open_at_mark(path, 4, names, &negative, &csv) == RC_STATUS_INVALID_ARGUMENT && csv == NULL,
          "csv: negative rows");
    free(before);

    CHECK(rc_csv_writer_open_at_mark("/dev/null", 4, names, &beyond, &csv) == RC_STATUS_OK, "/dev/null: %s",
          rc_error_get());
    CHECK(csv && rc_csv_writer_write(csv, rows[0]) == RC_STATUS_OK && rc_csv_writer_close(csv) == RC_STATUS_OK,
          "/dev/null: %s", rc_error_get());
    struct stat info;
    CHECK(stat("/dev/null", &info) == 0 && S_ISCHR(info.st_mode), "/dev/null is still a device");
}

/* An engine of count hard spheres from fcc (renumbered along its space-filling curve at creation), advanced a little. */
static rc_edmd *small_engine(int32_t count)
{
    rc_edmd_def d = rc_edmd_default_def();
    double *x = calloc(3 * (size_t)count, sizeof *x), *v = calloc(3 * (size_t)count, sizeof *v);
    double *r = calloc((size_t)count, sizeof *r), *m = calloc((size_t)count, sizeof *m);
    rc_edmd *e = NULL;
    for (int32_t i = 0; r && m && i < count; i++) r[i] = 0.5, m[i] = 1;
    if (x && v && r && m && rc_box_scale_to_packing_fraction(3, count, r, 0.3, d.box) == RC_STATUS_OK &&
        rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, count, r, 1, x) == RC_STATUS_OK &&
        rc_velocities_draw_maxwell_boltzmann(3, count, m, 1, 2, v) == RC_STATUS_OK) {
        d.count = count, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
        CHECK(rc_edmd_create(&d, &e) == RC_STATUS_OK, "engine: %s", rc_error_get());
        rc_edmd_limits limits = {INFINITY, 5 * (uint64_t)count, 0};
        CHECK(e && rc_edmd_advance(e, &limits) == RC_STATUS_OK, "advance: %s", rc_error_get());
    }
    free(x), free(v), free(r), free(m);
    return e;
}

static void test_xyz_parts(const char *path)
{
    enum { COUNT = 500, PART = 96 };
    char parts_path[96];
    snprintf(parts_path, sizeof parts_path, "%s.parts", path);
    rc_edmd *e = small_engine(COUNT);
    rc_frame whole, part;
    CHECK(rc_frame_create(&whole, COUNT, false) == RC_STATUS_OK && rc_frame_create(&part, PART, false) == RC_STATUS_OK,
          "frames");
    rc_xyz_writer *w = NULL, *p = NULL;
    CHECK(rc_xyz_writer_open(path, &w) == RC_STATUS_OK && rc_xyz_writer_open(parts_path, &p) == RC_STATUS_OK,
          "open: %s", rc_error_get());
    for (int frame = 0; frame < 2 && e && w && p; frame++) {
        CHECK(rc_edmd_fill_frame(e, &whole) == RC_STATUS_OK && rc_xyz_writer_write(w, &whole) == RC_STATUS_OK,
              "whole: %s", rc_error_get());
        for (int32_t first = 0; first < COUNT; first += PART) {
            part.count = COUNT - first < PART ? COUNT - first : PART;
            CHECK(rc_edmd_fill_frame_part(e, &part, first) == RC_STATUS_OK, "fill part at %d: %s", (int)first,
                  rc_error_get());
            CHECK(rc_xyz_writer_write_part(p, &part, first, COUNT) == RC_STATUS_OK, "write part at %d: %s", (int)first,
                  rc_error_get());
        }
        rc_edmd_limits limits = {INFINITY, (uint64_t)(6 + frame) * COUNT, 0};
        CHECK(rc_edmd_advance(e, &limits) == RC_STATUS_OK, "advance: %s", rc_error_get());
    }
    part.count = PART;
    CHECK(!e || rc_edmd_fill_frame_part(e, &part, COUNT - PART + 1) == RC_STATUS_INVALID_ARGUMENT,
          "a part beyond the engine's particles was filled");
    CHECK(!e || rc_edmd_fill_frame_part(e, &part, -1) == RC_STATUS_INVALID_ARGUMENT, "a part from -1 was filled");
    CHECK(rc_edmd_fill_frame(e, &part) == RC_STATUS_INVALID_ARGUMENT, "a part taken for the whole frame");
    CHECK(rc_xyz_writer_close(w) == RC_STATUS_OK && rc_xyz_writer_close(p) == RC_STATUS_OK, "close: %s",
          rc_error_get());
    char *a = read_text(path), *b = read_text(parts_path);
    CHECK(a && b && strcmp(a, b) == 0, "the frames written in parts differ from the whole frames");
    free(a), free(b);
    CHECK(rc_xyz_writer_open(parts_path, &p) == RC_STATUS_OK, "open: %s", rc_error_get());
    CHECK(rc_xyz_writer_write_part(p, &part, COUNT - PART + 1, COUNT) == RC_STATUS_INVALID_ARGUMENT,
          "a part past the frame's end was written");
    rc_xyz_writer_close_unfinished(p);
    remove(parts_path);
    char partial[128];
    snprintf(partial, sizeof partial, "%s.partial", parts_path);
    remove(partial);
    rc_frame_destroy(&whole);
    rc_frame_destroy(&part);
    rc_edmd_destroy(e);
}

int main(void)
{
    char xyz[64], csv[64];
    snprintf(xyz, sizeof xyz, "/tmp/ricochet_test_output_%d.xyz", (int)getpid());
    snprintf(csv, sizeof csv, "/tmp/ricochet_test_output_%d.csv", (int)getpid());
    test_xyz_round_trip(xyz);
    test_xyz_failures(xyz);
    test_xyz_parts(xyz);
    test_csv_round_trip(csv);
    test_csv_failures(csv);
    test_resume(&writers[0], xyz);
    test_resume(&writers[1], csv);
    test_resume_prefers_partial(&writers[0], xyz);
    test_resume_refused(csv);
    remove(xyz);
    remove(csv);
    return check_finish();
}
