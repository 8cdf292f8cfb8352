// User objects as CUDA/HIP samples use them (a resource whose lifetime a graph extends): the
// destructor runs exactly once, when the last reference goes, whether that is the program's
// own (hipUserObjectRelease), a graph's (hipGraphRetainUserObject, with and without
// hipGraphUserObjectMove; hipGraphReleaseUserObject; hipGraphDestroy) or an executable graph's
// (held from instantiation until hipGraphExecDestroy and the launches before it completed);
// hipUserObjectRetain; misuse with HIP's codes.
#include "hip_test.h"

#include <atomic>

static std::atomic<int> destroyed{0};
static std::atomic<int> last_value{0};

static void destroy(void *p) {
  last_value.store(*(int *)p);
  destroyed.fetch_add(1);
}

__global__ void fill(int *p, int value) { p[threadIdx.x] = value; }

// The destructor may run on another thread a little later (hipUserObjectNoDestructorSync).
static bool wait_destroyed(int expected) {
  for (int i = 0; i < 500 && destroyed.load() < expected; ++i) hip_test::sleep_ms(2);
  return destroyed.load() == expected;
}

int main() {
  static int payload_a = 11, payload_b = 22, payload_c = 33;
  hipUserObject_t a, b, c;

  // The program's references only.
  HIP_CHECK(hipUserObjectCreate(&a, &payload_a, destroy, 2, hipUserObjectNoDestructorSync));
  HIP_CHECK(hipUserObjectRelease(a, 1));
  CHECK_EQ(destroyed.load(), 0);
  HIP_CHECK(hipUserObjectRetain(a, 2));
  HIP_CHECK(hipUserObjectRelease(a, 3));
  CHECK(wait_destroyed(1), "destructor after the last release (%d)", destroyed.load());
  CHECK_EQ(last_value.load(), 11);

  // A graph's reference outlives the program's; the graph's destruction releases it.
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipUserObjectCreate(&b, &payload_b, destroy, 1, hipUserObjectNoDestructorSync));
  HIP_CHECK(hipGraphRetainUserObject(g, b, 1, 0));
  HIP_CHECK(hipUserObjectRelease(b, 1));
  hip_test::sleep_ms(20);
  CHECK_EQ(destroyed.load(), 1);
  HIP_CHECK(hipGraphDestroy(g));
  CHECK(wait_destroyed(2), "destructor with the graph");
  CHECK_EQ(last_value.load(), 22);

  // Moved into a graph, kept by the executable graph past the graph's destruction and until
  // the executable graph is destroyed (after its launch completed).
  int *d;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipUserObjectCreate(&c, &payload_c, destroy, 1, hipUserObjectNoDestructorSync));
  HIP_CHECK(hipGraphRetainUserObject(g, c, 1, hipGraphUserObjectMove));
  int value = 9;
  void *args[] = {&d, &value};
  hipKernelNodeParams kp = {};
  kp.func = (void *)fill;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  hipGraphNode_t k;
  HIP_CHECK(hipGraphAddKernelNode(&k, g, nullptr, 0, &kp));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphDestroy(g));
  hip_test::sleep_ms(20);
  CHECK_EQ(destroyed.load(), 2);
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(wait_destroyed(3), "destructor with the executable graph");
  CHECK_EQ(last_value.load(), 33);
  int h[64];
  HIP_CHECK(hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost));
  CHECK_EQ(h[63], 9);

  // hipGraphReleaseUserObject gives a graph's references back.
  static int payload_d = 44;
  hipUserObject_t e;
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipUserObjectCreate(&e, &payload_d, destroy, 1, hipUserObjectNoDestructorSync));
  HIP_CHECK(hipGraphRetainUserObject(g, e, 3, 0));
  HIP_CHECK(hipGraphReleaseUserObject(g, e, 2));
  HIP_EXPECT(hipGraphReleaseUserObject(g, e, 2), hipErrorInvalidValue);
  HIP_CHECK(hipUserObjectRelease(e, 1));
  hip_test::sleep_ms(20);
  CHECK_EQ(destroyed.load(), 3);
  HIP_CHECK(hipGraphReleaseUserObject(g, e, 1));
  CHECK(wait_destroyed(4), "destructor after the graph released its last reference");
  CHECK_EQ(last_value.load(), 44);
  HIP_CHECK(hipGraphDestroy(g));

  // Misuse.
  hipUserObject_t bad;
  HIP_EXPECT(hipUserObjectCreate(nullptr, &payload_a, destroy, 1, hipUserObjectNoDestructorSync),
             hipErrorInvalidValue);
  HIP_EXPECT(hipUserObjectCreate(&bad, &payload_a, nullptr, 1, hipUserObjectNoDestructorSync),
             hipErrorInvalidValue);
  HIP_EXPECT(hipUserObjectCreate(&bad, &payload_a, destroy, 0, hipUserObjectNoDestructorSync),
             hipErrorInvalidValue);
  HIP_EXPECT(hipUserObjectCreate(&bad, &payload_a, destroy, 1, 0), hipErrorInvalidValue);
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipUserObjectCreate(&bad, &payload_a, destroy, 1, hipUserObjectNoDestructorSync));
  HIP_EXPECT(hipUserObjectRetain(bad, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipUserObjectRelease(bad, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphRetainUserObject(g, bad, 1, 0x10), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphRetainUserObject(g, bad, 0, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipGraphRetainUserObject(nullptr, bad, 1, 0), hipErrorInvalidValue);
  HIP_CHECK(hipUserObjectRelease(bad, 1));
  CHECK(wait_destroyed(5), "destructor of the last object");
  HIP_CHECK(hipGraphDestroy(g));
  CHECK_EQ(destroyed.load(), 5);

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  printf("PASS\n");
  return 0;
}
