/* SPDX-License-Identifier: MIT */
/* A turning body as HOOMD-blue describes it (its GSD schema: particles/moment_inertia, orientation and angmom): the
 * principal moments of inertia in the body's principal frame, the orientation of that frame, and the angular
 * momentum as the quaternion p = 2 q ⊗ (0, L_body), L_body the angular momentum in that frame. */
#ifndef RC_CORE_PRINCIPAL_H
#define RC_CORE_PRINCIPAL_H

/* From a body's inertia tensor about its centre in its own frame (row-major; in 2D only inertia[8] is read), its
 * orientation (the unit quaternion (w, x, y, z) that turns its frame into the lab's; NULL: none, the identity) and its
 * angular momentum in the lab frame: the principal moments (ascending as the rotations leave them; (0, 0, I_zz) in
 * 2D), the orientation of the principal frame (q ⊗ q_p, q_p turning the principal frame into the body's: q itself
 * when the tensor is diagonal, as a sphere's and a box's are, and in 2D) and HOOMD's angmom. */
void rc_principal_hoomd(int dimension, const double inertia[9], const double *orientation, const double momentum[3],
                        double moments[3], double principal[4], double angmom[4]);

#endif
