/* SPDX-License-Identifier: MIT */
/* The GSD file layer (src/io/gsd_file.h): reading and appending GSD 1.0 and 2.0 files and writing 2.0 ones, from the
 * specification's layout. A writer puts each chunk's bytes at the end of the file as it comes, then at the end of the
 * frame the name list and the frame's index entries (sorted by name id), so that a kill between two frames leaves a
 * file whose index holds only whole frames; a full index is copied to the end of the file at twice the size and the
 * header pointed at it last. Everything is read and written with pread/pwrite on the caller's descriptor. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/status.h"
#include "io/gsd_file.h"
#include "ricochet/version.h"

enum {
    HEADER_SIZE = 256,
    ENTRY_SIZE = 32,
    NAME_SEGMENT = 64,
    FIRST_ENTRIES = 256,
    FIRST_NAME_SEGMENTS = 16,
    MAX_NAMES = 65535,
    MAX_NAME = 1024
};
static const uint64_t GSD_MAGIC = 0x65DF65DF65DF65DFull;

struct rc_gsd_file {
    int fd;
    char *path;
    uint32_t version;
    uint64_t index_location, index_allocated, names_location, names_allocated; /* names: in 64-byte segments */
    uint64_t end;          /* the file's length: where the next chunk goes */
    rc_gsd_chunk *entries; /* the index, sorted by frame */
    size_t count, capacity;
    size_t ended; /* entries of ended frames (the rest: the frame being written) */
    uint64_t frames;
    char *names;       /* the name list as on disk: names each ended by 0 */
    size_t names_used; /* bytes */
    size_t *name_at;   /* where each name starts in names */
    size_t name_count;
};

static void put(unsigned char *p, uint64_t v, int bytes)
{
    for (int b = 0; b < bytes; b++) p[b] = (unsigned char)(v >> (8 * b));
}

static uint64_t get(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int b = 0; b < bytes; b++) v |= (uint64_t)p[b] << (8 * b);
    return v;
}

static rc_status io_failed(const rc_gsd_file *f, const char *what, int error)
{
    return rc_fail(RC_STATUS_IO_ERROR, "gsd file %s: cannot %s (%s)", f->path, what, strerror(error ? error : EIO));
}

static rc_status corrupt(const rc_gsd_file *f, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd input %s: %s", f->path, what);
}

