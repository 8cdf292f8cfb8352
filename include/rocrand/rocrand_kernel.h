/*
 * rocRAND device API for ferrocm's CPU platform: rocrand_init, rocrand, rocrand4,
 * rocrand_uniform*, rocrand_normal*, rocrand_log_normal*, rocrand_poisson,
 * rocrand_discrete, skipahead* for the Philox4x32-10, XORWOW and MRG32k3a states, with
 * rocRAND's distributions (same constants and operation order: integers and uniforms
 * bit-identical to rocRAND, normals to the last bits of the C library's log/sin/cos).
 * Sobol32/Sobol64 states too (unscrambled), and the MRG31k3p, LFSR113 and ThreeFry
 * (2x32-20, 4x32-20, 2x64-20, 4x64-20) states (rocrand_more_engines.h). MTGP32 and
 * scrambled Sobol states are not provided.
 * On NVIDIA use hiprand/hiprand_kernel.h (it maps onto cuRAND's curand_kernel.h).
 */
#ifndef ROCRAND_KERNEL_H_
#define ROCRAND_KERNEL_H_

#if defined(__HIP_PLATFORM_NVIDIA__)
#error "rocrand_kernel.h is provided for ferrocm's CPU platform; on NVIDIA include hiprand/hiprand_kernel.h (cuRAND's device API)"
#endif

#include <math.h>

#include <hip/hip_runtime.h>

#include "rocrand_engines.h"
#include "rocrand_host_types.h"
#include "rocrand_more_engines.h"

typedef struct rocrand_discrete_distribution_st* rocrand_discrete_distribution;

#define ROCRAND_2POW16_INV (1.5258789e-05f)
#define ROCRAND_2POW16_INV_2PI (1.5258789e-05f * 6.2831855f)
#define ROCRAND_2POW32_INV (2.3283064e-10f)
#define ROCRAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define ROCRAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define ROCRAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define ROCRAND_PI_DOUBLE (3.1415926535897932)
#define ROCRAND_2PI (6.2831855f)

