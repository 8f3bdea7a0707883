/* SPDX-License-Identifier: MIT */
/* The analysis of frames (ricochet/analysis.h) against exact answers: Q6 of a perfect FCC lattice (0.5745, 12 bonds)
 * and psi6 of a perfect triangular lattice (1, 6 bonds), also of 11 rows in a sheared (tilted) cell, and its g(r)
 * empty below the spacing; g(r) = 1 and S(k) = 1 of an ideal gas within its counting
 * noise; the MSD of particles in free flight across periodic faces (v^2 t^2 at every lag of the multiple-tau
 * correlator, through the image counts, also for steps longer than half the box) and the D of a Gaussian random walk
 * of known D within its error estimate; a trajectory without image counts that jumps stops the MSD only; the image
 * column of extended XYZ read back; and the options' messages. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "ricochet/ricochet.h"

/* A frame of n particles of diameter 1 in a periodic box of the given edges. */
static rc_frame frame_of(int dimension, int32_t n, double lx, double ly, double lz)
{
    rc_frame f = {0};
    rc_frame_create(&f, n, false);
    f.dimension = dimension;
    f.box[0] = lx, f.box[1] = ly, f.box[2] = dimension == 3 ? lz : 0;
    for (int k = 0; k < dimension; k++) f.periodic[k] = true;
    for (int32_t i = 0; i < n; i++) f.radii[i] = 0.5, f.masses[i] = 1;
    return f;
}

static double number(const char *json, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    return at ? strtod(at + strlen(pattern), NULL) : NAN;
}

/* The summary of one frame analysed with the options given as key, value pairs (NULL-terminated). */
static char *analyse(const rc_frame *f, const char *const *options, rc_analysis **keep)
{
    rc_analysis *a = NULL;
    CHECK(rc_analysis_create(&a) == RC_STATUS_OK, "create");
    for (int k = 0; options && options[k]; k += 2)
        CHECK(rc_analysis_set(a, options[k], options[k + 1]) == RC_STATUS_OK, "%s: %s", options[k], rc_error_get());
    CHECK(rc_analysis_add_frame(a, f) == RC_STATUS_OK, "add: %s", rc_error_get());
    CHECK(rc_analysis_finish(a) == RC_STATUS_OK, "finish: %s", rc_error_get());
    char *text = rc_analysis_summary_json(a, true);
    if (keep) *keep = a;
    else rc_analysis_destroy(a);
    return text;
}

static void fcc_and_triangular(void)
{
    int cells = 5; /* 500 particles, nearest neighbours at 1.1 */
    double a = 1.1 * sqrt(2);
    rc_frame f = frame_of(3, 4 * cells * cells * cells, cells * a, cells * a, cells * a);
    static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
    int32_t i = 0;
    for (int x = 0; x < cells; x++)
        for (int y = 0; y < cells; y++)
            for (int z = 0; z < cells; z++)
                for (int b = 0; b < 4; b++, i++) {
                    int c[3] = {x, y, z};
                    for (int k = 0; k < 3; k++) f.positions[3 * i + k] = (c[k] + basis[b][k]) * a;
                }
    char *text = analyse(&f, (const char *const[]){"compute", "order", NULL}, NULL);
    CHECK(fabs(number(text, "Q6") - 0.57452) < 1e-4, "FCC Q6 %.6f, not 0.5745: %s", number(text, "Q6"), text);
    CHECK(fabs(number(text, "q6_local") - 0.57452) < 1e-4, "FCC local q6 %.6f", number(text, "q6_local"));
    CHECK(number(text, "bonds_per_particle") == 12, "FCC bonds %g, not 12", number(text, "bonds_per_particle"));
    rc_text_destroy(text);
    rc_frame_destroy(&f);

    int rows = 12, columns = 10; /* a triangular lattice of spacing 1.05 */
    double s = 1.05, h = s * sqrt(3) / 2;
    f = frame_of(2, rows * columns, columns * s, rows * h, 0);
    for (int r = 0, j = 0; r < rows; r++)
        for (int c = 0; c < columns; c++, j++) {
            f.positions[3 * j] = (c + 0.5 * (r % 2)) * s;
            f.positions[3 * j + 1] = r * h;
        }
    text = analyse(&f, (const char *const[]){"compute", "order", NULL}, NULL);
    CHECK(fabs(number(text, "psi6") - 1) < 1e-12, "triangular psi6 %.15f, not 1: %s", number(text, "psi6"), text);
    CHECK(fabs(number(text, "psi6_local") - 1) < 1e-12, "triangular local psi6 %.15f", number(text, "psi6_local"));
    CHECK(number(text, "bonds_per_particle") == 6, "triangular bonds %g, not 6", number(text, "bonds_per_particle"));
    rc_text_destroy(text);
    rc_frame_destroy(&f);
}

