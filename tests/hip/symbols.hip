// __device__ and __constant__ globals: hipMemcpyToSymbol/FromSymbol (+Async, with offsets) via
// HIP_SYMBOL, hipGetSymbolAddress/Size, kernels reading and writing them.
#include "hip_test.h"

__constant__ float coeffs[16];
__constant__ int const_scalar;
__device__ int dev_array[1000];
__device__ double dev_scalar;
namespace ns {
__device__ unsigned long long ns_counter;
}

__global__ void use_symbols(float *out) {
  int i = threadIdx.x;
  out[i] = coeffs[i % 16] * (float)const_scalar + (float)dev_array[i];
  dev_array[i] += 1;
  if (i == 0) {
    dev_scalar = dev_scalar * 2.0;
    atomicAdd(&ns::ns_counter, 5ull);
  }
}

int main() {
  float hc[16];
  for (int i = 0; i < 16; ++i) hc[i] = 0.5f * i;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeffs), hc, sizeof hc));
  int k = 3;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(const_scalar), &k, sizeof k));
  std::vector<int> ha(1000);
  for (int i = 0; i < 1000; ++i) ha[i] = 10 * i;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(dev_array), ha.data(), 1000 * sizeof(int)));
  // Offset form: overwrite elements 100..109 only.
  int ten[10];
  for (int i = 0; i < 10; ++i) ten[i] = -i;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(dev_array), ten, sizeof ten, 100 * sizeof(int), hipMemcpyHostToDevice));
  for (int i = 0; i < 10; ++i) ha[100 + i] = -i;
  double ds = 1.25;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(dev_scalar), &ds, sizeof ds));
  unsigned long long zero = 0;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(ns::ns_counter), &zero, sizeof zero));

  size_t sz = 0;
  HIP_CHECK(hipGetSymbolSize(&sz, HIP_SYMBOL(coeffs)));
  CHECK_EQ(sz, sizeof(float) * 16);
  HIP_CHECK(hipGetSymbolSize(&sz, HIP_SYMBOL(dev_array)));
  CHECK_EQ(sz, sizeof(int) * 1000);
  HIP_CHECK(hipGetSymbolSize(&sz, HIP_SYMBOL(dev_scalar)));
  CHECK_EQ(sz, sizeof(double));
  void *addr = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&addr, HIP_SYMBOL(dev_array)));
  CHECK(addr != nullptr, "null symbol address");

  float *out = nullptr;
  HIP_CHECK(hipMalloc(&out, 1000 * sizeof(float)));
  hipLaunchKernelGGL(use_symbols, dim3(1), dim3(1000), 0, 0, out);
  HIP_CHECK(hipGetLastError());
  std::vector<float> ho(1000);
  HIP_CHECK(hipMemcpy(ho.data(), out, 1000 * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1000; ++i) {
    float want = hc[i % 16] * 3.0f + (float)ha[i];
    if (ho[i] != want) FAIL_AT("out[%d] = %g, expected %g", i, ho[i], want);
  }
  // Read back through the symbol and through its address.
  std::vector<int> back(1000);
  HIP_CHECK(hipMemcpyFromSymbol(back.data(), HIP_SYMBOL(dev_array), 1000 * sizeof(int)));
  for (int i = 0; i < 1000; ++i) CHECK_EQ(back[i], ha[i] + 1);
  int via_addr = 0;
  HIP_CHECK(hipMemcpy(&via_addr, (int *)addr + 500, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(via_addr, ha[500] + 1);
  int part[3];
  HIP_CHECK(hipMemcpyFromSymbol(part, HIP_SYMBOL(dev_array), sizeof part, 101 * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(part[0], -1 + 1);
  CHECK_EQ(part[2], -3 + 1);
  HIP_CHECK(hipMemcpyFromSymbol(&ds, HIP_SYMBOL(dev_scalar), sizeof ds));
  CHECK_EQ(ds, 2.5);
  unsigned long long cnt = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&cnt, HIP_SYMBOL(ns::ns_counter), sizeof cnt));
  CHECK_EQ(cnt, 5ull);

  // Async forms on a stream, ordered with a kernel.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int seven = 7;
  HIP_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(const_scalar), &seven, sizeof seven, 0, hipMemcpyHostToDevice, s));
  hipLaunchKernelGGL(use_symbols, dim3(1), dim3(16), 0, s, out);
  float first = 0;
  int a0 = 0;
  HIP_CHECK(hipMemcpyFromSymbolAsync(&a0, HIP_SYMBOL(dev_array), sizeof a0, 0, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipMemcpyAsync(&first, out + 1, sizeof first, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(first, hc[1] * 7.0f + (float)(ha[1] + 1));
  CHECK_EQ(a0, ha[0] + 2);
  // Copying past the end of a symbol is an error and changes nothing.
  HIP_EXPECT(hipMemcpyToSymbol(HIP_SYMBOL(coeffs), hc, sizeof hc, 8, hipMemcpyHostToDevice), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
