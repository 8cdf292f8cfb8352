// thrust/system/hip/execution_policy.h as rocThrust provides it (ferrocm): thrust::hip::par,
// thrust::hip::par_nosync and .on(stream). CPU platform: thrust/ferrocm/core.h; NVIDIA
// platform: thrust::cuda's policies under the hip name (thrust/ferrocm/nvidia.h).
#pragma once
#include <thrust/ferrocm/platform.h>
#if FERROCM_THRUST_NVIDIA
#include <thrust/execution_policy.h>
#else
#include <thrust/ferrocm/all.h>
#endif
