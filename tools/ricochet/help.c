/* SPDX-License-Identifier: MIT */
/* The help of the ricochet tool: the overview, each command's page (made by the library from its table, ricochet/
 * command.h) and the table of observables (docs/cli.md is the long form). */
#include <string.h>

#include "cli.h"

static const char overview[] =
    "usage: ricochet COMMAND [ARGUMENTS]\n"
    "\n"
    "Hard bodies that collide: simultaneous impacts resolved by an impact operator that always terminates, and\n"
    "event-driven hard spheres and disks whose event detection rounding never breaks.\n"
    "\n"
    "commands:\n"
    "  resolve FILE [options]  resolve one simultaneous impact read from a problem file (JSON) and print the\n"
    "                          result as JSON\n"
    "  run SCENE [options]     run a simulation described by a scene file (JSON; event-driven or time-stepped),\n"
    "                          writing a run folder (trajectory, observables), and print a JSON summary\n"
    "  sweep SWEEP [options]   run a scene over a grid of parameters and replicas (also under mpirun), one run\n"
    "                          folder each, and write the table sweep.csv\n"
    "  exchange SCENE [options]\n"
    "                          replica exchange over a ladder of temperatures; prints the swap acceptance\n"
    "  render TRAJECTORY...    draw the frames of extended XYZ or H5MD trajectories into PNG pictures (and an MP4)\n"
    "  plot CSV [options]      draw the columns of a CSV table (observables.csv) against time as PNG line plots\n"
    "  analyze PATH [options]  g(r), S(k), Q6 / psi6, MSD and D from a run folder or trajectory, as JSON and CSV\n"
    "  convert INPUT OUTPUT    a trajectory into another format (.xyz, .h5md, .gsd, .lammpstrj, .data)\n"
    "  help [COMMAND]          this overview, or the help of one command\n"
    "\n"
    "  --version               print the version\n"
    "  --help                  print this overview\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad input, 3 not terminated within --max-iterations, 4 internal failure.\n"
    "Files and output are described in docs/formats.md, the commands in docs/cli.md.\n";

static const char help_help[] =
    "usage: ricochet help [COMMAND]\n"
    "\n"
    "Prints the overview, or the help of COMMAND (resolve, run, sweep, exchange, render, plot, analyze, convert,\n"
    "help).\n"
    "`ricochet help observables` "
    "prints the table of observables (the CSV columns and the summary's measured keys) as Markdown.\n";

int rc_cli_help(const char *topic, FILE *out)
{
    if (topic && strcmp(topic, "observables") == 0) { /* docs/formats.md, "Observables", is this output */
        char *table = rc_observable_table_markdown();
        fputs(table ? table : "", out);
        rc_text_destroy(table);
        return table ? 0 : RC_EXIT_INTERNAL;
    }
    const rc_command *command = rc_command_find(topic);
    if (command) { /* the page the library makes from the command's table */
        char *page = rc_command_format_help(command);
        fputs(page ? page : "", out);
        rc_text_destroy(page);
        return page ? 0 : RC_EXIT_INTERNAL;
    }
    const char *text = !topic ? overview : strcmp(topic, "help") == 0 ? help_help : NULL;
    if (!text) return 1;
    fputs(text, out);
    return 0;
}
