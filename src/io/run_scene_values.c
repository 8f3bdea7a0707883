/* Typed scene-file values that json_fields.c does not have: whole numbers (counts, seeds), numbers in a range,
 * booleans, sections (objects with a fixed set of keys) and vectors of the scene's dimension, every failure naming
 * the field. */
#include <math.h>
#include <stdio.h>

#include "core/status.h"
#include "io/json_fields.h"
#include "io/option_values.h"
#include "io/run_scene.h"

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
        return rc_fail(RC_INVALID_ARGUMENT, "%s: %s is not a whole number from 0 to %llu", name, text,
                       (unsigned long long)high);
    return RC_OK;
}

rc_status rc_json_range(const cJSON *object, const char *where, const char *key, bool required, double low,
                        double high, double *out)
{
    double x = *out;
    rc_status s = rc_json_number(object, where, key, required, &x);
    if (s) return s;
    if (x < low || x > high) {
        char name[RC_FIELD_NAME_SIZE];
        rc_field_name(name, where, key);
        return rc_fail(RC_INVALID_ARGUMENT, "%s: %g is outside [%g, %g]", name, x, low, high);
    }
    *out = x;
    return RC_OK;
}

rc_status rc_json_flag(const cJSON *object, const char *where, const char *key, bool *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!item) return RC_OK;
    if (!cJSON_IsBool(item)) {
        char name[RC_FIELD_NAME_SIZE];
        rc_field_name(name, where, key);
        return rc_fail(RC_INVALID_ARGUMENT, "%s: not true or false", name);
    }
    *out = cJSON_IsTrue(item);
    return RC_OK;
}

rc_status rc_json_section(const cJSON *object, const char *where, const char *key, const char *const *allowed,
                          const cJSON **out)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_field_name(name, where, key);
    *out = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!*out) return RC_OK;
    rc_status s = rc_json_expect_object(*out, name);
    return s ? s : rc_json_check_keys(*out, name, allowed, NULL);
}

rc_status rc_run_vector(const cJSON *object, const char *where, const char *key, int dimension, bool required,
                        double out[3])
{
    char why[32];
    snprintf(why, sizeof why, "dimension is %d", dimension);
    rc_status s = rc_json_vector(object, where, key, dimension, why, required, out);
    for (int k = dimension; k < 3; k++) out[k] = 0;
    return s;
}
