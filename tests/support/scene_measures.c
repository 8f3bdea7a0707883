/* SPDX-License-Identifier: MIT */
/* The impact tests' own physical accounting (see scenes.h): kinetic energy, linear and angular momentum, the
 * velocity of material points, relative normal velocities, effective inverse masses and the impulse residual, each
 * the textbook formula of rigid-body mechanics applied to what the test put in, never a value read back from
 * src/impact, so that they can serve as oracles. */
#include <math.h>
#include <string.h>

#include "scenes.h"

/* ---- measures ---------------------------------------------------------------------------------------------- */

double scene_energy(const scene *s, const double *v)
{
    double sum = 0;
    for (int i = 0; i < s->body_count; i++) {
        const scene_body *b = &s->body[i];
        const double *u = v + b->first_dof;
        if (b->kind == RC_BODY_KIND_DOFS) {
            for (int j = 0; j < b->dofs; j++) sum += s->dof_mass[b->first_dof + j] * u[j] * u[j];
            continue;
        }
        sum += b->mass * scene_dot(b->dimension, u, u);
        if (b->kind != RC_BODY_KIND_RIGID) continue;
        const double *w = u + b->dimension;
        if (b->dimension == 2) {
            sum += b->inertia[0] * w[0] * w[0];
        } else {
            double iw[3];
            scene_mat_vec(b->inertia, w, iw);
            sum += scene_dot(3, w, iw);
        }
    }
    return 0.5 * sum;
}

void scene_linear_momentum(const scene *s, const double *v, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (int i = 0; i < s->body_count; i++) {
        const scene_body *b = &s->body[i];
        for (int j = 0; j < b->dimension; j++) out[j] += b->mass * v[b->first_dof + j];
    }
}

void scene_angular_momentum(const scene *s, const double *v, const double *about, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (int i = 0; i < s->body_count; i++) {
        const scene_body *b = &s->body[i];
        const double *u = v + b->first_dof;
        if (b->dimension < 2) continue;
        double r[3] = {0, 0, 0}, p[3] = {0, 0, 0}, l[3];
        for (int j = 0; j < b->dimension; j++) {
            r[j] = b->position[j] - about[j];
            p[j] = b->mass * u[j];
        }
        scene_cross(r, p, l);
        if (b->kind == RC_BODY_KIND_RIGID && b->dimension == 2) {
            l[2] += b->inertia[0] * u[2];
        } else if (b->kind == RC_BODY_KIND_RIGID) {
            double iw[3];
            scene_mat_vec(b->inertia, u + 3, iw);
            for (int j = 0; j < 3; j++) l[j] += iw[j];
        }
        for (int j = 0; j < 3; j++) out[j] += l[j];
    }
}

double scene_momentum_scale(const scene *s, const double *v)
{
    double sum = 0, mass = 0;
    for (int i = 0; i < s->body_count; i++) {
        const scene_body *b = &s->body[i];
        const double *u = v + b->first_dof;
        sum += b->mass * sqrt(scene_dot(b->dimension, u, u));
        mass += b->mass;
    }
    return sum + sqrt(2 * scene_energy(s, v) * mass);
}

void scene_point_velocity(const scene *s, int body, const double *v, const double *p, double *out)
{
    const scene_body *b = &s->body[body];
    const double *u = v + b->first_dof;
    int d = b->dimension;
    for (int i = 0; i < d; i++) out[i] = u[i];
    if (b->kind != RC_BODY_KIND_RIGID) return;
    double r[3] = {0, 0, 0};
    for (int i = 0; i < d; i++) r[i] = p[i] - b->position[i];
    if (d == 2) {
        out[0] -= u[2] * r[1];
        out[1] += u[2] * r[0];
    } else {
        double wr[3];
        scene_cross(u + 3, r, wr);
        for (int i = 0; i < 3; i++) out[i] += wr[i];
    }
}

double scene_normal_velocity(const scene *s, int k, const double *v)
{
    const scene_contact *c = &s->contact[k];
    if (c->a < 0) {
        double sum = 0;
        for (int i = 0; i < c->nonzeros; i++)
            sum += s->nonzero_value[c->first_nonzero + i] * v[s->nonzero_dof[c->first_nonzero + i]];
        return sum;
    }
    int d = s->dimension;
    double ua[3] = {0, 0, 0}, ub[3] = {0, 0, 0};
    scene_point_velocity(s, c->a, v, c->point, ua);
    if (c->b >= 0) scene_point_velocity(s, c->b, v, c->point, ub);
    double sum = 0;
    for (int i = 0; i < d; i++) sum += c->normal[i] * (ua[i] - ub[i]);
    return sum;
}

