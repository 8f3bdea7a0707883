/* SPDX-License-Identifier: MIT */
/* Tests of replica exchange (src/run/exchange.c, ricochet/exchange.h) by detailed balance. One sphere under gravity
 * g in a box closed at z = 0 and z = L, with an Andersen thermostat, has the barometric law exactly: its height h has
 * density exp(-mgh/kT) on [r, L - r] at every temperature. Four replicas on a ladder of temperatures swap by the
 * canonical rule; if the rule keeps detailed balance each temperature's heights still follow its own barometric law
 * (mean and variance against quadrature of the exact density), and the acceptance of each neighbouring pair is the
 * expectation of min(1, exp[(1/T_a - 1/T_b)(U_a - U_b)]) over the two exact densities, computed by quadrature here.
 * A rule with the wrong sign, or one that always accepts, fails both. The same seed gives the same bits; bad
 * arguments are refused naming the field. The report (rc_exchange_report_json, what `ricochet exchange` prints) holds
 * the ladder, each pair's counts with their ratio and the mean energies the step-by-step calls give. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { SLOTS = 4, ROUNDS = 4000, GRID = 600 };

static const double temperatures[SLOTS] = {0.4, 0.6, 0.9, 1.35};
static const double radius = 0.05, height = 3.0, mass = 1.0, g = 1.0;

static const char scene[] =
    "{\"dimension\": 3, \"box\": {\"size\": [2, 2, 3], \"periodic\": [true, true, false]}, \"gravity\": [0, 0, -1],"
    " \"particles\": [{\"position\": [1, 1, 1.5], \"velocity\": [0.3, -0.2, 0.5], \"radius\": 0.05, \"mass\": 1}],"
    " \"thermostat\": {\"temperature\": 1, \"rate\": 4}, \"collapse\": {\"sleep\": false}, \"stop\": {\"time\": 1}}";

typedef struct tally {
    double sum[SLOTS], squares[SLOTS], energy_error;
    int64_t count[SLOTS];
} tally;

static void sample(int64_t round, int slot, const rc_frame *frame, double potential_energy, void *user)
{
    tally *t = user;
    (void)round;
    double h = frame->positions[2];
    t->sum[slot] += h;
    t->squares[slot] += h * h;
    t->count[slot]++;
    t->energy_error = fmax(t->energy_error, fabs(potential_energy - mass * g * h));
}

/* The barometric density at temperature T on [r, L - r], unnormalised, at grid point i (midpoint rule). */
static double point(int i) { return radius + (height - 2 * radius) * (i + 0.5) / GRID; }

static double weight(double h, double t) { return exp(-mass * g * h / t); }

/* The mean and variance of h at temperature T. */
static void moments(double t, double *mean, double *variance)
{
    double z = 0, m1 = 0, m2 = 0;
    for (int i = 0; i < GRID; i++) {
        double h = point(i), w = weight(h, t);
        z += w, m1 += w * h, m2 += w * h * h;
    }
    *mean = m1 / z;
    *variance = m2 / z - *mean * *mean;
}

/* The expected acceptance of a swap between temperatures a < b, each height at its own law. */
static double expected_acceptance(double a, double b)
{
    double za = 0, zb = 0, sum = 0;
    for (int i = 0; i < GRID; i++) za += weight(point(i), a), zb += weight(point(i), b);
    for (int i = 0; i < GRID; i++)
        for (int j = 0; j < GRID; j++) {
            double ua = mass * g * point(i), ub = mass * g * point(j);
            double p = fmin(1, exp((1 / a - 1 / b) * (ua - ub)));
            sum += weight(point(i), a) * weight(point(j), b) * p;
        }
    return sum / (za * zb);
}

