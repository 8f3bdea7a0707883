/* SPDX-License-Identifier: MIT */
/* Benchmark of the event-driven engine (src/edmd; Bannerman et al. 2014 for the event rules, docs/design.md "The
 * event-driven engine" for the design): monodisperse hard spheres started on an fcc lattice with Maxwell-Boltzmann
 * velocities at kT = 1, NVE, periodic, one core, at packing fractions 0.45 and 0.30 and N = 4,000, 32,000 and
 * 256,000. Each case equilibrates, then times a run of pair collisions in CPU time and reports collisions per
 * second, nanoseconds per collision, events and list rebuilds per collision, the engine's resident memory per
 * particle in the steady state (after the input arrays are freed) and the peak resident memory per particle of the
 * whole case, plus Z as a sanity number. Each case runs in a child process with a wall-clock budget (BENCH_BUDGET
 * seconds, default 300). A rate and memory, never a verdict. --square-well instead times events of a square-well
 * fluid (lambda 1.5, stepped potentials) against hard spheres at the same density, rho sigma^3 = 0.5, and kT 1.5.
 * --measure times whole runs through the run driver (rc_run, no files) at N = 32,000 and packing fraction 0.45
 * without and with every on-the-fly measurement of the scene's "measure" (the Helfand moments, MSD and
 * VACF, g(r), S(k)), interleaved, three of each. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ricochet/ricochet.h"

typedef struct edmd_case {
    double packing_fraction;
    int32_t count;
    double equilibration; /* collisions per particle (events per particle with --square-well) */
    double measured;      /* collisions per particle (events per particle with --square-well) */
    double shell;         /* 0: the default */
    double lambda;        /* --square-well: the well's width (depth 1, kT 1.5); 0: hard spheres */
    double reorder;       /* collisions per particle between renewals; 0: the default */
} edmd_case;

/* Resident memory of this process now, bytes (from /proc/self/statm). */
static long resident_bytes(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(f);
    }
    return resident * sysconf(_SC_PAGESIZE);
}

static void fail(FILE *out, const char *what)
{
    fprintf(out, "error %s: %s\n", what, rc_error_get());
    fflush(out);
    exit(2);
}

static rc_edmd *build(const edmd_case *c, FILE *out)
{
    size_t n = (size_t)c->count;
    double *x = malloc(3 * n * sizeof *x), *v = malloc(3 * n * sizeof *v);
    double *r = malloc(n * sizeof *r), *m = malloc(n * sizeof *m);
    if (!x || !v || !r || !m) fail(out, "allocating the input");
    for (size_t k = 0; k < n; k++) r[k] = 0.5, m[k] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = 1;
    if (rc_box_scale_to_packing_fraction(3, c->count, r, c->packing_fraction, d.box) != RC_STATUS_OK) fail(out, "box");
    if (rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, c->count, r, 1, x) != RC_STATUS_OK)
        fail(out, "placing");
    if (rc_velocities_draw_maxwell_boltzmann(3, c->count, m, c->lambda != 0 ? 1.5 : 1.0, 1, v) != RC_STATUS_OK)
        fail(out, "velocities");
    d.count = c->count;
    d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    if (c->shell > 0) d.shell = c->shell;
    if (c->reorder > 0) d.reorder_interval = c->reorder;
    rc_step well = {c->lambda, -1.0};
    rc_interaction pair = {{0, 0}, 1, &well};
    if (c->lambda > 0) d.interactions = &pair, d.interaction_count = 1;
    rc_edmd *e;
    if (rc_edmd_create(&d, &e) != RC_STATUS_OK) fail(out, "creating the engine");
    free(x), free(v), free(r), free(m);
    return e;
}

/* Equilibrates, then times the measured run: CPU seconds, with the observables over it in *end. Counts collisions,
 * or events when by_events is set. */
static double timed_run(rc_edmd *e, const edmd_case *c, bool by_events, rc_edmd_observables *start,
                        rc_edmd_observables *end)
{
    uint64_t equilibration = (uint64_t)(c->equilibration * c->count), measured = (uint64_t)(c->measured * c->count);
    rc_edmd_limits limits = {INFINITY, by_events ? 0 : equilibration, by_events ? equilibration : 0};
    rc_edmd_advance(e, &limits);
    rc_edmd_measure(e, start);
    if (by_events) limits.events = start->events + measured;
    else limits.collisions = start->collisions + measured;
    double t0 = bench_cpu_now();
    rc_edmd_advance(e, &limits);
    double seconds = bench_cpu_now() - t0;
    rc_edmd_measure_since(e, start, end);
    return seconds;
}

