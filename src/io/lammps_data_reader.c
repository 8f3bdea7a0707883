/* SPDX-License-Identifier: MIT */
/* Reading a LAMMPS data file of atom_style sphere as one frame (src/io/trajectory_input.h; docs/formats.md, "LAMMPS
 * files"), the layout of LAMMPS's read_data: a first line of comment, the header (N atoms, T atom types, xlo xhi,
 * ylo yhi, zlo zhi, xy xz yz; other header lines are skipped), then sections, each a keyword line, a blank line and
 * one line per atom: Atoms (id type diameter density x y z [ix iy iz], or atom_style hybrid sphere bond's id type x y
 * z diameter density molecule [ix iy iz]) and Velocities (id vx vy vz [wx wy wz]); Bonds, like the
 * other sections (Masses, Ellipsoids, ...), are skipped by their length. Atom ids run 1..N in any order; species is
 * type - 1; the radius is diameter / 2 and the mass density * 4/3 pi r^3, in 2D as in 3D, as LAMMPS's read_data
 * gives it; positions are taken from xlo ylo zlo and wrapped into the box, which is periodic on every axis.
 * The file is 2D when zlo < 0 < zhi and every z coordinate and z velocity is 0 (as ricochet writes 2D files). '#'
 * starts a comment. Errors name the file and the line. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/status.h"
#include "io/trajectory_input.h"

enum { MAX_ATOMS = 1 << 28 };

typedef struct data_input {
    FILE *file;
    const char *path;
    long line;
    rc_line text;
} data_input;

static rc_status bad(const data_input *in, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s line %ld: %s", in->path, in->line, what);
}

/* The next line, its comment cut off and its blanks at both ends; *got false at the end of the file. */
static rc_status next_line(data_input *in, char **text, bool *got)
{
    rc_status s = rc_line_read(in->file, "lammps data ", in->path, ++in->line, &in->text, got);
    if (s || !*got) return s;
    char *t = in->text.text, *hash = strchr(t, '#');
    if (hash) *hash = 0;
    size_t n = strlen(t);
    while (n && strchr(" \t\r\n", t[n - 1])) t[--n] = 0;
    while (*t == ' ' || *t == '\t') t++;
    *text = t;
    return RC_STATUS_OK;
}

/* Whether text ends with the words `keyword` after a line of numbers (the header's "N atoms" form). */
static bool header_is(const char *text, const char *keyword, double *v, int count)
{
    size_t n = strlen(text), m = strlen(keyword);
    if (n <= m || strcmp(text + n - m, keyword) != 0 || !strchr(" \t", text[n - m - 1])) return false;
    char copy[256];
    if (n - m >= sizeof copy) return false;
    memcpy(copy, text, n - m);
    copy[n - m] = 0;
    return rc_line_numbers(copy, v, count) == count;
}

typedef struct data_header {
    double atoms, lo[3], hi[3], tilt[3];
    bool has_atoms;
} data_header;

static void header_line(const char *t, data_header *h)
{
    double v[3];
    if (header_is(t, "atoms", v, 1)) h->atoms = v[0], h->has_atoms = true;
    else if (header_is(t, "xlo xhi", v, 2)) h->lo[0] = v[0], h->hi[0] = v[1];
    else if (header_is(t, "ylo yhi", v, 2)) h->lo[1] = v[0], h->hi[1] = v[1];
    else if (header_is(t, "zlo zhi", v, 2)) h->lo[2] = v[0], h->hi[2] = v[1];
    else if (header_is(t, "xy xz yz", v, 3)) memcpy(h->tilt, v, sizeof v);
}

/* Reads `count` lines of a section after its blank line; each given to take (NULL: skipped). */
typedef rc_status take_fn(data_input *in, const double *v, int n, rc_frame *f, bool *seen);

