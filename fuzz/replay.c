/* SPDX-License-Identifier: MIT */
/* Replays inputs through a fuzz harness without libFuzzer: each argument is a file, or a folder whose files are all
 * replayed, fed to the harness's LLVMFuzzerTestOneInput. Built by the ordinary (gcc) build with each harness, so that
 * `make test` runs every regression input (tests/data/regressions/) through its harness; a crash, a sanitizer report (in
 * a sanitized build) or the test's timeout fails the test. */
#include <dirent.h>
#include <sys/stat.h>

#include "harness.h"

/* Reads path whole and replays it; false when it cannot be read. */
static bool replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    uint8_t *data = NULL;
    size_t size = 0, capacity = 0, n;
    do {
        if (size == capacity) {
            uint8_t *grown = realloc(data, capacity = capacity ? 2 * capacity : 4096);
            if (!grown) {
                free(data);
                data = NULL;
                break;
            }
            data = grown;
        }
        n = fread(data + size, 1, capacity - size, f);
        size += n;
    } while (n > 0);
    bool ok = !ferror(f) && data != NULL;
    fclose(f);
    if (ok) {
        printf("replaying %s (%zu bytes)\n", path, size);
        fflush(stdout);
        LLVMFuzzerTestOneInput(data, size);
    }
    free(data);
    return ok;
}

/* Replays a file, or every file of a folder; returns the inputs replayed, or -1 when one cannot be read. */
static long replay(const char *path)
{
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    if (!S_ISDIR(info.st_mode)) return replay_file(path) ? 1 : -1;
    DIR *folder = opendir(path);
    if (!folder) return -1;
    long count = 0;
    for (struct dirent *e; (e = readdir(folder)) && count >= 0;) {
        if (e->d_name[0] == '.') continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        long n = replay(child);
        count = n < 0 ? -1 : count + n;
    }
    closedir(folder);
    return count;
}

int main(int argc, char **argv)
{
    long total = 0;
    for (int i = 1; i < argc; i++) {
        long n = replay(argv[i]);
        if (n < 0) {
            fprintf(stderr, "replay: cannot read %s\n", argv[i]);
            return 2;
        }
        total += n;
    }
    printf("%ld inputs replayed without a crash\n", total);
    return 0;
}
