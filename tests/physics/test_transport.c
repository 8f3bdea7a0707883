/* SPDX-License-Identifier: MIT */
/* On-the-fly transport (src/edmd/transport.c, src/run/measure.c) against oracles:
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
 *   higher Sonine terms alone are 1.6 % and 2.5 %; 10 % for D, which correlated collisions raise above D_E, and
 *   for the bulk viscosity kappa_E, whose centred estimator is biased low by about the fit window over the span;
 *   kappa_E is also Longuet-Higgins and Pople's, J. Chem. Phys. 25, 884 (1956), with their a the radius). A wrong
 *   prefactor of 2, a wrong volume or temperature in the formulas, or a missing collisional term (eta_E's is 20 %
 *   of it here, lambda_E's 30 %) falls far outside.
 * - An invariant: the trace of the Helfand moment of the stress over d is int P V dt, so G_xx + G_yy + G_zz equals
 *   the kinetic integral (of 2K dt) plus the virial of the engine's own pressure books to rounding, and the
 *   off-diagonal moments stay within a few times their spread sqrt(2 V kT eta t) of zero.
 * - Measurements never alter a trajectory: an engine keeping the moments ends in the same state, bit for bit, as
 *   one that does not.
 * - A run resumed from a checkpoint ends with the same transport numbers and curves, bit for bit, as the run that
 *   wrote the checkpoint and went on.
 * - The multiple-tau correlator holds the levels it has reached only: after f frames its state (what a checkpoint
 *   holds) is, byte for byte, the header plus one level's ring and sums per level reached (level 0, and level l >= 1
 *   from frame 2^l on), for the particles' form and the centred blocks' form; read back, it gives the same table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "analysis/correlator.h"
#include "analysis/table.h"
#include "check.h"
#include "ricochet/ricochet.h"
#include "run_check.h"
#include "scenes.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 4 };
#else
enum { SCALE = 1 };
#endif

static char directory[] = "/tmp/ricochet_test_transport_XXXXXX";

/* The scene: N = 864 hard spheres (an fcc lattice melted) at number density rho, kT = m = sigma = 1. */
static char *sphere_scene(double rho, double stop, const char *measure, const char *more)
{
    static char text[2048];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
             " \"particles\": {\"lattice\": \"fcc\", \"count\": 864, \"packing_fraction\": %.17g, \"diameter\": 1},"
             " \"equilibration\": {\"time\": 20}, \"stop\": {\"time\": %g}, \"output\": {\"every\": 50}%s%s%s}",
             M_PI / 6 * rho, stop, measure ? ", \"measure\": " : "", measure ? measure : "", more ? more : "");
    return text;
}

