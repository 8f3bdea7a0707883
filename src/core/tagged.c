/* SPDX-License-Identifier: MIT */
/* Tagged records (core/tagged.h): the writer appends (type, name, length, value) to a growing buffer; the reader
 * finds a record by its name, so that records may come in any order, be missing (the caller's default stays) or be
 * unknown (skipped); the field tables move a plain struct to and from records one named field at a time. */
#include "core/tagged.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

enum { HEAD = 2 + sizeof(uint64_t) }; /* type, name length, then the value's length after the name */

/* Room for `more` bytes; false (and `failed`) when memory runs out. */
static bool reserve(rc_tagged_writer *w, size_t more)
{
    if (w->failed) return false;
    if (w->size + more <= w->capacity) return true;
    if (w->fixed) {
        w->failed = true;
        return false;
    }
    size_t capacity = w->capacity ? w->capacity : 256;
    while (capacity < w->size + more) capacity *= 2;
    unsigned char *data = realloc(w->data, capacity);
    if (!data) {
        w->failed = true;
        return false;
    }
    w->data = data, w->capacity = capacity;
    return true;
}

/* The record's head: type, name, then `size` as its length. */
static void put_head(rc_tagged_writer *w, const char *name, rc_tagged_type type, uint64_t size)
{
    size_t length = strlen(name);
    if (w->count_only) {
        w->size += HEAD + length;
        return;
    }
    if (length == 0 || length > 255 || !reserve(w, HEAD + length)) {
        w->failed = true;
        return;
    }
    w->data[w->size++] = (unsigned char)type;
    w->data[w->size++] = (unsigned char)length;
    memcpy(w->data + w->size, name, length);
    memcpy(w->data + w->size + length, &size, sizeof size);
    w->size += length + sizeof size;
}

void rc_tagged_put(rc_tagged_writer *w, const char *name, rc_tagged_type type, const void *value, size_t size)
{
    put_head(w, name, type, size);
    if (w->count_only) w->size += size;
    if (size == 0 || w->count_only || !reserve(w, size)) return;
    memcpy(w->data + w->size, value, size);
    w->size += size;
}

void rc_tagged_put_text(rc_tagged_writer *w, const char *name, const char *text)
{
    rc_tagged_put(w, name, RC_TAGGED_TEXT, text, strlen(text));
}

size_t rc_tagged_open(rc_tagged_writer *w, const char *name)
{
    put_head(w, name, RC_TAGGED_RECORDS, 0);
    return w->size; /* the nested records start here; the length sits just before */
}

void rc_tagged_close(rc_tagged_writer *w, size_t at)
{
    if (w->failed || w->count_only) return;
    uint64_t size = w->size - at;
    memcpy(w->data + at - sizeof size, &size, sizeof size);
}

/* "prefix" + "name" into out; false when it does not fit a record's name. */
static bool full_name(char out[256], const char *prefix, const char *name)
{
    int n = snprintf(out, 256, "%s%s", prefix, name);
    return n > 0 && n < 256;
}

void rc_tagged_put_fields(rc_tagged_writer *w, const char *prefix, const rc_tagged_field *fields, int count,
                          const void *base)
{
    const unsigned char *at = base;
    char name[256];
    for (int i = 0; i < count; i++) {
        const rc_tagged_field *f = &fields[i];
        if (!full_name(name, prefix, f->name)) {
            w->failed = true;
            return;
        }
        if (f->type == RC_TAGGED_I64 && f->size == sizeof(int32_t)) { /* widened: every int goes as 8 bytes */
            int32_t narrow;
            memcpy(&narrow, at + f->offset, sizeof narrow);
            int64_t wide = narrow;
            rc_tagged_put(w, name, f->type, &wide, sizeof wide);
        } else {
            rc_tagged_put(w, name, f->type, at + f->offset, f->size);
        }
    }
}

void rc_tagged_writer_free(rc_tagged_writer *w)
{
    free(w->data);
    memset(w, 0, sizeof *w);
}

