/* SPDX-License-Identifier: MIT */
/* Initial states for the event-driven engine (docs/design.md, "The event-driven engine"; ricochet/edmd.h, "Initial
 * states"): lattices, seeded random sequential insertion, the box for a packing fraction, and Maxwell-Boltzmann
 * velocities with zero total momentum and exactly the asked temperature.
 *
 * A lattice is a grid of points[k] points per axis, step[k] apart; fcc and hexagonal keep only the points whose
 * indices sum to an even number (fcc: half steps of a cubic cell; hexagonal: half steps of an a x a sqrt(3) cell, the
 * triangular lattice). Along a periodic axis the step is box / points; along a closed axis the points span
 * [r_max, box - r_max]. The cell counts are chosen to maximise the nearest-site distance (ties: the fewest sites),
 * which stretches cells to the box's aspect ratio. Sites fill z-layer by z-layer, then y, then x, so a partly filled
 * lattice has its gap at the top. Every placement is checked on a cell grid: no two particles closer than the sum of
 * their radii (minimum image along periodic axes), none across a closed face.
 *
 * The grid here is its own, not core/cells.h: random insertion asks whether one candidate point overlaps the
 * particles placed so far, a set that grows by one at each acceptance, while core/cells.h lists the pairs of a fixed
 * set (rebuilding it per candidate would cost O(N) each); the lattice check shares the insertion's grid so that its
 * message names the same pair as before. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "ricochet/scene.h"
#include "scene/squeeze.h"

enum { PLACEMENT_COUNT = 5, RANDOM_ATTEMPTS = 1000 };

static const char *const placement_names[PLACEMENT_COUNT] = {"fcc", "simple_cubic", "square", "hexagonal", "random"};
static const char axis_names[] = "xyz";

rc_status rc_placement_parse(const char *name, rc_placement *placement)
{
    if (!name || !placement) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "placement: NULL %s", name ? "result" : "name");
    for (int i = 0; i < PLACEMENT_COUNT; i++)
        if (strcmp(name, placement_names[i]) == 0) {
            *placement = (rc_placement)i;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "placement \"%s\" is not fcc, simple_cubic, square, hexagonal or random",
                   name);
}

const char *rc_placement_name(rc_placement placement)
{
    return (unsigned)placement < PLACEMENT_COUNT ? placement_names[placement] : "unknown";
}

/* ---- Checks and volumes ----------------------------------------------------------------------------------------- */

