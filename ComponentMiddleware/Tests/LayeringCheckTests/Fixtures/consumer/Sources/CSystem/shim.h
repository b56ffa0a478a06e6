// A C header's module, as a system-library target brings one: the check places it like any target.
#include <stdlib.h>
