// Explicit graph construction: memset, kernel, memcpy (1-D and 3-D), host, empty and child-graph
// nodes with dependencies; queries (hipGraphGetNodes/RootNodes/Edges, node dependencies and
// types); launch order across repeated launches; hipGraphKernelNodeGetParams/SetParams and
// hipGraphExecKernelNodeSetParams (the executable graph keeps its own copy); hipGraphClone and
// hipGraphNodeFindInClone; hipGraphExecUpdate; cycles, bad handles and bad parameters rejected.
// hipKernelNodeParams is filled positionally (HIP's member order: blockDim, extra, func, gridDim,
// kernelParams, sharedMemBytes); graph_capture uses the member names.
#include "hip_test.h"

static hipKernelNodeParams kernel_params(void *func, dim3 grid, dim3 block, void **args) {
  return hipKernelNodeParams{block, nullptr, func, grid, args, 0};
}

__global__ void scale_add(int *p, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * mul + add;
}

static std::atomic<int> host_calls{0};
static int host_seen = -1;
static int *host_watch = nullptr;

static void host_fn(void *user) {
  host_calls.fetch_add(1);
  host_seen = host_watch[*(int *)user];
}

int main() {
  const int n = 1024;
  int *d, *h;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void **)&h, n * sizeof(int), 0));
  host_watch = h;
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));

  hipGraph_t g;
  HIP_EXPECT(hipGraphCreate(&g, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphCreate(nullptr, 0), hipErrorInvalidValue);
  HIP_CHECK(hipGraphCreate(&g, 0));

  // memset(d, 2) -> kernel A (d = d*3 + 1) -> {kernel B (d = d*1 + 10), empty} -> copy d->h -> host
  hipMemsetParams ms = {};
  ms.dst = d;
  ms.elementSize = 4;
  ms.width = n;
  ms.height = 1;
  ms.pitch = 0;
  ms.value = 2;
  hipGraphNode_t nset, na, nb, nempty, ncopy, nhost;
  HIP_CHECK(hipGraphAddMemsetNode(&nset, g, nullptr, 0, &ms));
  int nn = n, mul = 3, add = 1;
  void *args_a[] = {&d, &nn, &mul, &add};
  hipKernelNodeParams kp = kernel_params((void *)scale_add, dim3(n / 256), dim3(256), args_a);
  HIP_CHECK(hipGraphAddKernelNode(&na, g, &nset, 1, &kp));
  // The arguments were copied: changing them now does not change the node.
  mul = 1000;
  int mul_b = 1, add_b = 10;
  void *args_b[] = {&d, &nn, &mul_b, &add_b};
  kp.kernelParams = args_b;
  HIP_CHECK(hipGraphAddKernelNode(&nb, g, &na, 1, &kp));
  HIP_CHECK(hipGraphAddEmptyNode(&nempty, g, &na, 1));
  hipGraphNode_t before_copy[] = {nb, nempty};
  HIP_CHECK(hipGraphAddMemcpyNode1D(&ncopy, g, before_copy, 2, h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  int probe = 7;
  hipHostNodeParams hp = {host_fn, &probe};
  HIP_CHECK(hipGraphAddHostNode(&nhost, g, &ncopy, 1, &hp));

  // Queries.
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, (size_t)6);
  hipGraphNode_t nodes[8];
  count = 8;
  HIP_CHECK(hipGraphGetNodes(g, nodes, &count));
  CHECK_EQ(count, (size_t)6);
  CHECK(nodes[6] == nullptr && nodes[7] == nullptr, "entries past the end must be NULL");
  count = 8;
  HIP_CHECK(hipGraphGetRootNodes(g, nodes, &count));
  CHECK_EQ(count, (size_t)1);
  CHECK(nodes[0] == nset, "the memset node is the only root");
  HIP_CHECK(hipGraphGetEdges(g, nullptr, nullptr, &count));
  CHECK_EQ(count, (size_t)6);
  HIP_CHECK(hipGraphNodeGetDependencies(ncopy, nullptr, &count));
  CHECK_EQ(count, (size_t)2);
  HIP_CHECK(hipGraphNodeGetDependentNodes(na, nullptr, &count));
  CHECK_EQ(count, (size_t)2);
  hipGraphNodeType type;
  HIP_CHECK(hipGraphNodeGetType(na, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeKernel);
  HIP_CHECK(hipGraphNodeGetType(nset, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeMemset);
  HIP_CHECK(hipGraphNodeGetType(ncopy, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeMemcpy);
  HIP_CHECK(hipGraphNodeGetType(nhost, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeHost);
  HIP_CHECK(hipGraphNodeGetType(nempty, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeEmpty);
  hipKernelNodeParams got = {};
  HIP_CHECK(hipGraphKernelNodeGetParams(na, &got));
  CHECK(got.func == (void *)scale_add, "kernel node func");
  CHECK_EQ(got.sharedMemBytes, 0u);
  CHECK(got.kernelParams != nullptr, "kernel node arguments");
  CHECK_EQ(*(int *)got.kernelParams[2], 3);  // the value at the time the node was added
  CHECK_EQ(*(int *)got.kernelParams[3], 1);

  // A cycle, a duplicate edge and foreign nodes are rejected.
  HIP_EXPECT(hipGraphAddDependencies(g, &nhost, &nset, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphAddDependencies(g, &nset, &na, 1), hipErrorInvalidValue);
  hipGraph_t other;
  HIP_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t foreign;
  HIP_EXPECT(hipGraphAddEmptyNode(&foreign, other, &na, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphAddEmptyNode(&foreign, other, nullptr, 1), hipErrorInvalidValue);

  // Bad parameters.
  hipMemsetParams bad = ms;
  bad.elementSize = 3;
  hipGraphNode_t x;
  HIP_EXPECT(hipGraphAddMemsetNode(&x, g, nullptr, 0, &bad), hipErrorInvalidValue);
  hipKernelNodeParams badk = kernel_params((void *)scale_add, dim3(1), dim3(2048), args_b);
  HIP_EXPECT(hipGraphAddKernelNode(&x, g, nullptr, 0, &badk), hipErrorInvalidConfiguration);
  badk = kp;
  badk.func = (void *)&host_fn;
  HIP_EXPECT(hipGraphAddKernelNode(&x, g, nullptr, 0, &badk), hipErrorInvalidDeviceFunction);
  HIP_EXPECT(hipGraphAddMemcpyNode1D(&x, g, nullptr, 0, h, d, 4, (hipMemcpyKind)77),
             hipErrorInvalidMemcpyDirection);
  hipHostNodeParams badh = {nullptr, nullptr};
  HIP_EXPECT(hipGraphAddHostNode(&x, g, nullptr, 0, &badh), hipErrorInvalidValue);
  count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, (size_t)6);

  // Launch three times: each launch runs the whole graph in dependency order.
  hipGraphExec_t ge;
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  for (int r = 1; r <= 3; ++r) {
    HIP_CHECK(hipGraphLaunch(ge, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      if (h[i] != 2 * 3 + 1 + 10) FAIL_AT("launch %d element %d: %d", r, i, h[i]);
    CHECK_EQ(host_calls.load(), r);
    CHECK_EQ(host_seen, 17);  // the host node ran after the copy
  }

  // hipGraphExecKernelNodeSetParams changes the executable graph only.
  int mul2 = 5, add2 = 0;
  void *args_a2[] = {&d, &nn, &mul2, &add2};
  kp.kernelParams = args_a2;
  HIP_CHECK(hipGraphExecKernelNodeSetParams(ge, na, &kp));
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(h[0], 2 * 5 + 0 + 10);
  HIP_CHECK(hipGraphKernelNodeGetParams(na, &got));
  CHECK_EQ(*(int *)got.kernelParams[2], 3);
  // A node of another type is rejected.
  HIP_EXPECT(hipGraphExecKernelNodeSetParams(ge, nset, &kp), hipErrorInvalidValue);

  // hipGraphKernelNodeSetParams changes the graph, not the executable graph; a new
  // instantiation or hipGraphExecUpdate picks it up.
  int mul3 = 4, add3 = 4;
  void *args_a3[] = {&d, &nn, &mul3, &add3};
  kp.kernelParams = args_a3;
  HIP_CHECK(hipGraphKernelNodeSetParams(na, &kp));
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(h[5], 2 * 5 + 0 + 10);
  hipGraphExecUpdateResult ur;
  hipGraphNode_t err_node;
  HIP_CHECK(hipGraphExecUpdate(ge, g, &err_node, &ur));
  CHECK_EQ((int)ur, (int)hipGraphExecUpdateSuccess);
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(h[5], 2 * 4 + 4 + 10);
  HIP_EXPECT(hipGraphExecUpdate(ge, other, &err_node, &ur), hipErrorGraphExecUpdateFailure);
  CHECK_EQ((int)ur, (int)hipGraphExecUpdateErrorTopologyChanged);

  // Clone: same nodes, new handles; the clone runs on its own.
  hipGraph_t c;
  HIP_CHECK(hipGraphClone(&c, g));
  hipGraphNode_t cna;
  HIP_CHECK(hipGraphNodeFindInClone(&cna, na, c));
  CHECK(cna != na, "a clone has its own nodes");
  HIP_CHECK(hipGraphNodeGetType(cna, &type));
  CHECK_EQ((int)type, (int)hipGraphNodeTypeKernel);

  // A child graph node (the clone) inside a new graph, followed by a 3-D copy node.
  hipGraph_t parent;
  HIP_CHECK(hipGraphCreate(&parent, 0));
  hipGraphNode_t nchild, n3d;
  HIP_CHECK(hipGraphAddChildGraphNode(&nchild, parent, nullptr, 0, c));
  int *box;
  HIP_CHECK(hipHostMalloc((void **)&box, 4 * 4 * sizeof(int), 0));
  std::memset(box, 0, 4 * 4 * sizeof(int));
  hipMemcpy3DParms p3 = {};
  p3.srcPtr = make_hipPitchedPtr(d, 8 * sizeof(int), 8, 2);
  p3.srcPos = make_hipPos(2 * sizeof(int), 0, 0);
  p3.dstPtr = make_hipPitchedPtr(box, 4 * sizeof(int), 4, 2);
  p3.extent = make_hipExtent(2 * sizeof(int), 2, 2);
  p3.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipGraphAddMemcpyNode(&n3d, parent, &nchild, 1, &p3));
  hipMemcpy3DParms back = {};
  HIP_CHECK(hipGraphMemcpyNodeGetParams(n3d, &back));
  CHECK(back.dstPtr.ptr == box && back.extent.depth == 2, "memcpy node parameters read back");
  hipGraphExec_t gp;
  HIP_CHECK(hipGraphInstantiateWithFlags(&gp, parent, 0));
  HIP_CHECK(hipGraphLaunch(gp, s));
  HIP_CHECK(hipStreamSynchronize(s));
  // The clone has na with (4, 4); every element is (2 * 4 + 4) + 10 = 22.
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int xx = 0; xx < 4; ++xx) {
        int want = xx < 2 ? 22 : 0;
        CHECK_EQ(box[z * 8 + y * 4 + xx], want);
      }

  // Destroyed objects are invalid handles.
  HIP_CHECK(hipGraphExecDestroy(gp));
  HIP_EXPECT(hipGraphLaunch(gp, s), hipErrorInvalidValue);
  HIP_CHECK(hipGraphDestroyNode(nempty));
  HIP_EXPECT(hipGraphNodeGetType(nempty, &type), hipErrorInvalidValue);
  HIP_CHECK(hipGraphDestroy(parent));
  HIP_CHECK(hipGraphDestroy(c));
  HIP_CHECK(hipGraphDestroy(other));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_EXPECT(hipGraphDestroy(g), hipErrorInvalidValue);
  // The executable graph outlives its graph.
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(h[0], 22);
  HIP_CHECK(hipGraphExecDestroy(ge));
  (void)hipGetLastError();

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipHostFree(h));
  HIP_CHECK(hipHostFree(box));
  return hip_test::pass();
}
