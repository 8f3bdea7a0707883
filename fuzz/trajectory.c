/* SPDX-License-Identifier: MIT */
/* Fuzz harness: the trajectory readers (rc_trajectory_reader_open, rc_trajectory_reader_next) on the input written to a file under
 * /dev/shm: extended XYZ (count and comment lines, Properties, Lattice, particle lines), H5MD through HDF5, GSD (its
 * header, name list, index and HOOMD chunks) or a LAMMPS data file (told by the file's first bytes), up to 64 frames
 * into one reused frame; the frames read are handed to an analysis with every measurement on (ricochet/analysis.h, what
 * `ricochet analyze` does with outside files). The same file is then read as a trajectory's side file
 * (rc_render_shapes_create_from_file: shapes.json, which rc_render_trajectories reads from beside a trajectory): its bodies and
 * static shapes, boxes turned into corners, polygons ordered, the faces of 3D hulls found. */
#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    rc_trajectory_reader *reader = NULL;
    if (fuzz_file(data, size, "trajectory", path) && rc_trajectory_reader_open(path, &reader) == RC_STATUS_OK) {
        rc_frame frame = {0};
        bool got = true, analysing = true;
        rc_analysis *analysis = NULL;
        if (rc_analysis_create(&analysis) != RC_STATUS_OK) analysing = false;
        for (int k = 0; k < 64 && got && rc_trajectory_reader_next(reader, &frame, &got) == RC_STATUS_OK; k++)
            if (got && analysing && frame.count <= 2000)
                analysing = rc_analysis_add_frame(analysis, &frame) == RC_STATUS_OK;
        if (analysing && rc_analysis_finish(analysis) == RC_STATUS_OK)
            rc_text_destroy(rc_analysis_summary_json(analysis, true));
        rc_analysis_destroy(analysis);
        rc_frame_destroy(&frame);
    }
    rc_trajectory_reader_close(reader);
    rc_render_shapes *shapes = NULL;
    if (rc_render_shapes_create_from_file(path, &shapes) == RC_STATUS_OK) rc_render_shapes_destroy(shapes);
    unlink(path);
    return 0;
}
