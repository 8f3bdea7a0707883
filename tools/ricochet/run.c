/* ricochet run SCENE.json [options] and ricochet run --resume CHECKPOINT [options] (docs/cli.md): parse the command
 * line, hand the scene (or the checkpoint) to the library's run driver (ricochet/run.h) with the options over its
 * settings, draw the progress bar, end the run cleanly on SIGINT and SIGTERM (a second one aborts at once), and print
 * the JSON summary; the exit code says how it went. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

enum { RC_RUN_GO_ON = -1 };

/* The command line of ricochet run. */
typedef struct run_arguments {
    const char *path;             /* the scene, or NULL with --resume */
    const char *resume;           /* --resume CHECKPOINT, or NULL */
    rc_run_options options;
    bool quiet, compact, help;
} run_arguments;

/* A positive whole number: decimal digits, or a number such as 1e6. Returns false when it is not one. */
static bool parse_count(const char *text, uint64_t *out)
{
    char *end;
    if (text[0] && strspn(text, "0123456789") == strlen(text)) {
        errno = 0;
        *out = strtoull(text, NULL, 10);
        return errno == 0 && *out > 0;
    }
    double x = strtod(text, &end);
    if (end == text || *end || isspace((unsigned char)text[0]) || !(x >= 1) || x != floor(x) || x >= 0x1p64)
        return false;
    *out = (uint64_t)x;
    return true;
}

/* Applies the option `name` (with its value) to a; returns an exit code or RC_RUN_GO_ON. */
static int apply_value(run_arguments *a, const char *name, const char *value)
{
    char *end;
    if (strcmp(name, "--out") == 0) {
        if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--out: the directory name is empty");
        a->options.directory = value;
        return RC_RUN_GO_ON;
    }
    if (strcmp(name, "--h5md") == 0 || strcmp(name, "--resume") == 0) {
        if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: the file name is empty", name);
        *(name[2] == 'h' ? &a->options.h5md_path : &a->resume) = value;
        return RC_RUN_GO_ON;
    }
    if (strcmp(name, "--checkpoint-every") == 0) {
        a->options.checkpoint_every = strtod(value, &end);
        if (end == value || *end || !(a->options.checkpoint_every > 0) || !isfinite(a->options.checkpoint_every))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--checkpoint-every: \"%s\" is not a positive time", value);
        return RC_RUN_GO_ON;
    }
    rc_run_limits *stop = &a->options.stop;
    a->options.stop_given = true;
    if (strcmp(name, "--time") == 0) {
        stop->time = strtod(value, &end);
        if (end == value || *end || !(stop->time > 0) || !isfinite(stop->time))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--time: \"%s\" is not a positive number", value);
        return RC_RUN_GO_ON;
    }
    uint64_t *count = strcmp(name, "--collisions") == 0 ? &stop->collisions
                      : strcmp(name, "--events") == 0   ? &stop->events
                                                        : &stop->steps;
    if (!parse_count(value, count))
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: \"%s\" is not a positive whole number", name, value);
    return RC_RUN_GO_ON;
}

/* The option arg names when it takes a value, or NULL; *inline_value is its value after '=' when given. */
static const char *value_option(const char *arg, const char **inline_value)
{
    static const char *const names[] = {"--collisions", "--time", "--events", "--steps", "--out", "--h5md",
                                        "--resume", "--checkpoint-every"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(arg, names[i], n) == 0 && (arg[n] == '\0' || arg[n] == '=')) {
            *inline_value = arg[n] ? arg + n + 1 : NULL;
            return names[i];
        }
    }
    return NULL;
}

static int parse_arguments(int argc, char **argv, run_arguments *a)
{
    a->options = rc_run_default_options();
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL, *name;
        int code = RC_RUN_GO_ON;
        if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) a->quiet = true;
        else if (strcmp(arg, "--no-xyz") == 0) a->options.no_xyz = true;
        else if (strcmp(arg, "--compact") == 0) a->compact = true;
        else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) a->help = true;
        else if ((name = value_option(arg, &value))) {
            if (!value && i + 1 == argc) return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s needs a value", name);
            code = apply_value(a, name, value ? value : argv[++i]);
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "unknown option %s (see ricochet help run)", arg);
        } else if (a->path) {
            return rc_cli_fail(RC_EXIT_USAGE, "run takes one SCENE file, not \"%s\" and \"%s\"", a->path, arg);
        } else {
            a->path = arg;
        }
        if (code != RC_RUN_GO_ON) return code;
    }
    if (a->path && a->resume)
        return rc_cli_fail(RC_EXIT_USAGE, "run takes a SCENE file or --resume CHECKPOINT, not both (the checkpoint "
                                          "holds its scene)");
    if (!a->path && !a->resume && !a->help)
        return rc_cli_fail(RC_EXIT_USAGE, "run needs a SCENE file (see ricochet help run)");
    return RC_RUN_GO_ON;
}

