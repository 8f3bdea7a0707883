#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails when a library exports a symbol that does not start with rc_ (docs/design.md, "Conventions").
status=0
for lib in "$@"; do
  if [ ! -f "$lib" ]; then echo "check-symbols: $lib does not exist" >&2; status=1; continue; fi
  case "$lib" in *.so*) opts="-D --defined-only" ;; *) opts="-g --defined-only" ;; esac
  bad=$(nm $opts "$lib" | awk 'NF >= 3 && $2 ~ /[TDBRVW]/ {print $3}' | grep -v '^rc_' | grep -v '^_' | sort -u)
  if [ -n "$bad" ]; then
    echo "check-symbols: $lib exports symbols without the rc_ prefix:" >&2
    echo "$bad" | sed 's/^/  /' >&2
    status=1
  else
    echo "check-symbols: $lib: every exported symbol starts with rc_"
  fi
done
exit $status
