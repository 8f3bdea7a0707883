/* SPDX-License-Identifier: MIT */
/* LAMMPS files (ricochet/output.h; docs/formats.md, "LAMMPS files"): a dump in the `dump custom` layout, frames one
 * after another,
 *
 *   ITEM: TIME / t                          (the frame's time, as LAMMPS's dump_modify time yes writes it)
 *   ITEM: TIMESTEP / k                      (the frame's number in the file: neither engine has LAMMPS's step)
 *   ITEM: NUMBER OF ATOMS / N
 *   ITEM: BOX BOUNDS pp pp pp               (ff on an axis with walls; "xy xz yz pp pp pp" and a third column of
 *   xlo xhi / ylo yhi / zlo zhi              tilt factors, the bounds widened by them, under shear)
 *   ITEM: ATOMS id type x y z vx vy vz radius mass ix iy iz
 *
 * and a data file of one frame for read_data with atom_style sphere (Atoms: id type diameter density x y z ix iy iz;
 * Velocities: id vx vy vz wx wy wz, the spins 0). Atom k + 1 is particle k; type = species + 1; the box spans [0, L) as
 * ricochet's, zlo = -0.5 < 0 < zhi = 0.5 in 2D; density = mass / (4/3 pi r^3) in 2D as in 3D (LAMMPS's read_data gives
 * a 2D sphere the mass of a ball of that density). A shear's tilt is LAMMPS's xy, xz or yz (a flow axis below the
 * gradient axis; others are refused, as LAMMPS's box cannot lean so), taken in (-L/2, L/2], with the particles moved
 * into the leaning box (read_data drops atoms outside it). Numbers are written to read back to the same doubles
 * (core/number_text.h). The dump is written like the XYZ file: as PATH.partial, renamed by a clean close, cut back to
 * its last whole frame after a failed write and resumed at a mark's length. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number_text.h"
#include "core/status.h"
#include "io/cell.h"
#include "io/output_file.h"
#include "ricochet/output.h"
#include "ricochet/version.h"

/* The stream, the failed flag and the count of whole frames are kept in out (io/output_file.h). */
struct rc_lammps_dump_writer {
    rc_output_file out;
};

/* Where frame `frames` of the dump a run left at PATH starts (its length when it holds exactly that many): the byte
 * offset of that frame's first line, "ITEM: TIME". A device or a pipe: 0, nothing is cut. */
static rc_status frames_end(const char *path, int64_t frames, uint64_t *bytes)
{
    rc_output_file found;
    rc_status s = rc_output_file_find(&found, "lammps dump", path);
    if (s) return s;
    FILE *file = found.direct ? NULL : fopen(rc_output_file_found(&found), "r");
    if (!found.direct && !file) s = rc_output_file_failed(&found, "reopen", errno);
    int64_t seen = 0;
    uint64_t at = 0;
    char line[64];
    bool line_start = true;
    *bytes = 0;
    while (file && fgets(line, sizeof line, file)) {
        if (line_start && strcmp(line, "ITEM: TIME\n") == 0 && seen++ == frames) break;
        line_start = strchr(line, '\n') != NULL;
        at += strlen(line);
    }
    if (file && !s && seen < frames)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "lammps dump output %s: %lld frames, fewer than the %lld the checkpoint "
                    "recorded",
                    rc_output_file_found(&found), (long long)seen, (long long)frames);
    if (file) fclose(file);
    *bytes = at;
    rc_output_file_end(&found, false);
    return s;
}

static rc_status start(const char *path, const rc_output_mark *mark, rc_lammps_dump_writer **writer)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps dump writer: NULL result");
    *writer = NULL;
    rc_lammps_dump_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "lammps dump output: out of memory");
    uint64_t bytes = 0;
    rc_status s = mark ? frames_end(path, mark->frames, &bytes) : RC_STATUS_OK;
    if (!s)
        s = rc_output_file_start(&w->out, "lammps dump", path, mark ? &bytes : NULL, NULL, NULL,
                                 mark ? mark->frames : 0);
    if (s) free(w);
    else *writer = w;
    return s;
}

rc_status rc_lammps_dump_writer_open(const char *path, rc_lammps_dump_writer **writer)
{
    return start(path, NULL, writer);
}

rc_status rc_lammps_dump_writer_open_at_mark(const char *path, const rc_output_mark *mark,
                                             rc_lammps_dump_writer **writer)
{
    rc_status s = rc_output_file_check_mark("lammps dump", path, mark);
    return s ? s : start(path, mark, writer);
}

/* The numbers, each written to read back to the same double, separated by blanks (and one before the first when
 * `after` is set: they follow something on the line). */
static void put_list(FILE *file, bool after, int count, const double *x)
{
    char text[RC_NUMBER_TEXT_SIZE];
    for (int k = 0; k < count; k++) {
        rc_number_text(text, x[k]);
        if (after || k) fputc(' ', file);
        fputs(text, file);
    }
}

static void put_numbers(FILE *file, int count, const double *x) { put_list(file, true, count, x); }

