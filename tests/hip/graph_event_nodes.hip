// Event record and event wait nodes as CUDA/HIP samples use them: a graph that records an
// event after its kernel and copy (hipEventSynchronize on it sees the results of each launch,
// three launches with new kernel arguments through hipGraphExecKernelNodeSetParams), two
// event record nodes timing a kernel (hipEventElapsedTime), an event wait node that holds a
// graph launched on one stream until work on another stream (a spinning kernel) records the
// event, hipGraphEventRecordNodeGet/SetEvent, hipGraphEventWaitNodeGet/SetEvent,
// hipGraphExecEventRecordNodeSetEvent / hipGraphExecEventWaitNodeSetEvent, node types, the same
// nodes through hipGraphAddNode, and misuse (null or destroyed events, wrong node types).
#include "hip_test.h"

__global__ void fill(int *p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value + i;
}

int main() {
  const int n = 4096;
  int *d, *h;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void **)&h, n * sizeof(int), 0));
  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  hipEvent_t done, start, stop, other;
  HIP_CHECK(hipEventCreate(&done));
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventCreate(&other));

  // kernel -> copy -> record(done)
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  int nn = n, value = 100;
  void *args[] = {&d, &nn, &value};
  hipKernelNodeParams kp = {};
  kp.func = (void *)fill;
  kp.gridDim = dim3(n / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  hipGraphNode_t kn, cn, rn;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, nullptr, 0, &kp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cn, g, &kn, 1, h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipGraphAddEventRecordNode(&rn, g, &cn, 1, done));
  hipGraphNodeType type;
  HIP_CHECK(hipGraphNodeGetType(rn, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeEventRecord);
  hipEvent_t got = nullptr;
  HIP_CHECK(hipGraphEventRecordNodeGetEvent(rn, &got));
  CHECK(got == done, "the record node's event");
  HIP_EXPECT(hipGraphEventWaitNodeGetEvent(rn, &got), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphEventRecordNodeGetEvent(kn, &got), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphEventRecordNodeGetEvent(rn, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphAddEventRecordNode(&rn, g, &cn, 1, nullptr), hipErrorInvalidValue);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int launch = 0; launch < 3; ++launch) {
    value = 1000 * (launch + 1);
    HIP_CHECK(hipGraphExecKernelNodeSetParams(x, kn, &kp));
    memset(h, 0, n * sizeof(int));
    HIP_CHECK(hipGraphLaunch(x, s1));
    // The event, recorded by the graph after its copy, tells when the copy is done.
    HIP_CHECK(hipEventSynchronize(done));
    for (int i = 0; i < n; i += 97) CHECK_EQ(h[i], value + i);
    CHECK_EQ(h[n - 1], value + n - 1);
  }
  HIP_CHECK(hipStreamSynchronize(s1));

  // The executable graph's record node can name another event; the graph's node keeps its own.
  HIP_CHECK(hipGraphExecEventRecordNodeSetEvent(x, rn, other));
  HIP_CHECK(hipGraphEventRecordNodeGetEvent(rn, &got));
  CHECK(got == done, "the graph's node is unchanged");
  HIP_CHECK(hipEventRecord(done, s2));
  HIP_CHECK(hipEventSynchronize(done));
  HIP_CHECK(hipGraphLaunch(x, s1));
  HIP_CHECK(hipEventSynchronize(other));
  HIP_CHECK(hipEventQuery(other));
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_CHECK(hipGraphEventRecordNodeSetEvent(rn, stop));
  HIP_CHECK(hipGraphEventRecordNodeGetEvent(rn, &got));
  CHECK(got == stop, "hipGraphEventRecordNodeSetEvent");
  HIP_EXPECT(hipGraphEventRecordNodeSetEvent(rn, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphExecEventRecordNodeSetEvent(x, kn, other), hipErrorInvalidValue);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // Timing with two record nodes around a kernel.
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t t0, t1;
  HIP_CHECK(hipGraphAddEventRecordNode(&t0, g, nullptr, 0, start));
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &t0, 1, &kp));
  HIP_CHECK(hipGraphAddEventRecordNode(&t1, g, &kn, 1, stop));
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  float ms = -1;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms >= 0.0f && ms < 10000.0f, "elapsed time %f ms", ms);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // A wait node: the graph on s1 waits for `other`, recorded on s2 after a spinning kernel.
  int *flag, *spin_done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&spin_done, sizeof(int), 0));
  hip_test::host_store(flag, 0);
  *spin_done = 0;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t wn;
  HIP_CHECK(hipGraphAddEventWaitNode(&wn, g, nullptr, 0, done));
  HIP_CHECK(hipGraphNodeGetType(wn, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeWaitEvent);
  HIP_CHECK(hipGraphEventWaitNodeSetEvent(wn, other));
  HIP_CHECK(hipGraphEventWaitNodeGetEvent(wn, &got));
  CHECK(got == other, "hipGraphEventWaitNodeSetEvent");
  value = 7;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &wn, 1, &kp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cn, g, &kn, 1, h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  memset(h, 0, n * sizeof(int));
  (void)hipGetLastError();  // the misuse checks above left an error behind
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s2, flag, spin_done, 5);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventRecord(other, s2));
  HIP_CHECK(hipGraphLaunch(x, s1));
  hip_test::sleep_ms(100);
  CHECK(hipStreamQuery(s1) == hipErrorNotReady, "the graph must wait for the event");
  CHECK_EQ(h[5], 0);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(s1));
  CHECK_EQ(*spin_done, 5);
  CHECK_EQ(h[5], 7 + 5);
  // The executable graph's wait node can wait for another event (never recorded: no wait).
  hipEvent_t fresh;
  HIP_CHECK(hipEventCreate(&fresh));
  HIP_CHECK(hipGraphExecEventWaitNodeSetEvent(x, wn, fresh));
  HIP_CHECK(hipGraphLaunch(x, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_EXPECT(hipGraphExecEventWaitNodeSetEvent(x, kn, fresh), hipErrorInvalidValue);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // The same nodes through hipGraphAddNode.
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNodeParams np = {};
  np.type = hipGraphNodeTypeEventRecord;
  np.eventRecord.event = start;
  hipGraphNode_t gn, gw;
  HIP_CHECK(hipGraphAddNode(&gn, g, nullptr, 0, &np));
  np = {};
  np.type = hipGraphNodeTypeWaitEvent;
  np.eventWait.event = start;
  HIP_CHECK(hipGraphAddNode(&gw, g, &gn, 1, &np));
  HIP_CHECK(hipGraphEventWaitNodeGetEvent(gw, &got));
  CHECK(got == start, "hipGraphAddNode wait node");
  np.eventWait.event = stop;
  HIP_CHECK(hipGraphNodeSetParams(gw, &np));
  HIP_CHECK(hipGraphEventWaitNodeGetEvent(gw, &got));
  CHECK(got == stop, "hipGraphNodeSetParams");
  np.type = hipGraphNodeTypeEventRecord;
  HIP_EXPECT(hipGraphNodeSetParams(gw, &np), hipErrorInvalidValue);
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  HIP_CHECK(hipEventDestroy(fresh));
  HIP_CHECK(hipEventDestroy(done));
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipEventDestroy(other));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipHostFree(h));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(spin_done));
  printf("PASS\n");
  return 0;
}
