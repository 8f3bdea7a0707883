/* SPDX-License-Identifier: MIT */
/* Driver of experiments/fig3_separation.py and experiments/fig5_three_body.py (Bannerman et al. 2014, section 3,
 * Figs. 3 and 5): monodisperse hard spheres of diameter 1 and mass 1, started on an fcc lattice in a periodic cube
 * at number density rho with Maxwell-Boltzmann velocities at kT = 1, colliding with restitution e. Inelastic runs
 * are held in a steady state by the Andersen thermostat (a rate of velocity redraws per particle per unit time at
 * kT = 1). After a warm-up, the engine runs a number of pair collisions; the counters are read over that span only.
 *
 *   exp_hard_sphere_gas key=value ...
 *     count=4000 density=0.5 restitution=1 collisions=1000000 events=0 (when set, the span is this many events
 *     instead of collisions) warmup=20 (collisions per particle) thermostat=0 seed=1 detection=stable|naive
 *     histogram=0 (the range in bins of sigma 2^-53; 0: no histogram) windows=1 (histograms over this many equal
 *     parts of the span)
 *
 * Prints one JSON object on stdout: the settings, the counters over the measured span (events, collisions,
 * stabilising_collisions, negative_time_events, three_body_events, thermostat_events), the temperature at the end and
 * averaged, max_overlap (over the whole run), the CPU seconds of the span, and the windows of the span, each with its
 * start and end times and, when asked, the separation histogram gained over it (histogram[k] counts impacts with
 * |r_ij| - sigma nearest (k - range) sigma 2^-53; the end bins also hold everything beyond). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ricochet/ricochet.h"

typedef struct settings {
    long count, collisions, events, histogram, windows;
    double density, restitution, warmup, thermostat;
    unsigned long seed;
    rc_event_detection detection;
} settings;

static int fail(const char *what)
{
    fprintf(stderr, "exp_hard_sphere_gas: %s: %s\n", what, rc_error_get());
    return 2;
}

static int parse(int argc, char **argv, settings *s)
{
    *s = (settings){4000, 1000000, 0, 0, 1, 0.5, 1, 20, 0, 1, RC_EVENT_DETECTION_STABLE};
    for (int a = 1; a < argc; a++) {
        char *value = strchr(argv[a], '=');
        if (!value) return 1;
        *value++ = 0;
        const char *key = argv[a];
        if (strcmp(key, "count") == 0) s->count = atol(value);
        else if (strcmp(key, "collisions") == 0) s->collisions = atol(value);
        else if (strcmp(key, "events") == 0) s->events = atol(value);
        else if (strcmp(key, "histogram") == 0) s->histogram = atol(value);
        else if (strcmp(key, "windows") == 0) s->windows = atol(value);
        else if (strcmp(key, "density") == 0) s->density = atof(value);
        else if (strcmp(key, "restitution") == 0) s->restitution = atof(value);
        else if (strcmp(key, "warmup") == 0) s->warmup = atof(value);
        else if (strcmp(key, "thermostat") == 0) s->thermostat = atof(value);
        else if (strcmp(key, "seed") == 0) s->seed = strtoul(value, NULL, 10);
        else if (strcmp(key, "detection") == 0) {
            if (rc_event_detection_parse(value, &s->detection) != RC_STATUS_OK) return 1;
        } else return 1;
    }
    return s->count > 0 && s->density > 0 && s->collisions > 0 && s->events >= 0 && s->histogram >= 0 && s->windows > 0
               ? 0
               : 1;
}

static int build(const settings *s, rc_edmd **engine)
{
    size_t n = (size_t)s->count;
    double *x = malloc(3 * n * sizeof *x), *v = malloc(3 * n * sizeof *v);
    double *r = malloc(n * sizeof *r), *m = malloc(n * sizeof *m);
    if (!x || !v || !r || !m) return 1;
    for (size_t k = 0; k < n; k++) r[k] = 0.5, m[k] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = cbrt((double)s->count / s->density);
    d.restitution = s->restitution;
    d.thermostat_rate = s->thermostat;
    d.thermostat_temperature = 1;
    d.seed = s->seed;
    d.detection = s->detection;
    d.contact_tolerance = 0; /* the paper's engine: every collision binary, so doubly overlapped events show */
    d.separation_histogram = s->histogram > 0;
    d.count = (int32_t)s->count;
    d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    int status = 0;
    if (rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, d.count, r, s->seed, x) != RC_STATUS_OK)
        status = fail("placing");
    else if (rc_velocities_draw_maxwell_boltzmann(3, d.count, m, 1.0, s->seed, v) != RC_STATUS_OK)
        status = fail("velocities");
    else if (rc_edmd_create(&d, engine) != RC_STATUS_OK) status = fail("engine");
    free(x), free(v), free(r), free(m);
    return status;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* JSON members after the first: numbers that are not finite are null. */
