/* SPDX-License-Identifier: MIT */
/* Benchmark of friction in the time-stepped engine: steps per second of one scene with and without friction, and
 * the peak memory of each. The scene is examples/rigid/friction_pile.json (or the file given): 18 boxes on a 3 x 3 x 2
 * grid, pushed sideways and spinning, and 16 balls on a 4 x 4 grid above them fall onto a floor; time step 0.001,
 * restitution 0.3, friction 0.4 (the file's); the frictionless case is the same file with friction 0, and --mu M adds
 * a case with friction M. Each case runs in a child with a time budget (BENCH_BUDGET seconds, default 300): the
 * file's 1,500 steps (1.5 s) one at a time, timing in CPU seconds the first 400 (the impacts on the floor) and all;
 * a case the budget cuts short still reports its steps so far. Results: bench/RESULTS.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ricochet/rigid.h"
#include "ricochet/rigid_scene.h"

typedef struct friction_case {
    const char *path;
    double mu;
} friction_case;

static void run_case(void *arg, FILE *out)
{
    const friction_case *c = arg;
    rc_rigid_scene *scene;
    if (rc_rigid_scene_create_from_file(c->path, &scene)) {
        fprintf(out, "error %s\n", rc_error_get());
        return;
    }
    rc_rigid_def d = *rc_rigid_scene_def(scene);
    d.impact.friction = c->mu;
    int64_t total = (int64_t)(rc_rigid_scene_settings(scene)->stop_time / d.time_step + 0.5);
    rc_rigid *e;
    if (rc_rigid_create(&d, &e)) {
        fprintf(out, "error %s\n", rc_error_get());
        rc_rigid_scene_destroy(scene);
        return;
    }
    rc_rigid_scene_destroy(scene);
    double start = bench_cpu_now(), first = 0;
    rc_status s = RC_STATUS_OK;
    for (int64_t steps = 1; steps <= total && !s; steps++) {
        s = rc_rigid_step(e, 1);
        double took = bench_cpu_now() - start;
        if (steps == 400) first = took;
        rc_rigid_observables now;
        rc_rigid_measure(e, &now);
        /* one line per step, so that a case the budget cuts short still reports */
        fprintf(out, "%lld %.6g %.6g %lld %lld %.3g %s\n", (long long)steps, took, first, (long long)now.iterations,
                (long long)now.max_iterations, now.max_penetration, rc_status_name(s));
        fflush(out);
    }
    rc_rigid_destroy(e);
}

int main(int argc, char **argv)
{
    const char *path = "examples/rigid/friction_pile.json";
    friction_case cases[3];
    int count = 0;
    double extra = -1;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--mu") == 0 && k + 1 < argc) extra = atof(argv[++k]);
        else if (argv[k][0] != '-') path = argv[k];
        else {
            fprintf(stderr,
                    "usage: bench_friction [--mu M] [SCENE.json]   (default examples/rigid/friction_pile.json)\n");
            return 2;
        }
    }
    rc_rigid_scene *scene;
    if (rc_rigid_scene_create_from_file(path, &scene)) {
        fprintf(stderr, "bench_friction: %s\n", rc_error_get());
        return 2;
    }
    cases[count++] = (friction_case){path, 0};
    cases[count++] = (friction_case){path, rc_rigid_scene_def(scene)->impact.friction};
    if (extra >= 0) cases[count++] = (friction_case){path, extra};
    rc_rigid_scene_destroy(scene);
    bench_print_load();
    printf("# %s\n", path);
    printf(
        "# friction   steps   steps/s  first_400_s   total_s  operator_apps  max_step_apps  overlap  peak_MB  status\n");
    double budget = bench_env_seconds("BENCH_BUDGET", 300);
    for (int k = 0; k < count; k++) {
        bench_child r = bench_run_child(run_case, &cases[k], budget);
        char status[32] = "?";
        long long steps = 0, apps = 0, most = 0;
        double took = 0, first = 0, overlap = 0;
        const char *last = r.text, *line = r.text;
        for (const char *p = r.text; *p; p++) /* the last complete line */
            if (*p == '\n') last = line, line = p + 1;
        if (sscanf(last, "%lld %lf %lf %lld %lld %lf %31s", &steps, &took, &first, &apps, &most, &overlap, status) != 7)
            printf("# friction %g: %s%s\n", cases[k].mu, r.timed_out ? "timed out before one step; " : "", r.text);
        else
            printf("%10g %7lld %9.4g %12.4g %9.4g %14lld %14lld %8.1e %8.1f  %s%s\n", cases[k].mu, steps,
                   took > 0 ? steps / took : 0, first, took, apps, most, overlap, r.maxrss_kb / 1024.0, status,
                   r.timed_out ? " (budget ran out)" : "");
        free(r.text);
    }
    return 0;
}
