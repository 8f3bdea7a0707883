/* The warm start of resting contact (docs/rigid.md, "The step", step 4): the impulse each contact took in the last
 * step's resting resolve is kept under the contact's key (body a, body or static shape b, and its ordinal among the
 * points of that pair, which the narrow phase lists together) and handed to the contact with the same key in the
 * next step, whose resting resolve (rc_impact_solver_settle) starts from it. A resting pile's impulses barely change
 * from step to step, so it then needs a few sweeps instead of thousands. A guess only changes the cost of that
 * resolve, never what it must reach. */
#include <string.h>

#include "core/grow.h"
#include "rigid/engine.h"

/* The ordinal of contact k among the points of its pair (the points of a pair are consecutive). */
static int32_t ordinal(const rc_rigid_contact *items, int k, int32_t before)
{
    return k > 0 && items[k - 1].a == items[k].a && items[k - 1].b == items[k].b ? before + 1 : 0;
}

void rc_rigid_warm_index(rc_rigid *e)
{
    rc_rigid_warm *w = &e->warm;
    memset(w->first, 0, ((size_t)e->n + 1) * sizeof *w->first);
    for (int t = 0; t < w->count; t++) w->first[w->key[t][0] + 1]++;
    for (int32_t i = 0; i < e->n; i++) w->first[i + 1] += w->first[i];
}

rc_status rc_rigid_warm_reserve(rc_rigid *e, int count)
{
    rc_rigid_warm *w = &e->warm;
    size_t need = count > 0 ? (size_t)count : 1;
    rc_status s = RC_RESERVE(w->key, w->key_capacity, need);
    if (!s) s = RC_RESERVE(w->impulse, w->impulse_capacity, need);
    return s;
}

rc_status rc_rigid_warm_keep(rc_rigid *e)
{
    rc_rigid_warm *w = &e->warm;
    const rc_rigid_contact *items = e->contacts.items;
    int kept = 0;
    for (int k = 0; k < e->contacts.count; k++) kept += items[k].impulse > 0;
    rc_status s = rc_rigid_warm_reserve(e, kept);
    if (s) return s;
    /* a counting sort by body a, in list order within a body */
    w->count = 0;
    for (int k = 0; k < e->contacts.count; k++)
        if (items[k].impulse > 0) w->key[w->count++][0] = items[k].a;
    rc_rigid_warm_index(e);
    for (int k = 0, rank = 0; k < e->contacts.count; k++) {
        rank = ordinal(items, k, rank);
        if (!(items[k].impulse > 0)) continue;
        int t = w->first[items[k].a]++;
        w->key[t][0] = items[k].a, w->key[t][1] = items[k].b, w->key[t][2] = rank;
        w->impulse[t] = items[k].impulse;
    }
    rc_rigid_warm_index(e);
    return RC_OK;
}

void rc_rigid_warm_start(rc_rigid *e)
{
    const rc_rigid_warm *w = &e->warm;
    rc_rigid_contact *items = e->contacts.items;
    for (int k = 0, rank = 0; k < e->contacts.count; k++) {
        rank = ordinal(items, k, rank); /* the contact came in with impulse 0 (rc_rigid_contacts_push) */
        for (int t = w->first[items[k].a]; t < w->first[items[k].a + 1]; t++)
            if (w->key[t][1] == items[k].b && w->key[t][2] == rank) {
                items[k].impulse = w->impulse[t];
                break;
            }
    }
}