/* A triangular lattice of 11 rows in a sheared cell: each row shifted by half a spacing, so the row above the top one
 * is the bottom row moved by 5.5 spacings along x, the tilt of the cell (no rectangular periodic box holds an odd
 * number of rows). Read with its tilt every particle has 6 bonds and psi6 = 1; read as a rectangular box the rows at
 * the boundary meet the wrong neighbours (other bonds, psi6 below 0.99). */
static void sheared_triangular(void)
{
    int rows = 11, columns = 12;
    double s = 1.05, h = s * sqrt(3) / 2;
    rc_frame f = frame_of(2, rows * columns, columns * s, rows * h, 0);
    for (int r = 0, j = 0; r < rows; r++)
        for (int c = 0; c < columns; c++, j++) {
            f.positions[3 * j] = fmod((c + 0.5 * r) * s, columns * s);
            f.positions[3 * j + 1] = r * h;
        }
    f.tilt = fmod(0.5 * rows * s, columns * s), f.tilt_flow = 0, f.tilt_gradient = 1;
    const char *const options[] = {"compute", "order,rdf", "rdf_range", "2", NULL};
    rc_analysis *a = NULL;
    char *text = analyse(&f, options, &a);
    CHECK(fabs(number(text, "psi6") - 1) < 1e-12, "sheared triangular psi6 %.15f, not 1: %s", number(text, "psi6"),
          text);
    CHECK(number(text, "bonds_per_particle") == 6, "sheared triangular bonds %g, not 6",
          number(text, "bonds_per_particle"));
    int count = 0, columns_out = 0;
    const char *const *names;
    const double *g;
    CHECK(rc_analysis_table(a, "rdf", &count, &columns_out, &names, &g) == RC_STATUS_OK, "rdf table");
    double nearest = 0, closer = 0; /* g(r) in the bins of r < s and of the first shell */
    for (int r = 0; r < count; r++) {
        if (g[2 * r] < s - 0.02) closer += g[2 * r + 1];
        else if (g[2 * r] < s + 0.02) nearest += g[2 * r + 1];
    }
    CHECK(closer == 0 && nearest > 0, "sheared g(r): %g below the spacing, %g at it", closer, nearest);
    rc_text_destroy(text);
    rc_analysis_destroy(a);
    f.tilt = 0;
    text = analyse(&f, (const char *const[]){"compute", "order", NULL}, NULL);
    CHECK(number(text, "bonds_per_particle") != 6 && number(text, "psi6") < 0.99, "the tilt ignored: %s", text);
    rc_text_destroy(text);
    rc_frame_destroy(&f);
}

/* The structure factor's sum over its wave vectors below k_max, S times the vectors of each shell, and the shells
 * whose S is not 0 (above 1e-9): for a perfect lattice filling the periodic cell the sum is N times the lattice's
 * reciprocal vectors below k_max (one of each pair k, -k) and only their shells count, every other allowed vector
 * giving S = 0. */
