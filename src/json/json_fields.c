/* SPDX-License-Identifier: MIT */
/* Typed field access in a parsed JSON document (json_fields.h): numbers that must be finite, masses and sizes in
 * their range, whole numbers (counts, seeds), numbers in a range, booleans, vectors of a given length, lists,
 * strings, sections (objects with a fixed set of keys), and the check that an object has no unknown or repeated key. Every failure is one
 * sentence that begins with the field's name. */
#include "json/json_fields.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

void rc_field_name(char *out, const char *where, const char *key)
{
    if (where[0]) snprintf(out, RC_FIELD_NAME_SIZE, "%s.%s", where, key);
    else snprintf(out, RC_FIELD_NAME_SIZE, "%s", key);
}

void rc_field_index(char *out, const char *where, int index)
{
    snprintf(out, RC_FIELD_NAME_SIZE, "%s[%d]", where, index);
}

static bool listed(const char *key, const char *const *names)
{
    for (; names && *names; names++)
        if (strcmp(key, *names) == 0) return true;
    return false;
}

rc_status rc_json_check_keys(const cJSON *object, const char *where, const char *const *allowed,
                             const char *const *more)
{
    const char *in = where[0] ? " in " : " at the top level";
    for (const cJSON *item = object->child; item; item = item->next) {
        if (!listed(item->string, allowed) && !listed(item->string, more)) {
            const char *a = rc_name_suggest(item->string, allowed, -1), *b = rc_name_suggest(item->string, more, -1);
            bool b_nearer = b && (!a || rc_name_distance(item->string, b) < rc_name_distance(item->string, a));
            const char *nearest = b_nearer ? b : a;
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "unknown key \"%s\"%s%s%s%s%s", item->string, in, where,
                           nearest ? " (did you mean \"" : "", nearest ? nearest : "", nearest ? "\"?)" : "");
        }
        for (const cJSON *other = object->child; other != item; other = other->next)
            if (strcmp(other->string, item->string) == 0)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "key \"%s\" appears twice%s%s", item->string, in, where);
    }
    return RC_STATUS_OK;
}

rc_status rc_json_expect_object(const cJSON *item, const char *name)
{
    if (!cJSON_IsObject(item)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not an object {...}", name);
    return RC_STATUS_OK;
}

rc_status rc_json_item_number(const cJSON *item, const char *name, double *out)
{
    if (!cJSON_IsNumber(item)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a number", name);
    if (!isfinite(item->valuedouble))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not finite (too large for a double)", name,
                       item->valuedouble);
    *out = item->valuedouble;
    return RC_STATUS_OK;
}

const char *rc_json_number_text(const cJSON *item, char text[RC_NUMBER_TEXT_SIZE])
{
    /* the spelling rc_json_parse kept, unless the number was changed since (then the spelling reads another value) */
    if (item->valuestring && strtod(item->valuestring, NULL) == item->valuedouble) return item->valuestring;
    rc_number_text(text, item->valuedouble);
    return text;
}

rc_status rc_json_item_vector(const cJSON *item, const char *name, int length, const char *why, double *out)
{
    if (!cJSON_IsArray(item))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a list of %d number%s", name, length,
                       length == 1 ? "" : "s");
    int count = cJSON_GetArraySize(item);
    if (count != length)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s has %d entr%s, %s", name, count, count == 1 ? "y" : "ies", why);
    int i = 0;
    char entry[RC_FIELD_NAME_SIZE];
    for (const cJSON *x = item->child; x; x = x->next, i++) {
        rc_field_index(entry, name, i);
        rc_status s = rc_json_item_number(x, entry, out + i);
        if (s) return s;
    }
    return RC_STATUS_OK;
}

/* The item of key, or NULL with *status set (an error only when required). */
static const cJSON *field(const cJSON *object, const char *where, const char *key, bool required, char *name,
                          rc_status *status)
{
    rc_field_name(name, where, key);
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    *status = item || !required ? RC_STATUS_OK : rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is missing", name);
    return item;
}

