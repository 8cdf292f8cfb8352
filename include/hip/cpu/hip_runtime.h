/*
 * ferrocm CPU platform: the HIP device language and launch machinery (C++17).
 * Contract: docs/HIP_CPU.md; kernel ABI: include/ferrocm/cpu_kernel.h.
 *
 * Kernels are ordinary host functions. A launch builds (at compile time) one
 * ferrocm_kernel_descriptor_t per kernel or launch lambda, packs the arguments once
 * into a kernarg block and hands both to the runtime (__ferrocmLaunchKernel). The
 * engine runs each work-group on one thread; device built-ins read the running work-item's
 * ids from thread-local copies kept per translation unit (see "the current work-item").
 */
#ifndef HIP_CPU_HIP_RUNTIME_H
#define HIP_CPU_HIP_RUNTIME_H

#if !defined(__cplusplus) || __cplusplus < 201703L
#error "ferrocm: HIP device code on the CPU platform needs C++17 or later (compile with -std=c++17)"
#endif

#include <cassert>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#if defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 12
/* libstdc++ >= 12 spells __attribute__((__noinline__)) in this header; it must be
 * read before __noinline__ becomes a macro below. */
#include <memory>
#endif

#include "../hip_runtime_api.h"
#include "../hip_vector_types.h"
#include "../../ferrocm/cpu_kernel.h"

#define __noinline__ __attribute__((noinline))
/* A work-group runs on one OS thread and a thread runs one work-group at a time, so
 * thread-local storage is the running block's shared memory (docs/HIP_CPU.md §3). */
#define __shared__ static thread_local
/* `extern __shared__ T name[];` is rewritten by hipcc to the same thing. */
#define HIP_DYNAMIC_SHARED(type, var) static ::hip_impl::dynamic_shared<type> var;
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#define __FERROCM_HIDDEN __attribute__((visibility("hidden")))
/* initial-exec makes threadIdx.x a TLS load plus a field load. A code object (and
 * anything built with FERROCM_DYNAMIC_TLS) is dlopen'ed, possibly many times; there
 * initial-exec would move the whole module's TLS, __shared__ arrays included, into
 * glibc's small static TLS reserve and make dlopen fail, so it keeps the default model. */
#if defined(__FERROCM_CODE_OBJECT__) || defined(FERROCM_DYNAMIC_TLS)
#define __FERROCM_WI_TLS
#else
#define __FERROCM_WI_TLS __attribute__((tls_model("initial-exec")))
#endif

/* ------------------------------------------------------------------ runtime entry points */

extern "C" {
/* Implemented by libamdhip64.so (docs/HIP_CPU.md §2); not public HIP API. */
hipError_t __ferrocmLaunchKernel(const ferrocm_kernel_descriptor_t *kd, const char *name, dim3 grid, dim3 block,
                                 size_t dynamic_shared, hipStream_t stream, const void *kernarg);
void __ferrocmRegisterFunction(const void *host_function, const ferrocm_kernel_descriptor_t *kd,
                               const char *name);
void __ferrocmRegisterVar(const void *address, size_t size, const char *name);
}

/* The stream a chevron or hipLaunchKernelGGL launch goes to: under the per-thread default
 * stream (HIP_API_PER_THREAD_DEFAULT_STREAM, -fgpu-default-stream=per-thread) the null stream
 * is the calling thread's, as it is for the X_spt API. */
static inline hipStream_t __ferrocm_launch_stream(hipStream_t stream) {
#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
  return stream ? stream : hipStreamPerThread;
#else
  return stream;
#endif
}

/* ------------------------------------------------------------------ the current work-item */

