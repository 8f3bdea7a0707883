/* On-the-fly transport (issue 22; src/edmd/transport.c, src/run/measure.c) against oracles:
 * - Enskog's theory of the dilute hard-sphere fluid at rho sigma^3 = 0.2 (Chapman and Cowling, "The Mathematical
 *   Theory of Non-Uniform Gases", 3rd ed. (1970), chapter 16, in the first Sonine approximation):
 *     eta_0 = (5 / (16 sigma^2)) sqrt(m kT / pi), lambda_0 = (75 / (64 sigma^2)) k sqrt(kT / (pi m)),
 *     D_0 = (3 / (8 rho sigma^2)) sqrt(kT / (pi m)), kappa_E = (4/9) rho^2 sigma^4 chi sqrt(pi m kT),
 *     eta_E = (eta_0 / chi) (1 + 2y/5)^2 + (3/5) kappa_E, lambda_E = (lambda_0 / chi) (1 + 3y/5)^2 + (3k / 2m) kappa_E,
 *     D_E = D_0 / chi, with y = b rho chi, b = 2 pi sigma^3 / 3 and chi the Carnahan-Starling contact value
 *   (the dilute limits as in the Chapman-Enskog model of EntropyScaling.jl's documentation; the Enskog factors
 *   expand to the familiar eta_E / eta_0 = 1/chi + 0.8 b rho + 0.771 (b rho)^2 chi). The measured values must lie
 *   within three combined standard errors of the oracle, where the combined error adds to the run's block error
 *   an allowance for what the first approximation and molecular chaos leave out (5 % for eta and lambda: the
 *   higher Sonine terms alone are 1.6 % and 2.5 %; 10 % for D, which correlated collisions raise above D_E). A wrong
 *   prefactor of 2, a wrong volume or temperature in the formulas, or a missing collisional term (eta_E's is 20 %
 *   of it here, lambda_E's 30 %) falls far outside.
 * - An invariant: the trace of the Helfand moment of the stress over d is int P V dt, so G_xx + G_yy + G_zz equals
 *   the kinetic integral (of 2K dt) plus the virial of the engine's own pressure books to rounding, and the
 *   off-diagonal moments stay within a few times their spread sqrt(2 V kT eta t) of zero.
 * - Measurements never alter a trajectory: an engine keeping the moments ends in the same state, bit for bit, as
 *   one that does not.
 * - A run resumed from a checkpoint ends with the same transport numbers and curves, bit for bit, as the run that
 *   wrote the checkpoint and went on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check.h"
#include "ricochet/ricochet.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 4 };
#else
enum { SCALE = 1 };
#endif

static char directory[] = "/tmp/ricochet_test_transport_XXXXXX";

/* The scene: N = 864 hard spheres (an fcc lattice melted) at number density rho, kT = m = sigma = 1. */
static char *scene(double rho, double stop, const char *measure, const char *more)
{
    static char text[2048];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
             " \"particles\": {\"lattice\": \"fcc\", \"count\": 864, \"packing_fraction\": %.17g, \"diameter\": 1},"
             " \"equilibration\": {\"time\": 20}, \"stop\": {\"time\": %g}, \"output\": {\"every\": 50}%s%s%s}",
             M_PI / 6 * rho, stop, measure ? ", \"measure\": " : "", measure ? measure : "", more ? more : "");
    return text;
}

static double number(const cJSON *summary, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(summary, key);
    return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

/* Runs the scene to its end without files; its summary (NULL on failure). */
static cJSON *run_summary(const char *text)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *run = NULL;
    rc_status s = rc_run_create(text, &o, &run);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_OK, "run: %s", rc_last_error());
    char *json = s ? NULL : rc_run_summary_json(run, true);
    cJSON *summary = json ? cJSON_Parse(json) : NULL;
    rc_text_free(json);
    rc_run_destroy(run);
    return summary;
}

static void expect_near(const char *what, double value, double error, double oracle, double allowance)
{
    double combined = sqrt(error * error + allowance * allowance * oracle * oracle);
    printf("%-22s %.5f +- %.5f   Enskog %.5f   (%+.1f combined errors)\n", what, value, error, oracle,
           (value - oracle) / combined);
    CHECK(isfinite(value) && isfinite(error) && error > 0 && fabs(value - oracle) <= 3 * combined,
          "%s: %g +- %g, Enskog %g (allowance %g %%)", what, value, error, oracle, 100 * allowance);
}

