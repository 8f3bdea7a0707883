/* The ricochet command-line tool: its commands, exit codes and the pieces they share (docs/cli.md). The tool uses
 * the public API (ricochet/ricochet.h) only. */
#ifndef RC_CLI_H
#define RC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "ricochet/ricochet.h"

enum {
    RC_EXIT_OK = 0,             /* done (the impact resolved, the run finished) */
    RC_EXIT_USAGE = 1,          /* no command, an unknown command, a missing or extra FILE */
    RC_EXIT_BAD_INPUT = 2,      /* a bad file, an unknown option or a bad option value, an unwritable output */
    RC_EXIT_NOT_TERMINATED = 3, /* the --max-iterations budget ran out */
    RC_EXIT_INTERNAL = 4        /* anything else: out of memory, a solver failure */
};

/* Writes "ricochet: " and the formatted sentence to stderr; returns code. */
int rc_cli_fail(int code, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Writes each line of rc_last_warnings() to stderr as "ricochet: warning: NAME: line" (without "NAME: " when name
 * is NULL). */
void rc_cli_print_warnings(const char *name);

/* The help of a command ("resolve", "help"), or the overview for NULL. Returns 0, or 1 for an unknown topic. */
int rc_cli_help(const char *topic, FILE *out);

/* ricochet resolve FILE [options]: argv[0] is "resolve". */
int rc_cli_resolve(int argc, char **argv);

/* ricochet run SCENE [options]: argv[0] is "run". */
int rc_cli_run(int argc, char **argv);

/* Prints object (and deletes it) on stdout, indented or on one line; what names it in messages ("summary").
 * Returns RC_EXIT_OK, RC_EXIT_BAD_INPUT when stdout cannot be written, RC_EXIT_INTERNAL when out of memory (NULL). */
int rc_cli_print_json(cJSON *object, bool compact, const char *what);
/* The same for JSON text already made (NULL: out of memory). */
int rc_cli_print_text(const char *text, const char *what);

/* mkdir -p path: -1 when it exists or was made, else the exit code after the message. */
int rc_cli_make_directory(const char *path);
/* "directory/name" (malloc'd), or NULL when out of memory. */
char *rc_cli_join(const char *directory, const char *name);

/* WIDTHxHEIGHT in pixels, both positive. */
bool rc_cli_parse_size(const char *text, int *width, int *height);

/* ricochet render TRAJECTORY... [options]: argv[0] is "render". */
int rc_cli_render(int argc, char **argv);

/* ricochet plot CSV [options]: argv[0] is "plot". */
int rc_cli_plot(int argc, char **argv);

/* The JSON report of one resolve (docs/formats.md, "The output of resolve"); NULL when out of memory. */
cJSON *rc_cli_report(const rc_problem_file *file, const rc_impact_options *options, const rc_impact_result *result);

#endif
