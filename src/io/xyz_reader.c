/* SPDX-License-Identifier: MIT */
/* Reading extended XYZ frames (ricochet/trajectory.h; the format of src/io/xyz_writer.c and of ASE and OVITO): the
 * count line, the comment line with Lattice (its diagonal is the box; one off-diagonal entry, the Lees-Edwards tilt of
 * a sheared cell), Properties (which columns hold what), Time,
 * Collisions and pbc, then one line per particle. Species are chemical symbols (H is species 0, He 1, ...); an
 * orientation column is x y z w and becomes the frame's (w, x, y, z). The velocity is velo (or vel, velocities),
 * the mass masses (ASE's name) or mass (OVITO's); momenta, which ASE reads, are skipped. image (I:3, whole numbers)
 * gives the frame's periodic images, else it has none (images NULL). Lines are read with a bound
 * (src/io/text_lines.c). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/status.h"
#include "io/elements.h"
#include "io/text_lines.h"
#include "io/trajectory_input.h"

enum {
    COLUMN_SKIP,
    COLUMN_SPECIES,
    COLUMN_POSITION,
    COLUMN_VELOCITY,
    COLUMN_RADIUS,
    COLUMN_ORIENTATION,
    COLUMN_MASS,
    COLUMN_IMAGE,
    COLUMN_KINDS
};

/* What the comment line says. */
typedef struct comment {
    int kinds[64]; /* the kind of each column */
    int columns;
    bool has[COLUMN_KINDS]; /* which kinds occur */
    double lattice[9];
    bool pbc[3];
    double time;
    uint64_t collisions;
} comment;

static rc_status bad(const char *path, long line, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "xyz input %s line %ld: %s", path, line, what);
}

/* The value after key= in the comment line, quoted or not, copied into out; false when the key is absent. */
static bool value_of(const char *text, const char *key, char *out, size_t size)
{
    size_t n = strlen(key);
    for (const char *p = text; (p = strstr(p, key)); p += n) {
        if ((p != text && p[-1] != ' ' && p[-1] != '\t') || p[n] != '=') continue;
        const char *v = p + n + 1, *end;
        if (*v == '"') end = strchr(++v, '"');
        else end = v + strcspn(v, " \t\r\n");
        if (!end) return false;
        size_t length = (size_t)(end - v) < size - 1 ? (size_t)(end - v) : size - 1;
        memcpy(out, v, length);
        out[length] = '\0';
        return true;
    }
    return false;
}

static int kind_of(const char *name, const char *type, int width)
{
    if (strcmp(name, "species") == 0 && strcmp(type, "S") == 0 && width == 1) return COLUMN_SPECIES;
    if (strcmp(name, "pos") == 0 && width == 3) return COLUMN_POSITION;
    if ((strcmp(name, "velo") == 0 || strcmp(name, "vel") == 0 || strcmp(name, "velocities") == 0) && width == 3)
        return COLUMN_VELOCITY;
    if ((strcmp(name, "masses") == 0 || strcmp(name, "mass") == 0) && width == 1) return COLUMN_MASS;
    if (strcmp(name, "radius") == 0 && width == 1) return COLUMN_RADIUS;
    if (strcmp(name, "orientation") == 0 && width == 4) return COLUMN_ORIENTATION;
    if (strcmp(name, "image") == 0 && strcmp(type, "I") == 0 && width == 3) return COLUMN_IMAGE;
    return COLUMN_SKIP;
}

/* Properties=name:type:width:name:type:width... into c->kinds, one entry per column. */
static bool read_properties(char *text, comment *c)
{
    char *save = NULL;
    for (char *name = strtok_r(text, ":", &save); name; name = strtok_r(NULL, ":", &save)) {
        char *type = strtok_r(NULL, ":", &save), *width_text = strtok_r(NULL, ":", &save);
        int width = width_text ? atoi(width_text) : 0;
        if (!type || width < 1 || c->columns + width > (int)(sizeof c->kinds / sizeof *c->kinds)) return false;
        int kind = kind_of(name, type, width);
        c->has[kind] = true;
        for (int k = 0; k < width; k++) c->kinds[c->columns++] = k == 0 ? kind : -kind;
    }
    return c->columns > 0;
}

static rc_status read_comment(char *text, const char *path, long line, comment *c)
{
    char value[1024];
    memset(c, 0, sizeof *c);
    c->lattice[0] = c->lattice[4] = c->lattice[8] = 1;
    if (!value_of(text, "Properties", value, sizeof value) || !read_properties(value, c) || !c->has[COLUMN_POSITION])
        return bad(path, line, "no Properties with pos:R:3 on the comment line");
    if (value_of(text, "Lattice", value, sizeof value) &&
        sscanf(value, "%lf %lf %lf %lf %lf %lf %lf %lf %lf", &c->lattice[0], &c->lattice[1], &c->lattice[2],
               &c->lattice[3], &c->lattice[4], &c->lattice[5], &c->lattice[6], &c->lattice[7], &c->lattice[8]) != 9)
        return bad(path, line, "Lattice does not hold 9 numbers");
    if (value_of(text, "pbc", value, sizeof value))
        for (int k = 0, i = 0; value[i] && k < 3; i++)
            if (value[i] != ' ') c->pbc[k++] = value[i] == 'T';
    if (value_of(text, "Time", value, sizeof value)) c->time = strtod(value, NULL);
    if (value_of(text, "Collisions", value, sizeof value)) c->collisions = strtoull(value, NULL, 10);
    return RC_STATUS_OK;
}

