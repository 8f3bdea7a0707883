/* SPDX-License-Identifier: MIT */
/* What a resolve reports besides velocities: kinetic energy, linear and angular momentum (about the origin), and
 * the smallest normalised relative normal velocity n_k . v / |v|_M. */
#include "impact/measures.h"

#include <math.h>
#include <string.h>

double rc_measure_energy(const rc_system *global, const double *v) { return 0.5 * rc_system_energy_norm2(global, v); }

void rc_measure_momentum(const rc_impact_problem *problem, const double *v, double linear[3], double angular[3])
{
    memset(linear, 0, 3 * sizeof *linear);
    memset(angular, 0, 3 * sizeof *angular);
    for (int i = 0; i < problem->body_count; i++) {
        const rc_body *b = &problem->bodies[i];
        if (b->kind == RC_BODY_KIND_DOFS) continue;
        const double *u = v + b->first_dof, *x = b->position;
        double p[3] = {0, 0, 0};
        for (int j = 0; j < b->dimension; j++) {
            p[j] = b->mass * u[j];
            linear[j] += p[j];
        }
        if (b->dimension == 2) {
            angular[2] += x[0] * p[1] - x[1] * p[0];
            if (b->kind == RC_BODY_KIND_RIGID) angular[2] += b->inertia[0] * u[2];
        } else if (b->dimension == 3) {
            angular[0] += x[1] * p[2] - x[2] * p[1];
            angular[1] += x[2] * p[0] - x[0] * p[2];
            angular[2] += x[0] * p[1] - x[1] * p[0];
            if (b->kind == RC_BODY_KIND_RIGID)
                for (int r = 0; r < 3; r++)
                    angular[r] +=
                        b->inertia[3 * r] * u[3] + b->inertia[3 * r + 1] * u[4] + b->inertia[3 * r + 2] * u[5];
        }
    }
}

double rc_measure_min_relative_velocity(const rc_system *global, const double *v)
{
    if (global->m == 0) return 0.0;
    double norm = sqrt(rc_system_energy_norm2(global, v));
    if (norm == 0) return 0.0;
    double least = INFINITY;
    for (int k = 0; k < global->m; k++) least = fmin(least, rc_system_dot(global, k, v) / norm);
    return least;
}
