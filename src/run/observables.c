/* SPDX-License-Identifier: MIT */
/* The table of observables (ricochet/run.h): for each, its name, unit and meaning, whether it is a column of the rows
 * (observables.csv, the H5MD observables) and a key of the summary, and whether it needs a feature (shear, a
 * barostat). Which engines have it is each engine's answer by name (its adapter's `field`, src/run/engine.h): the
 * table's public flags take it from the registry, and a run reads each value where its engine keeps it. The CSV
 * header, the H5MD series, the summary's measured keys and the table in docs/formats.md (`ricochet help
 * observables`) all come from here: adding an observable is adding one line here and its field in the engines that
 * have it. The event-driven engine's averages (pressure, compressibility, collision rate, mean free time) cover an
 * interval: since the previous row in a row, since the end of the equilibration in the summary (Bannerman et al.
 * 2014, section 5; docs/edmd.md). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "run/observables.h"
#include "run/run.h"

enum {
    ROW = RC_OBSERVABLE_ROW,
    SUM = RC_OBSERVABLE_SUMMARY,
    SH = RC_OBSERVABLE_SHEAR,
    BA = RC_OBSERVABLE_BAROSTAT,
    RO = RC_OBSERVABLE_ROUGH,
    WA = RC_OBSERVABLE_WALLS
};

static const rc_observable_info table[] = {
    {"time", "time", "simulation time", ROW | SUM},
    {"steps", "1", "time steps taken", ROW | SUM},
    {"events", "1", "events processed: collisions, wall hits, list rebuilds, stale predictions, thermostat kicks",
     ROW | SUM},
    {"collisions", "1", "pair collisions", ROW | SUM},
    {"wall_collisions", "1", "collisions with walls and plates", ROW | SUM},
    {"impacts", "1",
     "simultaneous impacts handed to the impact resolver: collisions that touched other bodies "
     "(event-driven); islands with a contact approaching faster than g h that a step's collision resolve changed, "
     "settled ones (restitution 0 without friction) included, resting contact not (time-stepping)",
     ROW | SUM},
    {"impact_iterations", "1",
     "impact-operator applications over all impacts (time-stepping: a settled collision "
     "is one, the inelastic impact, whatever its sweeps)",
     ROW | SUM},
    {"max_impact_iterations", "1", "the most impact-operator applications one step's impacts needed", ROW | SUM},
    {"resting_resolves", "1",
     "islands of resting contact settled (resolved, with friction) after gravity, and "
     "islands the projections after a frictional resolve changed: each step's contact holding, not impacts",
     ROW | SUM},
    {"largest_impact", "1", "bodies in the largest simultaneous impact so far", SUM},
    {"lineality_detections", "1", "impacts in which implicit equality constraints were found", SUM},
    {"impact_fallbacks", "1", "impacts no LCP method could solve, where the binary rule acted", SUM},
    {"collapses", "1", "impacts that ended a collapse in progress, resolved inelastically (docs/edmd.md)", SUM},
    {"contacts", "1", "contact points of the last step", ROW | SUM},
    {"max_contacts", "1", "the most contact points in one step", SUM},
    {"stabilising_collisions", "1", "collisions of a pair found overlapped and approaching (the stable rule acted)",
     ROW | SUM},
    {"negative_time_events", "1", "events predicted before the present: always 0 with the stable rule", ROW | SUM},
    {"three_body_events", "1", "collisions that left a particle overlapped with two others", ROW | SUM},
    {"step_events", "1", "events at the steps of stepped potentials (interactions): crossings and bounces", ROW | SUM},
    {"step_bounces", "1", "step events where the pair lacked the normal kinetic energy to cross and bounced back",
     ROW | SUM},
    {"invalid_states", "1",
     "pairs found beyond the step their history records by more than rounding, at their "
     "events and at renewals: always 0 with the stable rule",
     ROW | SUM},
    {"thermostat_events", "1", "Andersen thermostat kicks", SUM},
    {"neighbour_rebuilds", "1", "neighbour-list renewals", SUM},
    {"sleeping", "1", "particles (bodies) asleep now", ROW | SUM},
    {"sleeps", "1", "times a particle (body) fell asleep", SUM},
    {"wakes", "1", "times a sleeping particle (body) was woken", SUM},
    {"kicks", "1", "resting contacts pushed apart (collapse.kick_speed)", SUM},
    {"temperature", "energy",
     "2K / (d N_f) now, N_f = N - 1 when momentum is conserved, else N (under shear: K "
     "of the peculiar velocities, the streaming velocity removed)",
     ROW | SUM},
    {"translational_temperature", "energy", "rough particles: the temperature of the translations, as temperature",
     ROW | SUM | RO},
    {"rotational_temperature", "energy", "rough particles: 2 K_rot / (d_r N) now, d_r = 3 in 3D, 1 in 2D",
     ROW | SUM | RO},
    {"temperature_ratio", "1", "rough particles: rotational_temperature / translational_temperature now",
     ROW | SUM | RO},
    {"rotational_energy", "energy", "rough particles: the kinetic energy of the spins now, sum I w^2 / 2",
     ROW | SUM | RO},
    {"pressure", "energy/volume",
     "pressure averaged over the interval, kinetic plus collisional (the impulses at "
     "cores and steps; empty under gravity, where it varies with height)",
     ROW | SUM},
    {"compressibility", "1", "Z = P V / (N kT) over the interval", ROW | SUM},
    {"packing_fraction", "1", "the particles' volume (area in 2D) over the box's now; it grows during a compression",
     ROW | SUM},
    {"volume", "volume", "barostat: the box's volume (area in 2D) now", ROW | SUM | BA},
    {"volume_moves", "1", "barostat: volume moves tried so far", ROW | SUM | BA},
    {"volume_acceptance", "1", "barostat: the fraction of the volume moves accepted so far", ROW | SUM | BA},
    {"max_log_volume_step", "1", "barostat: the largest step of ln V now (it adapts before barostat.adapt_until)",
     SUM | BA},
    {"reduced_pressure", "1",
     "compression: Z = P V / (N kT) over its last window of collisions, the value "
     "compression.until compares (empty without a compression)",
     ROW | SUM},
    {"collision_rate", "1/time", "pair collisions per particle per unit time over the interval", ROW | SUM},
    {"mean_free_time", "time", "1 / collision_rate", ROW | SUM},
    {"shear_stress", "energy/volume",
     "under shear: -P_xy (x the flow axis, y the gradient axis) averaged over the "
     "interval, kinetic (peculiar velocities) plus collisional",
     ROW | SUM | SH},
    {"shear_viscosity", "mass/(length time)", "under shear: shear_stress / rate over the interval", ROW | SUM | SH},
    {"shear_work", "energy", "under shear: the viscous heating so far, rate V times the integral of shear_stress dt",
     ROW | SUM | SH},
    {"kinetic_energy", "energy",
     "translational (and rotational) kinetic energy now (under shear: of the peculiar "
     "velocities)",
     ROW | SUM},
    {"potential_energy", "energy",
     "-m g.x summed (the energy in the gravity field) plus the stepped potentials' energy", ROW | SUM},
    {"energy", "energy", "kinetic + potential (event-driven rough particles: + rotational_energy)", ROW | SUM},
    {"dissipated_energy", "energy", "energy taken out by inelastic collisions (and friction) so far", ROW | SUM},
    {"thermostat_energy", "energy", "energy added by the thermostat and collapse kicks so far", SUM},
    {"wall_work", "energy",
     "the energy moving and thermal walls have put into the particles so far (collisions "
     "and the grains riding plates)",
     ROW | SUM | WA},
    {"wall_heat", "energy",
     "the heat the thermal walls have given the particles so far, all together (the summary's "
     "wall_heats lists each wall's: the scene's walls, then the box's, null where not thermal)",
     ROW | SUM | WA},
    {"energy_drift", "1",
     "(E + dissipated - added - wall_work - E0) / abs(E0): what the energy balance misses; rounding "
     "(event-driven), rounding and the time stepping's error (time-stepping)",
     ROW | SUM},
    {"max_overlap", "length", "the largest overlap seen at a pair collision", ROW | SUM},
    {"max_penetration", "length", "the deepest overlap seen at the start of a step", ROW | SUM},
    {"detection_seconds", "s", "wall time in contact detection", SUM},
    {"resolution_seconds", "s", "wall time in the impact resolver", SUM},
};

enum { ENTRIES = sizeof table / sizeof *table };

/* The table with each entry's engine flags, asked of every engine of the registry once. */
static rc_observable_info infos[ENTRIES];
static pthread_once_t infos_once = PTHREAD_ONCE_INIT;

