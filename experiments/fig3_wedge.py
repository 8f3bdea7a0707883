# SPDX-License-Identifier: MIT
"""Paper 000 (Vouga et al. 2017), Fig. 3: a ball hits a wedge made of the constraints n1 = (0, 1) and
n2 = (sin t, -cos t). The narrower the wedge, the closer the pair is to an implicit equality and the more iterations
lexicographic Gauss-Seidel needs; Generalized Reflections is shown beside it. The ball moves straight into the apex,
so every pair of reflections turns its velocity by 2t and GS needs about pi/t reflections (the dashed line).
Right panel: the paper's convergence certificates k_w = <w_i, v>_M for w_i = (cos(i t/3), sin(i t/3)), i = 1, 2,
after each iteration at t = 10 degrees (read by re-running with --max-iterations 1, 2, ...): both rise monotonically,
as Lemma 5.1 says. Writes fig3_wedge.png."""
import math
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, resolve


def wedge(theta):
    """A unit ball at the origin touching the floor y = -1 and a wall tilted by theta, moving into the apex."""
    n2 = (math.sin(theta), -math.cos(theta))
    return {
        "dimension": 2,
        "balls": [{"position": [0, 0], "velocity": [-math.cos(theta / 2), -math.sin(theta / 2)],
                   "mass": 1, "radius": 1}],
        "walls": [{"point": [0, -1], "normal": [0, 1]},
                  {"point": [-n2[0], -n2[1]], "normal": list(n2)}],
        "contact_tolerance": 1e-9,
    }


def main():
    args = arguments(__doc__)
    degrees = [0.5 * 1.25 ** k for k in range(22)]  # 0.5 to about 54 degrees
    gs, gr = [], []
    for d in degrees:
        problem = wedge(math.radians(d))
        gs.append(resolve(args.ricochet, problem, "--operator", "gs", "--order", "lexicographic")["iterations"])
        gr.append(resolve(args.ricochet, problem, "--operator", "gr")["iterations"])
    theta = math.radians(10)
    problem = wedge(theta)
    total = resolve(args.ricochet, problem, "--operator", "gs")["iterations"]
    certificates = [[], []]
    for i in range(total + 1):
        v = problem["balls"][0]["velocity"] if i == 0 else \
            resolve(args.ricochet, problem, "--operator", "gs", "--max-iterations", i)["velocities"][0]
        for j in (1, 2):
            w = (math.cos(j * theta / 3), math.sin(j * theta / 3))
            certificates[j - 1].append(w[0] * v[0] + w[1] * v[1])

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.loglog(degrees, gs, "o-", label="lexicographic Gauss-Seidel")
    left.loglog(degrees, gr, "s-", label="Generalized Reflections")
    left.loglog(degrees, [180.0 / d for d in degrees], "k--", label=r"$\pi/\theta$")
    left.set_xlabel("wedge angle θ (degrees)")
    left.set_ylabel("iterations to resolve")
    left.set_title("Ball in a wedge: iterations against the wedge angle")
    left.legend()
    steps = range(total + 1)
    right.plot(steps, certificates[0], "o-", label=r"$k_{w_1}$")
    right.plot(steps, certificates[1], "s-", label=r"$k_{w_2}$")
    right.set_xlabel("iteration")
    right.set_ylabel(r"$\langle w_i, \dot q \rangle_M$")
    right.set_title("Certificates at θ = 10°, lexicographic GS")
    right.legend()
    fig.tight_layout()
    path = os.path.join(args.out, "fig3_wedge.png")
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")
    for d, a, b in zip(degrees, gs, gr):
        print(f"theta {d:8.3f} deg: GS {a:5d} iterations, GR {b:3d}, pi/theta {180 / d:8.1f}")


if __name__ == "__main__":
    main()
