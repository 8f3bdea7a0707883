/* SPDX-License-Identifier: MIT */
/* Tests of the barostat (src/edmd/barostat.c; docs/edmd.md, "Barostat"): event-driven dynamics with Monte Carlo
 * volume moves in ln V must sample the isothermal-isobaric ensemble. Oracles:
 * - an ideal gas (two disks a thousandth of the box, kT from a thermostat): the move's stationary law in V is
 *   V^N exp(-beta P V) exactly, so <V> = (N + 1) kT / P and <V^2> = (N + 1)(N + 2) (kT / P)^2;
 * - hard spheres at two reduced pressures beta P sigma^3: the mean packing fraction against the Carnahan-Starling
 *   equation of state inverted (Z = (1 + eta + eta^2 - eta^3) / (1 - eta)^3, beta P sigma^3 = 6 eta Z / pi);
 * - hard disks at one: against Henderson's equation of state (Z = (1 + eta^2 / 8) / (1 - eta)^2,
 *   beta P sigma^2 = 4 eta Z / pi);
 * - a state saved half way and restored into a new engine goes on to the same bits as the engine that saved it
 *   (box, positions, velocities, counts);
 * - the same seed gives the same bits, another seed other ones; bad definitions are refused naming the field.
 * Statistical errors are block errors (10 blocks of 80 time units, several times the volume's correlation time);
 * checks allow 4 of them plus 0.003 for the finite size (N = 108) and an error estimate that is itself uncertain. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

/* Builds the engine of a scene. */
static rc_edmd *engine_of(const char *text)
{
    rc_edmd_scene *scene = NULL;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_scene_create_from_text(text, &scene);
    if (!s) s = rc_edmd_create(rc_edmd_scene_def(scene), &e);
    CHECK(s == RC_STATUS_OK, "scene: %s", rc_error_get());
    rc_edmd_scene_destroy(scene);
    return e;
}

/* Samples the volume every `every` of time from `from` to `until`: the mean, its block error and the mean square. */
typedef struct samples {
    double mean, error, square, acceptance;
} samples;

enum { BLOCKS = 10 };

static samples sample(rc_edmd *e, double from, double until, double every)
{
    int64_t n = (int64_t)((until - from) / every), per = n / BLOCKS;
    double block[BLOCKS] = {0}, sum = 0, square = 0;
    rc_edmd_observables o;
    for (int64_t k = 0; k < per * BLOCKS; k++) {
        rc_edmd_limits limit = {from + (double)(k + 1) * every, 0, 0};
        CHECK(rc_edmd_advance(e, &limit) == RC_STATUS_OK, "advance: %s", rc_error_get());
        rc_edmd_measure(e, &o);
        block[k / per] += o.volume / (double)per;
        sum += o.volume;
        square += o.volume * o.volume;
    }
    samples s = {sum / (double)(per * BLOCKS), 0, square / (double)(per * BLOCKS), o.volume_acceptance};
    for (int b = 0; b < BLOCKS; b++) s.error += (block[b] - s.mean) * (block[b] - s.mean);
    s.error = sqrt(s.error / (BLOCKS * (BLOCKS - 1.0)));
    return s;
}

static void ideal_gas(void)
{
    static const char scene[] =
        "{\"dimension\": 2, \"box\": {\"size\": [2, 2], \"periodic\": [true, true]},"
        " \"particles\": [{\"position\": [0.5, 0.5], \"velocity\": [0.3, 0.1], \"radius\": 0.001, \"mass\": 1},"
        "                 {\"position\": [1.5, 1.2], \"velocity\": [-0.2, 0.4], \"radius\": 0.001, \"mass\": 1}],"
        " \"thermostat\": {\"temperature\": 1.5, \"rate\": 2}, \"seed\": 7, \"stop\": {\"time\": 1},"
        " \"barostat\": {\"pressure\": 0.5, \"interval\": 0.02, \"max_log_volume_step\": 1}}";
    rc_edmd *e = engine_of(scene);
    if (!e) return;
    rc_edmd_limits settle = {20, 0, 0};
    rc_edmd_advance(e, &settle);
    samples s = sample(e, 20, 4020, 0.04);
    double scale = 1.5 / 0.5, mean = 3 * scale, square = 12 * scale * scale;
    printf("ideal gas: <V> = %.4f +- %.4f (exact %.4f), <V^2> = %.3f (exact %.3f), acceptance %.3f\n", s.mean, s.error,
           mean, s.square, square, s.acceptance);
    CHECK(fabs(s.mean - mean) < 4 * s.error, "<V> %g +- %g against (N + 1) kT / P = %g", s.mean, s.error, mean);
    CHECK(s.error < 0.02 * mean, "the error %g is too large to test anything", s.error);
    CHECK(fabs(s.square - square) < 0.04 * square, "<V^2> %g against %g", s.square, square);
    rc_edmd_destroy(e);
}

