/* The writers of ricochet/output.h (src/io/xyz_writer.c, src/io/csv_writer.c).
 *
 * Oracles:
 * - Round trip: every number written reads back with strtod to the same bits (17 significant digits), including
 *   -0, subnormals, the largest doubles and integers near 2^53; the extended XYZ comment line carries the cell, the
 *   Properties the columns follow, the time, the collision count and pbc, in the spelling OVITO and ASE read.
 * - Failures: a file in a missing directory cannot be opened, /dev/full cannot take a frame or a header; both give
 *   RC_IO_ERROR with the path in rc_last_error(). A bad frame is refused before a byte of it is written. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Reads a number at *cursor, advancing past it; checks it is the same double as expected. */
static void expect_number(char **cursor, double expected, const char *what)
{
    char *end;
    double value = strtod(*cursor, &end);
    CHECK(end != *cursor, "%s: no number at \"%.20s\"", what, *cursor);
    CHECK(same_bits(value, expected) || (isnan(value) && isnan(expected)), "%s: read %.17g, wrote %.17g", what, value,
          expected);
    *cursor = end;
}

static void expect_text(char **cursor, const char *text, const char *what)
{
    size_t n = strlen(text);
    CHECK(strncmp(*cursor, text, n) == 0, "%s: \"%.*s\" where \"%s\" was expected", what, (int)n, *cursor, text);
    *cursor += strncmp(*cursor, text, n) == 0 ? n : 0;
}

/* ---- extended XYZ ------------------------------------------------------------------------------------------ */

static const double awkward[] = {0.1, 1.0 / 3.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                                 -2.5, 9007199254740993.0, 1e-17, 123456789.125, -1e-300, 0.0, 6.02214076e23};
enum { AWKWARD = sizeof awkward / sizeof *awkward };

static void make_frame(rc_frame *f, int d, int32_t count, bool orientations, int seed)
{
    CHECK(rc_frame_init(f, count, orientations) == RC_OK, "frame init: %s", rc_last_error());
    f->dimension = d;
    f->time = 0.1 * seed + 1.0 / 7.0;
    f->collisions = UINT64_C(12345678901234) * (uint64_t)seed;
    f->box[0] = 10.5, f->box[1] = 1.0 / 3.0, f->box[2] = d == 3 ? 7.25 : 0.0;
    f->periodic[0] = true, f->periodic[1] = seed % 2 == 0, f->periodic[2] = true;
    for (int32_t i = 0; i < count; i++) {
        for (int k = 0; k < 3; k++) {
            f->positions[3 * i + k] = k < d ? awkward[(i * 3 + k + seed) % AWKWARD] : 0.0;
            f->velocities[3 * i + k] = k < d ? -awkward[(i * 5 + k + 2 * seed) % AWKWARD] : 0.0;
        }
        f->radii[i] = i % 2 ? 0.5 : fabs(awkward[(i + seed) % AWKWARD]);
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
    expect_text(cursor, " Time=", "time key");
    expect_number(cursor, f->time, "time");
    char tail[96];
    snprintf(tail, sizeof tail, " Collisions=%" PRIu64 " pbc=\"%c %c %c\"\n", f->collisions,
             f->periodic[0] ? 'T' : 'F', f->periodic[1] ? 'T' : 'F', f->periodic[2] && f->dimension == 3 ? 'T' : 'F');
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
    CHECK(rc_xyz_writer_open(path, &w) == RC_OK, "open %s: %s", path, rc_last_error());
    for (int i = 0; i < 4 && w; i++)
        CHECK(rc_xyz_writer_write(w, &frames[i]) == RC_OK, "frame %d: %s", i, rc_last_error());
    CHECK(rc_xyz_writer_close(w) == RC_OK, "close: %s", rc_last_error());
    char *text = read_text(path), *cursor = text;
    CHECK(text != NULL, "cannot read %s back", path);
    for (int i = 0; i < 4 && text; i++) expect_frame(&cursor, &frames[i]);
    CHECK(!text || *cursor == '\0', "trailing text \"%.40s\"", cursor);
    free(text);
    for (int i = 0; i < 4; i++) rc_frame_release(&frames[i]);
}

static void test_xyz_failures(const char *path)
{
    rc_xyz_writer *w = (rc_xyz_writer *)&w;
    char target[128];
    snprintf(target, sizeof target, "%s.xyz", missing);
    CHECK(rc_xyz_writer_open(target, &w) == RC_IO_ERROR && w == NULL, "missing directory: status or writer");
    CHECK(strstr(rc_last_error(), target) != NULL, "missing directory: message \"%s\"", rc_last_error());

    rc_frame f;
    make_frame(&f, 3, 500, false, 1);
    CHECK(rc_xyz_writer_open("/dev/full", &w) == RC_OK, "open /dev/full: %s", rc_last_error());
    if (w) {
        CHECK(rc_xyz_writer_write(w, &f) == RC_IO_ERROR, "/dev/full: write did not fail");
        CHECK(strstr(rc_last_error(), "/dev/full") != NULL, "/dev/full: message \"%s\"", rc_last_error());
        CHECK(rc_xyz_writer_close(w) == RC_IO_ERROR, "/dev/full: close did not report the lost frame");
    }

    /* A bad frame is refused whole: the file stays empty */
    CHECK(rc_xyz_writer_open(path, &w) == RC_OK, "open %s: %s", path, rc_last_error());
    f.species[3] = -1;
    CHECK(rc_xyz_writer_write(w, &f) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "species[3]"),
          "negative species: %s", rc_last_error());
    f.species[3] = 118;
    CHECK(rc_xyz_writer_write(w, &f) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "species[3]"),
          "species beyond the last element: %s", rc_last_error());
    f.species[3] = 0;
    f.dimension = 4;
    CHECK(rc_xyz_writer_write(w, &f) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "dimension"),
          "dimension 4: %s", rc_last_error());
    CHECK(rc_xyz_writer_write(w, NULL) == RC_INVALID_ARGUMENT, "NULL frame");
    CHECK(rc_xyz_writer_close(w) == RC_OK, "close: %s", rc_last_error());
    char *text = read_text(path);
    CHECK(text && text[0] == '\0', "bad frames wrote \"%.40s\"", text ? text : "(unreadable)");
    free(text);
    rc_frame_release(&f);
    CHECK(rc_xyz_writer_open(NULL, &w) == RC_INVALID_ARGUMENT, "NULL path");
    CHECK(rc_xyz_writer_close(NULL) == RC_OK, "close NULL");
}

