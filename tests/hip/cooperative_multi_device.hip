// GENCO: cooperative_module.kernel.hip
// ENV: FERROCM_CPU_DEVICES=2
// ENV: FERROCM_CPU_WORKERS=4
// Cooperative launches from modules and over several devices: hipModuleLaunchCooperativeKernel with
// a grid-synchronising sum (any device count); then, where hipDeviceAttributeCooperativeMultiDeviceLaunch
// is 1 and there are two devices (FERROCM_CPU_DEVICES=2 on the CPU platform),
// hipLaunchCooperativeKernelMultiDevice and hipModuleLaunchCooperativeKernelMultiDevice over both:
// every thread of both grids writes its multi_grid rank, multi_grid.sync(), and reads the entry of
// the mirrored rank (written by the other grid), with grids of different sizes where
// hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim says they may differ; num_grids / grid_rank / is_valid / size; the
// default post-synchronisation (a kernel queued right after on device 0's stream sees device 1's
// results); and the list checks (NULL list, 0 or too many devices, unknown flags: hipErrorInvalidValue;
// two parts on one device refused). Skipped (printed) where the attribute is 0 or there is one device.
#include "hip_test.h"
#include <hip/hip_cooperative_groups.h>
#include <vector>
namespace cg = cooperative_groups;

__global__ void multi_exchange(int *slots, int *out, int *info) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  unsigned long long r = mg.thread_rank();
  slots[r] = (int)(r * 3 + 1);
  mg.sync();
  out[r] = slots[mg.size() - 1 - r];
  if (cg::this_grid().thread_rank() == 0) {
    info[mg.grid_rank() * 4 + 0] = (int)mg.num_grids();
    info[mg.grid_rank() * 4 + 1] = (int)mg.grid_rank();
    info[mg.grid_rank() * 4 + 2] = mg.is_valid() ? 1 : 0;
    info[mg.grid_rank() * 4 + 3] = (int)mg.size();
  }
}

__global__ void copy_after(const int *out, int *copy, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) copy[i] = out[i];
}

static void check_exchange(const int *out, const int *info, int total, const char *what) {
  for (int r = 0; r < total; ++r)
    if (out[r] != (total - 1 - r) * 3 + 1) FAIL_AT("%s: thread %d read %d, expected %d", what, r, out[r], (total - 1 - r) * 3 + 1);
  for (int g = 0; g < 2; ++g) {
    CHECK(info[g * 4 + 0] == 2 && info[g * 4 + 1] == g && info[g * 4 + 2] == 1 && info[g * 4 + 3] == total,
          "%s: grid %d reports num_grids %d grid_rank %d is_valid %d size %d", what, g, info[g * 4], info[g * 4 + 1],
          info[g * 4 + 2], info[g * 4 + 3]);
  }
}

