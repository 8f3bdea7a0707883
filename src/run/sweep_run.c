/* SPDX-License-Identifier: MIT */
/* Running a sweep's runs (ricochet/sweep.h): one run into its folder through the run driver (skipped when its
 * outcome.json says it ended, resumed from its checkpoint when one is there), its outcome recorded; and the local
 * scheduler, which keeps `jobs` runs going at once, each in a process of its own (fork), handing the next run to the
 * first process that is free (dynamic load balancing: runs may differ in length by orders of magnitude). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/bytes.h"
#include "core/status.h"
#include "run/files.h"
#include "run/sweep.h"
#include "json/json_document.h"

const char *rc_sweep_status_name(rc_sweep_status status)
{
    static const char *const names[] = {"pending", "ok", "failed", "not_terminated"};
    return status >= RC_SWEEP_STATUS_PENDING && status <= RC_SWEEP_STATUS_NOT_TERMINATED ? names[status] : NULL;
}

const char *rc_sweep_root(rc_sweep *w)
{
    if (w->root) return w->root;
    if (rc_directory_create(w->directory)) return NULL;
    if (!(w->root = realpath(w->directory, NULL)))
        rc_fail(RC_STATUS_IO_ERROR, "cannot find the sweep folder %s: %s", w->directory, strerror(errno));
    return w->root;
}

/* FNV-1a over the scenes of every run, in order: a folder's runs are this sweep's when their hash is this one. */
static rc_status scenes_hash(const rc_sweep *w, uint64_t *hash)
{
    *hash = RC_FNV_START;
    for (int64_t k = 0; k < w->runs; k++) {
        char *scene = rc_sweep_scene(w, k);
        if (!scene) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
        *hash = rc_fnv_add(*hash, scene, strlen(scene) + 1);
        cJSON_free(scene);
    }
    return RC_STATUS_OK;
}

/* Refuses a sweep folder that holds another sweep's runs: DIRECTORY/sweep_identity.json names the runs' scenes by
 * their count and hash, and a sweep started again with other scenes (another point, another stop, another base
 * scene) would otherwise take the runs there as its own (skip those that ended, resume the others from their
 * checkpoints) and label them with its own values. Written when missing; a folder of runs from before the file was
 * written is taken as it is. */
static rc_status claim(const rc_sweep *w)
{
    uint64_t hash;
    rc_status s = scenes_hash(w, &hash);
    if (s) return s;
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, hash);
    char *path = rc_run_join(w->root, "sweep_identity.json"), *text = NULL;
    if (!path) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    cJSON *identity = NULL;
    if (access(path, F_OK) == 0) {
        s = rc_text_create_from_file(path, &text);
        if (!s) s = rc_json_parse(text, &identity);
        const cJSON *runs = cJSON_GetObjectItemCaseSensitive(identity, "runs");
        const cJSON *scenes = cJSON_GetObjectItemCaseSensitive(identity, "scenes_fnv1a64");
        if (!s && !(cJSON_IsNumber(runs) && cJSON_IsString(scenes)))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "%s: not a sweep's identity (it needs \"runs\" and \"scenes_fnv1a64\")", path);
        else if (!s && (runs->valuedouble != (double)w->runs || strcmp(scenes->valuestring, hex) != 0))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "the sweep folder %s holds the runs of another sweep (%s: %.17g runs of "
                        "other scenes than this sweep's %" PRId64 "): give this sweep another --out, or remove that "
                        "folder to start again",
                        w->root, path, runs->valuedouble, w->runs);
    } else {
        identity = cJSON_CreateObject();
        cJSON_AddStringToObject(identity, "comment",
                                "which sweep's runs this folder holds: their count and the FNV-1a "
                                "hash of their scenes (ricochet sweep refuses other sweeps here)");
        cJSON_AddNumberToObject(identity, "runs", (double)w->runs);
        cJSON_AddStringToObject(identity, "scenes_fnv1a64", hex);
        char *out = rc_json_print(identity, false);
        s = out ? rc_run_write_text(path, out) : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
        cJSON_free(out);
    }
    cJSON_Delete(identity);
    free(text);
    free(path);
    return s;
}

rc_status rc_sweep_lock(rc_sweep *w)
{
    if (w->locked) return RC_STATUS_OK;
    if (!rc_sweep_root(w)) return RC_STATUS_IO_ERROR;
    rc_status s = rc_run_lock_take(w->root, "sweep folder", &w->lock);
    w->locked = !s;
    return s ? s : claim(w);
}

