/* SPDX-License-Identifier: MIT */
/* ricochet/command.h: the command lines of the ricochet tool as data (docs/cli.md): each command's usage, its
 * options with their values and help, and its notes, so that a front end parses and documents the same options the
 * tool takes, and the help pages are one text made by the library from the tables. */
#ifndef RICOCHET_COMMAND_H
#define RICOCHET_COMMAND_H

#include <stdint.h>

#include "ricochet/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One option of a command: --name, -letter (0: none), its VALUE's name in the help (NULL: a flag) and the help text
 * ('\n' continues it on the next line of the help page). */
typedef struct rc_command_option {
    const char *name;
    char letter;
    const char *value;
    const char *help;
} rc_command_option;

/* A command of the tool: its name, usage lines and paragraph (each line ending in '\n'), its options in a fixed
 * order (the tool's own ids for them are their indices), and what follows them on the help page (notes, exit
 * codes). */
typedef struct rc_command {
    const char *name;
    const char *usage;
    const char *about;
    const rc_command_option *options;
    int32_t option_count;
    const char *footer;
} rc_command;

/* The command named name ("run", "sweep", ...), or NULL when the tool has none of that name. */
RC_API const rc_command *rc_command_find(const char *name);
/* The help page of a command, as `ricochet help NAME` prints it: the usage, the paragraph, "options:" and one entry
 * per option (the help in a column, continued lines indented to it), then the footer. Free it with
 * rc_text_destroy; NULL when out of memory. */
RC_API char *rc_command_format_help(const rc_command *command);

#ifdef __cplusplus
}
#endif

#endif