static rc_status check_dimension(const char *what, int dimension)
{
    if (dimension != 2 && dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s dimension: %d is not 2 or 3", what, dimension);
    return RC_STATUS_OK;
}

static rc_status check_count(const char *what, int32_t count, int32_t least)
{
    if (count < least)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s count: %d is below %d", what, (int)count, (int)least);
    return RC_STATUS_OK;
}

/* values[0 .. count) all finite and positive. */
static rc_status check_positive(const char *name, const double *values, int32_t count)
{
    if (count > 0 && !values) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: NULL for %d particles", name, (int)count);
    for (int32_t i = 0; i < count; i++)
        if (!(values[i] > 0) || !isfinite(values[i]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s[%d]: %g is not a finite positive number", name, (int)i,
                           values[i]);
    return RC_STATUS_OK;
}

static rc_status check_box(const double box[3], int dimension)
{
    if (!box) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box: NULL");
    for (int k = 0; k < dimension; k++)
        if (!(box[k] > 0) || !isfinite(box[k]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box[%d] (%c): %g is not a finite positive edge", k,
                           axis_names[k], box[k]);
    return RC_STATUS_OK;
}

static rc_status check_output(const char *name, const void *array, int32_t count)
{
    if (count > 0 && !array) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: NULL for %d particles", name, (int)count);
    return RC_STATUS_OK;
}

/* Volume of a sphere (3D) or area of a disk (2D) per unit radius^d. */
static double ball_constant(int dimension) { return dimension == 3 ? 4.0 / 3.0 * M_PI : M_PI; }
static double ball_volume(int dimension, double r) { return ball_constant(dimension) * pow(r, dimension); }

static double box_volume(int dimension, const double box[3])
{
    double v = 1;
    for (int k = 0; k < dimension; k++) v *= box[k];
    return v;
}

static double densest_packing(int dimension) { return dimension == 3 ? M_PI / sqrt(18.0) : M_PI / sqrt(12.0); }

rc_status rc_box_scale_to_packing_fraction(int dimension, int32_t count, const double *radii, double packing_fraction,
                                           double box[3])
{
    rc_status s;
    if ((s = check_dimension("packing", dimension)) || (s = check_count("packing", count, 1)) ||
        (s = check_positive("radii", radii, count)) || (s = check_box(box, dimension)))
        return s;
    if (!(packing_fraction > 0 && packing_fraction < 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "packing fraction: %g is outside (0, 1)", packing_fraction);
    if (packing_fraction > densest_packing(dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "packing fraction: %g is above the densest packing of %s (%.4f)",
                       packing_fraction, dimension == 3 ? "spheres" : "disks", densest_packing(dimension));
    double sum = 0; /* sum of r^d first: exact for equal radii that are powers of two */
    for (int32_t i = 0; i < count; i++) sum += pow(radii[i], dimension);
    double ratio = ball_constant(dimension) * sum / packing_fraction / box_volume(dimension, box);
    double scale = dimension == 3 ? cbrt(ratio) : sqrt(ratio);
    if (!(scale > 0) || !isfinite(scale))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "packing: box scale %g for fraction %g is not finite", scale,
                       packing_fraction);
    for (int k = 0; k < dimension; k++) box[k] *= scale;
    return RC_STATUS_OK;
}

/* ---- The space particles go in ---------------------------------------------------------------------------------- */

typedef struct space {
    int dimension;
    double box[3];    /* in 2D box[2] = 1 */
    bool periodic[3]; /* in 2D periodic[2] = false */
    double r_min, r_max;
} space;

static void space_init(space *sp, int dimension, const double box[3], const bool periodic[3], int32_t count,
                       const double *radii)
{
    sp->dimension = dimension;
    for (int k = 0; k < 3; k++) {
        sp->box[k] = k < dimension ? box[k] : 1.0;
        sp->periodic[k] = k < dimension && periodic[k];
    }
    sp->r_min = INFINITY;
    sp->r_max = 0;
    for (int32_t i = 0; i < count; i++) {
        sp->r_min = fmin(sp->r_min, radii[i]);
        sp->r_max = fmax(sp->r_max, radii[i]);
    }
}

/* Where centres of radius r may go along axis k: [lo, hi], chosen so that x - r >= 0 and (box - x) - r >= 0 hold
 * in floating point; along a periodic axis [0, box). */
static void axis_range(const space *sp, int k, double r, double *lo, double *hi)
{
    if (sp->periodic[k]) {
        *lo = 0;
        *hi = sp->box[k];
        return;
    }
    double top = sp->box[k] - r;
    while ((sp->box[k] - top) - r < 0) top = nextafter(top, -INFINITY);
    *lo = r;
    *hi = top;
}

/* x moved into [0, box) along a periodic axis, into [lo, hi] along a closed one. */
static double clamp_to(const space *sp, int k, double r, double x)
{
    double lo, hi;
    axis_range(sp, k, r, &lo, &hi);
    if (sp->periodic[k]) return x >= hi ? nextafter(hi, 0.0) : fmax(x, 0.0);
    return fmin(fmax(x, lo), hi);
}

/* The first particle across a closed face, or -1. */
static int32_t find_outside(const space *sp, int32_t count, const double *radii, const double *positions)
{
    for (int32_t i = 0; i < count; i++)
        for (int k = 0; k < sp->dimension; k++) {
            double x = positions[3 * i + k];
            bool inside =
                sp->periodic[k] ? x >= 0 && x < sp->box[k] : x - radii[i] >= 0 && (sp->box[k] - x) - radii[i] >= 0;
            if (!inside) return i;
        }
    return -1;
}

/* ---- A cell grid to find overlaps in O(1) per particle ---------------------------------------------------------- */

typedef struct grid {
    const space *sp;
    int32_t cells[3];
    double inverse[3]; /* cells[k] / box[k] */
    int32_t *head;     /* first particle of each cell, -1 when empty */
    int32_t *next;     /* the next particle in the same cell */
    const double *positions;
    const double *radii;
} grid;

/* Cells at least as wide as the largest diameter, and not many more of them than particles. */
static rc_status grid_init(grid *g, const space *sp, int32_t count, const double *radii, const double *positions)
{
    double limit = 2.0 * count + 8.0, width = 2.0 * sp->r_max, total;
    do {
        total = 1;
        for (int k = 0; k < 3; k++) {
            double m = floor(sp->box[k] / width);
            g->cells[k] = k < sp->dimension && m > 1 ? (int32_t)fmin(m, fmin(limit, 0x1p30)) : 1;
            total *= g->cells[k];
        }
        width *= 1.25;
    } while (total > limit);
    for (int k = 0; k < 3; k++) g->inverse[k] = g->cells[k] / sp->box[k];
    g->sp = sp;
    g->positions = positions;
    g->radii = radii;
    g->head = malloc((size_t)total * sizeof *g->head);
    g->next = malloc((size_t)count * sizeof *g->next);
    if (!g->head || !g->next) {
        free(g->head);
        free(g->next);
        return rc_fail(RC_STATUS_NO_MEMORY, "placement: out of memory for a grid of %.0f cells", total);
    }
    for (size_t c = 0; c < (size_t)total; c++) g->head[c] = -1;
    return RC_STATUS_OK;
}

static void grid_release(grid *g)
{
    free(g->head);
    free(g->next);
}

static int32_t cell_of(const grid *g, int k, double x)
{
    double c = floor(x * g->inverse[k]);
    return c < 0 ? 0 : c >= g->cells[k] ? g->cells[k] - 1 : (int32_t)c;
}

static size_t cell_index(const grid *g, const int32_t c[3])
{
    return ((size_t)c[2] * (size_t)g->cells[1] + (size_t)c[1]) * (size_t)g->cells[0] + (size_t)c[0];
}

/* The distinct cells next to cell c along axis k (itself included); returns how many. */
static int axis_neighbours(const grid *g, int k, int32_t c, int32_t out[3])
{
    int32_t m = g->cells[k];
    int n = 0;
    if (g->sp->periodic[k] && m >= 3) {
        out[n++] = (c + m - 1) % m;
        out[n++] = c;
        out[n++] = (c + 1) % m;
    } else if (g->sp->periodic[k]) {
        for (int32_t i = 0; i < m; i++) out[n++] = i;
    } else {
        for (int32_t i = c - 1; i <= c + 1; i++)
            if (i >= 0 && i < m) out[n++] = i;
    }
    return n;
}

/* Squared distance, minimum image along periodic axes (positions lie in [0, box) there). */
static double separation2(const space *sp, const double *a, const double *b)
{
    double sum = 0;
    for (int k = 0; k < sp->dimension; k++) {
        double d = a[k] - b[k];
        if (sp->periodic[k] && d > 0.5 * sp->box[k]) d -= sp->box[k];
        if (sp->periodic[k] && d < -0.5 * sp->box[k]) d += sp->box[k];
        sum += d * d;
    }
    return sum;
}

/* A particle in the grid that a ball of radius r at x overlaps (closer than the sum of the radii), or -1. */
static int32_t grid_overlap(const grid *g, const double x[3], double r)
{
    int32_t near[3][3], n[3], c[3];
    for (int k = 0; k < 3; k++) n[k] = axis_neighbours(g, k, cell_of(g, k, x[k]), near[k]);
    for (int a = 0; a < n[2]; a++)
        for (int b = 0; b < n[1]; b++)
            for (int e = 0; e < n[0]; e++) {
                c[0] = near[0][e], c[1] = near[1][b], c[2] = near[2][a];
                for (int32_t j = g->head[cell_index(g, c)]; j >= 0; j = g->next[j]) {
                    double sum = r + g->radii[j];
                    if (separation2(g->sp, x, g->positions + 3 * j) < sum * sum) return j;
                }
            }
    return -1;
}

static void grid_add(grid *g, int32_t i)
{
    const double *x = g->positions + 3 * i;
    int32_t c[3];
    for (int k = 0; k < 3; k++) c[k] = cell_of(g, k, x[k]);
    size_t cell = cell_index(g, c);
    g->next[i] = g->head[cell];
    g->head[cell] = i;
}

/* ---- Lattices --------------------------------------------------------------------------------------------------- */

typedef struct lattice {
    bool parity;       /* keep only the points whose indices sum to an even number */
    int64_t points[3]; /* per axis */
    double step[3];    /* INFINITY for a single point on a closed axis */
    double origin[3];
} lattice;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Points per cell along one axis, and sites per cell. */
static int64_t cell_points(const lattice *l) { return l->parity ? 2 : 1; }
static int64_t cell_sites(const lattice *l, int dimension) { return l->parity ? (dimension == 3 ? 4 : 2) : 1; }

static void lattice_set_axis(lattice *l, const space *sp, int k, int64_t cells)
{
    int64_t g = k < sp->dimension ? cells * cell_points(l) : 1;
    double lo, hi;
    axis_range(sp, k, sp->r_max, &lo, &hi);
    l->points[k] = g;
    if (k >= sp->dimension) {
        l->step[k] = INFINITY, l->origin[k] = 0;
    } else if (sp->periodic[k]) {
        l->step[k] = sp->box[k] / (double)g, l->origin[k] = 0;
    } else if (g == 1) {
        l->step[k] = INFINITY, l->origin[k] = 0.5 * sp->box[k];
    } else {
        l->step[k] = (hi - lo) / (double)(g - 1), l->origin[k] = lo;
    }
}

/* The distance between nearest sites (INFINITY when there is one site): for the parity lattices a diagonal step
 * over two axes or a double step along one; otherwise one step. */
static double lattice_nearest(const lattice *l, int dimension)
{
    double nearest = INFINITY;
    for (int i = 0; i < dimension; i++) {
        nearest = fmin(nearest, (double)cell_points(l) * l->step[i]);
        for (int j = i + 1; j < dimension && l->parity; j++) nearest = fmin(nearest, hypot(l->step[i], l->step[j]));
    }
    return nearest;
}

/* The cell counts with at least `count` sites whose nearest sites are farthest apart (ties: the fewest sites).
 * A step only shrinks as its axis gets more cells, so each loop stops once one step alone rules out a better
 * lattice. */
static void lattice_choose(lattice *best, const space *sp, int32_t count)
{
    const double tie = 1e-12;
    int d = sp->dimension;
    int64_t need = ceil_div(count, cell_sites(best, d)), best_sites = INT64_MAX;
    double best_near = -1;
    lattice l = *best;
    for (int64_t n0 = 1; n0 <= need; n0++) {
        int64_t rest = ceil_div(need, n0);
        lattice_set_axis(&l, sp, 0, n0);
        if ((double)cell_points(&l) * l.step[0] < best_near * (1 - tie)) break;
        for (int64_t n1 = d == 3 ? 1 : rest; n1 <= rest; n1++) {
            lattice_set_axis(&l, sp, 1, n1);
            if ((double)cell_points(&l) * l.step[1] < best_near * (1 - tie)) break;
            lattice_set_axis(&l, sp, 2, d == 3 ? ceil_div(rest, n1) : 1);
            double near = lattice_nearest(&l, d);
            int64_t sites = n0 * n1 * (d == 3 ? ceil_div(rest, n1) : 1);
            if (near > best_near * (1 + tie) || (near >= best_near * (1 - tie) && sites < best_sites)) {
                *best = l;
                best_near = near;
                best_sites = sites;
            }
        }
    }
}

/* Writes the first `count` sites, z-layer by z-layer. */
static void lattice_fill(const lattice *l, const space *sp, int32_t count, double *positions)
{
    int32_t n = 0;
    int64_t p[3];
    for (p[2] = 0; p[2] < l->points[2]; p[2]++)
        for (p[1] = 0; p[1] < l->points[1]; p[1]++)
            for (p[0] = 0; p[0] < l->points[0] && n < count; p[0]++) {
                if (l->parity && (p[0] + p[1] + p[2]) % 2 != 0) continue;
                for (int k = 0; k < 3; k++) {
                    double x = p[k] == 0 ? l->origin[k] : l->origin[k] + (double)p[k] * l->step[k];
                    positions[3 * n + k] = k < sp->dimension ? clamp_to(sp, k, sp->r_max, x) : 0.0;
                }
                if (++n == count) return;
            }
}

static void describe_box(const space *sp, char *text, size_t size)
{
    if (sp->dimension == 3) snprintf(text, size, "%g x %g x %g", sp->box[0], sp->box[1], sp->box[2]);
    else snprintf(text, size, "%g x %g", sp->box[0], sp->box[1]);
}

static rc_status lattice_misfit(rc_placement placement, const space *sp, int32_t count, const lattice *l, int32_t a,
                                int32_t b)
{
    char box[96], radius[64];
    describe_box(sp, box, sizeof box);
    if (sp->r_min == sp->r_max) snprintf(radius, sizeof radius, "radius %g", sp->r_max);
    else snprintf(radius, sizeof radius, "radii %g to %g", sp->r_min, sp->r_max);
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s lattice: %d particles of %s do not fit in box %s (nearest sites %.3g apart; particles %d "
                   "and %d overlap)",
                   rc_placement_name(placement), (int)count, radius, box, lattice_nearest(l, sp->dimension), (int)a,
                   (int)b);
}

/* Adds every particle to the grid in index order; on the first overlap returns its pair. */
static bool grid_add_all(grid *g, int32_t count, int32_t *a, int32_t *b)
{
    for (int32_t i = 0; i < count; i++) {
        int32_t j = grid_overlap(g, g->positions + 3 * i, g->radii[i]);
        if (j >= 0) {
            *a = j, *b = i;
            return false;
        }
        grid_add(g, i);
    }
    return true;
}

static rc_status place_lattice(rc_placement placement, const space *sp, int32_t count, const double *radii,
                               double *positions)
{
    lattice l = {.parity = placement == RC_PLACEMENT_FCC || placement == RC_PLACEMENT_HEXAGONAL};
    lattice_choose(&l, sp, count);
    lattice_fill(&l, sp, count, positions);
    grid g;
    rc_status s = grid_init(&g, sp, count, radii, positions);
    if (s) return s;
    int32_t a = -1, b = -1;
    bool fits = grid_add_all(&g, count, &a, &b);
    grid_release(&g);
    return fits ? RC_STATUS_OK : lattice_misfit(placement, sp, count, &l, a, b);
}

/* ---- Random sequential insertion -------------------------------------------------------------------------------- */

typedef struct ranked {
    double radius;
    int32_t index;
} ranked;

/* Larger radii first, then index order: a total order, so the insertion order never depends on qsort. */
static int compare_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->radius != y->radius) return x->radius < y->radius ? 1 : -1;
    return (x->index > y->index) - (x->index < y->index);
}

static void random_point(const space *sp, rc_rng *rng, double r, double *x)
{
    for (int k = 0; k < 3; k++) {
        double lo, hi;
        axis_range(sp, k, r, &lo, &hi);
        x[k] = k < sp->dimension ? clamp_to(sp, k, r, lo + (hi - lo) * rc_rng_uniform(rng)) : 0.0;
    }
}

static rc_status random_jammed(const space *sp, int32_t placed, int32_t count, double filled, double asked)
{
    double volume = box_volume(sp->dimension, sp->box);
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "random placement reached packing fraction %.3g with %d of %d particles (asked for %.3g); random "
                   "insertion jams near %s: use a lattice above about %s",
                   filled / volume, (int)placed, (int)count, asked / volume, sp->dimension == 3 ? "0.38" : "0.55",
                   sp->dimension == 3 ? "0.35 in 3D" : "0.5 in 2D");
}

/* Each particle adds RANDOM_ATTEMPTS to a shared budget of trial positions, so the work stays proportional to the
 * count and a hopeless insertion gives up after as many trials as the ones before it took. */
static rc_status insert_all(grid *g, const ranked *order, int32_t count, uint64_t seed, double *positions)
{
    const space *sp = g->sp;
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    double filled = 0, asked = 0;
    for (int32_t n = 0; n < count; n++) asked += ball_volume(sp->dimension, order[n].radius);
    int64_t budget = 0;
    for (int32_t n = 0; n < count; n++) {
        int32_t i = order[n].index;
        double *x = positions + 3 * i;
        bool placed = false;
        for (budget += RANDOM_ATTEMPTS; budget > 0 && !placed; budget--) {
            random_point(sp, &rng, order[n].radius, x);
            placed = grid_overlap(g, x, order[n].radius) < 0;
        }
        if (!placed) return random_jammed(sp, n, count, filled, asked);
        grid_add(g, i);
        filled += ball_volume(sp->dimension, order[n].radius);
    }
    return RC_STATUS_OK;
}

static rc_status place_random(const space *sp, int32_t count, const double *radii, uint64_t seed, double *positions)
{
    /* a fraction no packing reaches: refused before insertion and a compression that could only jam */
    double filled = 0, start = sp->dimension == 3 ? 0.25 : 0.4;
    for (int32_t i = 0; i < count; i++) filled += ball_volume(sp->dimension, radii[i]);
    double fraction = filled / box_volume(sp->dimension, sp->box);
    if (fraction > densest_packing(sp->dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "random placement: the particles would fill %.4g of the box, above the "
                       "densest packing of %s (%.4f)",
                       fraction, sp->dimension == 3 ? "spheres" : "disks", densest_packing(sp->dimension));
    ranked *order = malloc((size_t)count * sizeof *order);
    if (!order) return rc_fail(RC_STATUS_NO_MEMORY, "random placement: out of memory for %d particles", (int)count);
    for (int32_t i = 0; i < count; i++) order[i] = (ranked){radii[i], i};
    qsort(order, (size_t)count, sizeof *order, compare_ranked);
    grid g;
    rc_status s = grid_init(&g, sp, count, radii, positions);
    if (!s) {
        s = insert_all(&g, order, count, seed, positions);
        grid_release(&g);
    }
    free(order);
    /* beyond what insertion reaches: inserted smaller and grown back by compression (squeeze.c) */
    if (s == RC_STATUS_INVALID_ARGUMENT && fraction > start) {
        s = rc_place_compressed(sp->dimension, sp->box, sp->periodic, count, radii, start, seed, positions);
        for (int32_t i = 0; s == RC_STATUS_OK && i < count; i++) /* rounding at the walls: back inside */
            for (int k = 0; k < sp->dimension; k++)
                positions[3 * i + k] = clamp_to(sp, k, radii[i], positions[3 * i + k]);
    }
    return s;
}

/* ---- rc_placement_fill ----------------------------------------------------------------------------------------- */

static rc_status check_placement(rc_placement placement, int dimension)
{
    if ((unsigned)placement >= PLACEMENT_COUNT)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "placement: %d is not a placement", (int)placement);
    rc_status s = check_dimension("placement", dimension);
    if (s) return s;
    int needs = placement == RC_PLACEMENT_RANDOM ? dimension : placement <= RC_PLACEMENT_SIMPLE_CUBIC ? 3 : 2;
    if (needs != dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "placement %s is a %dD lattice; dimension is %d",
                       rc_placement_name(placement), needs, dimension);
    return RC_STATUS_OK;
}

/* Along every axis a particle must fit between the walls, or not overlap its own periodic image. */
static rc_status check_widths(const space *sp, int32_t count, const double *radii)
{
    for (int32_t i = 0; i < count; i++)
        for (int k = 0; k < sp->dimension; k++)
            if (2 * radii[i] > sp->box[k])
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "radii[%d]: %g is more than half the box edge %c = %g (%s)",
                               (int)i, radii[i], axis_names[k], sp->box[k],
                               sp->periodic[k] ? "the particle would overlap its own periodic image"
                                               : "the particle cannot fit between the walls");
    return RC_STATUS_OK;
}

