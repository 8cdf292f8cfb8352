/*
 * hipRAND device API (hiprand_init, hiprand, hiprand4, hiprand_uniform*, hiprand_normal*,
 * hiprand_log_normal*, hiprand_poisson, hiprand_discrete, skipahead*), used inside kernels.
 *
 * CPU platform: hipRAND's states are rocRAND's (rocrand/rocrand_kernel.h), as on AMD GPUs,
 * so kernels produce rocRAND's numbers. NVIDIA: the states and functions are cuRAND's
 * (curand_kernel.h), as hipRAND's NVIDIA backend does, so kernels produce cuRAND's numbers.
 * Provided states: XORWOW (hiprandState_t), Philox4x32-10, MRG32k3a. MTGP32 and Sobol
 * states are not provided (docs/LIBRARIES.md).
 */
#ifndef HIPRAND_KERNEL_H_
#define HIPRAND_KERNEL_H_

#include <hip/hip_runtime.h>

#include "hiprand.h"

#if defined(__HIP_PLATFORM_NVIDIA__)

#include <curand_kernel.h>

#define HIPRAND_FQ __forceinline__ __device__
typedef curandStateXORWOW_t hiprandStateXORWOW_t;
typedef curandStatePhilox4_32_10_t hiprandStatePhilox4_32_10_t;
typedef curandStateMRG32k3a_t hiprandStateMRG32k3a_t;
typedef curandState_t hiprandState_t;

#define FERROCM_HIPRAND_STATE_API(S)                                                                  \
  HIPRAND_FQ void hiprand_init(unsigned long long seed, unsigned long long subsequence,                \
                               unsigned long long offset, S* state) {                                  \
    curand_init(seed, subsequence, offset, state);                                                     \
  }                                                                                                    \
  HIPRAND_FQ unsigned int hiprand(S* state) { return curand(state); }                                  \
  HIPRAND_FQ float hiprand_uniform(S* state) { return curand_uniform(state); }                         \
  HIPRAND_FQ double hiprand_uniform_double(S* state) { return curand_uniform_double(state); }          \
  HIPRAND_FQ float hiprand_normal(S* state) { return curand_normal(state); }                           \
  HIPRAND_FQ float2 hiprand_normal2(S* state) { return curand_normal2(state); }                        \
  HIPRAND_FQ double hiprand_normal_double(S* state) { return curand_normal_double(state); }            \
  HIPRAND_FQ double2 hiprand_normal2_double(S* state) { return curand_normal2_double(state); }         \
  HIPRAND_FQ float hiprand_log_normal(S* state, float m, float s) { return curand_log_normal(state, m, s); } \
  HIPRAND_FQ float2 hiprand_log_normal2(S* state, float m, float s) { return curand_log_normal2(state, m, s); } \
  HIPRAND_FQ double hiprand_log_normal_double(S* state, double m, double s) {                          \
    return curand_log_normal_double(state, m, s);                                                      \
  }                                                                                                    \
  HIPRAND_FQ double2 hiprand_log_normal2_double(S* state, double m, double s) {                        \
    return curand_log_normal2_double(state, m, s);                                                     \
  }                                                                                                    \
  HIPRAND_FQ unsigned int hiprand_poisson(S* state, double lambda) { return curand_poisson(state, lambda); }

FERROCM_HIPRAND_STATE_API(hiprandStateXORWOW_t)
FERROCM_HIPRAND_STATE_API(hiprandStatePhilox4_32_10_t)
FERROCM_HIPRAND_STATE_API(hiprandStateMRG32k3a_t)
#undef FERROCM_HIPRAND_STATE_API

/* skipahead, skipahead_sequence and skipahead_subsequence are cuRAND's own functions, with
 * the same names and parameters. */
HIPRAND_FQ uint4 hiprand4(hiprandStatePhilox4_32_10_t* state) { return curand4(state); }
HIPRAND_FQ float4 hiprand_uniform4(hiprandStatePhilox4_32_10_t* state) { return curand_uniform4(state); }
HIPRAND_FQ double2 hiprand_uniform2_double(hiprandStatePhilox4_32_10_t* state) {
  return curand_uniform2_double(state);
}
HIPRAND_FQ float4 hiprand_normal4(hiprandStatePhilox4_32_10_t* state) { return curand_normal4(state); }
HIPRAND_FQ float4 hiprand_log_normal4(hiprandStatePhilox4_32_10_t* state, float m, float s) {
  return curand_log_normal4(state, m, s);
}
HIPRAND_FQ uint4 hiprand_poisson4(hiprandStatePhilox4_32_10_t* state, double lambda) {
  return curand_poisson4(state, lambda);
}
#undef HIPRAND_FQ