int main(int argc, char **argv) {
  CHECK(argc > 1, "usage: %s <code object>", argv[0]);
  int devices = 0;
  HIP_CHECK(hipGetDeviceCount(&devices));

  // hipModuleLaunchCooperativeKernel on device 0.
  HIP_CHECK(hipSetDevice(0));
  hipModule_t mod;
  hipFunction_t sum;
  HIP_CHECK(hipModuleLoad(&mod, argv[1]));
  HIP_CHECK(hipModuleGetFunction(&sum, mod, "module_grid_sum"));
  int per_cu = 0, cus = 0;
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, sum, 128, 0));
  HIP_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
  const int blocks = per_cu * cus, n = 100003;
  std::vector<int> h(n);
  int want = 0;
  for (int i = 0; i < n; ++i) want += h[i] = i % 13;
  int *in, *partial, *total;
  HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&partial, blocks * sizeof(int)));
  HIP_CHECK(hipMalloc(&total, sizeof(int)));
  HIP_CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(partial, 0, blocks * sizeof(int)));
  int nn = n;
  void *args[] = {&in, &partial, &total, &nn};
  HIP_CHECK(hipModuleLaunchCooperativeKernel(sum, blocks, 1, 1, 128, 1, 1, 0, nullptr, args));
  HIP_CHECK(hipDeviceSynchronize());
  int got = 0;
  HIP_CHECK(hipMemcpy(&got, total, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(got == want, "module grid sum %d, expected %d", got, want);
  HIP_EXPECT(hipModuleLaunchCooperativeKernel(sum, blocks + 1, 1, 1, 128, 1, 1, 0, nullptr, args),
             hipErrorCooperativeLaunchTooLarge);
  (void)hipGetLastError();

  int multi = 0;
  HIP_CHECK(hipDeviceGetAttribute(&multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
  if (!multi || devices < 2) {
    std::printf("note: cooperativeMultiDeviceLaunch %d, %d device(s): multi-device part skipped\n", multi, devices);
  } else {
    int grid[2], perdev = 64;
    hipStream_t streams[2];
    hipFunction_t fn[2];
    hipModule_t mods[2];
    for (int d = 0; d < 2; ++d) {
      HIP_CHECK(hipSetDevice(d));
      HIP_CHECK(hipStreamCreate(&streams[d]));
      HIP_CHECK(hipModuleLoad(&mods[d], argv[1]));
      HIP_CHECK(hipModuleGetFunction(&fn[d], mods[d], "module_multi_exchange"));
      int pc = 0, c = 0;
      HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&pc, multi_exchange, perdev, 0));
      HIP_CHECK(hipDeviceGetAttribute(&c, hipDeviceAttributeMultiprocessorCount, d));
      grid[d] = pc * c < 4 ? pc * c : 4;
    }
    int unmatched = 0;
    HIP_CHECK(hipDeviceGetAttribute(&unmatched, hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim, 0));
    if (unmatched && grid[1] > 1) --grid[1];
    HIP_CHECK(hipSetDevice(0));
    const int total_threads = (grid[0] + grid[1]) * perdev;
    int *slots, *out, *info, *copy;
    HIP_CHECK(hipMallocManaged((void **)&slots, total_threads * sizeof(int), hipMemAttachGlobal));
    HIP_CHECK(hipMallocManaged((void **)&out, total_threads * sizeof(int), hipMemAttachGlobal));
    HIP_CHECK(hipMallocManaged((void **)&info, 8 * sizeof(int), hipMemAttachGlobal));
    HIP_CHECK(hipMallocManaged((void **)&copy, total_threads * sizeof(int), hipMemAttachGlobal));

    void *margs[] = {&slots, &out, &info};
    hipLaunchParams lp[2];
    for (int d = 0; d < 2; ++d) {
      lp[d].func = (void *)multi_exchange;
      lp[d].gridDim = dim3(grid[d]);
      lp[d].blockDim = dim3(perdev);
      lp[d].args = margs;
      lp[d].sharedMem = 0;
      lp[d].stream = streams[d];
    }
    std::memset(info, 0, 8 * sizeof(int));
    HIP_CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 2, 0));
    // Post-synchronisation: device 0's stream waits for device 1's grid too.
    int tt = total_threads;
    hipLaunchKernelGGL(copy_after, dim3(4), dim3(64), 0, streams[0], out, copy, tt);
    HIP_CHECK(hipStreamSynchronize(streams[0]));
    check_exchange(copy, info, total_threads, "hipLaunchCooperativeKernelMultiDevice");
    HIP_CHECK(hipStreamSynchronize(streams[1]));

    hipFunctionLaunchParams fp[2];
    for (int d = 0; d < 2; ++d) {
      fp[d].function = fn[d];
      fp[d].gridDimX = grid[d];
      fp[d].gridDimY = fp[d].gridDimZ = 1;
      fp[d].blockDimX = perdev;
      fp[d].blockDimY = fp[d].blockDimZ = 1;
      fp[d].sharedMemBytes = 0;
      fp[d].hStream = streams[d];
      fp[d].kernelParams = margs;
    }
    std::memset(info, 0, 8 * sizeof(int));
    std::memset(out, 0, total_threads * sizeof(int));
    HIP_CHECK(hipModuleLaunchCooperativeKernelMultiDevice(fp, 2, 0));
    for (int d = 0; d < 2; ++d) HIP_CHECK(hipStreamSynchronize(streams[d]));
    check_exchange(out, info, total_threads, "hipModuleLaunchCooperativeKernelMultiDevice");

    // The list checks.
    HIP_EXPECT(hipLaunchCooperativeKernelMultiDevice(nullptr, 2, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipLaunchCooperativeKernelMultiDevice(lp, 0, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipLaunchCooperativeKernelMultiDevice(lp, devices + 1, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipLaunchCooperativeKernelMultiDevice(lp, 2, 4), hipErrorInvalidValue);
    HIP_EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(nullptr, 2, 0), hipErrorInvalidValue);
    hipLaunchParams same[2] = {lp[0], lp[0]};
    HIP_EXPECT_FAIL(hipLaunchCooperativeKernelMultiDevice(same, 2, 0));
    (void)hipGetLastError();
    for (int d = 0; d < 2; ++d) {
      HIP_CHECK(hipStreamSynchronize(streams[d]));
      HIP_CHECK(hipStreamDestroy(streams[d]));
      HIP_CHECK(hipModuleUnload(mods[d]));
    }
    HIP_CHECK(hipFree(slots));
    HIP_CHECK(hipFree(out));
    HIP_CHECK(hipFree(info));
    HIP_CHECK(hipFree(copy));
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(partial));
  HIP_CHECK(hipFree(total));
  HIP_CHECK(hipModuleUnload(mod));
  return hip_test::pass();
}
