#!/bin/sh
# SPDX-License-Identifier: MIT
# The tool under a memory limit (ulimit -v): a limit the libraries load under (every command first succeeds on a small
# input under it), but that fails the allocations of a gigabyte. Each command that needs such an allocation ends with
# exit 4 and "out of memory" in its message, prints no result and never takes the failure for the end of a file:
# - run, exchange and resolve: a 10 MB JSON file (cJSON's parse runs out of memory) and, for run and exchange, a
#   scene of 50 million particles;
# - analyze and render: an extended XYZ frame of 10^8 particles (a sparse file large enough to hold them);
# - render and plot: pictures of 16384 x 16384 pixels.
# Under the same limit, what no memory can make readable is refused with exit 2, never read short with exit 0: a
# trajectory or table with a line longer than 1 MiB after good frames or rows, a 3 GB sparse file (NUL bytes), and
# an endless scene on standard input (more than the 64 MiB a JSON file may hold).
# Commands that load Siconos numerics (and with it its BLAS, often OpenBLAS) end under any limit: OpenBLAS starts a
# worker thread per core when it loads unless OPENBLAS_NUM_THREADS says otherwise, and under ulimit -v of about 65-200
# MB a worker then looped on a failing malloc, so the command printed its result and never exited (OpenBLAS joins its
# workers at exit), and at 64 MB OpenBLAS raised SIGINT (exit 130). The library asks for one BLAS thread before it
# loads Siconos (src/impact/siconos_symbols.c): resolve runs under 64-200 MB and must exit 0 with its JSON.
# Not run under the sanitizers, whose shadow memory needs more address space than any such limit leaves.
# Usage: sh tests/cli/memory_limit.sh PATH/TO/ricochet
set -u
tool=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
limit=250000 # KiB of address space
unset OPENBLAS_NUM_THREADS # the library's own choice is under test

fail() { echo "FAILED: $*" && failures=$((failures + 1)); }

# expect CODE TEXT ARGUMENTS...: the tool under the limit exits with CODE, TEXT in its message (and, failing, prints
# nothing on stdout)
expect() {
    code=$1 text=$2
    shift 2
    got=0
    (ulimit -v $limit && exec timeout 120 "$tool" "$@") >"$tmp/out" 2>"$tmp/err" || got=$?
    problem=
    [ "$got" -eq "$code" ] || problem="exits with $got, not $code"
    [ -z "$text" ] || grep -qF -- "$text" "$tmp/err" || problem=${problem:-"does not say \"$text\""}
    [ "$code" -eq 0 ] || [ ! -s "$tmp/out" ] || problem=${problem:-"printed a result: $(head -c 200 "$tmp/out")"}
    [ -z "$problem" ] || fail "$* $problem: $(head -c 300 "$tmp/err")"
}

frame='2\nLattice="4 0 0 0 4 0 0 0 4" Properties=species:S:1:pos:R:3:radius:R:1:image:I:3 Time=0 pbc="T T T"\nH 1 1 1 0.5 0 0 0\nH 2 2 2 0.5 0 0 0\n'
printf "$frame$frame" >"$tmp/small.xyz"
printf 'time,a\n0,1\n1,2\n' >"$tmp/small.csv"

# the limit lets every command run on small inputs
expect 0 "" run "$root/examples/edmd/hard_spheres.json" --collisions 2000 --out "$tmp/small_run" --quiet
expect 0 "" exchange "$root/examples/exchange/barometric.json" --temperatures 0.5,1 --rounds 2
expect 0 "" resolve "$root/examples/impact/cradle5.json"
expect 0 "" analyze "$tmp/small.xyz"
expect 0 "" render "$tmp/small.xyz" --out "$tmp/small_pictures"
expect 0 "" plot "$tmp/small.csv" --out "$tmp/small.png"

# Siconos's BLAS threads: resolve ends with its result under small limits (timeout's 124: it hung)
for small in 64000 100000 150000 200000; do
    (ulimit -v $small && exec timeout 30 "$tool" resolve "$root/examples/impact/cradle3.json") >"$tmp/out" 2>"$tmp/err"
    code=$?
    [ $code -eq 0 ] && /usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/out" ||
        fail "resolve examples/impact/cradle3.json under ulimit -v $small: exit $code: $(head -c 300 "$tmp/err")"