namespace hip_impl {
/* Device code run directly by the host behaves as a work-group of one work-item. */
__FERROCM_HIDDEN inline uint32_t host_barrier(ferrocm_workitem_t *, int32_t predicate) { return predicate != 0; }
__FERROCM_HIDDEN inline uint64_t host_wave_exchange(ferrocm_workitem_t *, uint64_t value, uint64_t *lanes) {
  lanes[0] = value;
  return 1;
}
__FERROCM_HIDDEN inline constexpr ferrocm_device_ops_t host_ops = {
    FERROCM_CPU_ABI_VERSION, sizeof(ferrocm_device_ops_t), &host_barrier, &host_wave_exchange, nullptr, nullptr,
    {}};
__FERROCM_HIDDEN inline ferrocm_workitem_t host_workitem = {
    {0, 0, 0}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, 0, nullptr, 0, 0, nullptr, nullptr,
    &host_ops, 0, 1, 0, nullptr, {}};

/* The ids of the running work-item, where the compiler can keep them in registers.
 *
 * The engine's work-item (`ferrocm_workitem_t`) is memory that kernels' own stores may alias
 * as far as the compiler knows, so a work-group loop that wrote each work-item's ids there
 * could not keep them in registers nor sink the stores out of the loop. Instead, every
 * translation unit has its own copies of the ids in thread-local variables with internal
 * linkage whose address is never taken: no pointer can reach them, so the compiler sinks the
 * loop's stores to them and forwards them to the built-ins of the inlined kernel body.
 *
 * While a kernel runs on a thread, `__hip_ids_owner` (per module) names the translation unit
 * whose entry point (workitem_fn / workgroup_fn, instantiated where the kernel is defined or
 * launched) runs it, and that unit's copies hold the running work-item's ids. Code of that
 * unit reads its copies directly; code of another unit (a device function defined elsewhere,
 * or an out-of-line copy of an inline function that the linker took from another unit) asks
 * the owner through `ids_owner::get`. With no owner (host code), the ids are in `__hip_wi`'s
 * work-item. Block ids and sizes do not change within a group: they are read from the
 * work-item (the compiler keeps them in registers unless the body stores through pointers of
 * their type). */
struct ids4 {
  uint32_t x, y, z, flat;
};
struct ids_owner {
  ids4 (*get)();                        /* the running work-item's ids */
  void (*store)(ferrocm_workitem_t *);  /* writes them into local_id / flat_local_id of *wi */
  void (*load)(const ferrocm_workitem_t *); /* takes them from *wi (after another work-item ran) */
};
} // namespace hip_impl

/* The engine's work-item of the running kernel (host_workitem outside kernels). Read it through
 * __hip_wi, which also makes its local_id / flat_local_id current. */
__FERROCM_HIDDEN inline thread_local ferrocm_workitem_t *__hip_wi_ptr __FERROCM_WI_TLS = &::hip_impl::host_workitem;
/* The unit whose copies hold the running work-item's ids (see above); null: they are in *__hip_wi_ptr. */
__FERROCM_HIDDEN inline thread_local const ::hip_impl::ids_owner *__hip_ids_owner __FERROCM_WI_TLS = nullptr;