/* One particle line into particle i of the frame. */
static rc_status read_particle(char *text, const char *path, long line, const comment *c, rc_frame *f, int32_t i)
{
    char *save = NULL;
    int slot = 0;
    for (int column = 0; column < c->columns; column++) {
        char *token = strtok_r(column ? NULL : text, " \t\r\n", &save), *end;
        if (!token) return bad(path, line, "fewer columns than Properties lists");
        int kind = c->kinds[column] < 0 ? -c->kinds[column] : c->kinds[column];
        slot = c->kinds[column] < 0 ? slot + 1 : 0;
        if (kind == COLUMN_SKIP) continue;
        if (kind == COLUMN_SPECIES) {
            int32_t species = rc_element_species(token);
            if (species < 0) return bad(path, line, "the species is not a chemical symbol");
            f->species[i] = species;
            continue;
        }
        if (kind == COLUMN_IMAGE) {
            long image = strtol(token, &end, 10);
            if (end == token || *end || image < -INT32_MAX || image > INT32_MAX)
                return bad(path, line, "an image column is not a whole number of 32 bits");
            f->images[3 * i + slot] = (int32_t)image;
            continue;
        }
        double x = strtod(token, &end);
        if (end == token || *end) return bad(path, line, "a column that should be a number is not");
        if (kind == COLUMN_POSITION) f->positions[3 * i + slot] = x;
        else if (kind == COLUMN_VELOCITY) f->velocities[3 * i + slot] = x;
        else if (kind == COLUMN_RADIUS) f->radii[i] = x;
        else if (kind == COLUMN_MASS) f->masses[i] = x;
        else f->orientations[4 * i + (slot + 1) % 4] = x; /* x y z w in the file, (w, x, y, z) in the frame */
    }
    return RC_STATUS_OK;
}

/* 2D when pbc is F on z and every z coordinate and velocity is 0. */
static int dimension_of(const rc_frame *f, const comment *c)
{
    if (c->pbc[2]) return 3;
    for (int32_t i = 0; i < f->count; i++)
        if (f->positions[3 * i + 2] != 0 || f->velocities[3 * i + 2] != 0) return 3;
    return 2;
}

/* Whether the rest of a regular file can hold count particle lines of columns columns, each at least one character
 * and a separator (the last line may lack its newline): a count line of 1.7e9 in a small file is refused before the
 * frame is sized for it. Streams of unknown length pass. */
static bool room_for(FILE *file, int32_t count, int columns)
{
    struct stat info;
    long at = ftell(file);
    if (at < 0 || fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode)) return true;
    uint64_t left = info.st_size > at ? (uint64_t)(info.st_size - at) : 0;
    return (uint64_t)count * 2 * (uint64_t)columns <= left + 1;
}

/* The next line into text, counted in *line; the end of the file there is `missing`, a fault of the file. */
static rc_status next_line(FILE *file, const char *path, long *line, rc_line *text, const char *missing)
{
    bool got;
    rc_status s = rc_line_read(file, "xyz input ", path, *line + 1, text, &got);
    if (!s && !got) s = bad(path, *line + 1, missing);
    if (!s) ++*line;
    return s;
}

static rc_status read_lines(FILE *file, const char *path, long *line, rc_line *text, int32_t count, rc_frame *frame)
{
    comment c;
    rc_status s = next_line(file, path, line, text, "the comment line is missing");
    if (!s) s = read_comment(text->text, path, *line, &c);
    long comment_line = *line;
    if (!s && !room_for(file, count, c.columns)) {
        char what[96];
        snprintf(what, sizeof what,
                 "the frame ends early (the rest of the file cannot hold %" PRId32 " particle lines)", count);
        s = bad(path, *line, what);
    }
    if (!s && rc_trajectory_frame_size(frame, count, c.has[COLUMN_ORIENTATION], c.has[COLUMN_IMAGE]))
        s = rc_fail(RC_STATUS_NO_MEMORY, "xyz input %s line %ld: out of memory for %" PRId32 " particles", path,
                    comment_line, count);
    for (int32_t i = 0; i < count && !s; i++) {
        frame->radii[i] = 0.5;
        frame->masses[i] = 1;
        frame->species[i] = 0;
        for (int k = 0; k < 3; k++) frame->velocities[3 * i + k] = 0;
        if (frame->images) frame->images[3 * i] = frame->images[3 * i + 1] = frame->images[3 * i + 2] = 0;
        s = next_line(file, path, line, text, "the frame ends early");
        if (!s) s = read_particle(text->text, path, *line, &c, frame, i);
    }
    if (s) return s;
    frame->time = c.time;
    frame->collisions = c.collisions;
    frame->dimension = dimension_of(frame, &c);
    for (int k = 0; k < 3; k++) frame->periodic[k] = c.pbc[k] && k < frame->dimension;
    const char *wrong = rc_trajectory_take_cell(frame, c.lattice, 3);
    return wrong ? bad(path, comment_line, wrong) : RC_STATUS_OK;
}

rc_status rc_xyz_read_frame(FILE *file, const char *path, long *line, rc_line *text, rc_frame *frame, bool *got)
{
    *got = false;
    bool more;
    rc_status s = rc_line_read(file, "xyz input ", path, *line + 1, text, &more);
    if (s || !more) return s;
    char *end;
    long count = strtol(text->text, &end, 10);
    bool blank = strspn(text->text, " \t\r\n") == text->length;
    bool number = end != text->text && strspn(end, " \t\r\n") == strlen(end) && count >= 0 && count <= INT32_MAX;
    ++*line;
    if (blank) return RC_STATUS_OK; /* a trailing empty line ends the file */
    if (!number) return bad(path, *line, "the particle count is not a whole number");
    s = read_lines(file, path, line, text, (int32_t)count, frame);
    *got = !s;
    return s;
}
