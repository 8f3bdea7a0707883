#!/bin/sh
# SPDX-License-Identifier: MIT
# The seam between the run driver and the engines (docs/architecture.md, "The engine interface"): outside the
# adapters (src/run/engines/) and the MPI layer, no file of src/run calls an engine's functions or reaches a run's
# engine by name, and no file outside src/edmd but the event-driven engine's adapter includes that engine's private
# header (the scene readers of src/scene and the formats of src/io build no engine).
# Usage: engine_seam.sh SOURCE_DIR
set -eu
cd "$1"
named=$(find src/run -name '*.c' ! -name '*edmd*' ! -name '*rigid*' ! -name '*adapter*' ! -path '*/engines/*' \
    ! -path '*/mpi/*' -exec grep -HnE 'rc_(edmd|rigid)_[a-z_]+ *\(|run->(edmd|rigid)\b' {} + || true)
if [ -n "$named" ]; then
    echo "src/run names an engine outside its adapter:" >&2
    echo "$named" >&2
    exit 1
fi
private=$(grep -rln '#include "edmd/engine.h"' src | grep -v -e '^src/edmd/' -e '^src/run/engines/edmd.c$' || true)
if [ -n "$private" ]; then
    echo "outside the engine and its adapter, the event-driven engine's private header is included: $private" >&2
    exit 1
fi
echo "engine seam: 0 engine names outside the adapters"
