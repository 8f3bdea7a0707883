/* SPDX-License-Identifier: MIT */
/* The GSD file layer (src/io/gsd_file.c), written from GSD's file-layout specification (version 2.0): a 256-byte
 * header, an index of 32-byte entries (frame, N, location, M, name id, type, flags) sorted by frame then name id and
 * ended by an entry at location 0, a name list of 0-terminated names, and the chunks' bytes. All numbers are
 * little-endian. Used by the HOOMD-schema writer (gsd_writer.c) and reader (gsd_reader.c); it knows nothing of the
 * schema. */
#ifndef RC_IO_GSD_FILE_H
#define RC_IO_GSD_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"

/* The chunk types of the specification. */
enum {
    RC_GSD_UINT8 = 1,
    RC_GSD_UINT16,
    RC_GSD_UINT32,
    RC_GSD_UINT64,
    RC_GSD_INT8,
    RC_GSD_INT16,
    RC_GSD_INT32,
    RC_GSD_INT64,
    RC_GSD_FLOAT,
    RC_GSD_DOUBLE
};

typedef struct rc_gsd_chunk {
    uint64_t frame, n; /* the chunk is an n x m matrix, m the fast index */
    uint64_t location;
    uint32_t m;
    uint16_t id; /* its name's place in the name list */
    uint8_t type;
} rc_gsd_chunk;

typedef struct rc_gsd_file rc_gsd_file;

/* A GSD file on the open descriptor fd (read and write; the caller closes it): a new one written from the start
 * (schema "hoomd" 1.4, application "ricochet VERSION"), or one that exists, read whole (every entry checked against
 * the file's length) and, when keep_frames >= 0, cut back to its first keep_frames frames (their later entries are
 * zeroed: the file appends after them). path names the file in messages. */
rc_status rc_gsd_file_create(int fd, const char *path, rc_gsd_file **file);
rc_status rc_gsd_file_load(int fd, const char *path, int64_t keep_frames, rc_gsd_file **file);

/* Writes an n x m chunk of the frame being written. The chunk's entry reaches the index at rc_gsd_file_end_frame. */
rc_status rc_gsd_file_write(rc_gsd_file *file, const char *name, uint8_t type, uint64_t n, uint32_t m,
                            const void *data);
/* Ends the frame: the name list and then the index entries are written (the index moves to the end of the file when
 * full). A frame with no chunk is not counted. */
rc_status rc_gsd_file_end_frame(rc_gsd_file *file);

/* Frames in the file (written and ended). */
uint64_t rc_gsd_file_frames(const rc_gsd_file *file);
/* The chunk NAME of the frame, or NULL when the frame has none. */
const rc_gsd_chunk *rc_gsd_file_find(const rc_gsd_file *file, uint64_t frame, const char *name);
/* Reads the chunk converted to doubles (any numeric type): values holds n * m. */
rc_status rc_gsd_file_read_doubles(const rc_gsd_file *file, const rc_gsd_chunk *chunk, double *values);
/* The bytes of one element of a type (0: not a type of the specification). */
size_t rc_gsd_type_size(uint8_t type);

void rc_gsd_file_free(rc_gsd_file *file);

#endif
