/*
 * Types shared by ferrocm's rocRAND and hipRAND host headers: the half type of the
 * *_half entry points and the discrete distribution layout device code reads.
 */
#ifndef FERROCM_ROCRAND_HOST_TYPES_H
#define FERROCM_ROCRAND_HOST_TYPES_H

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_fp16.h>

/* `half` passes by value as the platform's __half does. On the CPU platform __half is a
 * _Float16 (passed in a floating-point register), so C code uses _Float16 too. */
#if defined(__cplusplus)
typedef __half half;
#elif defined(__FLT16_MAX__)
typedef _Float16 half;
#else
#error "rocRAND's half functions need _Float16 in C (GCC 12+ or Clang on x86-64/AArch64)"
#endif

/* rocRAND's discrete distribution (alias table and CDF). */
struct rocrand_discrete_distribution_st {
  unsigned int size;
  unsigned int offset;
  unsigned int* alias;
  double* probability;
  double* cdf;
};

#endif /* FERROCM_ROCRAND_HOST_TYPES_H */
