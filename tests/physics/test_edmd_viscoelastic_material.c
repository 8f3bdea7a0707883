/* SPDX-License-Identifier: MIT */
/* The viscoelastic restitution in its material form (docs/edmd.md, "Restitution that depends on impact speed"):
 * Young's modulus, Poisson's ratio and the dissipative constant, with delta from each pair's reduced mass and radius.
 *
 * Oracle: the collision itself. Two viscoelastic spheres in contact obey m_eff xi'' = -rho xi^(3/2) -
 * (3/2) A rho xi^(1/2) xi' with rho = 2 Y sqrt(R_eff) / (3 (1 - nu^2)) (Hertz plus the Brilliantov-Poeschel
 * dissipative force); integrated here by fourth-order Runge-Kutta from xi = 0 at the impact speed until the force
 * vanishes, it gives e = -xi'_end / xi'_0. The engine's restitution (the two-term series at the material delta) must
 * match it to 2e-5 at delta v^(1/5) about 0.01, where the series' first neglected term, of order x^3, is about 1e-6
 * and the integration's error below 1e-8 (a tolerance that a factor (3/2)^(3/2) or a wrong reduced mass or radius in
 * delta, each changing 1 - e by 10 % or more, breaks by far). Pairs of unequal masses and radii and a particle at a
 * wall (the wall flat, of the same material, of infinite mass) are checked; out-of-range material keys are refused
 * naming them. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "ricochet/edmd.h"

static const double YOUNG = 1e4, POISSON = 0.3, DISSIPATION = 1e-4;

static double force_over_mass(double rho, double dissipation, double mass, double xi, double rate)
{
    double root = sqrt(fmax(xi, 0));
    return -(rho * root * xi + 1.5 * dissipation * rho * root * rate) / mass;
}

/* The restitution of the contact ODE at impact speed g for reduced mass and radius. */
static double integrated(double mass, double radius, double g)
{
    double rho = 2 * YOUNG * sqrt(radius) / (3 * (1 - POISSON * POISSON));
    double duration = pow(mass * mass / (rho * rho * g), 0.2), dt = duration / 40000, xi = 0, v = g;
    for (int step = 0; step < 10000000; step++) {
        double k1x = v, k1v = force_over_mass(rho, DISSIPATION, mass, xi, v);
        double k2x = v + dt / 2 * k1v, k2v = force_over_mass(rho, DISSIPATION, mass, xi + dt / 2 * k1x, k2x);
        double k3x = v + dt / 2 * k2v, k3v = force_over_mass(rho, DISSIPATION, mass, xi + dt / 2 * k2x, k3x);
        double k4x = v + dt * k3v, k4v = force_over_mass(rho, DISSIPATION, mass, xi + dt * k3x, k4x);
        xi += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
        if (v < 0 && (xi <= 0 || xi + 1.5 * DISSIPATION * v <= 0)) return -v / g; /* no force left: apart */
    }
    return NAN;
}

static rc_restitution_law material(void)
{
    return (rc_restitution_law){
        .kind = RC_RESTITUTION_KIND_MATERIAL, .young = YOUNG, .poisson = POISSON, .dissipation = DISSIPATION};
}

/* Two spheres (radii a, masses m) approaching head-on along x at relative speed g; or (wall) sphere 0 alone onto a
 * wall at x = 1. */
static void one_collision(bool wall, const double a[2], const double m[2], double g)
{
    double x[6] = {5, 5, 5, 5 + a[0] + a[1] + 1e-3, 5, 5}, v[6] = {g, 0, 0, 0, 0, 0};
    if (wall) x[0] = 1 + a[0] + 1e-3, v[0] = -g;
    rc_wall plane = {.point = {1, 0, 0}, .normal = {1, 0, 0}, .restitution = 1, .restitution_law = material()};
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = 10;
    d.count = wall ? 1 : 2, d.positions = x, d.velocities = v, d.radii = a, d.masses = m;
    d.contact_tolerance = 0;
    if (wall) d.walls = &plane, d.wall_count = 1;
    else d.restitution_law = material();
    rc_edmd *e = NULL;
    if (rc_edmd_create(&d, &e) != RC_STATUS_OK) {
        CHECK(false, "create: %s", rc_error_get());
        return;
    }
    rc_edmd_limits first = {INFINITY, wall ? 0 : 1, 0}; /* the pair's one collision; the wall's hit comes first */
    if (wall) first.time = 1.5e-3 / g;                  /* the hit at 1e-3 / g, nothing after it */
    rc_edmd_advance(e, &first);
    double p[3], u[3], q[3], w[3] = {0, 0, 0};
    rc_edmd_state_now(e, 0, p, u);
    if (!wall) rc_edmd_state_now(e, 1, q, w);
    double measured = wall ? u[0] / g : (w[0] - u[0]) / g;
    double mass = wall ? m[0] : m[0] * m[1] / (m[0] + m[1]), radius = wall ? a[0] : a[0] * a[1] / (a[0] + a[1]);
    double expected = integrated(mass, radius, g);
    double delta = rc_restitution_law_delta(&d.restitution_law, mass, radius);
    if (wall) delta = rc_restitution_law_delta(&plane.restitution_law, mass, radius);
    printf("%s m_eff %.4g R_eff %.4g at %g: delta %.5f, e %.8f, contact ODE %.8f\n", wall ? "wall" : "pair", mass,
           radius, g, delta, measured, expected);
    CHECK(fabs(measured - expected) < 2e-5, "%s: e %.8f, the contact ODE's %.8f", wall ? "wall" : "pair", measured,
          expected);
    rc_edmd_destroy(e);
}

static void refused(rc_restitution_law law, const char *field)
{
    CHECK(rc_restitution_law_check(&law, "restitution") == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), field),
          "%s: \"%s\"", field, rc_error_get());
}

int main(void)
{
    static const double same[2] = {0.5, 0.5}, unit[2] = {1, 1}, radii[2] = {0.4, 0.9}, masses[2] = {0.7, 3.1};
    one_collision(false, same, unit, 1);
    one_collision(false, radii, masses, 2.5);
    one_collision(true, radii, masses, 0.3);
    rc_restitution_law law = material();
    law.poisson = 0.6;
    refused(law, "restitution.viscoelastic.poisson");
    law = material(), law.young = -1;
    refused(law, "restitution.viscoelastic.young");
    law = material(), law.dissipation = 0;
    refused(law, "restitution.viscoelastic.dissipation");
    CHECK(isnan(rc_restitution_law_value(&law, 1)), "a material law has no value without its pair");
    return check_finish();
}