static void fill_infos(void)
{
    for (int k = 0; k < ENTRIES; k++) {
        infos[k] = table[k];
        run_field f;
        for (int e = 0; rc_run_engine_at(e); e++)
            if (rc_run_engine_at(e)->field(table[k].name, &f)) infos[k].flags |= rc_run_engine_at(e)->observable_flag;
    }
}

int rc_observable_count(void) { return ENTRIES; }

const rc_observable_info *rc_observable_get(int k)
{
    pthread_once(&infos_once, fill_infos);
    return k >= 0 && k < ENTRIES ? &infos[k] : NULL;
}

bool rc_run_field_find(const run_field *list, size_t n, const char *name, run_field *out)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(list[k].name, name) == 0) {
            *out = list[k];
            return true;
        }
    *out = (run_field){name, RUN_FIELD_NONE, 0};
    return false;
}

double rc_run_field_value(const run_snapshot *record, run_field f)
{
    const unsigned char *field = record->bytes + f.offset;
    switch (f.type) {
    case RUN_FIELD_F64: return *(const double *)(const void *)field;
    case RUN_FIELD_U64: return (double)*(const uint64_t *)(const void *)field;
    case RUN_FIELD_I64: return (double)*(const int64_t *)(const void *)field;
    case RUN_FIELD_I32: return (double)*(const int32_t *)(const void *)field;
    default: return NAN;
    }
}

