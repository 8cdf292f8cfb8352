// Runtime API: memory, copies, streams, events, errors, device queries; a chevron launch
// stays (the default), as hipify-clang does.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  const int n = 1024;
  float *d = nullptr;
  hipError_t err = hipMalloc((void **)&d, n * sizeof(float));
  if (err != hipSuccess) {
    fprintf(stderr, "error: %s\n", hipGetErrorString(err));
    return 1;
  }
  hipStream_t stream;
  hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  hipEvent_t start, stop;
  hipEventCreate(&start);
  hipEventCreateWithFlags(&stop, hipEventDefault);
  hipMemsetAsync(d, 0, n * sizeof(float), stream);
  hipEventRecord(start, stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, 2.0f, n);
  hipEventRecord(stop, stream);
  hipStreamSynchronize(stream);
  float ms = 0;
  hipEventElapsedTime(&ms, start, stop);
  hipDeviceProp_t prop;
  int dev = 0;
  hipGetDevice(&dev);
  hipGetDeviceProperties(&prop, dev);
  float host[4];
  hipMemcpy(host, d, sizeof(host), hipMemcpyDeviceToHost);
  hipEventDestroy(start);
  hipEventDestroy(stop);
  hipStreamDestroy(stream);
  hipFree(d);
  printf("%s %f\n", prop.name, ms);
  return hipGetLastError() == hipSuccess ? 0 : 1;
}
