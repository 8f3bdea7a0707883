/* ricochet: hard bodies that collide. The one header to include; it pulls in every area of the public API.
 *   core.h    status codes, last-error text, version
 *   impact.h  simultaneous-impact problems and the resolver that always terminates
 *   io.h      reading impact problems from JSON files */
#ifndef RICOCHET_H
#define RICOCHET_H

#include "ricochet/core.h"
#include "ricochet/impact.h"
#include "ricochet/io.h"

#endif
