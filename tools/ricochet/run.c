/* ricochet run SCENE.json [options]: read a scene file, apply the command-line options over its settings, build the
 * event-driven engine, run it to the stop criterion writing the trajectory and the observables, and print the JSON
 * summary; the exit code says how it went (docs/cli.md). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

typedef struct run_arguments {
    const char *path, *directory; /* directory: --out, or NULL */
    const char *h5md;             /* --h5md FILE, or NULL */
    bool stop_given;              /* --collisions, --time or --events: they replace the file's "stop" */
    rc_edmd_limits stop;
    bool quiet, no_xyz, compact, help;
} run_arguments;

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
    if (strcmp(name, "--h5md") == 0) {
        if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--h5md: the file name is empty");
        a->h5md = value;
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
    static const char *const names[] = {"--collisions", "--time", "--events", "--out", "--h5md"};
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
    if (!a->path && !a->help) return rc_cli_fail(RC_EXIT_USAGE, "run needs a SCENE file (see ricochet help run)");
    return RC_RUN_GO_ON;
}

/* Runs the scene's engine with the settings; writes the outputs and prints the summary. */
static int simulate(const run_arguments *a, const rc_run_scene *scene, const rc_run_settings *settings)
{
    rc_edmd *engine;
    rc_status s = rc_run_scene_create_engine(scene, &engine);
    if (s) return rc_cli_fail(s == RC_INVALID_ARGUMENT ? RC_EXIT_BAD_INPUT : RC_EXIT_INTERNAL, "%s: %s", a->path,
                              rc_last_error());
    run_outputs outputs;
    run_result result = {0};
    int code = rc_run_outputs_open(&outputs, &settings->output, a->h5md, engine);
    if (code == RC_RUN_GO_ON)
        code = rc_run_loop(engine, settings, !a->quiet && isatty(STDERR_FILENO), &outputs, &result);
    if (code == RC_RUN_GO_ON && rc_run_scene_def(scene)->separation_histogram)
        code = rc_run_outputs_histogram(&outputs, settings->output.directory, engine);
    code = rc_run_outputs_close(&outputs, code);
    if (code == RC_RUN_GO_ON && settings->equilibrate && !result.equilibrated && !a->quiet)
        fprintf(stderr, "ricochet: note: the run stopped before the equilibration ended; the averages cover the "
                        "whole run\n");
    if (code == RC_RUN_GO_ON) code = rc_cli_print_json(rc_run_summary(engine, scene, settings, &outputs, &result),
                                                        a->compact, "summary");
    if (code == RC_EXIT_OK && strcmp(result.stopped_by, "not_terminated") == 0) code = RC_EXIT_NOT_TERMINATED;
    rc_run_outputs_free(&outputs);
    rc_edmd_destroy(engine);
    return code;
}

int rc_cli_run(int argc, char **argv)
{
    run_arguments a = {0};
    int code = parse_arguments(argc, argv, &a);
    if (code != RC_RUN_GO_ON) return code;
    if (a.help) return rc_cli_help("run", stdout);
    rc_run_scene *scene;
    rc_status s = rc_run_scene_read(strcmp(a.path, "-") == 0 ? "/dev/stdin" : a.path, &scene);
    if (s == RC_IO_ERROR) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    if (s) return rc_cli_fail(s == RC_INVALID_ARGUMENT ? RC_EXIT_BAD_INPUT : RC_EXIT_INTERNAL, "%s: %s", a.path,
                              rc_last_error());
    rc_run_settings settings = *rc_run_scene_settings(scene);
    if (a.stop_given) settings.stop = a.stop;
    if (a.directory) settings.output.directory = a.directory;
    if (a.no_xyz) settings.output.xyz = false;
    code = simulate(&a, scene, &settings);
    rc_run_scene_destroy(scene);
    return code;
}
