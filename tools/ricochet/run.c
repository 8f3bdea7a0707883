/* ricochet run SCENE.json [options]: read a scene file (a time-stepping one goes to run_rigid.c), apply the
 * command-line options over its settings, build the event-driven engine, run it to the stop criterion writing the
 * trajectory and the observables, and print the JSON summary; the exit code says how it went (docs/cli.md). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

/* A positive whole number: decimal digits, or a number such as 1e6. Returns false when it is not one. */
static bool parse_count(const char *text, uint64_t *out)
{
    char *end;
    if (text[0] && strspn(text, "0123456789") == strlen(text)) {
        errno = 0;
        *out = strtoull(text, NULL, 10);
        return errno == 0 && *out > 0;
    }
    double x = strtod(text, &end);
    if (end == text || *end || isspace((unsigned char)text[0]) || !(x >= 1) || x != floor(x) || x >= 0x1p64)
        return false;
    *out = (uint64_t)x;
    return true;
}

/* Applies the option `name` (with its value) to a; returns an exit code or RC_RUN_GO_ON. */
static int apply_value(run_arguments *a, const char *name, const char *value)
{
    char *end;
    if (strcmp(name, "--out") == 0) {
        if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--out: the directory name is empty");
        a->directory = value;
        return RC_RUN_GO_ON;
    }
    if (strcmp(name, "--h5md") == 0 || strcmp(name, "--resume") == 0) {
        if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: the file name is empty", name);
        *(name[2] == 'h' ? &a->h5md : &a->resume) = value;
        return RC_RUN_GO_ON;
    }
    if (strcmp(name, "--checkpoint-every") == 0) {
        a->checkpoint_every = strtod(value, &end);
        if (end == value || *end || !(a->checkpoint_every > 0) || !isfinite(a->checkpoint_every))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--checkpoint-every: \"%s\" is not a positive time", value);
        return RC_RUN_GO_ON;
    }
    a->stop_given = true;
    if (strcmp(name, "--time") == 0) {
        a->stop.time = strtod(value, &end);
        if (end == value || *end || !(a->stop.time > 0) || !isfinite(a->stop.time))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--time: \"%s\" is not a positive number", value);
        return RC_RUN_GO_ON;
    }
    uint64_t *count = strcmp(name, "--collisions") == 0 ? &a->stop.collisions : &a->stop.events;
    if (!parse_count(value, count))
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: \"%s\" is not a positive whole number", name, value);
    return RC_RUN_GO_ON;
}

/* The option arg names when it takes a value, or NULL; *inline_value is its value after '=' when given. */
static const char *value_option(const char *arg, const char **inline_value)
{
    static const char *const names[] = {"--collisions", "--time", "--events", "--out", "--h5md", "--resume",
                                        "--checkpoint-every"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(arg, names[i], n) == 0 && (arg[n] == '\0' || arg[n] == '=')) {
            *inline_value = arg[n] ? arg + n + 1 : NULL;
            return names[i];
        }
    }
    return NULL;
}

static int parse_arguments(int argc, char **argv, run_arguments *a)
{
    a->stop.time = INFINITY;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL, *name;
        int code = RC_RUN_GO_ON;
        if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) a->quiet = true;
        else if (strcmp(arg, "--no-xyz") == 0) a->no_xyz = true;
        else if (strcmp(arg, "--compact") == 0) a->compact = true;
        else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) a->help = true;
        else if ((name = value_option(arg, &value))) {
            if (!value && i + 1 == argc) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s needs a value", name);
            code = apply_value(a, name, value ? value : argv[++i]);
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "unknown option %s (see ricochet help run)", arg);
        } else if (a->path) {
            return rc_cli_fail(RC_EXIT_USAGE, "run takes one SCENE file, not \"%s\" and \"%s\"", a->path, arg);
        } else {
            a->path = arg;
        }
        if (code != RC_RUN_GO_ON) return code;
    }
    if (a->path && a->resume)
        return rc_cli_fail(RC_EXIT_USAGE, "run takes a SCENE file or --resume CHECKPOINT, not both (the checkpoint "
                                          "holds its scene)");
    if (!a->path && !a->resume && !a->help)
        return rc_cli_fail(RC_EXIT_USAGE, "run needs a SCENE file (see ricochet help run)");
    return RC_RUN_GO_ON;
}

/* Runs the scene's engine with the settings (from a checkpoint's state when resumed is not NULL); writes the
 * outputs and checkpoints and prints the summary. */
