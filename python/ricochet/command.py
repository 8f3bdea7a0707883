# SPDX-License-Identifier: MIT
"""The tool's commands as the library describes them (ricochet/command.h, docs/python.md): the help page that
`ricochet help NAME` prints, made by the library from the command's table of options, so that a Python front end shows
the same options and texts as the tool."""
import ctypes

from ._lib import lib


def command_help(name):
    """The help page of the tool's command `name` ("run", "sweep", ...), as `ricochet help NAME` prints it: usage,
    paragraph, every option with its value and help, notes and exit codes. KeyError for a name the tool has no
    command of."""
    command = lib.rc_command_find(name.encode())
    if not command:
        raise KeyError("ricochet has no command %r" % name)
    text = lib.rc_command_format_help(command)
    if not text:
        raise MemoryError("ricochet: out of memory for the help of %s" % name)
    try:
        return ctypes.string_at(text).decode()
    finally:
        lib.rc_text_destroy(text)
