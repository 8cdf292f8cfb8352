// TIMEOUT: 180
// Soak test: several host threads, each with two streams, keep the runtime busy for
// FERROCM_SOAK_SECS seconds (default 5; minutes on request) with kernel launches (some with
// barriers), memsets, async copies in every direction, stream-ordered allocations, events
// between streams, graph launches, stream capture, the null stream with synchronous copies,
// streams and events made and destroyed under load, and host callbacks, and check every
// result. Each unit of work ends in a check on the host (a stream callback, a graph's host
// node, or the thread itself after synchronous calls): units submitted, completed and
// verified must all be equal at the end, with no mismatch (0 lost results). Prints the counts
// and operations per second. FERROCM_SOAK_THREADS sets the number of host threads (default
// 4); thread t uses device t % hipGetDeviceCount (FERROCM_CPU_DEVICES=N on the CPU platform).
//   Minutes: FERROCM_SOAK_SECS=300 ./soak   (built with hipcc -O2 -I tests/hip tests/hip/soak.hip)
#include "hip_test.h"

#include <mutex>

__global__ void fill(int *p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

__global__ void add(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

// One work-group sums `n` elements with a barrier-based reduction (work-items on fibers).
__global__ void block_sum(const int *p, int n, long long *out) {
  __shared__ long long part[256];
  long long s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += p[i];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = part[0];
}

__global__ void increment(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

struct Counts {
  std::atomic<long long> submitted{0}, completed{0}, verified{0}, mismatches{0}, ops{0};
};
static Counts g;
static std::mutex g_report;

// Reports the first few mismatches (from host functions: no HIP calls there).
static void mismatch(const char *what, long long unit, int i, long long got, long long want) {
  g.mismatches.fetch_add(1);
  std::lock_guard<std::mutex> lock(g_report);
  if (g.mismatches.load() <= 5)
    std::printf("mismatch: %s unit %lld element %d: got %lld, expected %lld\n", what, unit, i, got, want);
}

static const int N = 4096;

// A buffer set reused by one unit of work at a time.
struct Slot {
  int *dev = nullptr;       // device memory
  int *host = nullptr;      // pinned: results copied back
  int *src = nullptr;       // pinned: input pattern
  long long *sum = nullptr; // pinned: block_sum result
  long long *dsum = nullptr;
  hipEvent_t ev = nullptr;
  hipGraphExec_t captured = nullptr; // the graph of the last captured unit (destroyed on reuse)
  int busy = 0; // read and written with __atomic builtins (host thread and host functions)
  // What the unit in flight must find.
  int kind = 0, base = 0;
  long long unit = 0;
};

// Runs in stream order after the unit's last copy: checks the host copy and frees the slot.
static void verify_slot(void *p) {
  Slot *s = static_cast<Slot *>(p);
  bool ok = true;
  for (int i = 0; i < N && ok; ++i) {
    int want = 0;
    switch (s->kind) {
    case 0: want = s->base + i; break;              // memset, fill, D2H
    case 1: want = s->src[i] + 3; break;            // H2D, add, D2H
    case 2: want = s->base + i + 1; break;          // fill on A, event, add on B, D2H on B
    case 3: want = s->base + i; break;              // mallocAsync, fill, D2D, freeAsync, D2H
    case 5: want = s->base + i + 2; break;          // captured: memset, fill, add 2, D2H
    default: want = -1;
    }
    if (s->host[i] != want) {
      mismatch("slot", s->unit, i, s->host[i], want);
      ok = false;
    }
  }
  if (ok && s->kind == 0) {
    long long want = (long long)s->base * N + (long long)N * (N - 1) / 2;
    if (*s->sum != want) {
      mismatch("block_sum", s->unit, 0, *s->sum, want);
      ok = false;
    }
  }
  g.completed.fetch_add(1);
  if (ok) g.verified.fetch_add(1);
  __atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
}

static void stream_callback(hipStream_t, hipError_t status, void *p) {
  if (status != hipSuccess) mismatch("callback status", static_cast<Slot *>(p)->unit, 0, status, 0);
  verify_slot(p);
}

// The graph of one thread: increment a counter array, copy it back, check it on the host.
struct GraphState {
  int *dev = nullptr, *host = nullptr;
  long long launches = 0; // launches whose host node ran
  std::atomic<int> in_flight{0};
};
static void graph_host_node(void *p) {
  GraphState *gs = static_cast<GraphState *>(p);
  long long want = ++gs->launches;
  bool ok = true;
  for (int i = 0; i < N && ok; ++i)
    if (gs->host[i] != want) {
      mismatch("graph", want, i, gs->host[i], want);
      ok = false;
    }
  g.completed.fetch_add(1);
  if (ok) g.verified.fetch_add(1);
  gs->in_flight.fetch_sub(1, std::memory_order_release);
}

static void worker(int t, double end) {
  int devices = 0;
  HIP_CHECK(hipGetDeviceCount(&devices));
  HIP_CHECK(hipSetDevice(t % devices));
  hipStream_t a, b;
  HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreate(&b));
  const int nslots = 4;
  Slot slots[nslots];
  for (Slot &s : slots) {
    HIP_CHECK(hipMalloc(&s.dev, N * sizeof(int)));
    HIP_CHECK(hipHostMalloc((void **)&s.host, N * sizeof(int), 0));
    HIP_CHECK(hipHostMalloc((void **)&s.src, N * sizeof(int), 0));
    HIP_CHECK(hipHostMalloc((void **)&s.sum, sizeof(long long), 0));
    HIP_CHECK(hipMalloc(&s.dsum, sizeof(long long)));
    HIP_CHECK(hipEventCreateWithFlags(&s.ev, hipEventDisableTiming));
  }
  // The graph: increment -> copy back -> host check.
  GraphState gs;
  HIP_CHECK(hipMalloc(&gs.dev, N * sizeof(int)));
  HIP_CHECK(hipMemset(gs.dev, 0, N * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void **)&gs.host, N * sizeof(int), 0));
  hipGraph_t graph;
  HIP_CHECK(hipGraphCreate(&graph, 0));
  int n = N;
  void *kargs[] = {&gs.dev, &n};
  hipKernelNodeParams kp{};
  kp.func = (void *)increment;
  kp.gridDim = dim3(N / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = kargs;
  hipGraphNode_t kn, cn, hn;
  HIP_CHECK(hipGraphAddKernelNode(&kn, graph, nullptr, 0, &kp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cn, graph, &kn, 1, gs.host, gs.dev, N * sizeof(int), hipMemcpyDeviceToHost));
  hipHostNodeParams hp{graph_host_node, &gs};
  HIP_CHECK(hipGraphAddHostNode(&hn, graph, &cn, 1, &hp));
  hipGraphExec_t exec;
  HIP_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));

  long long k = 0;
  while (hip_test::now_s() < end) {
    Slot &s = slots[k % nslots];
    // Wait until the slot's previous unit was verified (host functions free it).
    while (__atomic_load_n(&s.busy, __ATOMIC_ACQUIRE)) std::this_thread::yield();
    const int kind = (int)(k % 7);
    const int base = (int)((t * 1000003LL + k * 7919LL) % 100000);
    const dim3 grid(N / 256), block(256);
    if (kind == 4) {
      // A graph launch, at most two in flight.
      while (gs.in_flight.load(std::memory_order_acquire) >= 2) std::this_thread::yield();
      gs.in_flight.fetch_add(1);
      g.submitted.fetch_add(1);
      HIP_CHECK(hipGraphLaunch(exec, k % 2 ? a : b));
      g.ops.fetch_add(1);
      // Different streams: the next launch must follow this one (the counter is shared).
      HIP_CHECK(hipStreamSynchronize(k % 2 ? a : b));
      ++k;
      continue;
    }
    if (kind == 6) {
      // Synchronous calls and the null stream, checked right here.
      g.submitted.fetch_add(1);
      for (int i = 0; i < N; ++i) s.src[i] = base - i;
      HIP_CHECK(hipMemcpy(s.dev, s.src, N * sizeof(int), hipMemcpyHostToDevice));
      hipLaunchKernelGGL(add, grid, block, 0, 0, s.dev, N, 5);
      HIP_CHECK(hipMemcpy(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost));
      HIP_CHECK(hipMemset(s.dev, 0, sizeof(int)));
      int first = -1;
      HIP_CHECK(hipMemcpy(&first, s.dev, sizeof first, hipMemcpyDeviceToHost));
      bool ok = first == 0;
      if (!ok) mismatch("hipMemset", k, 0, first, 0);
      for (int i = 0; i < N && ok; ++i)
        if (s.host[i] != base - i + 5) {
          mismatch("null stream", k, i, s.host[i], base - i + 5);
          ok = false;
        }
      g.completed.fetch_add(1);
      if (ok) g.verified.fetch_add(1);
      g.ops.fetch_add(6);
      ++k;
      continue;
    }
    if (s.captured != nullptr) {
      HIP_CHECK(hipGraphExecDestroy(s.captured));
      s.captured = nullptr;
    }
    s.kind = kind;
    s.base = base;
    s.unit = t * 1000000000LL + k;
    __atomic_store_n(&s.busy, 1, __ATOMIC_RELEASE);
    g.submitted.fetch_add(1);
    switch (kind) {
    case 0:
      HIP_CHECK(hipMemsetAsync(s.dev, 0xff, N * sizeof(int), a));
      hipLaunchKernelGGL(fill, grid, block, 0, a, s.dev, N, base);
      hipLaunchKernelGGL(block_sum, dim3(1), dim3(256), 0, a, s.dev, N, s.dsum);
      HIP_CHECK(hipMemcpyAsync(s.sum, s.dsum, sizeof(long long), hipMemcpyDeviceToHost, a));
      HIP_CHECK(hipMemcpyAsync(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost, a));
      HIP_CHECK(hipLaunchHostFunc(a, verify_slot, &s));
      g.ops.fetch_add(6);
      break;
    case 1:
      for (int i = 0; i < N; ++i) s.src[i] = base ^ i;
      HIP_CHECK(hipMemcpyAsync(s.dev, s.src, N * sizeof(int), hipMemcpyHostToDevice, b));
      hipLaunchKernelGGL(add, grid, block, 0, b, s.dev, N, 3);
      HIP_CHECK(hipMemcpyAsync(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost, b));
      HIP_CHECK(hipStreamAddCallback(b, stream_callback, &s, 0));
      g.ops.fetch_add(4);
      break;
    case 2:
      hipLaunchKernelGGL(fill, grid, block, 0, a, s.dev, N, base);
      HIP_CHECK(hipEventRecord(s.ev, a));
      HIP_CHECK(hipStreamWaitEvent(b, s.ev, 0));
      hipLaunchKernelGGL(add, grid, block, 0, b, s.dev, N, 1);
      HIP_CHECK(hipMemcpyAsync(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost, b));
      HIP_CHECK(hipLaunchHostFunc(b, verify_slot, &s));
      g.ops.fetch_add(6);
      break;
    case 3: {
      int *tmp = nullptr;
      HIP_CHECK(hipMallocAsync((void **)&tmp, N * sizeof(int), a));
      hipLaunchKernelGGL(fill, grid, block, 0, a, tmp, N, base);
      HIP_CHECK(hipMemcpyAsync(s.dev, tmp, N * sizeof(int), hipMemcpyDeviceToDevice, a));
      HIP_CHECK(hipFreeAsync(tmp, a));
      HIP_CHECK(hipMemcpyAsync(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost, a));
      HIP_CHECK(hipLaunchHostFunc(a, verify_slot, &s));
      g.ops.fetch_add(6);
      break;
    }
    case 5: {
      // Captured into a graph (the host function becomes a host node), then launched.
      hipGraph_t cg;
      HIP_CHECK(hipStreamBeginCapture(a, hipStreamCaptureModeThreadLocal));
      HIP_CHECK(hipMemsetAsync(s.dev, 0, N * sizeof(int), a));
      hipLaunchKernelGGL(fill, grid, block, 0, a, s.dev, N, base);
      hipLaunchKernelGGL(add, grid, block, 0, a, s.dev, N, 2);
      HIP_CHECK(hipMemcpyAsync(s.host, s.dev, N * sizeof(int), hipMemcpyDeviceToHost, a));
      HIP_CHECK(hipLaunchHostFunc(a, verify_slot, &s));
      HIP_CHECK(hipStreamEndCapture(a, &cg));
      HIP_CHECK(hipGraphInstantiate(&s.captured, cg, nullptr, nullptr, 0));
      HIP_CHECK(hipGraphDestroy(cg));
      HIP_CHECK(hipGraphLaunch(s.captured, a));
      g.ops.fetch_add(9);
      break;
    }
    }
    HIP_CHECK(hipGetLastError());
    // Now and then: a stream and an event made, used and destroyed under load.
    if (k % 16 == 7) {
      g.submitted.fetch_add(1);
      hipStream_t tmp_stream;
      hipEvent_t tmp_event;
      HIP_CHECK(hipStreamCreateWithFlags(&tmp_stream, k % 32 == 7 ? hipStreamNonBlocking : hipStreamDefault));
      HIP_CHECK(hipEventCreate(&tmp_event));
      int *small = nullptr;
      HIP_CHECK(hipMallocAsync((void **)&small, 256 * sizeof(int), tmp_stream));
      hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, tmp_stream, small, 256, base);
      HIP_CHECK(hipEventRecord(tmp_event, tmp_stream));
      HIP_CHECK(hipEventSynchronize(tmp_event));
      int back[256];
      HIP_CHECK(hipMemcpy(back, small, sizeof back, hipMemcpyDeviceToHost));
      HIP_CHECK(hipFreeAsync(small, tmp_stream));
      HIP_CHECK(hipEventDestroy(tmp_event));
      HIP_CHECK(hipStreamDestroy(tmp_stream));
      bool ok = true;
      for (int i = 0; i < 256 && ok; ++i)
        if (back[i] != base + i) {
          mismatch("stream churn", k, i, back[i], base + i);
          ok = false;
        }
      g.completed.fetch_add(1);
      if (ok) g.verified.fetch_add(1);
      g.ops.fetch_add(10);
    }
    // Now and then: the other synchronisation calls.
    if (k % 64 == 63) {
      HIP_CHECK(hipEventRecord(s.ev, a));
      HIP_CHECK(hipEventSynchronize(s.ev));
      hipError_t q = hipStreamQuery(b);
      CHECK(q == hipSuccess || q == hipErrorNotReady, "hipStreamQuery: %s", hipGetErrorName(q));
      g.ops.fetch_add(3);
    }
    ++k;
  }
  HIP_CHECK(hipStreamSynchronize(a));
  HIP_CHECK(hipStreamSynchronize(b));
  for (Slot &s : slots) {
    CHECK(__atomic_load_n(&s.busy, __ATOMIC_ACQUIRE) == 0, "thread %d: a unit was never verified", t);
    if (s.captured != nullptr) HIP_CHECK(hipGraphExecDestroy(s.captured));
    HIP_CHECK(hipFree(s.dev));
    HIP_CHECK(hipFree(s.dsum));
    HIP_CHECK(hipHostFree(s.host));
    HIP_CHECK(hipHostFree(s.src));
    HIP_CHECK(hipHostFree(s.sum));
    HIP_CHECK(hipEventDestroy(s.ev));
  }
  CHECK(gs.in_flight.load() == 0, "thread %d: a graph launch never ran its host node", t);
  HIP_CHECK(hipGraphExecDestroy(exec));
  HIP_CHECK(hipGraphDestroy(graph));
  HIP_CHECK(hipFree(gs.dev));
  HIP_CHECK(hipHostFree(gs.host));
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
}