/* ---- CSV --------------------------------------------------------------------------------------------------- */

static const char *const names[] = {"time", "collisions", "a,b", "say \"hi\""};
static const double rows[][4] = {
    {0.5, 3, -7, 1e300},
    {-0.0, 9007199254740991.0, 9007199254740992.0, 0.1},
    {NAN, INFINITY, -INFINITY, 1.0 / 3.0},
    {-4503599627370497.0, 5e-324, 1e-300, 42},
};
/* How each value prints: integers without a decimal point, the rest with 17 digits */
static const char *const cells[][4] = {
    {"0.5", "3", "-7", "1.0000000000000001e+300"},
    {"-0", "9007199254740991", "9007199254740992", "0.10000000000000001"},
    {"nan", "inf", "-inf", "0.33333333333333331"},
    {"-4503599627370497", "4.9406564584124654e-324", "1e-300", "42"},
};

static void test_csv_round_trip(const char *path)
{
    rc_csv_writer *w = NULL;
    CHECK(rc_csv_writer_open(path, 4, names, &w) == RC_OK, "open %s: %s", path, rc_last_error());
    for (int r = 0; r < 4 && w; r++) CHECK(rc_csv_writer_row(w, rows[r]) == RC_OK, "row %d: %s", r, rc_last_error());
    CHECK(rc_csv_writer_close(w) == RC_OK, "close: %s", rc_last_error());
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
    CHECK(rc_csv_writer_open(target, 4, names, &w) == RC_IO_ERROR && w == NULL, "missing directory");
    CHECK(strstr(rc_last_error(), target) != NULL, "missing directory: message \"%s\"", rc_last_error());
    CHECK(rc_csv_writer_open("/dev/full", 4, names, &w) == RC_IO_ERROR && w == NULL, "/dev/full: header written");
    CHECK(strstr(rc_last_error(), "/dev/full") != NULL, "/dev/full: message \"%s\"", rc_last_error());

    const char *const holes[] = {"time", NULL};
    CHECK(rc_csv_writer_open(path, 2, holes, &w) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "names[1]"),
          "NULL name: %s", rc_last_error());
    CHECK(rc_csv_writer_open(path, 0, names, &w) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "columns"),
          "no columns: %s", rc_last_error());
    CHECK(rc_csv_writer_open(path, 4, NULL, &w) == RC_INVALID_ARGUMENT, "NULL names");
    CHECK(rc_csv_writer_open(path, 1, names, &w) == RC_OK, "one column: %s", rc_last_error());
    CHECK(rc_csv_writer_row(w, NULL) == RC_INVALID_ARGUMENT, "NULL row");
    CHECK(rc_csv_writer_close(w) == RC_OK, "close: %s", rc_last_error());
    CHECK(rc_csv_writer_close(NULL) == RC_OK, "close NULL");
}

int main(void)
{
    char xyz[64], csv[64];
    snprintf(xyz, sizeof xyz, "/tmp/ricochet_test_output_%d.xyz", (int)getpid());
    snprintf(csv, sizeof csv, "/tmp/ricochet_test_output_%d.csv", (int)getpid());
    test_xyz_round_trip(xyz);
    test_xyz_failures(xyz);
    test_csv_round_trip(csv);
    test_csv_failures(csv);
    remove(xyz);
    remove(csv);
    return check_finish();
}