/* The box's lower and upper bounds per axis and the tilt factors xy xz yz (all 0 unless sheared). */
static void box_bounds(const rc_frame *f, double tilt, double lo[3], double hi[3], double factors[3])
{
    for (int k = 0; k < 3; k++) lo[k] = k < f->dimension ? 0 : -0.5, hi[k] = k < f->dimension ? f->box[k] : 0.5;
    factors[0] = factors[1] = factors[2] = 0;
    if (tilt != 0) factors[f->tilt_flow == 0 ? f->tilt_gradient - 1 : 2] = tilt;
}

static void write_box(FILE *file, const rc_frame *f, double tilt)
{
    double lo[3], hi[3], t[3];
    box_bounds(f, tilt, lo, hi, t);
    const char *p[3];
    for (int k = 0; k < 3; k++) p[k] = k >= f->dimension || f->periodic[k] ? "pp" : "ff";
    fprintf(file, "ITEM: BOX BOUNDS %s%s %s %s\n", tilt != 0 ? "xy xz yz " : "", p[0], p[1], p[2]);
    /* a leaning box's bounds are those of the box around it, as LAMMPS writes them */
    double x_low = fmin(fmin(0, t[0]), fmin(t[1], t[0] + t[1])), x_high = fmax(fmax(0, t[0]), fmax(t[1], t[0] + t[1]));
    double bounds[3][2] = {
        {lo[0] + x_low, hi[0] + x_high}, {lo[1] + fmin(0, t[2]), hi[1] + fmax(0, t[2])}, {lo[2], hi[2]}};
    for (int k = 0; k < 3; k++) {
        put_list(file, false, 2, bounds[k]);
        if (tilt != 0) put_numbers(file, 1, &t[k]);
        fputc('\n', file);
    }
}

rc_status rc_lammps_dump_writer_write(rc_lammps_dump_writer *w, const rc_frame *f)
{
    if (!w || !f) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_lammps_dump_writer_write: NULL argument");
    double tilt;
    rc_status s = rc_frame_check(f);
    if (!s) s = rc_cell_tilt(f, "lammps dump", w->out.path, &tilt);
    if (s) return s;
    FILE *file = w->out.stream;
    errno = 0;
    char time[RC_NUMBER_TEXT_SIZE];
    rc_number_text(time, f->time);
    fprintf(file, "ITEM: TIME\n%s\nITEM: TIMESTEP\n%" PRId64 "\nITEM: NUMBER OF ATOMS\n%d\n", time, w->out.units,
            (int)f->count);
    write_box(file, f, tilt);
    fputs("ITEM: ATOMS id type x y z vx vy vz radius mass ix iy iz\n", file);
    for (int32_t i = 0; i < f->count; i++) {
        double x[3];
        int32_t image[3];
        rc_cell_place(f, tilt, false, i, x, image);
        fprintf(file, "%d %d", (int)i + 1, (int)f->species[i] + 1);
        put_numbers(file, 3, x);
        put_numbers(file, 3, f->velocities + 3 * i);
        put_numbers(file, 1, f->radii + i);
        put_numbers(file, 1, f->masses + i);
        fprintf(file, " %d %d %d\n", (int)image[0], (int)image[1], (int)image[2]);
    }
    return rc_output_file_unit_written(&w->out, true, "frame");
}

rc_status rc_lammps_dump_writer_mark(rc_lammps_dump_writer *w, rc_output_mark *mark)
{
    if (!w || !mark) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lammps dump writer mark: NULL argument");
    *mark = (rc_output_mark){.frames = w->out.units};
    return rc_output_file_take_mark(&w->out, &mark->bytes);
}

rc_status rc_lammps_dump_writer_end(rc_lammps_dump_writer *w, rc_output_ending ending)
{
    if (!w) return RC_STATUS_OK;
    rc_status s = rc_output_file_finish(&w->out, ending, "frame");
    free(w);
    return s;
}

rc_status rc_lammps_dump_writer_close(rc_lammps_dump_writer *w)
{
    return rc_lammps_dump_writer_end(w, rc_output_file_ending(w ? &w->out : NULL));
}

void rc_lammps_dump_writer_close_unfinished(rc_lammps_dump_writer *w)
{
    rc_lammps_dump_writer_end(w, RC_OUTPUT_ABANDON);
}

/* The root of particle i's molecule (union-find with path halving over `up`). */
static int32_t molecule_root(int32_t *up, int32_t i)
{
    while (up[i] != i) i = up[i] = up[up[i]];
    return i;
}

/* Molecule ids 1, 2, ... of the bonded clusters (a particle without bonds is a molecule of its own), numbered in the
 * order of their lowest particle, into molecule (count); up is room for count more. */
