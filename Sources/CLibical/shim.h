#ifndef CALBRIDGE_CLIBICAL_SHIM_H
#define CALBRIDGE_CLIBICAL_SHIM_H
#include <libical/ical.h>
#endif