static rc_status read_section(data_input *in, int32_t count, take_fn *take, rc_frame *f, bool *seen)
{
    char *t = NULL;
    bool got;
    rc_status s = next_line(in, &t, &got);
    if (!s && got && *t) s = bad(in, "a section's keyword is followed by a line that is not blank");
    for (int32_t k = 0; k < count && !s; k++) {
        s = next_line(in, &t, &got);
        if (!s && (!got || !*t)) s = bad(in, "the section ends before its last atom");
        double v[16];
        int n = s ? 0 : rc_line_numbers(t, v, 16);
        if (!s && n < 0) s = bad(in, "a line of the section is not a list of numbers");
        if (!s && take) s = take(in, v, n, f, seen);
    }
    return s;
}

/* Atom id v[0] as an index: 1..N, each seen once. */
static rc_status atom_index(data_input *in, const double *v, const rc_frame *f, bool *seen, int32_t *i)
{
    if (!(v[0] >= 1 && v[0] <= f->count && v[0] == floor(v[0]))) return bad(in, "an atom id is not in 1..N");
    *i = (int32_t)v[0] - 1;
    if (seen[*i]) return bad(in, "an atom id comes twice");
    seen[*i] = true;
    return RC_STATUS_OK;
}

static rc_status take_atom(data_input *in, const double *v, int n, rc_frame *f, bool *seen)
{
    int32_t i = 0;
    if (n != 7 && n != 10 && n != 8 && n != 11)
        return bad(in, "an Atoms line is not `id type diameter density x y z [ix iy iz]` (atom_style sphere) or `id "
                       "type x y z diameter density molecule [ix iy iz]` (atom_style hybrid sphere bond)");
    if (n == 8 || n == 11) { /* hybrid sphere bond: put in sphere's order (the molecule id is not kept) */
        double sphere[10] = {
            v[0], v[1], v[5], v[6], v[2], v[3], v[4], n == 11 ? v[8] : 0, n == 11 ? v[9] : 0, n == 11 ? v[10] : 0};
        return take_atom(in, sphere, n == 11 ? 10 : 7, f, seen);
    }
    rc_status s = atom_index(in, v, f, seen, &i);
    if (s) return s;
    if (!(v[1] >= 1 && v[1] <= INT32_MAX && v[1] == floor(v[1]))) return bad(in, "an atom type is not 1 or more");
    if (!(v[2] > 0 && v[2] < INFINITY && v[3] > 0 && v[3] < INFINITY))
        return bad(in, "a diameter or density is not positive and finite (a point particle has no radius)");
    f->species[i] = (int32_t)v[1] - 1;
    f->radii[i] = v[2] / 2;
    f->masses[i] = v[3]; /* a density until the dimension is known */
    for (int k = 0; k < 3; k++) {
        if (!isfinite(v[4 + k])) return bad(in, "a coordinate is not finite");
        f->positions[3 * i + k] = v[4 + k];
        if (n == 10 && !(fabs(v[7 + k]) < 1e9 && v[7 + k] == floor(v[7 + k])))
            return bad(in, "an image flag is not a whole number below a billion");
        f->images[3 * i + k] = n == 10 ? (int32_t)v[7 + k] : 0;
    }
    return RC_STATUS_OK;
}

static rc_status take_velocity(data_input *in, const double *v, int n, rc_frame *f, bool *seen)
{
    int32_t i = 0;
    if (n != 4 && n != 7) return bad(in, "a Velocities line is not `id vx vy vz [wx wy wz]`");
    rc_status s = atom_index(in, v, f, seen, &i);
    for (int k = 0; k < 3 && !s; k++) {
        if (!isfinite(v[1 + k])) return bad(in, "a velocity is not finite");
        f->velocities[3 * i + k] = v[1 + k];
    }
    return s;
}

