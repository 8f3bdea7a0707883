#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes the pictures of the README (docs/img/) with the ricochet tool: the pool break resolved by Generalized
# Reflections beside pairwise Gauss-Seidel (ricochet resolve --frame, then ricochet render), and the cooling of a
# granular gas (ricochet run, then ricochet plot), the last frame of the binary disk mixture coloured by species
# (ricochet run, then ricochet render), the jammed packing of the compression example (the same), and the rigid
# bodies drawn as they are from their runs' shapes.json: the hopper at its end (a few minutes) and the dice in flight;
# the MSD and g(r) of hard spheres (experiments/fig_structure.py, Python's ricochet.analyze with matplotlib), and the
# MSD of 864 hard spheres on log-log axes (ricochet run with H5MD frames, ricochet analyze, ricochet plot); and the
# sheared granular gas (experiments/fig_sheared_granular.py) and the freely cooling rough gas
# (experiments/fig_rough_cooling.py), the granular damper's sweep (experiments/fig_granular_damper.py), and the last frame of
# the Galton board (ricochet run, then ricochet render); the melt of tangent chains, the polymer in a good solvent
# and the melt of rings (ricochet run, then ricochet render). Usage: sh scripts/readme-images.sh [PATH/TO/ricochet]
# (make images runs it with build/ricochet).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$root/build/ricochet}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$root/docs/img"
for op in gr gs; do
    "$tool" resolve "$root/examples/impact/pool_break.json" --operator "$op" --frame "$tmp/pool_$op.xyz" >/dev/null
done
"$tool" render "$tmp/pool_gr.xyz" "$tmp/pool_gs.xyz" --label "Generalized Reflections" \
    --label "pairwise Gauss-Seidel (lexicographic)" --color-by speed --arrows --size 900x400 --out "$tmp/pool" >/dev/null
cp "$tmp/pool/frame_00000.png" "$root/docs/img/pool_break.png"
"$tool" run "$root/examples/edmd/granular_gas.json" --out "$tmp/gas" --no-xyz --quiet >/dev/null
"$tool" plot "$tmp/gas/observables.csv" --columns temperature,pressure,collisions,energy_drift --size 900x560 \
    --out "$root/docs/img/granular_gas.png" >/dev/null
"$tool" run "$root/examples/edmd/binary_disks.json" --out "$tmp/binary" --quiet >/dev/null
tail -n 1002 "$tmp/binary/trajectory.xyz" >"$tmp/binary_last.xyz"
"$tool" render "$tmp/binary_last.xyz" --color-by species --size 460x460 \
    --label "binary disks 1 : 1.4, 50:50, packing fraction 0.55" --out "$tmp/binary_render" >/dev/null
cp "$tmp/binary_render/frame_00000.png" "$root/docs/img/binary_disks.png"
"$tool" run "$root/examples/edmd/compression.json" --out "$tmp/compression" --quiet >/dev/null
tail -n 402 "$tmp/compression/trajectory.xyz" >"$tmp/compression_last.xyz"
"$tool" render "$tmp/compression_last.xyz" --size 460x460 --label "jammed by compression" \
    --out "$tmp/compression_render" >/dev/null
cp "$tmp/compression_render/frame_00000.png" "$root/docs/img/compression_jammed.png"
# The last frame of a time-stepping run of the example, drawn with its shapes.json, as docs/img/NAME.png.
rigid() {
    "$tool" run "$root/examples/rigid/$1.json" --out "$tmp/$1" --quiet $2 >/dev/null
    "$tool" render "$tmp/$1/trajectory.xyz" --size 450x520 --out "$tmp/$1/png" >/dev/null
    cp "$(ls "$tmp/$1/png/"frame_*.png | tail -n 1)" "$root/docs/img/$1.png"
}
rigid hopper ""
rigid dice "--time 0.6"
RICOCHET_LIBRARY=${RICOCHET_LIBRARY:-$(dirname "$tool")/libricochet.so} PYTHONPATH="$root/python:$root/experiments" \
    /usr/bin/python3 "$root/experiments/fig_structure.py" --out "$root/docs/img" >/dev/null