done

# big allocations: exit 4, out of memory
{
    printf '{"dimension": 1, "balls": [{"position": [0], "velocity": [1], "radius": 1}], "comment": [0'
    yes ',0' | head -n 5000000 | tr -d '\n'
    printf ']}'
} >"$tmp/fat.json"
expect 4 "out of memory parsing JSON" resolve "$tmp/fat.json"
expect 4 "out of memory parsing JSON" run "$tmp/fat.json" --out "$tmp/fat_run"
expect 4 "out of memory parsing JSON" exchange "$tmp/fat.json" --temperatures 1,2
cat >"$tmp/crowd.json" <<'EOF'
{"dimension": 3, "box": {"periodic": true}, "seed": 1, "temperature": 1,
 "particles": {"lattice": "fcc", "count": 50000000, "packing_fraction": 0.3, "diameter": 1},
 "thermostat": {"temperature": 1, "rate": 1}, "stop": {"collisions": 10}}
EOF
expect 4 "out of memory for 50000000 particles" run "$tmp/crowd.json" --out "$tmp/crowd_run"
expect 4 "out of memory for 50000000 particles" exchange "$tmp/crowd.json" --temperatures 1,2
printf '100000000\nLattice="4 0 0 0 4 0 0 0 4" Properties=species:S:1:pos:R:3 Time=0 pbc="T T T"\n' >"$tmp/many.xyz"
truncate -s 3G "$tmp/many.xyz"
expect 4 "many.xyz line 2: out of memory for 100000000 particles" analyze "$tmp/many.xyz"
expect 4 "out of memory for 100000000 particles" render "$tmp/many.xyz" --out "$tmp/many_pictures"
expect 4 "out of memory" render "$tmp/small.xyz" --size 16384x16384 --out "$tmp/big_pictures"
expect 4 "out of memory" plot "$tmp/small.csv" --size 16384x16384 --out "$tmp/big.png"

# never a short read: a line of 3 MB after two good frames (rows), and 3 GB of NUL bytes (which the trajectory
# readers refuse as no format they read, having looked at no more than its first lines)
{
    printf "$frame$frame"
    head -c 3000000 /dev/zero | tr '\0' 'x'
    printf "\n$frame"
} >"$tmp/long.xyz"
expect 2 "long.xyz line 9: longer than 1048576 bytes" analyze "$tmp/long.xyz"
expect 2 "long.xyz line 9: longer than 1048576 bytes" render "$tmp/long.xyz" --out "$tmp/long_pictures"
{
    printf 'time,a\n0,1\n1,2\n'
    head -c 3000000 /dev/zero | tr '\0' '1'
    printf '\n2,3\n'
} >"$tmp/long.csv"
expect 2 "long.csv line 4: longer than 1048576 bytes" plot "$tmp/long.csv" --out "$tmp/long.png"
truncate -s 3G "$tmp/sparse"
expect 2 "sparse line 1: a NUL byte" plot "$tmp/sparse" --out "$tmp/sparse.png"
expect 2 "sparse: not a trajectory format ricochet reads" render "$tmp/sparse" --out "$tmp/sparse_pictures"
expect 2 "sparse: not a trajectory format ricochet reads" analyze "$tmp/sparse"
expect 2 "holds a NUL byte" run "$tmp/sparse" --out "$tmp/sparse_run"
# (render draws a picture per frame as it reads them: those of the good frames before a bad line stay)
# an endless scene on standard input is refused at 64 MiB, not read until memory runs out
yes | (ulimit -v $limit && exec timeout 120 "$tool" run - --out "$tmp/endless_run") >"$tmp/out" 2>"$tmp/err"
grep -qF "standard input is larger than 67108864 bytes (64 MiB)" "$tmp/err" ||
    fail "run - with an endless stream: $(head -c 300 "$tmp/err")"
for stray in sparse_pictures/frame_00000.png long.png sparse.png big.png; do
    [ -e "$tmp/$stray" ] && fail "a refused command left $stray"
done

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "memory limit: every command refused or ran out of memory as it should"
