// hipStreamAddCallback and hipLaunchHostFunc: run in stream order (after the preceding kernel,
// before the following one), on a thread other than the caller, with status hipSuccess and the
// user data; hipStreamSynchronize waits for them.
#include "hip_test.h"

__global__ void write_v(int *p, int v) { *p = v; }

struct Log {
  std::atomic<int> n{0};
  int order[64];
  int seen_value[64];
  std::thread::id tid[64];
  hipError_t status[64];
  int *data;
};
struct Ctx {
  Log *log;
  int id;
};

static void record(Ctx *c, hipError_t st) {
  int k = c->log->n.fetch_add(1);
  c->log->order[k] = c->id;
  c->log->seen_value[k] = hip_test::host_load(c->log->data);
  c->log->tid[k] = std::this_thread::get_id();
  c->log->status[k] = st;
}
static void cb(hipStream_t, hipError_t status, void *user) { record((Ctx *)user, status); }
static void host_fn(void *user) { record((Ctx *)user, hipSuccess); }

int main() {
  hip_test::watchdog(30, "stream_callbacks");
  Log log;
  HIP_CHECK(hipHostMalloc((void **)&log.data, sizeof(int), 0));
  *log.data = 0;
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  Ctx ctx[20];
  for (int i = 0; i < 20; ++i) ctx[i] = {&log, i};
  for (int i = 0; i < 20; ++i) {
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, s, log.data, 100 + i);
    if (i % 2) HIP_CHECK(hipStreamAddCallback(s, cb, &ctx[i], 0));
    else HIP_CHECK(hipLaunchHostFunc(s, host_fn, &ctx[i]));
  }
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(log.n.load(), 20);
  const std::thread::id me = std::this_thread::get_id();
  for (int k = 0; k < 20; ++k) {
    CHECK(log.order[k] == k, "callback %d ran in position %d", log.order[k], k);
    CHECK(log.seen_value[k] == 100 + k, "callback %d saw %d: not ordered after its kernel (or before the next)", k,
          log.seen_value[k]);
    CHECK(log.tid[k] != me, "callback %d ran on the calling thread", k);
    CHECK_EQ(log.status[k], hipSuccess);
  }
  // Callbacks on the null stream.
  log.n = 0;
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, 0, log.data, 555);
  HIP_CHECK(hipStreamAddCallback(nullptr, cb, &ctx[0], 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(log.n.load(), 1);
  CHECK_EQ(log.seen_value[0], 555);
  HIP_EXPECT(hipStreamAddCallback(s, nullptr, nullptr, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamAddCallback(s, cb, &ctx[0], 1), hipErrorInvalidValue); // flags must be 0
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(log.data));
  return hip_test::pass();
}