namespace hip_impl {
namespace {
/* This unit's copies (internal linkage, address never taken). They keep the compiler's TLS
 * model: local-exec in an executable; in a shared library not initial-exec, whose static
 * reserve many units could exhaust. */
thread_local uint32_t tu_tx, tu_ty, tu_tz, tu_flat;
ids4 tu_get() { return {tu_tx, tu_ty, tu_tz, tu_flat}; }
void tu_store(ferrocm_workitem_t *w) {
  w->local_id[0] = tu_tx;
  w->local_id[1] = tu_ty;
  w->local_id[2] = tu_tz;
  w->flat_local_id = tu_flat;
}
void tu_load(const ferrocm_workitem_t *w) {
  tu_tx = w->local_id[0];
  tu_ty = w->local_id[1];
  tu_tz = w->local_id[2];
  tu_flat = w->flat_local_id;
}
const ids_owner tu_owner = {&tu_get, &tu_store, &tu_load};

__forceinline__ bool tu_owns() { return __hip_ids_owner == &tu_owner; }

/* Entry of a kernel of this unit on work-item *wi: this unit owns the ids. */
__forceinline__ void tu_enter(ferrocm_workitem_t *wi) {
  __hip_wi_ptr = wi;
  __hip_ids_owner = &tu_owner;
}
__forceinline__ void tu_leave() {
  __hip_wi_ptr = &host_workitem;
  __hip_ids_owner = nullptr;
}

/* Makes *w's ids current before an engine call (the engine reads flat_local_id of a work-item
 * that a work-group function runs); returns the owner to restore afterwards. */
__forceinline__ const ids_owner *publish_ids(ferrocm_workitem_t *w) {
  const ids_owner *o = __hip_ids_owner;
  if (o == &tu_owner) {
    /* A work-item with its own work-item struct (fibers) has its ids there already. */
    if (w->flat_local_id != tu_flat || w->local_id[0] != tu_tx) tu_store(w);
  } else if (o != nullptr) {
    o->store(w);
  }
  return o;
}
/* After an engine call that may have run other work-items on this thread. */
__forceinline__ void restore_ids(ferrocm_workitem_t *w, const ids_owner *o) {
  __hip_wi_ptr = w;
  __hip_ids_owner = o;
  if (o == &tu_owner)
    tu_load(w);
  else if (o != nullptr)
    o->load(w);
}
} // namespace

/* The ids when this unit does not own them. `pure`: it writes nothing, so calls to it do not
 * stop the compiler from keeping memory values in registers. */
__FERROCM_HIDDEN __attribute__((pure, noinline)) inline ids4 foreign_ids() {
  const ids_owner *o = __hip_ids_owner;
  if (o != nullptr) return o->get();
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return {w->local_id[0], w->local_id[1], w->local_id[2], w->flat_local_id};
}

/* __hip_wi: the work-item with local_id / flat_local_id made current. */
__forceinline__ ferrocm_workitem_t *current_wi() {
  ferrocm_workitem_t *w = __hip_wi_ptr;
  publish_ids(w);
  return w;
}
} // namespace hip_impl

#define __hip_wi (::hip_impl::current_wi())

/* ------------------------------------------------------------------ built-in variables */

namespace hip_impl {
/* threadIdx & co. are values (HIP's are unsigned int properties): threadIdx.x is a
 * plain uint32_t, so printf("%u", threadIdx.x) and auto work as on a GPU. */
struct coord3 {
  uint32_t x, y, z;
  constexpr operator dim3() const { return dim3(x, y, z); }
  constexpr operator uint3() const { return uint3(x, y, z); }
};
namespace {
__forceinline__ coord3 thread_idx() {
  if (tu_owns()) return {tu_tx, tu_ty, tu_tz};
  const ids4 i = foreign_ids();
  return {i.x, i.y, i.z};
}
/* Flat id within the block (x fastest). */
__forceinline__ uint32_t flat_idx() {
  if (tu_owns()) return tu_flat;
  return foreign_ids().flat;
}
__forceinline__ coord3 block_idx() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return {w->group_id[0], w->group_id[1], w->group_id[2]};
}
__forceinline__ coord3 block_dim() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return {w->workgroup_size[0], w->workgroup_size[1], w->workgroup_size[2]};
}
__forceinline__ coord3 grid_dim() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return {w->num_groups[0], w->num_groups[1], w->num_groups[2]};
}
} // namespace
} // namespace hip_impl

#define threadIdx (::hip_impl::thread_idx())
#define blockIdx (::hip_impl::block_idx())
/* blockDim and gridDim are also member names in HIP's API structs (hipKernelNodeParams):
 * they expand to a call that those structs provide as a member function returning the
 * member (hip_runtime_api.h), so `params.blockDim = dim3(256)` works as in HIP. */
__FERROCM_HIDDEN __forceinline__ ::hip_impl::coord3 __hip_blockDim() { return ::hip_impl::block_dim(); }
__FERROCM_HIDDEN __forceinline__ ::hip_impl::coord3 __hip_gridDim() { return ::hip_impl::grid_dim(); }
#define blockDim __hip_blockDim()
#define gridDim __hip_gridDim()

