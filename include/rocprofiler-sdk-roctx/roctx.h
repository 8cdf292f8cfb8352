/* rocprofiler-sdk's path of the roctx header: the same declarations as <roctracer/roctx.h>. */
#include "../roctracer/roctx.h"