static void print_number(const char *key, double value)
{
    if (isfinite(value)) printf(", \"%s\": %.17g", key, value);
    else printf(", \"%s\": null", key);
}

static void print_count(const char *key, uint64_t value) { printf(", \"%s\": %llu", key, (unsigned long long)value); }

/* One window of the span: its times and, when collected, the histogram counts gained over it. */
static void print_window(double from, double to, const uint64_t *before, const uint64_t *after, long bins, bool first)
{
    printf("%s{\"start\": %.17g, \"end\": %.17g", first ? "" : ", ", from, to);
    if (bins > 0) {
        printf(", \"histogram\": [");
        for (long b = 0; b < bins; b++) printf("%s%llu", b ? ", " : "", (unsigned long long)(after[b] - before[b]));
        printf("]");
    }
    printf("}");
}

int main(int argc, char **argv)
{
    settings s;
    if (parse(argc, argv, &s)) {
        fprintf(stderr,
                "usage: %s [count=N] [density=RHO] [restitution=E] [collisions=N] [warmup=PER_PARTICLE] "
                "[events=N] [thermostat=RATE] [seed=S] [detection=stable|naive] [histogram=RANGE] "
                "[windows=K]\n",
                argv[0]);
        return 1;
    }
    rc_edmd *e;
    if (build(&s, &e)) return 2;
    long bins = 2 * s.histogram + 1;
    uint64_t *counts = calloc((size_t)bins * (s.windows + 1), sizeof *counts);
    double *times = calloc((size_t)s.windows + 1, sizeof *times);
    if (!counts || !times) return 2;
    rc_edmd_limits limits = {INFINITY, (uint64_t)(s.warmup * s.count), 0};
    rc_edmd_observables start, end;
    if (limits.collisions) rc_edmd_advance(e, &limits);
    rc_edmd_measure(e, &start);
    times[0] = start.time;
    if (s.histogram) rc_edmd_separation_histogram(e, (int32_t)s.histogram, counts);
    double t0 = cpu_seconds();
    for (long w = 1; w <= s.windows; w++) {
        if (s.events) limits.collisions = 0, limits.events = start.events + (uint64_t)(s.events * w / s.windows);
        else limits.collisions = start.collisions + (uint64_t)(s.collisions * w / s.windows);
        rc_edmd_advance(e, &limits);
        times[w] = rc_edmd_time(e);
        if (s.histogram) rc_edmd_separation_histogram(e, (int32_t)s.histogram, counts + w * bins);
    }
    double seconds = cpu_seconds() - t0;
    rc_edmd_measure_since(e, &start, &end);
    double span = end.time - start.time;
    double dof = end.temperature > 0 ? 2 * end.kinetic_energy / end.temperature : 3.0 * s.count;
    printf("{\"detection\": \"%s\"", rc_event_detection_name(s.detection));
    print_count("count", (uint64_t)s.count);
    print_number("density", s.density);
    print_number("packing_fraction", M_PI / 6 * s.density);
    print_number("restitution", s.restitution);
    print_number("thermostat_rate", s.thermostat);
    print_count("seed", s.seed);
    print_count("warmup_collisions", start.collisions);
    print_count("events", end.events - start.events);
    print_count("collisions", end.collisions - start.collisions);
    print_number("start_time", start.time);
    print_number("time", span);
    print_count("stabilising_collisions", end.stabilising_collisions - start.stabilising_collisions);
    print_count("negative_time_events", end.negative_time_events - start.negative_time_events);
    print_count("three_body_events", end.three_body_events - start.three_body_events);
    print_count("thermostat_events", end.thermostat_events - start.thermostat_events);
    print_number("temperature", end.temperature);
    print_number("mean_temperature", (end.kinetic_integral - start.kinetic_integral) / (dof * span));
    print_number("collision_rate", end.collision_rate);
    print_number("max_overlap", end.max_overlap);
    print_number("seconds", seconds);
    print_count("histogram_range", (uint64_t)s.histogram);
    printf(", \"windows\": [");
    for (long w = 1; w <= s.windows; w++)
        print_window(times[w - 1], times[w], counts + (w - 1) * bins, counts + w * bins, s.histogram ? bins : 0,
                     w == 1);
    printf("]");
    printf("}\n");
    free(counts), free(times);
    rc_edmd_destroy(e);
    return 0;
}
