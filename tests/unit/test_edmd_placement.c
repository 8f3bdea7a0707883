/* SPDX-License-Identifier: MIT */
/* Initial states (ricochet/scene.h "Initial states", src/scene/placement.c).
 *
 * Oracles:
 * - Every placement, lattice or random, passes a brute-force O(N^2) check: no two particles closer than the sum of
 *   their radii (minimum image along periodic axes), every centre in [0, box) along periodic axes and in
 *   [r, box - r] along closed ones, z = 0 in 2D.
 * - fcc with 4000 particles of radius 1/2 at packing fraction 0.45: the box edge is (4000 pi / 6 / 0.45)^(1/3), the
 *   lattice is 10 x 10 x 10 cubic cells of 4 sites (20 equally spaced planes per axis) and the nearest neighbours are
 *   edge / 10 / sqrt(2) apart.
 * - Random placement is a function of the seed (same bits for the same seed) and fails, naming the fraction it
 *   reached, beyond random sequential insertion's saturation (about 0.38 in 3D).
 * - Maxwell-Boltzmann: total momentum zero and 2K / (d (N - 1)) equal to kT to rounding; equipartition between light
 *   and heavy particles (each species' mean kinetic energy is d kT / 2 within sampling error).
 * - Bad input fails with RC_STATUS_INVALID_ARGUMENT and a sentence that names the field. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { MAX_PARTICLES = 4000 };

static double positions[3 * MAX_PARTICLES], again[3 * MAX_PARTICLES], radii[MAX_PARTICLES];

static void fill(double *array, int n, double value)
{
    for (int i = 0; i < n; i++) array[i] = value;
}

static double separation(int d, const double box[3], const bool periodic[3], const double *a, const double *b)
{
    double sum = 0;
    for (int k = 0; k < d; k++) {
        double x = a[k] - b[k];
        if (periodic[k]) x -= box[k] * round(x / box[k]);
        sum += x * x;
    }
    return sqrt(sum);
}

/* Brute-force checks of a placement; returns the number of failures found. */
static int check_placement(const char *what, int d, const double box[3], const bool periodic[3], int n, const double *r,
                           const double *x)
{
    int bad = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) {
            double c = x[3 * i + k];
            bool inside = k == 2 && d == 2 ? c == 0
                          : periodic[k]    ? c >= 0 && c < box[k]
                                           : c - r[i] >= 0 && (box[k] - c) - r[i] >= 0;
            if (!inside) bad++;
            CHECK(inside, "%s: particle %d of radius %g at %c = %.17g, box %g", what, i, r[i], "xyz"[k], c, box[k]);
        }
        for (int j = 0; j < i; j++) {
            double s = separation(d, box, periodic, x + 3 * i, x + 3 * j);
            if (s < r[i] + r[j]) {
                bad++;
                CHECK(false, "%s: particles %d and %d are %.17g apart, radii %g and %g", what, j, i, s, r[j], r[i]);
            }
        }
    }
    return bad;
}

static void check_error(rc_status status, rc_status expected, const char *needle, const char *what)
{
    CHECK(status == expected, "%s: status %s, expected %s", what, rc_status_name(status), rc_status_name(expected));
    CHECK(strstr(rc_error_get(), needle) != NULL, "%s: message \"%s\" does not name \"%s\"", what, rc_error_get(),
          needle);
}

/* ---- names ------------------------------------------------------------------------------------------------- */

static void test_names(void)
{
    const char *names[] = {"fcc", "simple_cubic", "square", "hexagonal", "random"};
    for (int i = 0; i < 5; i++) {
        rc_placement p = RC_PLACEMENT_RANDOM;
        CHECK(rc_placement_parse(names[i], &p) == RC_STATUS_OK && (int)p == i, "parse %s", names[i]);
        CHECK(strcmp(rc_placement_name(p), names[i]) == 0, "name of %d: %s", i, rc_placement_name(p));
    }
    rc_placement p;
    check_error(rc_placement_parse("bcc", &p), RC_STATUS_INVALID_ARGUMENT, "\"bcc\"", "unknown placement");
    check_error(rc_placement_parse(NULL, &p), RC_STATUS_INVALID_ARGUMENT, "placement", "NULL name");
    CHECK(strcmp(rc_placement_name((rc_placement)42), "unknown") == 0, "name of 42");
}