static void test_enskog(void)
{
    double rho = 0.2, phi = M_PI / 6 * rho, chi = (1 - phi / 2) / pow(1 - phi, 3), b = 2 * M_PI / 3, y = b * rho * chi;
    double eta0 = 5 / 16.0 / sqrt(M_PI), lambda0 = 75 / 64.0 / sqrt(M_PI), d0 = 3 / (8 * rho) / sqrt(M_PI);
    double kappa = 4 / 9.0 * rho * rho * chi * sqrt(M_PI);
    double eta = eta0 / chi * pow(1 + 0.4 * y, 2) + 0.6 * kappa, lambda = lambda0 / chi * pow(1 + 0.6 * y, 2) + 1.5 * kappa;
    cJSON *s = run_summary(scene(rho, 20 + 800.0 / SCALE, "{\"diffusion\": true, \"viscosity\": true,"
                                 " \"thermal_conductivity\": true, \"rdf\": true}", NULL));
    if (!s) return;
    expect_near("shear viscosity", number(s, "shear_viscosity"), number(s, "shear_viscosity_error"), eta, 0.05);
    expect_near("thermal conductivity", number(s, "thermal_conductivity"), number(s, "thermal_conductivity_error"),
                lambda, 0.05);
    expect_near("diffusion", number(s, "diffusion_coefficient"), number(s, "diffusion_coefficient_error"), d0 / chi,
                0.10);
    /* the contact value against the run's own pressure, Z = 1 + 4 phi g(sigma+) */
    double z = number(s, "compressibility"), g = number(s, "rdf_contact"), ge = number(s, "rdf_contact_error");
    printf("g(sigma+) %.4f +- %.4f, from Z %.4f; bulk viscosity %.4f +- %.4f (Enskog %.4f)\n", g, ge,
           (z - 1) / (4 * phi), number(s, "bulk_viscosity"), number(s, "bulk_viscosity_error"), kappa);
    CHECK(fabs(g - (z - 1) / (4 * phi)) <= 3 * ge, "g(sigma+) %g +- %g against %g from Z", g, ge, (z - 1) / (4 * phi));
    double yh = number(s, "yeh_hummer_correction"), dinf = number(s, "diffusion_coefficient_infinite");
    CHECK(yh > 0 && fabs(dinf - number(s, "diffusion_coefficient") - yh) < 1e-12, "Yeh-Hummer: %g, %g", yh, dinf);
    const cJSON *off = cJSON_GetObjectItemCaseSensitive(s, "measure");
    CHECK(cJSON_IsObject(off) && number(off, "samples") > 300 / SCALE, "measure: the samples");
    cJSON_Delete(s);
}

/* An engine from the scene text (its "measure" sets def.transport). */
static rc_edmd *engine_of(const char *text)
{
    rc_run_scene *parsed = NULL;
    rc_edmd *e = NULL;
    rc_status st = rc_run_scene_parse(text, &parsed);
    if (!st) st = rc_run_scene_create_engine(parsed, &e);
    CHECK(st == RC_OK, "engine: %s", rc_last_error());
    rc_run_scene_destroy(parsed);
    return e;
}

