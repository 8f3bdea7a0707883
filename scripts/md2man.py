#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns docs/cli.md into the man page ricochet(1) (roff, the man macros): the build runs it and `make install`
installs the result. It knows the Markdown that docs/cli.md uses and nothing more: headings, paragraphs, fenced code,
bullet lists, tables (each row becomes a tagged paragraph: its first cell, then the others), `code`, **bold**, and
[links](target) (their text stays).

The page gets the sections of man-pages(7): the title makes NAME and SYNOPSIS (the first code block), the text after
it DESCRIPTION; every "## `ricochet COMMAND ...`" heading is a subsection of COMMANDS in its own case; the other
headings map by SECTIONS ("Exit codes" to EXIT STATUS, "Installing" to FILES, ...).

usage: md2man.py INPUT.md OUTPUT.1 VERSION
"""
import re
import sys


def escape(text):
    """Roff-escapes plain text: backslashes, and a leading dot or quote that roff would read as a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    return re.sub(r"^([.'])", r"\\&\1", text)


def inline(text):
    """Markdown inline markup to roff fonts."""
    text = escape(text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)
    return re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)


def cells(row):
    """The cells of a table row, | inside `code` kept."""
    parts, cell, code = [], "", False
    for c in row.strip().strip("|"):
        if c == "`":
            code = not code
        if c == "|" and not code:
            parts.append(cell.strip())
            cell = ""
        else:
            cell += c
    return parts + [cell.strip()]


# docs/cli.md's headings other than the commands' and the man page sections they become.
SECTIONS = {
    "`ricochet --version`, `ricochet --help`": "OPTIONS",
    "Exit codes": "EXIT STATUS",
    "Environment": "ENVIRONMENT",
    "Installing": "FILES",
    "Examples": "EXAMPLES",
    "See also": "SEE ALSO",
}


def convert(lines, version):
    out = ['.TH RICOCHET 1 "" "ricochet %s" "User Commands"' % version]
    code = False
    header = None  # the header cells of the table being read
    synopsis = description = commands = False  # the sections begun so far
    for line in lines:
        if line.startswith("```"):
            code = not code
            out.append(".nf\n.RS 4" if code else ".RE\n.fi")
            if not code and synopsis and not description:
                out.append(".SH DESCRIPTION")
                description = True
            continue
        if code:
            out.append(escape(line) if line else ".sp")
            continue
        if line.startswith("|"):
            row = cells(line)
            if header is None:
                header = row
            elif not all(set(c) <= set("-: ") for c in row):
                out.append(".TP\n" + inline(row[0]))
                out.append("; ".join("%s: %s" % (inline(h), inline(c)) if h else inline(c)
                                     for h, c in zip(header[1:], row[1:]) if c))
            continue
        header = None
        if line.startswith("# "):
            out.append(".SH NAME\nricochet \\- hard bodies that collide\n.SH SYNOPSIS")
            synopsis = True
        elif line.startswith("## ") and line[3:] in SECTIONS:
            out.append(".SH " + SECTIONS[line[3:]])
        elif line.startswith("## `ricochet "):
            if not commands:
                out.append(".SH COMMANDS")
                commands = True
            out.append(".SS " + inline(line[3:]))
        elif line.startswith("## "):
            out.append(".SH " + escape(line[3:].replace("`", "").upper()))
        elif line.startswith("### "):
            out.append(".SS " + inline(line[4:]))
        elif line.startswith("- "):
            out.append(".IP \\(bu 2\n" + inline(line[2:]))
        elif not line.strip():
            out.append(".PP")
        else:
            out.append(inline(line.strip()))
    return "\n".join(out) + "\n"


def main():
    source, target, version = sys.argv[1:4]
    with open(source, encoding="utf-8") as f:
        text = convert(f.read().splitlines(), version)
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