namespace rocrand_device {
namespace detail {

FQUALIFIERS float uniform_distribution(unsigned int v) { return ROCRAND_2POW32_INV + (v * ROCRAND_2POW32_INV); }
FQUALIFIERS double uniform_distribution_double(unsigned int v1, unsigned int v2) {
  const unsigned long long v = (unsigned long long)v1 | ((unsigned long long)(v2 >> 11) << 32);
  return ROCRAND_2POW53_INV_DOUBLE + (v * ROCRAND_2POW53_INV_DOUBLE);
}
FQUALIFIERS float mrg_uniform_distribution(unsigned int v) { return (float)((double)v * ROCRAND_MRG32K3A_NORM_DOUBLE); }
FQUALIFIERS double mrg_uniform_distribution_double(unsigned int v) { return (double)v * ROCRAND_MRG32K3A_NORM_DOUBLE; }
FQUALIFIERS unsigned int mrg_uniform_distribution_uint(unsigned int v) {
  return (unsigned int)((v - 1) * ROCRAND_MRG32K3A_UINT_NORM);
}

FQUALIFIERS float2 box_muller(unsigned int x, unsigned int y) {
  const float u = ROCRAND_2POW32_INV + (x * ROCRAND_2POW32_INV);
  const float v = ROCRAND_2POW32_INV_2PI + (y * ROCRAND_2POW32_INV_2PI);
  const float s = sqrtf(-2.0f * logf(u));
  return make_float2(sinf(v) * s, cosf(v) * s);
}
FQUALIFIERS double2 box_muller_double(uint4 v) {
  const unsigned long long v1 = (unsigned long long)v.x ^ ((unsigned long long)v.y << 21);
  const double u = ROCRAND_2POW53_INV_DOUBLE + (v1 * ROCRAND_2POW53_INV_DOUBLE);
  const unsigned long long v2 = (unsigned long long)v.z ^ ((unsigned long long)v.w << 21);
  const double w = (ROCRAND_2POW53_INV_DOUBLE * 2.0) + (v2 * (ROCRAND_2POW53_INV_DOUBLE * 2.0));
  const double s = sqrt(-2.0 * log(u));
  return make_double2(sin(w * ROCRAND_PI_DOUBLE) * s, cos(w * ROCRAND_PI_DOUBLE) * s);
}
FQUALIFIERS float2 mrg_box_muller(unsigned int x, unsigned int y) {
  const float u = mrg_uniform_distribution(x);
  const float v = mrg_uniform_distribution(y) * ROCRAND_2PI;
  const float s = sqrtf(-2.0f * logf(u));
  return make_float2(sinf(v) * s, cosf(v) * s);
}
FQUALIFIERS double2 mrg_box_muller_double(unsigned int x, unsigned int y) {
  const double u = mrg_uniform_distribution(x);
  const double v = mrg_uniform_distribution(y) * 2.0;
  const double s = sqrt(-2.0 * log(u));
  return make_double2(sin(v * ROCRAND_PI_DOUBLE) * s, cos(v * ROCRAND_PI_DOUBLE) * s);
}

/* Per-engine raw draws, so the distributions below are written once. */
FQUALIFIERS unsigned int bits(philox4x32_10_engine* s) { return s->next(); }
FQUALIFIERS unsigned int bits(xorwow_engine* s) { return s->next(); }
FQUALIFIERS unsigned int bits(mrg32k3a_engine* s) { return mrg_uniform_distribution_uint(s->next()); }
FQUALIFIERS float uniform(philox4x32_10_engine* s) { return uniform_distribution(s->next()); }
FQUALIFIERS float uniform(xorwow_engine* s) { return uniform_distribution(s->next()); }
FQUALIFIERS float uniform(mrg32k3a_engine* s) { return mrg_uniform_distribution(s->next()); }
template <class E> FQUALIFIERS double uniform_double(E* s) {
  const unsigned int a = s->next();
  const unsigned int b = s->next();
  return uniform_distribution_double(a, b);
}
FQUALIFIERS double uniform_double(mrg32k3a_engine* s) { return mrg_uniform_distribution_double(s->next()); }
template <class E> FQUALIFIERS float2 normal2(E* s) {
  const unsigned int a = s->next();
  const unsigned int b = s->next();
  return box_muller(a, b);
}
FQUALIFIERS float2 normal2(mrg32k3a_engine* s) {
  const unsigned int a = s->next();
  const unsigned int b = s->next();
  return mrg_box_muller(a, b);
}
FQUALIFIERS double2 normal_double2(philox4x32_10_engine* s) { return box_muller_double(s->next4()); }
FQUALIFIERS double2 normal_double2(xorwow_engine* s) {
  const unsigned int a = s->next(), b = s->next(), c = s->next(), d = s->next();
  return box_muller_double(make_uint4(a, b, c, d));
}
FQUALIFIERS double2 normal_double2(mrg32k3a_engine* s) {
  const unsigned int a = s->next();
  const unsigned int b = s->next();
  return mrg_box_muller_double(a, b);
}
/* Inverse-CDF normals (Sobol, and the single normals of LFSR113 and ThreeFry). */
FQUALIFIERS float roc_f_erfinv(float x) {
  const float sgn = (x < 0.0f) ? -1.0f : 1.0f;
  x = (1.0f - x) * (1.0f + x);
  const float lnx = logf(x);
  if (isnan(lnx)) return 1.0f;
  if (isinf(lnx)) return 0.0f;
  const float tt1 = 2.0f / (3.1415926f * 0.147f) + 0.5f * lnx;
  const float tt2 = 1.0f / (0.147f) * lnx;
  return sgn * sqrtf(-tt1 + sqrtf(tt1 * tt1 - tt2));
}
FQUALIFIERS double roc_d_erfinv(double x) {
  const double sgn = (x < 0.0) ? -1.0 : 1.0;
  x = (1.0 - x) * (1.0 + x);
  const double lnx = log(x);
  if (isnan(lnx)) return 1.0;
  if (isinf(lnx)) return 0.0;
  const double tt1 = 2.0 / (ROCRAND_PI_DOUBLE * 0.147) + 0.5 * lnx;
  const double tt2 = 1.0 / (0.147) * lnx;
  return sgn * sqrt(-tt1 + sqrt(tt1 * tt1 - tt2));
}
FQUALIFIERS double uniform_distribution_double(unsigned long long v) {
  return ROCRAND_2POW53_INV_DOUBLE + ((v >> 11) * ROCRAND_2POW53_INV_DOUBLE);
}
FQUALIFIERS float normal_distribution(unsigned int x) {
  return 1.4142135f * roc_f_erfinv(2.0f * uniform_distribution(x) - 1.0f);
}
FQUALIFIERS double normal_distribution_double(unsigned int x) {
  const double p = ROCRAND_2POW32_INV_DOUBLE + (x * ROCRAND_2POW32_INV_DOUBLE);
  return 1.4142135f * roc_d_erfinv(2.0 * p - 1.0);
}
FQUALIFIERS double normal_distribution_double(unsigned long long x) {
  return 1.4142135f * roc_d_erfinv(2.0 * uniform_distribution_double(x) - 1.0);
}

/* MRG31k3p: MRG32k3a's distributions with its own constants. */
FQUALIFIERS float mrg31_uniform(unsigned int v) { return (float)((double)v * ROCRAND_MRG31K3P_NORM_DOUBLE); }
FQUALIFIERS unsigned int bits(mrg31k3p_engine* s) {
  return (unsigned int)((s->next() - 1) * ROCRAND_MRG31K3P_UINT32_NORM);
}
FQUALIFIERS float uniform(mrg31k3p_engine* s) { return mrg31_uniform(s->next()); }
FQUALIFIERS double uniform_double(mrg31k3p_engine* s) { return (double)s->next() * ROCRAND_MRG31K3P_NORM_DOUBLE; }
FQUALIFIERS float2 normal2(mrg31k3p_engine* s) {
  const float u = mrg31_uniform(s->next());
  const float v = mrg31_uniform(s->next()) * ROCRAND_2PI;
  const float r = sqrtf(-2.0f * logf(u));
  return make_float2(sinf(v) * r, cosf(v) * r);
}
FQUALIFIERS double2 normal_double2(mrg31k3p_engine* s) {
  const double u = mrg31_uniform(s->next());
  const double v = mrg31_uniform(s->next()) * 2.0;
  const double r = sqrt(-2.0 * log(u));
  return make_double2(sin(v * ROCRAND_PI_DOUBLE) * r, cos(v * ROCRAND_PI_DOUBLE) * r);
}

/* LFSR113 and the 32-bit ThreeFry engines (rocRAND's): one draw per uniform double and
 * per single normal (inverse CDF, no cached pair), Box-Muller pairs of two or four draws. */
FQUALIFIERS unsigned int bits(lfsr113_engine* s) { return s->next(); }
FQUALIFIERS float uniform(lfsr113_engine* s) { return uniform_distribution(s->next()); }
FQUALIFIERS double uniform_double(lfsr113_engine* s) {
  return ROCRAND_2POW32_INV_DOUBLE + (s->next() * ROCRAND_2POW32_INV_DOUBLE);
}
template <int N> FQUALIFIERS unsigned int bits(threefry_engine<unsigned int, N>* s) { return s->next(); }
template <int N> FQUALIFIERS float uniform(threefry_engine<unsigned int, N>* s) {
  return uniform_distribution(s->next());
}
template <int N> FQUALIFIERS double uniform_double(threefry_engine<unsigned int, N>* s) {
  return ROCRAND_2POW32_INV_DOUBLE + (s->next() * ROCRAND_2POW32_INV_DOUBLE);
}
template <class E> FQUALIFIERS double2 normal_double2_of_four(E* s) {
  const unsigned int a = s->next(), b = s->next(), c = s->next(), d = s->next();
  return box_muller_double(make_uint4(a, b, c, d));
}
FQUALIFIERS double2 normal_double2(lfsr113_engine* s) { return normal_double2_of_four(s); }
template <int N> FQUALIFIERS double2 normal_double2(threefry_engine<unsigned int, N>* s) {
  return normal_double2_of_four(s);
}
FQUALIFIERS float normal(lfsr113_engine* s) { return normal_distribution(s->next()); }
FQUALIFIERS double normal_double(lfsr113_engine* s) { return normal_distribution_double(s->next()); }
template <int N> FQUALIFIERS float normal(threefry_engine<unsigned int, N>* s) {
  return normal_distribution(s->next());
}
template <int N> FQUALIFIERS double normal_double(threefry_engine<unsigned int, N>* s) {
  return normal_distribution_double(s->next());
}

/* The 64-bit ThreeFry engines: whole 64-bit words (a float from the high 32 bits, a double
 * from the high 53); Box-Muller in float from one word's halves (2x64) or the low halves of
 * two words (4x64), in double from the halves of two words; single normals by inverse CDF. */
FQUALIFIERS double uniform_distribution_double64(unsigned long long v) {
  return ROCRAND_2POW53_INV_DOUBLE + ((v >> 11) * ROCRAND_2POW53_INV_DOUBLE);
}
template <int N> FQUALIFIERS unsigned long long bits(threefry_engine<unsigned long long, N>* s) { return s->next(); }
template <int N> FQUALIFIERS float uniform(threefry_engine<unsigned long long, N>* s) {
  return uniform_distribution((unsigned int)(s->next() >> 32));
}
template <int N> FQUALIFIERS double uniform_double(threefry_engine<unsigned long long, N>* s) {
  return uniform_distribution_double64(s->next());
}
template <int N> FQUALIFIERS float2 normal2(threefry_engine<unsigned long long, N>* s) {
  const unsigned long long v = s->next();
  if (N == 2) return box_muller((unsigned int)v, (unsigned int)(v >> 32));
  return box_muller((unsigned int)v, (unsigned int)s->next());
}
template <class E> FQUALIFIERS double2 normal_double2_of_two_words(E* s) {
  const unsigned long long a = s->next(), b = s->next();
  return box_muller_double(make_uint4((unsigned int)a, (unsigned int)(a >> 32), (unsigned int)b,
                                      (unsigned int)(b >> 32)));
}
template <int N> FQUALIFIERS double2 normal_double2(threefry_engine<unsigned long long, N>* s) {
  return normal_double2_of_two_words(s);
}
template <int N> FQUALIFIERS float normal(threefry_engine<unsigned long long, N>* s) {
  return normal_distribution((unsigned int)(s->next() >> 32));
}
template <int N> FQUALIFIERS double normal_double(threefry_engine<unsigned long long, N>* s) {
  return normal_distribution_double(s->next());
}
/* rocrand_log_normal2 / _double2 where they draw differently from rocrand_normal2 /
 * _double2: rocRAND's 64-bit ThreeFry states narrow two (four) words to their low halves. */
template <class E> FQUALIFIERS float2 log_normal_pair(E* s) { return normal2(s); }
template <class E> FQUALIFIERS double2 log_normal_double_pair(E* s) { return normal_double2(s); }
template <int N> FQUALIFIERS float2 log_normal_pair(threefry_engine<unsigned long long, N>* s) {
  const unsigned int a = (unsigned int)s->next(), b = (unsigned int)s->next();
  return box_muller(a, b);
}
template <int N> FQUALIFIERS double2 log_normal_double_pair(threefry_engine<unsigned long long, N>* s) {
  const unsigned int a = (unsigned int)s->next(), b = (unsigned int)s->next();
  const unsigned int c = (unsigned int)s->next(), d = (unsigned int)s->next();
  return box_muller_double(make_uint4(a, b, c, d));
}
/* A 32-bit draw for rocrand_discrete: the high half of a 64-bit word. */
template <class E> FQUALIFIERS unsigned int bits32(E* s) { return (unsigned int)bits(s); }
template <int N> FQUALIFIERS unsigned int bits32(threefry_engine<unsigned long long, N>* s) {
  return (unsigned int)(s->next() >> 32);
}

template <class E> FQUALIFIERS float normal(E* s) {
  if (s->bm.has_float) { s->bm.has_float = 0; return s->bm.f; }
  const float2 r = normal2(s);
  s->bm.has_float = 1;
  s->bm.f = r.y;
  return r.x;
}
template <class E> FQUALIFIERS double normal_double(E* s) {
  if (s->bm.has_double) { s->bm.has_double = 0; return s->bm.d; }
  const double2 r = normal_double2(s);
  s->bm.has_double = 1;
  s->bm.d = r.y;
  return r.x;
}

FQUALIFIERS double lgamma_approx(double x) {
  const double z = x - 1.0;
  const double c[9] = {0.99999999999980993227684700473478, 676.520368121885098567009190444019,
                       -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
                       -176.61502916214059906584551354, 12.507343278686904814458936853,
                       -0.13857109526572011689554707, 9.984369578019570859563e-6,
                       1.50563273514931155834e-7};
  double sum = 0.0;
  for (int i = 8; i > 0; i--) sum += c[i] / (z + i);
  sum += c[0];
  return (0.9189385332046727418 + log(sum) - 7) + (z + 0.5) * log((z + 7 + 0.5) / 2.718281828459045090796);
}

/* Products of uniforms below 64, Atkinson's rejection up to 4000, normal above. */
template <class E> FQUALIFIERS unsigned int poisson(E* s, double lambda) {
  if (lambda < 64.0) {
    const double limit = exp(-lambda);
    unsigned int k = 0;
    double product = 1.0;
    do { k++; product *= uniform_double(s); } while (product > limit);
    return k - 1;
  }
  if (lambda <= 4000.0) {
    const double c = 0.767 - 3.36 / lambda;
    const double beta = ROCRAND_PI_DOUBLE / sqrt(3.0 * lambda);
    const double alpha = beta * lambda;
    const double k = log(c) - lambda - log(beta);
    const double log_lambda = log(lambda);
    while (true) {
      const double u = uniform_double(s);
      const double x = (alpha - log((1.0 - u) / u)) / beta;
      const double n = floor(x + 0.5);
      if (n < 0) continue;
      const double v = uniform_double(s);
      const double y = alpha - beta * x;
      const double t = 1.0 + exp(y);
      if (y + log(v / (t * t)) <= k + n * log_lambda - lgamma_approx(n + 1.0)) return (unsigned int)n;
    }
  }
  return (unsigned int)round(sqrt(lambda) * normal_double(s) + lambda);
}

/* rocRAND's poisson_distribution_inv (LFSR113, ThreeFry): Fishman's ITR below 1000, the
 * normal approximation above. rocRAND 5.7 compares lambda with 500 in every block, so its
 * loop never ends for 500 < lambda < 1000; the bound moves with the block here (the same
 * numbers wherever rocRAND's loop ends). */
template <class E> FQUALIFIERS unsigned int poisson_inv(E* s, double lambda) {
  if (lambda >= 1000.0) return (unsigned int)round(sqrt(lambda) * normal_double(s) + lambda);
  const double u = uniform_double(s) - ROCRAND_2POW32_INV_DOUBLE / 2.0;
  const double ex = exp(-500.0);
  double x = 1.0, y = 1.0;
  unsigned int k = 0;
  int pow = 0;
  do {
    const double upow = pow + 500.0;
    const double L = lambda > upow ? ex : exp((double)(pow - lambda));
    x *= L;
    y *= L;
    pow += 500;
    while (u > y) {
      k++;
      x *= lambda / (double)k;
      y += x;
    }
  } while ((double)pow < lambda);
  return k;
}
FQUALIFIERS unsigned int poisson(lfsr113_engine* s, double lambda) { return poisson_inv(s, lambda); }
template <class W, int N> FQUALIFIERS unsigned int poisson(threefry_engine<W, N>* s, double lambda) {
  return poisson_inv(s, lambda);
}

FQUALIFIERS unsigned int discrete_alias(unsigned int r, const rocrand_discrete_distribution_st& d) {
  const double x = r * ROCRAND_2POW32_INV_DOUBLE;
  const double nx = d.size * x;
  const double fnx = floor(nx);
  const unsigned int i = (unsigned int)fnx;
  return d.offset + (nx - fnx < d.probability[i] ? i : d.alias[i]);
}

} // namespace detail
} // namespace rocrand_device

