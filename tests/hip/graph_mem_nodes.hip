// Graph memory as CUDA/HIP samples use it: hipGraphAddMemAllocNode (the address is known when
// the node is made and used by later nodes) -> kernel -> copy out -> hipGraphAddMemFreeNode,
// launched several times; an allocation freed by hipFree after the launch instead of a free
// node (relaunching before that is hipErrorInvalidValue, and fine with
// hipGraphInstantiateFlagAutoFreeOnLaunch); hipMallocAsync/hipFreeAsync captured into
// allocation and free nodes; hipGraphMemAllocNodeGetParams / hipGraphMemFreeNodeGetParams;
// hipDeviceGet/SetGraphMemAttribute (used and reserved bytes, resetting the high
// watermarks), hipDeviceGraphMemTrim; misuse with HIP's codes.
#include "hip_test.h"

__global__ void fill(int *p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value + i;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static hipMemAllocNodeParams alloc_params(size_t bytes) {
  hipMemAllocNodeParams p = {};
  p.poolProps.allocType = hipMemAllocationTypePinned;
  p.poolProps.location.type = hipMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = bytes;
  return p;
}

static unsigned long long attr(hipGraphMemAttributeType a) {
  unsigned long long v = ~0ull;
  HIP_CHECK(hipDeviceGetGraphMemAttribute(0, a, &v));
  return v;
}

int main() {
  const int n = 1 << 16;
  const size_t bytes = n * sizeof(int);
  int *h;
  HIP_CHECK(hipHostMalloc((void **)&h, bytes, 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));

  // alloc -> fill -> copy out -> free
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemAllocNodeParams ap = alloc_params(bytes);
  hipGraphNode_t an, kn, cn, fn;
  HIP_CHECK(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
  CHECK(ap.dptr != nullptr, "the allocation's address is known when the node is made");
  int *d = (int *)ap.dptr;
  int nn = n, value = 10;
  void *args[] = {&d, &nn, &value};
  hipKernelNodeParams kp = {};
  kp.func = (void *)fill;
  kp.gridDim = dim3(n / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &an, 1, &kp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cn, g, &kn, 1, h, d, bytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipGraphAddMemFreeNode(&fn, g, &cn, 1, d));
  hipGraphNodeType type;
  HIP_CHECK(hipGraphNodeGetType(an, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeMemAlloc);
  HIP_CHECK(hipGraphNodeGetType(fn, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeMemFree);
  hipMemAllocNodeParams back = {};
  HIP_CHECK(hipGraphMemAllocNodeGetParams(an, &back));
  CHECK(back.dptr == ap.dptr, "hipGraphMemAllocNodeGetParams: dptr");
  CHECK_EQ(back.bytesize, bytes);
  CHECK_EQ((int)back.poolProps.location.id, 0);
  CHECK_EQ((int)back.poolProps.allocType, (int)hipMemAllocationTypePinned);
  void *freed = nullptr;
  HIP_CHECK(hipGraphMemFreeNodeGetParams(fn, &freed));
  CHECK(freed == d, "hipGraphMemFreeNodeGetParams");
  HIP_EXPECT(hipGraphMemAllocNodeGetParams(fn, &back), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphMemFreeNodeGetParams(an, &freed), hipErrorInvalidValue);
#if !HIP_TEST_NVIDIA
  // The CPU platform reserves the memory when the node is made (its address is needed then);
  // CUDA reserves it when the graph is instantiated or first launched.
  CHECK(attr(hipGraphMemAttrReservedMemCurrent) >= bytes, "reserved graph memory");
#endif

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int launch = 0; launch < 3; ++launch) {
    value = 100 * launch;
    HIP_CHECK(hipGraphExecKernelNodeSetParams(x, kn, &kp));
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; i += 331) CHECK_EQ(h[i], value + i);
  }
  // Freed by the graph itself. (On NVIDIA the driver may keep freed graph memory mapped and
  // counted as used until it is trimmed: only the CPU's exact count is checked.)
  CHECK(attr(hipGraphMemAttrUsedMemCurrent) <= attr(hipGraphMemAttrReservedMemCurrent),
        "used graph memory is reserved memory");
#if !HIP_TEST_NVIDIA
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0ull);
#endif
  CHECK(attr(hipGraphMemAttrUsedMemHigh) >= bytes, "high watermark of used graph memory");
  // An executable graph cannot be updated to another graph's allocation. (CUDA's graph
  // allocator may give the second graph the same address, and then the update is valid:
  // checked on the CPU platform, where every allocation node has its own memory.)
#if !HIP_TEST_NVIDIA
  {
    hipGraph_t g2;
    HIP_CHECK(hipGraphCreate(&g2, 0));
    hipMemAllocNodeParams ap2 = alloc_params(bytes);
    hipGraphNode_t an2, fn2;
    HIP_CHECK(hipGraphAddMemAllocNode(&an2, g2, nullptr, 0, &ap2));
    int *d2 = (int *)ap2.dptr;
    void *args2[] = {&d2, &nn, &value};
    hipKernelNodeParams kp2 = kp;
    kp2.kernelParams = args2;
    hipGraphNode_t kn2, cn2;
    HIP_CHECK(hipGraphAddKernelNode(&kn2, g2, &an2, 1, &kp2));
    HIP_CHECK(hipGraphAddMemcpyNode1D(&cn2, g2, &kn2, 1, h, d2, bytes, hipMemcpyDeviceToHost));
    HIP_CHECK(hipGraphAddMemFreeNode(&fn2, g2, &cn2, 1, d2));
    hipGraphExecUpdateResult result = hipGraphExecUpdateSuccess;
    hipGraphNode_t error_node = nullptr;
    HIP_EXPECT(hipGraphExecUpdate(x, g2, &error_node, &result), hipErrorGraphExecUpdateFailure);
    CHECK(result != hipGraphExecUpdateSuccess, "update result %d", (int)result);
    HIP_CHECK(hipGraphDestroy(g2));
    (void)hipGetLastError();
  }
#endif
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // An allocation that outlives the launch: freed by hipFree afterwards.
  HIP_CHECK(hipGraphCreate(&g, 0));
  ap = alloc_params(bytes);
  HIP_CHECK(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
  d = (int *)ap.dptr;
  value = 5;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &an, 1, &kp));
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(attr(hipGraphMemAttrUsedMemCurrent) >= bytes, "a live graph allocation is in use");
  HIP_CHECK(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
  CHECK_EQ(h[123], 5 + 123);
  // Relaunching while the allocation is live is an error (CUDA's rule, which HIP follows).
  HIP_EXPECT(hipGraphLaunch(x, s), hipErrorInvalidValue);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipGraphExecDestroy(x));
  // With hipGraphInstantiateFlagAutoFreeOnLaunch a relaunch frees it first.
  HIP_CHECK(hipGraphInstantiateWithFlags(&x, g, hipGraphInstantiateFlagAutoFreeOnLaunch));
  for (int i = 0; i < 3; ++i) HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  // A live allocation outlives the graph and the executable graph until it is freed.
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  memset(h, 0, bytes);
  HIP_CHECK(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
  CHECK_EQ(h[77], 5 + 77);
  HIP_CHECK(hipFree(d));

  // Captured: hipMallocAsync / hipFreeAsync become allocation and free nodes.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  int *t = nullptr;
  HIP_CHECK(hipMallocAsync((void **)&t, bytes, s));
  CHECK(t != nullptr, "captured hipMallocAsync gives an address");
  hipLaunchKernelGGL(fill, dim3(n / 256), dim3(256), 0, s, t, n, 40);
  hipLaunchKernelGGL(add_one, dim3(n / 256), dim3(256), 0, s, t, n);
  HIP_CHECK(hipMemcpyAsync(h, t, bytes, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipFreeAsync(t, s));
  HIP_CHECK(hipStreamEndCapture(s, &g));
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, (size_t)5);
  hipGraphNode_t roots[2];
  count = 2;
  HIP_CHECK(hipGraphGetRootNodes(g, roots, &count));
  CHECK_EQ(count, (size_t)1);
  HIP_CHECK(hipGraphNodeGetType(roots[0], &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeMemAlloc);
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int launch = 0; launch < 2; ++launch) {
    memset(h, 0, bytes);
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; i += 517) CHECK_EQ(h[i], 41 + i);
  }
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // Attributes and trimming.
  unsigned long long zero = 0, one = 1;
  HIP_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  HIP_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero));
  HIP_EXPECT(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &one), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &zero), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetGraphMemAttribute(0, (hipGraphMemAttributeType)99, &one), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetGraphMemAttribute(9999, hipGraphMemAttrUsedMemCurrent, &one), hipErrorInvalidDevice);
  HIP_CHECK(hipDeviceGraphMemTrim(0));
  HIP_EXPECT(hipDeviceGraphMemTrim(9999), hipErrorInvalidDevice);
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0ull);

  // Misuse.
  HIP_CHECK(hipGraphCreate(&g, 0));
  ap = alloc_params(0);
  HIP_EXPECT(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap), hipErrorInvalidValue);
  ap = alloc_params(bytes);
  ap.poolProps.location.id = 9999;
  HIP_EXPECT(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphAddMemAllocNode(&an, g, nullptr, 0, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphAddMemFreeNode(&fn, g, nullptr, 0, nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipGraphDestroy(g));

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(h));
  printf("PASS\n");
  return 0;
}