#else /* CPU platform: rocRAND's states */

#include "../rocrand/rocrand_kernel.h"

typedef rocrand_state_xorwow hiprandStateXORWOW_t;
typedef rocrand_state_philox4x32_10 hiprandStatePhilox4_32_10_t;
typedef rocrand_state_mrg32k3a hiprandStateMRG32k3a_t;
typedef hiprandStateXORWOW_t hiprandState_t;

#define FERROCM_HIPRAND_STATE_API(S)                                                                  \
  FQUALIFIERS void hiprand_init(unsigned long long seed, unsigned long long subsequence,               \
                                unsigned long long offset, S* state) {                                 \
    rocrand_init(seed, subsequence, offset, state);                                                    \
  }                                                                                                    \
  FQUALIFIERS unsigned int hiprand(S* state) { return rocrand(state); }                                \
  FQUALIFIERS float hiprand_uniform(S* state) { return rocrand_uniform(state); }                       \
  FQUALIFIERS double hiprand_uniform_double(S* state) { return rocrand_uniform_double(state); }        \
  FQUALIFIERS float hiprand_normal(S* state) { return rocrand_normal(state); }                         \
  FQUALIFIERS float2 hiprand_normal2(S* state) { return rocrand_normal2(state); }                      \
  FQUALIFIERS double hiprand_normal_double(S* state) { return rocrand_normal_double(state); }          \
  FQUALIFIERS double2 hiprand_normal2_double(S* state) { return rocrand_normal_double2(state); }       \
  FQUALIFIERS float hiprand_log_normal(S* state, float m, float s) { return rocrand_log_normal(state, m, s); } \
  FQUALIFIERS float2 hiprand_log_normal2(S* state, float m, float s) { return rocrand_log_normal2(state, m, s); } \
  FQUALIFIERS double hiprand_log_normal_double(S* state, double m, double s) {                         \
    return rocrand_log_normal_double(state, m, s);                                                     \
  }                                                                                                    \
  FQUALIFIERS double2 hiprand_log_normal2_double(S* state, double m, double s) {                       \
    return rocrand_log_normal_double2(state, m, s);                                                    \
  }                                                                                                    \
  FQUALIFIERS unsigned int hiprand_poisson(S* state, double lambda) { return rocrand_poisson(state, lambda); } \
  FQUALIFIERS unsigned int hiprand_discrete(S* state, hiprandDiscreteDistribution_t d) {               \
    return rocrand_discrete(state, d);                                                                 \
  }

FERROCM_HIPRAND_STATE_API(hiprandStateXORWOW_t)
FERROCM_HIPRAND_STATE_API(hiprandStatePhilox4_32_10_t)
FERROCM_HIPRAND_STATE_API(hiprandStateMRG32k3a_t)
#undef FERROCM_HIPRAND_STATE_API

FQUALIFIERS uint4 hiprand4(hiprandStatePhilox4_32_10_t* state) { return rocrand4(state); }
FQUALIFIERS float4 hiprand_uniform4(hiprandStatePhilox4_32_10_t* state) { return rocrand_uniform4(state); }
FQUALIFIERS double2 hiprand_uniform2_double(hiprandStatePhilox4_32_10_t* state) {
  return rocrand_uniform_double2(state);
}
FQUALIFIERS double4 hiprand_uniform4_double(hiprandStatePhilox4_32_10_t* state) {
  return rocrand_uniform_double4(state);
}
FQUALIFIERS float4 hiprand_normal4(hiprandStatePhilox4_32_10_t* state) { return rocrand_normal4(state); }
FQUALIFIERS double4 hiprand_normal4_double(hiprandStatePhilox4_32_10_t* state) {
  return rocrand_normal_double4(state);
}
FQUALIFIERS float4 hiprand_log_normal4(hiprandStatePhilox4_32_10_t* state, float m, float s) {
  return rocrand_log_normal4(state, m, s);
}
FQUALIFIERS double4 hiprand_log_normal4_double(hiprandStatePhilox4_32_10_t* state, double m, double s) {
  return rocrand_log_normal_double4(state, m, s);
}
FQUALIFIERS uint4 hiprand_poisson4(hiprandStatePhilox4_32_10_t* state, double lambda) {
  return rocrand_poisson4(state, lambda);
}
FQUALIFIERS uint4 hiprand_discrete4(hiprandStatePhilox4_32_10_t* state, hiprandDiscreteDistribution_t d) {
  return rocrand_discrete4(state, d);
}

#endif /* __HIP_PLATFORM_NVIDIA__ */

#endif /* HIPRAND_KERNEL_H_ */
