/* SPDX-License-Identifier: MIT */
/* Bonded runs' observables (chains.c): the bond-length histogram and each chain's end-to-end distance and radius of
 * gyration, from frames. */
#ifndef RC_RUN_CHAINS_H
#define RC_RUN_CHAINS_H

#include "run/run.h"

/* Adds a whole frame with bonds, once equilibrated, to the bond-length histogram and the chains' samples. */
rc_status rc_run_chains_sample(rc_run *run, const rc_frame *frame);
/* end_to_end_distance, radius_of_gyration (with _error) and chain_frames, when frames were sampled. */
void rc_run_chains_summary(const rc_run *run, cJSON *summary);
/* DIRECTORY/bond_length_histogram.csv, when frames were sampled. */
rc_status rc_run_chains_write(rc_run *run);
void rc_run_chains_free(rc_run *run);

#endif