static void test_enskog(void)
{
    double rho = 0.2, phi = M_PI / 6 * rho, chi = (1 - phi / 2) / pow(1 - phi, 3), b = 2 * M_PI / 3, y = b * rho * chi;
    double eta0 = 5 / 16.0 / sqrt(M_PI), lambda0 = 75 / 64.0 / sqrt(M_PI), d0 = 3 / (8 * rho) / sqrt(M_PI);
    double kappa = 4 / 9.0 * rho * rho * chi * sqrt(M_PI);
    double eta = eta0 / chi * pow(1 + 0.4 * y, 2) + 0.6 * kappa,
           lambda = lambda0 / chi * pow(1 + 0.6 * y, 2) + 1.5 * kappa;
    cJSON *s = run_check_summary(sphere_scene(rho, 20 + 800.0 / SCALE,
                                              "{\"diffusion\": true, \"viscosity\": true,"
                                              " \"thermal_conductivity\": true, \"rdf\": true}",
                                              NULL));
    if (!s) return;
    run_check_near("shear viscosity", run_check_number(s, "shear_viscosity"),
                   run_check_number(s, "shear_viscosity_error"), eta, 0.05);
    run_check_near("thermal conductivity", run_check_number(s, "thermal_conductivity"),
                   run_check_number(s, "thermal_conductivity_error"), lambda, 0.05);
    run_check_near("diffusion", run_check_number(s, "diffusion_coefficient"),
                   run_check_number(s, "diffusion_coefficient_error"), d0 / chi, 0.10);
    /* The bulk viscosity is Enskog's collisional transfer alone, which is the Helfand moment's variance for
     * uncorrelated Maxwellian collisions (docs/formats.md, "Transport"). This run (seed 3, 800 time units) gives
     * 0.027 +- 0.005; six seeds of 3,000 time units give 0.030, 0.043, 0.046, 0.039, 0.038, 0.043 (mean 0.040
     * +- 0.002, block errors 0.004-0.007), and the centred estimator sits about 3 % low at this span: statistics,
     * so 10 % of allowance and three combined errors. A wrong d in G_p (a factor 9) or a factor 2 falls far outside. */
    run_check_near("bulk viscosity", run_check_number(s, "bulk_viscosity"), run_check_number(s, "bulk_viscosity_error"),
                   kappa, 0.10);
    /* the contact value against the run's own pressure, Z = 1 + 4 phi g(sigma+) */
    double z = run_check_number(s, "compressibility"), g = run_check_number(s, "rdf_contact");
    double ge = run_check_number(s, "rdf_contact_error");
    printf("g(sigma+) %.4f +- %.4f, from Z %.4f\n", g, ge, (z - 1) / (4 * phi));
    CHECK(fabs(g - (z - 1) / (4 * phi)) <= 3 * ge, "g(sigma+) %g +- %g against %g from Z", g, ge, (z - 1) / (4 * phi));
    double yh = run_check_number(s, "yeh_hummer_correction");
    double dinf = run_check_number(s, "diffusion_coefficient_infinite");
    CHECK(yh > 0 && fabs(dinf - run_check_number(s, "diffusion_coefficient") - yh) < 1e-12, "Yeh-Hummer: %g, %g", yh,
          dinf);
    const cJSON *off = cJSON_GetObjectItemCaseSensitive(s, "measure");
    CHECK(cJSON_IsObject(off) && run_check_number(off, "samples") > 300 / SCALE, "measure: the samples");
    cJSON_Delete(s);
}

static void test_invariants(void)
{
    const char *measured = sphere_scene(0.6, 100, "{\"viscosity\": true}", NULL);
    rc_edmd *on = run_check_engine(measured), *off = run_check_engine(sphere_scene(0.6, 100, NULL, NULL));
    if (!on || !off) return;
    double g[9], off_diagonal = 0, worst = 0;
    for (int k = 1; k <= 20; k++) {
        rc_edmd_limits l = {INFINITY, (uint64_t)k * 20000, 0};
        CHECK(rc_edmd_advance(on, &l) == RC_STATUS_OK && rc_edmd_advance(off, &l) == RC_STATUS_OK, "advance");
        CHECK(rc_edmd_transport_moments(on, g) == RC_STATUS_OK, "moments: %s", rc_error_get());
        rc_edmd_observables o;
        rc_edmd_measure(on, &o);
        double trace = g[0] + g[1] + g[2], books = o.kinetic_integral + o.virial;
        /* |G_ab| grows as sqrt(2 V kT eta t); eta < 2 here (the Enskog value at rho sigma^3 = 0.6 is about 0.6) */
        double spread = sqrt(2 * (864 / 0.6) * o.temperature * 2 * o.time);
        double miss = fabs(trace - books) / books, shear = fmax(fabs(g[3]), fmax(fabs(g[4]), fabs(g[5]))) / spread;
        worst = isnan(miss) || miss > worst ? miss : worst;
        off_diagonal = isnan(shear) || shear > off_diagonal ? shear : off_diagonal;
    }
    printf("trace of G against the pressure books: %.2e; largest |G_ab| / sqrt(4 V kT t): %.2f\n", worst, off_diagonal);
    CHECK(worst < 1e-12, "trace of the Helfand moment %g off the pressure books", worst);
    CHECK(off_diagonal < 4, "off-diagonal moments %g times their spread", off_diagonal);
    CHECK(rc_edmd_transport_moments(off, g) == RC_STATUS_INVALID_ARGUMENT,
          "an engine without transport has no moments");
    /* the same trajectory, bit for bit */
    rc_frame a, b;
    int32_t n = rc_edmd_count(on);
    CHECK(rc_frame_create(&a, n, false) == RC_STATUS_OK && rc_frame_create(&b, n, false) == RC_STATUS_OK, "frames");
    CHECK(rc_edmd_fill_frame(on, &a) == RC_STATUS_OK && rc_edmd_fill_frame(off, &b) == RC_STATUS_OK, "fill");
    CHECK(memcmp(a.positions, b.positions, 3 * (size_t)n * sizeof(double)) == 0 &&
              memcmp(a.velocities, b.velocities, 3 * (size_t)n * sizeof(double)) == 0,
          "the moments changed the trajectory");
    rc_frame_destroy(&a);
    rc_frame_destroy(&b);
    rc_edmd_destroy(on);
    rc_edmd_destroy(off);
}

