#include <stdio.h>
#include "ricochet/ricochet.h"
int main(void) { printf("%s\n", rc_version()); return 0; }
