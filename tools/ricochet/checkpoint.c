/* Checkpoints of ricochet run (docs/formats.md, "Checkpoints"): the scene's text, the engine's state
 * (rc_edmd_state_save, which renews the engine so that a resumed run is bit-identical, or rc_rigid_state_save) and
 * the loop's own position,
 * in one file with a checksum. A checkpoint is written as NAME.partial, flushed to disk and renamed over the previous
 * one, so a run killed mid-write leaves the last good checkpoint usable. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

static const char MAGIC[16] = "ricochet-ckpt-1";

/* FNV-1a over bytes, continued from hash. */
static uint64_t fnv(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) hash = (hash ^ p[i]) * 0x100000001b3ULL;
    return hash;
}

/* Writes the blocks (size, bytes) after the magic, then the checksum of all of them. */
static bool write_blocks(FILE *f, const void *const *data, const size_t *sizes, int count)
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    bool ok = fwrite(MAGIC, sizeof MAGIC, 1, f) == 1;
    for (int i = 0; i < count && ok; i++) {
        uint64_t size = sizes[i];
        ok = fwrite(&size, sizeof size, 1, f) == 1 && (size == 0 || fwrite(data[i], size, 1, f) == 1);
        hash = fnv(fnv(hash, &size, sizeof size), data[i], sizes[i]);
    }
    return ok && fwrite(&hash, sizeof hash, 1, f) == 1;
}

int rc_run_checkpoint_write(const run_checkpoint *cp, const void *state, size_t size, const run_position *position)
{
    char *partial = malloc(strlen(cp->path) + 9);
    if (partial) sprintf(partial, "%s.partial", cp->path);
    FILE *f = partial ? fopen(partial, "wb") : NULL;
    const void *data[] = {cp->scene_text, state, position};
    size_t sizes[] = {strlen(cp->scene_text), size, sizeof *position};
    bool ok = f && write_blocks(f, data, sizes, 3) && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int error = errno;
    if (f && fclose(f) != 0 && ok) ok = false, error = errno;
    if (ok && rename(partial, cp->path) != 0) ok = false, error = errno;
    if (!ok && partial) remove(partial);
    free(partial);
    if (!ok) return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot write the checkpoint %s: %s", cp->path, strerror(error));
    return RC_RUN_GO_ON;
}

int rc_run_checkpoint_edmd(const run_checkpoint *cp, rc_edmd *engine, const run_position *position)
{
    size_t size = rc_edmd_state_size(engine);
    void *state = malloc(size);
    if (!state) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory for a checkpoint of %zu bytes", size);
    int code = rc_edmd_state_save(engine, state, size) == RC_OK
                   ? rc_run_checkpoint_write(cp, state, size, position)
                   : rc_cli_fail(RC_EXIT_INTERNAL, "checkpoint: %s", rc_last_error());
    free(state);
    return code;
}

/* Reads one block of at most `limit` bytes into a new buffer (NUL-terminated, for the text). */
static bool read_block(FILE *f, uint64_t limit, void **out, size_t *size, uint64_t *hash)
{
    uint64_t length;
    if (fread(&length, sizeof length, 1, f) != 1 || length > limit) return false;
    char *data = malloc(length + 1);
    if (!data || (length && fread(data, length, 1, f) != 1)) {
        free(data);
        return false;
    }
    data[length] = '\0';
    *hash = fnv(fnv(*hash, &length, sizeof length), data, length);
    *out = data;
    *size = length;
    return true;
}

int rc_run_checkpoint_read(const char *path, run_resumed *r)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "rb");
    if (!f) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--resume: cannot open %s: %s", path, strerror(errno));
    char magic[sizeof MAGIC];
    uint64_t hash = 0xcbf29ce484222325ULL, stored;
    void *position = NULL;
    size_t position_size = 0;
    bool ok = fread(magic, sizeof magic, 1, f) == 1 && memcmp(magic, MAGIC, sizeof MAGIC) == 0 &&
              read_block(f, (uint64_t)1 << 32, (void **)&r->scene_text, &r->scene_size, &hash) &&
              read_block(f, (uint64_t)1 << 40, &r->state, &r->state_size, &hash) &&
              read_block(f, sizeof r->position, &position, &position_size, &hash) &&
              position_size == sizeof r->position && fread(&stored, sizeof stored, 1, f) == 1 && stored == hash;
    fclose(f);
    if (ok) memcpy(&r->position, position, sizeof r->position);
    free(position);
    if (!ok) {
        rc_run_resumed_free(r);
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--resume: %s is not a complete ricochet checkpoint (truncated, damaged "
                                              "or of another version)", path);
    }
    return RC_RUN_GO_ON;
}

void rc_run_resumed_free(run_resumed *r)
{
    free(r->scene_text);
    free(r->state);
    r->scene_text = NULL;
    r->state = NULL;
}
