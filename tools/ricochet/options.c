/* SPDX-License-Identifier: MIT */
/* The command lines of the tool's commands (docs/cli.md): each command describes its options once, in a table, from
 * which getopt_long parses the arguments (long options, --name=value or --name value, GNU permutation so options may
 * follow the files, unambiguous abbreviations, -- to end the options) and the help page is printed, so that every
 * option the help lists is one the parser takes. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MOST_OPTIONS = 32, HELP_COLUMN = 26 };

int rc_cli_parse(const rc_cli_command *c, int argc, char **argv, rc_cli_take_fn *take, rc_cli_positional_fn *positional,
                 void *context)
{
    struct option longs[MOST_OPTIONS + 1];
    char shorts[2 * MOST_OPTIONS + 2] = ":", *s = shorts + 1;
    for (int k = 0; k < c->option_count; k++) {
        const rc_cli_option *o = &c->options[k];
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
        int code = take(context, c->options[k].id, optarg);
        if (code != RC_CLI_GO_ON) return code;
    }
    for (int i = optind; i < argc; i++) {
        int code = positional(context, argv[i]);
        if (code != RC_CLI_GO_ON) return code;
    }
    return RC_CLI_GO_ON;
}

void rc_cli_print_help(const rc_cli_command *c, FILE *out)
{
    fprintf(out, "%s\n%s\noptions:\n", c->usage, c->about);
    for (int k = 0; k < c->option_count; k++) {
        const rc_cli_option *o = &c->options[k];
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
}

int rc_cli_one_file(const rc_cli_command *c, const char *what, const char **slot, const char *argument)
{
    if (*slot)
        return rc_cli_fail(RC_EXIT_USAGE, "%s takes one %s, not \"%s\" and \"%s\"", c->name, what, *slot, argument);
    *slot = argument;
    return RC_CLI_GO_ON;
}
