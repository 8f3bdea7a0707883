/* SPDX-License-Identifier: MIT */
/* Benchmark of whole impact resolves through the public API (rc_impact_solver_resolve, Vouga et al. 2017,
 * Algorithm 2 with the loop of Algorithms 3/4): the 15-ball pool break and free 2D ball piles of about 100, 1,000
 * and 10,000 contacts (hexagonal, every neighbour pair touching; and a disordered polydisperse pile grown so that
 * its contacts touch exactly), each with random ball velocities, under pairwise Gauss-Seidel (lexicographic) and
 * Generalized Reflections, with lineality detection on (the default) and, to show its share, off. For each case:
 * contacts, operator applications, LCP solves, the first (cold) resolve, the steady time per resolve with the
 * solver's memory reused, resolves per second, the implicit-equality analysis alone, peak memory, and two sanity
 * numbers (the smallest relative normal velocity left, the relative change of kinetic energy). Each case runs in a
 * child process with a wall-clock budget (BENCH_BUDGET seconds, default 120): a case that runs out is reported as
 * such. A rate and peak memory, never a verdict. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "piles.h"
#include "ricochet/impact.h"

typedef enum scene { SCENE_POOL, SCENE_HEX, SCENE_GROWN } scene;

typedef struct bench_case {
    scene kind;
    int target; /* contacts wanted (piles) */
    rc_impact_operator op;
    bool lineality;
    double min_seconds; /* CPU time to spend on repeated resolves */
} bench_case;

static const char *scene_name(scene kind)
{
    return kind == SCENE_POOL ? "pool break" : kind == SCENE_HEX ? "hex pile" : "grown pile";
}

static rc_impact_problem *build(const bench_case *c, int *balls)
{
    bench_pile pile;
    double *velocity;
    if (c->kind == SCENE_POOL) {
        velocity = bench_xrealloc(NULL, 32 * sizeof(double));
        bench_pile_pool_break(&pile, velocity);
    } else {
        if (c->kind == SCENE_HEX) bench_pile_hexagonal(&pile, c->target);
        else bench_pile_grown(&pile, c->target, 0.05, 1);
        velocity = bench_xrealloc(NULL, 2 * (size_t)pile.balls * sizeof(double));
        bench_pile_random_velocity(&pile, 42, velocity);
    }
    rc_impact_problem *problem = bench_pile_problem(&pile, velocity, -1);
    *balls = pile.balls;
    free(velocity);
    bench_pile_free(&pile);
    return problem;
}

static void fail(FILE *out, const char *what, rc_status status)
{
    fprintf(out, "error %s: %s (%s)\n", what, rc_status_name(status), rc_error_get());
    fflush(out);
    exit(2);
}

/* The child. Lines: "setup <contacts> <balls>", "first <status> <iterations> <lcp solves> <fallbacks> <islands>
 * <lineality> <cold seconds> <min relative velocity> <energy change>", "steady <reps> <seconds per resolve>",
 * "lineality <seconds>". */
