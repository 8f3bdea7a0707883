/* SPDX-License-Identifier: MIT */
/* The command lines of the ricochet tool (ricochet/command.h, docs/cli.md): each command's usage, options and notes
 * as one table, from which the tool parses its arguments (getopt_long) and the library makes the help pages, so that
 * every option a help page lists is one the tool takes and any front end describes the same options. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ricochet/command.h"

static const rc_command_option resolve_options[] = {
    {"operator", 0, "gr|gs", "the impact operator: Generalized Reflections (default) or pairwise Gauss-Seidel"},
    {"order", 0, "ORDER", "Gauss-Seidel order: lexicographic (default), sweep, random, most-violated"},
    {"seed", 0, "N", "seed of the random order (default 1)"},
    {"restitution", 0, "C", "coefficient of restitution in [0, 1] (default 1, elastic)"},
    {"friction", 0, "MU", "Coulomb friction coefficient >= 0 (default 0)"},
    {"tolerance", 0, "EPS", "relative violation tolerance in [0, 1) (default 1e-12; 0: exact rules)"},
    {"no-lineality", 0, NULL, "do not detect implicit equality constraints (the loop may then never end)"},
    {"lineality", 0, NULL, "detect them (the default)"},
    {"max-iterations", 0, "N", "budget of operator applications; 0 (default) means none"},
    {"lcp", 0, "auto|lemke|pgs", "the LCP method of GR and of restitution < 1 (default auto)"},
    {"frame", 0, "FILE",
     "also write the balls with their velocities after the impact to FILE as an\n"
     "extended XYZ frame (for ricochet render; physical form)"},
    {"compact", 0, NULL, "print the JSON on one line"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command resolve_command = {
    "resolve",
    "usage: ricochet resolve FILE [options]\n",
    "Reads an impact problem (FILE, or - for standard input; docs/formats.md), resolves it and prints one JSON\n"
    "object with the velocities after the impact, energy, momentum, the implicit equalities found, and more.\n"
    "Options given here override the same keys in the file.\n",
    resolve_options,
    sizeof resolve_options / sizeof *resolve_options,
    "exit codes: 0 resolved, 2 bad file or option, 3 not terminated within --max-iterations (the JSON is still\n"
    "printed, with status \"not_terminated\"), 4 internal failure.\n",
};

static const rc_command_option run_options[] = {
    {"collisions", 0, "N", "stop after N pair collisions (event-driven)"},
    {"time", 0, "T", "stop at simulation time T"},
    {"events", 0, "N", "stop after N events: collisions, wall hits, list rebuilds, ... (event-driven)"},
    {"steps", 0, "N", "stop after N steps (time-stepping)"},
    {"out", 0, "DIR",
     "write the run folder DIR (created if missing; default: output.directory, \"out\");\n"
     "with --resume, a new folder instead of the checkpoint's"},
    {"no-xyz", 0, NULL, "do not write the trajectory"},
    {"h5md", 0, "FILE",
     "also write the frames and observables to FILE in H5MD (HDF5); the scene's\n"
     "output.h5md writes DIR/trajectory.h5md"},
    {"gsd", 0, NULL,
     "also write the frames and observables to DIR/trajectory.gsd (HOOMD's GSD), as\n"
     "output.gsd"},
    {"lammps-dump", 0, NULL,
     "also write the frames to DIR/trajectory.lammpstrj (a LAMMPS dump custom), as\n"
     "output.lammps_dump"},
    {"checkpoint-every", 0, "T",
     "write DIR/checkpoint.rcp at every multiple of simulation time T (and when\n"
     "interrupted); a resumed run keeps the checkpoint's cadence unless given"},
    {"resume", 0, "CHECKPOINT",
     "go on from a checkpoint (it holds the scene and the settings) in its run folder,\n"
     "keeping every frame and row written up to it and appending after them"},
    {"threads", 0, "T",
     "run the event-driven engine on T threads, as the scene's \"threads\" (the same bits\n"
     "for any T; the summary's threads and parallel_note say how many ran, and why fewer)"},
    {"quiet", 'q', NULL, "no progress bar and no notes on stderr"},
    {"compact", 0, NULL, "print the JSON on one line"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command run_command = {
    "run",
    "usage: ricochet run SCENE [options]\n"
    "       ricochet run --resume CHECKPOINT [options]\n"
    "       mpirun -n R ricochet run SCENE [options]\n",
    "Reads a scene file (SCENE, or - for standard input; docs/formats.md) and runs it with the engine its \"dynamics\"\n"
    "names (event-driven hard spheres and disks, or time-stepped balls and rigid bodies) until its stop limit, or\n"
    "until nothing can happen any more. It writes DIR/trajectory.xyz (extended XYZ frames) and DIR/observables.csv at\n"
    "time 0, every output.every time units (or output.every_collisions collisions) and at the end, DIR/scene.json\n"
    "and DIR/summary.json, and prints the summary as one JSON object (docs/formats.md, \"The summary\"). The\n"
    "options override the file; any of --collisions, --time, --events, --steps replaces the file's stop.\n",
    run_options,
    sizeof run_options / sizeof *run_options,
    "A progress bar (percent of the stop limit, collisions or steps per second, time left) is drawn on stderr when it\n"
    "is a terminal. Ctrl-C (SIGINT) or SIGTERM ends the run cleanly: a last frame, every file closed under its own\n"
    "name, a checkpoint when checkpointing is on, the summary with \"stopped_by\": \"interrupted\"; a second one ends\n"
    "the process at once.\n"
    "\n"
    "Under mpirun -n R (a build with MPI) one event-driven system is split over the R ranks, with the bits of one\n"
    "process: rank 0 writes the folder and prints the summary (\"ranks\": R); a checkpoint resumes on any rank count\n"
    "(docs/edmd.md, \"Ranks\").\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad scene, option, checkpoint or output directory (the message names the field\n"
    "or path), 3 an impact ran out of its budget or the clock stalled (the message names the particles; the summary\n"
    "is printed), 4 internal failure, 130 interrupted by SIGINT, 143 by SIGTERM.\n",
};

static const rc_command_option sweep_options[] = {
    {"out", 0, "DIR",
     "the sweep folder (default: the file's \"directory\", else \"sweep\"): DIR/NNNN per run,\n"
     "DIR/sweep.csv, DIR/sweep_means.csv"},
    {"jobs", 'j', "N",
     "runs at once on this machine, each in a process of its own (default: the number of\n"
     "processors); under mpirun every rank but the first runs one at a time"},
    {"checkpoint-every", 0, "T",
     "each run writes its checkpoint.rcp at every multiple of simulation time T\n"
     "(default: the file's \"checkpoint_every\", else the scene's own)"},
    {"quiet", 'q', NULL, "no progress on stderr"},
    {"compact", 0, NULL, "print the JSON on one line"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command sweep_command = {
    "sweep",
    "usage: ricochet sweep SWEEP [options]\n"
    "       mpirun -n K ricochet sweep SWEEP [options]\n",
    "Reads a sweep file (docs/formats.md, \"Sweep files\"): a base scene, the scene keys to vary by their dotted\n"
    "paths (a grid of every combination, or zipped lists) and a number of replicas with derived seeds. Every run\n"
    "goes through the run driver into its own folder DIR/NNNN (scene.json, summary.json, the trajectories,\n"
    "outcome.json), the runs that have not ended handed to whichever process is free. Then it writes DIR/sweep.csv\n"
    "(one row per run: the varied values, status, message and every number of the summary) and DIR/sweep_means.csv\n"
    "(the mean and standard error over the replicas of each point), and prints what happened as JSON.\n",
    sweep_options,
    sizeof sweep_options / sizeof *sweep_options,
    "The same command started again skips the runs that ended and resumes the others from their checkpoints, so a\n"
    "killed sweep finishes with the same bits as one never stopped. A run whose scene is refused or that fails is\n"
    "recorded (status \"failed\" and its message) and the sweep goes on. Progress (runs done, running, failed, the\n"
    "time left) is drawn on stderr, in place on a terminal, a line per ended run otherwise. Ctrl-C (SIGINT) or SIGTERM\n"
    "stops the runs at once, to go on from their last checkpoints, and writes the tables. Under mpirun, mpirun ends\n"
    "every rank; the runs go on from their checkpoints all the same.\n"
    "\n"
    "exit codes: 0 every run ok, 1 usage, 2 bad sweep file, scene or option (the message names the field), 3 some\n"
    "runs failed or did not terminate, 4 internal failure, 130 interrupted by SIGINT, 143 by SIGTERM.\n",
};

static const rc_command_option exchange_options[] = {
    {"temperatures", 0, "LIST", "the ladder: kT of each replica, increasing, comma-separated (at least two)"},
    {"pressures", 0, "LIST",
     "or the ladder over pressures: each replica's barostat pressure, increasing, comma-\n"
     "separated (the scene needs a \"barostat\"; kT is its thermostat's temperature)"},
    {"interval", 0, "T", "simulation time each replica runs between swap attempts (default 1)"},
    {"rounds", 0, "N", "rounds of run-then-swap (default 1000)"},
    {"seed", 0, "S", "seed of the swap decisions and the thermostats' streams (default 1)"},
    {"walk", 0, "FILE", "write the walk table (CSV): per round, the rung each replica holds after the swaps"},
    {"compact", 0, NULL, "print the JSON on one line"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command exchange_command = {
    "exchange",
    "usage: ricochet exchange SCENE --temperatures T0,T1,... [options]\n"
    "       ricochet exchange SCENE --pressures P0,P1,... [options]\n",
    "Replica exchange (parallel tempering) over temperatures: one replica of SCENE (an event-driven scene with a\n"
    "\"thermostat\", whose temperature each replica replaces with its own) per temperature, each run INTERVAL of\n"
    "simulation time per round; then neighbouring temperatures (even pairs in even rounds, odd pairs in odd ones)\n"
    "swap their configurations with probability min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]), U the potential energy,\n"
    "the velocities scaled by sqrt(T_new / T_old). Prints the attempts, acceptances and acceptance rate of each pair\n"
    "and the mean potential energy at each temperature as JSON. The same scene, ladder and seed give the same bits.\n"
    "With --pressures the replicas run at the barostat's pressures (docs/formats.md, \"Barostat\") and swap with\n"
    "probability min(1, exp[(P_i - P_j)(V_i - V_j) / kT]), V the box's volume; the report adds the mean volume.\n",
    exchange_options,
    sizeof exchange_options / sizeof *exchange_options,
    "The replicas run in this process, one after the other (docs/scaling.md, \"Replica exchange\"). Ctrl-C (SIGINT)\n"
    "or SIGTERM stops the exchange before the next replica's run and prints the report of the rounds ended; a second\n"
    "one ends the process at once. Under mpirun, mpirun ends every rank.\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad scene or option (the message names the field), 3 an impact did not\n"
    "terminate, 4 internal failure, 130 interrupted by SIGINT, 143 by SIGTERM.\n",
};

static const rc_command_option render_options[] = {
    {"out", 0, "DIR", "write the PNGs here (created if missing; default \"render\")"},
    {"mp4", 0, "FILE", "also join them into an MP4 with ffmpeg (exit 2 before drawing if it is missing)"},
    {"fps", 0, "N", "frames per second of the MP4 (default 25)"},
    {"size", 0, "WxH", "pixels of each picture (default 800x600)"},
    {"color-by", 0, "COLUMN", "the same as --color"},
    {"speed-max", 0, "V",
     "the speed of the top colour and longest arrow (default: the largest speed in the\n"
     "first frames)"},
    {"arrows", 0, NULL, "draw velocity arrows"},
    {"label", 0, "TEXT", "a title per trajectory, in order (give one for each)"},
    {"shapes", 0, "FILE",
     "the shapes of each trajectory's bodies and static shapes, in order (default:\n"
     "shapes.json beside it, which time-stepping runs write; without: spheres)"},
    {"color", 0, "COLUMN",
     "colour per species (default), or by a column on a purple-green-yellow ramp with a\n"
     "colour bar: speed, kinetic_energy, x, y, z, vx, vy, vz, height, radius, mass, species,\n"
     "psi6 (2D) or q6 (3D), computed from neighbours nearer than 1.4 mean diameters"},
    {"color-range", 0, "MIN:MAX", "the colour bar's ends (default: the values' range in the first picture)"},
    {"voronoi", 0, NULL, "psi6 and q6 from Voronoi neighbours (qhull)"},
    {"frames", 0, "A:B|K", "frames A (from 0) to B (excluded), or frame K alone (default: all)"},
    {"view", 0, "x|y|z", "3D: look down that axis (default: from an azimuth of 30 and elevation of 20 degrees)"},
    {"zoom", 0, "Z", "magnify Z times about the middle (default 1: the box fits)"},
    {"slab", 0, "MIN:MAX",
     "3D: only the particles whose coordinate along the view axis (z by default) lies\n"
     "between MIN and MAX"},
    {"no-keys", 0, NULL, "no colour bar or legend of species at the right"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command render_command = {
    "render",
    "usage: ricochet render TRAJECTORY... [options]\n",
    "Reads extended XYZ or H5MD trajectories (TRAJECTORY, as ricochet run writes them) and draws frame k of each,\n"
    "side by side, into DIR/frame_00000.png, frame_00001.png, ... until the shortest ends: 2D as it is, 3D as a\n"
    "view from above at an angle, spheres shaded darker with depth. Prints a JSON object: frames, directory, mp4.\n",
    render_options,
    sizeof render_options / sizeof *render_options,
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory (a line over 1 MiB, a NUL byte), bad option, unwritable\n"
    "output or no ffmpeg for --mp4, 4 out of memory.\n",
};

static const rc_command_option plot_options[] = {
    {"out", 0, "FILE", "the PNG to write (default: CSV with .png for .csv)"},
    {"columns", 0, "A,B,...", "the columns to plot (default: all but the x column)"},
    {"x", 0, "COLUMN", "the column along x (default: the first)"},
    {"size", 0, "WxH", "pixels of the picture (default: 420x320 per panel)"},
    {"log", 0, "x|y|xy", "logarithmic axes (values <= 0 are left out)"},
    {"errors", 0, NULL, "error bars from NAME_error, NAME_err or NAME_sem (NAME_mean: NAME_sem)"},
    {"overlay", 0, NULL, "all columns in one panel, with a legend"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command plot_command = {
    "plot",
    "usage: ricochet plot CSV [options]\n",
    "Reads a CSV table of numbers with a header row (DIR/observables.csv of ricochet run, the CSV files of\n"
    "ricochet analyze --out, sweep_means.csv of ricochet sweep) and draws each column against the first one as\n"
    "line plots, a panel per column (or all in one with --overlay), into one PNG. Empty cells (values not\n"
    "defined), NaN and infinite values are left out. Prints a JSON object: png, panels, curves, rows.\n",
    plot_options,
    sizeof plot_options / sizeof *plot_options,
    "exit codes: 0 done, 1 usage, 2 unreadable table (a line over 1 MiB, a NUL byte), unknown column, bad option or\n"
    "unwritable output, 4 out of memory.\n",
};

static const rc_command_option analyze_options[] = {
    {"rdf", 0, NULL, "g(r) of every species pair and its contact value g(sigma+)"},
    {"sk", 0, NULL, "the structure factor S(k) (periodic boxes)"},
    {"msd", 0, NULL, "the mean squared displacement, D, and the VACF when frames carry velocities"},
    {"order", 0, NULL,
     "the bond-orientational order Q6 (3D) or psi6 (2D), and per particle: psi6 and g6(r)\n"
     "(2D) or q4, q6, w6 and solid-like (3D) (none of the four: all that the frames allow, without\n"
     "the order per particle)"},
    {"frames", 0, "A:B", "frames A (from 0) to B (excluded) of the trajectory (default: all)"},
    {"out", 'o', "DIR",
     "write rdf.csv, structure_factor.csv, msd.csv, vacf.csv, order_particles.csv, g6.csv,\n"
     "interdiffusion.csv and analysis.json into DIR"},
    {"rdf-range", 0, "R", "the largest r of g(r) (default: 5 mean diameters, at most half the box)"},
    {"rdf-bins", 0, "N", "bins of g(r) (default: 100 per mean diameter)"},
    {"contact-width", 0, "W", "the fit window of g(sigma+), in contact distances (default 0.1)"},
    {"k-max", 0, "K", "the largest |k| of S(k) (default: 20 / mean diameter)"},
    {"k-vectors", 0, "N", "the most wave vectors per |k| shell (default 64)"},
    {"order-cutoff", 0, "R", "bonds of Q6 / psi6 are pairs nearer than R (default: 1.4 mean diameters)"},
    {"msd-points", 0, "P", "lags per level of the multiple-tau correlator, even (default 32)"},
    {"fit", 0, "T0:T1", "lag times of the fit MSD = a + 2dDt (default: 0.1 to 0.5 of the frames' span)"},
    {"groups", 0, "G", "particle groups whose spread gives the error bars (default 16)"},
    {"viscosity", 0, "ETA", "shear viscosity for the Yeh-Hummer correction of D (default: the run's)"},
    {"voronoi", 0, NULL, "--order per particle with Voronoi neighbours (qhull) instead of the cutoff"},
    {"g6-range", 0, "R", "the largest r of g6(r) in 2D (default: 25 mean diameters, at most half the box)"},
    {"solid-bond", 0, "C", "ten Wolde-Frenkel: neighbours are connected when their q6 product exceeds C (0.7)"},
    {"solid-bonds", 0, "N", "ten Wolde-Frenkel: a sphere with N connections or more is solid-like (7)"},
    {"interdiffusion", 0, "A,B",
     "the species pair of the interdiffusion coefficient (default: the two species of a\n"
     "binary mixture); --msd gives each species' D besides"},
    {"compact", 'c', NULL, "print the summary on one line"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command analyze_command = {
    "analyze",
    "usage: ricochet analyze RUN_FOLDER|TRAJECTORY [options]\n",
    "Reads the frames of a trajectory (extended XYZ, H5MD, GSD or a LAMMPS dump), or of a run folder (its\n"
    "trajectory.h5md, else .xyz, .gsd, .lammpstrj, and its summary.json), and measures g(r), S(k), Q6 / psi6 and the MSD with the diffusion\n"
    "coefficient. Prints a JSON object (docs/formats.md, \"Analysis\"): contact values, the compressibility they\n"
    "give, D with its error and its Yeh-Hummer correction, Q6; --out writes the curves as CSV files.\n",
    analyze_options,
    sizeof analyze_options / sizeof *analyze_options,
    "A measure the frames stop (particles that jump without image counts) is left out with its reason under\n"
    "\"failed\" and a warning, while the others are reported.\n"
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory (or every measure failed), bad option, frames out of\n"
    "range or unwritable output, 4 out of memory.\n",
};

static const rc_command_option convert_options[] = {
    {"frame", 0, "K",
     "convert frame K only (from 0; negative from the end: -1 is the last); a .data output\n"
     "takes the last frame unless given"},
    {"help", 'h', NULL, "print this help"},
};

static const rc_command convert_command = {
    "convert",
    "usage: ricochet convert INPUT OUTPUT [options]\n",
    "Reads the frames of INPUT (extended XYZ, H5MD, GSD, a LAMMPS dump or data file; told by the first bytes)\n"
    "and writes them to OUTPUT in the format its extension names: .xyz (extended XYZ), .h5md, .gsd (HOOMD's\n"
    "schema), .lammpstrj (a LAMMPS dump custom) or .data (a LAMMPS data file of one frame, atom_style sphere;\n"
    "hybrid sphere bond with a Bonds section when the frame has bonds, from a GSD file's).\n"
    "Prints a JSON object: frames, the number written.\n",
    convert_options,
    sizeof convert_options / sizeof *convert_options,
    "exit codes: 0 done, 1 usage, 2 unreadable input, unknown output extension, frame out of range or unwritable\n"
    "output (the message names the file), 4 out of memory.\n",
};

static const rc_command *const commands[] = {&resolve_command, &run_command,  &sweep_command,   &exchange_command,
                                             &render_command,  &plot_command, &analyze_command, &convert_command};

const rc_command *rc_command_find(const char *name)
{
    for (size_t k = 0; name && k < sizeof commands / sizeof *commands; k++)
        if (strcmp(name, commands[k]->name) == 0) return commands[k];
    return NULL;
}

/* The column where the options' help begins. */
enum { HELP_COLUMN = 26 };

char *rc_command_format_help(const rc_command *c)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = c ? open_memstream(&text, &size) : NULL;
    if (!out) return NULL;
    fprintf(out, "%s\n%s\noptions:\n", c->usage, c->about);
    for (int k = 0; k < c->option_count; k++) {
        const rc_command_option *o = &c->options[k];
        char left[96];
        int n = snprintf(left, sizeof left, "  --%s%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "",
                         o->letter ? (char[]){',', ' ', '-', o->letter, '\0'} : "");
        fprintf(out, "%s%*s", left, n < HELP_COLUMN ? HELP_COLUMN - n : 2, "");
        for (const char *line = o->help; *line;) {
            size_t length = strcspn(line, "\n");
            fprintf(out, "%.*s\n", (int)length, line);
            line += length;
            if (*line == '\n' && *++line) fprintf(out, "%*s", HELP_COLUMN, "");
        }
    }
    fprintf(out, "\n%s", c->footer);
    bool failed = ferror(out);
    if (fclose(out) != 0 || failed) {
        free(text);
        return NULL;
    }
    return text;
}