/* ---- lattices ---------------------------------------------------------------------------------------------- */

typedef struct lattice_case {
    rc_placement placement;
    int d;
    double shape[3];
    bool periodic[3];
} lattice_case;

static const lattice_case lattice_cases[] = {
    {RC_PLACEMENT_FCC, 3, {1, 1, 1}, {true, true, true}},
    {RC_PLACEMENT_FCC, 3, {1, 0.7, 1.6}, {true, true, false}},
    {RC_PLACEMENT_FCC, 3, {1, 1, 1}, {false, false, false}},
    {RC_PLACEMENT_SIMPLE_CUBIC, 3, {1, 1, 1}, {true, true, true}},
    {RC_PLACEMENT_SIMPLE_CUBIC, 3, {2, 1, 1}, {false, true, false}},
    {RC_PLACEMENT_SQUARE, 2, {1, 1, 0}, {true, true, false}},
    {RC_PLACEMENT_SQUARE, 2, {1, 2.5, 7}, {false, false, true}},
    {RC_PLACEMENT_HEXAGONAL, 2, {1, 1, 0}, {true, true, true}},
    {RC_PLACEMENT_HEXAGONAL, 2, {3, 1, 0}, {true, false, false}},
};

static double nearest_pair(int d, const double box[3], const bool periodic[3], int n, const double *x)
{
    double nearest = INFINITY;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) nearest = fmin(nearest, separation(d, box, periodic, x + 3 * i, x + 3 * j));
    return nearest;
}

/* Places n particles in a box of the case's shape scaled to the packing fraction; returns the status. */
static rc_status lattice_case_run(const lattice_case *c, int n, double fraction, bool polydisperse, double box[3])
{
    for (int i = 0; i < n; i++) radii[i] = polydisperse && i % 3 == 1 ? 0.35 : 0.5;
    for (int k = 0; k < 3; k++) box[k] = c->shape[k];
    char what[160];
    snprintf(what, sizeof what, "%s, %d particles, %s, fraction %g, box shape %g x %g x %g, periodic %d%d%d",
             rc_placement_name(c->placement), n, polydisperse ? "two radii" : "radius 1/2", fraction, c->shape[0],
             c->shape[1], c->shape[2], c->periodic[0], c->periodic[1], c->periodic[2]);
    rc_status s = rc_box_scale_to_packing_fraction(c->d, n, radii, fraction, box);
    CHECK(s == RC_STATUS_OK, "%s: box: %s", what, rc_error_get());
    CHECK(c->d == 3 || box[2] == c->shape[2], "%s: box z changed in 2D", what);
    fill(positions, 3 * n, NAN);
    s = rc_placement_fill(c->placement, c->d, box, c->periodic, n, radii, 1, positions);
    CHECK(s == RC_STATUS_OK, "%s: %s", what, rc_error_get());
    if (s == RC_STATUS_OK) check_placement(what, c->d, box, c->periodic, n, radii, positions);
    return s;
}

/* Every lattice, any count, in any box shape, periodic or not: dilute enough that a partly filled lattice fits. */
static void test_lattices(void)
{
    const int counts[] = {1, 2, 3, 5, 17, 64, 100, 257, 1000, 2000};
    double box[3];
    for (size_t c = 0; c < sizeof lattice_cases / sizeof *lattice_cases; c++)
        for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
            lattice_case_run(&lattice_cases[c], counts[k], 0.1, false, box);
            lattice_case_run(&lattice_cases[c], counts[k], 0.1, true, box);
        }
}

/* Dense lattices that the count fills exactly, close to their densest packing: the nearest sites are the lattice
 * constant apart. Simple cubic and square: a = (V / N)^(1/d); hexagonal in a box of 20 x 10 cells of
 * a x a sqrt(3): a = edge / 20. */
