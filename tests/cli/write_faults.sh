#!/bin/sh
# SPDX-License-Identifier: MIT
# Write failures in a run folder (docs/cli.md, "The run folder"): a small run with checkpoints is started again and
# again under tests/support/fault_inject.c (LD_PRELOAD), each time with one call on its folder failing: every write, rename,
# open for writing and sync in turn, with ENOSPC, EIO, EACCES, EDQUOT and EROFS in rotation. Each time the run must
# exit 2 with a message that names the errno's meaning and a file of the folder; trajectory.xyz and observables.csv
# must be under their own names (NAME.partial only when it holds no whole frame or row, or its own rename failed),
# each a prefix of the file of the run that never failed (whole frames and rows, never a frame in part); and the run
# resumed from its checkpoint (or run again, when it failed before its first checkpoint) must end with trajectory.xyz
# and observables.csv byte for byte those of the run that never failed, and no NAME.partial left.
# usage: write_faults.sh RICOCHET FAULT_INJECT.so; exits 1 when any case fails, after all of them.
tool=$1
shim=$2
tmp=$(mktemp -d)
tmp=$(cd "$tmp" && pwd -P) # the shim compares paths as the kernel spells them
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
printf '{"dimension": 2, "box": {"periodic": true}, "temperature": 1, "seed": 3, "stop": {"time": 2},
 "particles": {"lattice": "square", "count": 16, "packing_fraction": 0.3, "diameter": 1},
 "output": {"every": 0.25}}' >"$tmp/scene.json"
failed=0
cases=0
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}
# run DIR [VARIABLE=VALUE...]: the run into DIR under the shim with those settings; its stderr in DIR.err
run() {
    dir=$1
    shift
    env RC_FAULT_DIR="$dir" LD_PRELOAD="$shim" "$@" "$tool" run "$tmp/scene.json" --out "$dir" --checkpoint-every 0.5 \
        --quiet >/dev/null 2>"$dir.err"
}
run "$tmp/never" RC_FAULT_COUNT="$tmp/counts" || { echo "FAIL: the run without faults failed: $(cat "$tmp/never.err")"; exit 1; }
i=0
for kind in write rename open fsync; do
    total=$(awk -v k=$kind '$1 == k { print $2 }' "$tmp/counts")
    [ "${total:-0}" -gt 0 ] || fail "the shim counted no $kind on the run folder: it sees nothing"
    n=1
    while [ $n -le "${total:-0}" ]; do
        i=$((i + 1))
        case $((i % 5)) in
        0) errno=ENOSPC meaning="no space left on device" ;;
        1) errno=EIO meaning="input/output error" ;;
        2) errno=EACCES meaning="permission denied" ;;
        3) errno=EDQUOT meaning="disk quota exceeded" ;;
        *) errno=EROFS meaning="read-only file system" ;;
        esac
        dir=$tmp/$kind$n
        what="$kind $n of $total failing with $errno"
        cases=$((cases + 1))
        run "$dir" RC_FAULT_CALL=$kind RC_FAULT_N=$n RC_FAULT_ERRNO=$errno
        code=$?
        [ $code -eq 2 ] || fail "$what: exit $code, not 2 ($(cat "$dir.err"))"
        grep -qi "$meaning" "$dir.err" && grep -qF "$dir/" "$dir.err" ||
            fail "$what: the message does not name \"$meaning\" and a file of $dir: $(cat "$dir.err")"
        for name in trajectory.xyz observables.csv; do
            # (unless the rename to its own name was the call that failed, or it holds no whole frame or row)
            [ ! -e "$dir/$name.partial" ] || grep -q "$dir/$name: cannot rename" "$dir.err" ||
                ! grep -q '^[0-9]' "$dir/$name.partial" ||
                fail "$what: $name was left $name.partial, not under its own name"
            [ -e "$dir/$name" ] || continue
            size=$(wc -c <"$dir/$name")
            cmp -s -n "$size" "$dir/$name" "$tmp/never/$name" ||
                fail "$what: $name is not a prefix of the run that never failed ($size bytes)"
        done
        if [ -e "$dir/checkpoint.rcp" ]; then
            "$tool" run --resume "$dir/checkpoint.rcp" --quiet >/dev/null 2>"$dir.err2"
        else
            "$tool" run "$tmp/scene.json" --out "$dir" --checkpoint-every 0.5 --quiet >/dev/null 2>"$dir.err2"
        fi
        code=$?
        [ $code -eq 0 ] || fail "$what: the run resumed after it exits $code: $(cat "$dir.err2")"
        for name in trajectory.xyz observables.csv; do
            cmp -s "$dir/$name" "$tmp/never/$name" || fail "$what: resumed, $name differs from the run that never failed"
        done
        [ -z "$(ls "$dir" | grep '\.partial$')" ] || fail "$what: resumed, it left $(ls "$dir" | grep '\.partial$')"
        n=$((n + 1))
    done
done
# without faults the shim changes nothing: the same files as a run without it
"$tool" run "$tmp/scene.json" --out "$tmp/plain" --checkpoint-every 0.5 --quiet >/dev/null
cases=$((cases + 1))
cmp -s "$tmp/plain/trajectory.xyz" "$tmp/never/trajectory.xyz" || fail "the shim changed the run's trajectory"
echo "$cases cases ($(tr '\n' ' ' <"$tmp/counts")), $failed failed"
[ $failed -eq 0 ]
