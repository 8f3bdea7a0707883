/* SPDX-License-Identifier: MIT */
/* The placement region of a scene (docs/formats.md, "particles: a placement"): "particles": {"region": {"lower": [..],
 * "upper": [..]}} confines a lattice or random placement to an axis-aligned part of the box, so that grains can start
 * inside a container that is smaller than the box (the floor and lid of a granular damper, a hopper above its
 * outlet). The placement fills the region as if it were the box and is shifted to its lower corner; an axis keeps the
 * box's periodicity only where the region spans the whole edge, elsewhere the particles stay clear of the region's
 * faces. */
#include <math.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const region_keys[] = {"lower", "upper", NULL};

rc_status rc_run_read_region(const cJSON *particles, const rc_edmd_scene *scene, rc_placement_region *region)
{
    const rc_edmd_def *def = &scene->def;
    const cJSON *section;
    region->given = false;
    rc_status s = rc_json_section(particles, "particles", "region", region_keys, &section);
    if (s || !section) return s;
    if (cJSON_HasObjectItem(particles, "packing_fraction"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.region: give box.size, not particles.packing_fraction "
                                                   "(the region is a part of a box of known size)");
    if (cJSON_HasObjectItem(particles, "chains"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.region: chains are placed in the whole box");
    s = rc_run_vector(section, "particles.region", "lower", def->dimension, true, region->lower);
    if (!s) s = rc_run_vector(section, "particles.region", "upper", def->dimension, true, region->upper);
    for (int k = 0; !s && k < def->dimension; k++) {
        double lo = region->lower[k], hi = region->upper[k];
        if (!(lo >= 0 && lo < def->box[k]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "particles.region.lower: entry %d (%g) is not in [0, %g), the box", k, lo, def->box[k]);
        if (!(hi > lo && hi <= def->box[k]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "particles.region.upper: entry %d (%g) is not in (%g, %g], above lower and inside the box",
                           k, hi, lo, def->box[k]);
        region->size[k] = hi - lo;
        region->periodic[k] = def->periodic[k] && lo == 0 && hi == def->box[k];
    }
    if (!s && def->dimension == 2) region->lower[2] = 0, region->size[2] = def->box[2], region->periodic[2] = false;
    region->given = !s;
    return s;
}