int main(void)
{
    tally t;
    memset(&t, 0, sizeof t);
    rc_exchange_options o = {1.5, ROUNDS, 7, sample, &t, RC_EXCHANGE_LADDER_TEMPERATURES};
    int64_t attempts[SLOTS - 1], accepted[SLOTS - 1];
    double means[SLOTS];
    rc_status s = rc_exchange_run_scene(scene, SLOTS, temperatures, &o, attempts, accepted, means);
    CHECK(s == RC_STATUS_OK, "rc_exchange_run_scene: %s", rc_error_get());
    CHECK(t.energy_error < 1e-12, "the potential energy is m g h: off by %g", t.energy_error);
    for (int k = 0; k < SLOTS; k++) {
        double mean, variance;
        moments(temperatures[k], &mean, &variance);
        double n = (double)t.count[k], got = t.sum[k] / n, spread = t.squares[k] / n - got * got;
        /* samples a round apart are nearly independent; 5 standard errors with room for a correlation time of 2 */
        double error = 5 * sqrt(2 * variance / n);
        CHECK(fabs(means[k] - mass * g * got) < 1e-9, "T = %g: the mean energy %.6f is not m g <h> = %.6f",
              temperatures[k], means[k], mass * g * got);
        CHECK(t.count[k] == ROUNDS, "slot %d has %lld samples", k, (long long)t.count[k]);
        CHECK(fabs(got - mean) < error, "T = %g: mean height %.4f, barometric %.4f (tolerance %.4f)", temperatures[k],
              got, mean, error);
        CHECK(fabs(spread / variance - 1) < 0.1, "T = %g: variance of the height %.4f, barometric %.4f",
              temperatures[k], spread, variance);
        printf("T = %.2f: <h> = %.4f (barometric %.4f), var %.4f (%.4f)\n", temperatures[k], got, mean, spread,
               variance);
    }
    for (int k = 0; k < SLOTS - 1; k++) {
        double want = expected_acceptance(temperatures[k], temperatures[k + 1]);
        double n = (double)attempts[k], got = (double)accepted[k] / n;
        double error = 5 * sqrt(2 * want * (1 - want) / n);
        CHECK(attempts[k] == ROUNDS / 2, "pair %d: %lld attempts, expected %d (alternating pairs)", k,
              (long long)attempts[k], ROUNDS / 2);
        CHECK(fabs(got - want) < error, "pair %g-%g: acceptance %.4f, detailed balance says %.4f (tolerance %.4f)",
              temperatures[k], temperatures[k + 1], got, want, error);
        printf("pair %.2f-%.2f: acceptance %.4f, expected %.4f\n", temperatures[k], temperatures[k + 1], got, want);
    }

    /* the same seed, the same bits; another seed, other bits */
    tally again, other;
    memset(&again, 0, sizeof again);
    memset(&other, 0, sizeof other);
    rc_exchange_options short_run = {1.5, 200, 7, sample, &again, RC_EXCHANGE_LADDER_TEMPERATURES};
    int64_t a1[SLOTS - 1], a2[SLOTS - 1];
    CHECK(rc_exchange_run_scene(scene, SLOTS, temperatures, &short_run, NULL, a1, NULL) == RC_STATUS_OK, "%s",
          rc_error_get());
    tally first = again;
    memset(&again, 0, sizeof again);
    CHECK(rc_exchange_run_scene(scene, SLOTS, temperatures, &short_run, NULL, a2, NULL) == RC_STATUS_OK, "%s",
          rc_error_get());
    CHECK(memcmp(&first, &again, sizeof first) == 0 && memcmp(a1, a2, sizeof a1) == 0, "the same seed gave other bits");
    short_run.seed = 8;
    short_run.user = &other;
    CHECK(rc_exchange_run_scene(scene, SLOTS, temperatures, &short_run, NULL, NULL, NULL) == RC_STATUS_OK, "%s",
          rc_error_get());
    CHECK(memcmp(&first.sum, &other.sum, sizeof first.sum) != 0, "another seed gave the same heights");

    /* the report: the ladder, the counts and their ratio, the mean energies, no volumes over temperatures */
    rc_exchange *x = NULL;
    short_run.sample = NULL;
    CHECK(rc_exchange_create(scene, SLOTS, temperatures, &short_run, &x) == RC_STATUS_OK &&
              rc_exchange_execute(x) == RC_STATUS_OK,
          "%s", rc_error_get());
    rc_exchange_counts(x, a1, a2, means);
    char *text = rc_exchange_report_json(x, true);
    cJSON *report = cJSON_Parse(text);
    const cJSON *pairs = cJSON_GetObjectItem(report, "pairs"),
                *energy = cJSON_GetObjectItem(report, "mean_potential_energy");
    CHECK(report && cJSON_GetArraySize(pairs) == SLOTS - 1 && cJSON_GetArraySize(energy) == SLOTS &&
              !cJSON_GetObjectItem(report, "mean_volume") &&
              cJSON_GetObjectItem(report, "rounds")->valuedouble == 200 &&
              cJSON_GetObjectItem(report, "seed")->valuedouble == 8,
          "the report: %s", text ? text : "NULL");
    for (int k = 0; report && k < SLOTS; k++) {
        CHECK(cJSON_GetArrayItem(cJSON_GetObjectItem(report, "temperatures"), k)->valuedouble == temperatures[k],
              "report: temperatures[%d]", k);
        CHECK_CLOSE(cJSON_GetArrayItem(energy, k)->valuedouble, means[k], 1e-14, "report: mean_potential_energy");
    }
    for (int k = 0; report && k < SLOTS - 1; k++) {
        const cJSON *pair = cJSON_GetArrayItem(pairs, k);
        CHECK(cJSON_GetObjectItem(pair, "attempts")->valuedouble == (double)a1[k] &&
                  cJSON_GetObjectItem(pair, "accepted")->valuedouble == (double)a2[k] && a1[k] == 100,
              "report: pair %d", k);
        CHECK_CLOSE(cJSON_GetObjectItem(pair, "acceptance")->valuedouble, (double)a2[k] / (double)a1[k], 1e-14,
                    "report: acceptance");
    }
    cJSON_Delete(report);
    rc_text_destroy(text);
    rc_exchange_destroy(x);
    CHECK(rc_exchange_report_json(NULL, false) == NULL, "the report of no exchange");

    /* refused, naming the field */
    const double unordered[2] = {1, 0.5};
    rc_exchange_options bad = {1, 10, 1, NULL, NULL, RC_EXCHANGE_LADDER_TEMPERATURES};
    CHECK(rc_exchange_run_scene(scene, 2, unordered, &bad, NULL, NULL, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "temperatures[1]"),
          "unordered ladder: %s", rc_error_get());
    CHECK(rc_exchange_run_scene(scene, 1, temperatures, &bad, NULL, NULL, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "temperatures"),
          "one temperature: %s", rc_error_get());
    bad.interval = 0;
    CHECK(rc_exchange_run_scene(scene, 2, temperatures, &bad, NULL, NULL, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "interval"),
          "interval 0: %s", rc_error_get());
    bad.interval = 1;
    const char *no_thermostat = "{\"dimension\": 3, \"box\": {\"size\": [2, 2, 3]}, \"particles\": [{\"position\": "
                                "[1, 1, 1], \"radius\": 0.05}], \"stop\": {\"time\": 1}}";
    CHECK(rc_exchange_run_scene(no_thermostat, 2, temperatures, &bad, NULL, NULL, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "thermostat"),
          "no thermostat: %s", rc_error_get());
    return check_finish();
}
