/* SPDX-License-Identifier: MIT */
/* A new box for the event-driven engine at the present instant (the live parameter "box", src/edmd/live.h). The
 * particles keep their positions (wrapped into the old box first, as a frame shows them) and must be inside the new
 * box, on the free side of every wall and overlap-free under its periodic images; the walls of closed axes move to
 * the new faces; the cells and neighbour lists are made for the new box and every event is predicted again (the
 * caller, rc_edmd_parameter_set). Nothing is scaled: a box that cuts through the particles is refused, naming the
 * particle. An engine whose box is owned by something else (a barostat, a shear, a compression) or whose books depend
 * on it (stepped potentials, transport moments) refuses, naming why. */
#include <math.h>
#include <stdlib.h>

#include "core/range.h"
#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/live.h"
#include "edmd/neighbours.h"

/* The least room a periodic edge must leave the neighbour shell, in largest diameters (the barostat's bound). */
#define LEAST_ROOM 0.1

/* Why the engine cannot take a new box (NULL: it can). */
static const char *owned(const rc_edmd *e)
{
    if (e->barostat) return "the barostat moves the box itself (change barostat.pressure instead)";
    if (e->shear_on) return "a sheared box's Lees-Edwards offset and streaming profile are measured on its edges";
    if (e->growth) return "a compression measures its pressure and targets in its box (change compression.rate)";
    if (e->steps) return "the pairs inside the square wells (the capture map) would change across the new faces";
    if (e->transport_on) return "the transport moments count the crossings of the box they started in";
    for (int32_t w = 0; w < e->wall_count; w++)
        if (e->walls[w].amplitude > 0) return "a wall oscillates (its motion is set against the walls' places)";
    return NULL;
}

rc_status rc_edmd_box_check_value(const rc_edmd *e, const double *value, int length)
{
    rc_status s = rc_range_check_count("box", value, length, e->dimension);
    if (s) return s;
    const char *why = owned(e);
    if (why) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box: the event-driven engine cannot change it here: %s", why);
    double box[3] = {e->box[0], e->box[1], e->box[2]};
    for (int a = 0; a < e->dimension; a++) {
        if (!(value[a] > 0 && value[a] <= RC_EDMD_RANGE))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box[%d]: %g is not a positive number up to 2^40 (about 1.1e12)",
                           a, value[a]);
        box[a] = value[a];
    }
    double room = rc_edmd_shell_room(e, box), least = LEAST_ROOM * e->max_diameter;
    if (!(room >= least)) {
        int narrowest = 0;
        for (int a = 0; a < e->dimension; a++)
            if (e->periodic[a] && (!e->periodic[narrowest] || box[a] < box[narrowest])) narrowest = a;
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "box[%d]: periodic edge %g is too short: it must hold two neighbour "
                       "reaches of the largest diameter %g, at least %g",
                       narrowest, box[narrowest], e->max_diameter,
                       (2 * least + e->reach_factor * e->max_diameter) / 0.499);
    }
    return RC_STATUS_OK;
}

rc_status rc_edmd_box_check(const rc_edmd *e, const double *value, int length)
{
    rc_status s = rc_edmd_box_check_value(e, value, length);
    if (s) return s;
    double box[3] = {e->box[0], e->box[1], e->box[2]};
    for (int a = 0; a < e->dimension; a++) box[a] = value[a];
    rc_frame now;
    if ((s = rc_frame_create(&now, e->n, false))) return s;
    s = rc_edmd_fill_frame(e, &now);
    if (!s) s = rc_edmd_check_frame(e, &now, box);
    rc_frame_destroy(&now);
    if (s) return rc_fail(s, "box: under the new box %s", rc_error_get());
    return RC_STATUS_OK;
}

rc_status rc_edmd_box_put(rc_edmd *e, const double *value, int length)
{
    rc_status s = rc_edmd_box_check_value(e, value, length);
    if (s) return s;
    /* into the old box, as the checked frame showed them: a particle a shell outside a face is another image of
     * itself under the new box */
    for (int32_t k = 0; k < e->n; k++)
        for (int a = 0; a < e->dimension; a++) {
            if (!e->periodic[a]) continue;
            double shift = floor(e->kin[k].x[a] / e->box[a]);
            e->kin[k].x[a] -= e->box[a] * shift;
            e->image[3 * k + a] += (int32_t)shift;
        }
    for (int a = 0; a < e->dimension; a++) e->box[a] = value[a], e->half_box[a] = 0.5 * value[a];
    /* the walls of closed axes are the last ones, two an axis in axis order, the upper one at the far face */
    int32_t w = e->wall_count;
    for (int a = 0; a < e->dimension; a++) w -= e->periodic[a] ? 0 : 2;
    for (int a = 0; a < e->dimension; a++)
        if (!e->periodic[a]) e->walls[w + 1].point[a] = e->box[a], w += 2;
    return rc_edmd_neighbours_resize(e);
}