rc_status rc_json_number(const cJSON *object, const char *where, const char *key, bool required, double *out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_status s;
    const cJSON *item = field(object, where, key, required, name, &s);
    return item ? rc_json_item_number(item, name, out) : s;
}

rc_status rc_json_positive(const cJSON *object, const char *where, const char *key, bool required, double *out)
{
    double x = *out;
    rc_status s = rc_json_number(object, where, key, required, &x);
    if (s) return s;
    if (!(x > 0)) {
        char name[RC_FIELD_NAME_SIZE];
        rc_field_name(name, where, key);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not positive", name, x);
    }
    *out = x;
    return RC_STATUS_OK;
}

rc_status rc_size_check(const char *name, double x)
{
    if (!(x > 0)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not positive", name, x);
    if (!(x >= RC_SIZE_LOW && x <= RC_SIZE_HIGH))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is outside 2^-40 to 2^40 (about 9.1e-13 to 1.1e12)", name,
                       x);
    return RC_STATUS_OK;
}

rc_status rc_json_size(const cJSON *object, const char *where, const char *key, bool required, double *out)
{
    double x = *out;
    rc_status s = rc_json_number(object, where, key, required, &x);
    if (s || !cJSON_HasObjectItem(object, key)) return s;
    char name[RC_FIELD_NAME_SIZE];
    rc_field_name(name, where, key);
    s = rc_size_check(name, x);
    if (!s) *out = x;
    return s;
}

rc_status rc_json_vector(const cJSON *object, const char *where, const char *key, int length, const char *why,
                         bool required, double *out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_status s;
    const cJSON *item = field(object, where, key, required, name, &s);
    return item ? rc_json_item_vector(item, name, length, why, out) : s;
}

rc_status rc_json_list(const cJSON *object, const char *where, const char *key, bool required, const cJSON **out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_status s;
    *out = field(object, where, key, required, name, &s);
    if (*out && !cJSON_IsArray(*out)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a list [...]", name);
    return s;
}

rc_status rc_json_string(const cJSON *object, const char *where, const char *key, bool required, const char **out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_status s;
    const cJSON *item = field(object, where, key, required, name, &s);
    *out = NULL;
    if (!item) return s;
    if (!cJSON_IsString(item)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a string", name);
    *out = item->valuestring;
    return RC_STATUS_OK;
}

rc_status rc_json_count(const cJSON *object, const char *where, const char *key, bool required, uint64_t high,
                        uint64_t *out, bool *given)
{
    char name[RC_FIELD_NAME_SIZE], number[RC_NUMBER_TEXT_SIZE];
    rc_field_name(name, where, key);
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (given) *given = item != NULL;
    double x = 0;
    rc_status s = rc_json_number(object, where, key, required, &x);
    if (s || !item) return s;
    const char *text = rc_json_number_text(item, number);
    if (!rc_text_whole(text, 0, high, out))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s is not a whole number from 0 to %llu", name, text,
                       (unsigned long long)high);
    return RC_STATUS_OK;
}

rc_status rc_json_range(const cJSON *object, const char *where, const char *key, bool required, double low, double high,
                        double *out)
{
    double x = *out;
    rc_status s = rc_json_number(object, where, key, required, &x);
    if (s) return s;
    if (x < low || x > high) {
        char name[RC_FIELD_NAME_SIZE];
        rc_field_name(name, where, key);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is outside [%g, %g]", name, x, low, high);
    }
    *out = x;
    return RC_STATUS_OK;
}

rc_status rc_json_flag(const cJSON *object, const char *where, const char *key, bool *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!item) return RC_STATUS_OK;
    if (!cJSON_IsBool(item)) {
        char name[RC_FIELD_NAME_SIZE];
        rc_field_name(name, where, key);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not true or false", name);
    }
    *out = cJSON_IsTrue(item);
    return RC_STATUS_OK;
}

rc_status rc_json_section(const cJSON *object, const char *where, const char *key, const char *const *allowed,
                          const cJSON **out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_field_name(name, where, key);
    *out = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!*out) return RC_STATUS_OK;
    rc_status s = rc_json_expect_object(*out, name);
    return s ? s : rc_json_check_keys(*out, name, allowed, NULL);
}
