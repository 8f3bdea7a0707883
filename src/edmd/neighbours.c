/* SPDX-License-Identifier: MIT */
/* Neighbour lists with a shell (docs/design.md, "Queue"): each particle has an anchor (its position at its last rebuild)
 * and stays within `shell` of it until its shell-exit event rebuilds its list. Two particles can touch before either
 * rebuilds only if their anchors are closer than sigma_ij + 2 shell, so that is the list criterion (with stepped
 * potentials, reach_factor sigma_ij + 2 shell: the outermost step instead of the core). Cells over the
 * anchors serve only to build lists. Lists are symmetric: a rebuild removes the particle from its old neighbours'
 * lists and adds it to its new ones'. */
#include <math.h>
#include <stdlib.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/journal.h"
#include "edmd/neighbours.h"
#include "edmd/shear.h"

/* Cells at least this fraction of a reach wide: 1 measured fastest (27 cells of a reach; halves took 45 % longer
 * and thirds three times as long per rebuild, the cost being the walk through the cells, not the candidates). */
#define CELL_SPLIT 1
/* The cells within reach of a cell; under shear a row across the gradient boundary takes up to 12 flow cells instead
 * of 3 (the reach plus a slack of at most 4 diameters either side, in cells at least a reach wide), and on a gradient
 * edge of fewer than three cells each of its two rows may be reached directly and across it both ways: at most
 * 3 x 2 x (3 + 12 + 12) = 162 cells. */
#define CHAINS ((2 * CELL_SPLIT + 1) * (2 * CELL_SPLIT + 1) * (2 * CELL_SPLIT + 1))
#define SHEAR_CHAINS 192

static int32_t cell_coordinate(const rc_edmd *e, int a, double x)
{
    int32_t c = (int32_t)floor(x / e->cell_size[a]);
    if (c < 0) c = e->periodic[a] ? c % e->cells[a] + e->cells[a] : 0;
    if (c >= e->cells[a]) c = e->periodic[a] ? c % e->cells[a] : e->cells[a] - 1;
    return c;
}

static int32_t cell_of(const rc_edmd *e, const double x[3])
{
    return (cell_coordinate(e, 2, x[2]) * e->cells[1] + cell_coordinate(e, 1, x[1])) * e->cells[0] +
           cell_coordinate(e, 0, x[0]);
}

rc_status rc_edmd_neighbours_create(rc_edmd *e)
{
    double reach = e->reach_factor * e->max_diameter + 2 * e->shell;
    size_t total = 1;
    for (int a = 0; a < 3; a++) {
        /* counted as a double until the halving below brings it within int32_t (a box of 1e10 over a reach of 1
         * asks for 1e10 cells first; a restored state's shell of 1e-250, for 1e250) */
        double cells = floor(e->box[a] * CELL_SPLIT / reach);
        if (isnan(cells) || cells == INFINITY)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "neighbour lists: the box edge %g over the reach %g is no number of "
                           "cells",
                           e->box[a], reach);
        if (cells < 1 || (a == 2 && e->dimension == 2)) cells = 1;
        /* enough cells for a fine grid, not so many that empty cells dominate memory */
        while ((double)total * cells > 4.0 * e->n + 64 && cells > 1) cells = floor((cells + 1) / 2);
        e->cells[a] = (int32_t)cells;
        e->cell_size[a] = e->box[a] / cells;
        total *= (size_t)cells;
    }
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    double volume_per_particle = 1;
    for (int a = 0; a < e->dimension; a++) volume_per_particle *= e->box[a];
    volume_per_particle /= (double)n;
    /* rows a little longer than the expected list (a few per cent of the lists are longer, and spill; at 256,000
     * particles and packing fraction 0.45 the lists are 12 long on average, at most 18, and rows hold 14) */
    double ball = e->dimension == 3 ? 4.18879 * reach * reach * reach : 3.14159 * reach * reach;
    double capacity = ceil(1.1 * ball / volume_per_particle);
    e->cell_head = malloc(total * sizeof *e->cell_head);
    e->anchor = rc_alloc_large(n, sizeof *e->anchor);
    rc_status s = rc_edmd_lists_create(e, capacity < e->n ? (int32_t)capacity : e->n, 0);
    if (s != RC_STATUS_OK) return s;
    if (!e->cell_head || !e->anchor)
        return rc_fail(RC_STATUS_NO_MEMORY, "neighbour lists: out of memory for %d particles", (int)e->n);
    return RC_STATUS_OK;
}

