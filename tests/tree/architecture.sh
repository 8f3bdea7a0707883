#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/architecture.md against the tree: every path it names in backticks (a folder or file under src/, include/,
# tools/, python/, fuzz/, bench/, tests/, docs/ or examples/) exists, every source file it names by its bare name
# (`driver.c`, `engines/rigid.c`) exists under src/, include/, tools/, python/ or fuzz/, and every folder under src/
# and every folder directly under tests/ is named; a path with capitals is a pattern (`engines/NAME.c`) and not
# checked. Exits 1 listing what does not match.
# Usage: sh tests/tree/architecture.sh [ROOT]
set -u
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
doc=$root/docs/architecture.md
[ -f "$doc" ] || { echo "architecture: $doc: missing"; exit 1; }
failed=0
tokens=$(grep -o '`[^` ]*`' "$doc" | tr -d '`' | sort -u)
for t in $tokens; do
  case $t in
    *[A-Z]*) ;; # a pattern with a placeholder (engines/NAME.c)
    src/* | include/* | tools/* | python/* | fuzz/* | bench/* | tests/* | docs/* | examples/*)
      [ -e "$root/$t" ] || { echo "architecture: names $t, which does not exist"; failed=1; } ;;
    *.c | *.h | *.py)
      found=$(cd "$root" && find src include tools python fuzz -path "*/$t" -print -quit 2>/dev/null)
      [ -n "$found" ] || { echo "architecture: names $t, which no source folder holds"; failed=1; } ;;
  esac
done
for d in $(cd "$root" && find src -mindepth 1 -type d | sort); do
  grep -q "\`$d/\`\|\`${d#src/}/\`" "$doc" || { echo "architecture: does not name the folder $d/"; failed=1; }
done
for d in $(cd "$root" && find tests -mindepth 1 -maxdepth 1 -type d | sort); do
  grep -q "\`$d/\`" "$doc" || { echo "architecture: does not name the folder $d/"; failed=1; }
done
[ $failed = 0 ] && echo "architecture: every path docs/architecture.md names exists, every src/ and tests/ folder is named"
exit $failed