/* The packing fraction of the equation of state at reduced pressure p (bisection). */
static double inverted(double p, int dimension)
{
    double low = 0, high = 0.6;
    for (int i = 0; i < 200; i++) {
        double eta = 0.5 * (low + high), z;
        if (dimension == 3) z = (1 + eta + eta * eta - eta * eta * eta) / ((1 - eta) * (1 - eta) * (1 - eta));
        else z = (1 + eta * eta / 8) / ((1 - eta) * (1 - eta));
        double at = (dimension == 3 ? 6 : 4) * eta * z / M_PI;
        if (at < p) low = eta;
        else high = eta;
    }
    return 0.5 * (low + high);
}

static void equation_of_state(int dimension, double pressure, uint64_t seed)
{
    char scene[1024];
    double want = inverted(pressure, dimension), fraction = want + 0.02; /* started off the answer */
    snprintf(scene, sizeof scene,
             "{\"dimension\": %d, \"box\": {\"periodic\": [true, true%s]},"
             " \"particles\": {\"lattice\": \"%s\", \"count\": %d, \"packing_fraction\": %g, \"diameter\": 1,"
             " \"mass\": 1}, \"temperature\": 1, \"seed\": %llu,"
             " \"barostat\": {\"pressure\": %.17g, \"interval\": 0.02, \"max_log_volume_step\": 0.004,"
             " \"adapt_until\": 20}, \"stop\": {\"time\": 1}}",
             dimension, dimension == 3 ? ", true" : "", dimension == 3 ? "fcc" : "hexagonal",
             dimension == 3 ? 108 : 100, fraction, (unsigned long long)seed, pressure);
    rc_edmd *e = engine_of(scene);
    if (!e) return;
    rc_edmd_limits settle = {40, 0, 0};
    rc_edmd_advance(e, &settle);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    double particles = o.packing_fraction * o.volume; /* the particles' volume, fixed */
    samples s = sample(e, 40, 840, 0.5);
    double phi = particles / s.mean, error = phi * s.error / s.mean;
    printf("%dD beta P sigma^%d = %g: phi = %.5f +- %.5f, %s %.5f, acceptance %.3f\n", dimension, dimension, pressure,
           phi, error, dimension == 3 ? "Carnahan-Starling" : "Henderson", want, s.acceptance);
    CHECK(fabs(phi - want) < 4 * error + 0.003, "%dD at beta P = %g: phi %g +- %g against %g", dimension, pressure, phi,
          error, want);
    CHECK(error < 0.003, "the error %g is too large to test anything", error);
    rc_edmd_destroy(e);
}

static const char resumable[] =
    "{\"dimension\": 3, \"box\": {\"periodic\": [true, true, true]},"
    " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.35, \"diameter\": 1,"
    " \"mass\": 1}, \"temperature\": 1, \"seed\": %d, \"thermostat\": {\"temperature\": 1, \"rate\": 0.5},"
    " \"barostat\": {\"pressure\": 3, \"interval\": 0.07, \"max_log_volume_step\": 0.02, \"adapt_until\": 10},"
    " \"stop\": {\"time\": 1}}";

/* The engine's state after a run to `until`, as a frame (box and positions) and its counts. */
static void finish(rc_edmd *e, double until, rc_frame *frame, rc_edmd_observables *o)
{
    rc_edmd_limits limit = {until, 0, 0};
    CHECK(rc_edmd_advance(e, &limit) == RC_STATUS_OK, "advance: %s", rc_error_get());
    rc_frame_create(frame, rc_edmd_count(e), false);
    rc_edmd_fill_frame(e, frame);
    rc_edmd_measure(e, o);
}

