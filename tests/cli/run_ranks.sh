#!/bin/sh
# SPDX-License-Identifier: MIT
# ricochet run under mpirun (docs/cli.md, "run"; docs/scaling.md): one system is not split over MPI ranks yet, so on
# more than one rank the run is refused before it writes anything (every rank would otherwise run the whole scene into
# the same folder), and on one rank it runs as it does without mpirun, to the same bytes.
# Usage: sh tests/cli/run_ranks.sh PATH/TO/ricochet
set -u
tool=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "run_ranks: $*" >&2
  exit 1
}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scene=$root/examples/edmd/hard_spheres.json
for ranks in 2 4; do
  mpirun --allow-run-as-root --oversubscribe -n $ranks "$tool" run "$scene" --out "$tmp/ranks$ranks" --collisions 2000 \
    -q > "$tmp/out$ranks" 2> "$tmp/err$ranks" && fail "-n $ranks: exit 0"
  grep -q "one system is not split over MPI ranks yet" "$tmp/err$ranks" || fail "-n $ranks: $(cat "$tmp/err$ranks")"
  grep -q "under mpirun -n $ranks" "$tmp/err$ranks" || fail "-n $ranks: the rank count is not named"
  [ ! -e "$tmp/ranks$ranks" ] || fail "-n $ranks: the refused run wrote $tmp/ranks$ranks"
done
"$tool" run "$scene" --out "$tmp/alone" --collisions 2000 -q > /dev/null || fail "without mpirun"
mpirun --allow-run-as-root -n 1 "$tool" run "$scene" --out "$tmp/one" --collisions 2000 -q > /dev/null 2> "$tmp/err1" ||
  fail "-n 1: $(cat "$tmp/err1")"
cmp -s "$tmp/alone/trajectory.xyz" "$tmp/one/trajectory.xyz" || fail "-n 1: another trajectory than without mpirun"
echo "run under mpirun: refused on 2 and 4 ranks before writing, the same bytes on 1"