static void run_case(void *arg, FILE *out)
{
    const bench_case *c = arg;
    int balls;
    rc_impact_problem *problem = build(c, &balls);
    fprintf(out, "setup %d %d\n", rc_impact_problem_contact_count(problem), balls);
    fflush(out);
    rc_impact_options options = rc_impact_default_options();
    options.op = c->op;
    options.order = RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC;
    options.lineality = c->lineality;
    rc_impact_solver *solver;
    rc_status status = rc_impact_solver_create(&options, &solver);
    if (status) fail(out, "create", status);
    rc_impact_result result;
    double t0 = bench_cpu_now();
    status = rc_impact_solver_resolve(solver, problem, &result);
    double cold = bench_cpu_now() - t0;
    if (status && status != RC_STATUS_NOT_TERMINATED) fail(out, "resolve", status);
    double before = result.kinetic_energy_before, after = result.kinetic_energy_after;
    double energy_change = before > 0 ? (after - before) / before : 0.0;
    fprintf(out, "first %d %lld %lld %lld %d %d %.9e %.3e %.3e\n", (int)status, (long long)result.iterations,
            (long long)result.lcp_solves, (long long)result.lcp_fallbacks, result.islands, result.lineality_count, cold,
            result.min_relative_velocity, energy_change);
    fflush(out);
    double spent = 0;
    int reps = 0;
    while (spent < c->min_seconds && reps < 100000) {
        t0 = bench_cpu_now();
        status = rc_impact_solver_resolve(solver, problem, &result);
        spent += bench_cpu_now() - t0;
        reps++;
        if (status && status != RC_STATUS_NOT_TERMINATED) fail(out, "resolve", status);
    }
    if (reps > 0) fprintf(out, "steady %d %.9e\n", reps, spent / reps);
    fflush(out);
    /* the implicit-equality analysis alone (the LP per island, and the projection's basis when it finds some) */
    int contacts = rc_impact_problem_contact_count(problem), count, dimension;
    int *indices = bench_xrealloc(NULL, (size_t)(contacts > 0 ? contacts : 1) * sizeof(int));
    spent = 0;
    reps = 0;
    while (reps == 0 || (spent < c->min_seconds / 4 && reps < 10000)) {
        t0 = bench_cpu_now();
        status = rc_impact_solver_lineality(solver, problem, indices, &count, &dimension);
        spent += bench_cpu_now() - t0;
        reps++;
        if (status) fail(out, "lineality", status);
    }
    fprintf(out, "lineality %.9e\n", spent / reps);
    free(indices);
    rc_impact_solver_destroy(solver);
    rc_impact_problem_destroy(problem);
}

static void report(const bench_case *c, const bench_child *child)
{
    int contacts = -1, balls = -1, status = -1, islands = 0, lineality = 0, reps = 0;
    long long iterations = -1, solves = 0, fallbacks = 0;
    double cold = -1, steady = -1, lp = -1, minrel = NAN, energy = NAN;
    char error[512] = "";
    for (const char *line = child->text; line && *line;) {
        if (sscanf(line, "setup %d %d", &contacts, &balls) == 2) {
        } else if (sscanf(line, "first %d %lld %lld %lld %d %d %lf %lf %lf", &status, &iterations, &solves, &fallbacks,
                          &islands, &lineality, &cold, &minrel, &energy) == 9) {
        } else if (sscanf(line, "steady %d %lf", &reps, &steady) == 2) {
        } else if (sscanf(line, "lineality %lf", &lp) == 1) {
        } else if (strncmp(line, "error ", 6) == 0) {
            snprintf(error, sizeof error, "%.*s", (int)strcspn(line, "\n"), line);
        }
        const char *nl = strchr(line, '\n');
        line = nl ? nl + 1 : NULL;
    }
    char tcold[32], tsteady[32], tlp[32], rate[32], note[600];
    bench_format_time(cold, tcold, sizeof tcold);
    bench_format_time(steady, tsteady, sizeof tsteady);
    bench_format_time(lp, tlp, sizeof tlp);
    if (steady > 0) snprintf(rate, sizeof rate, "%.4g", 1.0 / steady);
    else snprintf(rate, sizeof rate, "-");
    if (child->timed_out)
        snprintf(note, sizeof note, "budget ran out after %.0f s (%s)", child->seconds,
                 cold < 0     ? "first resolve unfinished"
                 : steady < 0 ? "during the repeats"
                              : "in the lineality analysis");
    else if (*error) snprintf(note, sizeof note, "%s", error);
    else if (!child->finished) snprintf(note, sizeof note, "child ended by signal %d", child->signal);
    else snprintf(note, sizeof note, "%s", status == RC_STATUS_NOT_TERMINATED ? "not terminated" : "");
    char lcp[48] = "-";
    if (c->op == RC_IMPACT_OPERATOR_GR && iterations >= 0) snprintf(lcp, sizeof lcp, "%lld (%lld)", solves, fallbacks);
    printf("| %s | %d | %d | %s%s | %lld | %s | %s | %s | %s | %s | %.1f | %.1e | %.1e | %s |\n", scene_name(c->kind),
           contacts, balls, rc_impact_operator_name(c->op), c->lineality ? "" : " (no lineality)", iterations, lcp,
           tcold, tsteady, rate, tlp, child->maxrss_kb / 1024.0, minrel, energy, note);
    fflush(stdout);
}

