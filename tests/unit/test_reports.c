/* SPDX-License-Identifier: MIT */
/* Tests of the library's reports that the CLI prints (docs/cli.md): rc_problem_file_report_json (`ricochet resolve`)
 * and rc_sweep_count / rc_sweep_report_json (`ricochet sweep`).
 *
 * Oracles: Newton's cradle (three equal balls, the first at 1; Vouga et al. 2017: the last leaves at 1, the others
 * rest) with its kinetic energy 1/2 and momentum 1 worked out by hand here; the generic form's velocity vector the
 * solver's own; a sweep whose restitution 2 points the scene reader refuses (so the ok and failed counts are known
 * by construction), recounted from the runs' outcome.json files read here. NULL arguments give NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check.h"
#include "ricochet/ricochet.h"

static char directory[] = "/tmp/ricochet_test_reports_XXXXXX";

static double number(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItem(object, key);
    return cJSON_IsNumber(item) ? item->valuedouble : -1e300;
}

static double element(const cJSON *object, const char *key, int i)
{
    const cJSON *item = cJSON_GetArrayItem(cJSON_GetObjectItem(object, key), i);
    return cJSON_IsNumber(item) ? item->valuedouble : -1e300;
}

/* Resolves the file's problem with its options and returns the report parsed (NULL when anything failed); the
 * result's counters, and its first 4 velocities in velocity (the result's arrays are the solver's, destroyed here). */
static cJSON *resolve_report(const char *path, bool compact, rc_impact_result *result, double velocity[4],
                             rc_problem_file **file)
{
    rc_impact_solver *solver = NULL;
    CHECK(rc_problem_file_create_from_file(path, file) == RC_STATUS_OK, "%s: %s", path, rc_error_get());
    const rc_impact_options *options = rc_problem_file_options(*file);
    CHECK(rc_impact_solver_create(options, &solver) == RC_STATUS_OK, "solver: %s", rc_error_get());
    CHECK(rc_impact_solver_resolve(solver, rc_problem_file_problem(*file), result) == RC_STATUS_OK, "%s",
          rc_error_get());
    char *text = rc_problem_file_report_json(*file, options, result, compact);
    CHECK(text && (strchr(text, '\n') == NULL) == compact, "%s: compact %d: %s", path, compact, text ? text : "NULL");
    CHECK(rc_problem_file_report_json(*file, options, NULL, compact) == NULL, "NULL result");
    CHECK(rc_problem_file_report_json(*file, NULL, result, compact) == NULL, "NULL options");
    cJSON *report = cJSON_Parse(text);
    rc_text_destroy(text);
    for (int i = 0; i < 4 && i < result->dof_count; i++) velocity[i] = result->velocity[i];
    rc_impact_solver_destroy(solver);
    return report;
}

static void test_resolve_physical(void)
{
    rc_problem_file *file = NULL;
    rc_impact_result result;
    double velocity[4];
    cJSON *report = resolve_report("examples/impact/cradle3.json", false, &result, velocity, &file);
    CHECK(report && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(report, "status")), "resolved") == 0 &&
              strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(report, "form")), "physical") == 0,
          "cradle: status and form");
    const double after[3] = {0, 0, 1};
    const cJSON *velocities = cJSON_GetObjectItem(report, "velocities");
    CHECK(cJSON_GetArraySize(velocities) == 3 && cJSON_GetArraySize(cJSON_GetObjectItem(report, "contacts")) == 2 &&
              cJSON_GetArraySize(cJSON_GetObjectItem(report, "normal_impulses")) == 2,
          "cradle: 3 balls, 2 contacts");
    for (int b = 0; b < 3; b++)
        CHECK_CLOSE(cJSON_GetArrayItem(cJSON_GetArrayItem(velocities, b), 0)->valuedouble, after[b], 1e-12,
                    "cradle: velocity after");
    const cJSON *energy = cJSON_GetObjectItem(report, "kinetic_energy");
    const cJSON *momentum = cJSON_GetObjectItem(report, "momentum");
    CHECK_CLOSE(number(energy, "before"), 0.5, 1e-15, "cradle: kinetic energy before (m v^2 / 2)");
    CHECK_CLOSE(number(energy, "after"), 0.5, 1e-12, "cradle: kinetic energy after (elastic)");
    CHECK_CLOSE(element(momentum, "before", 0), 1, 1e-15, "cradle: momentum before");
    CHECK_CLOSE(element(momentum, "after", 0), 1, 1e-12, "cradle: momentum after");
    CHECK(number(report, "iterations") == (double)result.iterations && number(report, "islands") == result.islands,
          "cradle: the counters are the result's");
    cJSON_Delete(report);
    rc_problem_file_destroy(file);
}

