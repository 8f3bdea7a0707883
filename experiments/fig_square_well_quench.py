# SPDX-License-Identifier: MIT
"""Liquid-vapour separation of a quenched square-well fluid (stepped potentials with history, Bannerman et al. 2014; docs/edmd.md, "Stepped potentials"): the scene
examples/edmd/square_well_quench.json (lambda = 1.5, depth 1, disks at area fraction 0.25 started at kT = 2 and held
by the Andersen thermostat at kT = 0.4, eps / kT = 2.5) run larger and longer (4000 disks to t = 400), rendered by
`ricochet render` at three times side by side: square_well_quench.png in --out (docs/img/ holds the committed copy,
made with --out docs/img). Prints the potential energy per disk, which falls as drops form and merge, and the
stable rule's checks (invalid_states, negative_time_events: 0). About a minute on one core."""
import json
import os
import shutil
import subprocess

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))
TIMES = (10, 60, 400)


def frame_at(path, time, out):
    """Copies the frame of the extended XYZ trajectory at `time` to out."""
    with open(path) as handle:
        while True:
            count = handle.readline()
            if not count:
                raise RuntimeError(f"{path}: no frame at t = {time}")
            header = handle.readline()
            rows = [handle.readline() for _ in range(int(count))]
            if abs(float(header.split("Time=")[1].split()[0]) - time) < 1e-9:
                with open(out, "w") as target:
                    target.write(count + header + "".join(rows))
                return


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "edmd", "square_well_quench.json")) as handle:
        scene = json.load(handle)
    scene["particles"]["count"] = 4000
    scene["stop"] = {"time": TIMES[-1]}
    scene["output"] = {"every": 10, "csv": True}
    directory = os.path.join(args.out, "square_well_quench")
    _, summary = run_scene(args.ricochet, scene, directory)
    with open(os.path.join(directory, "observables.csv")) as handle:
        header = handle.readline().strip().split(",")
        rows = [dict(zip(header, line.strip().split(","))) for line in handle]
    for row in rows:
        if float(row["time"]) in TIMES:
            print(f"t = {float(row['time']):5.0f}: U/N = {float(row['potential_energy']) / 4000:.3f}, "
                  f"kT = {float(row['temperature']):.3f}")
    print(f"{summary['events']} events, {summary['step_events']} step events, invalid_states "
          f"{summary['invalid_states']}, negative_time_events {summary['negative_time_events']}")
    frames = []
    for time in TIMES:
        frames.append(os.path.join(directory, f"t{time}.xyz"))
        frame_at(os.path.join(directory, "trajectory.xyz"), time, frames[-1])
    render = os.path.join(directory, "render")  # each panel is labelled with its time
    subprocess.run([args.ricochet, "render", *frames, "--size", "1200x420", "--out", render], check=True,
                   capture_output=True)
    shutil.copy(os.path.join(render, "frame_00000.png"), os.path.join(args.out, "square_well_quench.png"))
    print("wrote", os.path.join(args.out, "square_well_quench.png"))


if __name__ == "__main__":
    main()
