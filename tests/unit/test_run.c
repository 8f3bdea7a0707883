/* SPDX-License-Identifier: MIT */
/* Tests of the run driver (src/run, ricochet/run.h) through its public API, for both engines:
 * - every run ends: a scene where nothing can move stops with "no_events"; a stop that cannot be reached by
 *   construction (pair collisions of one particle) is refused naming the field, and so is an advance by a count
 *   the engine does not keep (steps of the event-driven engine, collisions or events of the time-stepped one);
 * - progress is told in the engine's own unit (collisions, steps), with a fraction that grows to 1 and an ETA;
 * - an interrupt (here from the progress callback, as a signal handler would) ends the run cleanly: stopped_by
 *   "interrupted", every file under its own name;
 * - both engines' summaries share their keys where the meaning is shared, and the energy balance holds: a ball
 *   bouncing at e = 0.5 dissipates energy the summary counts, so energy_drift stays at the time stepping's error;
 * - the table of observables: unique names, an engine and a meaning each, the CSV header is its row columns;
 * - checkpoints: a good one resumes; damaged, truncated, forged (a 20 GiB block in a small file), of another version,
 *   format or byte order, or holding a state no engine reaches (positions of 1e207), each is refused with a message
 *   that says which (the inputs of ../shared/fuzz-findings rebuilt in today's format);
 * - an interrupt just after a periodic checkpoint resumes byte-identical to the run never stopped, one between
 *   checkpoints with the same rows' times, the rows before it byte-identical and the energy to rounding; a run
 *   resumed and interrupted again before any event leaves its checkpoint as it was, and goes on as before;
 * - the command line recorded is one a POSIX shell reads back word for word; a run that stops before its
 *   equilibration ended warns, one that ends after it does not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check.h"
#include "ricochet/ricochet.h"

static char directory[] = "/tmp/ricochet_test_run_XXXXXX";

static const char *const gas = "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
                               " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.3,"
                               " \"diameter\": 1}, \"stop\": {\"collisions\": 20000}, \"output\": {\"every\": 0.5}}";

static const char *const bouncing = "{\"dynamics\": \"time-stepping\", \"dimension\": 2, \"time_step\": 0.001,"
                                    " \"gravity\": [0, -10], \"restitution\": 0.5,"
                                    " \"bodies\": [{\"shape\": \"ball\", \"radius\": 0.5, \"position\": [0, 2]}],"
                                    " \"static\": [{\"shape\": \"plane\", \"position\": [0, 0], \"normal\": [0, 1]}],"
                                    " \"stop\": {\"time\": 2}, \"output\": {\"every\": 0.1}}";

static char *path_in(const char *name)
{
    static char buffer[4][256];
    static int next;
    char *p = buffer[next++ % 4];
    snprintf(p, 256, "%s/%s", directory, name);
    return p;
}

static rc_run *create(const char *scene, const rc_run_options *o)
{
    rc_run *run = NULL;
    rc_status s = rc_run_create(scene, o, &run);
    CHECK(s == RC_STATUS_OK && run, "rc_run_create: %s", rc_error_get());
    return run;
}

static cJSON *summary_of(const rc_run *run)
{
    char *text = rc_run_summary_json(run, true);
    cJSON *summary = cJSON_Parse(text);
    rc_text_destroy(text);
    return summary;
}

static double number(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItem(object, key);
    CHECK(cJSON_IsNumber(item), "summary key %s is not a number", key);
    return cJSON_GetNumberValue(item);
}

static void test_nothing_can_happen(void)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *run = create("{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 0, \"particles\":"
                         " {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.3, \"diameter\": 1},"
                         " \"stop\": {\"collisions\": 1000000}}",
                         &o);
    if (!run) return;
    CHECK(rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
    const char *why = rc_run_stop_reason(run);
    CHECK(why && strcmp(why, "no_events") == 0, "a scene at rest stopped by %s", why ? why : "(nothing)");
    rc_run_destroy(run);

    /* one particle: pair collisions can never happen, in the stop or in the equilibration */
    static const char *const lone[] = {"\"stop\": {\"collisions\": 120}", "\"stop\": {\"time\": 5}, "
                                                                          "\"equilibration\": {\"collisions\": 10}"};
    static const char *const field[] = {"stop.collisions", "equilibration.collisions"};
    for (int k = 0; k < 2; k++) {
        char scene[512];
        snprintf(scene, sizeof scene,
                 "{\"dimension\": 3, \"box\": {\"size\": [4, 4, 10]}, \"gravity\": [0, 0, -1],"
                 " \"particles\": [{\"position\": [2, 2, 3], \"radius\": 0.5}], %s}",
                 lone[k]);
        run = NULL;
        rc_status s = rc_run_create(scene, &o, &run);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), field[k]), "a lone particle's %s: %s", field[k],
              rc_error_get());
        rc_run_destroy(run);
    }
}