/* The frame's box, dimension, masses and wrapped positions once the atoms are read. */
static rc_status finish(data_input *in, const data_header *h, rc_frame *f)
{
    bool flat = h->lo[2] < 0 && h->hi[2] > 0;
    for (int32_t i = 0; i < 3 * f->count && flat; i++)
        if (i % 3 == 2 && (f->positions[i] != 0 || f->velocities[i] != 0)) flat = false;
    f->dimension = flat ? 2 : 3;
    double cell[9] = {0};
    for (int k = 0; k < 3; k++) {
        cell[4 * k] = k < f->dimension ? h->hi[k] - h->lo[k] : 0;
        f->periodic[k] = k < f->dimension;
        if (k < f->dimension && !(cell[4 * k] > 0 && cell[4 * k] < INFINITY))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s: the box's %c edge (hi - lo) is not positive",
                           in->path, "xyz"[k]);
    }
    cell[3] = h->tilt[0];
    if (f->dimension == 3) cell[6] = h->tilt[1], cell[7] = h->tilt[2];
    const char *fault = rc_trajectory_take_cell(f, cell, 3);
    if (fault) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s: %s", in->path, fault);
    for (int32_t i = 0; i < f->count; i++) {
        double r = f->radii[i];
        f->masses[i] *= 4 * M_PI / 3 * r * r * r;
        for (int k = 0; k < 3; k++) f->positions[3 * i + k] = k < f->dimension ? f->positions[3 * i + k] - h->lo[k] : 0;
        if (!rc_trajectory_wrap(f, i))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s: atom %d is a billion boxes away", in->path,
                           (int)i + 1);
    }
    return RC_STATUS_OK;
}

static rc_status read_data(data_input *in, rc_frame *f)
{
    data_header h = {0};
    char *t = NULL;
    bool got = true, *seen_atoms = NULL, *seen_velocities = NULL;
    rc_status s = next_line(in, &t, &got); /* the first line is a title */
    while (!s && (s = next_line(in, &t, &got)) == RC_STATUS_OK && got && !isupper((unsigned char)*t))
        header_line(t, &h);
    if (s) return s;
    if (!h.has_atoms) return bad(in, "the header has no `N atoms` line before the first section");
    if (!(h.atoms >= 1 && h.atoms <= MAX_ATOMS && h.atoms == floor(h.atoms)))
        return bad(in, "the header's atom count is not a whole number in 1..2^28");
    struct stat st;
    /* an atom line has at least 2 bytes: the count claimed is bounded by the file before memory is sized by it */
    if (fstat(fileno(in->file), &st) == 0 && h.atoms > (double)st.st_size / 2)
        return bad(in, "the header's atom count is more than the file's lines can hold");
    int32_t count = (int32_t)h.atoms;
    s = rc_trajectory_frame_size(f, count, false, true);
    if (!s && !(seen_atoms = calloc((size_t)count, 2 * sizeof *seen_atoms)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "lammps data %s: out of memory", in->path);
    if (!s) seen_velocities = seen_atoms + count;
    f->count = count;
    bool atoms = false;
    while (!s && got) {
        bool is_atoms = strcmp(t, "Atoms") == 0, is_velocities = strcmp(t, "Velocities") == 0;
        if (is_atoms || is_velocities) {
            atoms |= is_atoms;
            s = read_section(in, count, is_atoms ? take_atom : take_velocity, f,
                             is_atoms ? seen_atoms : seen_velocities);
        } else if (*t) { /* another section (Masses, ...): its blank line, then lines up to the next blank one */
            s = next_line(in, &t, &got);
            while (!s && got && (s = next_line(in, &t, &got)) == RC_STATUS_OK && got && *t) continue;
        }
        if (!s && got) s = next_line(in, &t, &got);
    }
    for (int32_t i = 0; !s && i < count; i++)
        if (!seen_atoms[i])
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s: atom %d has no line in Atoms", in->path,
                        (int)i + 1);
    if (!s && !atoms) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps data %s: no Atoms section", in->path);
    free(seen_atoms);
    return s ? s : finish(in, &h, f);
}

rc_status rc_lammps_data_read(const char *path, rc_frame *frame)
{
    data_input in = {fopen(path, "r"), path, 0, {0}};
    if (!in.file) return rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
    rc_status s = read_data(&in, frame);
    fclose(in.file);
    free(in.text.text);
    if (s) rc_frame_destroy(frame);
    return s;
}
