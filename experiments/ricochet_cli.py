"""Shared helpers for the experiments: run `ricochet resolve` on a problem given as a Python dict and read its
JSON answer, plus the command-line arguments every experiment takes (--ricochet, --out)."""
import argparse
import json
import os
import subprocess
import tempfile


def arguments(description, options=()):
    """Parses --ricochet and --out, plus an experiment's own options: (flags, argparse keywords) pairs."""
    parser = argparse.ArgumentParser(description=description)
    for flags, keywords in options:
        parser.add_argument(*flags, **keywords)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--ricochet", default=os.path.join(here, "..", "build", "ricochet"),
                        help="path to the ricochet tool (default: build/ricochet)")
    parser.add_argument("--out", default=os.path.join(here, "..", "out", "experiments"),
                        help="directory for the PNG plots (default: out/experiments)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    return args


def resolve(ricochet, problem, *options):
    """Resolves one problem; returns the parsed JSON answer. Exit 3 (budget ran out) is an answer too."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(problem, handle)
        path = handle.name
    try:
        done = subprocess.run([ricochet, "resolve", path, *map(str, options)], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if done.returncode not in (0, 3):
        raise RuntimeError(f"ricochet resolve failed ({done.returncode}): {done.stderr.strip()}")
    return json.loads(done.stdout)