static int simulate(const run_arguments *a, const char *name, const char *scene_text, const rc_run_scene *scene,
                    const rc_run_settings *settings, const run_resumed *resumed)
{
    rc_edmd *engine;
    rc_status s = rc_run_scene_create_engine(scene, &engine);
    if (s) return rc_cli_fail(s == RC_INVALID_ARGUMENT ? RC_EXIT_BAD_INPUT : RC_EXIT_INTERNAL, "%s: %s", name,
                              rc_last_error());
    if (resumed && (s = rc_edmd_state_restore(engine, resumed->state, resumed->state_size)) != RC_OK) {
        rc_edmd_destroy(engine);
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: %s", name, rc_last_error());
    }
    run_checkpoint checkpoints = {NULL, scene_text, a->checkpoint_every};
    run_outputs outputs;
    run_result result = {0};
    int code = rc_run_outputs_open(&outputs, &settings->output, a->h5md, engine);
    if (code == RC_RUN_GO_ON && a->checkpoint_every > 0 &&
        !(checkpoints.path = rc_cli_join(settings->output.directory, "checkpoint.rcp")))
        code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    if (code == RC_RUN_GO_ON)
        code = rc_run_loop(engine, settings, !a->quiet && isatty(STDERR_FILENO), &outputs, &checkpoints,
                           resumed ? &resumed->position : NULL, &result);
    if (code == RC_RUN_GO_ON && rc_run_scene_def(scene)->separation_histogram)
        code = rc_run_outputs_histogram(&outputs, settings->output.directory, engine);
    code = rc_run_outputs_close(&outputs, code);
    if (code == RC_RUN_GO_ON && settings->equilibrate && !result.equilibrated && !a->quiet)
        fprintf(stderr, "ricochet: note: the run stopped before the equilibration ended; the averages cover the "
                        "whole run\n");
    if (code == RC_RUN_GO_ON) code = rc_cli_print_json(rc_run_summary(engine, scene, settings, &outputs, &result),
                                                        a->compact, "summary");
    if (code == RC_EXIT_OK && strcmp(result.stopped_by, "not_terminated") == 0) code = RC_EXIT_NOT_TERMINATED;
    free(checkpoints.path);
    rc_run_outputs_free(&outputs);
    rc_edmd_destroy(engine);
    return code;
}

/* The whole text of a file ("-": standard input), or NULL with errno set. */
static char *read_text(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        size += fread(text + size, 1, capacity - size - 1, f);
        if (size + 1 < capacity) break;
        char *bigger = realloc(text, capacity *= 2);
        if (!bigger) free(text);
        text = bigger;
    }
    int error = ferror(f) ? EIO : 0;
    if (f != stdin) fclose(f);
    if (text && error) {
        free(text);
        text = NULL;
        errno = error;
    }
    if (text) text[size] = '\0';
    return text;
}

int rc_cli_run(int argc, char **argv)
{
    run_arguments a = {0};
    int code = parse_arguments(argc, argv, &a);
    if (code != RC_RUN_GO_ON) return code;
    if (a.help) return rc_cli_help("run", stdout);
    run_resumed resumed = {0};
    char *text = NULL;
    const char *name = a.resume ? a.resume : a.path;
    if (a.resume) {
        if ((code = rc_run_checkpoint_read(a.resume, &resumed)) != RC_RUN_GO_ON) return code;
        text = resumed.scene_text;
    } else if (!(text = read_text(a.path))) {
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot read %s: %s", a.path, strerror(errno));
    }
    if (rc_scene_is_time_stepping(text)) {
        code = rc_cli_run_rigid(&a, name, text, a.resume ? &resumed : NULL);
        if (a.resume) rc_run_resumed_free(&resumed);
        else free(text);
        return code;
    }
    rc_run_scene *scene;
    rc_status s = rc_run_scene_parse(text, &scene);
    if (s) {
        code = rc_cli_fail(s == RC_INVALID_ARGUMENT ? RC_EXIT_BAD_INPUT : RC_EXIT_INTERNAL, "%s: %s", name,
                           rc_last_error());
    } else {
        rc_run_settings settings = *rc_run_scene_settings(scene);
        if (a.stop_given) settings.stop = a.stop;
        if (a.directory) settings.output.directory = a.directory;
        if (a.no_xyz) settings.output.xyz = false;
        code = simulate(&a, name, text, scene, &settings, a.resume ? &resumed : NULL);
        rc_run_scene_destroy(scene);
    }
    if (a.resume) rc_run_resumed_free(&resumed);
    else free(text);
    return code;
}
