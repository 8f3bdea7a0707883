/* SPDX-License-Identifier: MIT */
/* The Gauss-Seidel-like impact loop (Vouga et al. 2017, Algorithms 1, 3 and 4) with its two operators: pairwise
 * Gauss-Seidel (gauss_seidel.c) and Generalized Reflections (reflections.c). */
#ifndef RC_IMPACT_LOOP_H
#define RC_IMPACT_LOOP_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/rng.h"
#include "impact/lcp.h"
#include "impact/system.h"

typedef struct rc_loop {
    double *r;    /* m: n_k . v */
    int *adj_ptr; /* n + 1: contacts touching each dof, built at the first rc_loop_neighbours after
                              rc_loop_prepare (adjacency_ready): a small LCP's assembly never needs it */
    int *adj;
    bool adjacency_ready;
    int *stamp;      /* m: visit marks */
    int *neighbours; /* m: the contacts found by rc_loop_neighbours */
    int stamp_now;
    unsigned char *violated;
    int *vlist, *vpos; /* the violated set as a dense list, and each contact's place in it (-1 if absent) */
    int vcount;
    uint64_t *bits; /* the violated set as a bitset, for lexicographic and sweep orders */
    double *dense;  /* n scratch */
    rc_rng rng;
    rc_lcp lcp;
    const volatile sig_atomic_t *stop; /* when set and nonzero, the loop ends at its next operator application */
    size_t cap_r, cap_adj_ptr, cap_adj, cap_stamp, cap_neighbours, cap_violated, cap_vlist, cap_vpos, cap_bits,
        cap_dense;
} rc_loop;

void rc_loop_free(rc_loop *loop);

/* Runs the loop on sys from velocity v (in place) until no contact is violated, adding each contact's impulses
 * to impulse[k]. budget > 0 caps the operator applications (RC_STATUS_NOT_TERMINATED when it runs out); so does an
 * interrupt (loop->stop), between two applications. */
rc_status rc_loop_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options, int64_t budget,
                      double *impulse, int64_t *iterations);

/* Whether the loop must end before its next operator application: the budget ran out, or an interrupt asks. */
static inline bool rc_loop_must_end(const rc_loop *loop, int64_t budget, int64_t done)
{
    return (budget > 0 && done >= budget) || (loop->stop && *loop->stop);
}

/* Shared by the operators and the restitution model. */
rc_status rc_loop_prepare(rc_loop *loop, const rc_system *sys);
/* Fills loop->lcp with A = N_S^T M^-1 N_S (dense or sparse) and q = factor * loop->r over the subset. */
rc_status rc_loop_assemble(rc_loop *loop, const rc_system *sys, const int *subset, int count, double factor,
                           int *position, bool dense);
/* Solves the LCP with A = N_S^T M^-1 N_S and q = factor * N_S^T v (from loop->r) for the contacts in subset
 * (count of them); the answer is in loop->lcp.z. Dense through Siconos up to RC_LCP_DENSE_LIMIT contacts (or
 * whenever method asks for Lemke or enumeration), sparse above. position must hold m entries, all -1 (returned
 * so). */
rc_status rc_loop_solve_lcp(rc_loop *loop, const rc_system *sys, const int *subset, int count, double factor,
                            int *position, rc_lcp_method method);
/* Lists in loop->neighbours every contact sharing a dof with contact k (k included), each once; returns how many. */
int rc_loop_neighbours(rc_loop *loop, const rc_system *sys, int k);
/* Recomputes loop->r for every contact; returns |v|_M^2. */
double rc_loop_refresh(rc_loop *loop, const rc_system *sys, const double *v);

rc_status rc_gauss_seidel_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options,
                              int64_t budget, double *impulse, int64_t *iterations);
rc_status rc_reflections_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options,
                             int64_t budget, double *impulse, int64_t *iterations);

#endif