double rc_edmd_shell_room(const rc_edmd *e, const double box[3])
{
    double narrowest = INFINITY;
    for (int a = 0; a < e->dimension; a++)
        if (e->periodic[a]) narrowest = fmin(narrowest, box[a]);
    return 0.5 * (0.499 * narrowest - e->reach_factor * e->max_diameter);
}

rc_status rc_edmd_neighbours_resize(rc_edmd *e)
{
    double room = rc_edmd_shell_room(e, e->box);
    if (room < e->shell) {
        e->shell = room;
        e->shell_exit = room * (1 - 1e-9);
    }
    rc_edmd_neighbours_destroy(e);
    e->cell_head = NULL, e->anchor = NULL, e->neighbours = NULL, e->spill = NULL;
    return rc_edmd_neighbours_create(e);
}

void rc_edmd_neighbours_destroy(rc_edmd *e)
{
    free(e->cell_head);
    free(e->anchor);
    rc_edmd_lists_destroy(e);
}

static void cell_insert(rc_edmd *e, int32_t k)
{
    int32_t c = cell_of(e, e->anchor[k].x);
    if (e->journal) rc_edmd_journal_link(e, &e->anchor[k].next), rc_edmd_journal_link(e, &e->cell_head[c]);
    e->anchor[k].next = e->cell_head[c];
    e->cell_head[c] = k;
}

/* Takes k out of its cell's list, found by walking it (a cell holds a few anchors). */
static void cell_remove(rc_edmd *e, int32_t k)
{
    int32_t *at = &e->cell_head[cell_of(e, e->anchor[k].x)];
    while (*at != k) at = &e->anchor[*at].next;
    if (e->journal) rc_edmd_journal_link(e, at);
    *at = e->anchor[k].next;
}

/* The distinct cell offsets along an axis: -CELL_SPLIT .. CELL_SPLIT, or every cell once on a short axis. */
static int offsets(const rc_edmd *e, int a, int32_t home, int32_t *out)
{
    if (e->cells[a] >= 2 * CELL_SPLIT + 1) {
        for (int m = 0; m <= 2 * CELL_SPLIT; m++) out[m] = m - CELL_SPLIT;
        return 2 * CELL_SPLIT + 1;
    }
    for (int32_t m = 0; m < e->cells[a]; m++) out[m] = m - home;
    return e->cells[a];
}

/* Particle j was found within reach of k. k's list holds, in order, the old neighbours already found again
 * ([0, *kept)), the old ones not found yet ([*kept, old)) and any new ones (from old on). An old neighbour found
 * again moves into the first part, and neither list is touched: returns true. */
static inline __attribute__((always_inline)) bool found_again(uint8_t *list, int32_t width, int32_t j, int32_t *kept,
                                                              int32_t old)
{
    if (*kept < old && rc_edmd_entry(list, *kept, width) == j) { /* the next old one: nothing moves */
        (*kept)++;
        return true;
    }
    int32_t m = rc_edmd_list_find(list, *kept + 1, old, j, width);
    if (m < 0) return false;
    rc_edmd_entry_set(list, m, rc_edmd_entry(list, *kept, width), width);
    rc_edmd_entry_set(list, (*kept)++, j, width);
    return true;
}

/* The new neighbours join k's list, and k theirs. */
static rc_status join(rc_edmd *e, int32_t k, const int32_t *arrivals, int32_t count)
{
    for (int32_t m = 0; m < count; m++) {
        rc_status s = rc_edmd_list_add(e, k, arrivals[m]);
        if (s == RC_STATUS_OK) s = rc_edmd_list_add(e, arrivals[m], k);
        if (s != RC_STATUS_OK) return s;
    }
    return RC_STATUS_OK;
}

/* A cell's linked list being walked: its next member, and the periodic shift that carries differences to that
 * cell's members to the image next to k (the shift rc_edmd_minimum_image makes for every member within reach). */
typedef struct chain {
    double shift[3];
    int32_t at;
} chain;

/* The non-empty cells around the anchor cell of ak (each cell once) that can hold an anchor closer than sqrt(widest):
 * cells whose nearest face is farther are left out (about a quarter of the 27). Returns how many; *images is set
 * when a short periodic axis (fewer than three cells) leaves the minimum image to each member, *shifted when a chain
 * may carry a periodic shift (the home cell on a periodic face). Away from every face the cells are found by their
 * offsets in the grid, in the same order. */