/* The least-squares slope against lag time of the all-origins mean of [x(t + k dt) - x(t)]^2 over the lags k in
 * [first, last], x the `count` samples of column `column` of rows of 9. */
static double direct_slope(const double *x, int count, int column, int first, int last, double dt)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int k = first; k <= last; k++) {
        double sum = 0;
        for (int t = 0; t + k < count; t++) {
            double d = x[9 * (t + k) + column] - x[9 * t + column];
            sum += d * d;
        }
        double y = sum / (count - k), lag = k * dt;
        sx += lag, sy += y, sxx += lag * lag, sxy += lag * y;
    }
    int n = last - first + 1;
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

/* eta from the off-diagonal moments (xy, xz, yz) and from the traceless diagonal ones ((xx - yy) / 2, (yy - zz) / 2,
 * (xx - zz) / 2, put by the caller in columns 6-8 of the rows of 9), each the mean of its three slopes over 2 V kT. */
static void two_etas(const double *rows, int count, int first, int last, double dt, double scale, double eta[2])
{
    eta[0] = eta[1] = 0;
    for (int c = 0; c < 3; c++) {
        eta[0] += direct_slope(rows, count, 3 + c, first, last, dt) / (3 * scale);
        eta[1] += direct_slope(rows, count, 6 + c, first, last, dt) / (3 * scale);
    }
}

/* The estimator against an independent one, from the engine's moments sampled densely at rho sigma^3 = 0.477
 * (packing fraction 0.25): isotropy makes (P_xx - P_yy) / 2 correlate exactly as P_xy does, so eta from the traceless
 * diagonal moments (whose collisional part the trace test above pins to the pressure books) must equal eta from
 * the off-diagonal ones within the block errors of their difference (a wrong or missing off-diagonal term, kinetic
 * or collisional, falls far outside: the collisional part is 80 % of eta here). And the run's multiple-tau
 * correlator, fed the same samples, gives level 0's lags exactly as the direct all-origins mean does, and the slope
 * over the default window (10 to 40 mean free times) within a fraction of its error of the direct one (no smoothing
 * bias at the coarse levels). Both sit near Enskog's 0.512 (first and second Sonine terms) for such a run. */
