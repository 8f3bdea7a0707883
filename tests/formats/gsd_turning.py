# SPDX-License-Identifier: MIT
"""particles/moment_inertia and particles/angmom of trajectory.gsd against HOOMD-blue's convention, read with gsd
itself (Debian's python3-gsd) and checked against an independent computation:
- time-stepped bodies in 3D (a box, a ball, an irregular hull) and 2D (a box): the principal moments, and the angular
  momentum quaternion p = 2 q ⊗ (0, L_body) with L computed here from the run's own angular velocities (the
  Simulation's state at the end, which is the file's last frame) and the shapes' textbook inertia (a box m (b² + c²)
  / 3, a ball 2 m r² / 5); the hull's from its principal frame: L = R(q) diag(I) R(q)ᵀ ω;
- rough event-driven spheres: moment_inertia q m σ² / 4 on the diagonal, angmom (0, 2 I ω) (the orientation is the
  identity), ω from the run's extended XYZ frame of the same instant.

usage: gsd_turning.py RICOCHET (with PYTHONPATH holding python/ and RICOCHET_LIBRARY the library)"""
import json
import os
import subprocess
import sys
import tempfile

import gsd.hoomd
import numpy as np

RICOCHET = sys.argv[1]
import ricochet  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures, xyz_frames  # noqa: E402 (after RICOCHET)


def qmul(a, b):
    """The Hamilton product of quaternions (w, x, y, z)."""
    return np.array([a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
                     a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
                     a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
                     a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]])


def rotation(q):
    """The rotation matrix of a unit quaternion."""
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def close(a, b, what, tolerance=2e-6):
    """float32 values against float64 ones, relative to the largest."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    scale = max(np.max(np.abs(b)), 1e-30)
    check(a.shape == b.shape and np.max(np.abs(a - b)) <= tolerance * scale, f"{what}: {a} != {b}")


def run_rigid(folder, scene):
    """Runs scene with GSD output through the Python Simulation: its last frame and the state at the end."""
    sim = ricochet.Simulation(scene, out=folder)
    sim.run()
    state = {"w": sim.angular_velocities, "q": sim.orientations, "m": sim.masses}
    sim.finish()
    with gsd.hoomd.open(os.path.join(folder, "trajectory.gsd"), "rb") as t:
        return t[-1], state


def rigid_3d(folder):
    bodies = [{"shape": "box", "half_extents": [0.5, 0.3, 0.2], "mass": 2.0, "position": [0, 0, 0],
               "orientation": [0.8, 0.3, -0.4, 0.33], "angular_velocity": [3, -4, 6]},
              {"shape": "ball", "radius": 0.4, "mass": 1.5, "position": [4, 0, 0], "angular_velocity": [1, 2, -3]},
              {"shape": "hull", "points": [[0, 0, 0], [1.5, 0, 0], [0, 0.7, 0], [0.2, 0.3, 1.1], [1, 1, 0.4]],
               "mass": 1.0, "position": [-4, 0, 0], "angular_velocity": [-2, 1, 0.5]}]
    frame, state = run_rigid(folder, {"dynamics": "time-stepping", "dimension": 3, "time_step": 0.001,
                                      "bodies": bodies, "stop": {"time": 0.05}, "output": {"gsd": True}})
    p = frame.particles
    check(p.moment_inertia is not None and p.angmom is not None, "3D bodies: no moment_inertia or angmom")
    m, w, q = state["m"], state["w"], state["q"]
    a, b, c = bodies[0]["half_extents"]
    textbook = [np.array([b * b + c * c, a * a + c * c, a * a + b * b]) * m[0] / 3, np.full(3, 0.4 * m[1] * 0.16)]
    for i, inertia in enumerate(textbook):  # diagonal in the body frame: the orientation is the body's
        close(p.moment_inertia[i], inertia, f"body {i}: moment_inertia")
        close(p.orientation[i], q[i], f"body {i}: orientation")
        body = inertia * (rotation(q[i]).T @ w[i])
        close(p.angmom[i], 2 * qmul(q[i], np.concatenate([[0], body])), f"body {i}: angmom")
    # the hull: its principal frame turns its angular velocity into the file's angular momentum
    principal = p.orientation[2].astype(float)
    r = rotation(principal)
    momentum = r @ np.diag(p.moment_inertia[2].astype(float)) @ r.T @ w[2]
    close(p.angmom[2], 2 * qmul(principal, np.concatenate([[0], r.T @ momentum])), "hull: angmom")
    check(abs(np.linalg.norm(principal) - 1) < 1e-6, f"hull: principal orientation {principal} is not a unit")
    # a rotation of the principal frame into the body's: the same body, q' = q ⊗ q_p
    q_p = qmul(np.array([q[2][0], -q[2][1], -q[2][2], -q[2][3]]), principal)
    check(abs(np.linalg.norm(q_p) - 1) < 1e-6, "hull: q* ⊗ q' is not a rotation")
    check(np.all(p.moment_inertia[2] > 0), f"hull: moments {p.moment_inertia[2]}")
    check(np.max(np.abs(principal - q[2])) > 1e-3, "hull: its body frame is principal; the test needs one that is not")


def rigid_2d(folder):
    bodies = [{"shape": "box", "half_extents": [0.5, 0.25], "mass": 3.0, "position": [0, 0], "orientation": 0.3,
               "angular_velocity": 2.5}]
    frame, state = run_rigid(folder, {"dynamics": "time-stepping", "dimension": 2, "time_step": 0.001,
                                      "bodies": bodies, "stop": {"time": 0.05}, "output": {"gsd": True}})
    p, w, q = frame.particles, state["w"], state["q"]
    izz = 3.0 * (0.25 + 0.0625) / 3
    close(p.moment_inertia[0], [0, 0, izz], "2D box: moment_inertia (0, 0, I_zz)")
    close(p.angmom[0], 2 * qmul(q[0], np.array([0, 0, 0, izz * w[0][2]])), "2D box: angmom")


def spin_columns(path):
    """Where angular_velocity:R:3 lies among an extended XYZ file's columns after the species."""
    with open(path) as f:
        f.readline()
        fields = f.readline().split("Properties=")[1].split()[0].split(":")
    at = 0
    for name, kind, width in zip(fields[0::3], fields[1::3], fields[2::3]):
        if name == "angular_velocity":
            return slice(at - 1, at - 1 + int(width))  # less the species, which xyz_frames keeps apart
        at += int(width)
    raise SystemExit(f"{path}: no angular_velocity column")


