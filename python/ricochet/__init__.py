# SPDX-License-Identifier: MIT
"""ricochet: hard bodies that collide, from Python (docs/python.md). A ctypes interface to libricochet.so.

    ImpactProblem   a simultaneous impact built from numpy arrays, resolved by GR or pairwise Gauss-Seidel
    Simulation      a scene (or arrays: from_arrays) run by either engine: advance, step, writable positions and
                    velocities, set() of parameters between advances, every() for callbacks, snapshot, summary()
    sweep           a parameter sweep or ensemble run on this machine's cores; its table as numpy arrays (or pandas)
    replica_exchange  parallel tempering over temperatures: swap acceptance per pair, samples by callback
    pressure_exchange replica exchange over pressures (a scene with a barostat): acceptance and mean volume per pressure
    parse_ladder    a ladder as `ricochet exchange` reads it ("0.5,0.8,1.2"), its bad entries named
    read_trajectory the frames of an extended XYZ, H5MD or GSD file (or a LAMMPS dump or data file) as Snapshots
    convert_trajectory  a trajectory into another format (.xyz, .h5md, .gsd, .lammpstrj, .data), as `ricochet convert`
    read_curves     the curves of a run's measure (msd, vacf, rdf, ...) from its run folder or H5MD file
    analyze         g(r), S(k), Q6 / psi6, MSD and D of a run folder, a trajectory or Snapshots (plot_msd, plot_rdf, plot_g6)
    plot_csv        line plots of a CSV table (observables.csv, the analysis tables) as a PNG, as `ricochet plot` draws
    render_run      pictures of trajectories side by side (and an MP4 with ffmpeg), as `ricochet render` draws them
    command_help    the help page of a command of the tool, as `ricochet help NAME` prints it
    Error           a failure the library reported (status and message)
    InvalidValue    a state or parameter a Simulation refused (both an Error and a ValueError); nothing changed
    Progress        what a progress callback of Simulation.advance is given
    RicochetWarning what the library warns about (a deprecated scene key, a resolve that may never finish)
"""
from ._lib import Error, InvalidValue, RicochetWarning, lib
from .impact import ImpactProblem, ImpactResolution
from .exchange import parse_ladder, pressure_exchange, replica_exchange
from .live import Progress
from .simulation import Simulation
from .sweep import read_sweep_table, sweep, sweep_seed
from .trajectory import Snapshot, convert_trajectory, read_trajectory
from .analysis import Analysis, analyze, plot_g6, plot_msd, plot_rdf
from .curves import read_curves
from .plot import plot_csv
from .render import render_run
from .command import command_help

__version__ = lib.rc_version_get().decode()
__all__ = ["Analysis", "Error", "ImpactProblem", "InvalidValue", "Progress", "ImpactResolution", "RicochetWarning", "Simulation", "Snapshot", "analyze", "command_help",
           "convert_trajectory",
           "parse_ladder", "plot_csv", "plot_g6", "plot_msd", "plot_rdf", "pressure_exchange", "read_curves", "read_trajectory",
           "read_sweep_table", "render_run", "replica_exchange", "sweep", "sweep_seed", "__version__"]
