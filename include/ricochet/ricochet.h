/* SPDX-License-Identifier: MIT */
/* ricochet: hard bodies that collide. The one header to include; it pulls in every area of the public API.
 *   version.h the version macros (RC_VERSION_MAJOR/MINOR/PATCH, RC_VERSION_STRING)
 *   core.h    status codes, last-error text, version
 *   impact.h  simultaneous-impact problems and the resolver that always terminates
 *   frame.h   plain snapshots of a simulation that writers read
 *   edmd.h    the event-driven hard-sphere engine with stable event detection
 *   rigid.h   the time-stepped engine for balls and rigid bodies
 *   io.h      reading impact problems from JSON files
 *   scene.h   reading scene files: whole event-driven runs (ricochet run)
 *   rigid_scene.h  reading time-stepping scene files (ricochet run)
 *   run.h     the run driver: both engines run, stop, write, checkpoint and report the same way
 *   sweep.h   parameter sweeps and ensembles: many runs of one scene, their folders and tables
 *   exchange.h  replica exchange (parallel tempering) over temperatures
 *   output.h  trajectory (extended XYZ, H5MD) and observable (CSV) writers
 *   trajectory.h  reading trajectories back as frames
 *   render.h  pictures of frames and line plots of tables (PNG, cairo)
 *   command.h the command lines of the ricochet tool as data: options, help pages */
#ifndef RICOCHET_H
#define RICOCHET_H

#include "ricochet/analysis.h"
#include "ricochet/command.h"
#include "ricochet/core.h"
#include "ricochet/edmd.h"
#include "ricochet/exchange.h"
#include "ricochet/frame.h"
#include "ricochet/impact.h"
#include "ricochet/io.h"
#include "ricochet/live.h"
#include "ricochet/output.h"
#include "ricochet/ranks.h"
#include "ricochet/render.h"
#include "ricochet/rigid.h"
#include "ricochet/rigid_scene.h"
#include "ricochet/run.h"
#include "ricochet/scene.h"
#include "ricochet/sweep.h"
#include "ricochet/trajectory.h"
#include "ricochet/version.h"

#endif
