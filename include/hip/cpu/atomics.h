/*
 * ferrocm CPU platform: HIP atomics. Plain atomics are relaxed, as in HIP; all memory
 * is coherent on the CPU, so the _block and _system scopes are the same operation.
 * Included by hip/cpu/hip_runtime.h.
 */
#ifndef HIP_CPU_ATOMICS_H
#define HIP_CPU_ATOMICS_H

namespace hip_impl {
template <class T> __forceinline__ T atomic_load_relaxed(T *p) {
  T v;
  __atomic_load(p, &v, __ATOMIC_RELAXED);
  return v;
}
/* Read-modify-write through compare-and-swap (byte-wise compare, so NaNs are fine). */
template <class T, class F> __forceinline__ T atomic_rmw(T *p, F f, int order = __ATOMIC_RELAXED) {
  T old = atomic_load_relaxed(p);
  T desired = f(old);
  while (!__atomic_compare_exchange(p, &old, &desired, true, order, __ATOMIC_RELAXED)) desired = f(old);
  return old;
}
/* min/max that skips the write when it would change nothing. */
template <class T, class Better> __forceinline__ T atomic_select(T *p, T val, Better better) {
  T old = atomic_load_relaxed(p);
  while (better(val, old)) {
    T desired = val;
    if (__atomic_compare_exchange(p, &old, &desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) break;
  }
  return old;
}
template <class T> __forceinline__ T atomic_add(T *p, T v) {
  if constexpr (std::is_floating_point_v<T>)
    return atomic_rmw(p, [v](T o) { return o + v; });
  else
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
template <class T> __forceinline__ T atomic_sub(T *p, T v) {
  if constexpr (std::is_floating_point_v<T>)
    return atomic_rmw(p, [v](T o) { return o - v; });
  else
    return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);
}
template <class T> __forceinline__ T atomic_exch(T *p, T v) {
  T old;
  __atomic_exchange(p, &v, &old, __ATOMIC_RELAXED);
  return old;
}
template <class T> __forceinline__ T atomic_min(T *p, T v) {
  return atomic_select(p, v, [](T a, T b) { return a < b; });
}
template <class T> __forceinline__ T atomic_max(T *p, T v) {
  return atomic_select(p, v, [](T a, T b) { return a > b; });
}
template <class T> __forceinline__ T atomic_cas(T *p, T compare, T v) {
  __atomic_compare_exchange(p, &compare, &v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return compare; /* the old value either way */
}
} // namespace hip_impl

#define __FERROCM_ATOMIC_INT(SUFFIX, T)                                                                      \
  inline T atomicAdd##SUFFIX(T *address, T val) { return ::hip_impl::atomic_add(address, val); }         \
  inline T atomicSub##SUFFIX(T *address, T val) { return ::hip_impl::atomic_sub(address, val); }         \
  inline T atomicExch##SUFFIX(T *address, T val) { return ::hip_impl::atomic_exch(address, val); }       \
  inline T atomicMin##SUFFIX(T *address, T val) { return ::hip_impl::atomic_min(address, val); }         \
  inline T atomicMax##SUFFIX(T *address, T val) { return ::hip_impl::atomic_max(address, val); }         \
  inline T atomicCAS##SUFFIX(T *address, T compare, T val) {                                             \
    return ::hip_impl::atomic_cas(address, compare, val);                                                \
  }                                                                                                      \
  inline T atomicAnd##SUFFIX(T *address, T val) { return __atomic_fetch_and(address, val, __ATOMIC_RELAXED); } \
  inline T atomicOr##SUFFIX(T *address, T val) { return __atomic_fetch_or(address, val, __ATOMIC_RELAXED); }   \
  inline T atomicXor##SUFFIX(T *address, T val) { return __atomic_fetch_xor(address, val, __ATOMIC_RELAXED); }

#define __FERROCM_ATOMIC_FP(SUFFIX, T)                                                                       \
  inline T atomicAdd##SUFFIX(T *address, T val) { return ::hip_impl::atomic_add(address, val); }         \
  inline T atomicSub##SUFFIX(T *address, T val) { return ::hip_impl::atomic_sub(address, val); }         \
  inline T atomicExch##SUFFIX(T *address, T val) { return ::hip_impl::atomic_exch(address, val); }       \
  inline T atomicMin##SUFFIX(T *address, T val) { return ::hip_impl::atomic_min(address, val); }         \
  inline T atomicMax##SUFFIX(T *address, T val) { return ::hip_impl::atomic_max(address, val); }

/* Wrapping increment and decrement (HIP/CUDA semantics). */
#define __FERROCM_ATOMIC_WRAP(SUFFIX)                                                                        \
  inline unsigned int atomicInc##SUFFIX(unsigned int *address, unsigned int val) {                       \
    return ::hip_impl::atomic_rmw(address, [val](unsigned int o) { return o >= val ? 0u : o + 1u; });   \
  }                                                                                                      \
  inline unsigned int atomicDec##SUFFIX(unsigned int *address, unsigned int val) {                       \
    return ::hip_impl::atomic_rmw(address,                                                               \
                                  [val](unsigned int o) { return (o == 0u || o > val) ? val : o - 1u; }); \
  }

