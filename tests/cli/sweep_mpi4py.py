# SPDX-License-Identifier: MIT
# rc_sweep_execute_mpi (ricochet/mpi.h) from Python under mpirun, as docs/python.md ("Under MPI") shows: mpi4py owns
# MPI, ctypes loads libricochet_mpi.so and passes the communicator's handle. Run by tests/cli/sweep.sh under mpirun -n 3.
# Usage: mpirun -n K python3 tests/cli/sweep_mpi4py.py BUILD_DIR SWEEP_FILE OUT_DIR
import ctypes
import sys

from mpi4py import MPI

lib = ctypes.CDLL(sys.argv[1] + "/libricochet_mpi.so")
lib.rc_sweep_execute_mpi.argtypes = [ctypes.c_void_p] * 5
sweep = ctypes.c_void_p()
assert lib.rc_sweep_create_from_file(sys.argv[2].encode(), ctypes.byref(sweep)) == 0
assert lib.rc_sweep_set_directory(sweep, sys.argv[3].encode()) == 0
status = lib.rc_sweep_execute_mpi(sweep, MPI._handleof(MPI.COMM_WORLD), None, None, None)
lib.rc_sweep_destroy(sweep)
sys.exit(status)
