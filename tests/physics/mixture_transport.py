# SPDX-License-Identifier: MIT
"""Mixtures' own transport (docs/formats.md, "Transport of mixtures"): each species' D and the interdiffusion
coefficient, from a run's measure and from `ricochet analyze`, against exact identities and Enskog's theory.

Usage: /usr/bin/python3 tests/physics/mixture_transport.py PATH/TO/ricochet

- one species: diffusion_coefficient_species is [diffusion_coefficient] bit for bit (value and error), in the run's
  summary and in the analysis of its trajectory;
- a binary mixture: each species' D is, bit for bit, the D of the trajectory cut down to that species' particles
  (the same correlator over the same positions);
- an equimolar mixture of equal sizes and masses (two labels on one fluid, 256 spheres at phi = 0.25): with equal
  masses the total momentum conserved makes every velocity cross-correlation -1/(N - 1) of the self one, so the
  interdiffusion coefficient is D_self N / (N - 1); checked within 3 combined standard errors;
- masses 1 and 4, equal diameters, rho sigma^3 = 0.1 (250 spheres): equal diameters make the mixture's
  thermodynamics the one-component fluid's, so the thermodynamic factor is exactly 1 and the kinetic interdiffusion
  coefficient is Fick's; it must equal Enskog's first approximation D_12 = 3 / (8 n sigma^2 chi) sqrt(kT / (2 pi mu))
  (Chapman and Cowling, "The Mathematical Theory of Non-Uniform Gases", 3rd ed., sections 10.3 and 16.5; chi the
  Carnahan-Starling contact value, mu the reduced mass) within 3 standard errors plus 6 %: the higher Sonine
  approximations (about 2 %), the ring collisions at this density (about 3 %, as for self-diffusion: Alder, Gass and
  Wainwright, J. Chem. Phys. 53, 3813 (1970)) and the finite box (below 2 %: the hydrodynamic term kT xi / (6 pi
  eta L) relative to D at L = 13.6);
- the species' D of that mixture are ordered as the masses (the light species diffuses faster);
- a run resumed from its last checkpoint ends with the same species' D, interdiffusion coefficient and curve, bit for
  bit (the per-species correlators and the interdiffusion series ride in the checkpoint).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

tool = os.path.abspath(sys.argv[1])
failures = []


def check(ok, message):
    print(("ok      " if ok else "FAILED  ") + message)
    if not ok:
        failures.append(message)


def scene(count, fraction, species, stop, every, seed):
    return {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True] * 3},
            "particles": {"lattice": "random", "count": count, "packing_fraction": fraction, "species": species},
            "temperature": 1.0, "seed": seed, "equilibration": {"time": 10}, "stop": {"time": stop},
            "output": {"every": every}, "measure": {"diffusion": True}}


def run(description, folder, xyz=True):
    with open(folder + ".json", "w") as f:
        json.dump(description, f)
    extra = [] if xyz else ["--no-xyz"]
    subprocess.run([tool, "run", folder + ".json", "--out", folder, "--quiet"] + extra, check=True,
                   stdout=subprocess.DEVNULL)
    with open(folder + "/summary.json") as f:
        return json.load(f)


def analyze(path, *options):
    done = subprocess.run([tool, "analyze", path, "--compact", "--msd"] + list(options), check=True,
                          capture_output=True)
    return json.loads(done.stdout)


def one_species(tmp):
    s = run(scene(108, 0.3, [{"diameter": 1, "mass": 1, "fraction": 1}], 60, 0.5, 3), tmp + "/one")
    for source, summary in (("run", s), ("analyze", analyze(tmp + "/one"))):
        d, e = summary["diffusion_coefficient"], summary["diffusion_coefficient_error"]
        check(summary["diffusion_coefficient_species"] == [d] and summary["diffusion_coefficient_species_error"] == [e]
              and d is not None and d > 0, "%s, one species: D_species %s, D %r +- %r" %
              (source, summary["diffusion_coefficient_species"], d, e))
        check(summary["interdiffusion_coefficient"] is None, "%s, one species: no interdiffusion (%s)" %
              (source, summary["interdiffusion_coefficient"]))


def cut_to(path, label, out):
    """The extended XYZ trajectory at path with only the particles whose species column is label."""
    with open(path) as f, open(out, "w") as o:
        lines = f.read().splitlines()
        at = 0
        while at < len(lines):
            n = int(lines[at])
            kept = [line for line in lines[at + 2:at + 2 + n] if line.split()[0] == label]
            o.write("%d\n%s\n" % (len(kept), lines[at + 1]))
            o.writelines(line + "\n" for line in kept)
            at += 2 + n


def cut_trajectory(tmp):
    species = [{"diameter": 1, "mass": 1, "fraction": 0.6}, {"diameter": 1.2, "mass": 1.7, "fraction": 0.4}]
    run(scene(150, 0.3, species, 60, 0.5, 4), tmp + "/cut")
    whole = analyze(tmp + "/cut/trajectory.xyz")  # every frame, as the cut files (a folder starts after equilibration)
    labels = sorted({line.split()[0] for line in open(tmp + "/cut/trajectory.xyz").read().splitlines()[2:152]},
                    key=len)  # H (species 0), He (species 1)
    for k, label in enumerate(labels):
        cut_to(tmp + "/cut/trajectory.xyz", label, tmp + "/cut_%d.xyz" % k)
        alone = analyze(tmp + "/cut_%d.xyz" % k)
        check(whole["diffusion_coefficient_species"][k] == alone["diffusion_coefficient"] and
              whole["diffusion_coefficient_species_error"][k] == alone["diffusion_coefficient_error"],
              "species %d's D %r +- %r in the mixture, %r +- %r from its particles alone" %
              (k, whole["diffusion_coefficient_species"][k], whole["diffusion_coefficient_species_error"][k],
               alone["diffusion_coefficient"], alone["diffusion_coefficient_error"]))
    check(whole["interdiffusion_species"] == [0, 1] and whole["interdiffusion_coefficient"] > 0,
          "a binary mixture: interdiffusion of species %s, %r" % (whole["interdiffusion_species"],
                                                                   whole["interdiffusion_coefficient"]))


def equal_labels(tmp):
    n = 256
    species = [{"diameter": 1, "mass": 1, "fraction": 0.5}, {"diameter": 1, "mass": 1, "fraction": 0.5}]
    s = run(scene(n, 0.25, species, 4000, 1000, 5), tmp + "/equal", xyz=False)
    d, de = s["diffusion_coefficient"], s["diffusion_coefficient_error"]
    x, xe = s["interdiffusion_coefficient"], s["interdiffusion_coefficient_error"]
    expected = d * n / (n - 1)
    check(abs(x - expected) < 3 * math.hypot(xe, de * n / (n - 1)),
          "equal labels: D_12 = %.4f +- %.4f, D_self N / (N - 1) = %.4f +- %.4f" % (x, xe, expected, de))


def unequal_masses(tmp):
    rho, n = 0.1, 250
    species = [{"diameter": 1, "mass": 1, "fraction": 0.5}, {"diameter": 1, "mass": 4, "fraction": 0.5}]
    s = run(scene(n, math.pi / 6 * rho, species, 12000, 10000, 7), tmp + "/masses", xyz=False)
    fraction = math.pi / 6 * rho
    chi = (1 - fraction / 2) / (1 - fraction) ** 3
    mu = 1 * 4 / (1 + 4)
    enskog = 3 / (8 * rho * chi) * math.sqrt(1 / (2 * math.pi * mu))
    x, xe = s["interdiffusion_coefficient"], s["interdiffusion_coefficient_error"]
    check(abs(x - enskog) < 3 * xe + 0.06 * enskog,
          "masses 1 and 4 at rho = 0.1: D_12 = %.4f +- %.4f, Enskog %.4f (ratio %.3f)" % (x, xe, enskog, x / enskog))
    light, heavy = s["diffusion_coefficient_species"]
    check(light > heavy, "masses 1 and 4: D_light %.4f > D_heavy %.4f" % (light, heavy))


def resumed(tmp):
    species = [{"diameter": 1, "mass": 1, "fraction": 0.5}, {"diameter": 1.1, "mass": 2, "fraction": 0.5}]
    description = scene(128, 0.3, species, 60, 100, 6)
    description["output"]["checkpoint_every"] = 23
    whole = run(description, tmp + "/whole", xyz=False)
    subprocess.run([tool, "run", "--resume", tmp + "/whole/checkpoint.rcp", "--out", tmp + "/resumed", "--quiet",
                    "--no-xyz"], check=True, stdout=subprocess.DEVNULL)
    with open(tmp + "/resumed/summary.json") as f:
        again = json.load(f)
    keys = ("diffusion_coefficient_species", "diffusion_coefficient_species_error", "interdiffusion_coefficient",
            "interdiffusion_coefficient_error")
    curves = [open(folder + "/interdiffusion.csv").read() for folder in (tmp + "/whole", tmp + "/resumed")]
    check(all(whole[k] == again[k] for k in keys) and curves[0] == curves[1] and whole[keys[2]] is not None,
          "resumed from the last checkpoint (time 46): D_species %s, D_12 %r (whole run: %s, %r), same curve: %s" %
          (again[keys[0]], again[keys[2]], whole[keys[0]], whole[keys[2]], curves[0] == curves[1]))


with tempfile.TemporaryDirectory() as tmp:
    resumed(tmp)
    one_species(tmp)
    cut_trajectory(tmp)
    equal_labels(tmp)
    unequal_masses(tmp)
print("%d failed" % len(failures))
sys.exit(1 if failures else 0)
