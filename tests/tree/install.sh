#!/bin/sh
# SPDX-License-Identifier: MIT
# make install / cmake --install (CMakeLists.txt, "Installation"): into a temporary DESTDIR, the libraries, headers,
# tool, pkg-config file and man page land where they should; a tiny program that resolves Newton's cradle compiles
# and links through pkg-config, once against the shared and once against the static library, and gives (0, 0, 1);
# the installed tool answers --version and help run; the man page renders without a warning (when groff is here); the
# bash completion lies where bash-completion looks for it.
# Usage: sh tests/tree/install.sh BUILD-DIR [EXTRA-CFLAGS]   (EXTRA-CFLAGS: the sanitizer flags of a sanitized build)
set -u
build=$1
extra=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}
prefix=/opt/ricochet-test
DESTDIR=$tmp/dest cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || fail "cmake --install: $(cat "$tmp/install.log")"
root=$tmp/dest$prefix
libdir=$(ls -d "$root"/lib* | head -n 1)
for f in bin/ricochet include/ricochet/ricochet.h include/ricochet/output.h share/man/man1/ricochet.1 \
    share/bash-completion/completions/ricochet; do
    [ -f "$root/$f" ] || fail "$f is not installed"
done
for f in libricochet.a libricochet.so pkgconfig/ricochet.pc; do
    [ -e "$libdir/$f" ] || fail "$libdir/$f is not installed"
done
cat >"$tmp/cradle.c" <<'EOC'
#include <math.h>
#include <stdio.h>
#include <ricochet/ricochet.h>
int main(void)
{
    const char *cradle = "{\"dimension\": 1, \"balls\": [{\"position\": [0], \"velocity\": [1], \"radius\": 1},"
                         "{\"position\": [2], \"radius\": 1}, {\"position\": [4], \"radius\": 1}]}";
    rc_problem_file *file;
    rc_impact_solver *solver;
    rc_impact_result result;
    if (rc_problem_file_create_from_text(cradle, &file) || rc_impact_solver_create(rc_problem_file_options(file), &solver) ||
        rc_impact_solver_resolve(solver, rc_problem_file_problem(file), &result)) {
        fprintf(stderr, "%s\n", rc_error_get());
        return 1;
    }
    printf("%s %g %g %g\n", rc_version_get(), result.velocity[0], result.velocity[1], result.velocity[2]);
    int ok = fabs(result.velocity[0]) < 1e-12 && fabs(result.velocity[1]) < 1e-12 && fabs(result.velocity[2] - 1) < 1e-12;
    rc_impact_solver_destroy(solver);
    rc_problem_file_destroy(file);
    return !ok;
}
EOC
export PKG_CONFIG_PATH="$libdir/pkgconfig"
version=$(pkg-config --modversion ricochet) || fail "pkg-config does not find ricochet"
# shellcheck disable=SC2046,SC2086
cc -std=c17 -Wall -Werror $extra -o "$tmp/cradle_shared" "$tmp/cradle.c" $(pkg-config --cflags --libs ricochet) -lm ||
    fail "the program does not build against the shared library"
out=$(LD_LIBRARY_PATH="$libdir" "$tmp/cradle_shared") || fail "the shared build does not resolve the cradle: $out"
[ "$out" = "$version 0 0 1" ] || fail "the shared build printed \"$out\", expected \"$version 0 0 1\""
LD_LIBRARY_PATH="$libdir" ldd "$tmp/cradle_shared" | grep -q "$libdir/libricochet.so" || fail "the shared build does not use the installed library"
# shellcheck disable=SC2046,SC2086
cc -std=c17 -Wall -Werror $extra -static-libgcc -o "$tmp/cradle_static" "$tmp/cradle.c" \
    $(pkg-config --cflags ricochet) "$libdir/libricochet.a" $(pkg-config --libs-only-l --static ricochet | sed 's/-lricochet//') ||
    fail "the program does not build against the static library"
out=$("$tmp/cradle_static") || fail "the static build does not resolve the cradle: $out"
ldd "$tmp/cradle_static" | grep -q libricochet && fail "the static build loads libricochet.so"
"$root/bin/ricochet" --version | grep -qE "^ricochet $version( [0-9a-f]+(-dirty)?)?\$" ||
    fail "the installed tool's --version is not $version (with the commit when built from a checkout)"
"$root/bin/ricochet" help run | grep -q -- "--h5md" || fail "the installed tool's help run lacks --h5md"
grep -q '^\.TH RICOCHET 1' "$root/share/man/man1/ricochet.1" || fail "the man page has no .TH line"
grep -q 'h5md' "$root/share/man/man1/ricochet.1" || fail "the man page does not carry docs/cli.md (no --h5md)"
if command -v groff >/dev/null; then
    warnings=$(groff -man -Tutf8 -ww -z "$root/share/man/man1/ricochet.1" 2>&1)
    [ -z "$warnings" ] || fail "groff warns on the man page: $warnings"
fi
echo "install: $failures failed"
[ "$failures" -eq 0 ]
