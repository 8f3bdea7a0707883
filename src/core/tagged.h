/* SPDX-License-Identifier: MIT */
/* Tagged records (docs/formats.md, "Tagged records"): a sequence of (type, name, length, bytes) that a reader walks
 * by name, so that a file written before a field was added still reads (the missing field keeps the default the
 * caller put there) and one written after reads too (an unknown field is skipped). Checkpoints keep the run's settings
 * and position this way (src/run/checkpoint.c); any plain struct can, through a table of its fields. A record is
 *
 *     uint8 type, uint8 name length (1 to 255), the name's bytes (no NUL), uint64 length, the value's bytes
 *
 * in the writer's byte order (the file that holds them says which). A reader skips a record whose name it does not
 * know, whatever its type; a known name with another type or size is a damaged record. */
#ifndef RC_CORE_TAGGED_H
#define RC_CORE_TAGGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet/core.h"

/* The type codes, as written. */
typedef enum rc_tagged_type {
    RC_TAGGED_U64 = 1,     /* unsigned integer, 8 bytes */
    RC_TAGGED_I64 = 2,     /* signed integer, 8 bytes (int32 fields too, range-checked when read) */
    RC_TAGGED_F64 = 3,     /* IEEE 754 double, 8 bytes */
    RC_TAGGED_BOOL = 4,    /* 1 byte, 0 or 1 */
    RC_TAGGED_TEXT = 5,    /* UTF-8 bytes, no NUL */
    RC_TAGGED_BYTES = 6,   /* opaque bytes with a layout of their own (an engine's state) */
    RC_TAGGED_RECORDS = 7, /* tagged records nested inside */
} rc_tagged_type;

/* One record found by a reader: its value points into the reader's buffer. */
typedef struct rc_tagged {
    const char *name; /* not NUL-terminated: name_length bytes */
    size_t name_length;
    rc_tagged_type type;
    const unsigned char *value;
    uint64_t size;
} rc_tagged;

/* A growing buffer of records. `failed` is set when memory ran out; every later put is then ignored. With
 * count_only set, puts only add up `size`: the bytes the records would take. With `fixed`, data is the caller's
 * buffer of `capacity` bytes, never grown: a put beyond it fails. */
typedef struct rc_tagged_writer {
    unsigned char *data;
    size_t size, capacity;
    bool failed, count_only, fixed;
} rc_tagged_writer;

/* One field of a struct: its name, type and place. Integers of 4 or 8 bytes go as I64 or U64, doubles (and arrays of
 * them) as F64, bools as BOOL. */
typedef struct rc_tagged_field {
    const char *name;
    rc_tagged_type type;
    size_t offset, size;
} rc_tagged_field;

/* The table entry of a struct's member, its type code from its C type. */
#define RC_TAGGED_FIELD(type, member)                                                                                  \
    {                                                                                                                  \
#member,                                                                                                        \
     _Generic(((type *)0)->member, double: RC_TAGGED_F64, double *: RC_TAGGED_F64, uint64_t: RC_TAGGED_U64,         \
              int64_t: RC_TAGGED_I64, int32_t: RC_TAGGED_I64, bool: RC_TAGGED_BOOL),                                 \
     offsetof(type, member), sizeof(((type *)0)->member)      \
    }

/* Appends a record (name at most 255 bytes). */
void rc_tagged_put(rc_tagged_writer *w, const char *name, rc_tagged_type type, const void *value, size_t size);
void rc_tagged_put_text(rc_tagged_writer *w, const char *name, const char *text);
/* Opens a RECORDS record: the records put until rc_tagged_close(w, at) go inside it. Returns where it starts. */
size_t rc_tagged_open(rc_tagged_writer *w, const char *name);
void rc_tagged_close(rc_tagged_writer *w, size_t at);
/* Puts every field of the struct at base, each named prefix + field name. */
void rc_tagged_put_fields(rc_tagged_writer *w, const char *prefix, const rc_tagged_field *fields, int count,
                          const void *base);
void rc_tagged_writer_free(rc_tagged_writer *w);

/* Whether records[0, size) is a whole sequence of records (every length within what is left); when not, *bad_at is
 * the offset of the first record that is not. */
bool rc_tagged_check(const void *records, uint64_t size, uint64_t *bad_at);
/* The record at *at of a checked sequence into out, *at moved to the next; false at the end. */
bool rc_tagged_next(const void *records, uint64_t size, uint64_t *at, rc_tagged *out);
/* Finds the first record named name in a checked sequence; false when there is none. */
bool rc_tagged_find(const void *records, uint64_t size, const char *name, rc_tagged *out);
/* Reads every field of the struct at base that the records hold (named prefix + field name); the others keep what
 * base holds (their defaults). RC_STATUS_INVALID_ARGUMENT, naming `what` and the field, for a field of another type or size,
 * a bool that is neither 0 nor 1, or an int32 beyond its range. */
rc_status rc_tagged_get_fields(const void *records, uint64_t size, const char *what, const char *prefix,
                               const rc_tagged_field *fields, int count, void *base);
/* The name of a type code, for messages ("u64", ...; "unknown" for a code this reader does not know). */
const char *rc_tagged_type_name(int type);

#endif
