/*
 * The AMD GCN compiler builtins that HIP code written for AMD GPUs calls directly
 * (`#if defined(__HIP_PLATFORM_AMD__)` branches, rocPRIM-style code), with their meaning on
 * the CPU platform's 64-lane wavefronts. Included by hip/cpu/hip_runtime.h.
 *
 * They are macros over functions in hip_impl::amdgcn because a `__builtin_` name cannot be
 * declared portably (clang reserves the prefix). hipcc's split treats every name of this
 * family that exchanges values between lanes or synchronises as a wavefront operation
 * (crates/tools/hipcc/src/fission/names.rs), so such kernels run on fibers.
 *
 * Not provided, because they have no CPU meaning or need the GPU's registers: inline GCN
 * assembly, DPP (`__builtin_amdgcn_update_dpp`, `mov_dpp`), `s_getpc`, `dispatch_ptr`,
 * `implicitarg_ptr`, buffer/image resource builtins and the MFMA/WMMA matrix builtins
 * (docs/HIP_CPU.md lists them).
 */
#ifndef HIP_CPU_AMDGCN_BUILTINS_H
#define HIP_CPU_AMDGCN_BUILTINS_H

#include <sched.h>

namespace hip_impl {
namespace amdgcn {

/* The lanes taking part, lowest first: readfirstlane reads the lowest active one. */
template <class T> inline T readfirstlane(T v) {
  uint64_t lanes[64];
  uint64_t active = wave_exchange(to_bits(v), lanes);
  return active ? from_bits<T>(lanes[__builtin_ctzll(active)]) : v;
}

template <class T> inline T readlane(T v, int src) { return shfl_from(v, src); }

/* ds_bpermute: every lane reads lane (addr / 4) mod 64 (a "pull"). */
inline int ds_bpermute(int addr, int v) { return shfl_from(v, (addr >> 2) & 63); }

/* ds_permute: every lane writes its value to lane (addr / 4) mod 64 (a "push"); a lane that
 * nobody writes gets 0, and of several writers the highest lane wins. */
inline int ds_permute(int addr, int v) {
  uint64_t targets[64], values[64];
  uint64_t active = wave_exchange((uint64_t)(uint32_t)((addr >> 2) & 63), targets);
  (void)wave_exchange(to_bits(v), values);
  const uint64_t self = (uint64_t)lane();
  int r = 0;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && targets[i] == self) r = from_bits<int>(values[i]);
  return r;
}

/* ds_swizzle's two modes (ISA "DS_SWIZZLE_B32"): bit 15 set, quad permute (lane i of each
 * group of 4 reads lane pattern[2i+1:2i]); bit 15 clear, bit masks within groups of 32
 * (and_mask = pattern[4:0], or_mask = pattern[9:5], xor_mask = pattern[14:10]). */
inline int ds_swizzle(int v, int pattern) {
  const int self = lane();
  int src;
  if (pattern & 0x8000) {
    src = (self & ~3) | ((pattern >> (2 * (self & 3))) & 3);
  } else {
    const int and_mask = pattern & 0x1f, or_mask = (pattern >> 5) & 0x1f, xor_mask = (pattern >> 10) & 0x1f;
    src = (self & ~0x1f) | ((((self & 0x1f) & and_mask) | or_mask) ^ xor_mask);
  }
  return shfl_from(v, src);
}

/* mbcnt: `base` plus the set bits of `mask` below this lane, in the low (lanes 0-31) or
 * high (lanes 32-63) half; mbcnt_hi(~0u, mbcnt_lo(~0u, 0)) is the lane id. */
inline unsigned mbcnt_lo(unsigned mask, unsigned base) {
  const int self = lane();
  const unsigned below = self >= 32 ? 0xffffffffu : ((1u << self) - 1u);
  return base + (unsigned)__builtin_popcount(mask & below);
}
inline unsigned mbcnt_hi(unsigned mask, unsigned base) {
  const int self = lane();
  const unsigned below = self < 32 ? 0u : ((1u << (self - 32)) - 1u);
  return base + (unsigned)__builtin_popcount(mask & below);
}

/* The lanes taking part are the exec mask: __activemask(). */
inline uint64_t read_exec() { return __activemask(); }

inline void s_sleep(int) { sched_yield(); }

} // namespace amdgcn
} // namespace hip_impl