static void run_case(void *arg, FILE *out)
{
    const edmd_case *c = arg;
    long before = resident_bytes();
    rc_edmd *e = build(c, out);
    rc_edmd_observables start, end;
    double seconds = timed_run(e, c, false, &start, &end);
    long steady = resident_bytes() - before;
    double collisions = (double)(end.collisions - start.collisions);
    fprintf(out, "ok %.6g %.6g %.6g %.6g %ld %.6g %.3g\n", collisions, seconds,
            (double)(end.events - start.events) / collisions,
            (double)(end.neighbour_rebuilds - start.neighbour_rebuilds) / collisions, steady, end.compressibility,
            end.energy_drift);
    rc_edmd_destroy(e);
}

/* --square-well: hard spheres (lambda -1: no steps, the same kT) against the square well at rho sigma^3 = 0.5,
 * timed over events (a step event costs what a collision does). */
static void run_events(void *arg, FILE *out)
{
    const edmd_case *c = arg;
    rc_edmd *e = build(c, out);
    rc_edmd_observables start, end;
    double seconds = timed_run(e, c, true, &start, &end);
    double events = (double)(end.events - start.events);
    fprintf(out, "ok %.6g %.6g %.6g %.6g %.6g %.3g %llu\n", events, seconds,
            (double)(end.collisions - start.collisions) / events,
            (double)(end.step_events - start.step_events) / events, (end.time - start.time) / seconds, end.energy_drift,
            (unsigned long long)end.invalid_states);
    rc_edmd_destroy(e);
}

static void report_events(const edmd_case *c, const bench_child *child)
{
    double events, seconds, collisions, steps, rate, drift;
    unsigned long long invalid;
    printf("%-13s %8d ", c->lambda > 0 ? "square well" : "hard spheres", (int)c->count);
    if (!child->finished || sscanf(child->text, "ok %lf %lf %lf %lf %lf %lf %llu", &events, &seconds, &collisions,
                                   &steps, &rate, &drift, &invalid) != 7) {
        printf("%s\n", child->timed_out ? "ran out of time" : child->text);
        return;
    }
    printf("%10.3g %10.3g %8.1f %8.3f %8.3f %10.3g %9.2g %7llu\n", events, events / seconds, 1e9 * seconds / events,
           collisions, steps, rate, drift, invalid);
    fflush(stdout);
}

static void square_wells(double budget)
{
    const edmd_case cases[] = {
        {0.2618, 4000, 20, 1000, 0, -1, 0},
        {0.2618, 4000, 20, 1000, 0, 1.5, 0},
        {0.2618, 32000, 20, 125, 0, -1, 0},
        {0.2618, 32000, 20, 320, 0, 1.5, 0}, /* 10^7 events: energy, invalid states */
    };
    printf("# rho sigma^3 = 0.5 from fcc, kT = 1.5, NVE, periodic; square well lambda 1.5, depth 1\n");
    printf("# %-11s %8s %10s %10s %8s %8s %8s %10s %9s %7s\n", "potential", "N", "events", "events/s", "ns/event",
           "coll/ev", "step/ev", "time/s", "drift", "invalid");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        bench_child child = bench_run_child(run_events, (void *)&cases[k], budget);
        report_events(&cases[k], &child);
        free(child.text);
    }
}

/* --measure: one run through the driver, equilibrated for 20 collisions per particle, timed over 100 more; arg: the
 * "measure" section or NULL. */
static void run_measured(void *arg, FILE *out)
{
    const char *measure = arg;
    char scene[1024];
    snprintf(scene, sizeof scene,
             "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 1,"
             " \"particles\": {\"lattice\": \"fcc\", \"count\": 32000, \"packing_fraction\": 0.45, \"diameter\": 1},"
             " \"equilibration\": {\"collisions\": 640000}, \"stop\": {\"collisions\": 2240000}%s%s}",
             measure ? ", \"measure\": " : "", measure ? measure : "");
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *run = NULL;
    if (rc_run_create(scene, &o, &run) != RC_STATUS_OK) fail(out, "creating the run");
    rc_run_limits equilibrated = {INFINITY, 640000, 0, 0};
    if (rc_run_advance(run, &equilibrated) != RC_STATUS_OK) fail(out, "equilibrating");
    double t0 = bench_cpu_now();
    if (rc_run_execute(run) != RC_STATUS_OK) fail(out, "running");
    double seconds = bench_cpu_now() - t0;
    fprintf(out, "ok %.6g %.6g\n", 1600000.0, seconds);
    rc_run_destroy(run);
}

