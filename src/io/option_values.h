/* SPDX-License-Identifier: MIT */
/* The impact options by name (ricochet/io.h: rc_impact_options_set): which names exist and what JSON type a
 * problem file must give each. */
#ifndef RC_IO_OPTION_VALUES_H
#define RC_IO_OPTION_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "ricochet/io.h"

typedef enum rc_option_kind {
    RC_OPTION_UNKNOWN, /* not an option name */
    RC_OPTION_NUMBER,  /* a JSON number */
    RC_OPTION_TEXT,    /* a JSON string */
    RC_OPTION_FLAG     /* a JSON true or false */
} rc_option_kind;

/* Whether text is a whole number from low to high (digits, read exactly up to 2^64 - 1, or a number such as 1e6
 * that is whole and below 2^64), and its value. The one rule of every whole number the library reads from text or
 * JSON (rc_text_count, rc_json_count, seeds and counts of problem files). */
bool rc_text_whole(const char *text, uint64_t low, uint64_t high, uint64_t *out);

/* Every option name, NULL-terminated. */
extern const char *const rc_option_names[];

rc_option_kind rc_option_kind_of(const char *name);

/* Applies the options an object holds under their names (where: the object's name in messages, "" at the top). */
rc_status rc_json_impact_options(const cJSON *object, const char *where, rc_impact_options *options);

#endif