char *rc_sweep_run_path(const rc_sweep *w, int64_t k, const char *name)
{
    char run[32];
    rc_sweep_run_name(w, k, run);
    char *folder = rc_run_join(w->root ? w->root : w->directory, run);
    char *path = folder && name ? rc_run_join(folder, name) : folder;
    if (path != folder) free(folder);
    return path;
}

rc_sweep_status rc_sweep_state(const rc_sweep *w, int64_t k, char *message, size_t size)
{
    if (message && size) message[0] = '\0';
    char *path = w ? rc_sweep_run_path(w, k, "outcome.json") : NULL, *text = NULL;
    cJSON *outcome = NULL;
    rc_sweep_status state = RC_SWEEP_STATUS_PENDING;
    if (path && access(path, F_OK) == 0 && !rc_text_create_from_file(path, &text) && !rc_json_parse(text, &outcome)) {
        const cJSON *status = cJSON_GetObjectItemCaseSensitive(outcome, "status");
        const cJSON *said = cJSON_GetObjectItemCaseSensitive(outcome, "message");
        for (int s = RC_SWEEP_STATUS_OK; cJSON_IsString(status) && s <= RC_SWEEP_STATUS_NOT_TERMINATED; s++)
            if (strcmp(status->valuestring, rc_sweep_status_name((rc_sweep_status)s)) == 0) state = (rc_sweep_status)s;
        if (message && size && cJSON_IsString(said)) snprintf(message, size, "%s", said->valuestring);
    }
    cJSON_Delete(outcome);
    free(text);
    free(path);
    return state;
}

/* DIRECTORY/NNNN/outcome.json: how run k ended, written last (atomically), so that it marks an ended run. */
static rc_status write_outcome(const rc_sweep *w, int64_t k, rc_sweep_status status, const char *message)
{
    cJSON *outcome = cJSON_CreateObject();
    cJSON_AddNumberToObject(outcome, "run", (double)k);
    cJSON_AddNumberToObject(outcome, "point", (double)(k / w->replicas));
    cJSON_AddNumberToObject(outcome, "replica", (double)(k % w->replicas));
    cJSON_AddStringToObject(outcome, "status", rc_sweep_status_name(status));
    cJSON_AddStringToObject(outcome, "message", message);
    char *text = rc_json_print(outcome, false), *path = rc_sweep_run_path(w, k, "outcome.json");
    rc_status s = text && path ? rc_run_write_text(path, text) : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    cJSON_free(text);
    cJSON_Delete(outcome);
    free(path);
    return s;
}

/* The run, on from its checkpoint in its own folder when one is there and it reads, else new from its scene. */
static rc_status start(rc_sweep *w, int64_t k, const char *folder, rc_run **run)
{
    rc_run_options o = rc_run_default_options();
    o.checkpoint_every = w->checkpoint_every;
    char *checkpoint = rc_run_join(folder, "checkpoint.rcp");
    if (!checkpoint) return RC_STATUS_NO_MEMORY;
    rc_status s =
        access(checkpoint, F_OK) == 0 ? rc_run_create_from_checkpoint(checkpoint, &o, run) : RC_STATUS_INVALID_ARGUMENT;
    free(checkpoint);
    if (!s) return s;
    char *scene = rc_sweep_scene(w, k);
    if (!scene) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    o.directory = folder;
    s = rc_run_create(scene, &o, run);
    cJSON_free(scene);
    return s;
}

/* A run whose scene was refused: its scene.json is the scene as the sweep made it, for the user to see why (the
 * message stays in rc_error_get). */
static void keep_scene(const rc_sweep *w, int64_t k, const char *folder)
{
    char why[1024];
    snprintf(why, sizeof why, "%s", rc_error_get());
    cJSON *scene = rc_sweep_scene_object(w, k);
    char *text = scene ? rc_json_print(scene, false) : NULL, *path = rc_run_join(folder, "scene.json");
    if (text && path) rc_run_write_text(path, text);
    cJSON_free(text);
    cJSON_Delete(scene);
    free(path);
    rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s", why);
}

