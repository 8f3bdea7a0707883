#!/bin/sh
# SPDX-License-Identifier: MIT
# The man page ricochet(1), which scripts/md2man.py makes from docs/cli.md: `man -l` renders it with every groff
# warning on (-ww) and says nothing on stderr; its sections are those of man-pages(7), in order (NAME, SYNOPSIS,
# DESCRIPTION, COMMANDS, OPTIONS, EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES, SEE ALSO), and no other; every command
# the tool lists in `ricochet --help` is in the SYNOPSIS (so in docs/cli.md's synopsis, where it comes from) and has
# its subsection under COMMANDS; and every environment variable the sources read (getenv in src/ and tools/,
# os.environ in python/) is named under ENVIRONMENT.
# Usage: sh tests/cli/man_page.sh PATH/TO/ricochet PATH/TO/ricochet.1
set -u
tool=$1
page=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
[ -s "$page" ] || { echo "FAILED: no man page at $page"; exit 1; }
failures=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MANWIDTH=100 MANROFFOPT=-ww man --warnings=w -l "$page" >"$tmp/page.txt" 2>"$tmp/warnings.txt" || fail "man -l $page failed"
[ -s "$tmp/warnings.txt" ] && fail "man -l warns: $(head -n 5 "$tmp/warnings.txt")"
groff -man -ww -z -Tutf8 "$page" 2>"$tmp/groff.txt"
[ -s "$tmp/groff.txt" ] && fail "groff -ww warns: $(head -n 5 "$tmp/groff.txt")"
col -bx <"$tmp/page.txt" >"$tmp/plain.txt"

# the section headings, in order (they start at column 0 in the rendered page; the header and footer lines hold
# "RICOCHET(1)" and are not headings)
sections=$(grep -E '^[A-Z][A-Z ]+$' "$tmp/plain.txt" | tr '\n' ',')
expected="NAME,SYNOPSIS,DESCRIPTION,COMMANDS,OPTIONS,EXIT STATUS,ENVIRONMENT,FILES,EXAMPLES,SEE ALSO,"
[ "$sections" = "$expected" ] || fail "sections \"$sections\", expected \"$expected\""

# the text of one section
section() {
    awk -v name="$1" '/^[A-Z][A-Z ]+$/ {on = ($0 == name); next} on' "$tmp/plain.txt"
}
section SYNOPSIS >"$tmp/synopsis.txt"
section COMMANDS >"$tmp/commands.txt"
section ENVIRONMENT >"$tmp/environment.txt"
commands=$("$tool" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} /^$/ && on {on = 0}')
[ -n "$commands" ] || fail "ricochet --help lists no commands"
for command in $commands; do
    grep -q "^ *ricochet $command\( \|$\)" "$tmp/synopsis.txt" || fail "the SYNOPSIS lacks ricochet $command"
    grep -q "^   ricochet  *$command\( \|$\)" "$tmp/commands.txt" || fail "COMMANDS has no subsection ricochet $command"
done
grep -q "^ *ricochet --version" "$tmp/synopsis.txt" || fail "the SYNOPSIS lacks ricochet --version"

variables=$(cd "$root" && {
    grep -rhoE 'getenv\("[A-Z_]+"\)' src tools | sed -E 's/getenv\("([A-Z_]+)"\)/\1/'
    grep -rhoE 'os\.environ(\.get\(|\[)"[A-Z_]+"' python/ricochet | sed -E 's/.*"([A-Z_]+)"/\1/'
} | sort -u)
[ -n "$variables" ] || fail "found no environment variable in the sources"
for variable in $variables RICOCHET_LIBRARY; do
    grep -q "$variable" "$tmp/environment.txt" || fail "ENVIRONMENT does not name $variable"
done

echo "man page: $(echo "$commands" | wc -w) commands, $(echo "$variables" | wc -w) variables, $failures failed"
[ "$failures" -eq 0 ]
