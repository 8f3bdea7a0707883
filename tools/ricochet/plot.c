/* ricochet plot CSV [options]: read a CSV table of numbers with a header row (observables.csv of ricochet run, or
 * any such table) and draw its columns against one column as line plots in a PNG (rc_plot_png), then print a JSON
 * object saying what was written (docs/cli.md). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct table {
    char *header;    /* the header row, cut into names in place */
    char **names;
    int columns, rows;
    double *values;  /* rows x columns */
} table;

typedef struct plot_arguments {
    const char *path, *out, *x, *columns;
    rc_plot_options options;
    bool help;
} plot_arguments;

static void table_free(table *t)
{
    free(t->header);
    free(t->names);
    free(t->values);
}

/* The header's names, split at commas (quotes around a name are dropped). */
static bool split_names(table *t)
{
    t->columns = 1;
    for (const char *p = t->header; *p; p++) t->columns += *p == ',';
    t->names = malloc((size_t)t->columns * sizeof *t->names);
    if (!t->names) return false;
    char *save = NULL;
    for (int c = 0; c < t->columns; c++) {
        char *name = strtok_r(c ? NULL : t->header, ",\r\n", &save);
        if (name && name[0] == '"') name[strlen(name) - 1] = '\0', name++;
        t->names[c] = name ? name : "";
    }
    return true;
}

static int read_table(const char *path, table *t)
{
    FILE *file = fopen(path, "r");
    if (!file) return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot open %s: %s", path, strerror(errno));
    size_t size = 0, capacity = 0;
    char *line = NULL;
    int code = -1;
    if (getline(&t->header, &size, file) < 0) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: no header row", path);
    else if (!split_names(t)) code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    for (size = 0; code == -1 && getline(&line, &size, file) >= 0;) {
        if (strspn(line, " \r\n") == strlen(line)) continue;
        if ((size_t)(t->rows + 1) * t->columns > capacity) {
            capacity = 2 * capacity + (size_t)t->columns;
            double *grown = realloc(t->values, capacity * sizeof *grown);
            if (!grown) code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
            else t->values = grown;
        }
        char *p = line, *end;
        for (int c = 0; c < t->columns && code == -1; c++, p = end + 1) {
            t->values[t->rows * t->columns + c] = strtod(p, &end);
            bool last = c + 1 == t->columns, empty = end == p && (*p == ',' || strspn(p, " \r\n") == strlen(p));
            if (empty) t->values[t->rows * t->columns + c] = NAN; /* an empty cell: not defined there */
            if ((end == p && !empty) || (last ? strspn(end, " \r\n") != strlen(end) : *end != ','))
                code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s line %d: column %d (%s) is not a number, or the row does "
                                   "not have %d columns", path, t->rows + 2, c + 1, t->names[c], t->columns);
        }
        t->rows++;
    }
    free(line);
    fclose(file);
    return code;
}

static int column_of(const table *t, const char *name, int *column)
{
    for (int c = 0; c < t->columns; c++)
        if (strcmp(t->names[c], name) == 0) return *column = c, -1;
    return rc_cli_fail(RC_EXIT_BAD_INPUT, "no column \"%s\" in the table", name);
}

/* Whether column c holds the errors of another column. */
static bool is_error_column(const table *t, int c)
{
    for (int d = 0; d < t->columns; d++)
        if (rc_plot_error_column(t->columns, (const char *const *)t->names, d) == c) return true;
    return false;
}

/* The curves named by --columns a,b,c. */
static int named(const plot_arguments *a, const table *t, int *y, int *panels)
{
    char *list = strdup(a->columns), *save = NULL;
    int code = list ? -1 : rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    for (char *name = list ? strtok_r(list, ",", &save) : NULL; name && code == -1; name = strtok_r(NULL, ",", &save))
        code = *panels < t->columns ? column_of(t, name, &y[(*panels)++])
                                    : rc_cli_fail(RC_EXIT_BAD_INPUT, "--columns: more names than columns");
    free(list);
    if (code == -1 && !*panels) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "--columns: no column named");
    return code;
}

/* The curves: --columns a,b,c, or every column but x (and, with --errors, but the error columns); with --errors, at
 * least one of them must have an error column. */
static int choose(const plot_arguments *a, const table *t, int x, int *y, int *panels)
{
    *panels = 0;
    int code = -1;
    if (a->columns) code = named(a, t, y, panels);
    for (int c = 0; !a->columns && c < t->columns; c++)
        if (c != x && !(a->options.errors && is_error_column(t, c))) y[(*panels)++] = c;
    if (code == -1 && !*panels)
        code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s has no column to plot besides %s", a->path, t->names[x]);
    bool errors = false;
    for (int k = 0; k < *panels && code == -1; k++)
        errors |= rc_plot_error_column(t->columns, (const char *const *)t->names, y[k]) >= 0;
    if (code == -1 && a->options.errors && !errors)
        code = rc_cli_fail(RC_EXIT_BAD_INPUT, "--errors: no column plotted has an error column (NAME_error, "
                           "NAME_err or NAME_sem)");
    return code;
}

