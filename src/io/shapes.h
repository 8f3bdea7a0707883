/* Geometry and mass properties of the shapes a problem file may hold: rotations from an angle or a quaternion,
 * volume and inertia of disks, spheres and boxes, box vertices, and the point of a box closest to a point. */
#ifndef RC_IO_SHAPES_H
#define RC_IO_SHAPES_H

#include <stdbool.h>

#include "io/scene.h"

/* Row-major 3x3 rotation matrices: a 2D rotation by angle (radians, counter-clockwise) about z, and the rotation
 * of a unit quaternion [w, x, y, z]. */
void rc_rotation_from_angle(double angle, double *rotation);
void rc_rotation_from_quaternion(const double *q, double *rotation);

/* Area (2D) or volume (3D) of the body's shape. */
double rc_shape_measure(const rc_scene_body *body, int dimension);
/* Fills body->inertia from its shape, mass and rotation. */
void rc_shape_inertia(rc_scene_body *body, int dimension);

/* The radius of the smallest ball about the centre that holds the shape. */
double rc_shape_bounding_radius(const rc_scene_body *body, int dimension);
/* Vertex v (0 .. 2^dimension - 1) of a box in world coordinates: along body axis i it sits at +half[i] when bit i
 * of v is set, at -half[i] otherwise. */
void rc_box_vertex(const rc_scene_body *box, int dimension, int v, double *out);
/* The point of the box (surface or inside) closest to p; returns false when p is inside the box or on its
 * surface. */
bool rc_box_closest_point(const rc_scene_body *box, int dimension, const double *p, double *out);

#endif