rc_status rc_placement_fill(rc_placement placement, int dimension, const double box[3], const bool periodic[3],
                            int32_t count, const double *radii, uint64_t seed, double *positions)
{
    rc_status s;
    if ((s = check_placement(placement, dimension)) || (s = check_box(box, dimension)) ||
        (s = check_count("placement", count, 0)) || (s = check_positive("radii", radii, count)) ||
        (s = check_output("positions", positions, count)))
        return s;
    if (!periodic) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "periodic: NULL");
    if (count == 0) return RC_STATUS_OK;
    space sp;
    space_init(&sp, dimension, box, periodic, count, radii);
    if ((s = check_widths(&sp, count, radii))) return s;
    s = placement == RC_PLACEMENT_RANDOM ? place_random(&sp, count, radii, seed, positions)
                                         : place_lattice(placement, &sp, count, radii, positions);
    if (s) return s;
    int32_t out = find_outside(&sp, count, radii, positions);
    if (out >= 0)
        return rc_fail(RC_STATUS_INTERNAL, "%s placement: particle %d of radius %g lies outside the box",
                       rc_placement_name(placement), (int)out, radii[out]);
    return RC_STATUS_OK;
}

/* ---- Maxwell-Boltzmann velocities ------------------------------------------------------------------------------- */