/* An advance by a count its engine does not keep (steps of the event-driven engine, collisions or events of the
 * time-stepped one) would never end: it is refused naming the count, and the run stays where it was. */
static void test_uncounted_limits(void)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    static const char *const what[] = {"steps", "collisions", "events"};
    const rc_run_limits limits[] = {{INFINITY, 0, 0, 10}, {INFINITY, 10, 0, 0}, {INFINITY, 0, 10, 0}};
    for (int k = 0; k < 3; k++) {
        rc_run *run = create(k == 0 ? gas : bouncing, &o);
        if (!run) return;
        char expected[64];
        snprintf(expected, sizeof expected, "rc_run_advance: %s:", what[k]);
        rc_status s = rc_run_advance(run, &limits[k]);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), expected) && rc_run_time(run) == 0,
              "an advance by %s of the %s engine: status %d, \"%s\", time %g", what[k],
              k == 0 ? "event-driven" : "time-stepped", (int)s, rc_error_get(), rc_run_time(run));
        rc_run_destroy(run);
    }
}

typedef struct progress_log {
    int calls;
    double last_fraction;
    bool monotone, eta_seen;
    const char *unit;
    rc_run *interrupt_at_half; /* when set, interrupts that run past half way */
} progress_log;

static void on_progress(const rc_run_progress *p, void *data)
{
    progress_log *log = data;
    log->monotone &= p->fraction >= log->last_fraction && p->fraction <= 1;
    log->last_fraction = p->fraction;
    log->eta_seen |= p->eta >= 0;
    log->unit = p->unit;
    log->calls++;
    if (log->interrupt_at_half && p->fraction >= 0.5) rc_run_interrupt(log->interrupt_at_half, 0);
}

