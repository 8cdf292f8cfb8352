/*
 * HIP surface types: surface objects (read/write images) and the legacy surface reference.
 * Names, values and layouts are ROCm 6.3's. C11 and C++11.
 */
#ifndef HIP_SURFACE_TYPES_H
#define HIP_SURFACE_TYPES_H

#include "hip_common.h"

#if !defined(__CUDACC_RTC__)

#include "driver_types.h"

/* Opaque handle of a surface object (hipCreateSurfaceObject). */
struct __hip_surface;
typedef struct __hip_surface *hipSurfaceObject_t;

/* Under nvcc, CUDA toolkits before 12 declare a surfaceReference of their own (pre-included):
 * ours is spelled __hip_surfaceReference there. */
#if defined(__HIP_NVIDIA_CUDA_TYPES__)
#define surfaceReference __hip_surfaceReference
#endif

struct surfaceReference {
  hipSurfaceObject_t surfaceObject;
};

/* What a surface access outside the surface does: return zero, trap, or clamp. */
enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
};

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_SURFACE_TYPES_H */
