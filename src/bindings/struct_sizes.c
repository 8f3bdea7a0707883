/* SPDX-License-Identifier: MIT */
/* The sizes of the public structs by name (rc_struct_size), so that bindings mirroring them (python/) can check their
 * layouts against the library they loaded. */
#include <string.h>

#include "ricochet/ricochet.h"

typedef struct named_size {
    const char *name;
    size_t size;
} named_size;

static const named_size struct_sizes[] = {
    {"frame", sizeof(rc_frame)},
    {"wall", sizeof(rc_wall)},
    {"edmd_collapse", sizeof(rc_edmd_collapse)},
    {"edmd_def", sizeof(rc_edmd_def)},
    {"edmd_limits", sizeof(rc_edmd_limits)},
    {"edmd_observables", sizeof(rc_edmd_observables)},
    {"impact_options", sizeof(rc_impact_options)},
    {"impact_result", sizeof(rc_impact_result)},
    {"contact_info", sizeof(rc_contact_info)},
    {"problem_info", sizeof(rc_problem_info)},
    {"rigid_body_def", sizeof(rc_rigid_body_def)},
    {"rigid_static_def", sizeof(rc_rigid_static_def)},
    {"rigid_def", sizeof(rc_rigid_def)},
    {"rigid_observables", sizeof(rc_rigid_observables)},
    {"rigid_run_settings", sizeof(rc_rigid_run_settings)},
    {"run_output", sizeof(rc_run_output)},
    {"run_settings", sizeof(rc_edmd_run_settings)},
    {"run_limits", sizeof(rc_run_limits)},
    {"run_options", sizeof(rc_run_options)},
    {"run_counts", sizeof(rc_run_counts)},
    {"run_progress", sizeof(rc_run_progress)},
    {"sweep_progress", sizeof(rc_sweep_progress)},
    {"exchange_options", sizeof(rc_exchange_options)},
    {"render_options", sizeof(rc_render_options)},
    {"plot_options", sizeof(rc_plot_options)},
    {"plot_summary", sizeof(rc_plot_summary)},
};

size_t rc_struct_size(const char *name)
{
    if (name == NULL) return 0;
    for (size_t k = 0; k < sizeof struct_sizes / sizeof struct_sizes[0]; k++)
        if (strcmp(struct_sizes[k].name, name) == 0) return struct_sizes[k].size;
    return 0;
}
