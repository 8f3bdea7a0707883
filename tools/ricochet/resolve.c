/* SPDX-License-Identifier: MIT */
/* ricochet resolve FILE [options]: read a problem file, apply the command-line options over the file's, resolve
 * the impact and print the JSON report; the exit code says how it went (docs/cli.md). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The options in the order of the library's table (ricochet/command.h), an option's id its index there; the impact
 * options first, in the order of `impact_keys` too. */
enum {
    OPERATOR,
    ORDER,
    SEED,
    RESTITUTION,
    FRICTION,
    TOLERANCE,
    NO_LINEALITY,
    LINEALITY,
    MAX_ITERATIONS,
    LCP,
    IMPACT_OPTIONS,
    FRAME = IMPACT_OPTIONS,
    COMPACT,
    HELP
};

/* The key of rc_impact_options_set each impact option sets, and the value of the flags that take none. */
static const struct {
    const char *key, *fixed;
} impact_keys[IMPACT_OPTIONS] = {
    {"operator", NULL},  {"order", NULL},        {"seed", NULL},        {"restitution", NULL},    {"friction", NULL},
    {"tolerance", NULL}, {"lineality", "false"}, {"lineality", "true"}, {"max_iterations", NULL}, {"lcp", NULL}};

typedef struct setting {
    const char *option, *value;
} setting;

typedef struct arguments {
    const char *path;
    const char *frame; /* --frame FILE: the balls after the impact as an extended XYZ frame, or NULL */
    bool compact, help;
    setting *settings; /* in command-line order, later ones win */
    int count;
    rc_impact_options scratch; /* each value is checked here when parsed, before the file is read */
} arguments;

static int take(void *context, int id, const char *value)
{
    arguments *a = context;
    if (id == COMPACT) a->compact = true;
    if (id == HELP) a->help = true;
    if (id == FRAME) return rc_cli_name("frame", value, &a->frame);
    if (id >= IMPACT_OPTIONS) return RC_CLI_GO_ON;
    if (impact_keys[id].fixed) value = impact_keys[id].fixed;
    if (rc_impact_options_set(&a->scratch, impact_keys[id].key, value)) {
        /* the library names the file's key ("max_iterations: ..."); the option is named instead, once */
        const char *why = rc_error_get();
        size_t n = strlen(impact_keys[id].key);
        if (strncmp(why, impact_keys[id].key, n) == 0 && strncmp(why + n, ": ", 2) == 0) why += n + 2;
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--%s: %s", rc_cli_option_name("resolve", id), why);
    }
    a->settings[a->count++] = (setting){impact_keys[id].key, value};
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file("resolve", "FILE", &((arguments *)context)->path, argument);
}

/* Reads the command line; returns an exit code when it is wrong, -1 when it is fine. */
static int parse_arguments(int argc, char **argv, arguments *a)
{
    a->scratch = rc_impact_default_options();
    int code = rc_cli_parse("resolve", argc, argv, take, positional, a);
    if (code != RC_CLI_GO_ON) return code;
    if (!a->path && !a->help) return rc_cli_fail(RC_EXIT_USAGE, "resolve needs a FILE (see ricochet help resolve)");
    return RC_CLI_GO_ON;
}

/* The library's report of the resolve, printed. */
static int print_report(const rc_problem_file *file, const rc_impact_options *options, const rc_impact_result *r,
                        bool compact)
{
    return rc_cli_print_text(rc_problem_file_report_json(file, options, r, compact), "result");
}

static int run(const arguments *a, const rc_problem_file *file)
{
    rc_impact_options options = *rc_problem_file_options(file);
    for (int i = 0; i < a->count; i++)
        if (rc_impact_options_set(&options, a->settings[i].option, a->settings[i].value))
            return rc_cli_fail(RC_EXIT_INTERNAL, "%s", rc_error_get()); /* checked when parsed */
    rc_impact_solver *solver;
    rc_status status = rc_impact_solver_create(&options, &solver);
    if (status) return rc_cli_fail_status(status, NULL);
    rc_cli_print_warnings(a->path); /* the file's, and the options' (lineality off without a budget) */
    rc_impact_result result;
    status = rc_impact_solver_resolve(solver, rc_problem_file_problem(file), &result);
    int code = rc_cli_exit_code(status);
    int written = -1;
    if ((status == RC_STATUS_OK || status == RC_STATUS_NOT_TERMINATED) && a->frame) {
        rc_status s = rc_problem_file_write_frame(file, result.velocity, a->frame);
        if (s) written = rc_cli_fail_status(s, "--frame");
    }
    if (written != -1) {
        code = written;
    } else if (status == RC_STATUS_OK || status == RC_STATUS_NOT_TERMINATED) {
        int printed = print_report(file, &options, &result, a->compact);
        if (printed) code = printed;
        else if (status) rc_cli_fail_status(status, NULL);
    } else {
        rc_cli_fail_status(status, a->path);
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
        rc_status status = rc_problem_file_create_from_file(a.path, &file);
        if (status)
            code = rc_cli_fail_status(status, status == RC_STATUS_IO_ERROR ? NULL : a.path); /* it names the path */
        else code = run(&a, file);
        rc_problem_file_destroy(file);
    }
    free(a.settings);
    return code;
}
