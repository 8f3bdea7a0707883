/* SPDX-License-Identifier: MIT */
/* ricochet convert INPUT OUTPUT [--frame K]: a trajectory from any format ricochet reads into any it writes, by the
 * output's extension (rc_trajectory_convert does the work; docs/cli.md). */
#include <stdint.h>
#include <stdio.h>

#include "cli.h"

typedef struct convert_arguments {
    const char *paths[2];
    int given;
    bool one_frame, help;
    int64_t frame;
} convert_arguments;

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
enum { FRAME, HELP };

static int take(void *context, int id, const char *value)
{
    convert_arguments *a = context;
    if (id == HELP) {
        a->help = true;
        return RC_CLI_GO_ON;
    }
    uint64_t k;
    bool negative = value[0] == '-';
    rc_status s = rc_text_count("--frame", value + negative, negative, INT64_MAX, &k);
    if (s) return rc_cli_fail_status(s, NULL);
    a->one_frame = true, a->frame = negative ? -(int64_t)k : (int64_t)k;
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    convert_arguments *a = context;
    if (a->given == 2) return rc_cli_fail(RC_EXIT_USAGE, "convert takes INPUT and OUTPUT, not also %s", argument);
    a->paths[a->given++] = argument;
    return RC_CLI_GO_ON;
}

int rc_cli_convert(int argc, char **argv)
{
    convert_arguments a = {0};
    int code = rc_cli_parse("convert", argc, argv, take, positional, &a);
    if (code != RC_CLI_GO_ON) return code;
    if (a.help) return rc_cli_help("convert", stdout);
    if (a.given < 2) return rc_cli_fail(RC_EXIT_USAGE, "convert needs INPUT and OUTPUT (see ricochet help convert)");
    int64_t written = 0;
    rc_status s = rc_trajectory_convert(a.paths[0], a.paths[1], a.one_frame, a.frame, &written);
    if (s) return rc_cli_fail_status(s, NULL);
    if (printf("{\"frames\": %lld}\n", (long long)written) < 0 || fflush(stdout) != 0)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot write the answer to standard output");
    return RC_EXIT_OK;
}
