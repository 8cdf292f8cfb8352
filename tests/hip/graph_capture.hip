// Stream capture into a graph (hipStreamBeginCapture / EndCapture, hipStreamIsCapturing),
// hipGraphInstantiate and hipGraphLaunch repeated: the captured copies and kernels run in order
// each time and not during capture; a graph built with hipGraphAddKernelNode runs too.
#include "hip_test.h"

__global__ void add_k(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

int main() {
  const int n = 4096;
  int *d, *h;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void **)&h, n * sizeof(int), 0));
  for (int i = 0; i < n; ++i) h[i] = i;
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  hipStreamCaptureStatus st = hipStreamCaptureStatusNone;
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ((int)st, (int)hipStreamCaptureStatusNone);
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ((int)st, (int)hipStreamCaptureStatusActive);
  HIP_CHECK(hipMemcpyAsync(d, h, n * sizeof(int), hipMemcpyHostToDevice, s));
  hipLaunchKernelGGL(add_k, dim3(n / 256), dim3(256), 0, s, d, n, 10);
  hipLaunchKernelGGL(add_k, dim3(n / 256), dim3(256), 0, s, d, n, 5);
  HIP_CHECK(hipMemcpyAsync(h, d, n * sizeof(int), hipMemcpyDeviceToHost, s));
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ((int)st, (int)hipStreamCaptureStatusNone);
  for (int i = 0; i < n; ++i) CHECK_EQ(h[i], i); // nothing ran during capture
  size_t nodes = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &nodes));
  CHECK_EQ(nodes, (size_t)4);
  hipGraphExec_t ge;
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  for (int r = 1; r <= 3; ++r) {
    HIP_CHECK(hipGraphLaunch(ge, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      if (h[i] != i + 15 * r) FAIL_AT("launch %d element %d: %d, expected %d", r, i, h[i], i + 15 * r);
  }
  // Explicit kernel node.
  hipGraph_t g2;
  HIP_CHECK(hipGraphCreate(&g2, 0));
  int *m;
  HIP_CHECK(hipMallocManaged((void **)&m, n * sizeof(int), hipMemAttachGlobal));
  std::memset(m, 0, n * sizeof(int));
  int nn = n, v = 3;
  void *args[] = {&m, &nn, &v};
  hipKernelNodeParams kp = {};
  kp.func = (void *)add_k;
  kp.gridDim = dim3(n / 256);
  kp.blockDim = dim3(256);
  kp.sharedMemBytes = 0;
  kp.kernelParams = args;
  kp.extra = nullptr;
  hipGraphNode_t node;
  HIP_CHECK(hipGraphAddKernelNode(&node, g2, nullptr, 0, &kp));
  hipGraphExec_t ge2;
  HIP_CHECK(hipGraphInstantiate(&ge2, g2, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(ge2, s));
  HIP_CHECK(hipGraphLaunch(ge2, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) CHECK_EQ(m[i], 6);
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipGraphExecDestroy(ge2));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(g2));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipHostFree(h));
  return hip_test::pass();
}