static void test_dense_lattices(void)
{
    const lattice_case sc = {RC_PLACEMENT_SIMPLE_CUBIC, 3, {1, 1, 1}, {true, true, true}};
    const lattice_case square = {RC_PLACEMENT_SQUARE, 2, {1, 1, 0}, {true, true, false}};
    const lattice_case hexagonal = {RC_PLACEMENT_HEXAGONAL, 2, {1, sqrt(3) / 2, 0}, {true, true, false}};
    double box[3];
    if (!lattice_case_run(&sc, 1000, 0.52, false, box))
        CHECK_CLOSE(nearest_pair(3, box, sc.periodic, 1000, positions), box[0] / 10, 1e-14, "dense simple cubic");
    if (!lattice_case_run(&square, 900, 0.78, false, box))
        CHECK_CLOSE(nearest_pair(2, box, square.periodic, 900, positions), box[0] / 30, 1e-14, "dense square");
    if (!lattice_case_run(&hexagonal, 400, 0.9, false, box))
        CHECK_CLOSE(nearest_pair(2, box, hexagonal.periodic, 400, positions), box[0] / 20, 1e-14, "dense hexagonal");
}

static int distinct_sorted(double *values, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && values[j - 1] > values[j]; j--) {
            double t = values[j];
            values[j] = values[j - 1];
            values[j - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || values[i] != values[m - 1]) values[m++] = values[i];
    return m;
}

/* The planes of the lattice along axis k: 2 * cells equally spaced coordinates edge / (2 cells) apart. */
static void check_planes(const char *what, int n, const double *x, int k, int planes, double edge)
{
    static double coordinate[MAX_PARTICLES];
    for (int i = 0; i < n; i++) coordinate[i] = x[3 * i + k];
    int m = distinct_sorted(coordinate, n);
    CHECK(m == planes, "%s: %d planes along %c, expected %d", what, m, "xyz"[k], planes);
    for (int i = 0; i < m && m == planes; i++) CHECK_CLOSE(coordinate[i], i * edge / planes, 1e-14, what);
}

static void test_fcc_4000(void)
{
    const int n = 4000;
    fill(radii, n, 0.5);
    double box[3] = {1, 1, 1}, edge = cbrt(4000 * M_PI / 6 / 0.45);
    bool periodic[3] = {true, true, true};
    CHECK(rc_box_scale_to_packing_fraction(3, n, radii, 0.45, box) == RC_STATUS_OK, "fcc 4000 box: %s", rc_error_get());
    for (int k = 0; k < 3; k++) CHECK_CLOSE(box[k], edge, 1e-15, "fcc 4000 box edge");
    CHECK_CLOSE(n * M_PI / 6 / (box[0] * box[1] * box[2]), 0.45, 1e-15, "fcc 4000 packing fraction");
    CHECK(rc_placement_fill(RC_PLACEMENT_FCC, 3, box, periodic, n, radii, 0, positions) == RC_STATUS_OK, "fcc 4000: %s",
          rc_error_get());
    check_placement("fcc 4000", 3, box, periodic, n, radii, positions);
    for (int k = 0; k < 3; k++) check_planes("fcc 4000", n, positions, k, 20, box[k]);
    CHECK_CLOSE(nearest_pair(3, box, periodic, n, positions), edge / 10 / sqrt(2), 1e-14, "fcc 4000 nearest");

    /* The header's example: 10 x 10 x 10 cells of 4 sites in a box of edge 10 */
    double ten[3] = {10, 10, 10};
    fill(radii, n, 0.35);
    CHECK(rc_placement_fill(RC_PLACEMENT_FCC, 3, ten, periodic, n, radii, 0, positions) == RC_STATUS_OK,
          "fcc box 10: %s", rc_error_get());
    for (int k = 0; k < 3; k++) check_planes("fcc box 10", n, positions, k, 20, 10);

    double five[3] = {5, 5, 5};
    fill(radii, n, 0.5);
    check_error(rc_placement_fill(RC_PLACEMENT_FCC, 3, five, periodic, n, radii, 0, positions),
                RC_STATUS_INVALID_ARGUMENT, "fcc lattice: 4000 particles of radius 0.5 do not fit in box 5 x 5 x 5",
                "fcc 4000 in box 5");
}

