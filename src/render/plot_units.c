/* SPDX-License-Identifier: MIT */
/* The unit of a column of a table that ricochet writes, for the axis labels of plots (src/render/plot.c): an observable's
 * from the table of observables (ricochet/run.h: observables.csv, the summary, sweep tables), a column of the
 * analysis tables (docs/formats.md, "Analysis") from the list below, and NAME_mean, NAME_sem, NAME_error of a sweep or
 * an analysis as NAME's. Units are in the scene's units ("length", "time", "energy", "1" for counts and ratios). */
#include <string.h>

#include "render/plot_units.h"
#include "ricochet/run.h"

typedef struct unit_of {
    const char *column, *unit;
} unit_of;

/* The columns of the analysis tables, and the per-particle order; g_A_B of g(r) is matched by its prefix. */
static const unit_of analysis_columns[] = {
    {"time", "time"},
    {"r", "length"},
    {"k", "1/length"},
    {"S", "1"},
    {"vectors", "1"},
    {"msd", "length^2"},
    {"vacf", "length^2/time^2"},
    {"origins", "1"},
    {"g6", "1"},
    {"psi6_abs", "1"},
    {"psi6_arg", "radian"},
    {"q4", "1"},
    {"q6", "1"},
    {"w6", "1"},
    {"solid", "1"},
    {"frame", "1"},
    {"id", "1"},
};

static const char *unit_of_name(const char *name, size_t length)
{
    for (int k = 0; k < rc_observable_count(); k++) {
        const rc_observable_info *info = rc_observable_get(k);
        if (strlen(info->name) == length && strncmp(info->name, name, length) == 0) return info->unit;
    }
    for (size_t k = 0; k < sizeof analysis_columns / sizeof *analysis_columns; k++)
        if (strlen(analysis_columns[k].column) == length && strncmp(analysis_columns[k].column, name, length) == 0)
            return analysis_columns[k].unit;
    if (length > 2 && strncmp(name, "g_", 2) == 0) return "1";
    return NULL;
}

const char *rc_plot_unit(const char *column)
{
    if (!column) return NULL;
    size_t n = strlen(column);
    const char *unit = unit_of_name(column, n);
    static const char *const suffixes[] = {"_mean", "_sem", "_error", "_err"};
    for (size_t k = 0; !unit && k < sizeof suffixes / sizeof *suffixes; k++) {
        size_t m = strlen(suffixes[k]);
        if (n > m && strcmp(column + n - m, suffixes[k]) == 0) unit = unit_of_name(column, n - m);
    }
    return unit;
}