static rc_status write_at(const rc_gsd_file *f, const void *data, size_t size, uint64_t at)
{
    const unsigned char *p = data;
    while (size) {
        ssize_t n = pwrite(f->fd, p, size, (off_t)at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return io_failed(f, "write", n < 0 ? errno : ENOSPC);
        p += n, size -= (size_t)n, at += (uint64_t)n;
    }
    return RC_STATUS_OK;
}

static rc_status read_at(const rc_gsd_file *f, void *data, size_t size, uint64_t at)
{
    unsigned char *p = data;
    while (size) {
        ssize_t n = pread(f->fd, p, size, (off_t)at);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return io_failed(f, "read", errno);
        if (n == 0) return corrupt(f, "the file ends inside a block its header or index points at");
        p += n, size -= (size_t)n, at += (uint64_t)n;
    }
    return RC_STATUS_OK;
}

/* Zeroes `size` bytes at `at`. */
static rc_status zero_at(const rc_gsd_file *f, uint64_t size, uint64_t at)
{
    static const unsigned char zeros[4096];
    rc_status s = RC_STATUS_OK;
    for (uint64_t done = 0; done < size && !s; done += sizeof zeros)
        s = write_at(f, zeros, size - done < sizeof zeros ? (size_t)(size - done) : sizeof zeros, at + done);
    return s;
}

size_t rc_gsd_type_size(uint8_t type)
{
    static const size_t sizes[] = {0, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    return type < sizeof sizes / sizeof *sizes ? sizes[type] : 0;
}

static rc_status write_header(const rc_gsd_file *f)
{
    unsigned char h[HEADER_SIZE] = {0};
    put(h, GSD_MAGIC, 8);
    put(h + 8, f->index_location, 8);
    put(h + 16, f->index_allocated, 8);
    put(h + 24, f->names_location, 8);
    put(h + 32, f->names_allocated, 8);
    put(h + 40, (1u << 16) | 4u, 4); /* the HOOMD schema 1.4 */
    put(h + 44, f->version, 4);
    snprintf((char *)h + 48, 64, "ricochet %s", RC_VERSION_STRING);
    snprintf((char *)h + 112, 64, "hoomd");
    return write_at(f, h, sizeof h, 0);
}

static void encode_entry(unsigned char *e, const rc_gsd_chunk *c)
{
    put(e, c->frame, 8);
    put(e + 8, c->n, 8);
    put(e + 16, c->location, 8);
    put(e + 24, c->m, 4);
    put(e + 28, c->id, 2);
    e[30] = c->type;
    e[31] = 0;
}

static rc_gsd_file *new_file(int fd, const char *path)
{
    rc_gsd_file *f = calloc(1, sizeof *f);
    if (f && !(f->path = strdup(path ? path : "(unnamed)"))) {
        free(f);
        f = NULL;
    }
    if (f) f->fd = fd;
    else rc_fail(RC_STATUS_NO_MEMORY, "gsd file: out of memory");
    return f;
}

void rc_gsd_file_free(rc_gsd_file *f)
{
    if (!f) return;
    free(f->entries);
    free(f->names);
    free(f->name_at);
    free(f->path);
    free(f);
}

rc_status rc_gsd_file_create(int fd, const char *path, rc_gsd_file **file)
{
    rc_gsd_file *f = *file = new_file(fd, path);
    if (!f) return RC_STATUS_NO_MEMORY;
    f->version = 2u << 16;
    f->index_location = HEADER_SIZE, f->index_allocated = FIRST_ENTRIES;
    f->names_location = HEADER_SIZE + FIRST_ENTRIES * ENTRY_SIZE, f->names_allocated = FIRST_NAME_SEGMENTS;
    f->end = f->names_location + FIRST_NAME_SEGMENTS * NAME_SEGMENT;
    rc_status s = write_header(f);
    if (!s) s = zero_at(f, f->end - HEADER_SIZE, HEADER_SIZE);
    if (s) {
        rc_gsd_file_free(f);
        *file = NULL;
    }
    return s;
}

/* Splits the name list read into names; version 1.0 keeps each name in a 64-byte segment. */
static rc_status take_names(rc_gsd_file *f)
{
    size_t size = f->names_used;
    bool v1 = f->version < (2u << 16);
    f->names_used = 0;
    f->name_at = malloc((size + 1) * sizeof *f->name_at);
    if (!f->name_at) return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", f->path);
    for (size_t at = 0; at < size && f->names[at];) {
        size_t length = strnlen(f->names + at, size - at);
        if (at + length >= size) return corrupt(f, "the name list has a name without its terminating 0");
        if (f->name_count == MAX_NAMES) return corrupt(f, "the name list has more than 65535 names");
        f->name_at[f->name_count++] = at;
        at += v1 ? NAME_SEGMENT : length + 1;
        f->names_used = at < size ? at : size;
    }
    return RC_STATUS_OK;
}

/* The index read: entries up to the first at location 0, each inside the file and in frame order. */
static rc_status take_index(rc_gsd_file *f, uint64_t file_size)
{
    enum { BATCH = 1024 };
    unsigned char raw[BATCH * ENTRY_SIZE];
    for (uint64_t i = 0; i < f->index_allocated; i++) {
        if (i % BATCH == 0) {
            uint64_t left = f->index_allocated - i;
            rc_status s =
                read_at(f, raw, (size_t)(left < BATCH ? left : BATCH) * ENTRY_SIZE, f->index_location + i * ENTRY_SIZE);
            if (s) return s;
        }
        const unsigned char *e = raw + (i % BATCH) * ENTRY_SIZE;
        rc_gsd_chunk c = {get(e, 8), get(e + 8, 8), get(e + 16, 8), (uint32_t)get(e + 24, 4), (uint16_t)get(e + 28, 2),
                          e[30]};
        if (c.location == 0) break;
        size_t element = rc_gsd_type_size(c.type);
        if (!element || c.m == 0 || e[31] != 0) return corrupt(f, "an index entry has an unknown type or no columns");
        if (c.id >= f->name_count) return corrupt(f, "an index entry names a chunk past the end of the name list");
        uint64_t last = f->count ? f->entries[f->count - 1].frame : 0;
        if (c.frame < last || c.frame > last + 1) return corrupt(f, "the index is not in frame order or skips a frame");
        if (c.n > (file_size / element) / c.m || c.location > file_size - c.n * c.m * element)
            return corrupt(f, "a chunk reaches past the end of the file");
        if (f->count == f->capacity) {
            size_t capacity = f->capacity ? 2 * f->capacity : 64;
            rc_gsd_chunk *grown = realloc(f->entries, capacity * sizeof *grown);
            if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", f->path);
            f->entries = grown, f->capacity = capacity;
        }
        f->entries[f->count++] = c;
    }
    f->ended = f->count;
    f->frames = f->count ? f->entries[f->count - 1].frame + 1 : 0;
    return RC_STATUS_OK;
}

rc_status rc_gsd_file_load(int fd, const char *path, int64_t keep_frames, rc_gsd_file **file)
{
    rc_gsd_file *f = *file = new_file(fd, path);
    if (!f) return RC_STATUS_NO_MEMORY;
    unsigned char h[HEADER_SIZE];
    struct stat st;
    rc_status s = fstat(fd, &st) == 0 ? RC_STATUS_OK : io_failed(f, "stat", errno);
    uint64_t size = s ? 0 : (uint64_t)st.st_size;
    if (!s && size < HEADER_SIZE) s = corrupt(f, "shorter than a GSD header (256 bytes)");
    if (!s) s = read_at(f, h, sizeof h, 0);
    if (!s && get(h, 8) != GSD_MAGIC) s = corrupt(f, "not a GSD file (its first 8 bytes are not GSD's magic number)");
    if (!s) {
        f->index_location = get(h + 8, 8), f->index_allocated = get(h + 16, 8);
        f->names_location = get(h + 24, 8), f->names_allocated = get(h + 32, 8);
        f->version = (uint32_t)get(h + 44, 4);
        f->end = size;
        if (f->version != 3u && (f->version < (1u << 16) || f->version >= (3u << 16)))
            s = corrupt(f, "a GSD file layout of a version other than 1.x or 2.x");
        else if (f->index_allocated > size / ENTRY_SIZE || f->index_location > size - f->index_allocated * ENTRY_SIZE ||
                 f->names_allocated > size / NAME_SEGMENT ||
                 f->names_location > size - f->names_allocated * NAME_SEGMENT || f->names_allocated * 64 > (1u << 26))
            s = corrupt(f, "the header's index or name list reaches past the end of the file");
    }
    if (!s) {
        f->names_used = (size_t)f->names_allocated * NAME_SEGMENT;
        f->names = malloc(f->names_used + 1);
        s = f->names ? read_at(f, f->names, f->names_used, f->names_location)
                     : rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", f->path);
    }
    if (!s) s = take_names(f);
    if (!s) s = take_index(f, size);
    if (!s && keep_frames >= 0) {
        if ((uint64_t)keep_frames > f->frames)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "gsd output %s: the file holds %llu frames, fewer than the %lld the "
                        "checkpoint recorded",
                        f->path, (unsigned long long)f->frames, (long long)keep_frames);
        else if (f->version < (2u << 16)) s = corrupt(f, "a GSD 1.x file is not appended to (only 2.x files)");
        size_t keep = 0;
        while (!s && keep < f->count && f->entries[keep].frame < (uint64_t)keep_frames) keep++;
        if (!s) s = zero_at(f, (uint64_t)(f->count - keep) * ENTRY_SIZE, f->index_location + keep * ENTRY_SIZE);
        if (!s) f->count = f->ended = keep, f->frames = (uint64_t)keep_frames;
    }
    if (s) {
        rc_gsd_file_free(f);
        *file = NULL;
    }
    return s;
}

/* The id of a name, added to the list when new. */
static rc_status name_id(rc_gsd_file *f, const char *name, uint16_t *id)
{
    for (size_t k = 0; k < f->name_count; k++)
        if (strcmp(f->names + f->name_at[k], name) == 0) return *id = (uint16_t)k, RC_STATUS_OK;
    size_t length = strlen(name);
    if (length == 0 || length > MAX_NAME || f->name_count == MAX_NAMES)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd output %s: chunk name \"%s\": empty, too long or one too many",
                       f->path, name);
    char *names = realloc(f->names, f->names_used + length + 2);
    size_t *at = realloc(f->name_at, (f->name_count + 1) * sizeof *at);
    if (names) f->names = names;
    if (at) f->name_at = at;
    if (!names || !at) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", f->path);
    memcpy(f->names + f->names_used, name, length + 1);
    f->name_at[f->name_count] = f->names_used;
    f->names_used += length + 1;
    *id = (uint16_t)f->name_count++;
    return RC_STATUS_OK;
}

