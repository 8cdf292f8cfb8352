// grid_group::sync() in a kernel launched without hipLaunchCooperativeKernel is undefined in HIP
// (on a GPU it may hang). On the CPU platform it must not hang: the launch fails (the error is
// reported by the next synchronisation) and grid.is_valid() is false there. Skipped on NVIDIA,
// where the behaviour is the hardware's.
#include "hip_test.h"
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void misuse(int *out) {
  cg::grid_group grid = cg::this_grid();
  out[blockIdx.x * blockDim.x + threadIdx.x] = grid.is_valid() ? 1 : 2;
  grid.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 3;
}

int main() {
#if HIP_TEST_NVIDIA
  std::printf("note: grid.sync() outside a cooperative launch is undefined on GPUs: not tested\n");
#else
  hip_test::watchdog(30, "grid.sync() in an ordinary launch");
  int *out;
  HIP_CHECK(hipMallocManaged((void **)&out, 64 * 8 * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < 64 * 8; ++i) out[i] = 0;
  hipLaunchKernelGGL(misuse, dim3(8), dim3(64), 0, 0, out);
  HIP_CHECK(hipGetLastError());
  hipError_t e = hipDeviceSynchronize();
  CHECK(e != hipSuccess, "a kernel reaching grid.sync() outside a cooperative launch reported success");
  for (int i = 0; i < 64 * 8; ++i) CHECK(out[i] != 3, "work-item %d went past grid.sync()", i);
  for (int i = 0; i < 64 * 8; ++i) CHECK(out[i] == 0 || out[i] == 2, "work-item %d: is_valid() gave %d", i, out[i]);
  std::printf("note: reported as %s\n", hipGetErrorName(e));
#endif
  return hip_test::pass();
}
