/* SPDX-License-Identifier: MIT */
/* The machine's memory as the event-driven engine meets it (bench/RESULTS.md, "The machine's memory"): the latency
 * of a load whose address depends on the one before (a pointer chase through random cache lines), against the
 * working set, and the throughput of independent loads of random lines, which is what a scan's prefetched neighbours
 * need. Both run on memory from the library's own large-array allocator (rc_alloc_large: huge pages where the system
 * offers them), so the numbers say what the engine's arrays get. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "harness.h"

enum { LINE = 64, STEPS = 10000000 };

/* xorshift64: a fixed sequence, so that every run chases the same cycle */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* `lines` cache lines linked into one random cycle (Sattolo's shuffle): each line's first word is the index of the
 * next line. NULL when out of memory. */
static uint64_t *random_cycle(size_t lines, uint64_t *state)
{
    uint64_t *memory = rc_alloc_large(lines, LINE);
    uint32_t *order = malloc(lines * sizeof *order);
    if (!memory || !order) {
        free(memory);
        free(order);
        return NULL;
    }
    for (size_t m = 0; m < lines; m++) order[m] = (uint32_t)m;
    for (size_t m = lines - 1; m > 0; m--) {
        size_t other = next_random(state) % m;
        uint32_t kept = order[m];
        order[m] = order[other], order[other] = kept;
    }
    memset(memory, 0, lines * LINE);
    for (size_t m = 0; m < lines; m++) memory[(size_t)order[m] * (LINE / 8)] = order[(m + 1) % lines];
    free(order);
    return memory;
}

/* ns per load of a chase through the cycle (each load waits for the one before) */
static double chase(const uint64_t *memory, size_t lines)
{
    uint64_t at = 0;
    for (size_t m = 0; m < lines; m++) at = memory[at * (LINE / 8)]; /* once round: the pages are touched */
    double start = bench_now();
    for (int m = 0; m < STEPS; m++) at = memory[at * (LINE / 8)];
    double seconds = bench_now() - start;
    if (at == UINT64_MAX) puts(""); /* keeps the chase */
    return seconds / STEPS * 1e9;
}

/* ns per load of random lines whose addresses are known in advance (loads overlap as far as the machine lets them);
 * `where` has room for STEPS line indices */
static double stream_random(const uint64_t *memory, size_t lines, uint32_t *where, uint64_t *state)
{
    for (int m = 0; m < STEPS; m++) where[m] = (uint32_t)(next_random(state) % lines);
    uint64_t sum = 0;
    double start = bench_now();
    for (int m = 0; m < STEPS; m++) sum += memory[(size_t)where[m] * (LINE / 8)];
    double seconds = bench_now() - start;
    if (sum == UINT64_MAX) puts("");
    return seconds / STEPS * 1e9;
}

int main(void)
{
    const double megabytes[] = {0.5, 1, 2, 4, 6, 8, 16, 32, 64};
    uint64_t state = 88172645463325252ull;
    uint32_t *where = malloc(STEPS * sizeof *where);
    if (!where) {
        printf("out of memory\n");
        return 1;
    }
    bench_print_load();
    printf("# random 64-byte lines, memory from rc_alloc_large\n");
    printf("%10s %18s %20s\n", "working set", "dependent ns/load", "independent ns/load");
    for (size_t c = 0; c < sizeof megabytes / sizeof *megabytes; c++) {
        size_t lines = (size_t)(megabytes[c] * 1048576) / LINE;
        uint64_t *memory = random_cycle(lines, &state);
        if (!memory) {
            printf("%7.1f MB  out of memory\n", megabytes[c]);
            free(where);
            return 1;
        }
        double dependent = chase(memory, lines), independent = stream_random(memory, lines, where, &state);
        printf("%7.1f MB %18.1f %20.1f\n", megabytes[c], dependent, independent);
        free(memory);
    }
    free(where);
    return 0;
}