static int chain_starts(const rc_edmd *e, const double ak[3], double widest, chain out[CHAINS], bool *images,
                        bool *shifted)
{
    int32_t off[3][2 * CELL_SPLIT + 1], count[3], home[3];
    double gap2[3][2 * CELL_SPLIT + 1]; /* the squared distance from ak to the cells at each offset, rounded down */
    bool inside = true; /* every cell within one of home is in the grid: no wrap, no shift, no cell outside */
    *images = false, *shifted = false;
    for (int a = 0; a < 3; a++) {
        home[a] = cell_coordinate(e, a, ak[a]);
        count[a] = offsets(e, a, home[a], off[a]);
        bool near = e->cells[a] >= 2 * CELL_SPLIT + 1;
        *images |= !near && e->periodic[a];
        bool face = home[a] < CELL_SPLIT || home[a] >= e->cells[a] - CELL_SPLIT;
        *shifted |= near && e->periodic[a] && face; /* a chain may wrap */
        inside &= near && !face;
        double low = home[a] * e->cell_size[a], margin = 1e-9 * e->cell_size[a]; /* rounding of cell bounds */
        for (int m = 0; m < count[a]; m++) {
            double g = !near || off[a][m] == 0 ? 0
                       : off[a][m] < 0         ? ak[a] - low - margin
                                               : low + e->cell_size[a] - ak[a] - margin;
            gap2[a][m] = g > 0 ? g * g : 0;
        }
    }
    int chains = 0;
    if (inside) { /* the same cells in the same order, by their offsets in the grid */
        int32_t row = e->cells[0], layer = e->cells[0] * e->cells[1];
        const int32_t *head = e->cell_head + (home[2] * e->cells[1] + home[1]) * row + home[0];
        for (int32_t z = 0; z <= 2 * CELL_SPLIT; z++)
            for (int32_t y = 0; y <= 2 * CELL_SPLIT; y++)
                for (int32_t x = 0; x <= 2 * CELL_SPLIT; x++) {
                    if (gap2[0][x] + gap2[1][y] + gap2[2][z] >= widest) continue;
                    int32_t j = head[(z - CELL_SPLIT) * layer + (y - CELL_SPLIT) * row + x - CELL_SPLIT];
                    if (j >= 0) out[chains++] = (chain){{0, 0, 0}, j};
                }
        return chains;
    }
    /* per axis and offset: the cell's place in the grid (wrapped), its periodic shift, whether it is outside */
    int32_t place[3][2 * CELL_SPLIT + 1];
    double shift[3][2 * CELL_SPLIT + 1];
    bool outside[3][2 * CELL_SPLIT + 1];
    for (int a = 0; a < 3; a++) {
        int32_t stride = a == 0 ? 1 : a == 1 ? e->cells[0] : e->cells[0] * e->cells[1];
        for (int m = 0; m < count[a]; m++) {
            int32_t c = home[a] + off[a][m];
            shift[a][m] = 0, outside[a][m] = false;
            if (c < 0) c += e->cells[a], shift[a][m] = e->box[a], outside[a][m] = !e->periodic[a];
            if (c >= e->cells[a]) c -= e->cells[a], shift[a][m] = -e->box[a], outside[a][m] = !e->periodic[a];
            place[a][m] = c * stride;
        }
    }
    for (int32_t z = 0; z < count[2]; z++)
        for (int32_t y = 0; y < count[1]; y++)
            for (int32_t x = 0; x < count[0]; x++) {
                if (gap2[0][x] + gap2[1][y] + gap2[2][z] >= widest) continue;
                bool beyond = outside[0][x] | outside[1][y] | outside[2][z];
                int32_t j = beyond ? -1 : e->cell_head[place[2][z] + place[1][y] + place[0][x]];
                if (j >= 0) out[chains++] = (chain){{shift[0][x], shift[1][y], shift[2][z]}, j};
            }
    return chains;
}

/* Adds to cells (n so far, at most max) the flow cells that hold anchors within [low, high) along the flow axis,
 * each once. */
static int flow_cells(const rc_edmd *e, double low, double high, int32_t *cells, int n)
{
    int f = e->flow;
    int32_t first = (int32_t)floor(low / e->cell_size[f]), last = (int32_t)floor(high / e->cell_size[f]);
    if (last - first + 1 >= e->cells[f]) first = 0, last = e->cells[f] - 1;
    for (int32_t c = first; c <= last; c++) {
        int32_t at = (c % e->cells[f] + e->cells[f]) % e->cells[f];
        bool seen = false;
        for (int m = 0; m < n; m++) seen |= cells[m] == at;
        if (!seen) cells[n++] = at;
    }
    return n;
}

