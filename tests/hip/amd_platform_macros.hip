// Platform macros as portable HIP code tests them: exactly one of __HIP_PLATFORM_AMD__ and
// __HIP_PLATFORM_NVIDIA__; on the CPU platform the AMD branch (with __HIP_PLATFORM_HCC__,
// __HIP_PLATFORM_CPU__ to tell it apart, __AMDGCN_WAVEFRONT_SIZE equal to warpSize, the
// __HIP_ARCH_HAS_* feature macros, hip/amd_detail/ headers) and the __builtin_amdgcn_* builtins
// AMD-flavoured kernels call: mbcnt lane ids, readfirstlane/readlane, ds_bpermute/ds_permute,
// ds_swizzle (quad-permute and bit-mask modes), ballot_w64, read_exec, s_barrier, wave_barrier,
// fence, s_memtime/s_memrealtime, workitem/workgroup ids and sizes. Results are checked against
// the ISA's definitions computed on the host.
#include "hip_test.h"

#if defined(__HIP_PLATFORM_AMD__) == defined(__HIP_PLATFORM_NVIDIA__)
#error "exactly one of __HIP_PLATFORM_AMD__ and __HIP_PLATFORM_NVIDIA__ must be defined"
#endif

#if defined(__HIP_PLATFORM_AMD__)
#include <hip/amd_detail/amd_hip_runtime.h>
#include <hip/amd_detail/amd_warp_functions.h>
#if !defined(__HIP_PLATFORM_HCC__)
#error "__HIP_PLATFORM_HCC__ (legacy) must come with __HIP_PLATFORM_AMD__"
#endif
#if !defined(__AMDGCN_WAVEFRONT_SIZE) || !__HIP_ARCH_HAS_WARP_SHUFFLE__ || !__HIP_ARCH_HAS_DOUBLES__
#error "AMD feature macros missing"
#endif

constexpr int kLanes = 64;
struct Out {
  unsigned lane_id, readfirst, readlane7, bperm, perm, swz_quad, swz_mask, wg_size;
  unsigned long long ballot, exec, t0, t1, r0, r1;
  unsigned wid, gid;
  int shared_after_barrier;
};

__global__ void builtins(Out *out) {
  __shared__ int cell[kLanes];
  const unsigned t = threadIdx.x;
  Out &o = out[blockIdx.x * kLanes + t];
  o.lane_id = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  o.readfirst = __builtin_amdgcn_readfirstlane(100 + t);
  o.readlane7 = __builtin_amdgcn_readlane(200 + t, 7);
  o.bperm = __builtin_amdgcn_ds_bpermute((int)(((t + 1) % kLanes) * 4), (int)(300 + t));
  o.perm = __builtin_amdgcn_ds_permute((int)(((t + 1) % kLanes) * 4), (int)(400 + t));
  // Quad permute [3, 2, 1, 0]: each lane of a group of 4 reads the mirrored lane.
  o.swz_quad = __builtin_amdgcn_ds_swizzle((int)(500 + t), 0x8000 | (0 << 6) | (1 << 4) | (2 << 2) | 3);
  // Bit masks: and 0x1f, or 0, xor 1 (swap neighbours within 32 lanes).
  o.swz_mask = __builtin_amdgcn_ds_swizzle((int)(600 + t), (1 << 10) | 0x1f);
  o.ballot = __builtin_amdgcn_ballot_w64(t % 3 == 0);
  o.exec = __builtin_amdgcn_read_exec();
  o.t0 = __builtin_amdgcn_s_memtime();
  o.r0 = __builtin_amdgcn_s_memrealtime();
  cell[t] = (int)t * 2;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_wave_barrier();
  o.shared_after_barrier = cell[(t + 5) % kLanes];
  o.t1 = __builtin_amdgcn_s_memtime();
  o.r1 = __builtin_amdgcn_s_memrealtime();
  o.wid = __builtin_amdgcn_workitem_id_x();
  o.gid = __builtin_amdgcn_workgroup_id_x();
  o.wg_size = __builtin_amdgcn_workgroup_size_x();
}
#endif

int main() {
#if defined(__HIP_PLATFORM_AMD__)
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  CHECK_EQ(prop.warpSize, __AMDGCN_WAVEFRONT_SIZE);
#if !defined(__HIP_PLATFORM_CPU__)
  std::printf("PASS\n"); // a real AMD GPU: nothing CPU-specific to check
  return 0;
#endif
  const int blocks = 3;
  Out *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, sizeof(Out) * kLanes * blocks, hipMemAttachGlobal));
  hipLaunchKernelGGL(builtins, dim3(blocks), dim3(kLanes), 0, 0, out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  unsigned long long want_ballot = 0;
  for (int i = 0; i < kLanes; ++i)
    if (i % 3 == 0) want_ballot |= 1ull << i;
  for (int b = 0; b < blocks; ++b) {
    for (unsigned t = 0; t < (unsigned)kLanes; ++t) {
      const Out &o = out[b * kLanes + t];
      CHECK_EQ(o.lane_id, t);
      CHECK_EQ(o.readfirst, 100u);
      CHECK_EQ(o.readlane7, 207u);
      CHECK_EQ(o.bperm, 300 + (t + 1) % kLanes);
      // Lane t pushed its value to lane t+1, so lane t holds lane t-1's.
      CHECK_EQ(o.perm, 400 + (t + kLanes - 1) % kLanes);
      CHECK_EQ(o.swz_quad, 500 + ((t & ~3u) | (3 - (t & 3))));
      CHECK_EQ(o.swz_mask, 600 + (t ^ 1u));
      CHECK_EQ(o.ballot, want_ballot);
      CHECK_EQ(o.exec, ~0ull);
      CHECK(o.t1 >= o.t0 && o.r1 >= o.r0, "s_memtime/s_memrealtime went backwards");
      CHECK_EQ(o.shared_after_barrier, (int)(((t + 5) % kLanes) * 2));
      CHECK_EQ(o.wid, t);
      CHECK_EQ(o.gid, (unsigned)b);
      CHECK_EQ(o.wg_size, (unsigned)kLanes);
    }
  }
  HIP_CHECK(hipFree(out));
#endif
  // NVIDIA: the CUDA branch of portable code; only the #error checks above apply.
  std::printf("PASS\n");
  return 0;
}