#define __FERROCM_ATOMIC_ALL(SUFFIX)                                                                         \
  __FERROCM_ATOMIC_INT(SUFFIX, int)                                                                          \
  __FERROCM_ATOMIC_INT(SUFFIX, unsigned int)                                                                 \
  __FERROCM_ATOMIC_INT(SUFFIX, unsigned long)                                                                \
  __FERROCM_ATOMIC_INT(SUFFIX, unsigned long long)                                                           \
  __FERROCM_ATOMIC_INT(SUFFIX, long long)                                                                    \
  __FERROCM_ATOMIC_FP(SUFFIX, float)                                                                         \
  __FERROCM_ATOMIC_FP(SUFFIX, double)                                                                        \
  __FERROCM_ATOMIC_WRAP(SUFFIX)

__FERROCM_ATOMIC_ALL()
__FERROCM_ATOMIC_ALL(_system)
__FERROCM_ATOMIC_ALL(_block)
#undef __FERROCM_ATOMIC_ALL
#undef __FERROCM_ATOMIC_WRAP
#undef __FERROCM_ATOMIC_FP
#undef __FERROCM_ATOMIC_INT

/* HIP's explicit forms of floating-point add (hardware choices on a GPU; the same here). */
inline float unsafeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
inline double unsafeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
inline float safeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
inline double safeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
inline float unsafeAtomicMax(float *address, float val) { return atomicMax(address, val); }
inline double unsafeAtomicMax(double *address, double val) { return atomicMax(address, val); }
inline float unsafeAtomicMin(float *address, float val) { return atomicMin(address, val); }
inline double unsafeAtomicMin(double *address, double val) { return atomicMin(address, val); }

/* clang's __hip_atomic_* builtins (memory order + scope), for g++. */
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5

#if !defined(__has_builtin) || !__has_builtin(__hip_atomic_load)
template <class T> inline T __hip_atomic_load(T *p, int order, int /*scope*/) {
  T v;
  __atomic_load(p, &v, order);
  return v;
}
template <class T, class U> inline void __hip_atomic_store(T *p, U val, int order, int /*scope*/) {
  T v = (T)val;
  __atomic_store(p, &v, order);
}
template <class T, class U> inline T __hip_atomic_exchange(T *p, U val, int order, int /*scope*/) {
  T v = (T)val, old;
  __atomic_exchange(p, &v, &old, order);
  return old;
}
template <class T, class U>
inline bool __hip_atomic_compare_exchange_strong(T *p, T *expected, U desired, int success, int failure,
                                                 int /*scope*/) {
  T d = (T)desired;
  return __atomic_compare_exchange(p, expected, &d, false, success, failure);
}
template <class T, class U>
inline bool __hip_atomic_compare_exchange_weak(T *p, T *expected, U desired, int success, int failure,
                                               int /*scope*/) {
  T d = (T)desired;
  return __atomic_compare_exchange(p, expected, &d, true, success, failure);
}
template <class T, class U> inline T __hip_atomic_fetch_add(T *p, U val, int order, int /*scope*/) {
  T v = (T)val;
  if constexpr (std::is_floating_point_v<T>)
    return ::hip_impl::atomic_rmw(p, [v](T o) { return o + v; }, order);
  else
    return __atomic_fetch_add(p, v, order);
}
template <class T, class U> inline T __hip_atomic_fetch_sub(T *p, U val, int order, int /*scope*/) {
  T v = (T)val;
  if constexpr (std::is_floating_point_v<T>)
    return ::hip_impl::atomic_rmw(p, [v](T o) { return o - v; }, order);
  else
    return __atomic_fetch_sub(p, v, order);
}
template <class T, class U> inline T __hip_atomic_fetch_and(T *p, U val, int order, int /*scope*/) {
  return __atomic_fetch_and(p, (T)val, order);
}
template <class T, class U> inline T __hip_atomic_fetch_or(T *p, U val, int order, int /*scope*/) {
  return __atomic_fetch_or(p, (T)val, order);
}
template <class T, class U> inline T __hip_atomic_fetch_xor(T *p, U val, int order, int /*scope*/) {
  return __atomic_fetch_xor(p, (T)val, order);
}
template <class T, class U> inline T __hip_atomic_fetch_min(T *p, U val, int order, int /*scope*/) {
  T v = (T)val;
  return ::hip_impl::atomic_rmw(p, [v](T o) { return v < o ? v : o; }, order);
}
template <class T, class U> inline T __hip_atomic_fetch_max(T *p, U val, int order, int /*scope*/) {
  T v = (T)val;
  return ::hip_impl::atomic_rmw(p, [v](T o) { return v > o ? v : o; }, order);
}
#endif

#endif /* HIP_CPU_ATOMICS_H */
