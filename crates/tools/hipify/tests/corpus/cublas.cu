// cuBLAS -> hipBLAS.
#include <cublas_v2.h>
#include <cuda_runtime.h>

int gemm(int n, const float *a, const float *b, float *c) {
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) return 1;
  const float alpha = 1.0f, beta = 0.0f;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  cublasStatus_t st = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b,
                                  n, &beta, c, n);
  cublasDestroy(handle);
  return st == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}
