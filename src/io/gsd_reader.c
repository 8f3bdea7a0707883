/* SPDX-License-Identifier: MIT */
/* Reading GSD frames in HOOMD-blue's schema (ricochet/trajectory.h; docs/formats.md, "trajectory.gsd"), through the
 * file layer of src/io/gsd_file.c. A chunk a frame lacks is taken from frame 0, else the schema's default, as the
 * schema says: N 0, dimensions 3, box 1 1 1 0 0 0, position and velocity 0, diameter 1, mass 1, typeid 0,
 * orientation none, image none. The box is HOOMD's, centred on 0: positions are shifted by half an edge and wrapped
 * into [0, L) on each periodic axis (all three in 3D, x and y in 2D); a box with one tilt factor is a Lees-Edwards
 * cell (rc_trajectory_take_cell), with more than one it is refused. The float32 numbers are taken as they are: a
 * dense state whose rounded positions overlap is refused by the checks of whoever uses it (particles.file checks
 * the state like any other). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "io/gsd_file.h"
#include "io/trajectory_input.h"

enum { MAX_PARTICLES = 1 << 28 };

struct rc_gsd_input {
    int fd;
    char *path;
    rc_gsd_file *gsd;
    uint64_t next;
    double *scratch;
    size_t scratch_size;
    int32_t *bonds; /* the frame's bonds (3 per bond), which the frames read lend */
};

rc_status rc_gsd_input_open(const char *path, rc_gsd_input **input)
{
    *input = NULL;
    rc_gsd_input *in = calloc(1, sizeof *in);
    if (!in || !(in->path = strdup(path))) {
        free(in);
        return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", path);
    }
    in->fd = open(path, O_RDONLY);
    rc_status s = in->fd >= 0 ? rc_gsd_file_load(in->fd, path, -1, &in->gsd)
                              : rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
    if (s) {
        rc_gsd_input_close(in);
        return s;
    }
    *input = in;
    return RC_STATUS_OK;
}

void rc_gsd_input_close(rc_gsd_input *in)
{
    if (!in) return;
    if (in->fd >= 0) close(in->fd);
    rc_gsd_file_free(in->gsd);
    free(in->scratch);
    free(in->bonds);
    free(in->path);
    free(in);
}

/* The chunk NAME of frame k, else of frame 0, else NULL. */
static const rc_gsd_chunk *chunk(const rc_gsd_input *in, uint64_t k, const char *name)
{
    const rc_gsd_chunk *c = rc_gsd_file_find(in->gsd, k, name);
    return c ? c : rc_gsd_file_find(in->gsd, 0, name);
}

/* Reads chunk NAME (n x m as expected; NULL: the default stays) into in->scratch; *found tells whether it was. */
static rc_status read_chunk(rc_gsd_input *in, uint64_t k, const char *name, uint64_t n, uint32_t m, bool *found)
{
    const rc_gsd_chunk *c = chunk(in, k, name);
    *found = c != NULL;
    if (!c) return RC_STATUS_OK;
    if (c->n != n || c->m != m)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd input %s: frame %llu: %s is %llu x %u, not %llu x %u", in->path,
                       (unsigned long long)k, name, (unsigned long long)c->n, c->m, (unsigned long long)n, m);
    size_t size = (size_t)(n * m) + 1;
    if (size > in->scratch_size) {
        double *grown = realloc(in->scratch, size * sizeof *grown);
        if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", in->path);
        in->scratch = grown, in->scratch_size = size;
    }
    return rc_gsd_file_read_doubles(in->gsd, c, in->scratch);
}

static rc_status bad(const rc_gsd_input *in, uint64_t k, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd input %s: frame %llu: %s", in->path, (unsigned long long)k, what);
}