cat >"$tmp/msd.json" <<'EOF'
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": 864, "packing_fraction": 0.45, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 7, "equilibration": {"collisions": 100000}, "stop": {"time": 40},
 "output": {"every": 0.005}}
EOF
"$tool" run "$tmp/msd.json" --out "$tmp/msd" --h5md "$tmp/msd/trajectory.h5md" --no-xyz --quiet >/dev/null
"$tool" analyze "$tmp/msd" --msd --msd-points 16 --out "$tmp/msd/analysis" >/dev/null
rm "$tmp/msd/trajectory.h5md"
"$tool" plot "$tmp/msd/analysis/msd.csv" --columns msd --log xy --errors --size 560x400 \
    --out "$root/docs/img/hard_spheres_msd_loglog.png" >/dev/null
/usr/bin/python3 "$root/experiments/fig_sheared_granular.py" --ricochet "$tool" --out "$tmp" >/dev/null
cp "$tmp/sheared_granular.png" "$root/docs/img/sheared_granular.png"
/usr/bin/python3 "$root/experiments/fig_rough_cooling.py" --ricochet "$tool" --out "$tmp" >/dev/null
cp "$tmp/rough_cooling.png" "$root/docs/img/rough_cooling.png"
/usr/bin/python3 "$root/experiments/fig_granular_damper.py" --ricochet "$tool" --out "$tmp" >/dev/null
cp "$tmp/granular_damper.png" "$root/docs/img/granular_damper.png"
"$tool" run "$root/examples/edmd/galton.json" --out "$tmp/galton" --quiet >/dev/null
n=$(head -n 1 "$tmp/galton/trajectory.xyz")
tail -n $((n + 2)) "$tmp/galton/trajectory.xyz" >"$tmp/galton_last.xyz"
"$tool" render "$tmp/galton_last.xyz" --color-by species --size 420x800 --label "Galton board: 120 disks, fixed pins" \
    --out "$tmp/galton_render" >/dev/null
cp "$tmp/galton_render/frame_00000.png" "$root/docs/img/galton.png"
# the hexatic phase: 10,000 disks compressed to phi = 0.718 (about 31 million collisions), their local psi6 from
# Voronoi neighbours in the last frame and g6(r) over the frames after the compression (t = 75 to 300)
"$tool" run "$root/examples/edmd/hexatic.json" --out "$tmp/hexatic" --quiet >/dev/null
"$tool" render "$tmp/hexatic/trajectory.xyz" --frames 12 --color psi6 --voronoi --color-range 0:1 --size 760x640 \
    --label "10,000 hard disks, phi = 0.718: local psi6 (Voronoi)" --out "$tmp/hexatic/png" >/dev/null
cp "$tmp/hexatic/png/frame_00000.png" "$root/docs/img/hexatic_psi6.png"
"$tool" analyze "$tmp/hexatic" --order --voronoi --frames 3: --g6-range 50 --out "$tmp/hexatic/order" >/dev/null
"$tool" plot "$tmp/hexatic/order/g6.csv" --log xy --size 520x380 --out "$root/docs/img/hexatic_g6.png" >/dev/null
# the melt of tangent chains at its last frame, coloured by height; the polymer's chain alone at its last frame,
# unwrapped along its bonds (the first 64 particles are its beads, in order)
"$tool" run "$root/examples/edmd/chain_melt.json" --out "$tmp/melt" --quiet >/dev/null
"$tool" render "$tmp/melt/trajectory.xyz" --frames 30 --color z --size 600x600 --no-keys --out "$tmp/melt_png" >/dev/null
cp "$tmp/melt_png/frame_00000.png" "$root/docs/img/chain_melt.png"
# unwrap.py TRAJECTORY OUT LENGTH COUNT: the last frame's first COUNT molecules of LENGTH beads (beads in bond order,
# particles LENGTH k to LENGTH k + LENGTH - 1 molecule k), each unwrapped along its bonds; one molecule in a box that
# holds it, several centred on a grid of cells 6 apart, one species (colour) each
cat >"$tmp/unwrap.py" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
length, count = int(sys.argv[3]), int(sys.argv[4])
n, frames, i = int(lines[0]), [], 0
while i + 1 < len(lines) and lines[i].strip():
    frames.append(lines[i:i + 2 + n])
    i += 2 + n
