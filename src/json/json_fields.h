/* SPDX-License-Identifier: MIT */
/* Typed field access in a parsed JSON document, with failures that name the field as the file spells it
 * (balls[2].mass, walls[0].normal[1], constraints[3][0]). `where` is the name of the enclosing object, "" for the
 * top level. A field that is absent is an error when `required`; otherwise *out keeps the default it holds. */
#ifndef RC_JSON_FIELDS_H
#define RC_JSON_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/number_text.h"
#include "ricochet/core.h"

enum { RC_FIELD_NAME_SIZE = 128 };

/* out = "where.key", or "key" at the top level. */
void rc_field_name(char *out, const char *where, const char *key);
/* out = "where[index]". */
void rc_field_index(char *out, const char *where, int index);

/* Every key of object is in allowed or in more (NULL-terminated lists; more may be NULL) and appears once. */
rc_status rc_json_check_keys(const cJSON *object, const char *where, const char *const *allowed,
                             const char *const *more);

rc_status rc_json_expect_object(const cJSON *item, const char *name);
/* A finite number. */
rc_status rc_json_item_number(const cJSON *item, const char *name, double *out);
/* The text of a number item: its spelling in the file when rc_json_parse kept it (a whole number of more than 15
 * digits, which a double may not hold exactly: 18446744073709551615), else the shortest text that reads back to its
 * value (into text). For the whole-number check the problem files, the scenes and the command line share (rc_text_whole). */
const char *rc_json_number_text(const cJSON *item, char text[RC_NUMBER_TEXT_SIZE]);
/* A list of exactly `length` finite numbers; `why` ends the message of a wrong length ("dimension is 2"). */
rc_status rc_json_item_vector(const cJSON *item, const char *name, int length, const char *why, double *out);

rc_status rc_json_number(const cJSON *object, const char *where, const char *key, bool required, double *out);
/* A number > 0. */
rc_status rc_json_positive(const cJSON *object, const char *where, const char *key, bool required, double *out);
/* Masses, densities and sizes (radius, diameter, half extents) that files give lie within 2^-40 to 2^40 (about
 * 9.1e-13 to 1.1e12), the range of the event-driven engine's positions and velocities: beyond it a denormal mass or
 * radius made NaN temperatures, inertia tensors that underflow, neighbour grids of no size and stalled clocks, each
 * reported far from the key. The range of reduced units; choose units that keep the numbers in it. */
#define RC_SIZE_LOW 0x1p-40
#define RC_SIZE_HIGH 0x1p40
/* RC_STATUS_OK when x is in that range, else RC_STATUS_INVALID_ARGUMENT naming name ("balls[2].mass: 0 is not positive"). */
rc_status rc_size_check(const char *name, double x);
/* A number in that range. */
rc_status rc_json_size(const cJSON *object, const char *where, const char *key, bool required, double *out);
rc_status rc_json_vector(const cJSON *object, const char *where, const char *key, int length, const char *why,
                         bool required, double *out);
/* A list (of anything); *out is NULL when the optional key is absent. */
rc_status rc_json_list(const cJSON *object, const char *where, const char *key, bool required, const cJSON **out);
/* A string; *out is NULL when the optional key is absent. */
rc_status rc_json_string(const cJSON *object, const char *where, const char *key, bool required, const char **out);

/* A whole number from 0 to high ("stop.collisions: 2.5 is not a whole number"); *out keeps its default when the
 * optional key is absent. Returns whether the key was present through *given (may be NULL). */
rc_status rc_json_count(const cJSON *object, const char *where, const char *key, bool required, uint64_t high,
                        uint64_t *out, bool *given);
/* A number in [low, high]. */
rc_status rc_json_range(const cJSON *object, const char *where, const char *key, bool required, double low, double high,
                        double *out);
/* true or false. */
rc_status rc_json_flag(const cJSON *object, const char *where, const char *key, bool *out);
/* The object of key (checked to hold only `allowed` keys), or NULL when the optional key is absent. */
rc_status rc_json_section(const cJSON *object, const char *where, const char *key, const char *const *allowed,
                          const cJSON **out);

#endif
