/* Contact detection for the physical form of a problem file: which pairs of bodies, and which bodies and walls,
 * are within the contact tolerance, in the documented order (docs/formats.md, "Contacts"). */
#ifndef RC_IO_CONTACTS_H
#define RC_IO_CONTACTS_H

#include "io/scene.h"

typedef struct rc_contact_list {
    rc_contact_info *items;
    int count, capacity;
} rc_contact_list;

/* Appends every contact of the scene to list. Fails (RC_INVALID_ARGUMENT) on a pair it cannot give a normal to:
 * two centres at one point, a centre inside a box, or two boxes that may touch. */
rc_status rc_contacts_detect(const rc_scene *scene, rc_contact_list *list);

#endif