/* hipLaunchKernelGGL(HIP_KERNEL_NAME(k<int, 3>), ...): the parentheses keep the template's
 * comma out of the launch macro's argument list. */
#define HIP_KERNEL_NAME(...) __VA_ARGS__

#define hipThreadIdx_x (::hip_impl::thread_idx().x)
#define hipThreadIdx_y (::hip_impl::thread_idx().y)
#define hipThreadIdx_z (::hip_impl::thread_idx().z)
#define hipBlockIdx_x (::hip_impl::block_idx().x)
#define hipBlockIdx_y (::hip_impl::block_idx().y)
#define hipBlockIdx_z (::hip_impl::block_idx().z)
#define hipBlockDim_x (::hip_impl::block_dim().x)
#define hipBlockDim_y (::hip_impl::block_dim().y)
#define hipBlockDim_z (::hip_impl::block_dim().z)
#define hipGridDim_x (::hip_impl::grid_dim().x)
#define hipGridDim_y (::hip_impl::grid_dim().y)
#define hipGridDim_z (::hip_impl::grid_dim().z)

/* The wavefront size of the CPU agent (FERROCM_WAVEFRONT_SIZE); a constant expression. */
inline constexpr int warpSize = 64;

/* ------------------------------------------------------------------ synchronisation */

/* Other work-items run on this thread while one waits: the engine finds the waiting one's
 * ids in its work-item (published before the call), and the thread-local state is restored
 * after every engine call. */
namespace hip_impl {
__forceinline__ uint32_t barrier(int32_t predicate) {
  ferrocm_workitem_t *w = __hip_wi_ptr;
  const ids_owner *o = publish_ids(w);
  uint32_t n = w->ops->barrier(w, predicate);
  restore_ids(w, o);
  return n;
}
} // namespace hip_impl
__forceinline__ void __syncthreads() { (void)::hip_impl::barrier(0); }
__forceinline__ int __syncthreads_count(int predicate) { return (int)::hip_impl::barrier(predicate != 0); }
/* The barrier counts true predicates only: _and asks how many were false. */
__forceinline__ int __syncthreads_and(int predicate) { return __syncthreads_count(predicate == 0) == 0; }
__forceinline__ int __syncthreads_or(int predicate) { return __syncthreads_count(predicate != 0) != 0; }

__forceinline__ void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
__forceinline__ void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
__forceinline__ void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* ------------------------------------------------------------------ wavefront operations */

namespace hip_impl {
/* Every still-running lane of the wavefront must call it (docs/CPU_CODE_OBJECT.md). */
__forceinline__ uint64_t wave_exchange(uint64_t value, uint64_t *lanes) {
  ferrocm_workitem_t *w = __hip_wi_ptr;
  const ids_owner *o = publish_ids(w);
  uint64_t active = w->ops->wave_exchange(w, value, lanes);
  restore_ids(w, o);
  return active;
}
template <class T> __forceinline__ uint64_t to_bits(const T &v) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "warp operations move at most 64-bit values");
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T> __forceinline__ T from_bits(uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}
/* Every lane reads lane `src` (its own value when src is out of range or inactive). */
template <class T> inline T shfl_from(T var, int src) {
  uint64_t lanes[64];
  uint64_t active = wave_exchange(to_bits(var), lanes);
  unsigned s = (unsigned)src & 63u;
  return ((active >> s) & 1u) ? from_bits<T>(lanes[s]) : var;
}
inline int lane() { return (int)(flat_idx() & 63u); }
/* Source lanes as in HIP (amd_warp_functions.h): segments of `width` lanes. */
template <class T> inline T shfl(T var, int src_lane, int width) {
  int self = lane();
  return shfl_from(var, (src_lane & (width - 1)) + (self & ~(width - 1)));
}
template <class T> inline T shfl_up(T var, unsigned delta, int width) {
  int self = lane();
  int index = self - (int)delta;
  return shfl_from(var, index < (self & ~(width - 1)) ? self : index);
}
template <class T> inline T shfl_down(T var, unsigned delta, int width) {
  int self = lane();
  int index = self + (int)delta;
  return shfl_from(var, (int)((self & (width - 1)) + delta) >= width ? self : index);
}
template <class T> inline T shfl_xor(T var, int mask, int width) {
  int self = lane();
  int index = self ^ mask;
  return shfl_from(var, index >= ((self + width) & ~(width - 1)) ? self : index);
}
template <class M> constexpr void check_mask() {
  static_assert(std::is_integral_v<M> && sizeof(M) == 8,
                "the mask of a *_sync warp function must be a 64-bit integer (wavefronts have 64 lanes)");
}
inline uint64_t ballot(int predicate) {
  uint64_t lanes[64];
  uint64_t active = wave_exchange(predicate != 0, lanes);
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && lanes[i]) r |= uint64_t(1) << i;
  return r;
}
} // namespace hip_impl

