// cuBLAS -> hipBLAS.
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

int gemm(int n, const float *a, const float *b, float *c) {
  hipblasHandle_t handle;
  if (hipblasCreate(&handle) != HIPBLAS_STATUS_SUCCESS) return 1;
  const float alpha = 1.0f, beta = 0.0f;
  hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST);
  hipblasStatus_t st = hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &alpha, a, n, b,
                                  n, &beta, c, n);
  hipblasDestroy(handle);
  return st == HIPBLAS_STATUS_SUCCESS ? 0 : 1;
}