static void test_estimator(void)
{
    enum { SAMPLES = 2000 / SCALE, BLOCKS = 10, BLOCK = SAMPLES / BLOCKS, POINTS = 16 };
    const double rho = 0.477, dt = 0.15, start = 10;
    rc_edmd *e = run_check_engine(sphere_scene(rho, 100, "{\"viscosity\": true}", NULL));
    double *rows = malloc(sizeof(double) * 9 * SAMPLES);
    rc_correlator c;
    CHECK(e && rows && rc_correlator_start_blocks(&c, false, POINTS, BLOCKS, BLOCK, 3) == RC_STATUS_OK, "setup");
    if (!e || !rows) return;
    double g0[9] = {0}, temperature = 0;
    for (int k = 0; k < SAMPLES; k++) {
        rc_edmd_limits l = {start + k * dt, 0, 0};
        CHECK(rc_edmd_advance(e, &l) == RC_STATUS_OK, "advance: %s", rc_error_get());
        double *g = rows + 9 * k, values[9] = {0};
        CHECK(rc_edmd_transport_moments(e, g) == RC_STATUS_OK, "moments");
        if (k == 0) memcpy(g0, g, sizeof g0);
        for (int a = 0; a < 9; a++) g[a] -= g0[a];
        double xx = g[0], yy = g[1], zz = g[2];
        g[6] = (xx - yy) / 2, g[7] = (yy - zz) / 2, g[8] = (xx - zz) / 2; /* the heat moments are not used here */
        for (int a = 0; a < 3; a++) values[3 * a] = g[3 + a];
        CHECK(rc_correlator_add(&c, start + k * dt, values) == RC_STATUS_OK, "correlator");
        rc_edmd_observables o;
        rc_edmd_measure(e, &o);
        temperature += o.temperature / SAMPLES;
    }
    double scale = 2 * (864 / rho) * temperature;
    int first = 10, last = 38; /* 1.5 to 5.7: 10 to 40 mean free times (0.142 at this density) */
    double eta[2], blocks[BLOCKS][2], mean_difference = 0, squares = 0, spread[2] = {0, 0};
    two_etas(rows, SAMPLES, first, last, dt, scale, eta);
    for (int b = 0; b < BLOCKS; b++) {
        two_etas(rows + 9 * b * BLOCK, BLOCK, first, last, dt, scale, blocks[b]);
        mean_difference += (blocks[b][0] - blocks[b][1]) / BLOCKS;
    }
    for (int b = 0; b < BLOCKS; b++) {
        double d = blocks[b][0] - blocks[b][1] - mean_difference;
        squares += d * d;
        for (int k = 0; k < 2; k++) spread[k] += pow(blocks[b][k] - eta[k], 2) / (BLOCKS * (BLOCKS - 1));
    }
    double difference_error = sqrt(squares / (BLOCKS * (BLOCKS - 1)));
    printf("eta off-diagonal %.4f +- %.4f, traceless diagonal %.4f +- %.4f (Enskog 0.512), difference %+.2f errors\n",
           eta[0], sqrt(spread[0]), eta[1], sqrt(spread[1]), (eta[0] - eta[1]) / difference_error);
    CHECK(fabs(eta[0] - eta[1]) <= 3 * difference_error, "eta from G_xy %g, from (G_xx - G_yy) / 2 %g (+- %g)", eta[0],
          eta[1], difference_error);
    /* the correlator against the direct means: level 0 exactly, the slope within a third of its error */
    rc_table t = {0};
    CHECK(rc_correlator_finish(&c, "shear", &t) == RC_STATUS_OK && t.rows > POINTS, "correlator table");
    double worst = 0;
    for (int r = 1; r < POINTS && r < t.rows; r++) {
        double direct = 0;
        for (int a = 0; a < 3; a++)
            for (int s = 0; s + r < SAMPLES; s++) direct += pow(rows[9 * (s + r) + 3 + a] - rows[9 * s + 3 + a], 2);
        direct /= 3.0 * (SAMPLES - r);
        worst = fmax(worst, fabs(t.values[4 * r + 1] - direct) / direct);
    }
    double slope, error;
    int used;
    rc_correlator_slope(&c, first * dt, last * dt, &slope, &error, &used);
    printf("correlator: level 0 off the direct means by %.1e; eta %.4f +- %.4f against the direct %.4f\n", worst,
           slope / scale, error / scale, eta[0]);
    CHECK(worst < 1e-12, "the correlator's level 0 is %g off the direct means", worst);
    CHECK(fabs(slope / scale - eta[0]) < error / scale / 3, "the correlator's eta %g, the direct %g (+- %g)",
          slope / scale, eta[0], error / scale);
    rc_table_release(&t);
    rc_correlator_release(&c);
    free(rows);
    rc_edmd_destroy(e);
}

/* The correlator's state after each of 40 frames against the size of the levels reached; the state read back into
 * a new correlator gives the same table, bit for bit. */