/* chain_starts under shear: the gradient rows within a cell of ak's, each with the flow cells its anchors can be
 * in: those next to ak's on the rows reached without crossing the gradient boundary, those around ak's flow
 * position shifted by the epoch's offset (and widened by the reach and the slack) on the rows reached across it.
 * Every candidate takes its image in find_neighbours (rc_edmd_shear_anchor_image), so the chains carry no shift.
 * Only anchors at_sheared_edge come here. */
static __attribute__((noinline)) int shear_chain_starts(const rc_edmd *e, const double ak[3], chain out[SHEAR_CHAINS])
{
    int f = e->flow, g = e->gradient, o = 3 - f - g;
    int32_t home[3], off[2 * CELL_SPLIT + 1], flows[2 * SHEAR_CHAINS];
    for (int a = 0; a < 3; a++) home[a] = cell_coordinate(e, a, ak[a]);
    int others = offsets(e, o, home[o], off);
    double reach = e->reach_factor * e->max_diameter + 2 * e->shell + e->shear_slack, cell = e->cell_size[f];
    bool short_edge = e->cells[g] < 2 * CELL_SPLIT + 1;
    int chains = 0;
    for (int32_t row = 0; row < e->cells[g]; row++) {
        int32_t step = row - home[g];
        bool near = short_edge || step == 0 || step == 1 || step == -1;
        bool below = short_edge || (home[g] == 0 && row == e->cells[g] - 1); /* across, to the image below */
        bool above = short_edge || (home[g] == e->cells[g] - 1 && row == 0); /* across, to the image above */
        bool direct = short_edge || (near && !(e->cells[g] > 2 && (below || above)));
        if (!direct && !below && !above) continue;
        int n = 0;
        if (direct) n = flow_cells(e, ak[f] - cell, ak[f] + cell, flows, n);
        if (below) n = flow_cells(e, ak[f] + e->shear_epoch - reach, ak[f] + e->shear_epoch + reach, flows, n);
        if (above) n = flow_cells(e, ak[f] - e->shear_epoch - reach, ak[f] - e->shear_epoch + reach, flows, n);
        for (int m = 0; m < n; m++)
            for (int q = 0; q < others; q++) {
                int32_t c[3];
                c[f] = flows[m], c[g] = row, c[o] = home[o] + off[q];
                if (c[o] < 0 || c[o] >= e->cells[o]) {
                    if (!e->periodic[o]) continue;
                    c[o] = (c[o] + e->cells[o]) % e->cells[o];
                }
                int32_t j = e->cell_head[(c[2] * e->cells[1] + c[1]) * e->cells[0] + c[0]];
                if (j >= 0 && chains < SHEAR_CHAINS) out[chains++] = (chain){{0, 0, 0}, j};
            }
    }
    return chains;
}

/* Whether an anchor at ak can have neighbours across the sheared boundary: its cell is on the first or last row along
 * the gradient (or that edge has fewer than three cells). Anchors elsewhere take the plain chains: the rows within a
 * cell of theirs do not wrap, and anything beyond is out of reach in every image. */
static bool at_sheared_edge(const rc_edmd *e, const double ak[3])
{
    int g = e->gradient;
    int32_t row = cell_coordinate(e, g, ak[g]);
    return e->cells[g] < 2 * CELL_SPLIT + 1 || row == 0 || row == e->cells[g] - 1;
}

/* The walk of find_neighbours from the chains' starts: the candidates within reach found, the old neighbours found
 * again kept, the leavers removed and the arrivals joined. Inlined three times: `plain` when no chain carries a
 * periodic shift and no member needs the minimum image (the shift would add zero: the same bits) and only_lower is
 * unset, the common rebuild; `shifted` when only the chains' shifts are added (the home cell on a periodic face); the
 * general walk otherwise. k itself (at distance 0) passes the walk's test and is left out with the batch. */
