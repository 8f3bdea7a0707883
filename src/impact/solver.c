/* SPDX-License-Identifier: MIT */
/* Creating, configuring and destroying an impact solver. */
#include <stdlib.h>

#include "core/status.h"
#include "impact/interrupt.h"
#include "impact/solver.h"
#include "impact/velocities_only.h"

/* Valid options; a warning (rc_warnings_get) when they give up the guarantee that a resolve ends: the elastic loop
 * (restitution above 0) without lineality detection (paper, sec. 4.1, fig. 1) and without an iteration budget. */
static rc_status check_options(const rc_impact_options *o)
{
    rc_status s = rc_impact_options_validate(o);
    if (!s && o->restitution > 0 && !o->lineality && o->max_iterations == 0)
        rc_warn("lineality", "lineality is off and max_iterations is 0 (no budget): an impact with implicit equality "
                             "constraints (a wedged ball) may never finish resolving");
    return s;
}

rc_status rc_impact_solver_create(const rc_impact_options *options, rc_impact_solver **solver)
{
    rc_impact_options defaults = rc_impact_default_options();
    if (!options) options = &defaults;
    rc_status s = check_options(options);
    if (s) return s;
    *solver = calloc(1, sizeof **solver);
    if (!*solver) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory creating an impact solver");
    (*solver)->options = *options;
    return RC_STATUS_OK;
}

void rc_impact_solver_destroy(rc_impact_solver *s)
{
    if (!s) return;
    rc_system_free(&s->global);
    rc_system_free(&s->island);
    rc_system_free(&s->projected);
    rc_lineality_free(&s->lineality);
    rc_loop_free(&s->loop);
    rc_friction_free(&s->friction);
    void *arrays[] = {
        s->label,          s->order,         s->island_start,   s->dof_map,   s->scratch,     s->lineality_list,
        s->velocity,       s->impulse,       s->normal_impulse, s->island_v,  s->island_v0,   s->island_inelastic,
        s->island_impulse, s->island_lambda, s->ball_rows,      s->wave_rows, s->wave_lambda, s->wave_wb,
        s->wave_place,     s->wave_start,    s->wave_of_dof};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++) free(arrays[i]);
    free(s);
}

void rc_impact_solver_watch(rc_impact_solver *solver, const volatile sig_atomic_t *flag)
{
    solver->stop = solver->loop.stop = solver->friction.stop = flag;
}

void rc_impact_solver_velocities_only(rc_impact_solver *solver) { solver->velocities_only = true; }

const rc_impact_options *rc_impact_solver_options(const rc_impact_solver *solver) { return &solver->options; }

rc_status rc_impact_solver_set_options(rc_impact_solver *solver, const rc_impact_options *options)
{
    rc_status s = check_options(options);
    if (!s) solver->options = *options;
    return s;
}
