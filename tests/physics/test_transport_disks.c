/* SPDX-License-Identifier: MIT */
/* On-the-fly transport of hard disks (src/edmd/transport.c, src/run/measure.c in 2D) against
 * oracles:
 * - Enskog's theory of the dense hard-disk gas in the first Sonine approximation (worked out by D. M. Gass, "Enskog
 *   theory for a rigid disk fluid", J. Chem. Phys. 54, 1898 (1971), whose equations were not at hand: the formulas
 *   below are the d = 2, restitution 1 case of the d-dimensional Enskog coefficients, e.g. V. Garzo,
 *   arXiv:1204.5114, derived as said below and reducing at d = 3 to those of tests/physics/test_transport.c). With
 *   phi = pi n sigma^2 / 4 and chi = (1 - 7 phi / 16) / (1 - phi)^2 (Henderson):
 *     eta_0 = (1 / (2 sigma)) sqrt(m kT / pi), lambda_0 = 4 (k / m) eta_0, D_0 = (1 / (2 n sigma)) sqrt(kT / (pi m)),
 *     kappa_E = (16 / pi) phi^2 chi eta_0 = (1/2) n^2 sigma^3 chi sqrt(pi m kT)   (bulk viscosity),
 *     eta_E = (eta_0 / chi) (1 + phi chi)^2 + kappa_E / 2,
 *     lambda_E = (lambda_0 / chi) (1 + 3 phi chi / 2)^2 + (k / m) kappa_E,   D_E = D_0 / chi,
 *   i.e. eta_E / eta_0 = 1/chi + 2 phi + (1 + 8/pi) phi^2 chi, lambda_E / lambda_0 = 1/chi + 3 phi + (9/4 + 4/pi)
 *   phi^2 chi. kappa_E and the collisional parts kappa_E / 2 and (k / m) kappa_E are the Helfand moments' variance
 *   for uncorrelated collisions of Maxwellian pairs (their ratios are <k_x^2 k_y^2> / <k_x^2>^2 = d / (d + 2) and
 *   d kT / 2m for unit vectors k in d dimensions); D_0 is the first Sonine friction of a tagged disk (docs/edmd.md,
 *   "Literature values"). Shear viscosity, thermal conductivity and bulk viscosity must lie within three combined
 *   errors, the run's block error and 10 % of the oracle for what the first Sonine term and molecular chaos leave
 *   out (in 3D the next Sonine terms add 1.6 % and 2.5 %; the 2D long-time tails, below, add a few per cent).
 * - The 2D long-time tail of diffusion. The velocity autocorrelation of disks decays as 1 / (8 pi n (D + nu) t)
 *   (nu = eta / (m n); mode coupling, Ernst, Hauge and van Leeuwen, Phys. Rev. Lett. 25, 1254 (1970)), so D(t)
 *   grows as (kT/m) ln t / (8 pi n (D + nu)) without bound and the slope of the MSD depends on the fit window and
 *   the box. Erpenbeck and Wood (hard-disk velocity autocorrelation, Phys. Rev. A 26, 1648 (1982)) found the
 *   tail's amplitude given by the Enskog coefficients beyond about 20 mean free times at low density. So D is
 *   checked between two bounds that bracket the window [10, 40] mean free times: above D_E (by more than three
 *   standard errors: the enhancement is there, 7 % at this density and size) and at most D_E plus that tail
 *   integrated from one mean free time to the window's end for an infinite system (the periodic box cuts the
 *   tail off earlier). A factor 2 or a 2d of the wrong dimension in D falls far outside.
 * - The contact theorem in 2D: g(sigma+) from the measured g(r) equals (Z - 1) / (2 phi), Z from the run's own
 *   pressure, within three standard errors of the contact value.
 * - 2D invariants of the Helfand moments: the z components (G_zz, G_xz, G_yz, G_q,z) stay exactly 0, the trace
 *   G_xx + G_yy equals the kinetic integral plus the virial of the pressure books to rounding, and a 2D run reports
 *   no Yeh-Hummer correction (a 3D cubic-box formula). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "run_check.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 4 };
#else
enum { SCALE = 1 };
#endif

/* N = 256 hard disks from a triangular lattice at packing fraction phi, kT = m = sigma = 1. */
static const char *scene(double phi, double stop, const char *measure)
{
    static char text[1024];
    snprintf(text, sizeof text,
             "{\"dimension\": 2, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
             " \"particles\": {\"lattice\": \"hexagonal\", \"count\": 256, \"packing_fraction\": %.17g,"
             " \"diameter\": 1}, \"equilibration\": {\"time\": 50}, \"stop\": {\"time\": %g},"
             " \"output\": {\"every\": 1000}, \"measure\": %s}",
             phi, stop, measure);
    return text;
}