static void measure_cases(double budget)
{
    static const char all[] = "{\"diffusion\": true, \"viscosity\": true, \"thermal_conductivity\": true,"
                              " \"rdf\": {\"bins\": 400, \"range\": 5.0}, \"structure_factor\": true}";
    printf("# phi 0.45, N = 32000, through rc_run (no files): 1.6e6 collisions after 6.4e5; off and on interleaved\n");
    printf("# %-10s %10s %10s %8s\n", "measure", "collisions", "coll/s", "ns/coll");
    for (int k = 0; k < 6; k++) {
        const char *measure = k % 2 ? all : NULL;
        bench_child child = bench_run_child(run_measured, (void *)measure, budget);
        double collisions, seconds;
        printf("  %-10s ", measure ? "all on" : "off");
        if (child.finished && sscanf(child.text, "ok %lf %lf", &collisions, &seconds) == 2)
            printf("%10.3g %10.3g %8.1f\n", collisions, collisions / seconds, 1e9 * seconds / collisions);
        else printf("%s\n", child.timed_out ? "ran out of time" : child.text);
        fflush(stdout);
        free(child.text);
    }
}

static void report(const edmd_case *c, const bench_child *child, long baseline_kb)
{
    double collisions, seconds, events, rebuilds, z, drift;
    long steady;
    printf("%5.2f %8d ", c->packing_fraction, (int)c->count);
    if (!child->finished || sscanf(child->text, "ok %lf %lf %lf %lf %ld %lf %lf", &collisions, &seconds, &events,
                                   &rebuilds, &steady, &z, &drift) != 7) {
        printf("%s\n", child->timed_out ? "ran out of time" : child->text);
        return;
    }
    double peak = (double)(child->maxrss_kb - baseline_kb) * 1024.0 / c->count;
    printf("%11.3g %10.3g %8.1f %7.3f %8.3f %9.1f %9.1f %8.4f %9.2g\n", collisions, collisions / seconds,
           1e9 * seconds / collisions, events, rebuilds, (double)steady / c->count, peak, z, drift);
    fflush(stdout);
}

static void idle(void *arg, FILE *out)
{
    (void)arg;
    fprintf(out, "ok\n");
}

int main(int argc, char **argv)
{
    double budget = bench_env_seconds("BENCH_BUDGET", 300);
    double shell = 0, fraction = 0, reorder = 0;
    int32_t only = 0;
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--square-well") == 0 || strcmp(argv[a], "--measure") == 0) {
            bench_print_load();
            if (argv[a][2] == 's') square_wells(budget);
            else measure_cases(budget);
            return 0;
        }
    for (int a = 1; a + 1 < argc; a += 2) {
        if (strcmp(argv[a], "--shell") == 0) shell = atof(argv[a + 1]);
        else if (strcmp(argv[a], "--count") == 0) only = (int32_t)atol(argv[a + 1]);
        else if (strcmp(argv[a], "--fraction") == 0) fraction = atof(argv[a + 1]);
        else if (strcmp(argv[a], "--reorder") == 0) reorder = atof(argv[a + 1]);
    }
    /* N = 1,000,000 only when asked for by --count (about 2 minutes a case) */
    const edmd_case cases[] = {
        {0.45, 4000, 20, 1000, shell, 0, reorder}, {0.45, 32000, 20, 125, shell, 0, reorder},
        {0.45, 256000, 10, 40, shell, 0, reorder}, {0.45, 1000000, 3, 10, shell, 0, reorder},
        {0.30, 4000, 20, 1000, shell, 0, reorder}, {0.30, 32000, 20, 125, shell, 0, reorder},
        {0.30, 256000, 10, 40, shell, 0, reorder}, {0.30, 1000000, 3, 10, shell, 0, reorder},
    };
    bench_print_load();
    bench_child base = bench_run_child(idle, NULL, 10);
    long baseline_kb = base.maxrss_kb;
    free(base.text);
    char shell_text[32] = "default", reorder_text[32] = "default";
    if (shell > 0) snprintf(shell_text, sizeof shell_text, "%g", shell);
    if (reorder > 0) snprintf(reorder_text, sizeof reorder_text, "%g", reorder);
    printf("# hard spheres from fcc, kT = 1, NVE, periodic; shell %s; renewal every %s collisions per particle;"
           " baseline process %ld kB\n",
           shell_text, reorder_text, baseline_kb);
    printf("# %3s %8s %11s %10s %8s %7s %8s %9s %9s %8s %9s\n", "phi", "N", "collisions", "coll/s", "ns/coll",
           "ev/coll", "rebuild", "B/p run", "B/p peak", "Z", "drift");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        if (only ? cases[k].count != only : cases[k].count > 256000) continue;
        if (fraction > 0 && cases[k].packing_fraction != fraction) continue;
        bench_child child = bench_run_child(run_case, (void *)&cases[k], budget);
        report(&cases[k], &child, baseline_kb);
        free(child.text);
    }
    return 0;
}
