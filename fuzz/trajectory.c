/* Fuzz harness: the trajectory readers (rc_trajectory_open, rc_trajectory_next) on the input written to a file
 * under /dev/shm: extended XYZ (count and comment lines, Properties, Lattice, particle lines) or H5MD through HDF5
 * (told by the file's first bytes), up to 64 frames into one reused frame. */
#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    rc_trajectory_reader *reader = NULL;
    if (fuzz_file(data, size, "trajectory", path) && rc_trajectory_open(path, &reader) == RC_OK) {
        rc_frame frame = {0};
        bool got = true;
        for (int k = 0; k < 64 && got && rc_trajectory_next(reader, &frame, &got) == RC_OK; k++) continue;
        rc_frame_release(&frame);
    }
    rc_trajectory_close(reader);
    unlink(path);
    return 0;
}
