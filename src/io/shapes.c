/* Geometry and mass properties of disks, spheres and boxes (shapes.h): rotations, area or volume, inertia about the
 * centre of mass (3D: the world tensor R I_body R^T), box vertices and the point of a box closest to a point. */
#include "io/shapes.h"

#include <math.h>
#include <string.h>

void rc_rotation_from_angle(double angle, double *r)
{
    double c = cos(angle), s = sin(angle);
    const double m[9] = {c, -s, 0, s, c, 0, 0, 0, 1};
    memcpy(r, m, sizeof m);
}

void rc_rotation_from_quaternion(const double *q, double *r)
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    const double m[9] = {
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
        2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y),
    };
    memcpy(r, m, sizeof m);
}

double rc_shape_measure(const rc_scene_body *b, int dimension)
{
    if (b->shape == RC_SHAPE_ROUND)
        return dimension == 2 ? M_PI * b->radius * b->radius : 4.0 / 3.0 * M_PI * pow(b->radius, 3);
    double measure = 1;
    for (int i = 0; i < dimension; i++) measure *= 2 * b->half[i];
    return measure;
}

void rc_shape_inertia(rc_scene_body *b, int dimension)
{
    memset(b->inertia, 0, sizeof b->inertia);
    double m = b->mass, r2 = b->radius * b->radius;
    const double *h = b->half;
    if (dimension == 2) {
        b->inertia[0] = b->shape == RC_SHAPE_ROUND ? m * r2 / 2 : m * (h[0] * h[0] + h[1] * h[1]) / 3;
        return;
    }
    double principal[3];
    for (int i = 0; i < 3; i++) {
        double a = h[(i + 1) % 3], c = h[(i + 2) % 3];
        principal[i] = b->shape == RC_SHAPE_ROUND ? 0.4 * m * r2 : m * (a * a + c * c) / 3;
    }
    const double *R = b->rotation;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) sum += R[3 * i + k] * principal[k] * R[3 * j + k];
            b->inertia[3 * i + j] = sum;
        }
    /* exactly symmetric, whatever the rounding of the sums */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) b->inertia[3 * j + i] = b->inertia[3 * i + j];
}

double rc_shape_bounding_radius(const rc_scene_body *b, int dimension)
{
    if (b->shape == RC_SHAPE_ROUND) return b->radius;
    double sum = 0;
    for (int i = 0; i < dimension; i++) sum += b->half[i] * b->half[i];
    return sqrt(sum);
}

/* world = centre + R local, in the first `dimension` coordinates */
static void to_world(const rc_scene_body *b, int dimension, const double *local, double *world)
{
    for (int i = 0; i < dimension; i++) {
        double sum = b->position[i];
        for (int j = 0; j < dimension; j++) sum += b->rotation[3 * i + j] * local[j];
        world[i] = sum;
    }
}

void rc_box_vertex(const rc_scene_body *box, int dimension, int v, double *out)
{
    double local[3];
    for (int i = 0; i < dimension; i++) local[i] = (v >> i) & 1 ? box->half[i] : -box->half[i];
    to_world(box, dimension, local, out);
}

bool rc_box_closest_point(const rc_scene_body *box, int dimension, const double *p, double *out)
{
    double local[3];
    bool inside = true;
    for (int j = 0; j < dimension; j++) {
        double sum = 0; /* R^T (p - centre) */
        for (int i = 0; i < dimension; i++) sum += box->rotation[3 * i + j] * (p[i] - box->position[i]);
        local[j] = fmax(-box->half[j], fmin(box->half[j], sum));
        if (local[j] != sum) inside = false;
    }
    to_world(box, dimension, local, out);
    return !inside;
}