static void remove_drift(int dimension, int32_t count, const double *masses, double *v)
{
    for (int k = 0; k < dimension; k++) {
        double momentum = 0, mass = 0;
        for (int32_t i = 0; i < count; i++) {
            momentum += masses[i] * v[3 * i + k];
            mass += masses[i];
        }
        double drift = momentum / mass;
        for (int32_t i = 0; i < count; i++) v[3 * i + k] -= drift;
    }
}

static double kinetic_energy(int32_t count, const double *masses, const double *v)
{
    double sum = 0;
    for (int32_t i = 0; i < count; i++)
        sum += masses[i] * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
    return 0.5 * sum;
}

rc_status rc_velocities_draw_maxwell_boltzmann(int dimension, int32_t count, const double *masses, double temperature,
                                               uint64_t seed, double *velocities)
{
    rc_status s;
    if ((s = check_dimension("maxwell_boltzmann", dimension)) || (s = check_count("maxwell_boltzmann", count, 0)) ||
        (s = check_positive("masses", masses, count)) || (s = check_output("velocities", velocities, count)))
        return s;
    if (!(temperature >= 0) || !isfinite(temperature))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "temperature: %g is not finite and non-negative", temperature);
    if (count > 0) memset(velocities, 0, 3 * (size_t)count * sizeof *velocities);
    if (count < 2 || temperature == 0) return RC_STATUS_OK;
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    for (int32_t i = 0; i < count; i++)
        for (int k = 0; k < dimension; k++) velocities[3 * i + k] = sqrt(temperature / masses[i]) * rc_rng_normal(&rng);
    remove_drift(dimension, count, masses, velocities);
    double kinetic = kinetic_energy(count, masses, velocities);
    double target = 0.5 * dimension * (double)(count - 1) * temperature;
    if (!(kinetic > 0) || !isfinite(kinetic) || !isfinite(target))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "temperature: %g with these masses gives a kinetic energy of %g",
                       temperature, kinetic);
    double scale = sqrt(target / kinetic);
    for (int32_t i = 0; i < 3 * count; i++) velocities[i] *= scale;
    return RC_STATUS_OK;
}
