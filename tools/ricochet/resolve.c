/* ricochet resolve FILE [options]: read a problem file, apply the command-line options over the file's, resolve
 * the impact and print the JSON report; the exit code says how it went (docs/cli.md). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A command-line flag and the impact option it sets (rc_impact_options_set); `fixed` is the value of a flag that
 * takes none. */
static const struct {
    const char *flag, *option, *fixed;
} flags[] = {
    {"--operator", "operator", NULL},
    {"--order", "order", NULL},
    {"--seed", "seed", NULL},
    {"--restitution", "restitution", NULL},
    {"--friction", "friction", NULL},
    {"--tolerance", "tolerance", NULL},
    {"--max-iterations", "max_iterations", NULL},
    {"--lcp", "lcp", NULL},
    {"--no-lineality", "lineality", "false"},
    {"--lineality", "lineality", "true"},
};

enum { FLAG_COUNT = sizeof flags / sizeof *flags };

typedef struct setting {
    const char *option, *value;
} setting;

typedef struct arguments {
    const char *path;
    const char *frame;  /* --frame FILE: the balls after the impact as an extended XYZ frame, or NULL */
    bool compact, help;
    setting *settings; /* in command-line order, later ones win */
    int count;
} arguments;

/* The flag arg names (with its value after '=' when given), or -1. */
static int find_flag(const char *arg, const char **inline_value)
{
    for (int f = 0; f < FLAG_COUNT; f++) {
        size_t n = strlen(flags[f].flag);
        if (strncmp(arg, flags[f].flag, n) != 0 || (arg[n] != '\0' && arg[n] != '=')) continue;
        *inline_value = arg[n] == '=' ? arg + n + 1 : NULL;
        return f;
    }
    return -1;
}

/* Reads the command line; returns an exit code when it is wrong, -1 when it is fine. */
static int parse_arguments(int argc, char **argv, arguments *a)
{
    rc_impact_options scratch = rc_impact_default_options();
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value;
        if (strcmp(arg, "--compact") == 0) {
            a->compact = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            a->help = true;
        } else if (strncmp(arg, "--frame", 7) == 0 && (arg[7] == '\0' || arg[7] == '=')) {
            if (!arg[7] && i + 1 == argc) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--frame needs a value");
            a->frame = arg[7] ? arg + 8 : argv[++i];
            if (!a->frame[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--frame: the file name is empty");
        } else if (arg[0] == '-' && arg[1] != '\0') {
            int f = find_flag(arg, &value);
            if (f < 0) return rc_cli_fail(RC_EXIT_BAD_INPUT, "unknown option %s (see ricochet help resolve)", arg);
            if (flags[f].fixed && value)
                return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s takes no value", flags[f].flag);
            if (flags[f].fixed) value = flags[f].fixed;
            else if (!value && i + 1 == argc) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s needs a value", arg);
            else if (!value) value = argv[++i];
            /* check it now, so that a bad value is reported before the file is read */
            if (rc_impact_options_set(&scratch, flags[f].option, value))
                return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
            a->settings[a->count++] = (setting){flags[f].option, value};
        } else if (a->path) {
            return rc_cli_fail(RC_EXIT_USAGE, "resolve takes one FILE, not \"%s\" and \"%s\"", a->path, arg);
        } else {
            a->path = arg;
        }
    }
    if (!a->path && !a->help) return rc_cli_fail(RC_EXIT_USAGE, "resolve needs a FILE (see ricochet help resolve)");
    return -1;
}

static int exit_code_of(rc_status status)
{
    switch (status) {
    case RC_OK: return RC_EXIT_OK;
    case RC_INVALID_ARGUMENT:
    case RC_IO_ERROR: return RC_EXIT_BAD_INPUT;
    case RC_NOT_TERMINATED: return RC_EXIT_NOT_TERMINATED;
    default: return RC_EXIT_INTERNAL;
    }
}

static int print_report(const rc_problem_file *file, const rc_impact_options *options, const rc_impact_result *r,
                        bool compact)
{
    return rc_cli_print_json(rc_cli_report(file, options, r), compact, "result");
}

/* The balls with their velocities after the impact, as one extended XYZ frame (--frame). */
static int write_frame(const char *path, const rc_problem_file *file, const rc_impact_result *result)
{
    rc_frame frame = {0};
    rc_xyz_writer *writer = NULL;
    rc_status s = rc_problem_file_frame(file, result->velocity, &frame);
    if (!s) s = rc_xyz_writer_open(path, &writer);
    if (!s) s = rc_xyz_writer_write(writer, &frame);
    rc_status closed = rc_xyz_writer_close(writer);
    rc_frame_release(&frame);
    if (!s) s = closed;
    if (!s) return -1;
    return rc_cli_fail(s == RC_NO_MEMORY ? RC_EXIT_INTERNAL : RC_EXIT_BAD_INPUT, "--frame: %s", rc_last_error());
}

static int run(const arguments *a, const rc_problem_file *file)
{
    rc_impact_options options = *rc_problem_file_options(file);
    for (int i = 0; i < a->count; i++)
        if (rc_impact_options_set(&options, a->settings[i].option, a->settings[i].value))
            return rc_cli_fail(RC_EXIT_INTERNAL, "%s", rc_last_error()); /* checked when parsed */
    if (!options.lineality && options.max_iterations == 0)
        fprintf(stderr, "ricochet: note: lineality detection is off and there is no --max-iterations budget; a "
                        "problem with implicit equalities (a wedged ball) will never finish\n");
    rc_impact_solver *solver;
    rc_status status = rc_impact_solver_create(&options, &solver);
    if (status) return rc_cli_fail(exit_code_of(status), "%s", rc_last_error());
    rc_impact_result result;
    status = rc_impact_solver_resolve(solver, rc_problem_file_problem(file), &result);
    int code = exit_code_of(status);
    int written = -1;
    if ((status == RC_OK || status == RC_NOT_TERMINATED) && a->frame) written = write_frame(a->frame, file, &result);
    if (written != -1) {
        code = written;
    } else if (status == RC_OK || status == RC_NOT_TERMINATED) {
        int printed = print_report(file, &options, &result, a->compact);
        if (printed) code = printed;
        else if (status) rc_cli_fail(code, "%s", rc_last_error());
    } else {
        rc_cli_fail(code, "%s: %s", a->path, rc_last_error());
    }
    rc_impact_solver_destroy(solver);
    return code;
}

int rc_cli_resolve(int argc, char **argv)
{
    arguments a = {0};
    a.settings = malloc((size_t)argc * sizeof *a.settings);
    if (!a.settings) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    int code = parse_arguments(argc, argv, &a);
    if (code < 0 && a.help) code = rc_cli_help("resolve", stdout);
    if (code < 0) {
        rc_problem_file *file;
        rc_status status = rc_problem_file_read(strcmp(a.path, "-") == 0 ? "/dev/stdin" : a.path, &file);
        if (status == RC_IO_ERROR) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
        else if (status) code = rc_cli_fail(exit_code_of(status), "%s: %s", a.path, rc_last_error());
        else rc_cli_print_warnings(a.path);
        if (!status) code = run(&a, file);
        rc_problem_file_destroy(file);
    }
    free(a.settings);
    return code;
}
