/*
 * HIP vector types on the NVIDIA platform: CUDA's (nvcc's generated code depends on
 * them). HIP's element-wise operators on vector types (an AMD header extension) are not
 * provided. hip/hip_vector_types.h includes this under __HIP_PLATFORM_NVIDIA__.
 */
#ifndef HIP_NVIDIA_HIP_VECTOR_TYPES_H
#define HIP_NVIDIA_HIP_VECTOR_TYPES_H

#if defined(__CUDACC_RTC__)
/* NVRTC (hiprtc): the vector types and make_<type>N are predefined. */
#else
#include <vector_types.h>
#if defined(__CUDACC__)
#include <vector_functions.h>
#endif
#endif /* __CUDACC_RTC__ */

#endif /* HIP_NVIDIA_HIP_VECTOR_TYPES_H */