static double env_number(const char *name, double fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::atof(v) : fallback;
}

int main() {
  const double secs = env_number("FERROCM_SOAK_SECS", 5);
  const int threads = (int)env_number("FERROCM_SOAK_THREADS", 4);
  CHECK(secs > 0 && threads > 0, "FERROCM_SOAK_SECS=%g FERROCM_SOAK_THREADS=%d", secs, threads);
  hip_test::watchdog(secs * 3 + 60, "soak");
  HIP_CHECK(hipSetDevice(0));
  HIP_CHECK(hipFree(nullptr)); // initialise the runtime before the clock starts
  const double start = hip_test::now_s();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t, start + secs);
  for (auto &th : pool) th.join();
  HIP_CHECK(hipDeviceSynchronize());
  const double elapsed = hip_test::now_s() - start;
  const long long sub = g.submitted.load(), done = g.completed.load(), ok = g.verified.load();
  std::printf("soak: %.1f s, %d host threads, %lld operations (%.0f ops/s), units: %lld submitted, "
              "%lld completed, %lld verified, %lld mismatches, %lld lost\n",
              elapsed, threads, g.ops.load(), g.ops.load() / elapsed, sub, done, ok, g.mismatches.load(),
              sub - done);
  CHECK(sub > 0, "no work was submitted");
  CHECK_EQ(g.mismatches.load(), 0LL);
  CHECK_EQ(done, sub);
  CHECK_EQ(ok, sub);
  return hip_test::pass();
}
