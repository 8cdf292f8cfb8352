// The driver-API forms of graph nodes, as driver-API programs write them: a 2-D 32-bit
// hipDrvGraphAddMemsetNode (HIP_MEMSET_NODE_PARAMS, CUDA's field order) on a pitched
// allocation, launched, then changed with hipDrvGraphExecMemsetNodeSetParams and relaunched;
// graph memory freed by hipDrvGraphAddMemFreeNode after an allocation node; the context
// argument (the current one, or NULL); host -> device -> host rows through
// hipDrvGraphAddMemcpyNode (HIP_MEMCPY3D), read back with hipDrvGraphMemcpyNodeGetParams, changed
// with hipDrvGraphExecMemcpyNodeSetParams; misuse with HIP's codes.
#include "hip_test.h"

int main() {
  const size_t width = 37, height = 5; // elements per row, rows
  void *buf = nullptr;
  size_t pitch = 0;
  HIP_CHECK(hipMallocPitch(&buf, &pitch, width * sizeof(uint32_t), height));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipCtx_t ctx = nullptr;
  HIP_CHECK(hipCtxGetCurrent(&ctx));

  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_MEMSET_NODE_PARAMS mp = {};
  mp.dst = (hipDeviceptr_t)buf;
  mp.pitch = pitch;
  mp.value = 0xA5A5u;
  mp.elementSize = 4;
  mp.width = width;
  mp.height = height;
  hipGraphNode_t set;
  HIP_CHECK(hipDrvGraphAddMemsetNode(&set, g, nullptr, 0, &mp, ctx));
  hipGraphExec_t e;
  HIP_CHECK(hipGraphInstantiate(&e, g, nullptr, nullptr, 0));

  std::vector<uint32_t> h(width * height);
  auto check = [&](uint32_t want, const char *what) {
    HIP_CHECK(hipMemcpy2D(h.data(), width * sizeof(uint32_t), buf, pitch, width * sizeof(uint32_t), height,
                          hipMemcpyDeviceToHost));
    for (size_t i = 0; i < h.size(); ++i)
      if (h[i] != want) FAIL_AT("%s: [%zu] = %#x, expected %#x", what, i, h[i], want);
  };
  HIP_CHECK(hipGraphLaunch(e, s));
  HIP_CHECK(hipStreamSynchronize(s));
  check(0xA5A5u, "first launch");

  mp.value = 0x1234u;
  HIP_CHECK(hipDrvGraphExecMemsetNodeSetParams(e, set, &mp, nullptr));
  HIP_CHECK(hipGraphLaunch(e, s));
  HIP_CHECK(hipStreamSynchronize(s));
  check(0x1234u, "after hipDrvGraphExecMemsetNodeSetParams");

  HIP_EXPECT(hipDrvGraphAddMemsetNode(&set, g, nullptr, 0, nullptr, ctx), hipErrorInvalidValue);
  HIP_EXPECT(hipDrvGraphExecMemsetNodeSetParams(e, set, nullptr, ctx), hipErrorInvalidValue);
  HIP_CHECK(hipGraphExecDestroy(e));
  HIP_CHECK(hipGraphDestroy(g));

  // Graph memory: allocation node -> memset -> free node (driver form).
  hipGraph_t g2;
  HIP_CHECK(hipGraphCreate(&g2, 0));
  hipMemAllocNodeParams ap = {};
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = 4096;
  hipGraphNode_t an, fn, mn;
  HIP_CHECK(hipGraphAddMemAllocNode(&an, g2, nullptr, 0, &ap));
  HIP_MEMSET_NODE_PARAMS mp2 = {};
  mp2.dst = (hipDeviceptr_t)ap.dptr;
  mp2.pitch = 4096;
  mp2.value = 7;
  mp2.elementSize = 1;
  mp2.width = 4096;
  mp2.height = 1;
  HIP_CHECK(hipDrvGraphAddMemsetNode(&mn, g2, &an, 1, &mp2, ctx));
  HIP_CHECK(hipDrvGraphAddMemFreeNode(&fn, g2, &mn, 1, (hipDeviceptr_t)ap.dptr));
  void *freed = nullptr;
  HIP_CHECK(hipGraphMemFreeNodeGetParams(fn, &freed));
  CHECK(freed == ap.dptr, "free node frees %p, expected %p", freed, ap.dptr);
  hipGraphExec_t e2;
  HIP_CHECK(hipGraphInstantiate(&e2, g2, nullptr, nullptr, 0));
  for (int i = 0; i < 3; ++i) HIP_CHECK(hipGraphLaunch(e2, s)); // freed each time: relaunch is fine
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipGraphExecDestroy(e2));
  HIP_CHECK(hipGraphDestroy(g2));

  // Driver-form copy nodes: host -> pitched device rows, then back to another host buffer.
  {
    std::vector<uint32_t> in(width * height), out(width * height, 0);
    for (size_t i = 0; i < in.size(); ++i) in[i] = (uint32_t)(i * 2654435761u);
    hipGraph_t g3;
    HIP_CHECK(hipGraphCreate(&g3, 0));
    HIP_MEMCPY3D up = {};
    up.srcMemoryType = hipMemoryTypeHost;
    up.srcHost = in.data();
    up.srcPitch = width * sizeof(uint32_t);
    up.srcHeight = height;
    up.dstMemoryType = hipMemoryTypeDevice;
    up.dstDevice = (hipDeviceptr_t)buf;
    up.dstPitch = pitch;
    up.dstHeight = height;
    up.WidthInBytes = width * sizeof(uint32_t);
    up.Height = height;
    up.Depth = 1;
    HIP_MEMCPY3D down = up;
    down.srcMemoryType = hipMemoryTypeDevice;
    down.srcHost = nullptr;
    down.srcDevice = (hipDeviceptr_t)buf;
    down.srcPitch = pitch;
    down.dstMemoryType = hipMemoryTypeHost;
    down.dstDevice = nullptr;
    down.dstHost = out.data();
    down.dstPitch = width * sizeof(uint32_t);
    hipGraphNode_t un, dn;
    HIP_CHECK(hipDrvGraphAddMemcpyNode(&un, g3, nullptr, 0, &up, ctx));
    HIP_CHECK(hipDrvGraphAddMemcpyNode(&dn, g3, &un, 1, &down, ctx));
    HIP_MEMCPY3D back = {};
    HIP_CHECK(hipDrvGraphMemcpyNodeGetParams(dn, &back));
    CHECK(back.dstHost == out.data() && back.srcDevice == (hipDeviceptr_t)buf && back.WidthInBytes == up.WidthInBytes &&
              back.Height == height && back.srcMemoryType == hipMemoryTypeDevice && back.dstMemoryType == hipMemoryTypeHost,
          "hipDrvGraphMemcpyNodeGetParams");
    hipGraphExec_t e3;
    HIP_CHECK(hipGraphInstantiate(&e3, g3, nullptr, nullptr, 0));
    HIP_CHECK(hipGraphLaunch(e3, s));
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK(out == in, "rows through the driver-form copy nodes");
    // New source through the executable graph, then through the graph itself.
    for (auto &v : in) v ^= 0xFFFFu;
    std::vector<uint32_t> in2 = in;
    up.srcHost = in2.data();
    HIP_CHECK(hipDrvGraphExecMemcpyNodeSetParams(e3, un, &up, ctx));
    HIP_CHECK(hipGraphLaunch(e3, s));
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK(out == in2, "after hipDrvGraphExecMemcpyNodeSetParams");
    HIP_CHECK(hipDrvGraphMemcpyNodeSetParams(un, &up));
    HIP_MEMCPY3D bad = up;
    bad.srcMemoryType = hipMemoryTypeArray;
    HIP_EXPECT(hipDrvGraphAddMemcpyNode(&un, g3, nullptr, 0, &bad, ctx), hipErrorNotSupported);
    HIP_EXPECT(hipDrvGraphAddMemcpyNode(&un, g3, nullptr, 0, nullptr, ctx), hipErrorInvalidValue);
    (void)hipGetLastError();
    HIP_CHECK(hipGraphExecDestroy(e3));
    HIP_CHECK(hipGraphDestroy(g3));
  }

  HIP_CHECK(hipFree(buf));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
