/* SPDX-License-Identifier: MIT */
/* The impact options by name, from text: one definition of every option's name, type and range, shared by the
 * problem file reader (top-level keys), the scene reader ("impact" section) and the command line (--restitution 0.5
 * and so on). */
#include "scene/option_values.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "core/number_text.h"
#include "core/status.h"
#include "json/json_fields.h"

const char *const rc_option_names[] = {"operator",  "order",     "seed",           "restitution", "friction",
                                       "tolerance", "lineality", "max_iterations", "lcp",         NULL};

rc_option_kind rc_option_kind_of(const char *name)
{
    if (strcmp(name, "lineality") == 0) return RC_OPTION_FLAG;
    if (strcmp(name, "operator") == 0 || strcmp(name, "order") == 0 || strcmp(name, "lcp") == 0) return RC_OPTION_TEXT;
    for (int i = 0; rc_option_names[i]; i++)
        if (strcmp(name, rc_option_names[i]) == 0) return RC_OPTION_NUMBER;
    return RC_OPTION_UNKNOWN;
}

static rc_status parse_real(const char *name, const char *text, double low, double high, bool high_open, double *out)
{
    char *end;
    double x = strtod(text, &end);
    if (end == text || *end != '\0' || isspace((unsigned char)*text))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not a number", name, text);
    if (!isfinite(x)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s is not finite", name, text);
    if (x < low || x > high || (high_open && x == high))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s is outside [%g, %g%s", name, text, low, high,
                       high_open ? ")" : "]");
    *out = x;
    return RC_STATUS_OK;
}

rc_status rc_text_count(const char *name, const char *text, uint64_t low, uint64_t high, uint64_t *out)
{
    if (!name || !text || !out) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_text_count: NULL argument");
    if (!rc_text_whole(text, low, high, out))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not a whole number from %llu to %llu", name, text,
                       (unsigned long long)low, (unsigned long long)high);
    return RC_STATUS_OK;
}

rc_status rc_text_positive(const char *name, const char *text, double *out)
{
    if (!name || !text || !out) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_text_positive: NULL argument");
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (end == text || *end != '\0' || errno || !(x > 0) || !isfinite(x))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not a positive number", name, text);
    *out = x;
    return RC_STATUS_OK;
}

rc_status rc_text_size(const char *name, const char *text, int *width, int *height)
{
    if (!name || !text || !width || !height) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_text_size: NULL argument");
    int w, h;
    char end;
    if (strspn(text, "0123456789x") != strlen(text) || sscanf(text, "%dx%d%c", &w, &h, &end) != 2 || w <= 0 || h <= 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not WIDTHxHEIGHT in pixels", name, text);
    *width = w, *height = h;
    return RC_STATUS_OK;
}

static rc_status parse_flag(const char *name, const char *text, bool *out)
{
    if (strcmp(text, "true") == 0) *out = true;
    else if (strcmp(text, "false") == 0) *out = false;
    else return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not true or false", name, text);
    return RC_STATUS_OK;
}

static rc_status set_name(rc_impact_options *o, const char *name, const char *value)
{
    if (strcmp(name, "operator") == 0) {
        if (rc_impact_operator_parse(value, &o->op))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "operator: \"%s\" is not gr or gs", value);
    } else if (strcmp(name, "order") == 0) {
        if (rc_gauss_seidel_order_parse(value, &o->order))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "order: \"%s\" is not lexicographic, sweep, random or most-violated", value);
    } else {
        return rc_lcp_method_parse(value, &o->lcp);
    }
    return RC_STATUS_OK;
}

static rc_status set_value(rc_impact_options *o, const char *name, const char *value)
{
    uint64_t count;
    switch (rc_option_kind_of(name)) {
    case RC_OPTION_TEXT: return set_name(o, name, value);
    case RC_OPTION_FLAG: return parse_flag(name, value, &o->lineality);
    case RC_OPTION_UNKNOWN: return rc_fail(RC_STATUS_INVALID_ARGUMENT, "\"%s\" is not an impact option", name);
    case RC_OPTION_NUMBER: break;
    }
    if (strcmp(name, "seed") == 0) return rc_text_count(name, value, 0, UINT64_MAX, &o->seed);
    if (strcmp(name, "max_iterations") == 0) {
        rc_status s = rc_text_count(name, value, 0, INT64_MAX, &count);
        if (!s) o->max_iterations = (int64_t)count;
        return s;
    }
    if (strcmp(name, "restitution") == 0) return parse_real(name, value, 0, 1, false, &o->restitution);
    if (strcmp(name, "friction") == 0) return parse_real(name, value, 0, INFINITY, false, &o->friction);
    return parse_real(name, value, 0, 1, true, &o->tolerance);
}

rc_status rc_impact_options_set(rc_impact_options *options, const char *name, const char *value)
{
    rc_impact_options changed = *options;
    rc_status s = set_value(&changed, name, value);
    if (!s) *options = changed;
    return s;
}

rc_status rc_json_impact_options(const cJSON *object, const char *where, rc_impact_options *options)
{
    for (int i = 0; rc_option_names[i]; i++) {
        const char *name = rc_option_names[i], *value = NULL;
        const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
        char number[RC_NUMBER_TEXT_SIZE], field[RC_FIELD_NAME_SIZE];
        double x;
        if (!item) continue;
        snprintf(field, sizeof field, "%s%s%s", where, where[0] ? "." : "", name);
        switch (rc_option_kind_of(name)) {
        case RC_OPTION_NUMBER:
            if (rc_json_item_number(item, field, &x)) return RC_STATUS_INVALID_ARGUMENT;
            value = rc_json_number_text(item, number);
            break;
        case RC_OPTION_TEXT:
            if (!cJSON_IsString(item)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a string", field);
            value = item->valuestring;
            break;
        default:
            if (!cJSON_IsBool(item)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not true or false", field);
            value = cJSON_IsTrue(item) ? "true" : "false";
        }
        rc_status s = rc_impact_options_set(options, name, value);
        if (s) return where[0] ? rc_fail(s, "%s.%s", where, rc_error_get()) : s;
    }
    return RC_STATUS_OK;
}
