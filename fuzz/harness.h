/* SPDX-License-Identifier: MIT */
/* What the fuzz harnesses in fuzz/ share: the libFuzzer entry point each defines, the input as NUL-terminated
 * text for the readers of JSON, and the input as a file under /dev/shm for the readers that take a path. The same
 * harnesses run under libFuzzer (make fuzz) and under fuzz/replay.c (make test); the folders of the harnesses that
 * write files are removed after each input. */
#ifndef RC_FUZZ_HARNESS_H
#define RC_FUZZ_HARNESS_H

#include <ftw.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input with a NUL after it (a NUL inside ends the text early, as it would for the library's file readers);
 * NULL when out of memory. Free it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return NULL;
    if (size) memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Writes the input to /dev/shm/ricochet-fuzz-PID-NAME and puts that path in path (256 bytes); false when it cannot.
 * The caller unlinks it. */
static inline bool fuzz_file(const uint8_t *data, size_t size, const char *name, char path[256])
{
    snprintf(path, 256, "/dev/shm/ricochet-fuzz-%ld-%s", (long)getpid(), name);
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = (size == 0 || fwrite(data, size, 1, f) == 1);
    return fclose(f) == 0 && ok;
}

static inline int fuzz_remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk)
{
    (void)info, (void)flag, (void)walk;
    return remove(path);
}

/* Removes a folder and everything in it (nothing when it does not exist). */
static inline void fuzz_remove_tree(const char *folder) { nftw(folder, fuzz_remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

#endif
