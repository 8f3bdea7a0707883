/* SIGINT and SIGTERM for the commands that run things (run, sweep): the first one asks the library to end cleanly
 * through the command's callback (rc_run_interrupt, rc_sweep_interrupt: both async-signal-safe), a second one ends the
 * process at once. */
#include <signal.h>
#include <string.h>

#include "cli.h"

static rc_cli_interrupt_fn *volatile interrupt;
static void *volatile target;

static void on_signal(int number)
{
    static volatile sig_atomic_t seen;
    if (seen || !target) {
        signal(number, SIG_DFL);
        raise(number);
        return;
    }
    seen = 1;
    interrupt(target, number);
}

void rc_cli_catch_signals(rc_cli_interrupt_fn *fn, void *what)
{
    interrupt = fn;
    target = what;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}