static double bragg_sum(const rc_frame *frames, int count, const char *k_max, int *lit)
{
    rc_analysis *a = NULL;
    CHECK(rc_analysis_create(&a) == RC_STATUS_OK, "create");
    const char *const options[] = {"compute", "structure_factor", "k_max", k_max, "k_vectors", "100000", NULL};
    for (int k = 0; options[k]; k += 2) rc_analysis_set(a, options[k], options[k + 1]);
    for (int k = 0; k < count; k++)
        CHECK(rc_analysis_add_frame(a, &frames[k]) == RC_STATUS_OK, "frame %d: %s", k, rc_error_get());
    CHECK(rc_analysis_finish(a) == RC_STATUS_OK, "finish: %s", rc_error_get());
    int rows = 0, columns = 0;
    const char *const *names;
    const double *v;
    CHECK(rc_analysis_table(a, "structure_factor", &rows, &columns, &names, &v) == RC_STATUS_OK, "S(k) table");
    double sum = 0;
    *lit = 0;
    for (int r = 0; r < rows; r++) sum += v[3 * r + 1] * v[3 * r + 2], *lit += v[3 * r + 1] > 1e-9;
    rc_analysis_destroy(a);
    return sum;
}

/* S(k) in a sheared cell: its wave vectors are those of the leaning cell (k.a = 2 pi n along each edge), chosen again
 * for each frame's tilt. A triangular lattice of spacing 1.05 has 3 reciprocal vectors (of 6) at 6.91 and the next 3
 * at 11.97. The 11 rows in a cell leaning by 5.5 spacings (sheared_triangular) give 3 N below k_max = 9; read as a
 * rectangular box only the vector along y is allowed and the images disagree. And 12 rows in a rectangular cell
 * sheared affinely by 0.1 (positions and tilt), as a sheared crystal is, give 3 N in both frames. */
static void sheared_structure_factor(void)
{
    double s = 1.05, h = s * sqrt(3) / 2;
    int columns = 12;
    rc_frame f[2];
    for (int frame = 0; frame < 2; frame++) {
        int rows = 11 + frame;
        f[frame] = frame_of(2, rows * columns, columns * s, rows * h, 0);
        for (int r = 0, j = 0; r < rows; r++)
            for (int c = 0; c < columns; c++, j++) {
                double x = (c + 0.5 * (frame ? r % 2 : r)) * s;
                f[frame].positions[3 * j] = fmod(x + 0.1 * frame * r * h, columns * s);
                f[frame].positions[3 * j + 1] = r * h;
            }
        f[frame].tilt_flow = 0, f[frame].tilt_gradient = 1;
    }
    f[0].tilt = fmod(0.5 * 11 * s, columns * s);
    int32_t n = f[0].count;
    int lit = 0;
    double tilted = bragg_sum(&f[0], 1, "9", &lit);
    CHECK(fabs(tilted - 3 * n) < 1e-8 * n && lit == 1,
          "sheared triangular: sum of S over the vectors %.12g, not 3 N "
          "= %d, or %d shells with S > 0, not 1",
          tilted, 3 * n, lit);
    f[0].tilt = 0;
    double ignored = bragg_sum(&f[0], 1, "9", &lit);
    CHECK(lit > 5, "the tilt ignored: sum %.12g, only %d shells with S > 0", ignored, lit);

    rc_frame pair[2] = {f[1], f[1]};
    pair[0].positions = malloc(3 * sizeof *pair[0].positions * (size_t)f[1].count);
    n = f[1].count;
    for (int32_t j = 0; j < n; j++) { /* the unsheared lattice, then the sheared one with its tilt */
        double y = f[1].positions[3 * j + 1];
        pair[0].positions[3 * j] = fmod(f[1].positions[3 * j] - 0.1 * y + 2 * columns * s, columns * s);
        pair[0].positions[3 * j + 1] = y, pair[0].positions[3 * j + 2] = 0;
    }
    pair[1].tilt = 0.1 * f[1].box[1];
    double sheared = bragg_sum(pair, 2, "9", &lit);
    CHECK(fabs(sheared - 3 * n) < 1e-8 * n && lit >= 2 && lit <= 6,
          "sheared crystal: sum of S over the vectors "
          "%.12g, not 3 N = %d, or %d shells with S > 0, not 2 to 6",
          sheared, 3 * n, lit);
    pair[1].tilt = 0;
    sheared = bragg_sum(pair, 2, "9", &lit);
    CHECK(lit > 5, "the sheared crystal's tilt ignored: sum %.12g, only %d shells with S > 0", sheared, lit);
    free(pair[0].positions);
    rc_frame_destroy(&f[0]);
    rc_frame_destroy(&f[1]);
}