static void test_invariants(void)
{
    const char *measured = scene(0.6, 100, "{\"viscosity\": true}", NULL);
    rc_edmd *on = engine_of(measured), *off = engine_of(scene(0.6, 100, NULL, NULL));
    if (!on || !off) return;
    double g[9], off_diagonal = 0, worst = 0;
    for (int k = 1; k <= 20; k++) {
        rc_edmd_limits l = {INFINITY, (uint64_t)k * 20000, 0};
        CHECK(rc_edmd_advance(on, &l) == RC_OK && rc_edmd_advance(off, &l) == RC_OK, "advance");
        CHECK(rc_edmd_transport_moments(on, g) == RC_OK, "moments: %s", rc_last_error());
        rc_edmd_observables o;
        rc_edmd_measure(on, &o);
        double trace = g[0] + g[1] + g[2], books = o.kinetic_integral + o.virial;
        /* |G_ab| grows as sqrt(2 V kT eta t); eta < 2 here (the Enskog value at rho sigma^3 = 0.6 is about 0.6) */
        double spread = sqrt(2 * (864 / 0.6) * o.temperature * 2 * o.time);
        double miss = fabs(trace - books) / books, shear = fmax(fabs(g[3]), fmax(fabs(g[4]), fabs(g[5]))) / spread;
        worst = isnan(miss) || miss > worst ? miss : worst;
        off_diagonal = isnan(shear) || shear > off_diagonal ? shear : off_diagonal;
    }
    printf("trace of G against the pressure books: %.2e; largest |G_ab| / sqrt(4 V kT t): %.2f\n", worst,
           off_diagonal);
    CHECK(worst < 1e-12, "trace of the Helfand moment %g off the pressure books", worst);
    CHECK(off_diagonal < 4, "off-diagonal moments %g times their spread", off_diagonal);
    CHECK(rc_edmd_transport_moments(off, g) == RC_INVALID_ARGUMENT, "an engine without transport has no moments");
    /* the same trajectory, bit for bit */
    rc_frame a, b;
    int32_t n = rc_edmd_count(on);
    CHECK(rc_frame_init(&a, n, false) == RC_OK && rc_frame_init(&b, n, false) == RC_OK, "frames");
    CHECK(rc_edmd_fill_frame(on, &a) == RC_OK && rc_edmd_fill_frame(off, &b) == RC_OK, "fill");
    CHECK(memcmp(a.positions, b.positions, 3 * (size_t)n * sizeof(double)) == 0 &&
              memcmp(a.velocities, b.velocities, 3 * (size_t)n * sizeof(double)) == 0,
          "the moments changed the trajectory");
    rc_frame_release(&a);
    rc_frame_release(&b);
    rc_edmd_destroy(on);
    rc_edmd_destroy(off);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buffer[1 << 20];
    size_t n = fread(buffer, 1, sizeof buffer - 1, f);
    fclose(f);
    buffer[n] = '\0';
    return strdup(buffer);
}

static void test_resume(void)
{
    const char *text = scene(0.5, 60, "{\"diffusion\": true, \"viscosity\": true, \"thermal_conductivity\": true,"
                                      " \"rdf\": true, \"structure_factor\": true, \"points\": 16}", NULL);
    char first[512], second[512], checkpoint[512];
    snprintf(first, sizeof first, "%s/whole", directory);
    snprintf(second, sizeof second, "%s/resumed", directory);
    snprintf(checkpoint, sizeof checkpoint, "%s/at35.rcp", directory);
    rc_run_options o = rc_run_default_options();
    o.directory = first;
    o.no_xyz = true;
    rc_run *run = NULL;
    rc_run_limits until = {35, 0, 0, 0};
    rc_status s = rc_run_create(text, &o, &run);
    if (!s) s = rc_run_advance(run, &until);
    if (!s) s = rc_run_checkpoint_write(run, checkpoint);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_OK, "the whole run: %s", rc_last_error());
    char *whole = s ? NULL : rc_run_summary_json(run, true);
    rc_run_destroy(run);
    rc_run_options elsewhere = rc_run_default_options();
    elsewhere.directory = second;
    run = NULL;
    s = rc_run_resume(checkpoint, &elsewhere, &run);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_OK, "the resumed run: %s", rc_last_error());
    char *resumed = s ? NULL : rc_run_summary_json(run, true);
    rc_run_destroy(run);
    cJSON *a = whole ? cJSON_Parse(whole) : NULL, *b = resumed ? cJSON_Parse(resumed) : NULL;
    static const char *const keys[] = {"diffusion_coefficient", "shear_viscosity", "bulk_viscosity",
                                       "thermal_conductivity", "rdf_contact", "shear_viscosity_error"};
    for (size_t k = 0; a && b && k < sizeof keys / sizeof *keys; k++) {
        double x = number(a, keys[k]), y = number(b, keys[k]);
        CHECK(isfinite(x) && memcmp(&x, &y, sizeof x) == 0, "%s: %.17g whole, %.17g resumed", keys[k], x, y);
    }
    static const char *const files[] = {"msd.csv", "vacf.csv", "rdf.csv", "structure_factor.csv", "viscosity.csv",
                                        "thermal_conductivity.csv"};
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        char p[600], q[600];
        snprintf(p, sizeof p, "%s/%s", first, files[k]);
        snprintf(q, sizeof q, "%s/%s", second, files[k]);
        char *x = read_text(p), *y = read_text(q);
        CHECK(x && y && strcmp(x, y) == 0, "%s differs after the resume (or is missing)", files[k]);
        free(x);
        free(y);
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
    rc_text_free(whole);
    rc_text_free(resumed);
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_invariants();
    test_resume();
    test_enskog();
    char command[600];
    snprintf(command, sizeof command, "rm -rf %s", directory);
    if (system(command) != 0) return 1;
    return check_finish();
}