static void test_resolve_generic(void)
{
    rc_problem_file *file = NULL;
    rc_impact_result result;
    double velocity[4] = {0};
    cJSON *report = resolve_report("examples/impact/generic_cone.json", true, &result, velocity, &file);
    CHECK(report && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(report, "form")), "generic") == 0 &&
              !cJSON_GetObjectItem(report, "velocities") && !cJSON_GetObjectItem(report, "momentum") &&
              cJSON_GetArraySize(cJSON_GetObjectItem(report, "velocity")) == 4,
          "generic: one velocity vector of 4 degrees of freedom");
    for (int i = 0; report && i < 4; i++)
        CHECK(element(report, "velocity", i) == velocity[i], "generic: velocity[%d]", i);
    const double masses[4] = {1, 2, 1, 3}, before[4] = {1, -0.5, 0.25, 0};
    double kinetic = 0;
    for (int i = 0; i < 4; i++) kinetic += 0.5 * masses[i] * before[i] * before[i];
    CHECK_CLOSE(number(cJSON_GetObjectItem(report, "kinetic_energy"), "before"), kinetic, 1e-15,
                "generic: kinetic energy before");
    cJSON_Delete(report);
    rc_problem_file_destroy(file);
    CHECK(rc_problem_file_report_json(NULL, NULL, NULL, false) == NULL, "NULL file");
}

/* The runs by state as their outcome.json files say, read here: counts[rc_sweep_status]. */
static void recount(const rc_sweep *sweep, int64_t counts[4])
{
    static const char *const names[4] = {"pending", "ok", "failed", "not_terminated"};
    memset(counts, 0, 4 * sizeof *counts);
    for (int64_t k = 0; k < rc_sweep_run_count(sweep); k++) {
        char name[32], path[512], text[4096] = "";
        rc_sweep_run_name(sweep, k, name);
        snprintf(path, sizeof path, "%s/%s/outcome.json", rc_sweep_directory(sweep), name);
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
        if (f) fclose(f);
        text[n] = '\0';
        cJSON *outcome = cJSON_Parse(text);
        const char *status = f ? cJSON_GetStringValue(cJSON_GetObjectItem(outcome, "status")) : "pending";
        for (int s = 0; status && s < 4; s++) counts[s] += strcmp(status, names[s]) == 0;
        cJSON_Delete(outcome);
    }
}

static cJSON *sweep_report(const rc_sweep *sweep, double wall_seconds)
{
    char *text = rc_sweep_report_json(sweep, wall_seconds, true);
    cJSON *report = cJSON_Parse(text);
    CHECK(report != NULL, "sweep report: %s", text ? text : "NULL");
    rc_text_destroy(text);
    return report;
}

static void check_counts(const rc_sweep *sweep, const int64_t want[4], const char *when)
{
    int64_t counts[4] = {-1, -1, -1, -1}, recounted[4];
    rc_sweep_count(sweep, counts);
    recount(sweep, recounted);
    cJSON *report = sweep_report(sweep, 1.25);
    static const char *const keys[4] = {"pending", "ok", "failed", "not_terminated"};
    for (int s = 0; s < 4; s++)
        CHECK(counts[s] == want[s] && recounted[s] == want[s] && number(report, keys[s]) == (double)want[s],
              "%s: %s: counted %lld, recounted %lld, reported %g, want %lld", when, keys[s], (long long)counts[s],
              (long long)recounted[s], number(report, keys[s]), (long long)want[s]);
    CHECK(number(report, "runs") == 4 && number(report, "points") == 2 && number(report, "replicas") == 2 &&
              number(report, "wall_seconds") == 1.25 &&
              strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(report, "directory")), rc_sweep_directory(sweep)) == 0,
          "%s: runs, points, replicas, wall_seconds, directory", when);
    cJSON_Delete(report);
}

static void test_sweep(void)
{
    static const char spec[] =
        "{\"scene\": {\"dimension\": 3, \"box\": {\"periodic\": [true, true, true]},"
        " \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.3, \"diameter\": 1,"
        " \"mass\": 1}, \"temperature\": 1.0, \"seed\": 5, \"restitution\": 1.0, \"stop\": {\"collisions\": 2000},"
        " \"output\": {\"every\": 1e9, \"xyz\": false}},"
        " \"vary\": {\"restitution\": [1.0, 2.0]}, \"replicas\": 2}";
    char out[sizeof directory + 16];
    snprintf(out, sizeof out, "%s/sweep", directory);
    rc_sweep *sweep = NULL;
    CHECK(rc_sweep_create_from_text(spec, NULL, &sweep) == RC_STATUS_OK, "sweep: %s", rc_error_get());
    CHECK(rc_sweep_set_directory(sweep, out) == RC_STATUS_OK, "sweep folder: %s", rc_error_get());
    check_counts(sweep, (const int64_t[4]){4, 0, 0, 0}, "before");
    rc_sweep_progress progress;
    CHECK(rc_sweep_execute(sweep, 1, NULL, NULL, &progress) == RC_STATUS_OK, "sweep: %s", rc_error_get());
    check_counts(sweep, (const int64_t[4]){0, 2, 2, 0}, "after"); /* restitution 2 is refused: 2 failed */
    rc_sweep_destroy(sweep);

    int64_t counts[4] = {7, 7, 7, 7};
    rc_sweep_count(NULL, counts);
    CHECK(counts[0] == 0 && counts[1] == 0 && counts[2] == 0 && counts[3] == 0, "NULL sweep: no runs");
    rc_sweep_count(NULL, NULL);
    CHECK(rc_sweep_report_json(NULL, 0, false) == NULL, "NULL sweep: no report");
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_resolve_physical();
    test_resolve_generic();
    test_sweep();
    if (!check_remove_tree(directory)) return 1;
    return check_finish();
}
