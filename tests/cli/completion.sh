#!/bin/bash
# SPDX-License-Identifier: MIT
# Bash completion (scripts/ricochet-completion.bash, installed as share/bash-completion/completions/ricochet): sourced
# into bash with the tool under test first on PATH, its function completes, as bash would call it, commands from
# their first letters, every option of every command the tool's help lists (and no other), an option's choices
# (--operator gr|gs), directories after a DIR option, files after a FILE option and for a command's file, and nothing
# after a numeric option; `complete -p ricochet` names the function.
# Usage: bash tests/cli/completion.sh PATH/TO/ricochet
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0
PATH=$(dirname "$tool"):$PATH
cd "$tmp" || exit 2
mkdir -p runs/first scenes
touch scenes/pool.json scene_a.json scene_b.json table.csv
# shellcheck source=../scripts/ricochet-completion.bash
source "$root/scripts/ricochet-completion.bash"

# expect "WORDS..." "EXPECTED COMPLETIONS" (sorted, space-separated; "" for none)
expect() {
    local words=$1 expected=$2 got
    read -r -a COMP_WORDS <<<"$words"
    [[ $words == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _ricochet ricochet
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
    checks=$((checks + 1))
    if [ "$got" != "$expected" ]; then
        echo "FAILED: '$words' completes to '$got', expected '$expected'"
        failures=$((failures + 1))
    fi
}

expect "ricochet r" "render resolve run"
expect "ricochet an" "analyze"
expect "ricochet --v" "--version"
expect "ricochet help p" "plot"
expect "ricochet help ob" "observables"
expect "ricochet run --col" "--collisions"
expect "ricochet run --che" "--checkpoint-every"
expect "ricochet resolve --operator " "gr gs"
expect "ricochet render --view " "x y z"
expect "ricochet run --out " "runs scenes"
expect "ricochet run --out runs/" "runs/first"
expect "ricochet run --h5md scene_" "scene_a.json scene_b.json"
expect "ricochet run --time " ""
expect "ricochet run scene_" "scene_a.json scene_b.json"
expect "ricochet plot ta" "table.csv"
expect "ricochet run --quiet scenes/" "scenes/pool.json"

# every option of every command, as its help page lists it, completes from "--"
for command in $(_ricochet_commands "$tool"); do
    [ "$command" = help ] && continue
    options=$("$tool" help "$command" | awk '/^  --/ {sub(/,$/, "", $1); print $1}' | sort | tr '\n' ' ' | sed 's/ $//')
    [ -n "$options" ] || { echo "FAILED: ricochet help $command lists no options"; failures=$((failures + 1)); }
    expect "ricochet $command --" "$options"
done
complete -p ricochet | grep -q -- "-F _ricochet ricochet" || { echo "FAILED: complete -p ricochet"; failures=$((failures + 1)); }

echo "completion: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
