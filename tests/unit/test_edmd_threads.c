/* SPDX-License-Identifier: MIT */
/* The engine's thread count through the public API (rc_edmd_def.threads, rc_edmd_threads, rc_edmd_domains;
 * docs/edmd.md, "Parallel"):
 * - the domains are the slabs along the first axis at least RC_EDMD_DOMAIN_REACHES neighbour reaches wide: 4,000
 *   spheres at packing fraction 0.45 with the shell 0.5 (reach 1.5, edge 16.7) cut into 2; 4,000 disks (edge 83.5)
 *   into 13;
 * - a count below 1 and a count above the domains are refused naming "threads" (the latter with the most it can
 *   use), and no engine is made;
 * - 1 thread has no note; hard spheres run on the threads asked, with no note, and so do they with a thermostat
 *   (its kicks run between batches, drawn in the serial order);
 * - the trajectory of 4 threads is the trajectory of 1, to the bit, for 4,000 disks after 20,000 collisions advanced
 *   in four chunks (the collision limit stops the parallel loop between batches), with the same counts and
 *   observables (every book added in the serial order); and so is that of 2 threads for 4,000 spheres with a
 *   thermostat. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd_check.h"
#include "ricochet/ricochet.h"

enum { N = 4000 };

static void counts(void)
{
    rc_edmd *e = edmd_check_lattice(3, N, 1, 0);
    CHECK(e && rc_edmd_domains(e) == 2, "4,000 spheres: 2 slabs, got %d", e ? (int)rc_edmd_domains(e) : -1);
    const char *note = "unset";
    CHECK(e && rc_edmd_threads(e, &note) == 1 && note == NULL, "1 thread, no note");
    rc_edmd_destroy(e);
    e = edmd_check_lattice(2, N, 1, 0);
    CHECK(e && rc_edmd_domains(e) == 13, "4,000 disks: 13 slabs, got %d", e ? (int)rc_edmd_domains(e) : -1);
    rc_edmd_destroy(e);
}

static void refusals(void)
{
    CHECK(edmd_check_lattice(3, N, 0, 0) == NULL && strstr(rc_error_get(), "threads: 0 is below 1"), "0 refused: %s",
          rc_error_get());
    CHECK(edmd_check_lattice(3, N, -3, 0) == NULL && strstr(rc_error_get(), "threads: -3 is below 1"), "-3 refused: %s",
          rc_error_get());
    CHECK(edmd_check_lattice(3, N, 3, 0) == NULL && strstr(rc_error_get(), "threads: 3 asked") &&
              strstr(rc_error_get(), "use at most 2"),
          "3 refused: %s", rc_error_get());
    rc_edmd *e = edmd_check_lattice(3, N, 2, 1.0);
    const char *note = "unset";
    CHECK(e && rc_edmd_threads(e, &note) == 2 && note == NULL, "a thermostat: 2 threads, no note");
    rc_edmd_destroy(e);
    e = edmd_check_lattice(3, N, 2, 0);
    note = "unset";
    CHECK(e && rc_edmd_threads(e, &note) == 2 && note == NULL, "hard spheres: 2 threads, no note");
    rc_edmd_destroy(e);
}

static void same_bits(int dimension, int32_t threads, double thermostat_rate)
{
    rc_edmd *one = edmd_check_lattice(dimension, N, 1, thermostat_rate),
            *four = edmd_check_lattice(dimension, N, threads, thermostat_rate);
    CHECK(one && four, "made");
    if (!one || !four) return;
    const char *note = "unset";
    CHECK(rc_edmd_threads(four, &note) == threads && note == NULL, "%d threads, no note", (int)threads);
    for (uint64_t collisions = 5000; collisions <= 20000; collisions += 5000) {
        rc_edmd_limits limits = {INFINITY, collisions, 0};
        CHECK(rc_edmd_advance(one, &limits) == RC_STATUS_OK && rc_edmd_advance(four, &limits) == RC_STATUS_OK,
              "advanced to %d collisions", (int)collisions);
    }
    CHECK(edmd_check_same(one, four), "%d threads end where 1 does, to the bit: the frame, the counts and the books",
          (int)threads);
    rc_edmd_destroy(one);
    rc_edmd_destroy(four);
}

int main(void)
{
    counts();
    refusals();
    same_bits(2, 4, 0);
    same_bits(3, 2, 1.0);
    return check_finish();
}
