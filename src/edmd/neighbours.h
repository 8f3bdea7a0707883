/* SPDX-License-Identifier: MIT */
/* Anchors, cells and neighbour lists of the event-driven engine (neighbours.c), and the lists' storage (lists.c). */
#ifndef RC_EDMD_NEIGHBOURS_H
#define RC_EDMD_NEIGHBOURS_H

#include "edmd/engine.h"

rc_status rc_edmd_neighbours_create(rc_edmd *e);
void rc_edmd_neighbours_destroy(rc_edmd *e);
/* Builds every anchor, cell list and neighbour list from the current positions (all particles at time now). */
rc_status rc_edmd_neighbours_build_all(rc_edmd *e);
/* The interior's bounds: an anchor at least the longest list reach R (reach_factor times the largest diameter, plus
 * twice the shell) from every periodic face has every neighbour's anchor (in the box, within R of its own) at the
 * minimum image's difference already, and when R plus twice the shell and a diameter is under half the box, every
 * neighbour's position too: the scans of such particles leave the minimum image out (it would add zero). Set by
 * every build of all lists and whenever the diameters grow. */
void rc_edmd_interior_bounds(rc_edmd *e);
/* Particle k (streamed to now) left its shell: wrap it into the box, re-anchor it and rebuild its list. */
rc_status rc_edmd_neighbours_rebuild(rc_edmd *e, int32_t k);
/* Whether the cells two shell events at anchors a and b read and write are apart (none in common): the events may
 * then run at once on two threads. */
bool rc_edmd_cells_apart(const rc_edmd *e, const double a[3], const double b[3]);
/* The lists' storage. Rows of `capacity` entries of `width` bytes (3, only below 2^24 particles, or 4; 0:
 * the engine's choice, 3 from RC_NARROW_LISTS particles; the same lists and bits either way); every list empty after
 * rc_edmd_lists_clear. A list longer than its row moves to the spill and back; a pointer from rc_edmd_list stays valid
 * until k's list grows or shrinks to the row's capacity. */
rc_status rc_edmd_lists_create(rc_edmd *e, int32_t capacity, int32_t width);
void rc_edmd_lists_destroy(rc_edmd *e);
void rc_edmd_lists_clear(rc_edmd *e);
/* Particle k's list made `count` entries long, copied from `entries`, taking a spill row from j's stock or giving
 * one back to it (journal.c). */
void rc_edmd_list_put_back(rc_edmd *e, struct rc_edmd_journal *j, int32_t k, int32_t count, const uint8_t *entries);
/* Fills j's stock of spill rows from the pool, before a batch; gives them all back, after the batches. */
rc_status rc_edmd_lists_stock(rc_edmd *e, struct rc_edmd_journal *j);
void rc_edmd_lists_unstock(rc_edmd *e, struct rc_edmd_journal *j);
rc_status rc_edmd_list_add(rc_edmd *e, int32_t k, int32_t j);
void rc_edmd_list_remove(rc_edmd *e, int32_t k, int32_t j);
/* Cuts k's list to its first count entries. */
void rc_edmd_list_set_length(rc_edmd *e, int32_t k, int32_t count);
/* The room a box leaves the shell: half of what 0.499 of the narrowest periodic edge leaves after the
 * longest pair range (the largest diameter times reach_factor: an edge then holds two neighbour reaches); INFINITY
 * when no axis is periodic. */
double rc_edmd_shell_room(const rc_edmd *e, const double box[3]);
/* The shell cut to the room of the present box, the cells and lists made anew for it (not filled: build_all). */
rc_status rc_edmd_neighbours_resize(rc_edmd *e);

#endif