/* Points placed uniformly at random (radii 0: an ideal gas): g(r) = 1 and S(k) = 1 within their noise. */
static void ideal_gas(void)
{
    rc_rng rng;
    rc_rng_seed(&rng, 7);
    rc_analysis *a = NULL;
    rc_analysis_create(&a);
    const char *const options[] = {"compute", "rdf,structure_factor", "rdf_range", "4", "rdf_bins", "20", "k_max", "8",
                                   NULL};
    for (int k = 0; options[k]; k += 2) rc_analysis_set(a, options[k], options[k + 1]);
    rc_frame f = frame_of(3, 4000, 12, 12, 12);
    for (int frame = 0; frame < 10; frame++) {
        for (int32_t i = 0; i < 3 * f.count; i++) f.positions[i] = 12 * rc_rng_uniform(&rng);
        CHECK(rc_analysis_add_frame(a, &f) == RC_STATUS_OK, "ideal gas frame: %s", rc_error_get());
    }
    CHECK(rc_analysis_finish(a) == RC_STATUS_OK, "finish: %s", rc_error_get());
    int rows, columns;
    const char *const *names;
    const double *v;
    CHECK(rc_analysis_table(a, "rdf", &rows, &columns, &names, &v) == RC_STATUS_OK && rows == 20 && columns == 2,
          "rdf table %d x %d", rows, columns);
    double rho = 4000 / 1728.0;
    for (int r = 2; r < rows; r++) { /* pairs in the shell: 10 frames x N rho shell / 2, Poisson */
        double shell = 4.0 / 3 * M_PI * (pow(0.2 * (r + 1), 3) - pow(0.2 * r, 3));
        double sigma = 1 / sqrt(10 * 4000 * rho * shell / 2);
        CHECK(fabs(v[2 * r + 1] - 1) < 5 * sigma, "ideal gas g(%g) = %g, not 1 within 5 x %g", v[2 * r], v[2 * r + 1],
              sigma);
    }
    CHECK(rc_analysis_table(a, "structure_factor", &rows, &columns, &names, &v) == RC_STATUS_OK && columns == 3,
          "structure factor table");
    for (int r = 0; r < rows; r++) { /* S of one vector is exponential with mean 1: its mean over n has sd 1/sqrt(n) */
        double n = v[3 * r + 2] * 10;
        CHECK(fabs(v[3 * r + 1] - 1) < 5 / sqrt(n), "ideal gas S(%g) = %g over %g vectors", v[3 * r], v[3 * r + 1], n);
    }
    CHECK(rc_analysis_table(a, "msd", &rows, &columns, &names, &v) == RC_STATUS_INVALID_ARGUMENT, "msd not computed");
    rc_analysis_destroy(a);
    rc_frame_destroy(&f);
}

