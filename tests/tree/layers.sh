#!/bin/sh
# SPDX-License-Identifier: MIT
# The floors of the library (docs/architecture.md, "Floors"): a file of src/ includes headers of its own floor or lower
# ones only, the private headers by their folder ("io/cell.h", "scene/run_scene.h") and the public ones by the floor of what they declare
# ("ricochet/run.h" is the run driver's). A file that reaches up is named with the header.
# Usage: layers.sh SOURCE_DIR
set -eu
cd "$1"
find src -name '*.[ch]' | sort | while read -r file; do
    grep -o '#include "[a-z_]*/[a-z_0-9]*\.h"' "$file" | sed 's/#include "//; s/"$//' | sed "s#^#$file #"
done | awk '
BEGIN {
    split("core 1 json 2 impact 2 edmd 3 rigid 3 io 4 scene 5 run 6 analysis 6 render 7 bindings 8", f, " ")
    for (i = 1; i < 23; i += 2) floor[f[i]] = f[i + 1]
    split("core 1 frame 1 version 1 impact 2 edmd 3 ranks 3 rigid 3 output 4 trajectory 4 io 5 scene 5 rigid_scene 5 " \
          "run 6 command 6 live 6 sweep 6 exchange 6 mpi 6 analysis 6 render 7 ricochet 8", p, " ")
    for (i = 1; i < 43; i += 2) public[p[i]] = p[i + 1]
}
{
    split($1, path, "/"); split($2, header, "/")
    own = floor[path[2]]
    if (header[1] == "ricochet") { name = header[2]; sub(/\.h$/, "", name); reach = public[name] }
    else reach = floor[header[1]]
    if (own == "" || reach == "") { print $1 ": " $2 ": a folder or public header without a floor"; bad = 1 }
    else if (reach + 0 > own + 0) { print $1 " (floor " own ") includes " $2 " (floor " reach ")"; bad = 1 }
    n++
}
END { if (bad) exit 1; print "layers: " n " includes, none reaching up" }'