static inline __attribute__((always_inline)) rc_status walk(rc_edmd *e, int32_t k, const double ak[3], double widest,
                                                            chain *at, int chains, bool images, bool only_lower,
                                                            bool plain, bool shifted, int32_t width)
{
    enum { BATCH = 64 + SHEAR_CHAINS, ARRIVALS = 32 };
    const rc_anchor *anchor = e->anchor;
    double rk = e->kin[k].radius, shell2 = 2 * e->shell;
    bool same_radii = e->same_radii;
    int32_t found[BATCH], nfound = 0, arrivals[ARRIVALS], narrivals = 0;
    double found_dd[BATCH];
    int32_t old = rc_edmd_list_length(e, k), kept = 0;
    while (chains > 0) {
        for (int c = 0; c < chains;) {
            int32_t j = at[c].at;
            double d[3];
            for (int a = 0; a < 3; a++) d[a] = ak[a] - anchor[j].x[a];
            if (shifted) {
                for (int a = 0; a < 3; a++) d[a] += at[c].shift[a];
            } else if (!plain) {
                for (int a = 0; a < 3; a++) d[a] += at[c].shift[a];
                if (images) {
                    if (e->shear_on) rc_edmd_shear_anchor_image(e, d);
                    else rc_edmd_minimum_image(e, d);
                }
            }
            double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            found[nfound] = j, found_dd[nfound] = dd; /* kept without a branch: most are beyond the reach */
            nfound += (dd < widest) & !(only_lower & (j > k));
            int32_t next = anchor[j].next;
            if (next >= 0) at[c++].at = next;
            else at[c] = at[--chains];
        }
        if (nfound > BATCH - SHEAR_CHAINS || chains == 0) {
            uint8_t *list = rc_edmd_list_of(e, k, width);
            for (int32_t m = 0; m < nfound; m++) {
                int32_t j = found[m];
                if (j == k) continue;
                if (!same_radii) { /* with every radius alike the reach is the widest one, already passed */
                    double reach = e->reach_factor * (rk + e->kin[j].radius) + shell2;
                    if (found_dd[m] >= reach * reach) continue;
                }
                if (found_again(list, width, j, &kept, old)) continue;
                arrivals[narrivals++] = j;
                if (narrivals == ARRIVALS) { /* many new ones (building all lists): they join now */
                    rc_status s = join(e, k, arrivals, narrivals);
                    if (s != RC_STATUS_OK) return s;
                    narrivals = 0;
                    list = rc_edmd_list_of(e, k, width);
                }
            }
            nfound = 0;
        }
    }
    /* the old neighbours not found again leave (any new ones that joined already move down into their places), and
     * only then do the new ones join: k's list never holds both, so it outgrows the capacity no sooner than before */
    uint8_t *list = rc_edmd_list_of(e, k, width);
    int32_t total = e->anchor[k].count, gone = old - kept;
    for (int32_t m = kept; m < old; m++) rc_edmd_list_remove(e, rc_edmd_entry(list, m, width), k);
    for (int32_t m = kept; m < total - gone; m++)
        rc_edmd_entry_set(list, m, rc_edmd_entry(list, m + gone, width), width);
    rc_edmd_list_set_length(e, k, total - gone);
    return join(e, k, arrivals, narrivals);
}

/* Makes k's list the particles j != k whose anchor is within sigma_kj + 2 shell of k's anchor (when only_lower is
 * set, only j < k: building all lists once, from empty lists), keeping the lists symmetric. Old neighbours found again
 * are left alone in both lists, so that a rebuild touches only the lists of the few particles that come and go.
 * The cells' linked lists are walked side by side, one member of each in turn, so that their loads overlap instead
 * of waiting on each other. */
static rc_status find_neighbours(rc_edmd *e, int32_t k, bool only_lower)
{
    const double ak[3] = {e->anchor[k].x[0], e->anchor[k].x[1], e->anchor[k].x[2]};
    double widest = e->reach_factor * (e->kin[k].radius + 0.5 * e->max_diameter) + 2 * e->shell;
    widest *= widest;
    chain at[SHEAR_CHAINS];
    bool images = e->shear_on && at_sheared_edge(e, ak), shifted = false;
    int chains = images ? shear_chain_starts(e, ak, at) : chain_starts(e, ak, widest, at, &images, &shifted);
    if (images || only_lower)
        return walk(e, k, ak, widest, at, chains, images, only_lower, false, false, e->entry_width);
    bool narrow = e->entry_width == 3; /* the common walks, for each entry width */
    if (shifted)
        return narrow ? walk(e, k, ak, widest, at, chains, false, false, false, true, 3)
                      : walk(e, k, ak, widest, at, chains, false, false, false, true, 4);
    return narrow ? walk(e, k, ak, widest, at, chains, false, false, true, false, 3)
                  : walk(e, k, ak, widest, at, chains, false, false, true, false, 4);
}