/* Free flight x(t) = x0 + v t wrapped into a box of 5 with image counts: the MSD is <v^2> t^2 at every lag. */
static void free_flight(const char *points)
{
    rc_rng rng;
    rc_rng_seed(&rng, 3);
    rc_analysis *a = NULL;
    rc_analysis_create(&a);
    rc_analysis_set(a, "compute", "msd");
    rc_analysis_set(a, "msd_points", points);
    rc_frame f = frame_of(3, 50, 5, 5, 5);
    double *x0 = malloc(150 * sizeof *x0), speed2 = 0;
    for (int i = 0; i < 150; i++) {
        x0[i] = 5 * rc_rng_uniform(&rng);
        f.velocities[i] = rc_rng_normal(&rng);
        speed2 += f.velocities[i] * f.velocities[i] / 50;
    }
    int frames = 300;
    for (int k = 0; k < frames; k++) {
        f.time = 0.1 * k;
        for (int i = 0; i < 150; i++) {
            double x = x0[i] + f.velocities[i] * f.time, image = floor(x / 5);
            f.positions[i] = x - 5 * image;
            f.images[i] = (int32_t)image;
        }
        CHECK(rc_analysis_add_frame(a, &f) == RC_STATUS_OK, "free flight frame %d: %s", k, rc_error_get());
    }
    rc_analysis_finish(a);
    int rows, columns;
    const char *const *names;
    const double *v;
    CHECK(rc_analysis_table(a, "msd", &rows, &columns, &names, &v) == RC_STATUS_OK && columns == 4, "msd table");
    CHECK(strcmp(names[1], "msd") == 0 && strcmp(names[2], "msd_error") == 0, "msd names %s %s", names[1], names[2]);
    double worst = 0;
    int64_t last = -1;
    for (int r = 0; r < rows; r++) {
        double t = v[4 * r];
        worst = fmax(worst, fabs(v[4 * r + 1] - speed2 * t * t) / fmax(1e-300, speed2 * t * t));
        CHECK(t > last * 0.1 - 1e-9, "lag times increase: %g after %g", t, last * 0.1);
        last = (int64_t)nearbyint(t / 0.1);
    }
    CHECK(worst < 1e-9, "free flight MSD off v^2 t^2 by %g (relative) with msd_points %s", worst, points);
    CHECK(last == frames - 1 || atoi(points) < frames, "the longest lag is %lld frames", (long long)last);
    CHECK(rc_analysis_table(a, "vacf", &rows, &columns, &names, &v) == RC_STATUS_OK, "vacf table: %s", rc_error_get());
    for (int r = 0; r < rows; r++) CHECK_CLOSE(v[4 * r + 1], speed2, 1e-12, "free flight VACF is <v^2> at every lag");
    rc_analysis_destroy(a);
    rc_frame_destroy(&f);
    free(x0);
}

/* A Gaussian random walk with D = 0.25 in 3D, steps of variance 2 D dt per axis: D within 5 of its error bars, the
 * mean squared deviation in error bars near 1, and the error bar within a factor 3 of the spread of D over walks. */
static void random_walk(void)
{
    double d_true = 0.25, dt = 0.5, values[8], errors[8];
    rc_rng rng;
    rc_rng_seed(&rng, 11);
    for (int run = 0; run < 8; run++) {
        rc_analysis *a = NULL;
        rc_analysis_create(&a);
        rc_analysis_set(a, "compute", "msd");
        rc_frame f = frame_of(3, 400, 20, 20, 20);
        double *x = calloc(1200, sizeof *x);
        for (int k = 0; k < 200; k++) {
            f.time = k * dt;
            for (int i = 0; i < 1200; i++) {
                if (k) x[i] += sqrt(2 * d_true * dt) * rc_rng_normal(&rng);
                double image = floor(x[i] / 20);
                f.positions[i] = x[i] - 20 * image;
                f.images[i] = (int32_t)image;
            }
            rc_analysis_add_frame(a, &f);
        }
        rc_analysis_finish(a);
        char *text = rc_analysis_summary_json(a, true);
        values[run] = number(text, "diffusion_coefficient");
        errors[run] = number(text, "diffusion_coefficient_error");
        rc_text_destroy(text);
        rc_analysis_destroy(a);
        rc_frame_destroy(&f);
        free(x);
        CHECK(fabs(values[run] - d_true) < 5 * errors[run], "random walk %d: D %g +- %g, not %g", run, values[run],
              errors[run], d_true);
    }
    double mean = 0, spread = 0, error = 0, chi2 = 0;
    for (int r = 0; r < 8; r++) {
        mean += values[r] / 8, error += errors[r] / 8;
        chi2 += pow((values[r] - d_true) / errors[r], 2) / 8;
    }
    CHECK(chi2 > 0.2 && chi2 < 4, "random walk: the mean squared z-score of D is %g, not near 1", chi2);
    for (int r = 0; r < 8; r++) spread += (values[r] - mean) * (values[r] - mean) / 7;
    spread = sqrt(spread);
    CHECK(error > spread / 3 && error < 3 * spread, "random walk: error bar %g, spread of D over walks %g", error,
          spread);
}