#define __FERROCM_SHFL(T)                                                                                   \
  inline T __shfl(T var, int src_lane, int width = warpSize) { return ::hip_impl::shfl(var, src_lane, width); } \
  inline T __shfl_up(T var, unsigned int delta, int width = warpSize) {                                      \
    return ::hip_impl::shfl_up(var, delta, width);                                                           \
  }                                                                                                          \
  inline T __shfl_down(T var, unsigned int delta, int width = warpSize) {                                    \
    return ::hip_impl::shfl_down(var, delta, width);                                                         \
  }                                                                                                          \
  inline T __shfl_xor(T var, int lane_mask, int width = warpSize) {                                          \
    return ::hip_impl::shfl_xor(var, lane_mask, width);                                                      \
  }
__FERROCM_SHFL(int)
__FERROCM_SHFL(unsigned int)
__FERROCM_SHFL(float)
__FERROCM_SHFL(double)
__FERROCM_SHFL(long)
__FERROCM_SHFL(unsigned long)
__FERROCM_SHFL(long long)
__FERROCM_SHFL(unsigned long long)
#undef __FERROCM_SHFL

/* The _sync forms: every running lane of the wavefront must still take part (the
 * engine's wave_exchange contract); the mask only selects results. */
template <class M, class T> inline T __shfl_sync(M mask, T var, int src_lane, int width = warpSize) {
  ::hip_impl::check_mask<M>();
  (void)mask;
  return __shfl(var, src_lane, width);
}
template <class M, class T> inline T __shfl_up_sync(M mask, T var, unsigned int delta, int width = warpSize) {
  ::hip_impl::check_mask<M>();
  (void)mask;
  return __shfl_up(var, delta, width);
}
template <class M, class T> inline T __shfl_down_sync(M mask, T var, unsigned int delta, int width = warpSize) {
  ::hip_impl::check_mask<M>();
  (void)mask;
  return __shfl_down(var, delta, width);
}
template <class M, class T> inline T __shfl_xor_sync(M mask, T var, int lane_mask, int width = warpSize) {
  ::hip_impl::check_mask<M>();
  (void)mask;
  return __shfl_xor(var, lane_mask, width);
}

inline unsigned long long __ballot(int predicate) { return ::hip_impl::ballot(predicate); }
inline int __any(int predicate) { return ::hip_impl::ballot(predicate) != 0; }
inline int __all(int predicate) {
  uint64_t lanes[64];
  uint64_t active = ::hip_impl::wave_exchange(predicate != 0, lanes);
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && !lanes[i]) return 0;
  return 1;
}
inline unsigned long long __activemask() {
  uint64_t lanes[64];
  return ::hip_impl::wave_exchange(0, lanes);
}
template <class M> inline unsigned long long __ballot_sync(M mask, int predicate) {
  ::hip_impl::check_mask<M>();
  return ::hip_impl::ballot(predicate) & (uint64_t)mask;
}
template <class M> inline int __any_sync(M mask, int predicate) {
  ::hip_impl::check_mask<M>();
  return (::hip_impl::ballot(predicate) & (uint64_t)mask) != 0;
}
template <class M> inline int __all_sync(M mask, int predicate) {
  ::hip_impl::check_mask<M>();
  uint64_t lanes[64];
  uint64_t active = ::hip_impl::wave_exchange(predicate != 0, lanes) & (uint64_t)mask;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && !lanes[i]) return 0;
  return 1;
}
/* A wavefront barrier for any mask type (HIP accepts 32- and 64-bit masks here). */
template <class M = unsigned long long> inline void __syncwarp(M mask = ~0ull) {
  (void)mask;
  uint64_t lanes[64];
  ::hip_impl::wave_exchange(0, lanes);
}
inline unsigned int __lane_id() { return ::hip_impl::flat_idx() & 63u; }

