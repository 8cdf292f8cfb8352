/*
 * HIP cooperative groups on the NVIDIA platform: CUDA's (same namespace and names).
 * hip/hip_cooperative_groups.h includes this under __HIP_PLATFORM_NVIDIA__.
 */
#ifndef HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H
#define HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H

#include <cooperative_groups.h>

#endif /* HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H */