/* Wraps particle k (at time now) into the box along periodic axes and makes its position its anchor. */
static void anchor_here(rc_edmd *e, int32_t k)
{
    rc_kin *p = &e->kin[k];
    if (e->shear_on) e->image[3 * k + e->gradient] += rc_edmd_shear_fold(e, p->x, p->v);
    for (int a = 0; a < 3; a++) {
        if (e->periodic[a]) {
            double shift = floor(p->x[a] / e->box[a]);
            p->x[a] -= e->box[a] * shift;
            if (p->x[a] >= e->box[a]) p->x[a] = 0, shift += 1; /* -tiny wraps to box: keep [0, box) */
            e->image[3 * k + a] += (int32_t)shift;
        }
        e->anchor[k].x[a] = p->x[a];
    }
}

void rc_edmd_interior_bounds(rc_edmd *e)
{
    e->same_radii = true;
    for (int32_t k = 0; k < e->n; k++) e->same_radii &= e->kin[k].radius == 0.5 * e->max_diameter;
    double reach = e->reach_factor * e->max_diameter + 2 * e->shell;
    for (int a = 0; a < 3; a++) {
        bool room = reach + 2 * e->shell + e->max_diameter < e->half_box[a];
        e->inner_low[a] = !e->periodic[a] ? -INFINITY : room ? reach : INFINITY;
        e->inner_high[a] = !e->periodic[a] ? INFINITY : e->box[a] - reach;
    }
}

/* Every particle's box crossings within 2^30 either way, so that counting the next ones cannot overflow int32_t: no
 * run gets there, a damaged or forged checkpoint's state can (fuzz/checkpoint.c: an image of 2^31 - 1). */
static rc_status check_images(const rc_edmd *e)
{
    const int32_t limit = (int32_t)1 << 30;
    for (int32_t k = 0; k < e->n; k++)
        for (int a = 0; a < 3; a++)
            if (e->image[3 * k + a] > limit || e->image[3 * k + a] < -limit)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "particle %d has crossed the box %d times along %c, beyond 2^30 "
                               "(a damaged state)",
                               (int)k, (int)e->image[3 * k + a], "xyz"[a]);
    return RC_STATUS_OK;
}

rc_status rc_edmd_neighbours_build_all(rc_edmd *e)
{
    rc_status checked = check_images(e);
    if (checked != RC_STATUS_OK) return checked;
    rc_edmd_interior_bounds(e);
    size_t total = (size_t)e->cells[0] * e->cells[1] * e->cells[2];
    for (size_t c = 0; c < total; c++) e->cell_head[c] = -1;
    rc_edmd_lists_clear(e);
    if (e->shear_on) { /* the images' offset the anchors see until the next renewal */
        e->shear_epoch = rc_edmd_shear_offset(e);
        e->next_renewal = e->shear_speed != 0 ? e->now + e->shear_slack / fabs(e->shear_speed) : INFINITY;
    }
    for (int32_t k = 0; k < e->n; k++) anchor_here(e, k);
    for (int32_t k = e->n - 1; k >= 0; k--) cell_insert(e, k);
    for (int32_t k = 0; k < e->n; k++) {
        rc_status s = find_neighbours(e, k, true);
        if (s != RC_STATUS_OK) return s;
    }
    return RC_STATUS_OK;
}

rc_status rc_edmd_neighbours_rebuild(rc_edmd *e, int32_t k)
{
    if (e->journal) { /* inside a batch: kept for the undo (journal.c), with the list the walk rewrites in place */
        rc_edmd_journal_anchor(e, k);
        rc_edmd_journal_list(e, k);
    }
    cell_remove(e, k);
    anchor_here(e, k);
    cell_insert(e, k);
    e->rebuilds++;
    return find_neighbours(e, k, false);
}

/* A shell event's cells: its anchor's cell and the cells within reach of any point a shell away (the walk's and the
 * move's), at most 2 CELL_SPLIT cells from the anchor's along each axis. */
bool rc_edmd_cells_apart(const rc_edmd *e, const double a[3], const double b[3])
{
    for (int d = 0; d < 3; d++) {
        int32_t gap = abs(cell_coordinate(e, d, a[d]) - cell_coordinate(e, d, b[d]));
        if (e->periodic[d] && e->cells[d] - gap < gap) gap = e->cells[d] - gap;
        if (gap > 4 * CELL_SPLIT) return true;
    }
    return false;
}
