#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Damaged checkpoints with a valid checksum, through the release build (docs/fuzzing.md, "Checkpoint mutants").

The checkpoint's checksum (FNV-1a) only catches accidents: anyone can recompute it. What keeps a damaged checkpoint
from crashing, hanging or resuming into nonsense are the value checks of the readers (the engines' state restores,
the driver's settings restore). This test takes the checkpoints of a few short runs (event-driven with every
measurement, event-driven granular with walls and gravity, time-stepped rigid bodies), makes thousands of mutants of
each from deterministic seeds (in the engine's state and the measurements' sums, bits flipped and bytes set at random
places, whole aligned 8-byte and 4-byte words set to NaN, infinities, zero, -1, huge and tiny values or their own value
scaled; the settings' and position's tagged fields given such values, dropped or given another type; the text records
changed), writes
each with its checksum recomputed into a copy of the run's folder and resumes it there with `ricochet run --resume`
under a time limit. Every mutant must end with exit 0 and a summary of finite numbers, or exit 2 with a message; never
a signal, another exit code, a time-out, or a file written outside the copy's folder. With 50 mutants or more per run,
some of each run's must be refused and some resumed: otherwise the mutations no longer reach the readers' checks.

usage: checkpoint_mutants.py RICOCHET [MUTANTS_PER_RUN [SEED]]; exits 1 listing the first bad mutants.
"""
import concurrent.futures
import copy
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import checkpoint_file  # noqa: E402

TOOL = os.path.abspath(sys.argv[1])
PER_RUN = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
TIMEOUT = 10  # seconds for one resume; a sound resume of these runs takes well under one

# The records mutated and how often: the binary ones most of the time, the texts now and then (a scene changed under
# its state). The settings and the position are records of fields, each mutated as one value.
WEIGHTS = {"version": 1, "scene": 4, "directory": 2, "h5md_path": 2, "settings": 20, "position": 20, "engine": 40,
           "measurements": 30, "changes": 5}

# Short runs whose checkpoint lands mid-run; each resumes to its stop in a fraction of a second.
SCENES = {
    "measured": {
        "dimension": 3, "box": {"periodic": True}, "temperature": 1, "seed": 3,
        "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1},
        "equilibration": {"time": 0.5}, "stop": {"time": 2.5},
        "output": {"every": 0.5, "h5md": True, "checkpoint_every": 2},
        "measure": {"diffusion": True, "viscosity": True, "thermal_conductivity": True,
                    "rdf": {"bins": 20, "range": 1.5}, "structure_factor": True},
    },
    "granular": {
        "dimension": 2, "box": {"size": [8, 8], "periodic": [False, False]}, "temperature": 1, "seed": 5,
        "gravity": [0, -1], "restitution": 0.9,
        "particles": {"lattice": "random", "count": 12, "packing_fraction": 0.2, "diameter": 1},
        "stop": {"time": 2.5}, "output": {"every": 0.5, "checkpoint_every": 2},
    },
    "rigid": {
        "dynamics": "time-stepping", "dimension": 3, "time_step": 0.002, "gravity": [0, 0, -9.81],
        "bodies": [{"shape": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0, 0, 0.6],
                    "velocity": [0.3, 0, 0], "grid": {"counts": [1, 1, 3], "spacing": [0, 0, 1.05]}}],
        "static": [{"shape": "plane", "position": [0, 0, 0], "normal": [0, 0, 1]}],
        "stop": {"time": 0.25}, "output": {"every": 0.05, "checkpoint_every": 0.2},
    },
}


DOUBLES = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, -1.0, 1e300, -1e300, 1e-300, 5e-324, 2.0 ** 64,
           1e12, -1e12, 1e6]
WORDS = [0, 1, 2 ** 63, 2 ** 64 - 1, 2 ** 32, 2 ** 31 - 1, 0x0101010101010101, 0x7FF0000000000001]
INTS = [0, 1, -1, 2 ** 31 - 1, -2 ** 31, 255, 65536]


def mutate_bytes(b, rng, kinds):
    """Changes bytearray b in place one way of kinds; returns what was done."""
    kind = rng.choice(kinds)
    if kind in ("double", "word", "scale") and len(b) < 8 or kind == "int" and len(b) < 4:
        kind = "byte"
    if kind == "bit":
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    elif kind == "bits":  # a few flips in one place
        i = rng.randrange(len(b))
        for j in range(i, min(len(b), i + 8)):
            b[j] ^= rng.randrange(256)
    elif kind == "byte":
        i = rng.randrange(len(b))
        b[i] = rng.choice([0, 1, 0x7F, 0x80, 0xFF, rng.randrange(256)])
    elif kind == "double":
        i = 8 * rng.randrange(len(b) // 8)
        struct.pack_into("<d", b, i, rng.choice(DOUBLES))
    elif kind == "word":
        i = 8 * rng.randrange(len(b) // 8)
        struct.pack_into("<Q", b, i, rng.choice(WORDS))
    elif kind == "scale":
        i = 8 * rng.randrange(len(b) // 8)
        (x,) = struct.unpack_from("<d", b, i)
        y = x * rng.choice([-1.0, 2.0, 0.5, 1e3, 1e-3, 1 + 2 ** -40]) if math.isfinite(x) else 1.0
        struct.pack_into("<d", b, i, y)
    else:
        i = 4 * rng.randrange(len(b) // 4)
        struct.pack_into("<i", b, i, rng.choice(INTS))
    return "%s at %d" % (kind, i)


def mutate_field(name, fields, rng):
    """Changes one of the records `fields` (inside the record `name`) in place: its value, or drops it, or gives it
    another type code. Returns what was done."""
    field = rng.choice(fields)
    what = "%s.%s" % (name, field[0])
    how = rng.choice(["value", "value", "value", "value", "drop", "retype"])
    if how == "drop":
        fields.remove(field)
        return what + " dropped"
    if how == "retype":
        field[1] = rng.choice([t for t in range(1, 8) if t != field[1]])
        return what + " of type"
    if not field[2]:
        return what + " empty"
    return what + " " + mutate_bytes(field[2], rng, ["bit", "byte", "double", "word", "int", "scale", "bits"])


def mutate(records, rng):
    """One mutant of the records (a new list), a word saying what was done and whether it touched the stop."""
    records = copy.deepcopy(records)
    names = [r[0] for r in records if r[0] in WEIGHTS]
    record = checkpoint_file.find(records, rng.choices(names, [WEIGHTS[n] for n in names])[0])
    name, kind, value = record
    if kind == checkpoint_file.RECORDS:  # one field of the settings or the position
        what = mutate_field(name, value, rng)
        return records, what, what.startswith("settings.stop.") and not what.endswith("of type")
    if name == "engine" and rng.random() < 0.8:
        try:  # a state of tagged records (the time-stepped engine's): one of its fields
            inner = checkpoint_file.parse(value)
        except (ValueError, UnicodeDecodeError, struct.error):
            inner = None
        if inner:
            what = mutate_field(name, inner, rng)
            record[2] = bytearray(checkpoint_file.encode(inner))
            return records, what, False
    if not value:
        return records, "%s empty" % name, False
    binary = kind == checkpoint_file.BYTES
    kinds = ["bit", "byte", "double", "word", "int", "scale", "bits"] if binary else ["bit", "byte"]
    return records, "%s %s" % (name, mutate_bytes(value, rng, kinds)), False


def finite_numbers(value):
    if isinstance(value, dict):
        return all(finite_numbers(v) for v in value.values())
    if isinstance(value, list):
        return all(finite_numbers(v) for v in value)
    return not isinstance(value, float) or math.isfinite(value)


def resume(root, name, number, header, records):
    """Resumes one mutant in its own copy of the run folder: "resumed" or "refused" when it behaved, else a pair
    (the mutation, what went wrong)."""
    folder = os.path.join(root, "m", "%s%05d" % (name, number))
    if os.path.exists(folder):  # another mutant's resume wrote here, outside its own folder
        return "folder %s" % folder, "written by another mutant's resume"
    shutil.copytree(os.path.join(root, name), folder)
    records = copy.deepcopy(records)
    # the copy's own folder (and H5MD file), so that the mutant resumes in place there
    directory, h5md = checkpoint_file.find(records, "directory"), checkpoint_file.find(records, "h5md_path")
    original = bytes(directory[2])
    directory[2] = bytearray(os.fsencode(folder))
    h5md[2] = bytearray(bytes(h5md[2]).replace(original, os.fsencode(folder)))
    what, stop = "unchanged", False
    if number:  # mutant 0 is the checkpoint as written
        records, what, stop = mutate(records, random.Random("%d %s %d" % (SEED, name, number)))
    checkpoint = os.path.join(folder, "checkpoint.rcp")
    with open(checkpoint, "wb") as f:
        f.write(checkpoint_file.write(header, records))
    command = [TOOL, "run", "--resume", checkpoint, "--quiet", "--compact"]
    try:
        try:
            p = subprocess.run(command, cwd=folder, capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            if not stop:
                return what, "no end within %d s" % TIMEOUT
            # a later stop is a longer run, as valid as the same stop in a scene: the scene's stop must end it
            try:
                p = subprocess.run(command + ["--time", str(SCENES[name]["stop"]["time"])], cwd=folder,
                                   capture_output=True, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                return what, "no end within %d s, even with the scene's stop" % TIMEOUT
        err = p.stderr.decode(errors="replace").strip()
        if p.returncode == 0:
            summary = json.loads(p.stdout)
            return "resumed" if finite_numbers(summary) else (what, "exit 0 with numbers that are not finite")
        if p.returncode == 2 and err:
            return "refused"
        return what, "exit %d: %s" % (p.returncode, err[-300:])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    root = tempfile.mkdtemp(prefix="ricochet-mutants-")
    try:
        originals = {}
        for name, scene in SCENES.items():
            path = os.path.join(root, name + ".json")
            with open(path, "w") as f:
                json.dump(scene, f)
            folder = os.path.join(root, name)
            # run to the stop, then drop the files after the checkpoint so that the folder is as a kill leaves it
            subprocess.run([TOOL, "run", path, "--out", folder, "--quiet"], check=True, capture_output=True)
            with open(os.path.join(folder, "checkpoint.rcp"), "rb") as f:
                originals[name] = checkpoint_file.read(f.read())
        os.makedirs(os.path.join(root, "m"))
        expected = set(os.listdir(root))
        tasks, bad, counts = [], [], {}  # counts: per run, the mutants resumed and refused
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for name, (header, records) in originals.items():
                clean = resume(root, name, 0, header, records)
                if clean != "resumed":
                    bad.append((name, 0, "unchanged", "the checkpoint as written does not resume: %s" % (clean,)))
                for number in range(1, PER_RUN + 1):
                    tasks.append((name, number, pool.submit(resume, root, name, number, header, records)))
            for name, number, task in tasks:
                result = task.result()
                if isinstance(result, str):
                    counts.setdefault(name, {"resumed": 0, "refused": 0})[result] += 1
                else:
                    bad.append((name, number) + result)
        stray = sorted(set(os.listdir(root)) - expected) + sorted(os.listdir(os.path.join(root, "m")))
        for name in SCENES:
            c = counts.get(name, {"resumed": 0, "refused": 0})
            print("%s: %d mutants, %d resumed to their end, %d refused with exit 2" %
                  (name, PER_RUN, c["resumed"], c["refused"]))
            if PER_RUN >= 50 and not (c["resumed"] and c["refused"]):  # the mutants no longer reach the checks
                bad.append((name, 0, "all", "of %d mutants none %s" % (PER_RUN, "refused" if c["resumed"] else
                                                                        "resumed")))
        for name, number, what, why in bad[:30]:
            print("BAD %s mutant %d (%s): %s" % (name, number, what, why))
        if stray:
            print("BAD files written outside the mutants' folders: %s" % stray[:10])
        print("checkpoint_mutants: %d of %d mutants misbehaved" % (len(bad), PER_RUN * len(SCENES)))
        return 1 if bad or stray else 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
