#!/bin/sh
# Commands that load Siconos numerics (and with it its BLAS, often OpenBLAS) end under a memory limit. OpenBLAS starts
# a worker thread per core when it loads unless OPENBLAS_NUM_THREADS says otherwise; under ulimit -v of about 65-200
# MB a worker then loops on a failing malloc, so the command printed its result and never exited (OpenBLAS joins its
# workers at exit), and at 64 MB OpenBLAS raised SIGINT (exit 130). The library asks for one BLAS thread before it
# loads Siconos (src/impact/siconos_symbols.c). Each command runs under `timeout` at several limits and must exit 0
# with its JSON; with RICOCHET_SANITIZE (whose shadow memory needs terabytes of address space) there is nothing to
# test, and the test is skipped.
# Usage: sh tests/memory_limit.sh PATH/TO/ricochet
set -u
tool=$1
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if nm -D "$tool" 2>/dev/null | grep -q __asan_init; then
    echo "built with AddressSanitizer: skipped"
    exit 77
fi
failures=0
for limit in 64000 100000 150000 200000; do
    (
        ulimit -v $limit
        exec timeout 30 "$tool" resolve "$root/examples/impact/cradle3.json"
    ) >"$tmp/out" 2>"$tmp/err"
    code=$?
    if [ $code -ne 0 ] || ! /usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/out"; then
        echo "FAILED: ricochet resolve examples/impact/cradle3.json under ulimit -v $limit: exit $code (124: it hung)"
        sed 's/^/    /' "$tmp/err" | head -5
        failures=$((failures + 1))
    else
        echo "ulimit -v $limit: exit 0 with its JSON"
    fi
done
exit $((failures > 0))
