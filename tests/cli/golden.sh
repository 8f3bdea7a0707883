#!/bin/sh
# SPDX-License-Identifier: MIT
# Determinism test: the final state of every example (examples/edmd, examples/rigid: `ricochet run`; examples/impact:
# `ricochet resolve`), shortened where the example is long, is hashed and compared with the golden hashes in
# tests/data/golden/hashes.txt (one line per example: path | extra options | exit code | sha256). The options live there,
# as data: a line's options are what shortens its example (--time T, or --collisions N for event-driven scenes).
#
# What is hashed (sha256 of float64 values in little-endian order, by /usr/bin/python3 with its standard library only):
# - runs: the last frame of trajectory.xyz: its Time=, then each column found by its name in Properties, whatever its
#   position: `pos`, the velocity (`velo`, `vel`, `velocities` or `velocity`), the orientation when present, the
#   radius, and the spins of rough particles (`angular_velocity`) when present. The orientation is hashed as w x y z
#   whatever order the file uses; the order of each quaternion column name is in ORIENTATION below (`orientation:R:4` is x y z w, docs/formats.md, "Time-stepping scenes").
# - impact problems: the report's "velocities" ("velocity" for generic problems), "angular_velocities",
#   "normal_impulses" and "iterations".
# The exit code is compared too (rigid/geyser.json exits 3 on purpose), and the state is hashed all the same.
#
# Usage: sh tests/cli/golden.sh PATH/TO/ricochet            compare; exit 1 with one line per difference
#        sh tests/cli/golden.sh PATH/TO/ricochet --update   rewrite tests/data/golden/hashes.txt from this build
#        sh tests/cli/golden.sh PATH/TO/ricochet --threads T
#            compare with every event-driven example run on T threads (docs/edmd.md, "Parallel": any count gives
#            the bits of one thread); an example whose system cuts into fewer slabs runs on the most it can use,
#            read from its refusal ("use at most M"), and must have been refused with that message
#        sh tests/cli/golden.sh PATH/TO/ricochet --ranks R
#            the same with every event-driven example split over R ranks of mpirun (docs/edmd.md, "Ranks"),
#            oversubscribed when the machine has fewer cores
# Update ONLY when a bug fix changes an answer, and name the fix and the examples whose hashes changed in the commit
# message. A refactor, an optimisation or a new compiler must leave every hash as it is. A new example is added with
# --update at its full length; shorten it by editing its options in hashes.txt and updating again.
set -u
tool=$1
update=${2:-}
threads=
ranks=
case $update in
    --threads) threads=${3:?--threads needs a count} update= ;;
    --ranks) ranks=${3:?--ranks needs a count} update= ;;