static int plot(const plot_arguments *a)
{
    table t = {0};
    int code = read_table(a->path, &t), x = 0, panels = 0;
    int *y = t.columns ? malloc((size_t)t.columns * sizeof *y) : NULL;
    if (code == -1 && !y) code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    if (code == -1 && a->x) code = column_of(&t, a->x, &x);
    if (code == -1) code = choose(a, &t, x, y, &panels);
    char *out = NULL;
    if (code == -1) {
        size_t n = strlen(a->path);
        out = a->out ? strdup(a->out) : malloc(n + 5);
        int stem = (int)(n > 4 && strcmp(a->path + n - 4, ".csv") == 0 ? n - 4 : n); /* NAME.csv -> NAME.png */
        if (out && !a->out) snprintf(out, n + 5, "%.*s.png", stem, a->path);
        if (!out) code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    }
    if (code == -1) {
        rc_status s = rc_plot_png(t.columns, (const char *const *)t.names, t.rows, t.values, x, panels, y,
                                  &a->options, out);
        if (s) code = rc_cli_fail(s == RC_NO_MEMORY ? RC_EXIT_INTERNAL : RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    }
    if (code == -1) {
        cJSON *report = cJSON_CreateObject();
        cJSON_AddStringToObject(report, "png", out);
        cJSON_AddNumberToObject(report, "panels", a->options.overlay ? 1 : panels);
        cJSON_AddNumberToObject(report, "curves", panels);
        cJSON_AddNumberToObject(report, "rows", t.rows);
        code = rc_cli_print_json(report, false, "report");
    }
    free(out);
    free(y);
    table_free(&t);
    return code;
}

enum { OUT, COLUMNS, X, SIZE, LOG, ERRORS, OVERLAY, HELP };

static const rc_cli_option option_table[] = {
    {"out", 0, "FILE", "the PNG to write (default: CSV with .png for .csv)", OUT},
    {"columns", 0, "A,B,...", "the columns to plot (default: all but the x column)", COLUMNS},
    {"x", 0, "COLUMN", "the column along x (default: the first)", X},
    {"size", 0, "WxH", "pixels of the picture (default: 420x320 per panel)", SIZE},
    {"log", 0, "x|y|xy", "logarithmic axes (values <= 0 are left out)", LOG},
    {"errors", 0, NULL, "error bars from NAME_error, NAME_err or NAME_sem (NAME_mean: NAME_sem)", ERRORS},
    {"overlay", 0, NULL, "all columns in one panel, with a legend", OVERLAY},
    {"help", 'h', NULL, "print this help", HELP},
};

const rc_cli_command rc_cli_plot_command = {
    "plot",
    "usage: ricochet plot CSV [options]\n",
    "Reads a CSV table of numbers with a header row (DIR/observables.csv of ricochet run, the CSV files of\n"
    "ricochet analyze --out, sweep_means.csv of ricochet sweep) and draws each column against the first one as\n"
    "line plots, a panel per column (or all in one with --overlay), into one PNG. Empty cells (values not\n"
    "defined), NaN and infinite values are left out. Prints a JSON object: png, panels, curves, rows.\n",
    option_table,
    sizeof option_table / sizeof *option_table,
    "exit codes: 0 done, 1 usage, 2 unreadable table, unknown column, bad option or unwritable output.\n",
};

static int take(void *context, int id, const char *value)
{
    plot_arguments *a = context;
    if (id == HELP) a->help = true;
    else if (id == ERRORS) a->options.errors = true;
    else if (id == OVERLAY) a->options.overlay = true;
    else if (id == SIZE && !rc_cli_parse_size(value, &a->options.width, &a->options.height))
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--size: \"%s\" is not WIDTHxHEIGHT in pixels", value);
    else if (id == LOG) {
        if (!*value || strspn(value, "xy") != strlen(value))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--log: \"%s\" is not x, y or xy", value);
        a->options.log_x = strchr(value, 'x'), a->options.log_y = strchr(value, 'y');
    } else if (id != SIZE) *(id == OUT ? &a->out : id == X ? &a->x : &a->columns) = value;
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file(&rc_cli_plot_command, "CSV file", &((plot_arguments *)context)->path, argument);
}

int rc_cli_plot(int argc, char **argv)
{
    plot_arguments a = {.options = rc_plot_default_options()};
    int code = rc_cli_parse(&rc_cli_plot_command, argc, argv, take, positional, &a);
    if (code != RC_CLI_GO_ON) return code;
    if (a.help) return rc_cli_help("plot", stdout);
    if (!a.path) return rc_cli_fail(RC_EXIT_USAGE, "plot needs a CSV file (see ricochet help plot)");
    return plot(&a);
}
