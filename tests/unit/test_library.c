/* SPDX-License-Identifier: MIT */
/* Third-party libraries loaded when first used (src/core/library.h):
 * - a library that is missing, or lacks a symbol, is refused with RC_STATUS_INTERNAL and a sentence naming it, what needs it
 *   and the symbol;
 * - an event-driven run with its usual files (XYZ, CSV, summary) maps none of HDF5, cairo, Siconos numerics and GLPK
 *   (read from /proc/self/maps);
 * - each one is mapped after its first use, and does its job: an H5MD file written, a plot drawn, the LCP z = 1 of
 *   A = [1], q = [-1] solved (with OPENBLAS_NUM_THREADS set to 1 before Siconos loaded, or the user's value kept),
 *   and both contacts of an opposing pair found implicit equalities by the lineality LP. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/library.h"
#include "impact/glpk_symbols.h"
#include "impact/lcp.h"
#include "impact/lineality.h"
#include "impact/siconos_symbols.h"
#include "io/hdf5_symbols.h"
#include "render/cairo_symbols.h"
#include "ricochet/ricochet.h"

static char directory[] = "/tmp/ricochet_test_library_XXXXXX";

static char *path_in(const char *name)
{
    static char buffer[256];
    snprintf(buffer, sizeof buffer, "%s/%s", directory, name);
    return buffer;
}

/* Whether a file of that name is mapped into this process. */
static bool mapped(const char *soname)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return false;
    char line[4096];
    bool found = false;
    while (!found && fgets(line, sizeof line, maps)) {
        const char *file = strrchr(line, '/');
        found = file && strncmp(file + 1, soname, strlen(soname)) == 0;
    }
    fclose(maps);
    return found;
}

static void test_missing(void)
{
    void (*pointer)(void) = NULL;
    const char *const names[] = {"cos"};
    rc_library absent = {"libricochet_absent.so.7", "the tests", names, &pointer, 1, NULL, false};
    CHECK(rc_library_open(&absent) == RC_STATUS_INTERNAL, "a library that does not exist was opened");
    CHECK(strstr(rc_error_get(), "libricochet_absent.so.7") && strstr(rc_error_get(), "the tests need"),
          "its message: %s", rc_error_get());
    const char *const missing[] = {"rc_no_such_symbol"};
    rc_library lacking = {"libm.so.6", "the tests", missing, &pointer, 1, NULL, false};
    CHECK(rc_library_open(&lacking) == RC_STATUS_INTERNAL, "a library without the symbol was opened");
    CHECK(strstr(rc_error_get(), "lacks rc_no_such_symbol"), "its message: %s", rc_error_get());
    rc_library present = {"libm.so.6", "the tests", names, &pointer, 1, NULL, false};
    CHECK(rc_library_open(&present) == RC_STATUS_OK && pointer, "libm's cos: %s", rc_error_get());
}

static const rc_library *const libraries[] = {&rc_hdf5_library, &rc_cairo_library, &rc_siconos_library,
                                              &rc_glpk_library};

static void test_run_maps_none(void)
{
    rc_run_options o = rc_run_default_options();
    o.directory = path_in("run");
    rc_run *run = NULL;
    rc_status s = rc_run_create("{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
                                " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.45,"
                                " \"diameter\": 1}, \"stop\": {\"collisions\": 20000}, \"output\": {\"every\": 0.5}}",
                                &o, &run);
    CHECK(s == RC_STATUS_OK, "rc_run_create: %s", rc_error_get());
    if (s) return;
    CHECK(rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
    rc_run_destroy(run);
    CHECK(access(path_in("run/trajectory.xyz"), F_OK) == 0, "the run wrote no trajectory.xyz");
    for (size_t k = 0; k < sizeof libraries / sizeof *libraries; k++)
        CHECK(!mapped(libraries[k]->soname), "an event-driven run without H5MD, pictures or impacts mapped %s",
              libraries[k]->soname);
}

static void test_hdf5(void)
{
    rc_h5md_writer *writer = NULL;
    CHECK(rc_h5md_writer_open(path_in("t.h5md"), "test", &writer) == RC_STATUS_OK, "h5md: %s", rc_error_get());
    if (writer) CHECK(rc_h5md_writer_close(writer) == RC_STATUS_OK, "h5md close: %s", rc_error_get());
    CHECK(access(path_in("t.h5md"), F_OK) == 0, "no H5MD file");
    CHECK(mapped(rc_hdf5_library.soname), "HDF5 not mapped after an H5MD file was written");
}

static void test_cairo(void)
{
    const char *const names[] = {"x", "y"};
    const double table[] = {0, 0, 1, 1, 2, 4};
    const int y = 1;
    CHECK(rc_plot_png(2, names, 3, table, 0, 1, &y, NULL, path_in("t.png")) == RC_STATUS_OK, "plot: %s",
          rc_error_get());
    CHECK(access(path_in("t.png"), F_OK) == 0, "no picture");
    CHECK(mapped(rc_cairo_library.soname), "cairo not mapped after a plot was drawn");
}

static void test_siconos(void)
{
    const char *before = getenv("OPENBLAS_NUM_THREADS");
    char *kept = before ? strdup(before) : NULL;
    rc_lcp lcp = {0};
    CHECK(rc_lcp_reserve(&lcp, 1, true) == RC_STATUS_OK, "reserve");
    lcp.a[0] = 1, lcp.q[0] = -1;
    CHECK(rc_lcp_solve(&lcp, 1, RC_LCP_METHOD_LEMKE) == RC_STATUS_OK, "lcp: %s", rc_error_get());
    CHECK_CLOSE(lcp.z[0], 1.0, 1e-12, "z of A = [1], q = [-1]");
    rc_lcp_free(&lcp);
    CHECK(mapped(rc_siconos_library.soname), "Siconos numerics not mapped after an LCP was solved");
    /* Siconos's BLAS is asked for one thread before it loads, and a user's own setting is kept */
    const char *after = getenv("OPENBLAS_NUM_THREADS");
    CHECK(after && strcmp(after, kept ? kept : "1") == 0, "OPENBLAS_NUM_THREADS %s before Siconos loaded, %s after",
          kept ? kept : "(unset)", after ? after : "(unset)");
    free(kept);
}

static void test_glpk(void)
{
    int ptr[] = {0, 1, 2}, idx[] = {0, 0};
    double grad[] = {1, -1};
    rc_system opposing = {.n = 1, .m = 2, .ptr = ptr, .idx = idx, .grad = grad};
    rc_lineality lin = {0};
    int count = -1;
    CHECK(rc_lineality_detect(&lin, &opposing, false, &count) == RC_STATUS_OK, "lineality: %s", rc_error_get());
    CHECK(count == 2, "an opposing pair has %d implicit equalities, not 2", count);
    rc_lineality_free(&lin);
    CHECK(mapped(rc_glpk_library.soname), "GLPK not mapped after the lineality LP");
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_missing();
    test_run_maps_none();
    test_hdf5();
    test_cairo();
    test_siconos();
    test_glpk();
    if (!check_remove_tree(directory)) return 1;
    return check_finish();
}
