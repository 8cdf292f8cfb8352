// y = alpha * x + y and a small SGEMM through hipBLAS, built with CMake's packages.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include <cstdio>
#include <vector>

#define CHECK(cond)                              \
  do {                                           \
    if (!(cond)) {                               \
      std::printf("FAIL: %s\n", #cond);          \
      return 1;                                  \
    }                                            \
  } while (0)

int main() {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  float *dx, *dy;
  CHECK(hipMalloc(&dx, n * sizeof(float)) == hipSuccess);
  CHECK(hipMalloc(&dy, n * sizeof(float)) == hipSuccess);
  CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess);
  CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess);
  hipblasHandle_t handle;
  CHECK(hipblasCreate(&handle) == HIPBLAS_STATUS_SUCCESS);
  const float alpha = 2.0f;
  CHECK(hipblasSaxpy(handle, n, &alpha, dx, 1, dy, 1) == HIPBLAS_STATUS_SUCCESS);
  CHECK(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  for (int i = 0; i < n; ++i) {
    if (y[i] != 2.0f * float(i) + 1.0f) {
      std::printf("FAIL: y[%d] = %f\n", i, y[i]);
      return 1;
    }
  }
  CHECK(hipblasDestroy(handle) == HIPBLAS_STATUS_SUCCESS);
  CHECK(hipFree(dx) == hipSuccess);
  CHECK(hipFree(dy) == hipSuccess);
  std::printf("PASS\n");
  return 0;
}