rc_status rc_sweep_execute_run(rc_sweep *w, int64_t k, rc_sweep_status *status)
{
    if (!w || !status || k < 0 || k >= w->runs)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_execute_run: no such run");
    *status = RC_SWEEP_STATUS_PENDING;
    if (w->interrupt_signal >= 0) return RC_STATUS_OK;
    if (!rc_sweep_root(w)) return RC_STATUS_IO_ERROR;
    rc_sweep_status before = rc_sweep_state(w, k, NULL, 0);
    if (before != RC_SWEEP_STATUS_PENDING) {
        *status = before;
        return RC_STATUS_OK;
    }
    char *folder = rc_sweep_run_path(w, k, NULL);
    if (!folder) return RC_STATUS_NO_MEMORY;
    rc_status s = rc_directory_create(folder);
    rc_run *run = NULL;
    if (!s) s = start(w, k, folder, &run);
    if (!s) {
        w->active = run;
        if (w->interrupt_signal >= 0) rc_run_interrupt(run, w->interrupt_signal);
        s = rc_run_execute(run);
        w->active = NULL;
    }
    if (s && !run) keep_scene(w, k, folder);
    free(folder);
    const char *stopped = rc_run_stop_reason(run);
    bool interrupted = !s && stopped && strcmp(stopped, "interrupted") == 0;
    rc_run_destroy(run);
    if (interrupted) return RC_STATUS_OK;
    *status = !s                              ? RC_SWEEP_STATUS_OK
              : s == RC_STATUS_NOT_TERMINATED ? RC_SWEEP_STATUS_NOT_TERMINATED
                                              : RC_SWEEP_STATUS_FAILED;
    return write_outcome(w, k, *status, s ? rc_error_get() : "");
}

void rc_sweep_interrupt(rc_sweep *w, int signal)
{
    if (!w) return;
    w->interrupt_signal = signal >= 0 ? signal : 0;
    rc_run *run = w->active;
    if (run) rc_run_interrupt(run, w->interrupt_signal);
}

int rc_sweep_interrupt_signal(const rc_sweep *w) { return w ? w->interrupt_signal : -1; }

/* ---- the local scheduler ---- */

/* In the forked process: run k, then exit 0 when it ended (its outcome says how), 1 when it did not, 2 when the
 * sweep folder could not be written. SIGINT and SIGTERM end it at once (the default, also under a front end that
 * catches them, Python's): the run goes on later from its last periodic checkpoint, which a sweep never stopped wrote
 * too, so it ends with the same bits. */
static _Noreturn void run_child(rc_sweep *w, int64_t k)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    rc_sweep_status status;
    rc_status s = rc_sweep_execute_run(w, k, &status);
    _exit(s ? 2 : status == RC_SWEEP_STATUS_PENDING ? 1 : 0);
}

typedef struct scheduler {
    rc_sweep *sweep;
    pid_t *pids;   /* per slot, 0 when free */
    int64_t *runs; /* the run in each slot */
    int jobs;
    rc_sweep_progress counts;
    int64_t done_here; /* ended in this call */
    double started;
    rc_sweep_progress_fn *progress;
    void *user;
} scheduler;

static void tell(scheduler *c)
{
    c->counts.elapsed = rc_run_seconds() - c->started;
    c->counts.eta =
        c->done_here > 0 ? c->counts.elapsed * (double)(c->counts.runs - c->counts.done) / (double)c->done_here : -1;
    if (c->progress) c->progress(&c->counts, c->user);
}

/* Starts run k in a free slot; false when fork fails. */
static bool launch(scheduler *c, int64_t k)
{
    int slot = 0;
    while (c->pids[slot]) slot++;
    fflush(NULL); /* nothing buffered twice */
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) run_child(c->sweep, k);
    c->pids[slot] = pid;
    c->runs[slot] = k;
    c->counts.running++;
    return true;
}

/* Whether run k's folder holds a checkpoint to go on from. */
static bool has_checkpoint(const rc_sweep *w, int64_t k)
{
    char *path = rc_sweep_run_path(w, k, "checkpoint.rcp");
    bool there = path && access(path, F_OK) == 0;
    free(path);
    return there;
}

/* A process ended: count its run by its outcome. A process killed by a signal the sweep did not send fails its run
 * (a crash), except a SIGKILL (the kernel's OOM killer, a user's kill -9) of a run that has a checkpoint: that run
 * stays pending, without outcome.json, and the sweep started again resumes it from its checkpoint. */