static bool parse_scene(const char *text, scene *kind)
{
    if (strcmp(text, "pool") == 0) *kind = SCENE_POOL;
    else if (strcmp(text, "hex") == 0) *kind = SCENE_HEX;
    else if (strcmp(text, "grown") == 0) *kind = SCENE_GROWN;
    else return false;
    return true;
}

int main(int argc, char **argv)
{
    double budget = bench_env_seconds("BENCH_BUDGET", 120.0), seconds = 1.0;
    int max_target = 10000, only_contacts = 0;
    bool only_scene_set = false, only_op_set = false, in_process = false, with_plain = false;
    scene only_scene = SCENE_POOL;
    rc_impact_operator only_op = RC_IMPACT_OPERATOR_GR;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--max") == 0 && i + 1 < argc) max_target = atoi(argv[++i]);
        else if (strcmp(argv[i], "--scene") == 0 && i + 1 < argc && parse_scene(argv[i + 1], &only_scene))
            only_scene_set = true, i++;
        else if (strcmp(argv[i], "--contacts") == 0 && i + 1 < argc) only_contacts = atoi(argv[++i]);
        else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc && !rc_impact_operator_parse(argv[i + 1], &only_op))
            only_op_set = true, i++;
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--in-process") == 0) in_process = true;
        else if (strcmp(argv[i], "--no-lineality-too") == 0) with_plain = true;
        else {
            fprintf(stderr,
                    "usage: %s [--max CONTACTS] [--scene pool|hex|grown] [--contacts N] [--op gs|gr] [--seconds S]\n"
                    "          [--no-lineality-too] [--in-process]\n"
                    "  piles of 100, 1000, 10000 contacts up to --max; --scene/--contacts/--op select cases\n"
                    "  (with --op, the runs without lineality detection only if --no-lineality-too);\n"
                    "  --seconds: CPU time of repeated resolves per case (default 1); --in-process: no child process\n"
                    "  and no budget, raw lines on stdout (for profilers such as valgrind --tool=callgrind)\n"
                    "environment: BENCH_BUDGET seconds per case (default 120)\n",
                    argv[0]);
            return 1;
        }
    }
    bench_case cases[64];
    int count = 0;
    cases[count++] = (bench_case){SCENE_POOL, 0, RC_IMPACT_OPERATOR_GS, true, seconds};
    cases[count++] = (bench_case){SCENE_POOL, 0, RC_IMPACT_OPERATOR_GR, true, seconds};
    cases[count++] = (bench_case){SCENE_POOL, 0, RC_IMPACT_OPERATOR_GR, false, seconds};
    const scene piles[] = {SCENE_HEX, SCENE_GROWN};
    for (int p = 0; p < 2; p++)
        for (int target = 100; target <= max_target; target *= 10)
            for (int op = 0; op < 2; op++)
                for (int lineality = 1; lineality >= 0; lineality--)
                    cases[count++] =
                        (bench_case){piles[p], target, op == 0 ? RC_IMPACT_OPERATOR_GS : RC_IMPACT_OPERATOR_GR,
                                     lineality == 1, seconds};
    if (!in_process) {
        bench_print_load();
        printf("# bench_impact: rc_impact_solver_resolve, lexicographic GS and GR, tolerance 1e-12, restitution 1, no "
               "friction; budget %.0f s per case\n",
               budget);
        printf("# times are CPU time; 'first' is the cold resolve (allocation included), 'per resolve' the steady "
               "state with the solver reused; 'lineality' is rc_impact_solver_lineality alone\n");
        printf("| scene | contacts | balls | operator | iterations | LCPs (fallbacks) | first | per resolve | "
               "resolves/s | lineality | peak MB | min rel. velocity | energy change | note |\n");
        printf("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    }
    for (int i = 0; i < count; i++) {
        const bench_case *c = &cases[i];
        if (only_scene_set && c->kind != only_scene) continue;
        if (only_contacts && c->kind != SCENE_POOL && c->target != only_contacts) continue;
        if (only_op_set && c->op != only_op) continue;
        if (only_op_set && !c->lineality && !with_plain) continue;
        if (in_process) {
            run_case(&cases[i], stdout);
            continue;
        }
        bench_child child = bench_run_child(run_case, &cases[i], budget);
        report(c, &child);
        free(child.text);
    }
    return 0;
}
