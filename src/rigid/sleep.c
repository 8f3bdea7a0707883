/* SPDX-License-Identifier: MIT */
/* Island sleeping of the time-stepped engine (docs/rigid.md, "Sleeping"; the deactivation of Box2D and Bullet, made
 * deterministic): a body whose speed stays below sleep_speed is at rest; when every body of an island (the bodies
 * joined by the step's contacts, whether or not they took part) has been at rest for sleep_steps steps, the island
 * falls asleep: its velocities are set to zero (their kinetic energy, below sleep_speed, is counted as dissipated)
 * and its bodies leave detection, resolves, gravity and motion. A sleeping island keeps its resting impulses for the
 * warm start (warm.c). It wakes, all of it, when the narrow phase finds a contact between one of its bodies and an
 * awake body (a contact that could take part within the step), or when a body's velocity is set. Labels and orders
 * are body indices, so the same input gives the same bits. */
#include "rigid/engine.h"

static int32_t root(int32_t *parent, int32_t i)
{
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* Wakes every sleeping body whose island label is marked in mark[] (then cleared); returns how many woke. */
static int32_t wake_marked(rc_rigid *e, int32_t *mark)
{
    int32_t woken = 0;
    for (int32_t i = 0; i < e->n; i++) {
        if (e->asleep[i] < 0 || !mark[e->asleep[i]]) continue;
        e->asleep[i] = -1;
        e->rest_steps[i] = 0;
        woken++;
    }
    for (int32_t i = 0; i < e->n; i++) mark[i] = 0;
    e->stats.sleeping -= woken;
    e->stats.wakes += woken;
    return woken;
}

int32_t rc_rigid_wake_touched(rc_rigid *e)
{
    if (e->stats.sleeping == 0) return 0;
    int32_t *mark = e->local, touched = 0;
    for (int32_t i = 0; i < e->n; i++) mark[i] = 0;
    for (int k = 0; k < e->contacts.count; k++) {
        const rc_rigid_contact *c = &e->contacts.items[k];
        if (c->b < 0 || (e->asleep[c->a] < 0) == (e->asleep[c->b] < 0)) continue;
        mark[e->asleep[c->a] >= 0 ? e->asleep[c->a] : e->asleep[c->b]] = 1;
        touched++;
    }
    return touched ? wake_marked(e, mark) : 0;
}

void rc_rigid_wake_body(rc_rigid *e, int32_t i)
{
    if (e->asleep[i] < 0) return;
    for (int32_t k = 0; k < e->n; k++) e->local[k] = 0;
    e->local[e->asleep[i]] = 1;
    wake_marked(e, e->local);
}

void rc_rigid_sleep_update(rc_rigid *e)
{
    if (!e->sleep) return;
    int32_t *parent = e->parent, *ready = e->local;
    bool any = false;
    for (int32_t i = 0; i < e->n; i++) {
        parent[i] = i;
        if (e->asleep[i] >= 0) continue;
        bool rest = rc_rigid_body_speed(e, i) < e->sleep_speed;
        e->rest_steps[i] = rest ? e->rest_steps[i] + (e->rest_steps[i] < e->sleep_steps) : 0;
        any |= e->rest_steps[i] == e->sleep_steps;
    }
    if (!any) return;
    for (int k = 0; k < e->contacts.count; k++) {
        const rc_rigid_contact *c = &e->contacts.items[k];
        if (c->b >= 0) parent[root(parent, c->a)] = root(parent, c->b);
    }
    for (int32_t i = 0; i < e->n; i++) ready[i] = 1;
    for (int32_t i = 0; i < e->n; i++)
        if (e->asleep[i] < 0 && e->rest_steps[i] < e->sleep_steps) ready[root(parent, i)] = 0;
    for (int32_t i = 0; i < e->n; i++) {
        int32_t label = root(parent, i);
        if (e->asleep[i] >= 0 || !ready[label]) continue;
        e->stats.dissipated_energy += rc_rigid_body_kinetic_energy(e, i);
        for (int c = 0; c < 3; c++) e->v[3 * i + c] = e->w[3 * i + c] = 0;
        e->asleep[i] = label;
        e->stats.sleeping++;
        e->stats.sleeps++;
    }
}