/* The whole text of a file ("-": standard input), or NULL with errno set. */
static char *read_text(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        size += fread(text + size, 1, capacity - size - 1, f);
        if (size + 1 < capacity) break;
        char *bigger = realloc(text, capacity *= 2);
        if (!bigger) free(text);
        text = bigger;
    }
    int error = ferror(f) ? EIO : 0;
    if (f != stdin) fclose(f);
    if (text && error) {
        free(text);
        text = NULL;
        errno = error;
    }
    if (text) text[size] = '\0';
    return text;
}

/* The command line as one string, each argument quoted for a POSIX shell when it needs it. */
static char *command_line(int argc, char **argv)
{
    size_t size = sizeof "ricochet";
    for (int i = 0; i < argc; i++) size += 4 * strlen(argv[i]) + 3;
    char *line = malloc(size), *at = line;
    if (!line) return NULL;
    at += sprintf(at, "ricochet");
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        bool plain = arg[0] && strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%")
                                   == strlen(arg);
        *at++ = ' ';
        if (plain) {
            at += sprintf(at, "%s", arg);
            continue;
        }
        *at++ = '\'';
        for (const char *p = arg; *p; p++) at += *p == '\'' ? sprintf(at, "'\\''") : sprintf(at, "%c", *p);
        *at++ = '\'';
        *at = '\0';
    }
    return line;
}

/* The run being driven, for the signal handler. */
static rc_run *active;

/* SIGINT, SIGTERM: the first asks the run to end cleanly; a second one ends the process at once. */
static void on_signal(int number)
{
    static volatile sig_atomic_t seen;
    if (seen || !active) {
        signal(number, SIG_DFL);
        raise(number);
        return;
    }
    seen = 1;
    rc_run_interrupt(active, number);
}

static int exit_code(rc_status s)
{
    return s == RC_INVALID_ARGUMENT || s == RC_IO_ERROR ? RC_EXIT_BAD_INPUT
           : s == RC_NOT_TERMINATED                      ? RC_EXIT_NOT_TERMINATED
                                                         : RC_EXIT_INTERNAL;
}

/* Runs to the end, prints the summary; the exit code. */
static int drive(rc_run *run, const run_arguments *a)
{
    active = run;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    rc_status s = rc_run_execute(run);
    rc_cli_progress_clear();
    int code = RC_EXIT_OK;
    if (s == RC_NOT_TERMINATED) code = rc_cli_fail(RC_EXIT_NOT_TERMINATED, "%s", rc_last_error());
    else if (s) return rc_cli_fail(exit_code(s), "%s", rc_last_error());
    if (!a->quiet && !rc_run_equilibrated(run))
        fprintf(stderr, "ricochet: note: the run stopped before the equilibration ended; the averages cover the "
                        "whole run\n");
    char *text = rc_run_summary_json(run, a->compact);
    int printed = rc_cli_print_text(text, "summary");
    rc_text_free(text);
    int signal_number = rc_run_interrupted_by(run);
    if (signal_number >= 0 && !a->quiet)
        fprintf(stderr, "ricochet: interrupted at time %.17g; the files are closed%s\n", rc_run_time(run),
                rc_run_directory(run) ? " and the run folder is complete up to here" : "");
    if (printed != RC_EXIT_OK) return printed;
    if (signal_number > 0) return 128 + signal_number;
    return code;
}

int rc_cli_run(int argc, char **argv)
{
    run_arguments a = {0};
    int code = parse_arguments(argc, argv, &a);
    if (code != RC_RUN_GO_ON) return code;
    if (a.help) return rc_cli_help("run", stdout);
    char *line = command_line(argc - 1, argv + 1);
    char *text = NULL;
    if (!line) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    a.options.command_line = line;
    if (!a.quiet && isatty(STDERR_FILENO)) a.options.progress = rc_cli_progress;
    rc_run *run = NULL;
    rc_status s;
    if (a.resume) {
        s = rc_run_resume(a.resume, &a.options, &run);
    } else if (!(text = read_text(a.path))) {
        free(line);
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot read %s: %s", a.path, strerror(errno));
    } else {
        s = rc_run_create(text, &a.options, &run);
    }
    if (!s) rc_cli_print_warnings(a.resume ? a.resume : a.path);
    code = s ? rc_cli_fail(exit_code(s), "%s: %s", a.resume ? a.resume : a.path, rc_last_error()) : drive(run, &a);
    active = NULL;
    rc_run_destroy(run);
    free(text);
    free(line);
    return code;
}
