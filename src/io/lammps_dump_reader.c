/* SPDX-License-Identifier: MIT */
/* Reading LAMMPS dump files (`dump custom` or `dump atom`, text) one frame at a time (src/io/trajectory_input.h;
 * docs/formats.md, "LAMMPS files"): ITEM: TIMESTEP (after an optional ITEM: TIME, whose value is the frame's time;
 * else the time is the step), NUMBER OF ATOMS, BOX BOUNDS (with the tilt factors "xy xz yz" and a third column, the
 * bounds widened by them as LAMMPS writes them; pp periodic, any other boundary closed) and ATOMS with its column
 * names. Columns read: id (else the line's order), type (species = type - 1), x y z, else xu yu zu (unwrapped), else
 * xs ys zs (scaled by the box), vx vy vz, radius or diameter, mass, ix iy iz; others are skipped; positions are taken
 * from the box's lower corner and wrapped into it (one tilt factor is a Lees-Edwards cell, more are refused). A frame
 * whose zlo < 0 < zhi and whose z coordinates and velocities are all 0 is 2D. Errors name the file and the line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/status.h"
#include "io/trajectory_input.h"

enum { MAX_ATOMS = 1 << 28, MAX_COLUMNS = 64 };

/* The columns read, by the place of their name among the ATOMS item's. */
enum { ID, TYPE, X, Y, Z, XU, YU, ZU, XS, YS, ZS, VX, VY, VZ, RADIUS, DIAMETER, MASS, IX, IY, IZ, KINDS };
static const char *const kind_names[KINDS] = {"id", "type", "x",  "y",  "z",      "xu",       "yu",   "zu", "xs", "ys",
                                              "zs", "vx",   "vy", "vz", "radius", "diameter", "mass", "ix", "iy", "iz"};

struct rc_lammps_dump_input {
    FILE *file;
    char *path;
    long line;
    rc_line text;
};

static rc_status bad(const rc_lammps_dump_input *in, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps dump %s line %ld: %s", in->path, in->line, what);
}

rc_status rc_lammps_dump_input_open(const char *path, FILE *file, rc_lammps_dump_input **input)
{
    rc_lammps_dump_input *in = calloc(1, sizeof *in);
    if (!in || !(in->path = strdup(path))) {
        free(in);
        return rc_fail(RC_STATUS_NO_MEMORY, "lammps dump %s: out of memory", path);
    }
    in->file = file;
    *input = in;
    return RC_STATUS_OK;
}

void rc_lammps_dump_input_close(rc_lammps_dump_input *in)
{
    if (!in) return;
    if (in->file) fclose(in->file);
    free(in->text.text);
    free(in->path);
    free(in);
}

/* The next line, its line end cut off; *got false at the end of the file. */
static rc_status next_line(rc_lammps_dump_input *in, char **text, bool *got)
{
    rc_status s = rc_line_read(in->file, "lammps dump ", in->path, ++in->line, &in->text, got);
    if (s || !*got) return s;
    char *t = in->text.text;
    size_t n = strlen(t);
    while (n && (t[n - 1] == '\n' || t[n - 1] == '\r')) t[--n] = 0;
    *text = t;
    return RC_STATUS_OK;
}

/* The next line, which must be there (what: the item it belongs to). */
static rc_status must_line(rc_lammps_dump_input *in, char **text, const char *what)
{
    bool got;
    rc_status s = next_line(in, text, &got);
    if (!s && !got) s = bad(in, what);
    return s;
}

/* One number alone on the next line, whole and in [0, high]. */
static rc_status count_line(rc_lammps_dump_input *in, const char *what, double high, double *value)
{
    char *t;
    rc_status s = must_line(in, &t, what);
    if (!s && !(rc_line_numbers(t, value, 1) == 1 && *value >= 0 && *value <= high && *value == floor(*value)))
        s = bad(in, what);
    return s;
}

