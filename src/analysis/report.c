/* SPDX-License-Identifier: MIT */
/* What an analysis reports (docs/formats.md, "Analysis"): the summary object (contact values and the compressibility
 * they give through the contact theorem, Z = 1 + (2 pi / 3) rho sum_ab x_a x_b sigma_ab^3 g_ab(sigma_ab+) in 3D and
 * 1 + (pi / 2) rho sum_ab x_a x_b sigma_ab^2 g_ab(sigma_ab+) in 2D (Hansen and McDonald, "Theory of Simple Liquids",
 * 4th ed., section 2.5; 1 + 4 phi g(sigma+) and 1 + 2 phi g(sigma+) for one species), the peak of S(k), Q6 or psi6,
 * D with its error and the Yeh-Hummer correction for a cubic periodic box, D(inf) = D(L) + xi kT / (6 pi eta L),
 * xi = 2.837297 (Yeh and Hummer, J. Phys. Chem. B 108, 15873 (2004), eq. 1)), the measures that failed with their
 * reasons ("failed"), and the tables as CSV files. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analysis/analysis.h"
#include "core/status.h"
#include "ricochet/output.h"
#include "json/json_document.h"

static const double yeh_hummer_xi = 2.837297;

static void add(cJSON *object, const char *key, double value)
{
    cJSON_AddItemToObject(object, key, isfinite(value) ? cJSON_CreateNumber(value) : cJSON_CreateNull());
}

/* The compressibility from the contact values and its error (errors of the pairs added as independent). */
static void contact_compressibility(const rc_analysis *a, double *z, double *error)
{
    const rc_rdf *rdf = &a->rdf;
    double rho = a->count / (a->box[0] * a->box[1] * (a->dimension == 3 ? a->box[2] : 1)), sum = 0, squares = 0;
    double prefactor = a->dimension == 3 ? 2 * M_PI / 3 : M_PI / 2;
    for (int x = 0, p = 0; x < rdf->species; x++)
        for (int y = x; y < rdf->species; y++, p++) {
            if (!rdf->members[x] || !rdf->members[y]) continue;
            double fractions =
                (double)rdf->members[x] * rdf->members[y] / ((double)a->count * a->count) * (x == y ? 1 : 2);
            double weight = prefactor * rho * fractions * pow(rdf->contact_at[p], a->dimension);
            sum += weight * a->contact[p];
            squares += weight * weight * a->contact_error[p] * a->contact_error[p];
        }
    *z = 1 + sum;
    *error = sqrt(squares);
}

static void add_rdf(const rc_analysis *a, cJSON *summary)
{
    const rc_rdf *rdf = &a->rdf;
    cJSON *list = cJSON_AddArrayToObject(summary, "rdf_contacts");
    for (int x = 0, p = 0; x < rdf->species; x++)
        for (int y = x; y < rdf->species; y++, p++) {
            cJSON *entry = cJSON_CreateObject();
            int pair[2] = {x, y};
            cJSON_AddItemToObject(entry, "species", cJSON_CreateIntArray(pair, 2));
            add(entry, "distance", rdf->contact_at[p]);
            add(entry, "contact", a->contact[p]);
            add(entry, "error", a->contact_error[p]);
            cJSON_AddItemToArray(list, entry);
        }
    add(summary, "rdf_contact", rdf->pairs == 1 ? a->contact[0] : NAN);
    add(summary, "rdf_contact_error", rdf->pairs == 1 ? a->contact_error[0] : NAN);
    double z, error;
    contact_compressibility(a, &z, &error);
    add(summary, "compressibility_from_contact", z);
    add(summary, "compressibility_from_contact_error", error);
}

static void add_structure_factor(const rc_analysis *a, cJSON *summary)
{
    const rc_table *t = &a->tables[1];
    int top = -1;
    for (int r = 0; r < t->rows; r++)
        if (top < 0 || t->values[3 * r + 1] > t->values[3 * top + 1]) top = r;
    add(summary, "structure_factor_peak_k", top >= 0 ? t->values[3 * top] : NAN);
    add(summary, "structure_factor_peak", top >= 0 ? t->values[3 * top + 1] : NAN);
}

double rc_analysis_yeh_hummer(const rc_analysis *a, double temperature, double eta)
{
    bool cubic = a->dimension == 3 && a->periodic[0] && a->periodic[1] && a->periodic[2] &&
                 fabs(a->box[1] - a->box[0]) <= 1e-12 * a->box[0] && fabs(a->box[2] - a->box[0]) <= 1e-12 * a->box[0];
    return cubic && eta > 0 ? yeh_hummer_xi * temperature / (6 * M_PI * eta * a->box[0]) : NAN;
}

