# SPDX-License-Identifier: MIT
"""Puts the C library inside the ricochet package when pip builds it, so that `pip install ./python` works on a machine
where libricochet.so is on no loader path (pyproject.toml holds the package's metadata; this file only adds the step).

The library comes, in this order, from:
1. RICOCHET_BUILD, a CMake build folder of the repository holding libricochet.so, when set (an error when it has none);
2. ../build/libricochet.so, the repository's usual build folder, when it is newer than every file of src/, include/
   and CMakeLists.txt (an older one may not match the sources the package was written against);
3. CMake run on the repository's top level (..) into a temporary folder, building only the shared library (Release),
   offline: it needs cmake, a C compiler and the Debian packages `make deps` installs.
When none works the build stops and says what it needs. RICOCHET_BUNDLE=0 skips all of it: the package is then the
ctypes wrapper alone and loads the system's library (or RICOCHET_LIBRARY's). Because it carries a compiled library the
wheel is tagged for this platform, not as pure Python. The version is the library's (include/ricochet/version.h).
"""
import os
import re
import shutil
import subprocess
import tempfile

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
LIBRARY = "libricochet.so"
NEEDS = ("cmake (3.20 or later), a C compiler and the Debian packages of `make deps` (libglpk-dev, "
         "libsiconos-numerics-dev, libcjson-dev, libccd-dev, libhdf5-dev, libcairo2-dev)")


def newest_source():
    """The latest modification time of the library's sources in the repository (0 when they are not there)."""
    times = [0.0]
    for top in ("src", "include"):
        for folder, _, files in os.walk(os.path.join(TOP, top)):
            times += [os.path.getmtime(os.path.join(folder, f)) for f in files]
    cmake = os.path.join(TOP, "CMakeLists.txt")
    return max(times + ([os.path.getmtime(cmake)] if os.path.exists(cmake) else []))


def built_library():
    """The already built libricochet.so to take (RICOCHET_BUILD's, or ../build's when up to date), or None."""
    folder = os.environ.get("RICOCHET_BUILD")
    if folder:
        path = os.path.join(folder, LIBRARY)
        if not os.path.exists(path):
            raise SystemExit("ricochet: RICOCHET_BUILD=%s holds no %s (build it: cmake --build %s --target "
                             "ricochet_shared)" % (folder, LIBRARY, folder))
        return path
    path = os.path.join(TOP, "build", LIBRARY)
    if os.path.exists(path) and os.path.getmtime(path) >= newest_source():
        return path
    return None


def cmake_library(scratch):
    """Builds libricochet.so with CMake from the repository's top level into the folder scratch; returns its path."""
    if not os.path.exists(os.path.join(TOP, "CMakeLists.txt")):
        raise SystemExit("ricochet: cannot bundle %s: %s is not the top of a ricochet checkout (no CMakeLists.txt) and "
                         "no built library was found; build the package from the repository's python/ folder, set "
                         "RICOCHET_BUILD to a build folder holding %s, or RICOCHET_BUNDLE=0 to install the wrapper "
                         "alone over an installed library" % (LIBRARY, TOP, LIBRARY))
    if shutil.which("cmake") is None:
        raise SystemExit("ricochet: cannot build %s: cmake is not on PATH; it needs %s" % (LIBRARY, NEEDS))
    environment = dict(os.environ)
    environment.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
    for command in (["cmake", "-S", TOP, "-B", scratch, "-DCMAKE_BUILD_TYPE=Release"],
                    ["cmake", "--build", scratch, "--target", "ricochet_shared"]):
        result = subprocess.run(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            raise SystemExit("%s\nricochet: `%s` failed (above); building %s needs %s"
                             % (result.stdout[-4000:], " ".join(command), LIBRARY, NEEDS))
    return os.path.join(scratch, LIBRARY)


def version():
    """The package's version: the library's, from include/ricochet/version.h (the one source CMake reads too), so the
    two cannot drift apart; "0+unknown" for python/ built away from its checkout."""
    try:
        with open(os.path.join(TOP, "include", "ricochet", "version.h"), encoding="utf-8") as f:
            numbers = dict(re.findall(r"^#define RC_VERSION_(MAJOR|MINOR|PATCH) (\d+)$", f.read(), re.MULTILINE))
        return "%s.%s.%s" % (numbers["MAJOR"], numbers["MINOR"], numbers["PATCH"])
    except (OSError, KeyError):
        return "0+unknown"


class BuildWithLibrary(build_py):
    """build_py, then libricochet.so copied into the built package beside _lib.py, which loads it from there."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "ricochet", LIBRARY)
        if os.environ.get("RICOCHET_BUNDLE") == "0":
            if os.path.exists(target):  # left in the build folder by an earlier build that bundled it
                os.remove(target)
            return
        path = built_library()
        if path is not None:
            self.announce("ricochet: bundling %s" % path, level=2)
            shutil.copyfile(path, target)  # the file the symbolic links lead to, under the name _lib.py looks for
            return
        with tempfile.TemporaryDirectory(prefix="ricochet-build-") as scratch:
            self.announce("ricochet: building %s with CMake in %s" % (LIBRARY, scratch), level=2)
            shutil.copyfile(cmake_library(scratch), target)


class PlatformDistribution(Distribution):
    """A distribution that carries a compiled library: its wheel is tagged for this platform and Python."""

    def has_ext_modules(self):
        return os.environ.get("RICOCHET_BUNDLE") != "0"


setup(version=version(), cmdclass={"build_py": BuildWithLibrary}, distclass=PlatformDistribution)