static void test_levels(void)
{
    enum { P = 4, G = 3, N = 4, FRAMES = 40 }; /* N > G: as many particle groups as asked */
    for (int blocks = 0; blocks < 2; blocks++) {
        rc_correlator c, back;
        rc_status s =
            blocks ? rc_correlator_start_blocks(&c, true, P, G, 5, N) : rc_correlator_start(&c, false, P, G, N);
        for (int f = 1; f <= FRAMES && !s; f++) {
            double values[3 * N];
            for (int k = 0; k < 3 * N; k++) values[k] = sin(f * (k + 1.5));
            s = rc_correlator_add(&c, 0.5 * f, values);
            int levels = 1; /* level 0, and each level l >= 1 whose frame 2^l has come */
            while ((1 << levels) <= f - 1) levels++;
            size_t cells = (size_t)P * G, ring = (size_t)P * (3 * N + 1) * sizeof(double);
            size_t level = ring + (cells + 2 * P) * 8 + (blocks ? cells * 8 + cells * 3 * N * sizeof(double) : 0);
            size_t expected = sizeof(int64_t) * (1 + RC_CORRELATOR_LEVELS) + RC_CORRELATOR_LEVELS * sizeof(bool) +
                              (size_t)levels * level;
            rc_bytes count = {RC_BYTES_COUNT, NULL, 0, 0, false};
            rc_correlator_walk(&count, &c);
            CHECK(count.used == expected, "%s, frame %d: a state of %zu bytes, not the %zu of %d levels",
                  blocks ? "blocks" : "particles", f, count.used, expected, levels);
        }
        rc_bytes count = {RC_BYTES_COUNT, NULL, 0, 0, false};
        rc_correlator_walk(&count, &c);
        unsigned char *buffer = malloc(count.used);
        rc_bytes write = {RC_BYTES_WRITE, buffer, count.used, 0, false},
                 read = {RC_BYTES_READ, buffer, count.used, 0, false};
        if (!s) s = rc_correlator_walk(&write, &c);
        if (!s)
            s = blocks ? rc_correlator_start_blocks(&back, true, P, G, 5, N)
                       : rc_correlator_start(&back, false, P, G, N);
        if (!s) s = rc_correlator_walk(&read, &back);
        rc_table a = {0}, b = {0};
        if (!s) s = rc_correlator_finish(&c, "x", &a);
        if (!s) s = rc_correlator_finish(&back, "x", &b);
        CHECK(!s && read.left == 0 && !read.short_of_room && a.rows == b.rows && a.rows > 0 &&
                  memcmp(a.values, b.values, (size_t)a.rows * 4 * sizeof *a.values) == 0,
              "%s: the state read back gives another table (%s)", blocks ? "blocks" : "particles", rc_error_get());
        rc_table_release(&a);
        rc_table_release(&b);
        rc_correlator_release(&c);
        rc_correlator_release(&back);
        free(buffer);
    }
}

/* The block errors against the scatter of independent runs, on a process whose statistics are known: two moments
 * G(t) = sum of increments x_k that follow x_k = a x_{k-1} + sqrt(1 - a^2) xi_k (a = 0.5, xi unit normal), whose
 * <[G(t + k) - G(t)]^2> has the slope (1 + a) / (1 - a) = 3 at long lags. RUNS short runs of FRAMES samples each,
 * cut into 10 blocks of 140 samples with the fit window 10 to 40 samples (the shape of examples/edmd/transport.json:
 * blocks barely four times the window's end), give a slope and its block error each; the root mean square of the
 * errors over the standard deviation of the slopes must be 1 within three of its standard errors, sqrt(5 / (9 RUNS))
 * (the scatter's 1 / (2 RUNS) and the errors' own, nine degrees of freedom, 1 / (18 RUNS)), and the mean slope 3
 * within three standard errors, for the plain and the centred form (the centred one removes each lag's mean drift,
 * which biases it low by about the window over the run; it is not checked for the mean). 4,000 such runs give the
 * ratio 0.970 +- 0.011 (neighbouring blocks share the lags across their boundary: 3 %), 0.998 with blocks ten times
 * longer; a missing sqrt(blocks) would give 3.2, blocks correlated by half 0.6. */
