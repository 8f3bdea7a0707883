/* SPDX-License-Identifier: MIT */
/* Compression to jamming (docs/edmd.md, "Compression"): N spheres placed at random at packing fraction
 * 0.3, kT = 1, grown at rate 0.03 (and 0.01) until the reduced pressure passes 1e12; one case per child process on
 * one core, CPU time, collisions per second, phi_J and the peak memory. Usage: bench_compression [--count N]
 * (default 10000; 1000 and 10000 without it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

typedef struct compression_case {
    int32_t count;
    double rate;
} compression_case;

static void run_case(void *arg, FILE *out)
{
    const compression_case *c = arg;
    int32_t n = c->count;
    double *x = calloc(3 * (size_t)n, sizeof *x), *v = calloc(3 * (size_t)n, sizeof *v);
    double *r = calloc((size_t)n, sizeof *r), *m = calloc((size_t)n, sizeof *m);
    for (int32_t i = 0; i < n; i++) r[i] = 0.5, m[i] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    rc_box_scale_to_packing_fraction(3, n, r, 0.3, d.box);
    if (rc_placement_fill(RC_PLACEMENT_RANDOM, 3, d.box, d.periodic, n, r, 1, x) ||
        rc_velocities_draw_maxwell_boltzmann(3, n, m, 1, 2, v)) {
        fprintf(out, "error %s\n", rc_error_get());
        return;
    }
    d.count = n, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    d.compression = (rc_edmd_compression){.rate = c->rate, .jammed = true};
    rc_edmd *e;
    if (rc_edmd_create(&d, &e)) {
        fprintf(out, "error %s\n", rc_error_get());
        return;
    }
    double start = bench_cpu_now();
    rc_edmd_limits limits = {INFINITY, 0, 0};
    rc_edmd_compression_state state = {.end = RC_COMPRESSION_END_GROWING};
    while (state.end == RC_COMPRESSION_END_GROWING) {
        limits.events += 1000000;
        if (rc_edmd_advance(e, &limits)) {
            fprintf(out, "error %s\n", rc_error_get());
            return;
        }
        rc_edmd_fill_compression_state(e, &state);
    }
    double seconds = bench_cpu_now() - start;
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    fprintf(out, "%.9f %.4g %.6g %.6g %llu %llu\n", state.packing_fraction, state.reduced_pressure, seconds,
            (double)o.collisions, (unsigned long long)o.negative_time_events,
            (unsigned long long)o.stabilising_collisions);
    rc_edmd_destroy(e);
}

int main(int argc, char **argv)
{
    double budget = bench_env_seconds("BENCH_BUDGET", 1800);
    int32_t only = argc > 2 && strcmp(argv[1], "--count") == 0 ? (int32_t)atol(argv[2]) : 0;
    const compression_case cases[] = {{1000, 0.03}, {1000, 0.01}, {10000, 0.03}, {10000, 0.01}};
    bench_print_load();
    printf("# spheres at random from phi 0.3, kT = 1, grown until Z > 1e12; CPU time of one child per case\n");
    printf("# %6s %6s %12s %9s %9s %11s %10s %8s %6s %9s\n", "N", "rate", "phi_J", "Z", "seconds", "collisions",
           "coll/s", "MB peak", "neg_t", "stabilis");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        if (only && cases[k].count != only) continue;
        bench_child child = bench_run_child(run_case, (void *)&cases[k], budget);
        double phi = NAN, z = NAN, seconds = NAN, collisions = NAN;
        unsigned long long negative = 0, stabilising = 0;
        int got =
            sscanf(child.text, "%lf %lf %lf %lf %llu %llu", &phi, &z, &seconds, &collisions, &negative, &stabilising);
        if (got != 6)
            printf("# N %d rate %g: %s%s\n", (int)cases[k].count, cases[k].rate, child.timed_out ? "out of time; " : "",
                   child.text);
        else
            printf("  %6d %6.3g %12.9f %9.3g %9.1f %11.4g %10.3g %8.1f %6llu %9llu\n", (int)cases[k].count,
                   cases[k].rate, phi, z, seconds, collisions, collisions / seconds, child.maxrss_kb / 1024.0, negative,
                   stabilising);
        fflush(stdout);
        free(child.text);
    }
    return 0;
}
