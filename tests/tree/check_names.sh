#!/bin/sh
# SPDX-License-Identifier: MIT
# The naming check (scripts/check-names.py, docs/naming.md): the public API passes it, and each of its rules refuses
# a name planted to break it, in a copy of the public headers and a small shared library built here.
# usage: check_names.sh SOURCE_DIR BUILD_DIR C_COMPILER
set -eu
src=$1
build=$2
cc=$3
check="/usr/bin/python3 $src/scripts/check-names.py"
libs="$build/libricochet.so"
[ -f "$build/libricochet_mpi.so" ] && libs="$libs $build/libricochet_mpi.so"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# The library as built follows the rule.
if ! $check "$src/include/ricochet" "$src/docs/naming.md" $libs; then
  echo "check_names: the public API breaks docs/naming.md" >&2
  fail=1
fi

# A planted header and library: every name here breaks one rule, and the check must name each one.
mkdir -p "$tmp/include"
cp "$src"/include/ricochet/*.h "$tmp/include/"
cat >"$tmp/include/planted.h" <<'EOF'
#include <stdbool.h>
#define RC_API
typedef struct rc_planted rc_planted;
typedef struct rc_planted_def rc_planted_def;
typedef enum rc_planted_kind { RC_PLANTED_KIND_ONE, RC_PLANT_TWO } rc_planted_kind;
typedef int rc_PlantedCase;
RC_API int rc_place_planted(void);
RC_API void rc_planted_free(rc_planted *planted);
RC_API int rc_planted_parse(const char *text, rc_planted **planted);
RC_API void rc_planted_destroy(rc_planted *planted);
RC_API bool rc_planted_ready(const rc_planted *planted);
RC_API int rc_planted_state_of(const rc_planted *planted);
RC_API int rc_planted_normalize(rc_planted *planted);
RC_API int rc_planted_check(const rc_planted_def *def);
RC_API rc_planted_def rc_planted_default_settings(void);
RC_API void rc_planted_close(rc_planted *planted);
RC_API int rc_planted_resize(rc_planted *planted);
EOF
cat >"$tmp/planted.c" <<'EOF'
int rc_place_planted(void) { return 0; }
void rc_planted_free(void *p) { (void)p; }
int rc_planted_parse(const char *t, void **p) { (void)t; (void)p; return 0; }
void rc_planted_destroy(void *p) { (void)p; }
int rc_planted_ready(const void *p) { (void)p; return 0; }
int rc_planted_state_of(const void *p) { (void)p; return 0; }
int rc_planted_normalize(void *p) { (void)p; return 0; }
int rc_planted_check(const void *d) { (void)d; return 0; }
int rc_planted_default_settings(void) { return 0; }
void rc_planted_close(void *p) { (void)p; }
int rc_planted_hidden(void) { return 0; }
int rc_planted_resize(void *p) { (void)p; return 0; }
EOF
"$cc" -shared -fPIC -o "$tmp/libplanted.so" "$tmp/planted.c"
if $check "$tmp/include" "$src/docs/naming.md" $libs "$tmp/libplanted.so" 2>"$tmp/out"; then
  echo "check_names: the planted names passed" >&2
  fail=1
fi
for want in \
  "rc_place_planted: begins with no object" \
  "rc_planted_free: 'free' is not a lifetime verb" \
  "rc_planted_parse: rc_planted is destroyed, so it is made by rc_planted_create" \
  "rc_planted_ready: returns bool" \
  "rc_planted_state_of: ends in the preposition 'of'" \
  "rc_planted_normalize: 'normalize' is American spelling" \
  "rc_planted_check: acts on an rc_planted_def" \
  "rc_planted_default_settings: a default function names the type" \
  "RC_PLANT_TWO: an enumerator of rc_planted_kind begins with RC_PLANTED_KIND_" \
  "rc_PlantedCase: a type is rc_<object> in lower case" \
  "rc_planted: has both rc_planted_destroy and rc_planted_close" \
  "rc_planted_hidden: exported but declared in no public header"; do
  if ! grep -qF "$want" "$tmp/out"; then
    echo "check_names: the check did not say \"$want\"" >&2
    fail=1
  fi
done
# Names that follow the rule are not refused along with them.
for good in rc_planted_destroy rc_planted_resize RC_PLANTED_KIND_ONE rc_edmd_create; do
  if grep -q "check-names: $good:" "$tmp/out"; then
    echo "check_names: $good follows the rule but was refused" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "check_names: the rule holds and refuses every planted name"
exit $fail
