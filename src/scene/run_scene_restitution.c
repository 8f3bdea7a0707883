/* SPDX-License-Identifier: MIT */
/* A scene's "restitution" where a number is taken (the top level for pairs, each wall): a number in [0, 1], or a law
 * of the normal impact speed, {"table": [[v, e], ...]} or {"viscoelastic": {"delta": d}} (or the material it comes
 * from: {"viscoelastic": {"young": Y, "poisson": nu, "dissipation": A}}) (docs/formats.md,
 * "Restitution by impact speed"; docs/edmd.md), into the number and its rc_restitution_law. */
#include <math.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const law_keys[] = {"table", "viscoelastic", NULL};
static const char *const viscoelastic_keys[] = {"delta", "young", "poisson", "dissipation", NULL};

static rc_status read_table(const cJSON *list, const char *name, rc_restitution_law *law)
{
    if (!cJSON_IsArray(list))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: a list of [speed, restitution] pairs", name);
    int count = cJSON_GetArraySize(list);
    if (count < 1 || count > RC_RESTITUTION_TABLE_MAX)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d points, not 1 to %d", name, count, RC_RESTITUTION_TABLE_MAX);
    law->kind = RC_RESTITUTION_KIND_TABLE;
    law->points = count;
    int i = 0;
    char point[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    for (const cJSON *item = list->child; item && !s; item = item->next, i++) {
        rc_field_index(point, name, i);
        s = rc_json_item_vector(item, point, 2, "a [speed, restitution] pair", law->table[i]);
    }
    return s;
}

rc_status rc_run_read_restitution(const cJSON *object, const char *where, double *constant, rc_restitution_law *law)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, "restitution");
    if (!item || cJSON_IsNumber(item)) return rc_json_range(object, where, "restitution", false, 0, 1, constant);
    char name[RC_FIELD_NAME_SIZE], inner[RC_FIELD_NAME_SIZE];
    rc_field_name(name, where, "restitution");
    if (!cJSON_IsObject(item))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: a number in [0, 1], {\"table\": ...} or {\"viscoelastic\": ...}", name);
    rc_status s = rc_json_check_keys(item, name, law_keys, NULL);
    if (s) return s;
    const cJSON *table = cJSON_GetObjectItemCaseSensitive(item, "table");
    const cJSON *viscoelastic = cJSON_GetObjectItemCaseSensitive(item, "viscoelastic");
    if (!table == !viscoelastic)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: give one of table and viscoelastic", name);
    if (table) {
        rc_field_name(inner, name, "table");
        s = read_table(table, inner, law);
    } else {
        const cJSON *section;
        s = rc_json_section(item, name, "viscoelastic", viscoelastic_keys, &section);
        rc_field_name(inner, name, "viscoelastic");
        bool material = !s && (cJSON_HasObjectItem(section, "young") || cJSON_HasObjectItem(section, "poisson") ||
                               cJSON_HasObjectItem(section, "dissipation"));
        law->kind = material ? RC_RESTITUTION_KIND_MATERIAL : RC_RESTITUTION_KIND_VISCOELASTIC;
        if (material && cJSON_HasObjectItem(section, "delta"))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "%s: give delta or the material (young, poisson, dissipation), not "
                        "both",
                        inner);
        if (!s && !material) s = rc_json_positive(section, inner, "delta", true, &law->delta);
        if (!s && material) s = rc_json_positive(section, inner, "young", true, &law->young);
        if (!s && material) s = rc_json_number(section, inner, "poisson", true, &law->poisson);
        if (!s && material) s = rc_json_positive(section, inner, "dissipation", true, &law->dissipation);
    }
    return s ? s : rc_restitution_law_check(law, name);
}