#define FERROCM_ROCRAND_STATE_API(S) FERROCM_ROCRAND_STATE_API_T(S, unsigned int)
#define FERROCM_ROCRAND_STATE_API_T(S, T)                                                            \
  FQUALIFIERS void rocrand_init(unsigned long long seed, unsigned long long subsequence,             \
                                unsigned long long offset, S* state) {                               \
    *state = S(seed, subsequence, offset);                                                           \
  }                                                                                                  \
  FERROCM_ROCRAND_DRAWS(S, T)
#define FERROCM_ROCRAND_DRAWS(S, T)                                                                  \
  FQUALIFIERS T rocrand(S* state) { return rocrand_device::detail::bits(state); }                    \
  FQUALIFIERS float rocrand_uniform(S* state) { return rocrand_device::detail::uniform(state); }     \
  FQUALIFIERS double rocrand_uniform_double(S* state) { return rocrand_device::detail::uniform_double(state); } \
  FQUALIFIERS float rocrand_normal(S* state) { return rocrand_device::detail::normal(state); }       \
  FQUALIFIERS float2 rocrand_normal2(S* state) { return rocrand_device::detail::normal2(state); }    \
  FQUALIFIERS double rocrand_normal_double(S* state) { return rocrand_device::detail::normal_double(state); } \
  FQUALIFIERS double2 rocrand_normal_double2(S* state) { return rocrand_device::detail::normal_double2(state); } \
  FQUALIFIERS float rocrand_log_normal(S* state, float mean, float stddev) {                         \
    return expf(mean + (stddev * rocrand_device::detail::normal(state)));                            \
  }                                                                                                  \
  FQUALIFIERS float2 rocrand_log_normal2(S* state, float mean, float stddev) {                       \
    const float2 r = rocrand_device::detail::log_normal_pair(state);                                 \
    return make_float2(expf(mean + (stddev * r.x)), expf(mean + (stddev * r.y)));                    \
  }                                                                                                  \
  FQUALIFIERS double rocrand_log_normal_double(S* state, double mean, double stddev) {               \
    return exp(mean + (stddev * rocrand_device::detail::normal_double(state)));                      \
  }                                                                                                  \
  FQUALIFIERS double2 rocrand_log_normal_double2(S* state, double mean, double stddev) {             \
    const double2 r = rocrand_device::detail::log_normal_double_pair(state);                         \
    return make_double2(exp(mean + (stddev * r.x)), exp(mean + (stddev * r.y)));                     \
  }                                                                                                  \
  FQUALIFIERS unsigned int rocrand_poisson(S* state, double lambda) {                                \
    return rocrand_device::detail::poisson(state, lambda);                                           \
  }                                                                                                  \
  FQUALIFIERS unsigned int rocrand_discrete(S* state, const rocrand_discrete_distribution d) {       \
    return rocrand_device::detail::discrete_alias(rocrand_device::detail::bits32(state), *d);        \
  }                                                                                                  \
  FQUALIFIERS void skipahead(unsigned long long offset, S* state) { state->discard(offset); }        \
  FQUALIFIERS void skipahead_subsequence(unsigned long long subsequence, S* state) {                 \
    state->discard_subsequence(subsequence);                                                         \
  }