static bool same(const rc_frame *a, const rc_frame *b, int32_t n)
{
    return memcmp(a->box, b->box, sizeof a->box) == 0 &&
           memcmp(a->positions, b->positions, 3 * (size_t)n * sizeof(double)) == 0 &&
           memcmp(a->velocities, b->velocities, 3 * (size_t)n * sizeof(double)) == 0;
}

static void resume_and_seeds(void)
{
    char text[1024];
    snprintf(text, sizeof text, resumable, 5);
    rc_edmd *first = engine_of(text), *second = engine_of(text);
    snprintf(text, sizeof text, resumable, 6);
    rc_edmd *other = engine_of(text);
    if (!first || !second || !other) return;
    rc_frame a, b, c;
    rc_edmd_observables oa, ob, oc;
    rc_edmd_limits half = {13.3, 0, 0};
    rc_edmd_advance(first, &half);
    size_t size = rc_edmd_state_size(first);
    void *buffer = malloc(size);
    CHECK(rc_edmd_state_save(first, buffer, size) == RC_STATUS_OK, "save: %s", rc_error_get());
    CHECK(rc_edmd_state_restore(second, buffer, size) == RC_STATUS_OK, "restore: %s", rc_error_get());
    finish(first, 30, &a, &oa);
    finish(second, 30, &b, &ob);
    finish(other, 30, &c, &oc);
    CHECK(oa.volume_moves > 400 && oa.volume_acceptance > 0.05, "%llu moves, acceptance %g",
          (unsigned long long)oa.volume_moves, oa.volume_acceptance);
    CHECK(same(&a, &b, 108) && oa.volume == ob.volume && oa.collisions == ob.collisions &&
              oa.volume_moves == ob.volume_moves && oa.volume_acceptance == ob.volume_acceptance,
          "restored at 13.3: volume %.17g vs %.17g, collisions %llu vs %llu", ob.volume, oa.volume,
          (unsigned long long)ob.collisions, (unsigned long long)oa.collisions);
    CHECK(oa.volume != oc.volume, "another seed gave the same volume %g", oc.volume);
    CHECK(a.box[0] != 0 && a.box[0] == a.box[1], "the box stays cubic: %g %g", a.box[0], a.box[1]);
    free(buffer);
    rc_frame_destroy(&a), rc_frame_destroy(&b), rc_frame_destroy(&c);
    rc_edmd_destroy(first), rc_edmd_destroy(second), rc_edmd_destroy(other);
}

static void refusals(void)
{
    static const struct {
        const char *barostat, *extra, *field;
    } cases[] = {
        {"{\"pressure\": -1, \"interval\": 1}", "", "barostat.pressure"},
        {"{\"pressure\": 1}", "", "barostat.interval"},
        {"{\"pressure\": 1, \"interval\": 1, \"max_log_volume_step\": 2}", "", "barostat.max_log_volume_step"},
        {"{\"pressure\": 1, \"interval\": 1}", ", \"restitution\": 0.9", "barostat: needs elastic"},
        {"{\"pressure\": 1, \"interval\": 1}", ", \"gravity\": [0, 0, -1]", "barostat"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "{\"dimension\": 3, \"box\": {\"size\": [5, 5, 5], \"periodic\": [true, true, true]},"
                 " \"particles\": [{\"position\": [1, 1, 1], \"radius\": 0.5, \"mass\": 1}], \"stop\": {\"time\": 1},"
                 " \"barostat\": %s%s}",
                 cases[k].barostat, cases[k].extra);
        rc_edmd_scene *scene = NULL;
        rc_edmd *e = NULL;
        rc_status s = rc_edmd_scene_create_from_text(text, &scene);
        if (!s) s = rc_edmd_create(rc_edmd_scene_def(scene), &e);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), cases[k].field), "case %zu: %s", k,
              rc_error_get());
        rc_edmd_destroy(e);
        rc_edmd_scene_destroy(scene);
    }
}

int main(void)
{
    ideal_gas();
    equation_of_state(3, 1.5, 11);
    equation_of_state(3, 4.0, 12);
    equation_of_state(2, 0.8, 13);
    resume_and_seeds();
    refusals();
    return check_finish();
}