/* Sites that touch exactly are not an overlap: 8 sites of radius 1/2 one apart, periodic and between walls. */
static void test_touching(void)
{
    fill(radii, 8, 0.5);
    double box[3] = {2, 2, 2};
    bool periodic[3] = {true, true, true}, closed[3] = {false, false, false};
    CHECK(rc_placement_fill(RC_PLACEMENT_SIMPLE_CUBIC, 3, box, periodic, 8, radii, 0, positions) == RC_STATUS_OK,
          "touching periodic: %s", rc_error_get());
    check_placement("touching periodic", 3, box, periodic, 8, radii, positions);
    CHECK(rc_placement_fill(RC_PLACEMENT_SIMPLE_CUBIC, 3, box, closed, 8, radii, 0, positions) == RC_STATUS_OK,
          "touching walls: %s", rc_error_get());
    check_placement("touching walls", 3, box, closed, 8, radii, positions);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            CHECK(positions[3 * i + k] == 0.5 || positions[3 * i + k] == 1.5, "touching walls: %d %c = %.17g", i,
                  "xyz"[k], positions[3 * i + k]);
}

/* ---- random placement -------------------------------------------------------------------------------------- */

static void random_case(int d, int n, double fraction, const bool periodic[3], bool polydisperse)
{
    for (int i = 0; i < n; i++) radii[i] = polydisperse ? 0.25 + 0.5 * ((i * 37) % 11) / 10.0 : 0.5;
    double box[3] = {1, 1.3, 0.8};
    char what[128];
    snprintf(what, sizeof what, "random %dD, %d particles, fraction %g, periodic %d%d%d%s", d, n, fraction, periodic[0],
             periodic[1], periodic[2], polydisperse ? ", radii 0.25 to 0.75" : "");
    CHECK(rc_box_scale_to_packing_fraction(d, n, radii, fraction, box) == RC_STATUS_OK, "%s: %s", what, rc_error_get());
    rc_status s = rc_placement_fill(RC_PLACEMENT_RANDOM, d, box, periodic, n, radii, 42, positions);
    CHECK(s == RC_STATUS_OK, "%s: %s", what, rc_error_get());
    if (s) return;
    check_placement(what, d, box, periodic, n, radii, positions);
    CHECK(rc_placement_fill(RC_PLACEMENT_RANDOM, d, box, periodic, n, radii, 42, again) == RC_STATUS_OK, "%s again",
          what);
    CHECK(memcmp(positions, again, 3 * (size_t)n * sizeof *positions) == 0, "%s: same seed, other positions", what);
    CHECK(rc_placement_fill(RC_PLACEMENT_RANDOM, d, box, periodic, n, radii, 43, again) == RC_STATUS_OK, "%s seed 43",
          what);
    CHECK(memcmp(positions, again, 3 * (size_t)n * sizeof *positions) != 0, "%s: seeds 42 and 43 agree", what);
}

static void test_random(void)
{
    const bool periodic[3] = {true, true, true}, walls[3] = {false, true, false};
    random_case(3, 2000, 0.3, periodic, false);
    random_case(3, 1000, 0.2, walls, false);
    random_case(3, 1000, 0.25, periodic, true);
    random_case(2, 2000, 0.45, periodic, false);
    random_case(2, 1000, 0.3, walls, true);
    random_case(3, 1, 0.05, walls, false);

    /* beyond insertion: grown from 0.25 (3D) and 0.4 (2D) by compression; beyond jamming: refused */
    random_case(3, 1000, 0.6, periodic, false);
    random_case(3, 500, 0.55, walls, false);
    random_case(2, 1000, 0.8, periodic, true);
    fill(radii, 1000, 0.5);
    double box[3] = {1, 1, 1};
    CHECK(rc_box_scale_to_packing_fraction(3, 1000, radii, 0.7, box) == RC_STATUS_OK, "box at 0.7: %s", rc_error_get());
    rc_status s = rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 1000, radii, 1, positions);
    check_error(s, RC_STATUS_INVALID_ARGUMENT, "jammed at 0.6", "random at 0.7");
}