/* The image column written by the XYZ writer and read back; a file without it reads no images (NULL), so that the
 * analysis knows the positions cannot be unwrapped. */
static void xyz_images(void)
{
    const char *path = "build_test_analysis_images.xyz";
    rc_frame f = frame_of(3, 2, 4, 4, 4);
    f.images[0] = -3, f.images[4] = 7, f.images[5] = 2147483647;
    rc_xyz_writer *w = NULL;
    CHECK(rc_xyz_writer_open(path, &w) == RC_STATUS_OK && rc_xyz_writer_write(w, &f) == RC_STATUS_OK &&
              rc_xyz_writer_close(w) == RC_STATUS_OK,
          "write: %s", rc_error_get());
    rc_trajectory_reader *r = NULL;
    rc_frame g = {0};
    bool got = false;
    CHECK(rc_trajectory_reader_open(path, &r) == RC_STATUS_OK &&
              rc_trajectory_reader_next(r, &g, &got) == RC_STATUS_OK && got,
          "read: %s", rc_error_get());
    CHECK(got && memcmp(f.images, g.images, 6 * sizeof *g.images) == 0, "images %d %d %d read back as %d %d %d",
          f.images[0], f.images[4], f.images[5], g.images[0], g.images[4], g.images[5]);
    rc_trajectory_reader_close(r);
    FILE *file = fopen(path, "w");
    fputs("1\nLattice=\"4 0 0 0 4 0 0 0 4\" Properties=species:S:1:pos:R:3 pbc=\"T T T\"\nH 1 2 3\n", file);
    fclose(file);
    CHECK(rc_trajectory_reader_open(path, &r) == RC_STATUS_OK &&
              rc_trajectory_reader_next(r, &g, &got) == RC_STATUS_OK && got && !g.images,
          "a file without the image column: %s", g.images ? "images read" : rc_error_get());
    rc_trajectory_reader_close(r);
    rc_frame_destroy(&g);
    rc_frame_destroy(&f);
    remove(path);
}

/* Particles in free flight at speed 1 to 2 along x, frames 2 time units apart in a box of 5: most steps are longer
 * than half the box. With image counts that is physics, and the MSD is v^2 t^2 at every lag; without them (images
 * NULL) the MSD alone fails, naming the particle, while g(r) and Q6 are still reported, the reason under "failed". */
