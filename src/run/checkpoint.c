/* SPDX-License-Identifier: MIT */
/* Checkpoints of a run (docs/formats.md, "checkpoint.rcp"): everything a resumed run needs to go on as if never
 * stopped, in one file: a header (magic, format version, byte-order mark), then blocks of (64-bit length, bytes): the
 * library version, the scene's text, the run folder, the H5MD path, the effective settings, the loop's position
 * (with how far each file went), the engine's state (rc_edmd_state_save, which renews the engine so that a
 * resumed run is bit-identical, or rc_rigid_state_save) and the sums of the measurements (measure.c), then an FNV-1a checksum of the blocks. It is written as
 * PATH.partial, flushed to disk and renamed over the previous one, so a run killed mid-write leaves the last good
 * checkpoint. Reading checks each block's length against what is left of the file before allocating it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/bytes.h"
#include "core/status.h"
#include "run/run.h"

static const char MAGIC[16] = "ricochet-ckpt";
enum { FORMAT = 5, BLOCKS = 8 }; /* 4: the correlators' sums of the levels reached only; 5: S(k)'s samples */
static const uint32_t BYTE_ORDER_MARK = 0x01020304u, SWAPPED_MARK = 0x04030201u;

/* The blocks of a checkpoint: (address, size) pairs. */
typedef struct block_list {
    const void *data[BLOCKS];
    size_t size[BLOCKS];
} block_list;

/* Writes the header, the blocks (size, bytes), then the checksum of all of them. */
static bool write_blocks(FILE *f, const void *context)
{
    const block_list *b = context;
    uint32_t header[2] = {FORMAT, BYTE_ORDER_MARK};
    uint64_t hash = RC_FNV_START;
    bool ok = fwrite(MAGIC, sizeof MAGIC, 1, f) == 1 && fwrite(header, sizeof header, 1, f) == 1;
    for (int i = 0; i < BLOCKS && ok; i++) {
        uint64_t size = b->size[i];
        ok = fwrite(&size, sizeof size, 1, f) == 1 && (size == 0 || fwrite(b->data[i], size, 1, f) == 1);
        hash = rc_fnv_add(rc_fnv_add(hash, &size, sizeof size), b->data[i], b->size[i]);
    }
    return ok && fwrite(&hash, sizeof hash, 1, f) == 1;
}

static rc_status write_checkpoint(const rc_run *run, const char *path, const void *state, size_t state_size,
                                  const void *measured, size_t measured_size)
{
    const char *version = rc_version(), *directory = run->directory ? run->directory : "",
               *h5md = run->files.h5md_path ? run->files.h5md_path : "";
    block_list b = {{version, run->scene_text, directory, h5md, &run->settings, &run->at, state, measured},
                    {strlen(version), strlen(run->scene_text), strlen(directory), strlen(h5md), sizeof run->settings,
                     sizeof run->at, state_size, measured_size}};
    return rc_run_write_file(path, "the checkpoint", write_blocks, &b);
}

rc_status rc_run_checkpoint_write(rc_run *run, const char *path)
{
    if (!run) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_checkpoint_write: NULL run");
    if (run->finished) return rc_fail(RC_INVALID_ARGUMENT, "checkpoint: the run is finished");
    char *own = NULL;
    if (!path && !run->directory)
        return rc_fail(RC_INVALID_ARGUMENT, "checkpoint: the run writes no files; give the checkpoint a path");
    if (!path && !(path = own = rc_run_join(run->directory, "checkpoint.rcp"))) return RC_NO_MEMORY;
    size_t size = rc_run_engine_state_size(run), measured_size = rc_run_measure_state_size(run);
    void *state = malloc(size), *measured = malloc(measured_size + 1);
    rc_status s = state && measured ? rc_run_files_mark(run)
                                    : rc_fail(RC_NO_MEMORY, "out of memory for a checkpoint of %zu bytes",
                                              size + measured_size);
    if (!s) s = rc_run_engine_state_save(run, state, size);
    if (!s) s = rc_run_measure_state_save(run, measured, measured_size);
    if (!s) s = write_checkpoint(run, path, state, size, measured, measured_size);
    free(state);
    free(measured);
    free(own);
    return s;
}

/* Reads one block into a new NUL-terminated buffer; false when its length exceeds what is left of the file. */
static bool read_block(FILE *f, uint64_t *left, void **out, size_t *size, uint64_t *hash)
{
    uint64_t length;
    if (*left < sizeof length || fread(&length, sizeof length, 1, f) != 1) return false;
    *left -= sizeof length;
    if (length > *left) return false;
    char *data = malloc(length + 1);
    if (!data || (length && fread(data, length, 1, f) != 1)) {
        free(data);
        return false;
    }
    *left -= length;
    data[length] = '\0';
    *hash = rc_fnv_add(rc_fnv_add(*hash, &length, sizeof length), data, length);
    *out = data;
    *size = length;
    return true;
}

