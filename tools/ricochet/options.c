/* SPDX-License-Identifier: MIT */
/* The command lines of the tool's commands (docs/cli.md): each command's options are one table of the library
 * (ricochet/command.h), from which getopt_long parses the arguments here (long options, --name=value or --name value,
 * GNU permutation so options may follow the files, unambiguous abbreviations, -- to end the options) and the library
 * makes the help page, so that every option the help lists is one the parser takes. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MOST_OPTIONS = 32 };

int rc_cli_parse(const char *command, int argc, char **argv, rc_cli_take_fn *take, rc_cli_positional_fn *positional,
                 void *context)
{
    const rc_command *c = rc_command_find(command);
    struct option longs[MOST_OPTIONS + 1];
    char shorts[2 * MOST_OPTIONS + 2] = ":", *s = shorts + 1;
    for (int k = 0; k < c->option_count; k++) {
        const rc_command_option *o = &c->options[k];
        longs[k] = (struct option){o->name, o->value ? required_argument : no_argument, NULL, 256 + k};
        if (o->letter) *s++ = o->letter, *s = '\0';
        if (o->letter && o->value) *s++ = ':', *s = '\0';
    }
    longs[c->option_count] = (struct option){NULL, 0, NULL, 0};
    optind = 0; /* GNU: start afresh (a second parse in one process) */
    opterr = 0;
    for (;;) {
        int got = getopt_long(argc, argv, shorts, longs, NULL), k = got - 256;
        if (got == -1) break;
        const char *arg = argv[optind > 1 ? optind - 1 : 1];
        if (got == '?') {
            const char *names[MOST_OPTIONS], *typed = arg + strspn(arg, "-"), *near;
            for (int j = 0; j < c->option_count; j++) names[j] = c->options[j].name;
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)strcspn(typed, "="), typed);
            near = rc_name_suggest(word, names, c->option_count);
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "unknown option %s%s%s%s (see ricochet help %s)", arg,
                               near ? "; did you mean --" : "", near ? near : "", near ? "?" : "", c->name);
        }
        if (got == ':') return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s needs a value", arg);
        for (int j = 0; k < 0 && j < c->option_count; j++)
            if (c->options[j].letter == got) k = j;
        int code = take(context, k, optarg);
        if (code != RC_CLI_GO_ON) return code;
    }
    for (int i = optind; i < argc; i++) {
        int code = positional(context, argv[i]);
        if (code != RC_CLI_GO_ON) return code;
    }
    return RC_CLI_GO_ON;
}

const char *rc_cli_option_name(const char *command, int id) { return rc_command_find(command)->options[id].name; }

int rc_cli_one_file(const char *command, const char *what, const char **slot, const char *argument)
{
    if (*slot)
        return rc_cli_fail(RC_EXIT_USAGE, "%s takes one %s, not \"%s\" and \"%s\"", command, what, *slot, argument);
    *slot = argument;
    return RC_CLI_GO_ON;
}
