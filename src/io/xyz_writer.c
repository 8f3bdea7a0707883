/* SPDX-License-Identifier: MIT */
/* The extended XYZ trajectory writer (docs/design.md, "Files and tools"; ricochet/output.h): frames one after another in
 * one file, in the form OVITO's XYZ reader and ASE's extxyz reader take (libAtoms extended XYZ):
 *
 *   <count>
 *   Lattice="Lx 0 0 0 Ly 0 0 0 Lz" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:masses:R:1:momenta:R:3:image:I:3
 *   Time=<t> Collisions=<n> pbc="T T F"
 *   H <x> <y> <z> <vx> <vy> <vz> <radius> <m> <m vx> <m vy> <m vz> <ix> <iy> <iz>
 *
 * (the comment line is one line). Species k is named by the chemical symbol of atomic number k + 1 (H, He, Li, ...;
 * 0 to 117), which both ASE and OVITO read. velo is OVITO's name for the velocity; ASE maps no velocity column but
 * keeps masses and momenta as its Atoms' own arrays (get_masses, get_velocities = momenta / masses, and so its kinetic
 * energy), so both are written. image counts the box crossings along periodic axes (pos + image * edge is the
 * unwrapped centre, for diffusion; ASE keeps it as an array, OVITO as a property of that name). Numbers are
 * printed as the shortest text that reads back to the same bits (core/number_text.h).
 * Frames with orientations put orientation:R:4 before masses, written x y z w: OVITO maps that column to its
 * Orientation property, whose components are (X, Y, Z, W), while a frame stores (w, x, y, z). A writer given the
 * bodies' half extents (rc_xyz_writer_set_shapes) ends every line with them, aspherical_shape:R:3, OVITO's
 * Aspherical Shape (0 0 0 for other shapes, which OVITO then draws by their radius). Frames of rough particles
 * (rc_frame.angular_velocities) add angular_velocity:R:3 after image, the spin vector (0 0 w_z in 2D). In 2D the cell's z edge is the frame's box[2] when positive, else 1, and pbc is F on z.
 * A frame may come in parts of consecutive particles (rc_xyz_writer_write_part: a large system's frame need not be
 * held whole). Each frame is flushed, so a full disk is reported by the write of the frame that did not fit ("no space left on
 * device writing out/trajectory.xyz after frame 412"). The file is written as PATH.partial and renamed to PATH by the
 * close; after a failed write (or a frame left in part) it is first cut back to its last whole frame
 * (src/io/output_file.h); an abandoned file stays PATH.partial. Frames are independent
 * of one another (each carries its own count, cell and columns), so a resume needs only the file cut at the mark's
 * length and the frame count. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number_text.h"
#include "core/status.h"
#include "io/elements.h"
#include "io/output_file.h"
#include "ricochet/output.h"

/* The stream, the failed flag (a write failed or a frame is in part: the close cuts the file back to its last whole
 * frame) and the count of whole frames are kept in out (io/output_file.h). */
struct rc_xyz_writer {
    rc_output_file out;
    int32_t shape_count; /* particles of the frames when half is set */
    double *half;        /* 3 per particle: the aspherical_shape column, or NULL */
};

/* A new file (mark NULL), or the file a run left cut back to the mark. */
static rc_status start(const char *path, const rc_output_mark *mark, rc_xyz_writer **writer)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz writer: NULL result");
    *writer = NULL;
    rc_xyz_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "xyz output: out of memory");
    rc_status s =
        rc_output_file_start(&w->out, "xyz", path, mark ? &mark->bytes : NULL, NULL, NULL, mark ? mark->frames : 0);
    if (s) free(w);
    else *writer = w;
    return s;
}

rc_status rc_xyz_writer_open(const char *path, rc_xyz_writer **writer) { return start(path, NULL, writer); }

rc_status rc_xyz_writer_open_at_mark(const char *path, const rc_output_mark *mark, rc_xyz_writer **writer)
{
    rc_status s = rc_output_file_check_mark("xyz", path, mark);
    return s ? s : start(path, mark, writer);
}