static void number_molecules(const rc_frame *f, int32_t *molecule, int32_t *up)
{
    for (int32_t i = 0; i < f->count; i++) up[i] = i, molecule[i] = 0;
    for (int32_t b = 0; b < f->bond_count; b++) {
        int32_t x = molecule_root(up, f->bonds[3 * b]), y = molecule_root(up, f->bonds[3 * b + 1]);
        if (x != y) up[x > y ? x : y] = x < y ? x : y; /* the lower index is the root */
    }
    int32_t next = 0;
    for (int32_t i = 0; i < f->count; i++) {
        int32_t root = molecule_root(up, i);
        if (root == i) molecule[i] = ++next;
        else molecule[i] = molecule[root]; /* root < i: numbered already */
    }
}

/* The data file's text; molecule holds the molecule ids when the frame has bonds (atom_style hybrid sphere bond). */
static void write_data(FILE *file, const rc_frame *f, double tilt, const int32_t *molecule)
{
    int32_t types = 1, bond_types = 1;
    for (int32_t i = 0; i < f->count; i++)
        if (f->species[i] >= types) types = f->species[i] + 1;
    for (int32_t b = 0; molecule && b < f->bond_count; b++)
        if (f->bonds[3 * b + 2] >= bond_types) bond_types = f->bonds[3 * b + 2] + 1;
    char time[RC_NUMBER_TEXT_SIZE];
    rc_number_text(time, f->time);
    fprintf(file,
            "LAMMPS data file (atom_style %s) written by ricochet %s, %dD, time %s\n\n%d atoms\n%d atom "
            "types\n",
            molecule ? "hybrid sphere bond" : "sphere", RC_VERSION_STRING, f->dimension, time, (int)f->count,
            (int)types);
    if (molecule) fprintf(file, "%d bonds\n%d bond types\n", (int)f->bond_count, (int)bond_types);
    fputs("\n", file);
    double lo[3], hi[3], t[3];
    box_bounds(f, tilt, lo, hi, t);
    for (int k = 0; k < 3; k++) {
        put_list(file, false, 2, (const double[2]){lo[k], hi[k]});
        fprintf(file, " %clo %chi\n", "xyz"[k], "xyz"[k]);
    }
    if (tilt != 0) {
        put_list(file, false, 3, t);
        fputs(" xy xz yz\n", file);
    }
    fputs(molecule ? "\nAtoms # hybrid\n\n" : "\nAtoms # sphere\n\n", file);
    for (int32_t i = 0; i < f->count; i++) {
        double x[3], r = f->radii[i];
        int32_t image[3];
        rc_cell_place(f, tilt, false, i, x, image);
        double diameter = 2 * r, density = f->masses[i] / (4 * M_PI / 3 * r * r * r);
        fprintf(file, "%d %d", (int)i + 1, (int)f->species[i] + 1);
        if (molecule) put_numbers(file, 3, x); /* hybrid: id type x y z, then sphere's and bond's fields */
        put_numbers(file, 1, &diameter);
        put_numbers(file, 1, &density);
        if (molecule) fprintf(file, " %d", (int)molecule[i]);
        else put_numbers(file, 3, x);
        fprintf(file, " %d %d %d\n", (int)image[0], (int)image[1], (int)image[2]);
    }
    if (molecule) {
        fputs("\nBonds\n\n", file);
        for (int32_t b = 0; b < f->bond_count; b++)
            fprintf(file, "%d %d %d %d\n", (int)b + 1, (int)f->bonds[3 * b + 2] + 1, (int)f->bonds[3 * b] + 1,
                    (int)f->bonds[3 * b + 1] + 1);
    }
    fputs("\nVelocities\n\n", file);
    for (int32_t i = 0; i < f->count; i++) {
        fprintf(file, "%d", (int)i + 1);
        put_numbers(file, 3, f->velocities + 3 * i);
        fputs(" 0 0 0\n", file);
    }
}

rc_status rc_lammps_data_write(const char *path, const rc_frame *f)
{
    if (!path || !f) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_lammps_data_write: NULL argument");
    double tilt;
    rc_status s = rc_frame_check(f);
    if (!s) s = rc_cell_tilt(f, "lammps data", path, &tilt);
    for (int32_t i = 0; !s && i < f->count; i++)
        if (!(f->radii[i] > 0))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "lammps data output %s: particle %d has no radius (atom_style sphere "
                        "gives its mass as a density)",
                        path, (int)i);
    int32_t *molecule = NULL;
    if (!s && f->bond_count > 0 && f->bonds && !(molecule = malloc(2 * (size_t)f->count * sizeof *molecule)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "lammps data output %s: out of memory", path);
    if (!s && molecule) number_molecules(f, molecule, molecule + f->count);
    rc_output_file out;
    FILE *file = NULL;
    if (!s) s = rc_output_file_replace(&out, "lammps data", path, &file);
    if (s) {
        free(molecule);
        return s;
    }
    errno = 0;
    write_data(file, f, tilt, molecule);
    free(molecule);
    bool ok = !ferror(file) && fflush(file) == 0;
    if (ok) rc_output_file_commit(&out, 1);
    s = ok ? RC_STATUS_OK : rc_output_file_write_failed(&out, NULL);
    rc_status closed = rc_output_file_close(&out, file, ok ? RC_OUTPUT_WHOLE : RC_OUTPUT_ABANDON, NULL);
    return s ? s : closed;
}
