#!/bin/sh
# pip install of the Python package (python/pyproject.toml) offline: pip builds it with Debian's setuptools and no
# network (--no-build-isolation --no-index), into a temporary target; then the package's tests run against that
# installed copy, not against python/ in the tree.
# Usage: sh tests/python_install.sh SOURCE-DIR   (RICOCHET_LIBRARY names the libricochet.so to load)
set -eu
source=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$source/python" "$tmp/python" # pip writes build/ and *.egg-info next to pyproject.toml: keep the tree clean
/usr/bin/python3 -m pip install --quiet --no-build-isolation --no-index --no-deps --target "$tmp/site" "$tmp/python" \
    2>"$tmp/pip.log" || { cat "$tmp/pip.log"; exit 1; }
rm -rf "$tmp/python"
cd "$tmp"
PYTHONPATH="$tmp/site" /usr/bin/python3 -c 'import ricochet, sys; sys.exit(not ricochet.__file__.startswith(sys.argv[1]))' \
    "$tmp/site" || { echo "FAILED: the installed package is not the one imported"; exit 1; }
PYTHONPATH="$tmp/site" /usr/bin/python3 -m unittest discover -s "$source/python/tests"
