// vectorAdd that checks its result: README's main job builds and runs it with hipcc.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                 \
  do {                                                                              \
    hipError_t err_ = (call);                                                       \
    if (err_ != hipSuccess) {                                                       \
      std::printf("FAILED: %s -> %s\n", #call, hipGetErrorString(err_));           \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

__global__ void vectorAdd(const float *A, const float *B, float *C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

int main() {
  const int N = 1 << 20;
  const size_t size = N * sizeof(float);
  std::vector<float> a(N), b(N), c(N, -1.0f);
  for (int i = 0; i < N; ++i) {
    a[i] = std::sin(i) * 100.0f;
    b[i] = std::cos(i) * 100.0f;
  }

  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));

  float *dA, *dB, *dC;
  CHECK(hipMalloc(&dA, size));
  CHECK(hipMalloc(&dB, size));
  CHECK(hipMalloc(&dC, size));
  CHECK(hipMemcpy(dA, a.data(), size, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dB, b.data(), size, hipMemcpyHostToDevice));

  const int block = 256;
  const int grid = (N + block - 1) / block;
  hipLaunchKernelGGL(vectorAdd, dim3(grid), dim3(block), 0, 0, dA, dB, dC, N);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(c.data(), dC, size, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) {
    if (c[i] != a[i] + b[i]) {
      std::printf("FAILED: C[%d] = %f, expected %f\n", i, c[i], a[i] + b[i]);
      return 1;
    }
  }

  // The same with the triple-chevron launch (hipcc rewrites it).
  CHECK(hipMemset(dC, 0, size));
  vectorAdd<<<grid, block>>>(dB, dA, dC, N);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(c.data(), dC, size, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) {
    if (c[i] != b[i] + a[i]) {
      std::printf("FAILED (<<<>>>): C[%d] = %f, expected %f\n", i, c[i], b[i] + a[i]);
      return 1;
    }
  }

  CHECK(hipFree(dA));
  CHECK(hipFree(dB));
  CHECK(hipFree(dC));
  std::printf("vectorAdd of %d floats ran on: %s (%s, %d compute units, warpSize %d)\n", N,
              prop.name, prop.gcnArchName, prop.multiProcessorCount, prop.warpSize);
  std::printf("PASSED\n");
  return 0;
}