static void test_progress(const char *scene, const char *unit)
{
    progress_log log = {0, 0, true, false, NULL, NULL};
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    o.progress = on_progress;
    o.progress_user = &log;
    o.progress_interval = 1e-9;
    rc_run *run = create(scene, &o);
    if (!run) return;
    CHECK(rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
    CHECK(log.calls > 2 && log.monotone && log.eta_seen && log.unit && strcmp(log.unit, unit) == 0,
          "progress: %d calls, monotone %d, eta %d, unit %s (expected %s)", log.calls, log.monotone, log.eta_seen,
          log.unit ? log.unit : "-", unit);
    rc_run_destroy(run);
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

static void test_interrupt(const char *scene, const char *name)
{
    progress_log log = {0, 0, true, false, NULL, NULL};
    rc_run_options o = rc_run_default_options();
    o.directory = path_in(name);
    o.progress = on_progress;
    o.progress_user = &log;
    o.progress_interval = 1e-9;
    o.checkpoint_every = 0.5;
    rc_run *run = create(scene, &o);
    if (!run) return;
    log.interrupt_at_half = run;
    CHECK(rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
    const char *why = rc_run_stop_reason(run);
    CHECK(why && strcmp(why, "interrupted") == 0 && rc_run_interrupt_signal(run) == 0, "%s: stopped by %s", name,
          why ? why : "(nothing)");
    CHECK(log.last_fraction < 1, "%s: the interrupted run went on to the end", name);
    static const char *const files[] = {"trajectory.xyz", "observables.csv", "summary.json", "scene.json",
                                        "checkpoint.rcp"};
    for (int k = 0; k < 5; k++) {
        char path[300];
        snprintf(path, sizeof path, "%s/%s", o.directory, files[k]);
        CHECK(exists(path), "%s: %s missing after an interrupt", name, files[k]);
    }
    char partial[300];
    snprintf(partial, sizeof partial, "%s/trajectory.xyz.partial", o.directory);
    CHECK(!exists(partial), "%s: an interrupted run left %s", name, partial);
    rc_run_destroy(run);
}

/* The keys whose meaning both engines share are in both summaries; the energy balance of a bouncing ball. */
static void test_shared_summary(void)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *runs[2] = {create(gas, &o), create(bouncing, &o)};
    cJSON *summaries[2] = {NULL, NULL};
    static const char *const shared[] = {
        "time",   "impacts",           "impact_iterations", "largest_impact", "kinetic_energy", "potential_energy",
        "energy", "dissipated_energy", "energy_drift",      "wall_seconds",   "dimension"};
    for (int r = 0; r < 2; r++) {
        if (!runs[r]) return;
        CHECK(rc_run_execute(runs[r]) == RC_STATUS_OK, "execute: %s", rc_error_get());
        summaries[r] = summary_of(runs[r]);
        for (size_t k = 0; k < sizeof shared / sizeof *shared; k++) number(summaries[r], shared[k]);
        CHECK(cJSON_IsString(cJSON_GetObjectItem(summaries[r], "stopped_by")), "stopped_by");
        CHECK(cJSON_IsObject(cJSON_GetObjectItem(summaries[r], "outputs")), "outputs");
    }
    /* e = 0.5 on the floor: energy leaves through the impacts, and the balance is the stepping's error only */
    double dissipated = number(summaries[1], "dissipated_energy"), energy = number(summaries[1], "energy");
    double drift = number(summaries[1], "energy_drift");
    CHECK(dissipated > 1 && energy < 0.9 * 15, "the bouncing ball lost %g of its energy, has %g", dissipated, energy);
    CHECK(fabs(drift) < 0.02, "energy_drift %g of a bouncing ball whose impacts are counted", drift);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(summaries[1], "dynamics")), "time-stepping") == 0,
          "dynamics");
    CHECK(fabs(number(summaries[0], "energy_drift")) < 1e-12, "the elastic gas's energy drift");
    for (int r = 0; r < 2; r++) {
        cJSON_Delete(summaries[r]);
        rc_run_destroy(runs[r]);
    }
}

/* The counters read without the summary: zero at creation, then equal to the summary's time, collisions, events
 * and steps after an advance, each engine's uncounted ones staying 0; NULL arguments refused naming them. */
static void test_counts(void)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *runs[2] = {create(gas, &o), create(bouncing, &o)};
    const rc_run_limits until[2] = {{INFINITY, 0, 500, 0}, {INFINITY, 0, 0, 250}};
    for (int r = 0; r < 2; r++) {
        if (!runs[r]) return;
        rc_run_counts c;
        memset(&c, 0xff, sizeof c);
        CHECK(rc_run_read_counts(runs[r], &c) == RC_STATUS_OK && c.time == 0 && c.collisions == 0 && c.events == 0 &&
                  c.steps == 0,
              "counts at creation: %g %llu %llu %llu", c.time, (unsigned long long)c.collisions,
              (unsigned long long)c.events, (unsigned long long)c.steps);
        CHECK(rc_run_advance(runs[r], &until[r]) == RC_STATUS_OK, "advance: %s", rc_error_get());
        CHECK(rc_run_read_counts(runs[r], &c) == RC_STATUS_OK, "read_counts: %s", rc_error_get());
        cJSON *summary = summary_of(runs[r]);
        CHECK(c.time > 0 && c.time == number(summary, "time"), "time %g against the summary's", c.time);
        if (r == 0) {
            CHECK(c.events == 500 && c.collisions > 0 && c.collisions < c.events && c.steps == 0,
                  "event-driven counts %llu %llu %llu", (unsigned long long)c.collisions, (unsigned long long)c.events,
                  (unsigned long long)c.steps);
            CHECK((double)c.collisions == number(summary, "collisions") &&
                      (double)c.events == number(summary, "events"),
                  "collisions and events against the summary's");
        } else {
            CHECK(c.steps == 250 && c.collisions == 0 && c.events == 0, "time-stepped counts %llu %llu %llu",
                  (unsigned long long)c.collisions, (unsigned long long)c.events, (unsigned long long)c.steps);
            CHECK((double)c.steps == number(summary, "steps"), "steps against the summary's");
        }
        cJSON_Delete(summary);
        CHECK(rc_run_read_counts(NULL, &c) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "run"), "NULL run");
        CHECK(rc_run_read_counts(runs[r], NULL) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "counts"),
              "NULL counts");
        rc_run_destroy(runs[r]);
    }
}

