/* SPDX-License-Identifier: MIT */
/* ricochet analyze RUN_FOLDER|TRAJECTORY [options]: structure and transport from saved frames (ricochet/analysis.h):
 * g(r), S(k), Q6 / psi6, the MSD with D and the VACF, written as CSV files with --out and summarised as one JSON
 * object on stdout (docs/cli.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct analyze_arguments {
    const char *path, *out;
    char compute[64];
    bool compact, help;
    rc_analysis *analysis;
} analyze_arguments;

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
enum {
    RDF,
    SK,
    MSD,
    ORDER,
    FRAMES,
    OUT,
    RDF_RANGE,
    RDF_BINS,
    CONTACT_WIDTH,
    K_MAX,
    K_VECTORS,
    ORDER_CUTOFF,
    MSD_POINTS,
    FIT,
    GROUPS,
    VISCOSITY,
    VORONOI,
    G6_RANGE,
    SOLID_BOND,
    SOLID_BONDS,
    INTERDIFFUSION,
    COMPACT,
    HELP
};

/* The library's key of an option with a value: its name with '_' for '-'. */
static void key_of(const char *name, char *key, size_t size)
{
    snprintf(key, size, "%s", name);
    for (char *p = key; *p; p++)
        if (*p == '-') *p = '_';
}

static int take(void *context, int id, const char *value)
{
    static const char *const computed[4] = {"rdf", "structure_factor", "msd", "order"};
    analyze_arguments *a = context;
    if (id == HELP) a->help = true;
    else if (id == COMPACT) a->compact = true;
    else if (id == OUT) a->out = value;
    else if (id == VORONOI) {
        rc_status s = rc_analysis_set(a->analysis, "neighbours", "voronoi");
        if (s) return rc_cli_fail_status(s, NULL);
    } else if (id <= ORDER) {
        if (!strstr(a->compute, computed[id])) {
            size_t n = strlen(a->compute);
            snprintf(a->compute + n, sizeof a->compute - n, "%s%s", n ? "," : "", computed[id]);
        }
    } else {
        char key[32];
        key_of(rc_cli_option_name("analyze", id), key, sizeof key);
        rc_status s = rc_analysis_set(a->analysis, key, value);
        if (s) return rc_cli_fail_status(s, NULL);
    }
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file("analyze", "RUN_FOLDER or TRAJECTORY", &((analyze_arguments *)context)->path, argument);
}

static int analyze(analyze_arguments *a)
{
    rc_status s = a->compute[0] ? rc_analysis_set(a->analysis, "compute", a->compute) : RC_STATUS_OK;
    rc_warnings_clear();
    if (!s) s = rc_analysis_read(a->analysis, a->path);
    if (!s) s = rc_analysis_finish(a->analysis);
    if (!s && a->out) s = rc_analysis_write(a->analysis, a->out);
    if (s) return rc_cli_fail_status(s, NULL);
    rc_cli_print_warnings(a->path); /* a measure the frames stopped, reported under "failed" beside the others */
    return rc_cli_print_text(rc_analysis_summary_json(a->analysis, a->compact), "analysis");
}

int rc_cli_analyze(int argc, char **argv)
{
    analyze_arguments a = {0};
    rc_status s = rc_analysis_create(&a.analysis);
    if (s) return rc_cli_fail_status(s, NULL);
    int code = rc_cli_parse("analyze", argc, argv, take, positional, &a);
    if (code == RC_CLI_GO_ON && a.help) code = rc_cli_help("analyze", stdout);
    else if (code == RC_CLI_GO_ON && !a.path)
        code = rc_cli_fail(RC_EXIT_USAGE, "analyze needs a RUN_FOLDER or TRAJECTORY (see ricochet help analyze)");
    else if (code == RC_CLI_GO_ON) code = analyze(&a);
    rc_analysis_destroy(a.analysis);
    return code;
}
