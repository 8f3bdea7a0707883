"""MDAnalysis (Debian's python3-mdanalysis, 2.4) opens ricochet's 3D H5MD with MDAnalysis.Universe(path) and no
other argument: the atom count from the particles group `trajectory` (a soft link to particles/all), the positions,
velocities, box and times of every frame equal to the file's (to MDAnalysis's float32), nothing converted; ricochet
still reads the file through particles/all; a 2D file is still refused by MDAnalysis, as it says.

usage: mdanalysis_h5md.py RICOCHET"""
import json
import os
import subprocess
import sys
import tempfile
import warnings

warnings.simplefilter("ignore")
import h5py  # noqa: E402
import MDAnalysis  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import RICOCHET, check, failures  # noqa: E402


def run_scene(tmp, dimension):
    folder = os.path.join(tmp, f"run{dimension}")
    scene = {"dimension": dimension, "box": {"periodic": True},
             "particles": {"lattice": "fcc" if dimension == 3 else "hexagonal", "count": 108 if dimension == 3 else 100,
                           "packing_fraction": 0.3, "diameter": 1, "mass": 1},
             "temperature": 1.0, "seed": 2, "stop": {"time": 0.35},
             "output": {"every": 0.1, "h5md": True, "directory": folder}}
    path = os.path.join(tmp, f"scene{dimension}.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    subprocess.run([RICOCHET, "run", path, "-q"], check=True, capture_output=True)
    return os.path.join(folder, "trajectory.h5md")


with tempfile.TemporaryDirectory() as tmp:
    path = run_scene(tmp, 3)
    u = MDAnalysis.Universe(path)
    with h5py.File(path, "r") as f:
        p = f["particles/all"]
        x, v = p["position/value"][()], p["velocity/value"][()]
        edges, times = p["box/edges/value"][()], p["position/time"][()]
        check(f["particles/trajectory"] == p, "particles/trajectory is particles/all")
    check(u.atoms.n_atoms == x.shape[1], f"atoms: {u.atoms.n_atoms}, not {x.shape[1]}")
    check(len(u.trajectory) == len(x), f"frames: {len(u.trajectory)}, not {len(x)}")
    for k, ts in enumerate(u.trajectory):
        check(np.array_equal(ts.positions, np.float32(x[k])), f"frame {k}: positions")
        check(np.array_equal(ts.velocities, np.float32(v[k])), f"frame {k}: velocities")
        check(np.allclose(ts.dimensions[:3], np.diag(edges[k])) and np.all(ts.dimensions[3:] == 90), f"frame {k}: box")
        check(np.isclose(ts.time, times[k], rtol=1e-6, atol=0), f"frame {k}: time {ts.time}, not {times[k]}")
    analysed = json.loads(subprocess.run([RICOCHET, "analyze", path], check=True, capture_output=True).stdout)
    check(analysed["frames"] == len(x), "ricochet analyze still reads the file")
    try:
        MDAnalysis.Universe(run_scene(tmp, 2))
        check(False, "MDAnalysis opened a 2D file")
    except (ValueError, KeyError) as e:
        check("3-dimensional" in str(e), f"2D refused for another reason: {e}")

if failures:
    sys.exit(f"{len(failures)} checks failed")
print("mdanalysis h5md: all checks passed")
