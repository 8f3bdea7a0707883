# SPDX-License-Identifier: MIT
"""Paper 000 (Vouga et al. 2017), Fig. 8 and section 6: a 1D Newton's cradle of 5 touching unit balls, the first
moving at 1. Building restitution c = 0 into each pairwise Gauss-Seidel step (every reflection replaced by a perfectly
inelastic pair collision) collapses: each step halves a relative velocity and the loop never ends (left; this
dissipative operator is simulated here in a few lines, since ricochet deliberately does not offer it). ricochet's
model interpolates between the inelastic LCP answer and the elastic loop (section 6.2): it ends, and at c = 0 gives
the common velocity 1/5 (right, one curve per c, read from `ricochet resolve --operator gs --restitution c`).
Writes fig8_collapse.png."""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, resolve

BALLS = 5


def cradle():
    return {"dimension": 1, "contact_tolerance": 1e-9,
            "balls": [{"position": [float(i)], "velocity": [1.0 if i == 0 else 0.0], "mass": 1, "radius": 0.5}
                      for i in range(BALLS)]}


def dissipative_gs(iterations):
    """Lexicographic GS where each step is a perfectly inelastic pair collision."""
    v = [1.0] + [0.0] * (BALLS - 1)
    history = [list(v)]
    for _ in range(iterations):
        k = next((i for i in range(BALLS - 1) if v[i] > v[i + 1]), None)
        if k is None:
            break
        v[k] = v[k + 1] = 0.5 * (v[k] + v[k + 1])
        history.append(list(v))
    return history


def main():
    args = arguments(__doc__)
    history = dissipative_gs(200)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for ball in range(BALLS):
        left.plot([h[ball] for h in history], label=f"ball {ball + 1}")
    left.set_xlabel("Gauss-Seidel iteration")
    left.set_ylabel("velocity")
    left.set_title(f"c = 0 inside each step: still infeasible after {len(history) - 1} steps")
    left.legend()
    restitutions = [0.0, 0.25, 0.5, 0.75, 1.0]
    for c in restitutions:
        answer = resolve(args.ricochet, cradle(), "--operator", "gs", "--restitution", c)
        velocities = [v[0] for v in answer["velocities"]]
        right.plot(range(1, BALLS + 1), velocities, "o-",
                   label=f"c = {c} ({answer['status']}, {answer['iterations']} iterations)")
        print(f"c = {c}: {answer['status']} after {answer['iterations']} iterations, velocities {velocities}")
    right.set_xlabel("ball")
    right.set_ylabel("velocity after the resolve")
    right.set_title("ricochet: interpolation with the inelastic LCP ends")
    right.legend(fontsize=8)
    fig.tight_layout()
    path = os.path.join(args.out, "fig8_collapse.png")
    fig.savefig(path, dpi=120)
    last = history[-1]
    gap = max(last[i] - last[i + 1] for i in range(BALLS - 1))
    print(f"dissipative GS after {len(history) - 1} steps: largest approach speed {gap:.3e} (never 0)")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
