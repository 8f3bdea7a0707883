/* SPDX-License-Identifier: MIT */
/* Fuzz harness: CSV tables read and drawn (rc_plot_csv, src/render/plot_csv.c; what `ricochet plot` and
 * ricochet.plot_csv do with outside files): the input written to a file under /dev/shm, its header split into names,
 * its rows into numbers (empty cells, NaN, infinities, quoted names, blank lines, rows of another length, NUL bytes),
 * the curves chosen and drawn into a PNG there. The input's length chooses the options, so that every mutation of a
 * seed tries several: log axes, error bars, one panel, x named "time", the curve "msd". A table of more than four
 * columns is drawn in one panel, so that no input spends its time encoding a picture of dozens of panels. */
#include "harness.h"
#include "ricochet/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char csv[256], png[256];
    snprintf(png, sizeof png, "/dev/shm/ricochet-fuzz-%ld-table.png", (long)getpid());
    if (fuzz_file(data, size, "table.csv", csv)) {
        size_t header = 0, commas = 0;
        while (header < size && data[header] != '\n') commas += data[header++] == ',';
        rc_plot_options o = rc_plot_default_options();
        o.log_x = size & 1, o.log_y = size & 2, o.errors = size & 4, o.overlay = size & 8 || commas > 3;
        const char *const curves[] = {"msd"};
        rc_plot_summary summary;
        if (rc_plot_csv(csv, size & 16 ? "time" : NULL, size & 32 ? 1 : 0, curves, &o, png, &summary) == RC_STATUS_OK)
            rc_text_destroy(summary.png);
    }
    unlink(csv);
    unlink(png);
    return 0;
}