/* Where a run stops between events changes no bit of it: the gas advanced a few events at a time ends with the same
 * kinetic integral, virial and averages as the gas run in one go, so the driver's wall-clock chunks never show in the
 * outputs (they did when the engine closed the kinetic integral at every return: a resumed run's rows then differed
 * in the last bits from the uninterrupted run's). */
static void test_chunking(void)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *whole = create(gas, &o), *pieces = create(gas, &o);
    if (!whole || !pieces) return;
    CHECK(rc_run_execute(whole) == RC_STATUS_OK, "execute: %s", rc_error_get());
    for (uint64_t k = 1; k <= 20000; k++) {
        rc_run_limits until = {INFINITY, 20000, 3 * k, 0};
        rc_run_advance(pieces, &until);
    }
    CHECK(rc_run_execute(pieces) == RC_STATUS_OK, "execute: %s", rc_error_get());
    rc_edmd_observables a, b;
    rc_edmd_measure(rc_run_edmd(whole), &a);
    rc_edmd_measure(rc_run_edmd(pieces), &b);
    CHECK(a.collisions == 20000 && b.collisions == 20000, "collisions %llu and %llu", (unsigned long long)a.collisions,
          (unsigned long long)b.collisions);
    const double x[] = {a.time, a.kinetic_integral, a.virial, a.pressure, a.compressibility};
    const double y[] = {b.time, b.kinetic_integral, b.virial, b.pressure, b.compressibility};
    static const char *const names[] = {"time", "kinetic_integral", "virial", "pressure", "compressibility"};
    for (int k = 0; k < 5; k++)
        CHECK(memcmp(&x[k], &y[k], sizeof x[k]) == 0, "%s: %.17g in one go, %.17g in pieces", names[k], x[k], y[k]);
    rc_run_destroy(whole);
    rc_run_destroy(pieces);
}

static void test_table(void)
{
    int count = rc_observable_count();
    CHECK(count > 20 && rc_observable_get(count) == NULL && rc_observable_get(-1) == NULL, "table of %d", count);
    for (int k = 0; k < count; k++) {
        const rc_observable_info *o = rc_observable_get(k);
        CHECK(o->name[0] && o->unit[0] && o->meaning[0], "entry %d is incomplete", k);
        CHECK(o->flags & (RC_OBSERVABLE_EVENT_DRIVEN | RC_OBSERVABLE_TIME_STEPPING), "%s has no engine", o->name);
        CHECK(o->flags & (RC_OBSERVABLE_ROW | RC_OBSERVABLE_SUMMARY), "%s is written nowhere", o->name);
        for (int j = 0; j < k; j++) CHECK(strcmp(o->name, rc_observable_get(j)->name) != 0, "%s twice", o->name);
    }
}

/* ---- checkpoints ------------------------------------------------------------------------------------------------ */

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = f ? calloc(1 << 22, 1) : NULL;
    if (text && fread(text, 1, (1 << 22) - 1, f) == 0) text[0] = '\0';
    if (f) fclose(f);
    return text;
}

