/* SPDX-License-Identifier: MIT */
/* The impact options by name (ricochet/io.h: rc_impact_options_set): which names exist and what JSON type a
 * problem file must give each. */
#ifndef RC_SCENE_OPTION_VALUES_H
#define RC_SCENE_OPTION_VALUES_H

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

/* Every option name, NULL-terminated. */
extern const char *const rc_option_names[];

rc_option_kind rc_option_kind_of(const char *name);

/* Applies the options an object holds under their names (where: the object's name in messages, "" at the top). */
rc_status rc_json_impact_options(const cJSON *object, const char *where, rc_impact_options *options);

#endif
