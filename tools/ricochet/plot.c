/* SPDX-License-Identifier: MIT */
/* ricochet plot CSV [options]: the options of a line plot of a CSV table (observables.csv of ricochet run, or any
 * such table) handed to the library (rc_plot_csv reads the table, chooses the curves and draws them), then a JSON
 * object printed saying what was written (docs/cli.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct plot_arguments {
    const char *path, *out, *x, *columns;
    rc_plot_options options;
    bool help;
} plot_arguments;

/* The columns of --columns A,B,... handed to rc_plot_csv, and its summary printed. */
static int plot(const plot_arguments *a)
{
    char *list = a->columns ? strdup(a->columns) : NULL, *save = NULL;
    const char **names = list ? malloc((strlen(list) / 2 + 1) * sizeof *names) : NULL; /* at most a name a comma */
    int count = 0;
    for (char *name = names ? strtok_r(list, ",", &save) : NULL; name; name = strtok_r(NULL, ",", &save))
        names[count++] = name;
    int code = a->columns && !names   ? rc_cli_fail(RC_EXIT_INTERNAL, "out of memory")
               : a->columns && !count ? rc_cli_fail(RC_EXIT_BAD_INPUT, "--columns: no column named")
                                      : -1;
    rc_plot_summary summary;
    rc_status s = code == -1 ? rc_plot_csv(a->path, a->x, count, names, &a->options, a->out, &summary) : RC_STATUS_OK;
    if (s) code = rc_cli_fail_status(s, NULL);
    free(names);
    free(list);
    if (code != -1) return code;
    char *report = rc_plot_summary_json(&summary, false);
    rc_text_destroy(summary.png);
    return rc_cli_print_text(report, "report");
}

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
enum { OUT, COLUMNS, X, SIZE, LOG, ERRORS, OVERLAY, HELP };

static int take(void *context, int id, const char *value)
{
    plot_arguments *a = context;
    if (id == HELP) a->help = true;
    else if (id == ERRORS) a->options.errors = true;
    else if (id == OVERLAY) a->options.overlay = true;
    else if (id == SIZE) return rc_cli_check(rc_text_size("size", value, &a->options.width, &a->options.height));
    else if (id == LOG) {
        if (!*value || strspn(value, "xy") != strlen(value))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--log: \"%s\" is not x, y or xy", value);
        a->options.log_x = strchr(value, 'x'), a->options.log_y = strchr(value, 'y');
    } else *(id == OUT ? &a->out : id == X ? &a->x : &a->columns) = value;
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file("plot", "CSV file", &((plot_arguments *)context)->path, argument);
}

int rc_cli_plot(int argc, char **argv)
{
    plot_arguments a = {.options = rc_plot_default_options()};
    int code = rc_cli_parse("plot", argc, argv, take, positional, &a);
    if (code != RC_CLI_GO_ON) return code;
    if (a.help) return rc_cli_help("plot", stdout);
    if (!a.path) return rc_cli_fail(RC_EXIT_USAGE, "plot needs a CSV file (see ricochet help plot)");
    return plot(&a);
}