/* The record at offset `at` of a checked or unchecked sequence: false when its head or value runs past the end. */
static bool record_at(const unsigned char *p, uint64_t size, uint64_t at, uint64_t *name_length, uint64_t *next)
{
    if (size - at < HEAD) return false;
    uint64_t n = p[at + 1], length;
    if (n == 0 || size - at - 2 < n + sizeof length) return false;
    memcpy(&length, p + at + 2 + n, sizeof length);
    uint64_t value = at + 2 + n + sizeof length;
    if (length > size - value) return false;
    *name_length = n;
    *next = value + length;
    return true;
}

bool rc_tagged_check(const void *records, uint64_t size, uint64_t *bad_at)
{
    uint64_t at = 0, n, next;
    while (at < size && record_at(records, size, at, &n, &next)) at = next;
    if (bad_at) *bad_at = at;
    return at == size;
}

bool rc_tagged_next(const void *records, uint64_t size, uint64_t *at, rc_tagged *out)
{
    const unsigned char *p = records;
    uint64_t n, next;
    if (*at >= size || !record_at(p, size, *at, &n, &next)) return false;
    out->name = (const char *)p + *at + 2;
    out->name_length = (size_t)n;
    out->type = (rc_tagged_type)p[*at];
    out->value = p + *at + 2 + n + sizeof(uint64_t);
    out->size = next - (*at + 2 + n + sizeof(uint64_t));
    *at = next;
    return true;
}

bool rc_tagged_find(const void *records, uint64_t size, const char *name, rc_tagged *out)
{
    size_t want = strlen(name);
    uint64_t at = 0;
    while (rc_tagged_next(records, size, &at, out))
        if (out->name_length == want && memcmp(out->name, name, want) == 0) return true;
    return false;
}

const char *rc_tagged_type_name(int type)
{
    static const char *const names[] = {"unknown", "u64", "i64", "f64", "bool", "text", "bytes", "records"};
    return type >= 1 && type <= RC_TAGGED_RECORDS ? names[type] : names[0];
}

/* One field from its record into place. */
static rc_status get_field(const rc_tagged *r, const char *what, const char *name, const rc_tagged_field *f,
                           unsigned char *place)
{
    bool narrow = f->type == RC_TAGGED_I64 && f->size == sizeof(int32_t);
    uint64_t size = narrow ? sizeof(int64_t) : f->size;
    if ((int)r->type != (int)f->type || r->size != size)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is damaged: its field %s is %s of %llu bytes, not %s of %llu",
                       what, name, rc_tagged_type_name(r->type), (unsigned long long)r->size,
                       rc_tagged_type_name(f->type), (unsigned long long)size);
    if (f->type == RC_TAGGED_BOOL && r->value[0] > 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is damaged: its field %s is %u, neither true (1) nor false (0)",
                       what, name, r->value[0]);
    if (narrow) {
        int64_t wide;
        memcpy(&wide, r->value, sizeof wide);
        if (wide < INT32_MIN || wide > INT32_MAX)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is damaged: its field %s is %lld, beyond a 32-bit integer",
                           what, name, (long long)wide);
        int32_t value = (int32_t)wide;
        memcpy(place, &value, sizeof value);
    } else {
        memcpy(place, r->value, f->size);
    }
    return RC_STATUS_OK;
}

rc_status rc_tagged_get_fields(const void *records, uint64_t size, const char *what, const char *prefix,
                               const rc_tagged_field *fields, int count, void *base)
{
    unsigned char *at = base;
    char name[256];
    for (int i = 0; i < count; i++) {
        rc_tagged r;
        if (!full_name(name, prefix, fields[i].name) || !rc_tagged_find(records, size, name, &r)) continue;
        rc_status s = get_field(&r, what, name, &fields[i], at + fields[i].offset);
        if (s) return s;
    }
    return RC_STATUS_OK;
}