static rc_status reap(scheduler *c, pid_t pid, int wait_status)
{
    int slot = 0;
    while (slot < c->jobs && c->pids[slot] != pid) slot++;
    if (slot == c->jobs) return RC_STATUS_OK;
    int64_t k = c->runs[slot];
    c->pids[slot] = 0;
    c->counts.running--;
    rc_sweep *w = c->sweep;
    int by = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0;
    if (by && by != SIGINT && by != SIGTERM && w->interrupt_signal < 0 && !(by == SIGKILL && has_checkpoint(w, k))) {
        char why[96];
        snprintf(why, sizeof why, "the run's process was killed by signal %d", by);
        rc_status s = write_outcome(w, k, RC_SWEEP_STATUS_FAILED, why);
        if (s) return s;
    } else if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 2) {
        return rc_fail(RC_STATUS_IO_ERROR, "run %lld could not write its folder in %s", (long long)k, w->root);
    }
    rc_sweep_status state = rc_sweep_state(w, k, NULL, 0);
    if (state != RC_SWEEP_STATUS_PENDING) {
        c->counts.done++;
        c->done_here++;
        c->counts.failed += state != RC_SWEEP_STATUS_OK;
    }
    return RC_STATUS_OK;
}

/* Ends the runs still going at once: each goes on later from its last periodic checkpoint. (A checkpoint written at
 * the interrupt would bring the particles' clocks up to that moment, and a run resumed from it would round
 * differently from one never stopped.) */
static void stop_children(const scheduler *c)
{
    for (int slot = 0; slot < c->jobs; slot++)
        if (c->pids[slot]) kill(c->pids[slot], SIGKILL);
}

static rc_status schedule(scheduler *c)
{
    rc_sweep *w = c->sweep;
    rc_status s = RC_STATUS_OK;
    bool forwarded = false;
    int64_t next = 0;
    for (;;) {
        while (!s && w->interrupt_signal < 0 && c->counts.running < c->jobs && next < w->runs) {
            int64_t k = next++;
            if (rc_sweep_state(w, k, NULL, 0) != RC_SWEEP_STATUS_PENDING) continue;
            if (!launch(c, k))
                s = rc_fail(RC_STATUS_INTERNAL, "cannot start a process for run %lld: %s", (long long)k,
                            strerror(errno));
        }
        tell(c);
        if (c->counts.running == 0) return s;
        if ((s || w->interrupt_signal >= 0) && !forwarded) {
            stop_children(c);
            forwarded = true;
        }
        int wait_status;
        pid_t pid = waitpid(-1, &wait_status, 0);
        if (pid < 0 && errno != EINTR) return s ? s : rc_fail(RC_STATUS_INTERNAL, "waitpid: %s", strerror(errno));
        if (pid > 0) {
            rc_status r = reap(c, pid, wait_status);
            if (!s) s = r;
        }
    }
}

rc_status rc_sweep_execute(rc_sweep *w, int jobs, rc_sweep_progress_fn *progress, void *user, rc_sweep_progress *out)
{
    if (!w) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_execute: NULL sweep");
    rc_status locked = rc_sweep_lock(w);
    if (locked) return locked;
    if (jobs <= 0) jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs <= 0) jobs = 1;
    if (jobs > w->runs) jobs = (int)w->runs;
    scheduler c = {w,
                   calloc((size_t)jobs, sizeof(pid_t)),
                   calloc((size_t)jobs, sizeof(int64_t)),
                   jobs,
                   {w->runs, 0, 0, 0, 0, 0, -1},
                   0,
                   rc_run_seconds(),
                   progress,
                   user};
    rc_status s = c.pids && c.runs ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int64_t k = 0; !s && k < w->runs; k++) {
        rc_sweep_status state = rc_sweep_state(w, k, NULL, 0);
        c.counts.skipped += state != RC_SWEEP_STATUS_PENDING;
        c.counts.failed += state == RC_SWEEP_STATUS_FAILED || state == RC_SWEEP_STATUS_NOT_TERMINATED;
    }
    c.counts.done = c.counts.skipped;
    if (!s) s = schedule(&c);
    rc_status t = rc_sweep_write_tables(w);
    if (!s) s = t;
    if (out) *out = c.counts;
    free(c.pids);
    free(c.runs);
    return s;
}