/* ---- packing fraction and bad input ------------------------------------------------------------------------ */

static void test_packing_fraction(void)
{
    const double two[2] = {1.0, 2.0};
    double box[3] = {2, 1, 5};
    CHECK(rc_box_scale_to_packing_fraction(2, 2, two, 0.5, box) == RC_STATUS_OK, "2D box: %s", rc_error_get());
    CHECK_CLOSE(M_PI * 5 / (box[0] * box[1]), 0.5, 1e-15, "2D packing fraction");
    CHECK_CLOSE(box[0] / box[1], 2.0, 1e-15, "2D aspect ratio");
    CHECK(box[2] == 5, "2D box z: %g", box[2]);
    const double bad[] = {0, 1, -0.1, NAN, INFINITY, 0.75};
    for (int i = 0; i < 6; i++) {
        double b[3] = {1, 1, 1};
        check_error(rc_box_scale_to_packing_fraction(3, 2, two, bad[i], b), RC_STATUS_INVALID_ARGUMENT,
                    "packing fraction", "bad 3D fraction");
        CHECK(b[0] == 1, "box changed on failure");
    }
    double b[3] = {1, 1, 1};
    check_error(rc_box_scale_to_packing_fraction(2, 2, two, 0.91, b), RC_STATUS_INVALID_ARGUMENT,
                "densest packing of disks", "2D fraction 0.91");
    check_error(rc_box_scale_to_packing_fraction(3, 0, two, 0.3, b), RC_STATUS_INVALID_ARGUMENT, "count",
                "no particles");
    check_error(rc_box_scale_to_packing_fraction(4, 2, two, 0.3, b), RC_STATUS_INVALID_ARGUMENT, "dimension",
                "dimension 4");
    b[1] = -1;
    check_error(rc_box_scale_to_packing_fraction(3, 2, two, 0.3, b), RC_STATUS_INVALID_ARGUMENT, "box[1]",
                "negative box");
}

static void test_bad_placement(void)
{
    double box[3] = {10, 10, 10}, r[3] = {0.5, 0.5, 0.5}, x[9];
    bool periodic[3] = {true, true, true};
    check_error(rc_placement_fill(RC_PLACEMENT_FCC, 2, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT, "fcc",
                "fcc in 2D");
    check_error(rc_placement_fill(RC_PLACEMENT_HEXAGONAL, 3, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "hexagonal", "hexagonal in 3D");
    check_error(rc_placement_fill((rc_placement)9, 3, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "placement", "placement 9");
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 1, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "dimension", "dimension 1");
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, -1, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "count", "count -1");
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 3, r, 0, NULL), RC_STATUS_INVALID_ARGUMENT,
                "positions", "NULL positions");
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, NULL, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "periodic", "NULL periodic");
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 3, NULL, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "radii", "NULL radii");
    CHECK(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 0, NULL, 0, NULL) == RC_STATUS_OK, "no particles");
    r[2] = NAN;
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "radii[2]", "NaN radius");
    r[2] = 6;
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "radii[2]", "radius above half the box");
    r[2] = 0.5;
    box[2] = INFINITY;
    check_error(rc_placement_fill(RC_PLACEMENT_RANDOM, 3, box, periodic, 3, r, 0, x), RC_STATUS_INVALID_ARGUMENT,
                "box[2]", "infinite box");
}

/* ---- Maxwell-Boltzmann ------------------------------------------------------------------------------------- */

static double velocities[3 * MAX_PARTICLES], masses[MAX_PARTICLES];