/* The box: bounds, tilt factors, periodic axes; the cell of its edges as rows. */
static rc_status read_box(rc_lammps_dump_input *in, const char *item, double lo[3], double hi[3], double cell[9],
                          bool periodic[3])
{
    bool tilted = strstr(item, "xy xz yz") != NULL;
    const char *flags = item + strlen("ITEM: BOX BOUNDS") + (tilted ? strlen(" xy xz yz") : 0);
    double b[3][3] = {{0}};
    for (int k = 0; k < 3; k++) { /* the item's flags, before the next line replaces its text */
        while (*flags == ' ') flags++;
        periodic[k] = flags[0] == 'p';
        while (*flags && *flags != ' ') flags++;
    }
    for (int k = 0; k < 3; k++) {
        char *t;
        rc_status s = must_line(in, &t, "the box bounds end early");
        if (!s && rc_line_numbers(t, b[k], 3) != (tilted ? 3 : 2)) s = bad(in, "a box bounds line is not its numbers");
        for (int j = 0; j < 3 && !s; j++)
            if (!isfinite(b[k][j])) s = bad(in, "a box bound is not finite");
        if (s) return s;
    }
    double xy = b[0][2], xz = b[1][2], yz = b[2][2];
    lo[0] = b[0][0] - fmin(fmin(0, xy), fmin(xz, xy + xz)), hi[0] = b[0][1] - fmax(fmax(0, xy), fmax(xz, xy + xz));
    lo[1] = b[1][0] - fmin(0, yz), hi[1] = b[1][1] - fmax(0, yz);
    lo[2] = b[2][0], hi[2] = b[2][1];
    double rows[9] = {hi[0] - lo[0], 0, 0, xy, hi[1] - lo[1], 0, xz, yz, hi[2] - lo[2]};
    memcpy(cell, rows, sizeof rows);
    return RC_STATUS_OK;
}

/* The ATOMS item's column names: place[k] is the column of kind k, or -1. */
static rc_status read_columns(rc_lammps_dump_input *in, char *item, int place[KINDS], int *columns)
{
    for (int k = 0; k < KINDS; k++) place[k] = -1;
    *columns = 0;
    for (char *word = strtok(item + strlen("ITEM: ATOMS"), " \t"); word; word = strtok(NULL, " \t")) {
        if (*columns == MAX_COLUMNS) return bad(in, "the ATOMS item has more than 64 columns");
        for (int k = 0; k < KINDS; k++)
            if (strcmp(word, kind_names[k]) == 0 && place[k] < 0) place[k] = *columns;
        ++*columns;
    }
    bool has_positions =
        (place[X] >= 0 && place[Y] >= 0) || (place[XU] >= 0 && place[YU] >= 0) || (place[XS] >= 0 && place[YS] >= 0);
    return has_positions ? RC_STATUS_OK
                         : bad(in, "the ATOMS item has no positions (x y [z], xu yu [zu] or xs ys [zs])");
}

/* A column's value on the line, or fallback when the file has no such column. */
static double value(const double *v, const int place[KINDS], int kind, double fallback)
{
    return place[kind] >= 0 ? v[place[kind]] : fallback;
}

/* Atom line i into the frame. */
static rc_status take_atom(rc_lammps_dump_input *in, const double *v, const int place[KINDS], const double lo[3],
                           const double cell[9], bool *seen, int32_t i, rc_frame *f)
{
    double id = value(v, place, ID, i + 1), type = value(v, place, TYPE, 1);
    if (!(id >= 1 && id <= f->count && id == floor(id))) return bad(in, "an atom id is not in 1..N");
    if (!(type >= 1 && type <= INT32_MAX && type == floor(type))) return bad(in, "an atom type is not 1 or more");
    int32_t a = (int32_t)id - 1;
    if (seen[a]) return bad(in, "an atom id comes twice");
    seen[a] = true;
    f->species[a] = (int32_t)type - 1;
    int base = place[X] >= 0 ? X : place[XU] >= 0 ? XU : XS;
    double s[3];
    for (int k = 0; k < 3; k++) s[k] = value(v, place, base + k, 0);
    for (int k = 0; k < 3; k++) {
        double x = base == XS ? s[0] * cell[k] + s[1] * cell[3 + k] + s[2] * cell[6 + k] : s[k] - lo[k];
        double image = value(v, place, IX + k, 0);
        if (!isfinite(x) || !(fabs(image) < 1e9 && image == floor(image)))
            return bad(in, "a coordinate or image flag is not finite and whole");
        f->positions[3 * a + k] = x;
        f->velocities[3 * a + k] = value(v, place, VX + k, 0);
        f->images[3 * a + k] = (int32_t)image;
    }
    double r = place[RADIUS] >= 0 ? v[place[RADIUS]] : value(v, place, DIAMETER, 1) / 2, m = value(v, place, MASS, 1);
    if (!(r > 0 && r < INFINITY && m > 0 && m < INFINITY)) return bad(in, "a radius or mass is not positive");
    f->radii[a] = r, f->masses[a] = m;
    return RC_STATUS_OK;
}

