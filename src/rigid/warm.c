/* SPDX-License-Identifier: MIT */
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

/* Keeps the contacts' resting impulses of this step and the entries of sleeping bodies (whose contacts were not
 * detected: their island's impulses wait for it to wake), grouped by body a in list order within a body. */
rc_status rc_rigid_warm_keep(rc_rigid *e)
{
    rc_rigid_warm *w = &e->warm;
    const rc_rigid_contact *items = e->contacts.items;
    int kept = 0;
    for (int t = 0; t < w->count && e->stats.sleeping > 0; t++) kept += e->asleep[w->key[t][0]] >= 0;
    for (int k = 0; k < e->contacts.count; k++) kept += items[k].impulse > 0;
    size_t need = kept > 0 ? (size_t)kept : 1;
    rc_status s = RC_RESERVE(w->spare_key, w->spare_key_capacity, need);
    if (!s) s = RC_RESERVE(w->spare_impulse, w->spare_impulse_capacity, need);
    if (s) return s;
    /* a counting sort by body a: the sleeping bodies' entries and this step's contacts never share a body a */
    int32_t *first = w->first;
    memset(first, 0, ((size_t)e->n + 1) * sizeof *first);
    for (int t = 0; t < w->count && e->stats.sleeping > 0; t++)
        if (e->asleep[w->key[t][0]] >= 0) first[w->key[t][0] + 1]++;
    for (int k = 0; k < e->contacts.count; k++)
        if (items[k].impulse > 0) first[items[k].a + 1]++;
    for (int32_t i = 0; i < e->n; i++) first[i + 1] += first[i];
    for (int t = 0; t < w->count && e->stats.sleeping > 0; t++) {
        if (e->asleep[w->key[t][0]] < 0) continue;
        int at = first[w->key[t][0]]++;
        memcpy(w->spare_key[at], w->key[t], sizeof w->key[t]);
        w->spare_impulse[at] = w->impulse[t];
    }
    for (int k = 0, rank = 0; k < e->contacts.count; k++) {
        rank = ordinal(items, k, rank);
        if (!(items[k].impulse > 0)) continue;
        int at = first[items[k].a]++;
        w->spare_key[at][0] = items[k].a, w->spare_key[at][1] = items[k].b, w->spare_key[at][2] = rank;
        w->spare_impulse[at] = items[k].impulse;
    }
    int32_t(*key)[3] = w->key;
    double *impulse = w->impulse;
    size_t key_capacity = w->key_capacity, impulse_capacity = w->impulse_capacity;
    w->key = w->spare_key, w->key_capacity = w->spare_key_capacity;
    w->impulse = w->spare_impulse, w->impulse_capacity = w->spare_impulse_capacity;
    w->spare_key = key, w->spare_key_capacity = key_capacity;
    w->spare_impulse = impulse, w->spare_impulse_capacity = impulse_capacity;
    w->count = kept;
    rc_rigid_warm_index(e);
    return RC_STATUS_OK;
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
