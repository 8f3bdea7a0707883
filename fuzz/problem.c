/* SPDX-License-Identifier: MIT */
/* Fuzz harness: problem files (rc_problem_file_create_from_text), both forms (physical: balls, rigid bodies, walls and the
 * contacts the reader detects; generic: masses, velocity, constraints), then the impact resolved with a budget of 200
 * operator applications, so that no input runs long, and the balls turned into a frame. */
#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    rc_problem_file *file = NULL;
    if (text && rc_problem_file_create_from_text(text, &file) == RC_STATUS_OK) {
        rc_impact_options options = *rc_problem_file_options(file);
        options.max_iterations = 200;
        rc_impact_solver *solver = NULL;
        rc_impact_result result;
        if (rc_impact_solver_create(&options, &solver) == RC_STATUS_OK)
            rc_impact_solver_resolve(solver, rc_problem_file_problem(file), &result);
        rc_impact_solver_destroy(solver);
        rc_frame frame = {0};
        rc_problem_file_frame(file, NULL, &frame);
        rc_frame_destroy(&frame);
    }
    rc_problem_file_destroy(file);
    free(text);
    return 0;
}