/* The frame's dimension, cell and wrapped positions, once its atoms are read. */
static rc_status finish(rc_lammps_dump_input *in, const double lo[3], const double hi[3], double cell[9],
                        const bool periodic[3], rc_frame *f)
{
    bool flat = lo[2] < 0 && hi[2] > 0;
    for (int32_t i = 0; i < f->count && flat; i++)
        flat = f->positions[3 * i + 2] + lo[2] == 0 && f->velocities[3 * i + 2] == 0;
    f->dimension = flat ? 2 : 3;
    for (int k = 0; k < 3; k++) {
        f->periodic[k] = periodic[k] && k < f->dimension;
        f->box[k] = k < f->dimension ? hi[k] - lo[k] : 0;
        if (k < f->dimension && !(f->box[k] > 0)) return bad(in, "a box edge (hi - lo) is not positive");
    }
    if (flat) cell[6] = cell[7] = cell[8] = 0;
    for (int32_t i = 0; i < f->count && flat; i++) f->positions[3 * i + 2] = 0;
    const char *fault = rc_trajectory_take_cell(f, cell, 3);
    if (fault) return bad(in, fault);
    for (int32_t i = 0; i < f->count; i++)
        if (!rc_trajectory_wrap(f, i)) return bad(in, "an atom is a billion boxes away");
    return RC_STATUS_OK;
}

rc_status rc_lammps_dump_input_next(rc_lammps_dump_input *in, rc_frame *frame, bool *got)
{
    *got = false;
    char *t;
    bool more;
    rc_status s = next_line(in, &t, &more);
    if (s || !more) return s;
    double time = NAN, step = 0, count = 0;
    if (strcmp(t, "ITEM: TIME") == 0) {
        s = must_line(in, &t, "ITEM: TIME has no value");
        if (!s && (rc_line_numbers(t, &time, 1) != 1 || !isfinite(time)))
            s = bad(in, "ITEM: TIME is not a finite number");
        if (!s) s = must_line(in, &t, "the frame ends after its time");
    }
    if (!s && strcmp(t, "ITEM: TIMESTEP") != 0) s = bad(in, "not ITEM: TIMESTEP, which starts a frame");
    if (!s) s = count_line(in, "ITEM: TIMESTEP is not a whole number", 9e15, &step);
    if (!s) s = must_line(in, &t, "the frame ends after its step");
    if (!s && strcmp(t, "ITEM: NUMBER OF ATOMS") != 0) s = bad(in, "not ITEM: NUMBER OF ATOMS");
    if (!s) s = count_line(in, "the number of atoms is not a whole number up to 2^28", MAX_ATOMS, &count);
    if (!s) s = must_line(in, &t, "the frame ends after its atom count");
    if (!s && strncmp(t, "ITEM: BOX BOUNDS", 16) != 0) s = bad(in, "not ITEM: BOX BOUNDS");
    double lo[3], hi[3], cell[9];
    bool periodic[3];
    if (!s) s = read_box(in, t, lo, hi, cell, periodic);
    if (!s) s = must_line(in, &t, "the frame ends after its box");
    if (!s && strncmp(t, "ITEM: ATOMS", 11) != 0) s = bad(in, "not ITEM: ATOMS");
    int place[KINDS], columns = 0;
    if (!s) s = read_columns(in, t, place, &columns);
    struct stat st;
    /* an atom line has at least 2 bytes: the count claimed is bounded by the file before memory is sized by it */
    if (!s && fstat(fileno(in->file), &st) == 0 && count > (double)st.st_size / 2)
        s = bad(in, "the number of atoms is more than the file's lines can hold");
    int32_t n = s ? 0 : (int32_t)count; /* count is checked only when the lines above were read */
    if (!s) s = rc_trajectory_frame_size(frame, n, false, true);
    bool *seen = s ? NULL : calloc((size_t)n + 1, sizeof *seen);
    if (!s && !seen) s = rc_fail(RC_STATUS_NO_MEMORY, "lammps dump %s: out of memory", in->path);
    if (s) return s;
    frame->count = n;
    for (int32_t i = 0; i < n && !s; i++) {
        double v[MAX_COLUMNS];
        s = must_line(in, &t, "the frame ends before its last atom");
        if (!s && rc_line_numbers(t, v, MAX_COLUMNS) != columns)
            s = bad(in, "an atom line is not one number per column");
        if (!s) s = take_atom(in, v, place, lo, cell, seen, i, frame);
    }
    free(seen);
    if (!s) s = finish(in, lo, hi, cell, periodic, frame);
    if (s) return s;
    frame->time = isnan(time) ? step : time;
    frame->collisions = 0;
    *got = true;
    return RC_STATUS_OK;
}
