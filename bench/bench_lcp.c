/* SPDX-License-Identifier: MIT */
/* Benchmark of the LCP methods behind rc_lcp_solve (src/impact/lcp.c: Siconos lexicographic Lemke and projected
 * Gauss-Seidel; src/impact/lcp_sparse.c: the sparse projected Gauss-Seidel; and the automatic choice) on the LCPs
 * Generalized Reflections produces (Vouga et al. 2017, Algorithm 4): A = N^T M^-1 N of a 2D ball pile (normalised:
 * unit diagonal, symmetric positive semidefinite) and q = 2 N^T v for a random velocity v, so that about half the
 * contacts are violated. With --violated only violated contacts enter, as in a GR step (every q_i < 0). It reports
 * time per solve and the fraction of problems the method solved accurately by itself (no fallback), to choose
 * LEMKE_LIMIT, the size where RC_LCP_METHOD_AUTO switches from Lemke to PGS. Each (pile, size, method) cell runs in a child
 * process with a time budget (BENCH_BUDGET seconds, default 60); a cell that runs out reports the instances it
 * finished. A rate and peak memory, never a verdict. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SolverOptions.h>

#include "harness.h"
#include "impact/lcp.h"
#include "impact/loop.h"
#include "impact/system.h"
#include "piles.h"

/* The methods measured: the three Siconos methods through rc_lcp_solve (values of rc_lcp_method), the library's own
 * sparse projected Gauss-Seidel, and the library path GR takes (assembly included, RC_LCP_METHOD_AUTO). */
enum { METHOD_SPARSE_PGS = 100, METHOD_LIBRARY = 101 };

/* An answer is accurate when its error (lcp_error) is at most this: the check lcp.c applies. */
static const double ACCURATE = 1e-9;

typedef struct cell {
    const char *family; /* "hex" or "grown" */
    int n;
    int method; /* an rc_lcp_method or METHOD_* */
    int instances;
    bool violated_only;
} cell;

static const char *method_name(int m)
{
    switch (m) {
    case RC_LCP_METHOD_LEMKE: return "lemke";
    case RC_LCP_METHOD_PGS: return "pgs";
    case METHOD_SPARSE_PGS: return "spgs";
    case METHOD_LIBRARY: return "auto";
    }
    return "?";
}

/* The largest violation of z >= 0, w >= 0, min(z, w) = 0 with w = A z + q recomputed here, relative to max |q|. */
static double lcp_error(const double *a, const double *q, const double *z, int n)
{
    double scale = 0, err = 0;
    for (int i = 0; i < n; i++) scale = fmax(scale, fabs(q[i]));
    for (int i = 0; i < n; i++) {
        double w = q[i];
        for (int j = 0; j < n; j++) w += a[(size_t)j * (size_t)n + (size_t)i] * z[j];
        err = fmax(err, fmax(fmax(-z[i], -w), fmin(fabs(z[i]), fabs(w))));
    }
    return scale > 0 ? err / scale : err;
}

/* One instance: the pile's system, the GR matrix and vector of n of its contacts (dense, built here independently
 * of the library's assembly: A_ij = n_i^T M^-1 n_j, q_i = 2 n_i^T v), and the contacts chosen. */
typedef struct instance {
    rc_system sys;
    rc_loop loop;
    int *subset, *position; /* the n contacts, and m entries of -1 for rc_loop_solve_lcp */
    double *a, *q;          /* n x n column-major, n */
    double violated;        /* fraction of the n contacts with q_i < 0 */
} instance;

static void instance_free(instance *in)
{
    rc_system_free(&in->sys);
    rc_loop_free(&in->loop);
    free(in->subset);
    free(in->position);
    free(in->a);
    free(in->q);
    memset(in, 0, sizeof *in);
}

