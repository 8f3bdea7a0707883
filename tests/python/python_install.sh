#!/bin/sh
# SPDX-License-Identifier: MIT
# pip install of the Python package (python/pyproject.toml, python/setup.py) as on a fresh machine: offline (pip
# builds it with Debian's setuptools, --no-build-isolation --no-index), from a clean copy of the checkout (its tracked
# and untracked-but-not-ignored files: no build/ folder), into a new virtual environment that sees Debian's numpy.
# With no library on any path, the package must carry its own: setup.py builds libricochet.so with CMake, and the
# installed package imports, has the library's version, runs a scene and passes its tests with neither
# RICOCHET_LIBRARY nor LD_LIBRARY_PATH set.
# Then the other way of bundling: a copy holding an up-to-date build/libricochet.so (BUILT, the build tree's) installs
# that very file, without running CMake; RICOCHET_BUNDLE=0 installs the wrapper alone; and python/ copied away from
# its checkout, with nothing to bundle, stops pip with a message that says what to do.
# Usage: sh tests/python/python_install.sh SOURCE-DIR BUILT-LIBRARY
set -eu
source=$(cd "$1" && pwd)
built=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset RICOCHET_LIBRARY LD_LIBRARY_PATH RICOCHET_BUILD RICOCHET_BUNDLE

mkdir "$tmp/checkout"
if git -C "$source" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$source" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$tmp/checkout")
else  # a source tree without git: everything but the build folders
    (cd "$source" && tar -c --exclude='./build*' --exclude='./out' . | tar -x -C "$tmp/checkout")
fi
test ! -e "$tmp/checkout/build" || { echo "FAILED: the clean copy has a build folder"; exit 1; }
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --no-build-isolation --no-index --no-deps "$tmp/checkout/python" \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }

# from a folder away from the checkout, so that nothing but the installed package can be imported
cd "$tmp"
"$tmp/venv/bin/python" - "$tmp/venv" <<'EOF'
import os, sys
import ricochet, ricochet._lib
venv = sys.argv[1]
assert ricochet.__file__.startswith(venv), "the package imported is not the installed one: %s" % ricochet.__file__
assert ricochet._lib.loaded_from == ricochet._lib.BUNDLED and ricochet._lib.BUNDLED.startswith(venv), \
    "the library loaded is not the bundled one: %s" % ricochet._lib.loaded_from
import importlib.metadata
assert importlib.metadata.version("ricochet") == ricochet.__version__, \
    "the package's version %s is not the library's %s" % (importlib.metadata.version("ricochet"), ricochet.__version__)
sim = ricochet.Simulation({"dimension": 2, "box": {"periodic": True}, "temperature": 1, "seed": 1, "stop": {"time": 10},
                           "particles": {"lattice": "hexagonal", "count": 16, "packing_fraction": 0.3, "diameter": 1}})
sim.step(100)
assert (sim.events, sim.steps) == (100, 0) and sim.collisions > 0 and sim.time > 0, (sim.events, sim.collisions)
print("installed %s, library %s: 100 events, %d collisions, time %.3f"
      % (ricochet.__version__, ricochet._lib.loaded_from, sim.collisions, sim.time))
EOF
"$tmp/venv/bin/python" -m unittest discover -s "$source/tests/python" 2>"$tmp/unittest.log" ||
    { cat "$tmp/unittest.log"; exit 1; }

# the already built library: a copy of the build tree's, newer than the sources, is what gets bundled
mkdir "$tmp/checkout/build"
cp "$built" "$tmp/checkout/build/libricochet.so"
touch "$tmp/checkout/build/libricochet.so"
rm -rf "$tmp/checkout/python/build"
/usr/bin/python3 -m pip install --quiet --no-build-isolation --no-index --no-deps --target "$tmp/site" \
    "$tmp/checkout/python" >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
cmp "$built" "$tmp/site/ricochet/libricochet.so" ||
    { echo "FAILED: the package did not bundle the up-to-date build/libricochet.so"; exit 1; }
PYTHONPATH="$tmp/site" /usr/bin/python3 -c 'import ricochet; print("bundled build/libricochet.so", ricochet.lib)'

# RICOCHET_BUNDLE=0: the wrapper alone, no library inside
RICOCHET_BUNDLE=0 /usr/bin/python3 -m pip install --quiet --no-build-isolation --no-index --no-deps \
    --target "$tmp/bare" "$tmp/checkout/python" >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
test -f "$tmp/bare/ricochet/_lib.py" && test ! -e "$tmp/bare/ricochet/libricochet.so" ||
    { echo "FAILED: RICOCHET_BUNDLE=0 did not install the wrapper alone"; exit 1; }

# python/ alone: no build and no sources to build from
cp -r "$tmp/checkout/python" "$tmp/alone"
rm -rf "$tmp/alone/build"
if /usr/bin/python3 -m pip install --no-build-isolation --no-index --no-deps --target "$tmp/none" "$tmp/alone" \
    >"$tmp/pip.log" 2>&1; then
    echo "FAILED: python/ without its checkout installed"; exit 1
fi
grep -q "cannot bundle libricochet.so.*RICOCHET_BUILD" "$tmp/pip.log" ||
    { cat "$tmp/pip.log"; echo "FAILED: pip's message does not say what the package needs"; exit 1; }
echo "RICOCHET_BUNDLE=0 and python/ alone: as documented"
