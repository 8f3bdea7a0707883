/* SPDX-License-Identifier: MIT */
/* Bond order per particle (docs/formats.md, "Order per particle"): the neighbours of each particle, by distance or
 * by Voronoi tessellation (neighbours.c, voronoi.c), and from them the local psi6 of each disk, the local q4, q6 and
 * w6 of each sphere with the ten Wolde-Frenkel count of solid-like spheres (local_order.c, spherical_harmonics.c),
 * the bond-orientational correlation g6(r) and the hexatic correlation length. */
#ifndef RC_ANALYSIS_LOCAL_ORDER_H
#define RC_ANALYSIS_LOCAL_ORDER_H

#include <complex.h>
#include <stdbool.h>
#include <stddef.h>

#include "ricochet/frame.h"

/* ---- neighbours (neighbours.c, voronoi.c) ---- */

/* One bond from i to j, d = x_j - x_i (the nearest image, or the image the tessellation met). */
typedef struct rc_bond {
    int32_t i, j;
    double d[3];
} rc_bond;

/* The neighbours of every particle as compressed rows: particle i's bonds are start[i] .. start[i + 1] - 1 of
 * `to` (the neighbour) and `d` (3 per bond, x_to - x_i). Built from a list of unordered bonds, kept between frames. */
typedef struct rc_neighbours {
    int32_t count;
    int32_t *start, *to;
    double *d;
    rc_bond *bonds; /* the unordered bonds of the frame, before they are sorted into rows */
    size_t bond_count, start_capacity, to_capacity, d_capacity;
    int bond_capacity;
} rc_neighbours;

/* Appends an unordered bond (RC_STATUS_NO_MEMORY when the list cannot grow). */
rc_status rc_neighbours_add(rc_neighbours *n, int32_t i, int32_t j, const double d[3]);
/* Sorts the bonds added since the last rc_neighbours_clear into the rows of count particles. */
rc_status rc_neighbours_build(rc_neighbours *n, int32_t count);
void rc_neighbours_clear(rc_neighbours *n);
void rc_neighbours_release(rc_neighbours *n);

struct rc_cells;
/* The bonds of the frame's pairs nearer than cutoff. */
rc_status rc_neighbours_by_distance(rc_neighbours *n, struct rc_cells *cells, const rc_frame *frame, double cutoff);
/* The bonds of the frame's Voronoi neighbours (particles whose Voronoi cells share a face of non-zero size), from
 * qhull's Delaunay tessellation with the periodic images near the faces of the box as ghosts. */
rc_status rc_neighbours_by_voronoi(rc_neighbours *n, const rc_frame *frame);

/* ---- spherical harmonics (spherical_harmonics.c) ---- */

/* Y_lm(d / |d|) for m = 0..l (l = 4 or 6), with the Condon-Shortley phase; Y_l,-m = (-1)^m conj(Y_lm). */
void rc_spherical_harmonics(int l, const double d[3], double complex *y);
/* 4 pi / (2l + 1) sum over m = -l..l of |q_m|^2, from q_0..q_l. */
double rc_harmonics_norm(int l, const double complex *q);
/* Sum over m = -l..l of q_m conj(p_m), from m = 0..l: the real part of the dot product of two bond-order vectors. */
double rc_harmonics_dot(int l, const double complex *q, const double complex *p);
/* w_l = sum over m1 + m2 + m3 = 0 of (l l l; m1 m2 m3) q_m1 q_m2 q_m3 / (sum |q_m|^2)^(3/2), from q_0..q_l. */
double rc_harmonics_w(int l, const double complex *q);

/* ---- order per particle (local_order.c) ---- */

typedef struct rc_local_order {
    /* options */
    bool voronoi;              /* neighbours by Voronoi tessellation, else by distance */
    double cutoff;             /* the distance of bonds without voronoi */
    double solid_bond;         /* two spheres are connected when their normalised q6 vectors' product exceeds this */
    int solid_bonds;           /* a sphere is solid-like with at least this many connections */
    double g6_range, g6_width; /* g6(r) from 0 to g6_range in bins of g6_width (2D) */
    /* per frame */
    rc_neighbours neighbours;
    double complex *q; /* per particle: psi6 (2D), or q4_0..4 then q6_0..6 (3D) */
    size_t q_capacity;
    /* the rows of every frame: frame, id, then psi6_abs, psi6_arg (2D) or q4, q6, w6, solid (3D) */
    double *rows;
    size_t row_count;
    int row_capacity;
    double psi6_sum, solid_sum; /* per frame: the mean |psi6|, the fraction of solid-like spheres */
    int dimension, frames, bins;
    double *g6_sum, *g6_pairs; /* per bin, over all frames: the sum of Re psi6_i conj psi6_j and the pair count */
} rc_local_order;

/* The columns of a row, with frame and id first, in 2D or 3D. */
int rc_local_order_columns(int dimension, const char *const **names);
/* Adds the frame's order per particle (its rows) and, in 2D, its pairs to g6(r). */
rc_status rc_local_order_add(rc_local_order *o, struct rc_cells *cells, const rc_frame *frame, int64_t frame_index);
/* The mean over frames of the mean |psi6| (2D) or of the fraction of solid-like spheres (3D). */
double rc_local_order_mean(const rc_local_order *o);
/* g6(r) as rows r, g6 (bins without pairs left out) into values (2 per row, rows at most bins); the number of rows. */
int rc_local_order_g6(const rc_local_order *o, double *values);
/* The hexatic correlation length: g6(r) fitted as a exp(-r / xi) from one mean diameter up to the first bin where
 * g6 <= 0 (weighted by the pair counts), NaN without two bins to fit, infinite when g6 does not decay. */
double rc_local_order_length(const rc_local_order *o, double diameter);
struct rc_table;
/* The tables order_particles (the rows) and, in 2D, g6 (r, g6); rc_table in analysis.h. */
rc_status rc_local_order_tables(const rc_local_order *o, struct rc_table *particles, struct rc_table *g6);
void rc_local_order_release(rc_local_order *o);

#endif
