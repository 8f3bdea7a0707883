/* SPDX-License-Identifier: MIT */
/* ricochet exchange SCENE --temperatures LIST | --pressures LIST [options] (docs/cli.md): parse the command line, run
 * replica exchange over the temperatures or pressures with the library (ricochet/exchange.h: an event-driven scene
 * with a thermostat, and a barostat over pressures, neighbouring rungs swapping configurations by the canonical
 * Metropolis rule; SIGINT and SIGTERM caught by the library, rc_exchange_execute_guarded) and print the library's
 * report (rc_exchange_report_json: the swap acceptance of each pair and the mean potential energy, and volume, at each
 * rung) as JSON. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#ifdef RICOCHET_MPI
#include "ricochet/mpi.h"
#endif

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
enum { TEMPERATURES, PRESSURES, INTERVAL, ROUNDS, SEED, WALK, COMPACT, HELP };

typedef struct exchange_arguments {
    const char *path;
    double ladder[RC_EXCHANGE_MAX_SLOTS];
    bool ladder_given;
    int slots;
    const char *walk;
    rc_exchange_options options;
    bool compact, help;
} exchange_arguments;

/* The ladder, --temperatures or --pressures (read by the library's rule, rc_exchange_ladder_parse, which names the
 * entry; their order and sign are rc_exchange_create's to check). */
static int take_ladder(exchange_arguments *a, rc_exchange_ladder ladder, const char *value)
{
    const char *name = ladder == RC_EXCHANGE_LADDER_PRESSURES ? "--pressures" : "--temperatures";
    if (a->ladder_given && a->options.ladder != ladder)
        return rc_cli_fail(RC_EXIT_USAGE, "%s: give --temperatures or --pressures, not both", name);
    a->ladder_given = true;
    a->options.ladder = ladder;
    return rc_cli_check(rc_exchange_ladder_parse(value, ladder, a->ladder, RC_EXCHANGE_MAX_SLOTS, &a->slots));
}

static int take(void *context, int id, const char *value)
{
    exchange_arguments *a = context;
    uint64_t count = 0;
    int code;
    switch (id) {
    case TEMPERATURES: return take_ladder(a, RC_EXCHANGE_LADDER_TEMPERATURES, value);
    case PRESSURES: return take_ladder(a, RC_EXCHANGE_LADDER_PRESSURES, value);
    case INTERVAL: return rc_cli_check(rc_text_positive("interval", value, &a->options.interval));
    case ROUNDS:
        code = rc_cli_check(rc_text_count("rounds", value, 1, INT64_MAX, &count));
        a->options.rounds = (int64_t)count;
        return code;
    case SEED: return rc_cli_check(rc_text_count("seed", value, 0, UINT64_MAX, &a->options.seed));
    case WALK: a->walk = value; return RC_CLI_GO_ON;
    case COMPACT: a->compact = true; return RC_CLI_GO_ON;
    default: a->help = true; return RC_CLI_GO_ON;
    }
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file("exchange", "SCENE file", &((exchange_arguments *)context)->path, argument);
}

/* After the rounds (here, or over the ranks on every rank): the library's report printed by rank 0, and the exit
 * code; a failure on another rank (RC_STATUS_INTERNAL there: the failing rank says why) is not said again. */
static int report(const rc_exchange *x, rc_status s, int rank, const exchange_arguments *a)
{
    if (s == RC_STATUS_INTERNAL && rank != 0) return RC_EXIT_INTERNAL;
    if (s) return rc_cli_fail_status(s, a->path);
    if (rank != 0) return RC_EXIT_OK;
    int printed = rc_cli_print_text(rc_exchange_report_json(x, a->compact), "exchange report");
    int signal_number = rc_exchange_interrupt_signal(x);
    if (signal_number >= 0)
        fprintf(stderr, "ricochet: interrupted after round %lld of %lld; the report covers the rounds ended\n",
                (long long)rc_exchange_round(x), (long long)rc_exchange_rounds(x));
    return printed != RC_EXIT_OK ? printed : rc_cli_outcome(RC_EXIT_OK, signal_number);
}

/* The rounds over the ranks of mpirun: rank 0 writes the walk and prints the report, the same bytes as one process
 * would. */
static int run_mpi(rc_exchange *x, const exchange_arguments *a)
{
#ifdef RICOCHET_MPI
    int rank = 0;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    rc_status s = a->walk ? rc_exchange_write_walk_mpi(x, a->walk, MPI_COMM_WORLD) : RC_STATUS_OK;
    if (!s) s = rc_exchange_execute_mpi(x, MPI_COMM_WORLD);
    int code = report(x, s, rank, a);
    MPI_Finalize();
    return code;
#else
    (void)x, (void)a;
    return rc_cli_no_mpi("exchange");
#endif
}

int rc_cli_exchange(int argc, char **argv)
{
    static exchange_arguments a;
    memset(&a, 0, sizeof a);
    a.options = (rc_exchange_options){1, 1000, 1, NULL, NULL, RC_EXCHANGE_LADDER_TEMPERATURES};
    int code = rc_cli_parse("exchange", argc, argv, take, positional, &a);
    if (code != RC_CLI_GO_ON) return code;
    if (a.help) return rc_cli_help("exchange", stdout);
    if (!a.path) return rc_cli_fail(RC_EXIT_USAGE, "exchange needs a SCENE file (see ricochet help exchange)");
    if (!a.slots)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--temperatures: missing: the ladder T0,T1,... (or --pressures)");
    char *text = NULL;
    rc_status s = rc_text_create_from_file(a.path, &text);
    if (s) return rc_cli_fail_status(s, NULL); /* the library's message names the file */
    rc_exchange *x = NULL;
    s = rc_exchange_create(text, a.slots, a.ladder, &a.options, &x);
    rc_text_destroy(text);
    if (s) return rc_cli_fail_status(s, a.path);
    if (rc_cli_under_mpirun()) {
        code = run_mpi(x, &a);
    } else {
        s = a.walk ? rc_exchange_write_walk(x, a.walk) : RC_STATUS_OK;
        if (!s) s = rc_exchange_execute_guarded(x);
        code = report(x, s, 0, &a);
    }
    rc_exchange_destroy(x);
    return code;
}