static void test_invariants(void)
{
    rc_edmd *e = run_check_engine(scene(0.4, 100, "{\"viscosity\": true, \"thermal_conductivity\": true}"));
    if (!e) return;
    double g[9], worst = 0, z = 0;
    for (int k = 1; k <= 10; k++) {
        rc_edmd_limits l = {INFINITY, (uint64_t)k * 20000, 0};
        CHECK(rc_edmd_advance(e, &l) == RC_STATUS_OK, "advance: %s", rc_error_get());
        CHECK(rc_edmd_transport_moments(e, g) == RC_STATUS_OK, "moments: %s", rc_error_get());
        rc_edmd_observables o;
        rc_edmd_measure(e, &o);
        double books = o.kinetic_integral + o.virial, miss = fabs(g[0] + g[1] - books) / books;
        worst = isnan(miss) || miss > worst ? miss : worst;
        z = fmax(z, fmax(fmax(fabs(g[2]), fabs(g[4])), fmax(fabs(g[5]), fabs(g[8]))));
    }
    printf("2D: trace of G against the pressure books %.2e, largest z component %g\n", worst, z);
    CHECK(worst < 1e-12, "G_xx + G_yy is %g off the pressure books", worst);
    CHECK(z == 0, "a z component of the 2D Helfand moments is %g", z);
    rc_edmd_destroy(e);
}

static void test_enskog(void)
{
    const double phi = 0.1, n = 4 * phi / M_PI, chi = (1 - 7 * phi / 16) / ((1 - phi) * (1 - phi));
    cJSON *s = run_check_summary(scene(phi, 50 + 10000.0 / SCALE,
                                       "{\"diffusion\": true, \"viscosity\": true, \"thermal_conductivity\": true,"
                                       " \"rdf\": true, \"structure_interval\": 20}"));
    if (!s) return;
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(s, "measure");
    const cJSON *fit = cJSON_GetObjectItemCaseSensitive(info, "fit");
    double kT = run_check_number(info, "temperature"), tau = run_check_number(info, "mean_free_time");
    double t1 = cJSON_GetArraySize(fit) == 2 ? cJSON_GetArrayItem(fit, 1)->valuedouble : NAN;
    double eta0 = sqrt(kT / M_PI) / 2, lambda0 = 4 * eta0, d0 = sqrt(kT / M_PI) / (2 * n);
    double kappa = 16 / M_PI * phi * phi * chi * eta0;
    double eta = eta0 / chi * pow(1 + phi * chi, 2) + kappa / 2;
    double lambda = lambda0 / chi * pow(1 + 1.5 * phi * chi, 2) + kappa;
    run_check_near("shear viscosity", run_check_number(s, "shear_viscosity"),
                   run_check_number(s, "shear_viscosity_error"), eta, 0.10);
    run_check_near("thermal conductivity", run_check_number(s, "thermal_conductivity"),
                   run_check_number(s, "thermal_conductivity_error"), lambda, 0.10);
    run_check_near("bulk viscosity", run_check_number(s, "bulk_viscosity"), run_check_number(s, "bulk_viscosity_error"),
                   kappa, 0.10);
    /* diffusion between Enskog and Enskog plus the infinite system's tail to the end of the fit window */
    double d = run_check_number(s, "diffusion_coefficient"), de = run_check_number(s, "diffusion_coefficient_error");
    double enskog = d0 / chi, tail = kT / (8 * M_PI * n * (enskog + eta / n)) * log(t1 / tau);
    printf("diffusion              %.5f +- %.5f   Enskog %.5f (D / D_E = %.3f), with the tail to t = %.1f: %.5f\n", d,
           de, enskog, d / enskog, t1, enskog + tail);
    CHECK(isfinite(d) && de > 0 && d - enskog > 3 * de, "D %g +- %g is not above Enskog's %g", d, de, enskog);
    CHECK(d <= enskog + tail + 3 * de, "D %g +- %g is above Enskog plus the 2D tail, %g", d, de, enskog + tail);
    /* the contact theorem in 2D, Z = 1 + 2 phi g(sigma+) */
    double z = run_check_number(s, "compressibility"), g = run_check_number(s, "rdf_contact");
    double ge = run_check_number(s, "rdf_contact_error");
    printf("g(sigma+) %.4f +- %.4f, from Z %.4f (Henderson %.4f)\n", g, ge, (z - 1) / (2 * phi), chi);
    CHECK(isfinite(g) && fabs(g - (z - 1) / (2 * phi)) <= 3 * ge, "g(sigma+) %g +- %g against %g from Z", g, ge,
          (z - 1) / (2 * phi));
    CHECK(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(s, "yeh_hummer_correction")) &&
              cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(s, "diffusion_coefficient_infinite")),
          "a 2D run reports a Yeh-Hummer correction");
    cJSON_Delete(s);
}

int main(void)
{
    test_invariants();
    test_enskog();
    return check_finish();
}