last = frames[-1]
edge = float(re.search(r'Lattice="([^ ]+)', last[1]).group(1))
beads = [[float(v) for v in row.split()[1:4]] for row in last[2:2 + n]]
rows, names, side = [], ["H", "He", "Li", "Be", "B", "C", "N", "O", "F"], 1
while side * side < count:
    side += 1
for m in range(count):
    chain = [beads[length * m]]
    for k in range(1, length):
        step = [beads[length * m + k][a] - beads[length * m + k - 1][a] for a in range(3)]
        chain.append([chain[-1][a] + step[a] - edge * round(step[a] / edge) for a in range(3)])
    if count == 1:
        low = [min(p[a] for p in chain) - 1 for a in range(3)]
        size = [max(max(p[a] for p in chain) + 1 - low[a] for a in range(3))] * 3
        shift = [-low[a] for a in range(3)]
    else:
        centre = [sum(p[a] for p in chain) / length for a in range(3)]
        size = [6 * side + 1, 6 * side + 1, 7]
        place = [3.5 + 6 * (m % side), 3.5 + 6 * (m // side), 3.5]
        shift = [place[a] - centre[a] for a in range(3)]
    rows += ["%s %.6f %.6f %.6f 0.5" % ((names[m % 9],) + tuple(p[a] + shift[a] for a in range(3))) for p in chain]
head = ["%d" % len(rows), 'Lattice="%g 0 0 0 %g 0 0 0 %g" Properties=species:S:1:pos:R:3:radius:R:1 Time=60 pbc="F F F"'
        % tuple(size)]
open(sys.argv[2], "w").write("\n".join(head + rows) + "\n")
PY
"$tool" run "$root/examples/edmd/polymer.json" --out "$tmp/polymer" --quiet >/dev/null
/usr/bin/python3 "$tmp/unwrap.py" "$tmp/polymer/trajectory.xyz" "$tmp/chain.xyz" 64 1
"$tool" render "$tmp/chain.xyz" --color x --size 600x600 --no-keys --out "$tmp/chain_png" >/dev/null
cp "$tmp/chain_png/frame_00000.png" "$root/docs/img/polymer.png"
# the ring melt: nine of its rings at the last frame (particles 12k to 12k + 11 are ring k), one colour each
"$tool" run "$root/examples/edmd/ring_melt.json" --out "$tmp/rings" --quiet >/dev/null
/usr/bin/python3 "$tmp/unwrap.py" "$tmp/rings/trajectory.xyz" "$tmp/rings.xyz" 12 9
"$tool" render "$tmp/rings.xyz" --view z --size 600x600 --no-keys --out "$tmp/rings_png" >/dev/null
cp "$tmp/rings_png/frame_00000.png" "$root/docs/img/ring_melt.png"
echo "wrote $root/docs/img/pool_break.png, granular_gas.png, binary_disks.png, compression_jammed.png, hopper.png," \
    "dice.png, hard_spheres_msd.png, hard_spheres_rdf.png, hard_spheres_msd_loglog.png, sheared_granular.png," \
    "rough_cooling.png, granular_damper.png, galton.png, hexatic_psi6.png, hexatic_g6.png, chain_melt.png, polymer.png" \
    "and ring_melt.png"