/* bonds/N, bonds/group and bonds/typeid of frame k (else frame 0's) into the frame, lent from in->bonds. */
static rc_status read_bonds(rc_gsd_input *in, uint64_t k, rc_frame *f)
{
    bool found;
    f->bond_count = 0, f->bonds = NULL;
    rc_status s = read_chunk(in, k, "bonds/N", 1, 1, &found);
    double n = found && !s ? in->scratch[0] : 0;
    if (!s && !(n >= 0 && n <= MAX_PARTICLES)) s = bad(in, k, "bonds/N is not a count of up to 2^28 bonds");
    if (s || n == 0) return s;
    int32_t count = (int32_t)n;
    int32_t *bonds = realloc(in->bonds, 3 * (size_t)count * sizeof *bonds);
    if (!bonds) return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory for %d bonds", in->path, (int)count);
    in->bonds = bonds;
    s = read_chunk(in, k, "bonds/group", (uint64_t)count, 2, &found);
    if (!s && !found) s = bad(in, k, "bonds/N without bonds/group");
    for (int32_t b = 0; !s && b < 2 * count; b++) {
        double id = in->scratch[b];
        if (!(id >= 0 && id < f->count)) s = bad(in, k, "bonds/group names a particle the frame does not have");
        else bonds[3 * (b / 2) + b % 2] = (int32_t)id;
    }
    if (!s) s = read_chunk(in, k, "bonds/typeid", (uint64_t)count, 1, &found);
    for (int32_t b = 0; !s && b < count; b++) {
        double t = found ? in->scratch[b] : 0;
        if (!(t >= 0 && t < INT32_MAX)) s = bad(in, k, "bonds/typeid has a type out of range");
        else bonds[3 * b + 2] = (int32_t)t;
    }
    if (!s) f->bond_count = count, f->bonds = bonds;
    return s;
}

/* The frame's count, dimension and box (the cell's edges as rows of a 3 x 3 matrix). */
static rc_status read_configuration(rc_gsd_input *in, uint64_t k, int32_t *count, int *dimension, double cell[9])
{
    bool found;
    rc_status s = read_chunk(in, k, "particles/N", 1, 1, &found);
    double n = found && !s ? in->scratch[0] : 0;
    if (!s && !(n >= 0 && n <= MAX_PARTICLES)) s = bad(in, k, "particles/N is not a count of up to 2^28 particles");
    *count = s ? 0 : (int32_t)n;
    if (!s) s = read_chunk(in, k, "configuration/dimensions", 1, 1, &found);
    double d = found && !s ? in->scratch[0] : 3;
    if (!s && d != 2 && d != 3) s = bad(in, k, "configuration/dimensions is not 2 or 3");
    *dimension = d == 2 ? 2 : 3;
    if (!s) s = read_chunk(in, k, "configuration/box", 6, 1, &found);
    if (s) return s;
    double b[6] = {1, 1, 1, 0, 0, 0};
    if (found) memcpy(b, in->scratch, sizeof b);
    for (int j = 0; j < 6; j++)
        if (!isfinite(b[j]) || (j < *dimension && !(b[j] > 0)))
            return bad(in, k, "configuration/box has an edge that is not positive and finite");
    if (*dimension == 2) b[2] = 0, b[4] = b[5] = 0;
    double rows[9] = {b[0], 0, 0, b[3] * b[1], b[1], 0, b[4] * b[2], b[5] * b[2], b[2]};
    memcpy(cell, rows, sizeof rows);
    return RC_STATUS_OK;
}

