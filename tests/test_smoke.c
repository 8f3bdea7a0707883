/* Temporary smoke test */
#include <stdio.h>
#include "check.h"
#include "ricochet/ricochet.h"

static void cradle(rc_impact_operator op, int balls)
{
    rc_impact_problem *p;
    rc_impact_problem_create(&p);
    for (int i = 0; i < balls; i++) {
        double x = 2.0 * i, v = i == 0 ? 1.0 : 0.0;
        rc_impact_problem_add_ball(p, 1, 1.0, &x, &v, NULL);
    }
    for (int i = 0; i + 1 < balls; i++) {
        double pt = 2.0 * i + 1, n = -1.0;
        rc_impact_problem_add_contact(p, i, i + 1, &pt, &n, NULL);
    }
    rc_impact_options o = rc_impact_default_options();
    o.op = op;
    rc_impact_solver *s;
    rc_impact_solver_create(&o, &s);
    rc_impact_result r;
    rc_status st = rc_impact_solver_resolve(s, p, &r);
    printf("%s status %d it %lld v:", rc_impact_operator_name(op), st, (long long)r.iterations);
    for (int i = 0; i < balls; i++) printf(" %g", r.velocity[i]);
    printf(" KE %g %g lin %d\n", r.kinetic_energy_before, r.kinetic_energy_after, r.lineality_count);
    CHECK(st == RC_OK, "status");
    rc_impact_solver_destroy(s);
    rc_impact_problem_destroy(p);
}

int main(void)
{
    cradle(RC_OPERATOR_GS, 3);
    cradle(RC_OPERATOR_GR, 3);
    cradle(RC_OPERATOR_GR, 5);
    return check_finish();
}