/* n^T M^-1 n of one body for a unit normal at point p: 1/m plus the rotational part. */
static double body_inverse_mass(const scene_body *b, const double *p, const double *n)
{
    double sum = 1.0 / b->mass;
    if (b->kind != RC_BODY_KIND_RIGID) return sum;
    double r[3] = {0, 0, 0};
    for (int i = 0; i < b->dimension; i++) r[i] = p[i] - b->position[i];
    if (b->dimension == 2) {
        double rn = scene_cross2(r, n);
        return sum + rn * rn / b->inertia[0];
    }
    double rn[3], x[3];
    scene_cross(r, n, rn);
    scene_solve3(b->inertia, rn, x);
    return sum + scene_dot(3, rn, x);
}

double scene_inverse_mass(const scene *s, int k)
{
    const scene_contact *c = &s->contact[k];
    if (c->a < 0) {
        double sum = 0;
        for (int i = 0; i < c->nonzeros; i++) {
            double g = s->nonzero_value[c->first_nonzero + i];
            sum += g * g / s->dof_mass[s->nonzero_dof[c->first_nonzero + i]];
        }
        return sum;
    }
    double sum = body_inverse_mass(&s->body[c->a], c->point, c->normal);
    if (c->b >= 0) sum += body_inverse_mass(&s->body[c->b], c->point, c->normal);
    return sum;
}

double scene_min_relative(const scene *s, const double *v)
{
    double norm = sqrt(2.0 * scene_energy(s, v));
    if (s->contact_count == 0 || norm == 0) return 0.0;
    double least = INFINITY;
    for (int k = 0; k < s->contact_count; k++)
        least = fmin(least, scene_normal_velocity(s, k, v) / (sqrt(scene_inverse_mass(s, k)) * norm));
    return least;
}

bool scene_has_static(const scene *s)
{
    for (int k = 0; k < s->contact_count; k++)
        if (s->contact[k].a >= 0 && s->contact[k].b < 0) return true;
    return false;
}

/* ---- impulses ---------------------------------------------------------------------------------------------- */

/* out += sign * lambda * (the gradient block of body for a unit normal n at point p) */
static void add_body_gradient(const scene *s, int body, const double *p, const double *n, double lambda, double *out)
{
    const scene_body *b = &s->body[body];
    double *f = out + b->first_dof;
    int d = b->dimension;
    for (int i = 0; i < d; i++) f[i] += lambda * n[i];
    if (b->kind != RC_BODY_KIND_RIGID) return;
    double r[3] = {0, 0, 0}, rn[3];
    for (int i = 0; i < d; i++) r[i] = p[i] - b->position[i];
    if (d == 2) {
        f[2] += lambda * scene_cross2(r, n);
        return;
    }
    scene_cross(r, n, rn);
    for (int i = 0; i < 3; i++) f[3 + i] += lambda * rn[i];
}

double scene_impulse_residual(const scene *s, const double *before, const double *after, const double *impulse)
{
    static double force[SCENE_MAX_DOFS], momentum[SCENE_MAX_DOFS];
    memset(force, 0, (size_t)s->dof_count * sizeof *force);
    for (int k = 0; k < s->contact_count; k++) {
        const scene_contact *c = &s->contact[k];
        if (c->a < 0) {
            for (int i = 0; i < c->nonzeros; i++)
                force[s->nonzero_dof[c->first_nonzero + i]] += impulse[k] * s->nonzero_value[c->first_nonzero + i];
            continue;
        }
        double minus[3] = {-c->normal[0], -c->normal[1], -c->normal[2]};
        add_body_gradient(s, c->a, c->point, c->normal, impulse[k], force);
        if (c->b >= 0) add_body_gradient(s, c->b, c->point, minus, impulse[k], force);
    }
    for (int i = 0; i < s->body_count; i++) {
        const scene_body *b = &s->body[i];
        for (int j = 0; j < b->dofs; j++) {
            int dof = b->first_dof + j;
            double dv = after[dof] - before[dof];
            if (b->kind == RC_BODY_KIND_DOFS) momentum[dof] = s->dof_mass[dof] * dv;
            else if (j < b->dimension) momentum[dof] = b->mass * dv;
            else if (b->dimension == 2) momentum[dof] = b->inertia[0] * dv;
            else {
                const double *row = b->inertia + 3 * (j - 3);
                const double *w0 = before + b->first_dof + 3, *w1 = after + b->first_dof + 3;
                momentum[dof] = row[0] * (w1[0] - w0[0]) + row[1] * (w1[1] - w0[1]) + row[2] * (w1[2] - w0[2]);
            }
        }
    }
    double worst = 0, scale = 0;
    for (int i = 0; i < s->dof_count; i++) {
        worst = fmax(worst, fabs(momentum[i] - force[i]));
        scale = fmax(scale, fmax(fabs(momentum[i]), fabs(force[i])));
    }
    return scale > 0 ? worst / scale : 0.0;
}