FERROCM_ROCRAND_STATE_API(rocrand_state_philox4x32_10)
FERROCM_ROCRAND_STATE_API(rocrand_state_xorwow)
FERROCM_ROCRAND_STATE_API(rocrand_state_mrg32k3a)
FERROCM_ROCRAND_STATE_API(rocrand_state_mrg31k3p)
FERROCM_ROCRAND_STATE_API(rocrand_state_threefry2x32_20)
FERROCM_ROCRAND_STATE_API(rocrand_state_threefry4x32_20)
FERROCM_ROCRAND_STATE_API_T(rocrand_state_threefry2x64_20, unsigned long long)
FERROCM_ROCRAND_STATE_API_T(rocrand_state_threefry4x64_20, unsigned long long)
/* LFSR113 is seeded with four words and has no offset argument (skipahead moves it). */
FQUALIFIERS void rocrand_init(const uint4 seed, const unsigned int subsequence, rocrand_state_lfsr113* state) {
  *state = rocrand_state_lfsr113(seed, subsequence);
}
FERROCM_ROCRAND_DRAWS(rocrand_state_lfsr113, unsigned int)
#undef FERROCM_ROCRAND_STATE_API
#undef FERROCM_ROCRAND_STATE_API_T
#undef FERROCM_ROCRAND_DRAWS

