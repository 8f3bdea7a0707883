#!/bin/sh
# Tests of the ricochet tool itself (docs/cli.md): exit codes 0, 1, 2 and 3, error messages on stderr that name the
# field, and a stdout that is one valid JSON object with the keys docs/formats.md promises (checked with python3).
# Usage: sh tests/cli.sh PATH/TO/ricochet   (run from anywhere; the examples are found next to this script)
set -u
tool=$1
root=$(cd "$(dirname "$0")/.." && pwd)
examples=$root/examples/impact
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}

# run WANT_EXIT DESCRIPTION COMMAND...: runs the command, keeps stdout and stderr, checks the exit code
run() {
    want=$1 what=$2
    shift 2
    checks=$((checks + 1))
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$what: exit $got, expected $want"
        sed 's/^/    stderr: /' "$tmp/err"
    fi
}

# stderr_names TEXT: the last command's stderr is "ricochet: ..." and holds TEXT
stderr_names() {
    checks=$((checks + 1))
    grep -q '^ricochet: ' "$tmp/err" && grep -qF -- "$1" "$tmp/err" || fail "stderr \"$(cat "$tmp/err")\" does not name \"$1\""
}

# json_ok STATUS: the last command's stdout is a report with every required key and the given status
json_ok() {
    checks=$((checks + 1))
    python3 - "$tmp/out" "$1" <<'EOF' || fail "report of the last command (status $1)"
import json, math, sys
path, status = sys.argv[1], sys.argv[2]
with open(path) as f:
    r = json.load(f)
def need(obj, *keys):
    for k in keys:
        assert k in obj, "missing key %s" % k
need(r, "status", "form", "operator", "iterations", "islands", "lcp_solves", "normal_impulses", "kinetic_energy",
     "lineality", "min_relative_velocity", "options")
assert r["status"] == status, r["status"]
need(r["kinetic_energy"], "before", "after")
need(r["lineality"], "dimension", "constraints")
if r["operator"] == "gs":
    need(r, "order")
if r["form"] == "physical":
    need(r, "velocities", "angular_velocities", "contacts", "momentum")
    need(r["momentum"], "before", "after")
    assert len(r["contacts"]) == len(r["normal_impulses"])
    d = len(r["momentum"]["before"])
    assert all(len(v) == d for v in r["velocities"])
    if d >= 2:
        need(r, "angular_momentum")
    for c in r["contacts"]:
        need(c, "a", "b", "point", "normal", "gap")
else:
    need(r, "velocity")
o = r["options"]
if status == "resolved" and o["restitution"] == 1 and o["friction"] == 0 and r["lineality"]["dimension"] == 0:
    ke = r["kinetic_energy"]
    assert math.isclose(ke["before"], ke["after"], rel_tol=1e-9), ke
EOF
}

# ---- every example resolves, with both operators ----
for file in "$examples"/*.json; do
    name=$(basename "$file")
    run 0 "resolve $name" "$tool" resolve "$file"
    json_ok resolved
    run 0 "resolve $name --operator gs --compact" "$tool" resolve "$file" --operator gs --compact
    json_ok resolved
    checks=$((checks + 1))
    [ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "--compact printed more than one line for $name"
done
run 0 "elastic energy" "$tool" resolve "$examples/pool_break.json" --no-lineality
json_ok resolved

# ---- known answers through the tool ----
run 0 "cradle3" "$tool" resolve "$examples/cradle3.json" --compact
checks=$((checks + 1))
python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))["velocities"]; assert [round(x[0],12) for x in v]==[0,0,1], v' \
    "$tmp/out" || fail "cradle3 does not end at (0, 0, 1)"
run 0 "file options and overrides" "$tool" resolve "$examples/cradle3.json" --restitution 0.5 --operator gs --order sweep
json_ok resolved
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["order"]=="sweep" and r["options"]["restitution"]==0.5' \
    "$tmp/out" || fail "options were not applied"
run 0 "standard input" sh -c "\"$tool\" resolve - < \"$examples/bernoulli.json\""
json_ok resolved

# ---- no termination without lineality detection (exit 3, the report is still printed) ----
for name in wedged_ball geyser; do
    for op in gr gs; do
        run 3 "$name --operator $op --no-lineality" "$tool" resolve "$examples/$name.json" --operator $op \
            --no-lineality --max-iterations 10000
        json_ok not_terminated
        stderr_names "10000"
    done
done

# ---- bad input: exit 2 and the field named ----
bad() { # NAME TEXT EXPECTED-IN-MESSAGE
    printf '%s' "$2" >"$tmp/$1.json"
    run 2 "bad file $1" "$tool" resolve "$tmp/$1.json"
    stderr_names "$3"
    checks=$((checks + 1))
    [ ! -s "$tmp/out" ] || fail "bad file $1 printed to stdout"
}
bad malformed '{"dimension": 2, "balls": [' "malformed JSON at line 1"
bad nan '{"dimension": 2, "balls": [{"position": [NaN, 0], "radius": 1}]}' "line 1, column 42"
bad negative_mass '{"dimension": 1, "balls": [{"position": [0], "radius": 1, "mass": -1}]}' "balls[0].mass: -1 is not positive"
bad zero_normal '{"dimension": 2, "balls": [{"position": [0, 0], "radius": 1}], "walls": [{"point": [0, -1], "normal": [0, 0]}]}' \
    "walls[0].normal: zero vector"
bad unknown_key '{"dimension": 1, "balls": [{"position": [0], "radius": 1, "masss": 1}]}' 'unknown key "masss" in balls[0]'
bad too_large '{"dimension": 1, "balls": [{"position": [1e400], "radius": 1}]}' "balls[0].position[0]"
bad generic '{"masses": [1, 1], "velocity": [1]}' "velocity has 1 entry, masses has 2"

run 2 "missing file" "$tool" resolve "$tmp/no_such_file.json"
stderr_names "no_such_file.json"
run 2 "unknown option" "$tool" resolve "$examples/cradle3.json" --bogus
stderr_names "--bogus"
run 2 "bad option value" "$tool" resolve "$examples/cradle3.json" --restitution 1.5
stderr_names "restitution"
run 2 "missing option value" "$tool" resolve "$examples/cradle3.json" --seed
stderr_names "--seed"
run 2 "bad order" "$tool" resolve "$examples/cradle3.json" --order zigzag
stderr_names "zigzag"

# ---- usage: exit 1; help and version: exit 0 ----
run 1 "no command" "$tool"
run 1 "no file" "$tool" resolve
run 1 "unknown command" "$tool" explode
run 0 "--version" "$tool" --version
checks=$((checks + 1))
grep -q '^ricochet [0-9]' "$tmp/out" || fail "--version printed \"$(cat "$tmp/out")\""
run 0 "--help" "$tool" --help
run 0 "help resolve" "$tool" help resolve
checks=$((checks + 1))
grep -q -- '--max-iterations' "$tmp/out" || fail "help resolve does not list --max-iterations"

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