rc_status rc_xyz_writer_set_shapes(rc_xyz_writer *w, int32_t count, const double *half_extents)
{
    if (!w || count < 0 || (count && !half_extents))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz writer shapes: NULL");
    double *half = malloc(3 * (size_t)count * sizeof *half + sizeof *half);
    if (!half) return rc_fail(RC_STATUS_NO_MEMORY, "xyz output: out of memory");
    if (count) memcpy(half, half_extents, 3 * (size_t)count * sizeof *half);
    free(w->half);
    w->half = half;
    w->shape_count = count;
    return RC_STATUS_OK;
}

/* Everything a frame (or a part of one, of a frame of total particles) must have before a byte of it is written, so
 * a bad frame never leaves half a frame. */
static rc_status check_frame(const rc_xyz_writer *w, const rc_frame *f, int32_t total)
{
    rc_status s = rc_frame_check(f);
    if (s) return s;
    if (w->half && total != w->shape_count)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz frame: %d particles, the shapes are of %d", (int)total,
                       (int)w->shape_count);
    for (int32_t i = 0; i < f->count; i++)
        if (f->species[i] < 0 || f->species[i] >= RC_ELEMENT_COUNT)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz frame species[%d]: %d is not in [0, %d]", (int)i,
                           (int)f->species[i], (int)RC_ELEMENT_COUNT - 1);
    return RC_STATUS_OK;
}

static double cell_edge(const rc_frame *f, int k)
{
    if (k < f->dimension) return f->box[k];
    return f->box[k] > 0 && isfinite(f->box[k]) ? f->box[k] : 1.0;
}

static char flag(bool periodic) { return periodic ? 'T' : 'F'; }

/* The cell's three vectors, one after another (row j is the edge along axis j): diagonal, but for a sheared box's
 * gradient edge, which leans by the tilt along the flow axis (ASE's and OVITO's triclinic cell). */
static void cell_vectors(const rc_frame *f, double cell[9])
{
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < 3; k++) cell[3 * j + k] = j == k ? cell_edge(f, k) : 0;
    if (f->tilt != 0) cell[3 * f->tilt_gradient + f->tilt_flow] = f->tilt;
}

static int write_header(FILE *file, const rc_frame *f, int32_t count, bool shapes)
{
    double c[9];
    cell_vectors(f, c);
    char lattice[9 * RC_NUMBER_TEXT_SIZE], time[RC_NUMBER_TEXT_SIZE], *at = lattice;
    for (int k = 0; k < 9; k++) {
        if (k) *at++ = ' ';
        at += rc_number_text(at, c[k]);
    }
    rc_number_text(time, f->time);
    return fprintf(file,
                   "%d\nLattice=\"%s\" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1%s:masses:R:1:momenta:R:3:"
                   "image:I:3%s%s Time=%s Collisions=%" PRIu64 " pbc=\"%c %c %c\"\n",
                   (int)count, lattice, f->orientations ? ":orientation:R:4" : "",
                   f->angular_velocities ? ":angular_velocity:R:3" : "", shapes ? ":aspherical_shape:R:3" : "", time,
                   f->collisions, flag(f->periodic[0]), flag(f->periodic[1]),
                   flag(f->periodic[2] && f->dimension == 3));
}

/* " x" for each of the count numbers, the shortest text that reads back (core/number_text.h, without printf, which
 * took most of a frame's time); returns the end. */
static char *put_numbers(char *at, int count, const double *x)
{
    for (int k = 0; k < count; k++) {
        *at++ = ' ';
        at += rc_number_text(at, x[k]);
    }
    return at;
}

static char *put_integer(char *at, int32_t i)
{
    char digits[12];
    int n = 0;
    uint32_t magnitude = i < 0 ? 0u - (uint32_t)i : (uint32_t)i;
    do digits[n++] = (char)('0' + magnitude % 10);
    while ((magnitude /= 10) > 0);
    *at++ = ' ';
    if (i < 0) *at++ = '-';
    while (n > 0) *at++ = digits[--n];
    return at;
}

