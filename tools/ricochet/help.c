/* The help texts of the ricochet tool: the overview and one page per command (docs/cli.md is the long form). */
#include <string.h>

#include "cli.h"

static const char overview[] =
    "usage: ricochet COMMAND [ARGUMENTS]\n"
    "\n"
    "Hard bodies that collide: simultaneous impacts resolved by an impact operator that always terminates.\n"
    "\n"
    "commands:\n"
    "  resolve FILE [options]  resolve one simultaneous impact read from a problem file (JSON) and print the\n"
    "                          result as JSON\n"
    "  help [COMMAND]          this overview, or the help of one command\n"
    "\n"
    "  --version               print the version\n"
    "  --help                  print this overview\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad input, 3 not terminated within --max-iterations, 4 internal failure.\n"
    "Files and output are described in docs/formats.md, the commands in docs/cli.md.\n";

static const char resolve_help[] =
    "usage: ricochet resolve FILE [options]\n"
    "\n"
    "Reads an impact problem (FILE, or - for standard input; docs/formats.md), resolves it and prints one JSON\n"
    "object with the velocities after the impact, energy, momentum, the implicit equalities found, and more.\n"
    "Options given here override the same keys in the file.\n"
    "\n"
    "options:\n"
    "  --operator gr|gs        the impact operator: Generalized Reflections (default) or pairwise Gauss-Seidel\n"
    "  --order ORDER           Gauss-Seidel order: lexicographic (default), sweep, random, most-violated\n"
    "  --seed N                seed of the random order (default 1)\n"
    "  --restitution C         coefficient of restitution in [0, 1] (default 1, elastic)\n"
    "  --friction MU           Coulomb friction coefficient >= 0 (default 0)\n"
    "  --tolerance EPS         relative violation tolerance in [0, 1) (default 1e-12; 0: exact rules)\n"
    "  --no-lineality          do not detect implicit equality constraints (the loop may then never end)\n"
    "  --lineality             detect them (the default)\n"
    "  --max-iterations N      budget of operator applications; 0 (default) means none\n"
    "  --lcp auto|lemke|enum|pgs  the LCP method of GR and of restitution < 1 (default auto)\n"
    "  --compact               print the JSON on one line\n"
    "  --help                  print this help\n"
    "\n"
    "exit codes: 0 resolved, 2 bad file or option, 3 not terminated within --max-iterations (the JSON is still\n"
    "printed, with status \"not_terminated\"), 4 internal failure.\n";

static const char help_help[] =
    "usage: ricochet help [COMMAND]\n"
    "\n"
    "Prints the overview, or the help of COMMAND (resolve, help).\n";

int rc_cli_help(const char *topic, FILE *out)
{
    const char *text = !topic ? overview
                       : strcmp(topic, "resolve") == 0 ? resolve_help
                       : strcmp(topic, "help") == 0    ? help_help
                                                       : NULL;
    if (!text) return 1;
    fputs(text, out);
    return 0;
}