#define __builtin_amdgcn_s_barrier() __syncthreads()
#define __builtin_amdgcn_wave_barrier() __syncwarp()
#define __builtin_amdgcn_s_sleep(n) ::hip_impl::amdgcn::s_sleep(n)
#define __builtin_amdgcn_s_waitcnt(n) ((void)(n))
#define __builtin_amdgcn_s_setprio(n) ((void)(n))
#define __builtin_amdgcn_sched_barrier(n) ((void)(n))
#define __builtin_amdgcn_sched_group_barrier(mask, size, id) ((void)(mask), (void)(size), (void)(id))
#define __builtin_amdgcn_iglp_opt(n) ((void)(n))
/* The memory order applies; the scope ("agent", "workgroup", "wavefront", "") is one
 * coherent memory on the CPU. */
#define __builtin_amdgcn_fence(order, scope) __atomic_thread_fence(order)
#define __builtin_amdgcn_readfirstlane(v) ::hip_impl::amdgcn::readfirstlane(v)
#define __builtin_amdgcn_readlane(v, lane) ::hip_impl::amdgcn::readlane((v), (lane))
#define __builtin_amdgcn_ds_bpermute(addr, v) ::hip_impl::amdgcn::ds_bpermute((addr), (v))
#define __builtin_amdgcn_ds_permute(addr, v) ::hip_impl::amdgcn::ds_permute((addr), (v))
#define __builtin_amdgcn_ds_swizzle(v, pattern) ::hip_impl::amdgcn::ds_swizzle((v), (pattern))
#define __builtin_amdgcn_mbcnt_lo(mask, base) ::hip_impl::amdgcn::mbcnt_lo((mask), (base))
#define __builtin_amdgcn_mbcnt_hi(mask, base) ::hip_impl::amdgcn::mbcnt_hi((mask), (base))
#define __builtin_amdgcn_ballot_w64(pred) __ballot((pred) ? 1 : 0)
#define __builtin_amdgcn_read_exec() ::hip_impl::amdgcn::read_exec()
#define __builtin_amdgcn_read_exec_lo() ((unsigned)::hip_impl::amdgcn::read_exec())
#define __builtin_amdgcn_read_exec_hi() ((unsigned)(::hip_impl::amdgcn::read_exec() >> 32))
/* s_memtime counts the shader clock (clock64's), s_memrealtime the constant-rate clock
 * (wall_clock64's, hipDeviceAttributeWallClockRate). */
#define __builtin_amdgcn_s_memtime() ((unsigned long long)clock64())
#define __builtin_amdgcn_s_memrealtime() ((unsigned long long)wall_clock64())
#define __builtin_amdgcn_wavefrontsize() 64u
#define __builtin_amdgcn_workitem_id_x() ((unsigned)threadIdx.x)
#define __builtin_amdgcn_workitem_id_y() ((unsigned)threadIdx.y)
#define __builtin_amdgcn_workitem_id_z() ((unsigned)threadIdx.z)
#define __builtin_amdgcn_workgroup_id_x() ((unsigned)blockIdx.x)
#define __builtin_amdgcn_workgroup_id_y() ((unsigned)blockIdx.y)
#define __builtin_amdgcn_workgroup_id_z() ((unsigned)blockIdx.z)
#define __builtin_amdgcn_workgroup_size_x() ((unsigned short)blockDim.x)
#define __builtin_amdgcn_workgroup_size_y() ((unsigned short)blockDim.y)
#define __builtin_amdgcn_workgroup_size_z() ((unsigned short)blockDim.z)
#define __builtin_amdgcn_grid_size_x() ((unsigned)(gridDim.x * blockDim.x))
#define __builtin_amdgcn_grid_size_y() ((unsigned)(gridDim.y * blockDim.y))
#define __builtin_amdgcn_grid_size_z() ((unsigned)(gridDim.z * blockDim.z))

#endif /* HIP_CPU_AMDGCN_BUILTINS_H */