/* XORWOW's sequences are its subsequences (rocRAND's alias). */
FQUALIFIERS void skipahead_sequence(unsigned long long sequence, rocrand_state_xorwow* state) {
  state->discard_subsequence(sequence);
}
FQUALIFIERS void skipahead_sequence(unsigned long long sequence, rocrand_state_mrg32k3a* state) {
  state->discard_sequence(sequence);
}
FQUALIFIERS void skipahead_sequence(unsigned long long sequence, rocrand_state_mrg31k3p* state) {
  state->discard_sequence(sequence);
}

/* Philox's four-at-once forms. */
FQUALIFIERS uint4 rocrand4(rocrand_state_philox4x32_10* state) { return state->next4(); }
FQUALIFIERS float2 rocrand_uniform2(rocrand_state_philox4x32_10* state) {
  const unsigned int a = state->next();
  const unsigned int b = state->next();
  return make_float2(rocrand_device::detail::uniform_distribution(a), rocrand_device::detail::uniform_distribution(b));
}
FQUALIFIERS float4 rocrand_uniform4(rocrand_state_philox4x32_10* state) {
  const uint4 v = state->next4();
  using rocrand_device::detail::uniform_distribution;
  return make_float4(uniform_distribution(v.x), uniform_distribution(v.y), uniform_distribution(v.z),
                     uniform_distribution(v.w));
}
FQUALIFIERS double2 rocrand_uniform_double2(rocrand_state_philox4x32_10* state) {
  const uint4 v = state->next4();
  using rocrand_device::detail::uniform_distribution_double;
  return make_double2(uniform_distribution_double(v.x, v.y), uniform_distribution_double(v.z, v.w));
}
FQUALIFIERS double4 rocrand_uniform_double4(rocrand_state_philox4x32_10* state) {
  const uint4 a = state->next4();
  const uint4 b = state->next4();
  using rocrand_device::detail::uniform_distribution_double;
  return make_double4(uniform_distribution_double(a.x, a.y), uniform_distribution_double(a.z, a.w),
                      uniform_distribution_double(b.x, b.y), uniform_distribution_double(b.z, b.w));
}
FQUALIFIERS float4 rocrand_normal4(rocrand_state_philox4x32_10* state) {
  const uint4 v = state->next4();
  const float2 a = rocrand_device::detail::box_muller(v.x, v.y);
  const float2 b = rocrand_device::detail::box_muller(v.z, v.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
FQUALIFIERS double4 rocrand_normal_double4(rocrand_state_philox4x32_10* state) {
  const double2 a = rocrand_device::detail::box_muller_double(state->next4());
  const double2 b = rocrand_device::detail::box_muller_double(state->next4());
  return make_double4(a.x, a.y, b.x, b.y);
}
FQUALIFIERS float4 rocrand_log_normal4(rocrand_state_philox4x32_10* state, float mean, float stddev) {
  const float4 r = rocrand_normal4(state);
  return make_float4(expf(mean + stddev * r.x), expf(mean + stddev * r.y), expf(mean + stddev * r.z),
                     expf(mean + stddev * r.w));
}
FQUALIFIERS double4 rocrand_log_normal_double4(rocrand_state_philox4x32_10* state, double mean, double stddev) {
  const double4 r = rocrand_normal_double4(state);
  return make_double4(exp(mean + stddev * r.x), exp(mean + stddev * r.y), exp(mean + stddev * r.z),
                      exp(mean + stddev * r.w));
}
FQUALIFIERS uint4 rocrand_poisson4(rocrand_state_philox4x32_10* state, double lambda) {
  const unsigned int a = rocrand_poisson(state, lambda), b = rocrand_poisson(state, lambda);
  const unsigned int c = rocrand_poisson(state, lambda), d = rocrand_poisson(state, lambda);
  return make_uint4(a, b, c, d);
}
FQUALIFIERS uint4 rocrand_discrete4(rocrand_state_philox4x32_10* state, const rocrand_discrete_distribution d) {
  const uint4 v = state->next4();
  using rocrand_device::detail::discrete_alias;
  return make_uint4(discrete_alias(v.x, *d), discrete_alias(v.y, *d), discrete_alias(v.z, *d),
                    discrete_alias(v.w, *d));
}

/* Sobol32 and Sobol64: point i is the XOR of the direction vectors of the set bits of i's
 * Gray code (rocrand_get_direction_vectors32/64 give the Joe-Kuo vectors, 32 or 64 a
 * dimension). Each output comes from one point; normals use the inverse error function. */
namespace rocrand_device {
template <class T, int W> class sobol_engine {
public:
  FQUALIFIERS sobol_engine() {}
  FQUALIFIERS sobol_engine(const T* vectors, T offset) {
    for (int k = 0; k < W; k++) v_[k] = vectors[k];
    i_ = 0;
    discard(offset);
  }
  FQUALIFIERS void discard(T offset) {
    i_ += offset;
    const T g = i_ ^ (i_ >> 1);
    d_ = 0;
    for (int k = 0; k < W; k++)
      if ((g >> k) & 1) d_ ^= v_[k];
  }
  FQUALIFIERS T next() {
    const T p = d_;
    int z = 0;
    while (z < W - 1 && ((i_ >> z) & 1)) z++;
    d_ ^= v_[z];
    i_++;
    return p;
  }
  FQUALIFIERS T operator()() { return next(); }

private:
  T d_, i_;
  T v_[W];
};

} // namespace rocrand_device

typedef rocrand_device::sobol_engine<unsigned int, 32> rocrand_state_sobol32;
typedef rocrand_device::sobol_engine<unsigned long long, 64> rocrand_state_sobol64;

FQUALIFIERS void rocrand_init(const unsigned int* vectors, unsigned int offset, rocrand_state_sobol32* state) {
  *state = rocrand_state_sobol32(vectors, offset);
}
FQUALIFIERS void rocrand_init(const unsigned long long* vectors, unsigned long long offset,
                              rocrand_state_sobol64* state) {
  *state = rocrand_state_sobol64(vectors, offset);
}
FQUALIFIERS unsigned int rocrand(rocrand_state_sobol32* state) { return state->next(); }
FQUALIFIERS unsigned long long rocrand(rocrand_state_sobol64* state) { return state->next(); }
FQUALIFIERS float rocrand_uniform(rocrand_state_sobol32* state) {
  return rocrand_device::detail::uniform_distribution(state->next());
}
FQUALIFIERS double rocrand_uniform_double(rocrand_state_sobol32* state) {
  return ROCRAND_2POW32_INV_DOUBLE + (state->next() * ROCRAND_2POW32_INV_DOUBLE);
}
FQUALIFIERS float rocrand_uniform(rocrand_state_sobol64* state) {
  return (float)rocrand_device::detail::uniform_distribution_double(state->next());
}
FQUALIFIERS double rocrand_uniform_double(rocrand_state_sobol64* state) {
  return rocrand_device::detail::uniform_distribution_double(state->next());
}
FQUALIFIERS float rocrand_normal(rocrand_state_sobol32* state) {
  return rocrand_device::detail::normal_distribution(state->next());
}
FQUALIFIERS double rocrand_normal_double(rocrand_state_sobol32* state) {
  return rocrand_device::detail::normal_distribution_double(state->next());
}
FQUALIFIERS float rocrand_normal(rocrand_state_sobol64* state) {
  return (float)rocrand_device::detail::normal_distribution_double(state->next());
}
FQUALIFIERS double rocrand_normal_double(rocrand_state_sobol64* state) {
  return rocrand_device::detail::normal_distribution_double(state->next());
}
FQUALIFIERS float rocrand_log_normal(rocrand_state_sobol32* state, float mean, float stddev) {
  return expf(mean + (stddev * rocrand_normal(state)));
}
FQUALIFIERS double rocrand_log_normal_double(rocrand_state_sobol32* state, double mean, double stddev) {
  return exp(mean + (stddev * rocrand_normal_double(state)));
}
FQUALIFIERS float rocrand_log_normal(rocrand_state_sobol64* state, float mean, float stddev) {
  return expf(mean + (stddev * rocrand_normal(state)));
}
FQUALIFIERS double rocrand_log_normal_double(rocrand_state_sobol64* state, double mean, double stddev) {
  return exp(mean + (stddev * rocrand_normal_double(state)));
}
FQUALIFIERS void skipahead(unsigned int offset, rocrand_state_sobol32* state) { state->discard(offset); }
FQUALIFIERS void skipahead(unsigned long long offset, rocrand_state_sobol64* state) { state->discard(offset); }

#endif /* ROCRAND_KERNEL_H_ */