def rough(folder):
    scene = {"dimension": 3, "box": {"periodic": True}, "temperature": 1.0, "seed": 4,
             "particles": {"lattice": "fcc", "count": 32, "packing_fraction": 0.35, "diameter": 1.2, "mass": 2.0,
                           "inertia": 0.4},
             "tangential_restitution": 0.5, "stop": {"time": 2.0},
             "output": {"every": 0.5, "gsd": True, "xyz": True, "directory": folder}}
    path = os.path.join(os.path.dirname(folder), "rough.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    p = subprocess.run([RICOCHET, "run", path], capture_output=True, text=True)
    if p.returncode:
        raise SystemExit(f"ricochet run {path}: {p.stderr}")
    xyz = xyz_frames(os.path.join(folder, "trajectory.xyz"))
    spin = spin_columns(os.path.join(folder, "trajectory.xyz"))
    with gsd.hoomd.open(os.path.join(folder, "trajectory.gsd"), "rb") as t:
        check(len(t) == len(xyz), f"rough: {len(t)} GSD frames, {len(xyz)} XYZ frames")
        for k, (g, x) in enumerate(zip(t, xyz)):
            spins = x["cols"][:, spin]
            inertia = 0.4 * 2.0 * 1.2 ** 2 / 4
            close(g.particles.moment_inertia, np.full((32, 3), inertia), f"rough frame {k}: moment_inertia")
            want = np.concatenate([np.zeros((32, 1)), 2 * inertia * spins], axis=1)
            close(g.particles.angmom, want, f"rough frame {k}: angmom")
            check(np.any(spins != 0) or k == 0, f"rough frame {k}: no spin to check")


with tempfile.TemporaryDirectory() as tmp:
    rigid_3d(os.path.join(tmp, "rigid3"))
    rigid_2d(os.path.join(tmp, "rigid2"))
    rough(os.path.join(tmp, "rough"))
if failures:
    sys.exit(f"{len(failures)} checks failed")
print("gsd_turning: every check passed")