/* Lanes holding the same value. */
template <class T> inline unsigned long long __match_any(T value) {
  uint64_t lanes[64];
  uint64_t bits = ::hip_impl::to_bits(value);
  uint64_t active = ::hip_impl::wave_exchange(bits, lanes);
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && lanes[i] == bits) r |= uint64_t(1) << i;
  return r;
}
template <class T> inline unsigned long long __match_all(T value, int *pred) {
  uint64_t lanes[64];
  uint64_t bits = ::hip_impl::to_bits(value);
  uint64_t active = ::hip_impl::wave_exchange(bits, lanes);
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && lanes[i] != bits) {
      *pred = 0;
      return 0;
    }
  *pred = 1;
  return active;
}
template <class M, class T> inline unsigned long long __match_any_sync(M mask, T value) {
  ::hip_impl::check_mask<M>();
  return __match_any(value) & (uint64_t)mask;
}
template <class M, class T> inline unsigned long long __match_all_sync(M mask, T value, int *pred) {
  ::hip_impl::check_mask<M>();
  uint64_t r = __match_all(value, pred);
  return r & (uint64_t)mask;
}

namespace hip_impl {
template <class T, class F> inline T wave_reduce(uint64_t mask, T value, F f) {
  uint64_t lanes[64];
  uint64_t active = wave_exchange(to_bits(value), lanes) & mask;
  bool first = true;
  T acc = value;
  for (unsigned i = 0; i < 64; ++i)
    if ((active >> i) & 1u) {
      T v = from_bits<T>(lanes[i]);
      acc = first ? v : f(acc, v);
      first = false;
    }
  return acc;
}
} // namespace hip_impl
#define __FERROCM_REDUCE(NAME, EXPR)                                                                        \
  template <class M, class T> inline T NAME(M mask, T value) {                                            \
    ::hip_impl::check_mask<M>();                                                                            \
    static_assert(std::is_integral_v<T>, #NAME " takes an integer value");                                \
    return ::hip_impl::wave_reduce(mask, value, [](T a, T b) { return EXPR; });                            \
  }
__FERROCM_REDUCE(__reduce_add_sync, (T)(a + b))
__FERROCM_REDUCE(__reduce_min_sync, a < b ? a : b)
__FERROCM_REDUCE(__reduce_max_sync, a < b ? b : a)
__FERROCM_REDUCE(__reduce_and_sync, (T)(a & b))
__FERROCM_REDUCE(__reduce_or_sync, (T)(a | b))
__FERROCM_REDUCE(__reduce_xor_sync, (T)(a ^ b))
#undef __FERROCM_REDUCE

/* ------------------------------------------------------------------ integer intrinsics */

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
inline int __ffsll(long x) { return __builtin_ffsll((long long)x); }
inline int __ffsll(unsigned long x) { return __builtin_ffsll((long long)x); }
inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
/* Hardware bitfield semantics (v_bfe/v_bfi): offset and width taken modulo the word size. */
inline unsigned int __bitextract_u32(unsigned int src0, unsigned int src1, unsigned int src2) {
  unsigned offset = src1 & 31u, width = src2 & 31u;
  return width == 0 ? 0u : (src0 >> offset) & ((1u << width) - 1u);
}
inline uint64_t __bitextract_u64(uint64_t src0, unsigned int src1, unsigned int src2) {
  unsigned offset = src1 & 63u, width = src2 & 63u;
  return width == 0 ? 0u : (src0 >> offset) & ((uint64_t(1) << width) - 1u);
}
inline unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1, unsigned int src2, unsigned int src3) {
  unsigned offset = src2 & 31u, width = src3 & 31u;
  unsigned mask = (1u << width) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
inline uint64_t __bitinsert_u64(uint64_t src0, uint64_t src1, unsigned int src2, unsigned int src3) {
  unsigned offset = src2 & 63u, width = src3 & 63u;
  uint64_t mask = (uint64_t(1) << width) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  uint64_t v = (uint64_t)x | ((uint64_t)y << 32);
  unsigned r = 0;
  for (unsigned i = 0; i < 4; ++i) r |= (unsigned)((v >> (8u * ((s >> (4u * i)) & 7u))) & 0xffu) << (8u * i);
  return r;
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  uint64_t v = ((uint64_t)hi << 32) | lo;
  return (unsigned)((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  uint64_t v = ((uint64_t)hi << 32) | lo;
  return (unsigned)((v << (shift > 32u ? 32u : shift)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  uint64_t v = ((uint64_t)hi << 32) | lo;
  return (unsigned)(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  uint64_t v = ((uint64_t)hi << 32) | lo;
  return (unsigned)(v >> (shift > 32u ? 32u : shift));
}
inline int __mul24(int x, int y) {
  int32_t a = (int32_t)((uint32_t)x << 8) >> 8, b = (int32_t)((uint32_t)y << 8) >> 8;
  return (int)((int64_t)a * b);
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline int __mulhi(int x, int y) { return (int)(((int64_t)x * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) { return (unsigned)(((uint64_t)x * y) >> 32); }
namespace hip_impl {
__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;
} // namespace hip_impl
inline long long __mul64hi(long long x, long long y) { return (long long)(((::hip_impl::int128)x * y) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((::hip_impl::uint128)x * y) >> 64);
}
inline unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
inline int __hadd(int x, int y) { return (int)(((int64_t)x + y) >> 1); }
inline int __rhadd(int x, int y) { return (int)(((int64_t)x + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return (unsigned)(((uint64_t)x + y) >> 1); }
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return (unsigned)(((uint64_t)x + y + 1) >> 1); }

/* ------------------------------------------------------------------ clocks */

/* clock64() and wall_clock64() count nanoseconds of CLOCK_MONOTONIC, i.e. 1 GHz ticks:
 * the runtime reports 1000000 kHz for both hipDeviceAttributeClockInstructionRate and
 * hipDeviceAttributeWallClockRate. clock() is the C library's. */
inline long long wall_clock64() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}
inline long long clock64() { return wall_clock64(); }

/* ------------------------------------------------------------------ dynamic shared memory */

namespace hip_impl {
/* An empty object standing for `extern __shared__ T name[]`: it converts to the running
 * group's dynamic group memory. Explicit casts to other pointer types work as for an
 * array (static_cast / C-style casts; reinterpret_cast cannot apply to a class). */
template <class T> struct dynamic_shared {
  __forceinline__ T *get() const {
    const ferrocm_workitem_t *w = __hip_wi_ptr;
    return reinterpret_cast<T *>(static_cast<char *>(w->group_segment) + w->dynamic_group_offset);
  }
  __forceinline__ operator T *() const { return get(); }
  template <class U, class = std::enable_if_t<!std::is_same_v<U, T>>> explicit operator U *() const {
    return reinterpret_cast<U *>(get());
  }
};
} // namespace hip_impl

#include "atomics.h"
#include "device_math.h"
#include "fission.h"
#include "launch.h"
#include "amdgcn_builtins.h"
#include "texture_functions.h"

/* ------------------------------------------------------------------ traps, abort, assert */

/* A kernel that traps (__builtin_trap()), aborts (abort()) or fails an assert() stops its
 * dispatch, not the process: the engine abandons the work-item's stack (ops->fault, see
 * include/ferrocm/cpu_kernel.h), the stream's queue stops and HIP reports hipErrorAssert
 * (assert) or hipErrorLaunchFailure (trap, abort) from then on, as HIP on NVIDIA does
 * (docs/RELIABILITY.md, "Faults"). The same calls in host code (no dispatch on the thread) do
 * what they always do. The three names are macros from here on: glibc's assert() expands to
 * __assert_fail(...), which becomes ours (a later #include <assert.h> redeclares ours, with
 * the same type); abort(...) and __builtin_trap() likewise. */
namespace hip_impl {
/* Stops the running dispatch with `kind`; returns only outside of one. */
__FERROCM_HIDDEN inline void device_fault(uint32_t kind) noexcept {
  ferrocm_workitem_t *wi = __hip_wi_ptr;
  const ferrocm_device_ops_t *ops = wi != nullptr ? wi->ops : nullptr;
  if (ops == nullptr || ops->size < offsetof(ferrocm_device_ops_t, reserved) || ops->fault == nullptr) return;
  /* The work-item's frames are abandoned: this thread runs host code again afterwards. */
  __hip_wi_ptr = &host_workitem;
  __hip_ids_owner = nullptr;
  ops->fault(wi, kind);
  __hip_wi_ptr = wi;
}
/* Whether device code runs on this thread now (a kernel the engine runs). */
__FERROCM_HIDDEN inline bool in_kernel() noexcept {
  const ferrocm_workitem_t *wi = __hip_wi_ptr;
  return wi != nullptr && wi != &host_workitem && wi->ops != nullptr &&
         wi->ops->size >= offsetof(ferrocm_device_ops_t, reserved) && wi->ops->fault != nullptr;
}
} // namespace hip_impl

extern "C" {
[[noreturn]] __FERROCM_HIDDEN inline void __ferrocm_trap(void) noexcept {
  if (::hip_impl::in_kernel()) {
    const ferrocm_workitem_t *wi = __hip_wi_ptr;
    std::fprintf(stderr, "ferrocm: a kernel trapped in work-group (%u,%u,%u)\n", wi->group_id[0], wi->group_id[1],
                 wi->group_id[2]);
    ::hip_impl::device_fault(FERROCM_FAULT_TRAP);
  }
  __builtin_trap();
}
[[noreturn]] __FERROCM_HIDDEN inline void __ferrocm_abort(void) noexcept {
  if (::hip_impl::in_kernel()) {
    const ferrocm_workitem_t *wi = __hip_wi_ptr;
    std::fprintf(stderr, "ferrocm: a kernel called abort() in work-group (%u,%u,%u)\n", wi->group_id[0],
                 wi->group_id[1], wi->group_id[2]);
    ::hip_impl::device_fault(FERROCM_FAULT_TRAP);
  }
  std::abort();
}
[[noreturn]] __FERROCM_HIDDEN inline void __ferrocm_assert_fail(const char *assertion, const char *file,
                                                               unsigned int line, const char *function) noexcept {
  if (::hip_impl::in_kernel()) {
    const ferrocm_workitem_t *wi = __hip_wi_ptr;
    /* The message HIP on AMD GPUs and CUDA print for a failed device assert. */
    std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Device-side assertion `%s' failed.\n",
                 file, line, function, wi->group_id[0], wi->group_id[1], wi->group_id[2], threadIdx.x, threadIdx.y,
                 threadIdx.z, assertion);
    ::hip_impl::device_fault(FERROCM_FAULT_ASSERT);
  }
  __assert_fail(assertion, file, line, function);
}
}
namespace std {
using ::__ferrocm_abort;
}
#define __assert_fail __ferrocm_assert_fail
#define __builtin_trap() __ferrocm_trap()
#define abort(...) __ferrocm_abort(__VA_ARGS__)

#endif /* HIP_CPU_HIP_RUNTIME_H */