rc_status rc_gsd_input_next(rc_gsd_input *in, rc_frame *frame, bool *got)
{
    *got = false;
    uint64_t k = in->next;
    if (k >= rc_gsd_file_frames(in->gsd)) return RC_STATUS_OK;
    int32_t count;
    int dimension;
    double cell[9];
    rc_status s = read_configuration(in, k, &count, &dimension, cell);
    if (!s && count > 0 && !chunk(in, k, "particles/position")) /* its size bounds the memory sized from N */
        s = bad(in, k, "particles/position is missing (particles all at the origin would overlap)");
    bool orientations = !s && chunk(in, k, "particles/orientation"), images = !s && chunk(in, k, "particles/image");
    const rc_gsd_chunk *position = s || count == 0 ? NULL : chunk(in, k, "particles/position");
    if (position && position->n != (uint64_t)count) s = bad(in, k, "particles/position does not hold particles/N rows");
    if (!s) s = rc_trajectory_frame_size(frame, count, orientations, images);
    if (s) return s;
    rc_frame *f = frame;
    f->dimension = dimension, f->count = count;
    for (int j = 0; j < 3; j++) f->periodic[j] = j < dimension;
    const char *cell_fault = rc_trajectory_take_cell(f, cell, 3);
    if (cell_fault) return bad(in, k, cell_fault);
    uint64_t n = (uint64_t)count;
    bool found;
    double *v = NULL;
    s = read_chunk(in, k, "particles/position", n, 3, &found);
    for (int32_t i = 0; !s && i < 3 * count; i++) f->positions[i] = found && i % 3 < dimension ? in->scratch[i] : 0;
    if (!s) s = read_chunk(in, k, "particles/velocity", n, 3, &found);
    for (int32_t i = 0; !s && i < 3 * count; i++) f->velocities[i] = found && i % 3 < dimension ? in->scratch[i] : 0;
    if (!s) s = read_chunk(in, k, "particles/diameter", n, 1, &found);
    for (int32_t i = 0; !s && i < count; i++) f->radii[i] = found ? in->scratch[i] / 2 : 0.5;
    if (!s) s = read_chunk(in, k, "particles/mass", n, 1, &found);
    for (int32_t i = 0; !s && i < count; i++) f->masses[i] = found ? in->scratch[i] : 1;
    /* a typeid indexes particles/types (one type, "A", when the file names none) */
    const rc_gsd_chunk *types = chunk(in, k, "particles/types");
    double type_count = types ? (double)types->n : 1;
    if (!s) s = read_chunk(in, k, "particles/typeid", n, 1, &found);
    for (int32_t i = 0; !s && i < count; i++) {
        v = in->scratch;
        if (found && !(v[i] >= 0 && v[i] < type_count && v[i] < INT32_MAX))
            s = bad(in, k, "particles/typeid has a type that particles/types does not name");
        else f->species[i] = found ? (int32_t)v[i] : 0;
    }
    if (!s && images) s = read_chunk(in, k, "particles/image", n, 3, &found);
    for (int32_t i = 0; !s && images && i < 3 * count; i++) {
        double image = i % 3 < dimension ? in->scratch[i] : 0;
        if (!(fabs(image) < 1e9)) s = bad(in, k, "particles/image has an image beyond a billion boxes");
        else f->images[i] = (int32_t)image;
    }
    if (!s && orientations) s = read_chunk(in, k, "particles/orientation", n, 4, &found);
    for (int32_t i = 0; !s && orientations && i < 4 * count; i++) f->orientations[i] = in->scratch[i];
    if (!s) s = read_chunk(in, k, "log/ricochet/time", 1, 1, &found);
    f->time = !s && found && rc_gsd_file_find(in->gsd, k, "log/ricochet/time") ? in->scratch[0] : 0;
    if (!s) s = read_chunk(in, k, "log/ricochet/collisions", 1, 1, &found);
    f->collisions = !s && found && rc_gsd_file_find(in->gsd, k, "log/ricochet/collisions") && in->scratch[0] >= 0 &&
                            in->scratch[0] < 1.8e19
                        ? (uint64_t)in->scratch[0]
                        : 0;
    for (int32_t i = 0; !s && i < 3 * count; i++)
        if (!isfinite(f->positions[i]) || !isfinite(f->velocities[i]))
            s = bad(in, k, "particles/position or velocity has a number that is not finite");
    for (int32_t i = 0; !s && i < count; i++) {
        for (int j = 0; j < dimension; j++) f->positions[3 * i + j] += f->box[j] / 2; /* from HOOMD's centred box */
        if (!rc_trajectory_wrap(f, i)) s = bad(in, k, "particles/position has a particle a billion boxes away");
    }
    if (!s) s = read_bonds(in, k, f);
    if (s) return s;
    in->next++;
    *got = true;
    return RC_STATUS_OK;
}
