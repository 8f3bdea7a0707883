# SPDX-License-Identifier: MIT
"""Shared helpers for the experiments that run the C drivers in experiments/*.c, which CMake builds as exp_<name>
in the same build directory as the ricochet tool: where a driver is, running it, and the hard-sphere gas driver
(exp_hard_sphere_gas) with its settings as keywords."""
import json
import os
import subprocess


def driver(ricochet, name):
    """The path of exp_<name> beside the ricochet tool."""
    path = os.path.join(os.path.dirname(os.path.abspath(ricochet)), "exp_" + name)
    if not os.access(path, os.X_OK):
        raise SystemExit(f"{path} is missing: build the directory that holds {ricochet} first")
    return path


def run(ricochet, name, *options):
    """Runs exp_<name> with the options and returns its standard output."""
    done = subprocess.run([driver(ricochet, name), *map(str, options)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"exp_{name} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def run_json(ricochet, name, *options):
    return json.loads(run(ricochet, name, *options))


def gas(ricochet, **settings):
    """One run of exp_hard_sphere_gas (fcc start, periodic, kT = 1): settings are its key=value options."""
    return run_json(ricochet, "hard_sphere_gas", *(f"{key}={value}" for key, value in settings.items()))


def save_figure(fig, directory, name):
    """Lays out the figure, writes it as directory/name and says where."""
    fig.tight_layout()
    path = os.path.join(directory, name)
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")
