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
    G6_RANGE,
    SOLID_BOND,
    SOLID_BONDS,
    VORONOI,
    INTERDIFFUSION,
    COMPACT,
    HELP
};

static const rc_cli_option option_table[] = {
    {"rdf", 0, NULL, "g(r) of every species pair and its contact value g(sigma+)", RDF},
    {"sk", 0, NULL, "the structure factor S(k) (periodic boxes)", SK},
    {"msd", 0, NULL, "the mean squared displacement, D, and the VACF when frames carry velocities", MSD},
    {"order", 0, NULL,
     "the bond-orientational order Q6 (3D) or psi6 (2D), and per particle: psi6 and g6(r)\n"
     "(2D) or q4, q6, w6 and solid-like (3D) (none of the four: all that the frames allow, without\n"
     "the order per particle)",
     ORDER},
    {"frames", 0, "A:B", "frames A (from 0) to B (excluded) of the trajectory (default: all)", FRAMES},
    {"out", 'o', "DIR",
     "write rdf.csv, structure_factor.csv, msd.csv, vacf.csv, order_particles.csv, g6.csv,\n"
     "interdiffusion.csv and analysis.json into DIR",
     OUT},
    {"rdf-range", 0, "R", "the largest r of g(r) (default: 5 mean diameters, at most half the box)", RDF_RANGE},
    {"rdf-bins", 0, "N", "bins of g(r) (default: 100 per mean diameter)", RDF_BINS},
    {"contact-width", 0, "W", "the fit window of g(sigma+), in contact distances (default 0.1)", CONTACT_WIDTH},
    {"k-max", 0, "K", "the largest |k| of S(k) (default: 20 / mean diameter)", K_MAX},
    {"k-vectors", 0, "N", "the most wave vectors per |k| shell (default 64)", K_VECTORS},
    {"order-cutoff", 0, "R", "bonds of Q6 / psi6 are pairs nearer than R (default: 1.4 mean diameters)", ORDER_CUTOFF},
    {"msd-points", 0, "P", "lags per level of the multiple-tau correlator, even (default 32)", MSD_POINTS},
    {"fit", 0, "T0:T1", "lag times of the fit MSD = a + 2dDt (default: 0.1 to 0.5 of the frames' span)", FIT},
    {"groups", 0, "G", "particle groups whose spread gives the error bars (default 16)", GROUPS},
    {"viscosity", 0, "ETA", "shear viscosity for the Yeh-Hummer correction of D (default: the run's)", VISCOSITY},
    {"voronoi", 0, NULL, "--order per particle with Voronoi neighbours (qhull) instead of the cutoff", VORONOI},
    {"g6-range", 0, "R", "the largest r of g6(r) in 2D (default: 25 mean diameters, at most half the box)", G6_RANGE},
    {"solid-bond", 0, "C", "ten Wolde-Frenkel: neighbours are connected when their q6 product exceeds C (0.7)",
     SOLID_BOND},
    {"solid-bonds", 0, "N", "ten Wolde-Frenkel: a sphere with N connections or more is solid-like (7)", SOLID_BONDS},
    {"interdiffusion", 0, "A,B",
     "the species pair of the interdiffusion coefficient (default: the two species of a\n"
     "binary mixture); --msd gives each species' D besides",
     INTERDIFFUSION},
    {"compact", 'c', NULL, "print the summary on one line", COMPACT},
    {"help", 'h', NULL, "print this help", HELP},
};

const rc_cli_command rc_cli_analyze_command = {
    "analyze",
    "usage: ricochet analyze RUN_FOLDER|TRAJECTORY [options]\n",
    "Reads the frames of a trajectory (extended XYZ, H5MD, GSD or a LAMMPS dump), or of a run folder (its\n"
    "trajectory.h5md, else .xyz, .gsd, .lammpstrj, and its summary.json), and measures g(r), S(k), Q6 / psi6 and the MSD with the diffusion\n"
    "coefficient. Prints a JSON object (docs/formats.md, \"Analysis\"): contact values, the compressibility they\n"
    "give, D with its error and its Yeh-Hummer correction, Q6; --out writes the curves as CSV files.\n",
    option_table,
    sizeof option_table / sizeof *option_table,
    "A measure the frames stop (particles that jump without image counts) is left out with its reason under\n"
    "\"failed\" and a warning, while the others are reported.\n"
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory (or every measure failed), bad option, frames out of\n"
    "range or unwritable output, 4 out of memory.\n",
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
        for (size_t k = 0; k < sizeof option_table / sizeof *option_table; k++)
            if (option_table[k].id == id) key_of(option_table[k].name, key, sizeof key);
        rc_status s = rc_analysis_set(a->analysis, key, value);
        if (s) return rc_cli_fail_status(s, NULL);
    }
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file(&rc_cli_analyze_command, "RUN_FOLDER or TRAJECTORY", &((analyze_arguments *)context)->path,
                           argument);
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
    int code = rc_cli_parse(&rc_cli_analyze_command, argc, argv, take, positional, &a);
    if (code == RC_CLI_GO_ON && a.help) code = rc_cli_help("analyze", stdout);
    else if (code == RC_CLI_GO_ON && !a.path)
        code = rc_cli_fail(RC_EXIT_USAGE, "analyze needs a RUN_FOLDER or TRAJECTORY (see ricochet help analyze)");
    else if (code == RC_CLI_GO_ON) code = analyze(&a);
    rc_analysis_destroy(a.analysis);
    return code;
}
