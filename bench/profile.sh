#!/bin/sh
# SPDX-License-Identifier: MIT
# Where the time of an impact resolve goes: runs bench_impact in-process under valgrind's callgrind on three
# cases (the pool break under GR, the 1,000-contact hexagonal pile under GS and under GR, lineality detection on),
# collecting only inside rc_impact_solver_resolve, and prints for each the inclusive cost of the library's stages,
# the top functions by their own cost, and the own cost summed per shared object (GLPK's internals have no symbols
# in Debian, so its share shows best there). Usage: bench/profile.sh [build directory, default build] [output dir].
set -eu
build=${1:-build}
out=${2:-${TMPDIR:-/tmp}/ricochet-profile}
mkdir -p "$out"

# the stages whose inclusive cost is listed
stages='rc_impact_solver_resolve|rc_lineality_detect|rc_lineality_project|glp_simplex|glp_factorize|rc_loop_run'
stages="$stages|rc_gauss_seidel_run|rc_reflections_run|rc_loop_solve_lcp|rc_lcp_solve|rc_lcp_solve_sparse"
stages="$stages|lcp_lexicolemke|lcp_pgs|rc_system_build|rc_system_extract|rc_friction_apply|rc_measure_[a-z_]*"

summarise() {
    file=$1
    total=$(callgrind_annotate "$file" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
    echo "instructions collected: $total"
    echo
    echo "inclusive cost of the stages (share of the resolve):"
    callgrind_annotate --inclusive=yes --threshold=100 "$file" |
        grep -E ":($stages) " |
        sed -E 's/^ *([0-9,]+) \(([ 0-9.]+%)\) +[^:]*:([A-Za-z_0-9]+) .*/  \2  \1  \3/'
    echo
    echo "top functions by own cost:"
    callgrind_annotate --inclusive=no --threshold=100 "$file" |
        awk '/file:function/ {on = 1; getline; next} on && NF == 0 {exit} on {print}' | head -12 |
        sed -E 's/^ *([0-9,]+) \(([ 0-9.]+%)\) +(.*) \[(.*)\]$/  \2  \1  \3  [\4]/; s#\[[^]]*/([^]/]+)\]#[\1]#'
    echo
    echo "own cost per shared object:"
    callgrind_annotate --inclusive=no --threshold=100 "$file" |
        awk '/file:function/ {on = 1; getline; next}
             on && NF == 0 {exit}
             on {n = $1; gsub(",", "", n); obj = $NF
                 if (obj ~ /^\[/) {gsub(/^\[|\]$/, "", obj); sub(/.*\//, "", obj)} else obj = "(not named)"
                 sum[obj] += n; all += n}
             END {for (o in sum) if (sum[o] >= all / 10000) printf "  %6.2f%%  %s\n", 100 * sum[o] / all, o}' |
        sort -rn
}

run_case() {
    name=$1
    shift
    valgrind --tool=callgrind --toggle-collect=rc_impact_solver_resolve --callgrind-out-file="$out/$name.callgrind" \
        "$build/bench_impact" "$@" --in-process --seconds 0.5 >"$out/$name.log" 2>&1
    echo "## $name ($*)"
    grep -E '^(setup|first|steady)' "$out/$name.log" | sed 's/^/  bench: /'
    summarise "$out/$name.callgrind"
    echo
}

run_case pool_break_gr --scene pool --op gr
run_case hex_1000_gs --scene hex --contacts 1000 --op gs
run_case hex_1000_gr --scene hex --contacts 1000 --op gr