esac
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
reduced=0
root=$(cd "$(dirname "$0")/../.." && pwd)
golden=$root/tests/data/golden/hashes.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 2
examples=$(echo examples/edmd/*.json examples/rigid/*.json examples/impact/*.json)
failures=0
count=0
set -f # from here on, options are split into words but never globbed

cat >"$tmp/hash.py" <<'EOF'
# Prints the sha256 of a run's last trajectory frame (xyz FILE) or of an impact report (json FILE).
import hashlib, json, re, struct, sys

VELOCITY = ("velo", "vel", "velocities", "velocity")
ORIENTATION = {"orientation": "xyzw"}  # quaternion column name -> the order of its components

def feed(h, name, values):
    h.update(name.encode() + b"\0" + struct.pack("<%dd" % len(values), *values))

def last_frame(path):
    frame = None
    with open(path) as f:
        for line in f:
            n = int(line)
            frame = (next(f), [next(f).split() for _ in range(n)])
    if frame is None:
        sys.exit("%s: no frame" % path)
    return frame

def hash_xyz(path):
    comment, rows = last_frame(path)
    keys = dict((k, v.strip('"')) for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', comment))
    columns, at = {}, 0
    props = keys["Properties"].split(":")
    for name, kind, width in zip(props[0::3], props[1::3], props[2::3]):
        columns[name] = (at, int(width))
        at += int(width)
    def column(name):
        start, width = columns[name]
        return [float(x) for row in rows for x in row[start:start + width]]
    velocity = [name for name in VELOCITY if name in columns]
    quaternion = [name for name in columns if name in ORIENTATION or re.search("quat|orient", name, re.I)]
    if "pos" not in columns or len(velocity) != 1 or "radius" not in columns or len(quaternion) > 1:
        sys.exit("%s: Properties=%s: need pos, one velocity, radius and at most one orientation" % (path, keys["Properties"]))
    h = hashlib.sha256()
    feed(h, "time", [float(keys["Time"])])
    feed(h, "pos", column("pos"))
    feed(h, "velocity", column(velocity[0]))
    if quaternion:
        order = ORIENTATION.get(quaternion[0])
        if order is None:
            sys.exit("%s: orientation column %s: add its component order to ORIENTATION" % (path, quaternion[0]))
        q = column(quaternion[0])
        feed(h, "orientation_wxyz", [q[i + order.index(c)] for i in range(0, len(q), 4) for c in "wxyz"])
    feed(h, "radius", column("radius"))
    if "angular_velocity" in columns:  # rough particles' spins
        feed(h, "angular_velocity", column("angular_velocity"))
    return h.hexdigest()

def flatten(value):
    return [float(x) for v in value for x in flatten(v)] if isinstance(value, list) else [float(value)]

def hash_json(path):
    with open(path) as f:
        r = json.load(f)
    h = hashlib.sha256()
    feed(h, "velocities", flatten(r["velocities"] if "velocities" in r else r["velocity"]))
    if "angular_velocities" in r:
        feed(h, "angular_velocities", flatten(r["angular_velocities"]))
    feed(h, "normal_impulses", flatten(r["normal_impulses"]))
    feed(h, "iterations", [float(r["iterations"])])
    return h.hexdigest()

try:
    print((hash_xyz if sys.argv[1] == "xyz" else hash_json)(sys.argv[2]))
except (OSError, ValueError, KeyError, IndexError, StopIteration) as e:
    sys.exit("%s: %s: %r" % (sys.argv[2], type(e).__name__, e))
EOF

# golden_line PATH: the line of hashes.txt for the example PATH (relative to the root), or nothing
golden_line() {
    awk -F'|' -v p="$1" '{ f = $1; gsub(/[ \t]/, "", f) } f == p { print; exit }' "$golden"
}

# run_example COUNT: runs the example $path into $out with $opts, on COUNT threads or ranks (none: as it is); sets code
run_example() {
    if [ -n "$ranks" ] && [ -n "$1" ]; then
        mpirun --allow-run-as-root -n "$1" "$tool" run "$root/$path" --out "$out" --quiet $opts >/dev/null 2>"$out.err"
    else
        "$tool" run "$root/$path" --out "$out" --quiet $opts ${1:+--threads $1} >/dev/null 2>"$out.err"
    fi
    code=$?
}

# check PATH: runs the example with the options of its line, hashes the result and compares it with the line (or,
# with --update, appends the new line to $tmp/new)
check() {
    path=$1
    IFS='|' read -r _ opts want_code want_hash <<LINE
$(golden_line "$path")
LINE
    opts=$(echo $opts) want_code=$(echo $want_code) want_hash=$(echo $want_hash)
    out=$tmp/$(basename "$(dirname "$path")")_$(basename "$path" .json)
    count=$((count + 1))
    case $path in
        examples/impact/*)
            "$tool" resolve "$root/$path" --compact $opts >"$out.json" 2>"$out.err"
            code=$?
            hash=$(/usr/bin/python3 "$tmp/hash.py" json "$out.json" 2>>"$out.err") ;;
        *)
            asked=
            case $path in examples/edmd/*) asked=$threads$ranks ;; esac
            run_example "$asked"
            most=$(sed -n 's/.*\(threads\|ranks\): [0-9]* asked, but this system cuts into .*: use at most \([0-9]*\)$/\2/p' "$out.err")
            if [ -n "$asked" ] && [ "$code" = 2 ] && [ -n "$most" ]; then
                reduced=$((reduced + 1))
                rm -rf "$out"
                run_example "$most"
            fi
            hash=$(/usr/bin/python3 "$tmp/hash.py" xyz "$out/trajectory.xyz" 2>>"$out.err") ;;
    esac
    rm -rf "$out"
    if [ -z "$hash" ]; then
        echo "FAILED: $path${opts:+ $opts}: cannot hash its result (exit $code):"
        sed 's/^/    /' "$out.err"
        failures=$((failures + 1))
    elif [ "$update" = --update ]; then
        echo "$path | ${opts:+$opts }| $code | $hash" >>"$tmp/new"
    elif [ -z "$want_hash" ]; then
        echo "FAILED: $path has no golden hash: shorten it in $golden if it is long, then run sh $0 TOOL --update"
        failures=$((failures + 1))
    elif [ "$code" != "$want_code" ] || [ "$hash" != "$want_hash" ]; then
        differs=
        [ "$code" = "$want_code" ] || differs="exit $code, golden $want_code; "
        [ "$hash" = "$want_hash" ] || differs="${differs}hash $hash, golden $want_hash; "
        echo "FAILED: $path${opts:+ $opts}: ${differs}find what changed the answer: only a bug fix may," \
            "then run sh $0 TOOL --update and name the fix and the example in the commit"
        sed 's/^/    stderr: /' "$out.err"
        failures=$((failures + 1))
    fi
}

for path in $examples; do
    check "$path"
done
# lines of examples that are gone (--update drops them)
for path in $(grep -v '^#' "$golden" | cut -d'|' -f1); do
    if [ ! -f "$path" ] && [ "$update" != --update ]; then
        echo "FAILED: $path is in $golden but not in examples/: run sh $0 TOOL --update to drop its line"
        failures=$((failures + 1))
    fi
done

if [ "$update" = --update ]; then
    if [ "$failures" -ne 0 ]; then
        echo "golden: $failures of $count examples could not be hashed; $golden is unchanged"
        exit 1
    fi
    { grep '^#' "$golden"; cat "$tmp/new"; } >"$tmp/hashes.txt" && cat "$tmp/hashes.txt" >"$golden"
    echo "golden: $golden rewritten ($count examples)"
    exit 0
fi
echo "golden: $count examples, $failures failed${threads:+; event-driven on $threads threads ($reduced on the most their slabs allow)}${ranks:+; event-driven on $ranks ranks ($reduced on the most their slabs allow)}"
[ "$failures" -eq 0 ]