static void make_instance(const cell *c, int index, instance *in)
{
    bench_pile pile;
    int n = c->n, target = c->violated_only ? 3 * n + 8 : n;
    if (strcmp(c->family, "hex") == 0) bench_pile_hexagonal(&pile, target);
    else bench_pile_grown(&pile, target, 0.05, 1000u + (uint64_t)index);
    double *velocity = bench_xrealloc(NULL, 2 * (size_t)pile.balls * sizeof(double));
    bench_pile_random_velocity(&pile, 7000u + (uint64_t)index, velocity);
    rc_impact_problem *problem = bench_pile_problem(&pile, velocity, target);
    int m = rc_impact_problem_contact_count(problem);
    in->subset = bench_xrealloc(in->subset, (size_t)m * sizeof(int));
    in->position = bench_xrealloc(in->position, (size_t)m * sizeof(int));
    in->a = bench_xrealloc(in->a, (size_t)n * (size_t)n * sizeof(double));
    in->q = bench_xrealloc(in->q, (size_t)n * sizeof(double));
    if (rc_system_build(&in->sys, problem) || rc_loop_prepare(&in->loop, &in->sys)) {
        fprintf(stderr, "assembly failed: %s\n", rc_error_get());
        exit(1);
    }
    const rc_system *sys = &in->sys;
    rc_loop_refresh(&in->loop, sys, rc_impact_problem_velocity(problem));
    int count = 0, violated = 0;
    for (int k = 0; k < m; k++) in->position[k] = -1;
    for (int k = 0; k < m && count < n; k++) {
        if (c->violated_only && !(in->loop.r[k] < 0)) continue;
        in->subset[count++] = k;
        violated += in->loop.r[k] < 0;
    }
    if (count < n) {
        fprintf(stderr, "pile too small: %d of %d contacts\n", count, n);
        exit(1);
    }
    double *x = bench_xrealloc(NULL, (size_t)sys->n * sizeof(double));
    memset(x, 0, (size_t)sys->n * sizeof(double));
    for (int j = 0; j < n; j++) {
        int kj = in->subset[j];
        in->q[j] = 2.0 * in->loop.r[kj];
        for (int p = sys->ptr[kj]; p < sys->ptr[kj + 1]; p++) x[sys->idx[p]] = sys->wgrad[p];
        for (int i = 0; i < n; i++) in->a[(size_t)j * (size_t)n + (size_t)i] = rc_system_dot(sys, in->subset[i], x);
        for (int p = sys->ptr[kj]; p < sys->ptr[kj + 1]; p++) x[sys->idx[p]] = 0.0;
    }
    in->violated = (double)violated / n;
    free(x);
    free(velocity);
    rc_impact_problem_destroy(problem);
    bench_pile_free(&pile);
}

/* Puts the instance into the solver's arrays (dense, or CSR for the sparse solver). */
static void load(instance *in, int n, bool sparse)
{
    rc_lcp *lcp = &in->loop.lcp;
    if (rc_lcp_reserve(lcp, n, !sparse)) exit(1);
    memcpy(lcp->q, in->q, (size_t)n * sizeof(double));
    if (!sparse) {
        memcpy(lcp->a, in->a, (size_t)n * (size_t)n * sizeof(double));
        return;
    }
    size_t nonzeros = 0;
    for (size_t e = 0; e < (size_t)n * (size_t)n; e++) nonzeros += in->a[e] != 0.0;
    if (rc_lcp_reserve_sparse(lcp, n, nonzeros)) exit(1);
    int at = 0;
    for (int i = 0; i < n; i++) { /* A is symmetric: row i is column i */
        lcp->row_ptr[i] = at;
        for (int j = 0; j < n; j++) {
            double value = in->a[(size_t)i * (size_t)n + (size_t)j];
            if (value == 0.0) continue;
            lcp->col[at] = j;
            lcp->val[at++] = value;
        }
    }
    lcp->row_ptr[n] = at;
}

static rc_status solve(instance *in, const cell *c)
{
    if (c->method == METHOD_SPARSE_PGS) return rc_lcp_solve_sparse(&in->loop.lcp, c->n);
    if (c->method == METHOD_LIBRARY)
        return rc_loop_solve_lcp(&in->loop, &in->sys, in->subset, c->n, 2.0, in->position, RC_LCP_METHOD_AUTO);
    return rc_lcp_solve(&in->loop.lcp, c->n, (rc_lcp_method)c->method);
}