/* Line i of the frame: species, pos, velo, radius, [orientation], masses, momenta, image, [angular_velocity],
 * [aspherical_shape]. */
static int write_particle(FILE *file, const rc_frame *f, const double *half, int32_t i)
{
    char line[4 + 21 * RC_NUMBER_TEXT_SIZE + 3 * 12 + 2];
    const char *species = rc_element_symbol(f->species[i]);
    size_t length = strlen(species);
    memcpy(line, species, length);
    const double *v = f->velocities + 3 * i, m = f->masses[i];
    char *at = put_numbers(line + length, 3, f->positions + 3 * i);
    at = put_numbers(at, 3, v);
    at = put_numbers(at, 1, f->radii + i);
    if (f->orientations) {
        const double *q = f->orientations + 4 * i; /* (w, x, y, z) in the frame; x y z w in the file */
        at = put_numbers(at, 4, (const double[4]){q[1], q[2], q[3], q[0]});
    }
    at = put_numbers(at, 4, (const double[4]){m, m * v[0], m * v[1], m * v[2]});
    const int32_t *image = f->images ? f->images + 3 * i : (const int32_t[3]){0, 0, 0};
    for (int k = 0; k < 3; k++) at = put_integer(at, image[k]);
    if (f->angular_velocities) at = put_numbers(at, 3, f->angular_velocities + 3 * i);
    if (half) at = put_numbers(at, 3, half + 3 * i);
    *at++ = '\n';
    return fwrite(line, 1, (size_t)(at - line), file) == (size_t)(at - line) ? 0 : -1;
}

rc_status rc_xyz_writer_write(rc_xyz_writer *writer, const rc_frame *frame)
{
    return rc_xyz_writer_write_part(writer, frame, 0, frame ? frame->count : 0);
}

rc_status rc_xyz_writer_write_part(rc_xyz_writer *writer, const rc_frame *part, int32_t first, int32_t total)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz writer: NULL");
    rc_status s = part && (first < 0 || part->count > total - first)
                      ? rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz frame part: particles %d to %d of %d", (int)first,
                                (int)(first + part->count), (int)total)
                      : check_frame(writer, part, total);
    if (s) {
        writer->out.failed |= first > 0; /* the file holds the first parts of a frame: the close cuts them off */
        return s;
    }
    errno = 0;
    FILE *file = writer->out.stream;
    int ok = first > 0 || write_header(file, part, total, writer->half != NULL) >= 0;
    const double *half = writer->half ? writer->half + 3 * (size_t)first : NULL;
    for (int32_t i = 0; i < part->count && ok; i++) ok = write_particle(file, part, half, i) >= 0;
    if (ok && first + part->count < total) return RC_STATUS_OK;
    return rc_output_file_unit_written(&writer->out, ok, "frame");
}

rc_status rc_xyz_writer_mark(rc_xyz_writer *writer, rc_output_mark *mark)
{
    if (!writer || !mark)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz writer mark: NULL %s", mark ? "writer" : "mark");
    *mark = (rc_output_mark){.frames = writer->out.units};
    return rc_output_file_take_mark(&writer->out, &mark->bytes);
}

rc_status rc_xyz_writer_end(rc_xyz_writer *writer, rc_output_ending ending)
{
    if (!writer) return RC_STATUS_OK;
    rc_status s = rc_output_file_finish(&writer->out, ending, "frame");
    free(writer->half);
    free(writer);
    return s;
}

rc_status rc_xyz_writer_close(rc_xyz_writer *writer)
{
    return rc_xyz_writer_end(writer, rc_output_file_ending(writer ? &writer->out : NULL));
}

void rc_xyz_writer_close_unfinished(rc_xyz_writer *writer) { rc_xyz_writer_end(writer, RC_OUTPUT_ABANDON); }