rc_status rc_gsd_file_write(rc_gsd_file *f, const char *name, uint8_t type, uint64_t n, uint32_t m, const void *data)
{
    size_t element = rc_gsd_type_size(type);
    if (!element || m == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd output %s: chunk %s: bad type", f->path, name);
    rc_gsd_chunk c = {f->frames, n, f->end, m, 0, type};
    rc_status s = name_id(f, name, &c.id);
    for (size_t k = f->ended; k < f->count && !s; k++)
        if (f->entries[k].id == c.id)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd output %s: chunk %s written twice in one frame", f->path,
                        name);
    if (f->count == f->capacity && !s) {
        size_t capacity = f->capacity ? 2 * f->capacity : 64;
        rc_gsd_chunk *grown = realloc(f->entries, capacity * sizeof *grown);
        if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", f->path);
        f->entries = grown, f->capacity = capacity;
    }
    uint64_t bytes = n * m * element;
    if (!s && bytes) s = write_at(f, data, (size_t)bytes, f->end);
    if (s) return s;
    f->end += bytes; /* a chunk of no bytes lies at the end of the file: never at 0, which ends the index */
    f->entries[f->count++] = c;
    return RC_STATUS_OK;
}

static int by_id(const void *a, const void *b)
{
    const rc_gsd_chunk *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* Moves the name list to the end of the file when it has outgrown its block; writes it. */
static rc_status write_names(rc_gsd_file *f)
{
    uint64_t segments = (f->names_used + 1 + NAME_SEGMENT - 1) / NAME_SEGMENT;
    bool moved = segments > f->names_allocated;
    if (moved) f->names_allocated = 2 * segments, f->names_location = f->end;
    uint64_t block = f->names_allocated * NAME_SEGMENT;
    rc_status s = moved ? zero_at(f, block, f->names_location) : RC_STATUS_OK;
    if (!s) s = write_at(f, f->names, f->names_used, f->names_location);
    if (!s && moved) f->end += block;
    return !s && moved ? write_header(f) : s;
}

/* Copies the index to the end of the file at twice the size when the entries to come do not fit (one entry is left
 * at location 0 to end it, and the allocation stays above the frame count, as readers check). */
static rc_status grow_index(rc_gsd_file *f)
{
    if (f->count + 1 <= f->index_allocated && f->frames + 1 < f->index_allocated) return RC_STATUS_OK;
    uint64_t allocated = 2 * (f->count + f->frames + 1);
    unsigned char *raw = calloc((size_t)allocated, ENTRY_SIZE);
    if (!raw) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", f->path);
    for (size_t k = 0; k < f->ended; k++) encode_entry(raw + k * ENTRY_SIZE, &f->entries[k]);
    uint64_t location = f->end;
    rc_status s = write_at(f, raw, (size_t)allocated * ENTRY_SIZE, location);
    free(raw);
    if (s) return s;
    f->end += allocated * ENTRY_SIZE;
    f->index_location = location, f->index_allocated = allocated;
    return write_header(f);
}

rc_status rc_gsd_file_end_frame(rc_gsd_file *f)
{
    size_t fresh = f->count - f->ended;
    if (!fresh) return RC_STATUS_OK;
    qsort(f->entries + f->ended, fresh, sizeof *f->entries, by_id);
    rc_status s = write_names(f);
    if (!s) s = grow_index(f);
    unsigned char *raw = s ? NULL : malloc(fresh * ENTRY_SIZE);
    if (!s && !raw) s = rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", f->path);
    for (size_t k = 0; !s && k < fresh; k++) encode_entry(raw + k * ENTRY_SIZE, &f->entries[f->ended + k]);
    if (!s) s = write_at(f, raw, fresh * ENTRY_SIZE, f->index_location + f->ended * ENTRY_SIZE);
    free(raw);
    if (s) return s;
    f->ended = f->count;
    f->frames++;
    return RC_STATUS_OK;
}

uint64_t rc_gsd_file_frames(const rc_gsd_file *f) { return f->frames; }

const rc_gsd_chunk *rc_gsd_file_find(const rc_gsd_file *f, uint64_t frame, const char *name)
{
    size_t low = 0, high = f->ended; /* the first entry of the frame: entries are in frame order */
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (f->entries[mid].frame < frame) low = mid + 1;
        else high = mid;
    }
    for (size_t k = low; k < f->ended && f->entries[k].frame == frame; k++)
        if (strcmp(f->names + f->name_at[f->entries[k].id], name) == 0) return &f->entries[k];
    return NULL;
}