static int iterations_done(const rc_lcp *lcp, int method)
{
    const SolverOptions *o = method == RC_LCP_METHOD_LEMKE ? lcp->lemke : method == RC_LCP_METHOD_PGS ? lcp->pgs : NULL;
    return o ? o->iparam[SICONOS_IPARAM_ITER_DONE] : -1;
}

/* The child: one line per instance, "inst <violated> <accurate> <seconds per solve> <lemke pivots> <pgs sweeps>
 * <error>". Accurate: the method alone (no fallback) returned an answer with error <= ACCURATE. */
static void run_cell(void *arg, FILE *out)
{
    const cell *c = arg;
    instance in = {0};
    for (int i = 0; i < c->instances; i++) {
        make_instance(c, i, &in);
        /* repeat the same solve until 20 ms of CPU time have passed (at least once) for a stable time */
        double spent = 0;
        int reps = 0;
        bool ok = true;
        rc_status status = RC_STATUS_OK;
        while (reps == 0 || (spent < 0.02 && reps < 10000)) {
            if (c->method != METHOD_LIBRARY) load(&in, c->n, c->method == METHOD_SPARSE_PGS);
            long before = in.loop.lcp.fallbacks;
            double t0 = bench_cpu_now();
            status = solve(&in, c);
            spent += bench_cpu_now() - t0;
            reps++;
            ok = ok && status == RC_STATUS_OK && in.loop.lcp.fallbacks == before;
        }
        double err = status == RC_STATUS_OK ? lcp_error(in.a, in.q, in.loop.lcp.z, c->n) : INFINITY;
        ok = ok && err <= ACCURATE;
        fprintf(out, "inst %.6f %d %.9e %d %d %.3e\n", in.violated, ok ? 1 : 0, spent / reps,
                iterations_done(&in.loop.lcp, RC_LCP_METHOD_LEMKE), iterations_done(&in.loop.lcp, RC_LCP_METHOD_PGS),
                err);
        fflush(out);
    }
    instance_free(&in);
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static void report(const cell *c, const bench_child *child)
{
    double times[256], violated = 0, worst = 0;
    int done = 0, accurate = 0, lemke_seen = 0, pgs_seen = 0;
    long pivots = 0, sweeps = 0;
    for (const char *line = child->text; line && *line;) {
        double v, t, e;
        int ok, piv, sw;
        if (sscanf(line, "inst %lf %d %lf %d %d %lf", &v, &ok, &t, &piv, &sw, &e) == 6 && done < 256) {
            times[done++] = t;
            violated += v;
            accurate += ok;
            pivots += piv > 0 ? piv : 0;
            sweeps += sw > 0 ? sw : 0;
            lemke_seen |= piv >= 0;
            pgs_seen |= sw >= 0;
            worst = fmax(worst, e);
        }
        const char *nl = strchr(line, '\n');
        line = nl ? nl + 1 : NULL;
    }
    double mean = 0;
    for (int i = 0; i < done; i++) mean += times[i] / done;
    qsort(times, (size_t)done, sizeof(double), compare_doubles);
    char tm[32], tmed[32], tmax[32], iters[96];
    bench_format_time(done ? mean : INFINITY, tm, sizeof tm);
    bench_format_time(done ? times[done / 2] : INFINITY, tmed, sizeof tmed);
    bench_format_time(done ? times[done - 1] : INFINITY, tmax, sizeof tmax);
    /* Lemke pivots and Siconos PGS sweeps, for whichever of the two ran (the sparse PGS does not expose its own) */
    if (!done || (!lemke_seen && !pgs_seen)) snprintf(iters, sizeof iters, "-");
    else if (lemke_seen && (!pgs_seen || c->method == RC_LCP_METHOD_LEMKE))
        snprintf(iters, sizeof iters, "%ld pivots", pivots / done);
    else if (pgs_seen && (!lemke_seen || c->method == RC_LCP_METHOD_PGS))
        snprintf(iters, sizeof iters, "%ld sweeps", sweeps / done);
    else snprintf(iters, sizeof iters, "%ld pivots, %ld sweeps", pivots / done, sweeps / done);
    const char *note = child->timed_out ? "budget ran out" : !child->finished ? "child failed" : "";
    printf("| %s | %4d | %-5s | %2d/%2d | %4.2f | %5.2f | %10s | %10s | %10s | %s | %.1e | %6.1f | %s |\n", c->family,
           c->n, method_name(c->method), done, c->instances, done ? violated / done : 0.0,
           done ? (double)accurate / done : 0.0, tm, tmed, tmax, iters, worst, child->maxrss_kb / 1024.0, note);
    fflush(stdout);
}

static int instances_for(int n) { return n <= 64 ? 20 : n <= 256 ? 10 : n <= 512 ? 5 : 3; }

int main(int argc, char **argv)
{
    bool violated_only = false;
    const char *only_family = NULL, *only_method = NULL;
    int max_n = 1024, sizes[64], size_count = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--violated") == 0) violated_only = true;
        else if (strcmp(argv[i], "--family") == 0 && i + 1 < argc) only_family = argv[++i];
        else if (strcmp(argv[i], "--method") == 0 && i + 1 < argc) only_method = argv[++i];
        else if (strcmp(argv[i], "--max") == 0 && i + 1 < argc) max_n = atoi(argv[++i]);
        else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc)
            for (char *t = strtok(argv[++i], ","); t && size_count < 64; t = strtok(NULL, ","))
                sizes[size_count++] = atoi(t);
        else {
            fprintf(stderr,
                    "usage: %s [--violated] [--family hex|grown] [--method lemke|pgs|spgs|auto] [--max N]\n"
                    "          [--sizes n1,n2,...]   (default 2, 4, ..., up to --max 1024)\n"
                    "environment: BENCH_BUDGET seconds per cell (default 60)\n",
                    argv[0]);
            return 1;
        }
    }
    double budget = bench_env_seconds("BENCH_BUDGET", 60.0);
    bench_print_load();
    printf("# bench_lcp: GR-type LCPs A = N^T M^-1 N (unit diagonal), q = 2 N^T v; %s\n",
           violated_only ? "violated contacts only (every q_i < 0), as in a GR step"
                         : "all n contacts, random v (about half violated)");
    printf("# lemke, pgs: rc_lcp_solve with that method (its accuracy check and any fallback included in the "
           "time); spgs: rc_lcp_solve_sparse; auto: rc_loop_solve_lcp with RC_LCP_METHOD_AUTO, the path GR takes "
           "(assembly "
           "included)\n# times are CPU time per solve (the budget is wall time); accurate: no fallback and "
           "max(-z, -w, min(z, w)) <= %.0e max|q|; budget %.0f s per cell\n",
           ACCURATE, budget);
    printf("| pile | n | method | instances | violated | accurate | mean time | median | max | iterations | worst "
           "error | peak MB | note |\n");
    printf("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    const char *families[] = {"hex", "grown"};
    const int methods[] = {RC_LCP_METHOD_LEMKE, RC_LCP_METHOD_PGS, METHOD_SPARSE_PGS, METHOD_LIBRARY};
    if (size_count == 0)
        for (int n = 2; n <= max_n && size_count < 64; n *= 2) sizes[size_count++] = n;
    for (int f = 0; f < 2; f++) {
        if (only_family && strcmp(only_family, families[f]) != 0) continue;
        for (int si = 0; si < size_count; si++)
            for (int mi = 0; mi < 4; mi++) {
                int n = sizes[si];
                int m = methods[mi];
                if (only_method && strcmp(only_method, method_name(m)) != 0) continue;
                cell c = {families[f], n, m, instances_for(n), violated_only};
                bench_child child = bench_run_child(run_cell, &c, budget);
                report(&c, &child);
                free(child.text);
            }
    }
    return 0;
}