/* kT from the frames' velocities (NaN without), and the Yeh-Hummer term for a cubic periodic 3D box. */
static void add_diffusion(const rc_analysis *a, cJSON *summary, double temperature)
{
    add(summary, "diffusion_coefficient", a->diffusion);
    add(summary, "diffusion_coefficient_error", a->diffusion_error);
    double eta = a->viscosity > 0 ? a->viscosity : a->run_viscosity;
    double correction = rc_analysis_yeh_hummer(a, temperature, eta);
    add(summary, "shear_viscosity_used", isnan(rc_analysis_yeh_hummer(a, 1, 1)) ? NAN : eta);
    add(summary, "yeh_hummer_correction", correction);
    add(summary, "diffusion_coefficient_infinite", a->diffusion + correction);
    rc_mixture_summary(&a->mixture, summary);
    cJSON *fit = cJSON_AddArrayToObject(summary, "fit");
    cJSON_AddItemToArray(fit, cJSON_CreateNumber(a->fit_start));
    cJSON_AddItemToArray(fit, cJSON_CreateNumber(a->fit_end));
}

static cJSON *summary_of(const rc_analysis *a)
{
    cJSON *s = cJSON_CreateObject();
    if (!s) return NULL;
    if (a->source) cJSON_AddStringToObject(s, "trajectory", a->source);
    cJSON_AddNumberToObject(s, "first_frame", (double)a->first_used);
    cJSON_AddNumberToObject(s, "frames", (double)a->frames);
    cJSON_AddNumberToObject(s, "particles", a->count);
    cJSON_AddNumberToObject(s, "dimension", a->dimension);
    cJSON_AddNumberToObject(s, "time_span", a->last_time - a->first_time);
    double temperature = a->velocities ? a->kinetic_sum / (double)a->frames : NAN;
    add(s, "temperature", temperature);
    double fraction = a->dimension == 3 ? M_PI / 6 : M_PI / 4, volume = a->box[0] * a->box[1];
    if (a->dimension == 3) volume *= a->box[2];
    add(s, "number_density", a->count / volume);
    add(s, "packing_fraction", a->count * fraction * pow(a->mean_diameter, a->dimension) / volume);
    add(s, "run_compressibility", a->run_compressibility);
    int on = a->active & ~a->failed;
    if (on & RC_COMPUTE_RDF) add_rdf(a, s);
    if (on & RC_COMPUTE_SK) add_structure_factor(a, s);
    if (on & RC_COMPUTE_ORDER) {
        double global, local, bonds;
        rc_order_result(&a->order, &global, &local, &bonds);
        add(s, a->dimension == 3 ? "Q6" : "psi6", global);
        add(s, a->dimension == 3 ? "q6_local" : "psi6_local", local);
        add(s, "bonds_per_particle", bonds);
        add(s, "order_cutoff", a->order_cutoff);
        if (a->local.frames) {
            cJSON_AddStringToObject(s, "neighbours", a->local.voronoi ? "voronoi" : "distance");
            add(s, a->dimension == 2 ? "psi6_local_mean" : "solid_fraction", rc_local_order_mean(&a->local));
            if (a->dimension == 2)
                add(s, "hexatic_correlation_length", rc_local_order_length(&a->local, a->mean_diameter));
        }
    }
    if (on & RC_COMPUTE_MSD) add_diffusion(a, s, temperature);
    if (a->failed) {
        cJSON *failed = cJSON_AddObjectToObject(s, "failed");
        for (int k = 0; k < 4; k++)
            if (a->failed & 1 << k) cJSON_AddStringToObject(failed, rc_analysis_measure_names[k], a->reasons[k]);
    }
    return s;
}

char *rc_analysis_summary_json(const rc_analysis *a, bool compact)
{
    if (!a || !a->finished) return NULL;
    return rc_json_text(summary_of(a), compact);
}

rc_status rc_table_write(const rc_table *t, const char *path)
{
    rc_csv_writer *w = NULL;
    rc_status s = rc_csv_writer_open(path, t->columns, (const char *const *)t->names, &w);
    for (int r = 0; r < t->rows && !s; r++) s = rc_csv_writer_write(w, t->values + (size_t)r * t->columns);
    if (s) {
        rc_csv_writer_close_unfinished(w);
        return s;
    }
    return rc_csv_writer_close(w);
}

rc_status rc_analysis_write(const rc_analysis *a, const char *directory)
{
    if (!a || !directory) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis write: NULL argument");
    if (!a->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis write: not finished");
    rc_status s = rc_directory_create(directory);
    char path[4096];
    for (int k = 0; k < RC_ANALYSIS_TABLES && !s; k++) {
        if (!a->tables[k].names) continue;
        snprintf(path, sizeof path, "%s/%s.csv", directory, rc_analysis_table_names[k]);
        s = rc_table_write(&a->tables[k], path);
    }
    if (s) return s;
    char *text = rc_analysis_summary_json(a, false);
    if (!text) return rc_fail(RC_STATUS_NO_MEMORY, "analysis: out of memory");
    snprintf(path, sizeof path, "%s/analysis.json", directory);
    FILE *file = fopen(path, "w");
    bool ok = file && fputs(text, file) >= 0 && fputc('\n', file) != EOF;
    ok = (file && fclose(file) == 0) && ok;
    cJSON_free(text);
    return ok ? RC_STATUS_OK : rc_fail(RC_STATUS_IO_ERROR, "analysis output %s: cannot write it", path);
}