rc_status rc_gsd_file_read_doubles(const rc_gsd_file *f, const rc_gsd_chunk *c, double *values)
{
    size_t element = rc_gsd_type_size(c->type), count = (size_t)(c->n * c->m);
    unsigned char *raw = malloc(count * element + 1);
    if (!raw) return rc_fail(RC_STATUS_NO_MEMORY, "gsd input %s: out of memory", f->path);
    rc_status s = read_at(f, raw, count * element, c->location);
    for (size_t k = 0; k < count && !s; k++) {
        const unsigned char *p = raw + k * element;
        uint64_t bits = get(p, (int)element);
        switch (c->type) {
        case RC_GSD_INT8: values[k] = (int8_t)bits; break;
        case RC_GSD_INT16: values[k] = (int16_t)bits; break;
        case RC_GSD_INT32: values[k] = (int32_t)bits; break;
        case RC_GSD_INT64: values[k] = (double)(int64_t)bits; break;
        case RC_GSD_FLOAT: {
            uint32_t b32 = (uint32_t)bits;
            float x;
            memcpy(&x, &b32, sizeof x);
            values[k] = x;
            break;
        }
        case RC_GSD_DOUBLE: memcpy(&values[k], &bits, sizeof bits); break;
        default: values[k] = (double)bits; break; /* the unsigned types */
        }
    }
    free(raw);
    return s;
}