/* The header: magic, format and byte order. */
static rc_status read_header(FILE *f, const char *path)
{
    char magic[sizeof MAGIC];
    uint32_t header[2];
    if (fread(magic, sizeof magic, 1, f) != 1 || memcmp(magic, MAGIC, sizeof MAGIC) != 0)
        return rc_fail(RC_INVALID_ARGUMENT, "%s is not a ricochet checkpoint", path);
    if (fread(header, sizeof header, 1, f) != 1)
        return rc_fail(RC_INVALID_ARGUMENT, "%s is a truncated ricochet checkpoint", path);
    if (header[1] == SWAPPED_MARK)
        return rc_fail(RC_INVALID_ARGUMENT, "%s was written on a machine of the other byte order; resume it on one "
                                            "like the one that wrote it", path);
    if (header[1] != BYTE_ORDER_MARK)
        return rc_fail(RC_INVALID_ARGUMENT, "%s is a damaged ricochet checkpoint (its byte-order mark)", path);
    if (header[0] != FORMAT)
        return rc_fail(RC_INVALID_ARGUMENT, "%s is a checkpoint of format %u; this ricochet (%s) reads format %d: "
                                            "resume it with the version that wrote it", path, header[0], rc_version(),
                       FORMAT);
    return RC_OK;
}

/* A flag copied from a file's bytes: read as a byte first, since a bool holding anything but 0 or 1 is undefined. */
static bool flag_is_valid(const bool *flag)
{
    unsigned char byte;
    memcpy(&byte, flag, 1);
    return byte <= 1;
}

rc_status rc_run_checkpoint_read(const char *path, run_checkpoint *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) return rc_fail(RC_IO_ERROR, "cannot open the checkpoint %s: %s", path, strerror(errno));
    struct stat info;
    rc_status s = fstat(fileno(f), &info) == 0 ? read_header(f, path)
                                               : rc_fail(RC_IO_ERROR, "cannot read %s: %s", path, strerror(errno));
    uint64_t hash = RC_FNV_START, stored = 0, left = (uint64_t)info.st_size;
    left -= left < sizeof MAGIC + 8 ? left : sizeof MAGIC + 8;
    void *block[BLOCKS] = {0};
    size_t size[BLOCKS] = {0};
    bool ok = !s;
    for (int i = 0; i < BLOCKS && ok; i++) ok = read_block(f, &left, &block[i], &size[i], &hash);
    ok = ok && fread(&stored, sizeof stored, 1, f) == 1;
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION /* the fuzzing build (fuzz/) skips the checksum, as libpng its CRC, so
                                                  * that mutated checkpoints reach the checks below */
    ok = ok && stored == hash;
#endif
    fclose(f);
    if (!s && !ok) s = rc_fail(RC_INVALID_ARGUMENT, "%s is not a complete ricochet checkpoint (truncated or damaged)",
                               path);
    if (!s && strcmp(block[0], rc_version()) != 0)
        s = rc_fail(RC_INVALID_ARGUMENT, "%s was written by ricochet %s; this is ricochet %s: resume it with the "
                                         "version that wrote it", path, (const char *)block[0], rc_version());
    if (!s && (size[4] != sizeof out->settings || size[5] != sizeof out->position))
        s = rc_fail(RC_INVALID_ARGUMENT, "%s was written by another build of ricochet %s (its records differ)", path,
                    rc_version());
    if (!s) {
        memcpy(&out->settings, block[4], sizeof out->settings);
        memcpy(&out->position, block[5], sizeof out->position);
        const bool *flags[] = {&out->settings.equilibrate, &out->settings.xyz, &out->settings.csv,
                               &out->settings.h5md, &out->settings.gsd, &out->settings.lammps_dump,
                               &out->position.equilibrated, &out->position.written,
                               &out->position.measure.started};
        for (size_t i = 0; i < sizeof flags / sizeof *flags && !s; i++)
            if (!flag_is_valid(flags[i]))
                s = rc_fail(RC_INVALID_ARGUMENT, "%s is not a complete ricochet checkpoint (a flag of its records "
                                                 "is neither true nor false)", path);
    }
    if (!s) {
        out->scene_text = block[1], out->directory = block[2], out->h5md_path = block[3];
        out->state = block[6], out->state_size = size[6];
        out->measured = block[7], out->measured_size = size[7];
        block[1] = block[2] = block[3] = block[6] = block[7] = NULL;
    }
    for (int i = 0; i < BLOCKS; i++) free(block[i]);
    return s;
}

void rc_run_checkpoint_free(run_checkpoint *c)
{
    free(c->scene_text);
    free(c->directory);
    free(c->h5md_path);
    free(c->state);
    free(c->measured);
    memset(c, 0, sizeof *c);
}