rc_status rc_run_observables_bind(rc_run *run)
{
    if (!(run->fields = malloc(ENTRIES * sizeof *run->fields))) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int k = 0; k < ENTRIES; k++) run->ops->field(table[k].name, &run->fields[k]);
    return RC_STATUS_OK;
}

void rc_run_observe(const rc_run *run, const run_snapshot *since, double *values)
{
    run_snapshot record;
    run->ops->measure(run->engine, since, &record);
    for (int k = 0; k < ENTRIES; k++) values[k] = rc_run_field_value(&record, run->fields[k]);
}

/* Whether entry k belongs to the run: its engine has it, a shear observable only under shear, a barostat one only
 * with a barostat, a moving wall's only with moving walls. */
static bool belongs(const rc_run *run, int k, int wanted)
{
    return (table[k].flags & wanted) == wanted && run->fields[k].type != RUN_FIELD_NONE &&
           (!(table[k].flags & SH) || run->ops->has(run->engine, SH)) &&
           (!(table[k].flags & BA) || run->ops->has(run->engine, BA)) &&
           (!(table[k].flags & RO) || run->ops->has(run->engine, RO)) &&
           (!(table[k].flags & WA) || run->ops->has(run->engine, WA));
}

int rc_run_row_columns(const rc_run *run, const char **names, int *indices)
{
    int columns = 0;
    for (int k = 0; k < ENTRIES; k++)
        if (belongs(run, k, ROW)) {
            if (names) names[columns] = table[k].name;
            if (indices) indices[columns] = k;
            columns++;
        }
    return columns;
}

void rc_run_add_observables(const rc_run *run, const run_snapshot *since, cJSON *summary)
{
    double values[ENTRIES];
    rc_run_observe(run, since, values);
    for (int k = 0; k < ENTRIES; k++)
        if (belongs(run, k, SUM))
            cJSON_AddNumberToObject(summary, table[k].name, values[k]); /* cJSON writes NaN as null */
}
