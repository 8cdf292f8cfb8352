// cuSOLVER -> hipSOLVER.
#include <cusolverDn.h>

int lu(int n, float *a, int *ipiv, int *info) {
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  int lwork = 0;
  cusolverDnSgetrf_bufferSize(h, n, n, a, n, &lwork);
  float *work = nullptr;
  cudaMalloc(&work, lwork * sizeof(float));
  cusolverStatus_t st = cusolverDnSgetrf(h, n, n, a, n, work, ipiv, info);
  cudaFree(work);
  cusolverDnDestroy(h);
  return st == CUSOLVER_STATUS_SUCCESS ? 0 : 1;
}