static void maxwell_case(int d, int n, double kT, uint64_t seed)
{
    for (int i = 0; i < n; i++) masses[i] = i % 2 ? 4.0 : 1.0;
    char what[96];
    snprintf(what, sizeof what, "Maxwell-Boltzmann %dD, %d particles, kT %g, seed %llu", d, n, kT,
             (unsigned long long)seed);
    CHECK(rc_velocities_draw_maxwell_boltzmann(d, n, masses, kT, seed, velocities) == RC_STATUS_OK, "%s: %s", what,
          rc_error_get());
    double kinetic[2] = {0, 0}, momentum[3] = {0, 0, 0}, scale[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            double v = velocities[3 * i + k];
            kinetic[i % 2] += 0.5 * masses[i] * v * v;
            momentum[k] += masses[i] * v;
            scale[k] += masses[i] * fabs(v);
            if (k == 2 && d == 2) CHECK(v == 0, "%s: particle %d has vz %g", what, i, v);
        }
    for (int k = 0; k < 3; k++)
        CHECK(fabs(momentum[k]) <= 1e-12 * scale[k], "%s: momentum %c %.3g", what, "xyz"[k], momentum[k]);
    double temperature = n > 1 ? 2 * (kinetic[0] + kinetic[1]) / (d * (n - 1.0)) : 0;
    CHECK_CLOSE(temperature, n > 1 ? kT : 0, 1e-12, what);
    /* Equipartition: the light and the heavy half each carry about half the energy (sampling error ~ 1/sqrt(n)) */
    if (n >= 1000)
        CHECK(fabs(kinetic[0] / (kinetic[0] + kinetic[1]) - 0.5) < 5 / sqrt(d * n), "%s: light share %g", what,
              kinetic[0] / (kinetic[0] + kinetic[1]));
    CHECK(rc_velocities_draw_maxwell_boltzmann(d, n, masses, kT, seed, again) == RC_STATUS_OK, "%s again", what);
    CHECK(memcmp(velocities, again, 3 * (size_t)n * sizeof *again) == 0, "%s: not deterministic", what);
}

static void test_maxwell_boltzmann(void)
{
    maxwell_case(3, 4000, 1.5, 1);
    maxwell_case(3, 4000, 1e-3, 2);
    maxwell_case(2, 4000, 2.0, 3);
    maxwell_case(3, 2, 1.0, 4);
    maxwell_case(3, 1, 1.0, 5);
    maxwell_case(2, 10, 0.0, 6);
    CHECK(rc_velocities_draw_maxwell_boltzmann(3, 0, NULL, 1.0, 0, NULL) == RC_STATUS_OK, "no particles");
    fill(masses, 10, 1.0);
    CHECK(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, 1.0, 7, velocities) == RC_STATUS_OK, "seed 7");
    CHECK(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, 1.0, 8, again) == RC_STATUS_OK, "seed 8");
    CHECK(memcmp(velocities, again, 30 * sizeof *again) != 0, "seeds 7 and 8 agree");

    check_error(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, -1.0, 0, velocities), RC_STATUS_INVALID_ARGUMENT,
                "temperature", "negative temperature");
    check_error(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, NAN, 0, velocities), RC_STATUS_INVALID_ARGUMENT,
                "temperature", "NaN temperature");
    check_error(rc_velocities_draw_maxwell_boltzmann(1, 10, masses, 1.0, 0, velocities), RC_STATUS_INVALID_ARGUMENT,
                "dimension", "dimension 1");
    check_error(rc_velocities_draw_maxwell_boltzmann(3, -2, masses, 1.0, 0, velocities), RC_STATUS_INVALID_ARGUMENT,
                "count", "count -2");
    check_error(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, 1.0, 0, NULL), RC_STATUS_INVALID_ARGUMENT,
                "velocities", "NULL velocities");
    masses[3] = 0;
    check_error(rc_velocities_draw_maxwell_boltzmann(3, 10, masses, 1.0, 0, velocities), RC_STATUS_INVALID_ARGUMENT,
                "masses[3]", "zero mass");
}

int main(void)
{
    test_names();
    test_lattices();
    test_dense_lattices();
    test_fcc_4000();
    test_touching();
    test_random();
    test_packing_fraction();
    test_bad_placement();
    test_maxwell_boltzmann();
    return check_finish();
}