/* Column `name` of a CSV row, given the header. */
static double column(const char *header, const char *row, const char *name)
{
    size_t length = strlen(name);
    int index = 0;
    for (const char *h = header; *h && *h != '\n'; index++, h = strchr(h, ',') ? strchr(h, ',') + 1 : "")
        if (strncmp(h, name, length) == 0 && (h[length] == ',' || h[length] == '\n')) break;
    for (int k = 0; k < index && row; k++) row = strchr(row, ',') ? strchr(row, ',') + 1 : NULL;
    return row ? strtod(row, NULL) : NAN;
}

/* What an interrupt keeps (docs/cli.md, "Interrupts"). A run interrupted just after a periodic checkpoint (here at
 * t = 2, checkpoints every 1) writes no second one, and resumed in its folder leaves the files of the run never
 * stopped, byte for byte. Interrupted between checkpoints (t = 2.3), its checkpoint renews the engine where the run
 * never stopped does not: resumed, it has the frames and rows at the same times, the rows up to the interrupt
 * byte-identical and after it the same energy (temperature to rounding, energy_drift at rounding), not the same
 * bits. Either, resumed and interrupted again before any event, writes its checkpoint again no more (before, it did:
 * nothing said the run had one) and then resumes to the same files. */
static void test_interrupt_resume(void)
{
    static const char *const scene = "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": "
                                     "3, \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": "
                                     "0.3, \"diameter\": 1}, \"stop\": {\"time\": 4}, \"output\": {\"every\": 0.5}}";
    rc_run_options o = rc_run_default_options();
    o.checkpoint_every = 1;
    o.directory = path_in("never");
    rc_run *run = create(scene, &o);
    CHECK(run && rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
    rc_run_destroy(run);
    char *never_csv = read_text(path_in("never/observables.csv")),
         *never_xyz = read_text(path_in("never/trajectory.xyz"));
    for (int k = 0; k < 2 && never_csv && never_xyz; k++) {
        o.directory = path_in(k == 0 ? "at_checkpoint" : "between");
        rc_run_limits until = {k == 0 ? 2 : 2.3, 0, 0, 0};
        run = create(scene, &o);
        CHECK(run && rc_run_advance(run, &until) == RC_STATUS_OK, "advance: %s", rc_error_get());
        rc_run_interrupt(run, 2);
        CHECK(rc_run_execute(run) == RC_STATUS_OK && strcmp(rc_run_stop_reason(run), "interrupted") == 0,
              "interrupt: %s", rc_error_get());
        rc_run_destroy(run);
        char checkpoint[300], kept[300];
        snprintf(checkpoint, sizeof checkpoint, "%s/checkpoint.rcp", o.directory);
        snprintf(kept, sizeof kept, "%s/checkpoint.kept", o.directory);
        struct stat now_file, kept_file;
        /* resumed and interrupted before anything advanced: the checkpoint it resumed from stays as it is (a second
         * link to the file keeps its inode; a checkpoint written again is a new file renamed over it) */
        run = NULL;
        CHECK(link(checkpoint, kept) == 0 && rc_run_create_from_checkpoint(checkpoint, NULL, &run) == RC_STATUS_OK,
              "resume: %s", rc_error_get());
        rc_run_interrupt(run, 2);
        CHECK(rc_run_execute(run) == RC_STATUS_OK && strcmp(rc_run_stop_reason(run), "interrupted") == 0,
              "interrupt after resume: %s", rc_error_get());
        rc_run_destroy(run);
        CHECK(stat(checkpoint, &now_file) == 0 && stat(kept, &kept_file) == 0 && now_file.st_ino == kept_file.st_ino,
              "interrupted at once after a resume: the checkpoint was written again");
        unlink(kept);
        run = NULL;
        CHECK(rc_run_create_from_checkpoint(checkpoint, NULL, &run) == RC_STATUS_OK &&
                  rc_run_execute(run) == RC_STATUS_OK,
              "resume: %s", rc_error_get());
        rc_run_destroy(run);
        char path[300];
        snprintf(path, sizeof path, "%s/observables.csv", o.directory);
        char *csv = read_text(path);
        snprintf(path, sizeof path, "%s/trajectory.xyz", o.directory);
        char *xyz = read_text(path);
        if (k == 0)
            CHECK(csv && xyz && strcmp(csv, never_csv) == 0 && strcmp(xyz, never_xyz) == 0,
                  "interrupted at a checkpoint and resumed: the files are not those of the run never stopped");
        int rows = 0, same = 0;
        for (const char *a = never_csv, *b = csv; k == 1 && a && b; rows++) {
            double t = strtod(a, NULL);
            CHECK(t == strtod(b, NULL), "row %d at t = %g, the run never stopped's at %g", rows, strtod(b, NULL), t);
            if (rows > 0) {
                CHECK_CLOSE(column(never_csv, a, "temperature"), column(csv, b, "temperature"), 1e-13, "temperature");
                CHECK(fabs(column(csv, b, "energy_drift")) < 1e-13, "energy_drift %g", column(csv, b, "energy_drift"));
            }
            size_t length = strcspn(a, "\n");
            same += t <= 2 && strncmp(a, b, length + 1) == 0;
            a = a[length] ? a + length + 1 : NULL, b = strchr(b, '\n') ? strchr(b, '\n') + 1 : NULL;
            if (a && !*a) a = NULL;
            if (b && !*b) b = NULL;
            CHECK(!a == !b, "interrupted between checkpoints and resumed: %s rows", a ? "fewer" : "more");
        }
        CHECK(k == 0 || (rows == 10 && same == 6), "interrupted between checkpoints: %d rows, %d before t = 2 the same",
              rows, same);
        free(csv);
        free(xyz);
    }
    free(never_csv);
    free(never_xyz);
}

static void test_missing_checkpoint(void)
{
    rc_run *run = NULL;
    rc_status s = rc_run_create_from_checkpoint(path_in("no_such.rcp"), NULL, &run);
    CHECK(s == RC_STATUS_IO_ERROR && strstr(rc_error_get(), "no_such.rcp"), "a missing checkpoint: %d %s", (int)s,
          rc_error_get());
}

/* rc_run_command_line: words a POSIX shell reads back as given; a run stopped before its equilibration ended warns
 * (rc_warnings_get), one that ended after it does not. */
static void test_command_line_and_warning(void)
{
    const char *argv[] = {"run", "scene.json", "--out", "my run", "it's", "", "--time=2"};
    char *line = rc_run_command_line("ricochet", 7, argv);
    const char *expected = "ricochet run scene.json --out 'my run' 'it'\\''s' '' --time=2";
    CHECK(line && strcmp(line, expected) == 0, "command line: %s", line ? line : "NULL");
    rc_text_destroy(line);
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    for (int early = 0; early < 2; early++) {
        char scene[512];
        snprintf(scene, sizeof scene,
                 "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, "
                 "\"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.3, \"diameter\": 1},"
                 " \"equilibration\": {\"collisions\": %d}, \"stop\": {\"time\": 1}}",
                 early ? 100000 : 50);
        rc_run *run = create(scene, &o);
        if (!run) return;
        rc_warnings_clear();
        CHECK(rc_run_execute(run) == RC_STATUS_OK, "execute: %s", rc_error_get());
        bool warned = strstr(rc_warnings_get(), "stopped before the equilibration ended") != NULL;
        CHECK(warned == (bool)early, "equilibration of %d collisions, stop at t = 1: warnings \"%s\"",
              early ? 100000 : 50, rc_warnings_get());
        rc_run_destroy(run);
    }
}

int main(void)
{
    test_command_line_and_warning();
    if (!mkdtemp(directory)) {
        perror("mkdtemp");
        return 1;
    }
    test_nothing_can_happen();
    test_uncounted_limits();
    test_progress(gas, "collisions");
    test_progress(bouncing, "steps");
    test_interrupt(gas, "gas");
    test_interrupt(bouncing, "ball");
    test_shared_summary();
    test_counts();
    test_chunking();
    test_table();
    test_interrupt_resume();
    test_missing_checkpoint();
    check_remove_tree(directory);
    return check_finish();
}
