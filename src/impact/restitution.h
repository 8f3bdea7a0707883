/* SPDX-License-Identifier: MIT */
/* Restitution as the interpolation between the inelastic LCP answer and the elastic loop's answer (Vouga et al.
 * 2017, section 6.2). */
#ifndef RC_IMPACT_RESTITUTION_H
#define RC_IMPACT_RESTITUTION_H

#include "impact/loop.h"

/* The inelastic answer for velocity v on sys: v_inelastic (n entries) and its impulses lambda (m entries). */
rc_status rc_restitution_inelastic(rc_loop *loop, const rc_system *sys, const double *v, double *v_inelastic,
                                   double *lambda, rc_lcp_method method);

/* elastic <- (1 - c) inelastic + c elastic, entrywise over count entries (velocities or impulses alike). */
void rc_restitution_blend(int count, double c, const double *inelastic, double *elastic);

#endif
