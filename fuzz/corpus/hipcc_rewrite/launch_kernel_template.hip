// hipLaunchKernel and hipFuncGetAttributes with an instantiated template kernel
// (reinterpret_cast<const void *>(&k<T>)), which HIP supports on AMD and NVIDIA. Kept apart from
// launch_kernel_api because CPU registration of template instances needs extra machinery.
#include "hip_test.h"

template <typename T> __global__ void scale(T *p, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= f;
}

int main() {
  const int n = 1000;
  double *p = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&p, n * sizeof(double), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) p[i] = i;
  double f = 1.5;
  int nn = n;
  void *args[] = {&p, &f, &nn};
  const void *fn = reinterpret_cast<const void *>(&scale<double>);
  HIP_CHECK(hipLaunchKernel(fn, dim3(4), dim3(256), args, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(p[i], 1.5 * i);
  hipFuncAttributes attr;
  HIP_CHECK(hipFuncGetAttributes(&attr, fn));
  CHECK(attr.maxThreadsPerBlock > 0 && attr.maxThreadsPerBlock <= 1024, "maxThreadsPerBlock %d",
        attr.maxThreadsPerBlock);
  // A second instantiation is a different kernel.
  int *ip = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&ip, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) ip[i] = i;
  int fi = 3;
  void *iargs[] = {&ip, &fi, &nn};
  HIP_CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&scale<int>), dim3(4), dim3(256), iargs, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(ip[i], 3 * i);
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(ip));
  return hip_test::pass();
}
