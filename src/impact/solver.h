/* SPDX-License-Identifier: MIT */
/* The impact solver: its options and every workspace reused from one resolve to the next. */
#ifndef RC_IMPACT_SOLVER_H
#define RC_IMPACT_SOLVER_H

#include "impact/friction.h"
#include "impact/lineality.h"
#include "impact/loop.h"
#include "impact/system.h"

#include <stdbool.h>
#include <stdint.h>

/* One row of a system whose every row is a contact of two 2D balls or of a 2D ball and a static shape (settle.c):
 * the first dofs of the balls (b = -1: static), the normalised gradient of ball a (ball b's is its exact negative)
 * and M^-1 n of both, and the normalisation. */
typedef struct rc_ball_row {
    int32_t a, b;
    double g[2], wa[2], wb[2], scale;
} rc_ball_row;

/* A ball row as the wave sweep reads it (settle.c): one stream of 56 bytes a row, its allowance (slack) inside it,
 * and only ball a's M^-1 n: ball b's is its exact negative when the balls' masses are equal (wave_wb NULL), else
 * it is in wave_wb. */
typedef struct rc_wave_row {
    int32_t a, b;
    double g[2], w[2], scale, slack;
} rc_wave_row;

struct rc_impact_solver {
    rc_impact_options options;
    rc_system global, island, projected;
    rc_lineality lineality;
    rc_loop loop;
    rc_friction friction;
    int *label, *order, *island_start, *dof_map, *scratch, *lineality_list;
    double *velocity, *impulse, *normal_impulse, *island_v, *island_v0, *island_inelastic, *island_impulse,
        *island_lambda;
    const volatile sig_atomic_t *stop; /* rc_impact_solver_watch's flag, or NULL */
    bool velocities_only;   /* rc_impact_solver_velocities_only: no energies, momenta or relative velocity reported */
    rc_ball_row *ball_rows; /* the system's rows in that form, when every row has it (ball_rows_valid) */
    bool ball_rows_valid, ball_rows_equal; /* equal: every row of two balls has wb exactly -wa */
    size_t cap_ball_rows;
    /* A settle's rows in wave order (settle.c): the rows with their allowances, their impulses, ball b's M^-1 n
     * unless the masses are equal, each one's wave and then its place in the list, the first place of each wave, and
     * each dof's last wave (0 between settles) */
    rc_wave_row *wave_rows;
    double *wave_lambda, *wave_wb;
    int *wave_place, *wave_start, *wave_of_dof;
    size_t cap_wave_rows, cap_wave_lambda, cap_wave_wb, cap_wave_place, cap_wave_start, cap_wave_of_dof;
    size_t cap_label, cap_order, cap_island_start, cap_dof_map, cap_scratch, cap_lineality_list, cap_velocity,
        cap_impulse, cap_normal_impulse, cap_island_v, cap_island_v0, cap_island_inelastic, cap_island_impulse,
        cap_island_lambda;
};

/* Makes room in the workspace for a problem of n dofs and m contacts (resolve.c). */
rc_status rc_solver_reserve(rc_impact_solver *s, int n, int m);
/* Fills the parts of result every entry point reports: status, sizes, the velocities and impulses in the workspace
 * (s->velocity, s->normal_impulse), energy, momentum and the smallest relative velocity (resolve.c). */
void rc_solver_report(rc_impact_solver *s, const rc_impact_problem *problem, rc_status status,
                      rc_impact_result *result);

#endif