static void test_block_errors(void)
{
    enum { RUNS = 400 / SCALE, FRAMES = 1400, BLOCKS = 10 };
    const double a = 0.5;
    for (int centred = 0; centred <= 1; centred++) {
        scene_rng rng;
        scene_seed(&rng, 11 + (uint64_t)centred);
        double sum = 0, squares = 0, errors = 0;
        for (int r = 0; r < RUNS; r++) {
            rc_correlator c;
            CHECK(rc_correlator_start_blocks(&c, centred, 16, BLOCKS, FRAMES / BLOCKS, 2) == RC_STATUS_OK,
                  "correlator");
            double x[2] = {scene_normal(&rng), scene_normal(&rng)}, g[2] = {0, 0};
            for (int f = 0; f < FRAMES; f++) {
                double values[6] = {g[0], 0, 0, g[1], 0, 0};
                rc_correlator_add(&c, f, values);
                for (int k = 0; k < 2; k++) g[k] += x[k] = a * x[k] + sqrt(1 - a * a) * scene_normal(&rng);
            }
            double slope, error;
            int rows;
            rc_correlator_slope(&c, 10, 40, &slope, &error, &rows);
            sum += slope, squares += slope * slope, errors += error * error;
            rc_correlator_release(&c);
        }
        double mean = sum / RUNS, scatter = sqrt((squares - RUNS * mean * mean) / (RUNS - 1));
        double rms = sqrt(errors / RUNS);
        printf("block errors (%s): slope %.4f (3 at long lags), scatter of %d runs %.4f, rms block error %.4f\n",
               centred ? "centred" : "plain", mean, RUNS, scatter, rms);
        CHECK(fabs(rms / scatter - 1) <= 3 * sqrt(5.0 / (9 * RUNS)), "block errors %g against a scatter of %g", rms,
              scatter);
        CHECK(centred || fabs(mean - 3) <= 3 * scatter / sqrt(RUNS), "mean slope %g, not 3", mean);
    }
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
    const char *text = sphere_scene(0.5, 60,
                                    "{\"diffusion\": true, \"viscosity\": true,"
                                    " \"thermal_conductivity\": true, \"rdf\": true,"
                                    " \"structure_factor\": true, \"points\": 16}",
                                    NULL);
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
    CHECK(s == RC_STATUS_OK, "the whole run: %s", rc_error_get());
    char *whole = s ? NULL : rc_run_summary_json(run, true);
    rc_run_destroy(run);
    rc_run_options elsewhere = rc_run_default_options();
    elsewhere.directory = second;
    run = NULL;
    s = rc_run_create_from_checkpoint(checkpoint, &elsewhere, &run);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_STATUS_OK, "the resumed run: %s", rc_error_get());
    char *resumed = s ? NULL : rc_run_summary_json(run, true);
    rc_run_destroy(run);
    cJSON *a = whole ? cJSON_Parse(whole) : NULL, *b = resumed ? cJSON_Parse(resumed) : NULL;
    static const char *const keys[] = {"diffusion_coefficient", "shear_viscosity", "bulk_viscosity",
                                       "thermal_conductivity",  "rdf_contact",     "shear_viscosity_error"};
    for (size_t k = 0; a && b && k < sizeof keys / sizeof *keys; k++) {
        double x = run_check_number(a, keys[k]), y = run_check_number(b, keys[k]);
        CHECK(isfinite(x) && memcmp(&x, &y, sizeof x) == 0, "%s: %.17g whole, %.17g resumed", keys[k], x, y);
    }
    static const char *const files[] = {
        "msd.csv", "vacf.csv", "rdf.csv", "structure_factor.csv", "viscosity.csv", "thermal_conductivity.csv"};
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
    rc_text_destroy(whole);
    rc_text_destroy(resumed);
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_invariants();
    test_estimator();
    test_levels();
    test_block_errors();
    test_resume();
    test_enskog();
    if (!check_remove_tree(directory)) return 1;
    return check_finish();
}
