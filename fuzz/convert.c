/* SPDX-License-Identifier: MIT */
/* Fuzz harness: ricochet convert (rc_trajectory_convert) on the input written to a file under /dev/shm, read by
 * whichever reader its first bytes choose (extended XYZ, H5MD, GSD, a LAMMPS data file) and written as GSD, a LAMMPS
 * dump, a LAMMPS data file and extended XYZ; the GSD and data files written are then read back through
 * rc_trajectory_reader_open, so the GSD and LAMMPS writers meet every frame a reader lets through and the readers every file
 * the writers make of it. */
#include "harness.h"
#include "ricochet/ricochet.h"

static void read_back(const char *path)
{
    rc_trajectory_reader *reader = NULL;
    if (rc_trajectory_reader_open(path, &reader) == RC_STATUS_OK) {
        rc_frame frame = {0};
        bool got = true;
        for (int k = 0; k < 64 && got && rc_trajectory_reader_next(reader, &frame, &got) == RC_STATUS_OK; k++) continue;
        rc_frame_destroy(&frame);
    }
    rc_trajectory_reader_close(reader);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const outputs[] = {"gsd", "lammpstrj", "data", "xyz"};
    char input[256], output[300];
    if (!fuzz_file(data, size, "convert-input", input)) return 0;
    for (size_t k = 0; k < sizeof outputs / sizeof *outputs; k++) {
        snprintf(output, sizeof output, "%s.out.%s", input, outputs[k]);
        if (rc_trajectory_convert(input, output, k == 3, 0, NULL) == RC_STATUS_OK && k != 1 && k != 3)
            read_back(output);
        unlink(output);
    }
    unlink(input);
    return 0;
}