static void distant_frames(void)
{
    rc_analysis *with = NULL, *without = NULL, *alone = NULL;
    rc_analysis_create(&with), rc_analysis_create(&without), rc_analysis_create(&alone);
    rc_analysis_set(with, "compute", "msd");
    rc_analysis_set(alone, "compute", "msd");
    rc_frame f = frame_of(3, 20, 5, 5, 5), bare = frame_of(3, 20, 5, 5, 5);
    free(bare.images);
    bare.images = NULL;
    double speed2 = 0;
    for (int32_t i = 0; i < 20; i++) {
        f.velocities[3 * i] = 1 + i / 20.0;
        speed2 += f.velocities[3 * i] * f.velocities[3 * i] / 20;
    }
    rc_status s = RC_STATUS_OK, bare_status = RC_STATUS_OK;
    for (int k = 0; k < 8; k++) {
        f.time = bare.time = 2.0 * k;
        for (int32_t i = 0; i < 20; i++) {
            double x = 0.2 * i + f.velocities[3 * i] * f.time, image = floor(x / 5);
            f.positions[3 * i] = bare.positions[3 * i] = x - 5 * image;
            f.positions[3 * i + 1] = bare.positions[3 * i + 1] = 0.25 * i;
            f.images[3 * i] = (int32_t)image;
        }
        CHECK(rc_analysis_add_frame(with, &f) == RC_STATUS_OK, "frame %d with images: %s", k, rc_error_get());
        CHECK(rc_analysis_add_frame(without, &bare) == RC_STATUS_OK, "frame %d without images: %s", k, rc_error_get());
        if (!bare_status) bare_status = s = rc_analysis_add_frame(alone, &bare);
    }
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "msd: particle") &&
              strstr(rc_error_get(), "no image counts"),
          "the MSD alone without images: %d %s", (int)s, rc_error_get());
    CHECK(rc_analysis_finish(with) == RC_STATUS_OK && rc_analysis_finish(without) == RC_STATUS_OK, "finish: %s",
          rc_error_get());
    int rows, columns;
    const char *const *names;
    const double *v;
    CHECK(rc_analysis_table(with, "msd", &rows, &columns, &names, &v) == RC_STATUS_OK && rows == 8,
          "msd table: %d rows", rows);
    for (int r = 0; r < rows; r++)
        CHECK_CLOSE(v[4 * r + 1], speed2 * v[4 * r] * v[4 * r], 1e-9, "MSD of steps longer than half the box");
    char *text = rc_analysis_summary_json(without, true);
    CHECK(text && strstr(text, "\"failed\":{\"msd\":\"msd: particle") && strstr(text, "\"Q6\"") &&
              strstr(text, "\"rdf_contact\"") && !strstr(text, "diffusion_coefficient"),
          "one failed measure, the others reported: %s", text);
    CHECK(rc_analysis_table(without, "rdf", &rows, &columns, &names, &v) == RC_STATUS_OK &&
              rc_analysis_table(without, "msd", &rows, &columns, &names, &v) == RC_STATUS_INVALID_ARGUMENT,
          "the rdf table without the msd table");
    CHECK(strstr(rc_warnings_get(), "msd: particle") != NULL, "the failure is a warning: %s", rc_warnings_get());
    rc_text_destroy(text);
    rc_analysis_destroy(with), rc_analysis_destroy(without), rc_analysis_destroy(alone);
    rc_frame_destroy(&f), rc_frame_destroy(&bare);
}

static void bad_options(void)
{
    rc_analysis *a = NULL;
    rc_analysis_create(&a);
    static const char *const cases[][3] = {
        {"rdf_range", "-1", "rdf_range"},  {"frames", "5:2", "frames"},        {"frames", "x", "frames"},
        {"msd_points", "7", "msd_points"}, {"compute", "rdf,nope", "compute"}, {"fit", "1:a", "fit"},
        {"groups", "0", "groups"},         {"colour", "1", "colour"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        CHECK(rc_analysis_set(a, cases[k][0], cases[k][1]) == RC_STATUS_INVALID_ARGUMENT &&
                  strstr(rc_error_get(), cases[k][2]),
              "%s = %s: %s", cases[k][0], cases[k][1], rc_error_get());
    rc_frame f = frame_of(3, 10, 4, 4, 4);
    for (int i = 0; i < 30; i++) f.positions[i] = 0.37 * i;
    rc_analysis_set(a, "rdf_range", "2.5");
    CHECK(rc_analysis_add_frame(a, &f) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "rdf_range: 2.5 is more"),
          "rdf_range above half the box: %s", rc_error_get());
    rc_analysis_destroy(a);
    rc_frame_destroy(&f);
}

int main(void)
{
    fcc_and_triangular();
    sheared_triangular();
    sheared_structure_factor();
    ideal_gas();
    free_flight("4");
    free_flight("1000");
    random_walk();
    xyz_images();
    distant_frames();
    bad_options();
    return check_finish();
}
