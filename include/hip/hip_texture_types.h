/* HIP's texture-types header: everything is in texture_types.h (kept for programs that
 * include this name). */
#ifndef HIP_HIP_TEXTURE_TYPES_H
#define HIP_HIP_TEXTURE_TYPES_H

#include "texture_types.h"

#endif /* HIP_HIP_TEXTURE_TYPES_H */
