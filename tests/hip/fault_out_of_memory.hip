// TIMEOUT: 120
// Out of memory is an error, never a crash: every allocation API returns hipErrorOutOfMemory
// (HIP's documented code for an allocation that cannot be satisfied) for sizes the system
// cannot give, first without any limit (sizes beyond the host's memory), then under an
// address-space limit (setrlimit(RLIMIT_AS), what `ulimit -v` does; the conformance runner
// runs this program in its own process, so the limit touches nothing else). After each
// failure the runtime still works: frees, smaller allocations, a kernel launch and copies.
// A query whose output size the caller chooses (hipMemRangeGetAttribute) is out of memory too.
// Virtual memory: hipMemCreate beyond the device's memory, hipMemAddressReserve beyond the
// address space.
// On NVIDIA the address-space part is skipped (the driver maps device memory and needs far
// more address space than it allocates); the huge sizes are checked there too.
#include "hip_test.h"

#include <sys/resource.h>

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

// A kernel launch, a device-to-host copy and a memset still work, and their results are right.
static void runtime_still_works(const char *when) {
  const int n = 1 << 16;
  (void)hipGetLastError(); // the failures before this were recorded; start clean
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  hipLaunchKernelGGL(fill, dim3(n / 256), dim3(256), 0, 0, d, n, 7);
  HIP_CHECK(hipGetLastError());
  std::vector<int> h(n, -1);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (h[i] != 7 + i) FAIL_AT("%s: element %d is %d, expected %d", when, i, h[i], 7 + i);
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (h[i] != 0) FAIL_AT("%s: element %d is %d after hipMemset, expected 0", when, i, h[i]);
  HIP_CHECK(hipFree(d));
}

static size_t total_memory() {
  size_t free_mem = 0, total_mem = 0;
  HIP_CHECK(hipMemGetInfo(&free_mem, &total_mem));
  return total_mem;
}

// Every allocation API, asked for `bytes` (or a shape of about that many bytes), says
// hipErrorOutOfMemory, leaves its out-pointer alone or null, and records it as the last error.
static void every_api_is_out_of_memory(size_t bytes, const char *when, bool reservation_fails) {
  std::printf("%s: asking every allocation API for %zu MiB\n", when, bytes >> 20);
  std::fflush(stdout);
  void *p = nullptr;
  HIP_EXPECT(hipMalloc(&p, bytes), hipErrorOutOfMemory);
  CHECK(p == nullptr, "%s: hipMalloc failed but set the pointer to %p", when, p);
  // The failure is the thread's last error (hipGetLastError returns it once, then resets).
  HIP_EXPECT(hipGetLastError(), hipErrorOutOfMemory);
  HIP_CHECK(hipGetLastError());
  HIP_EXPECT(hipExtHostAlloc(&p, bytes, hipHostMallocDefault), hipErrorOutOfMemory);
  HIP_EXPECT(hipExtHostAlloc(&p, bytes, hipHostMallocMapped | hipHostMallocPortable), hipErrorOutOfMemory);
  HIP_EXPECT(hipExtMallocWithFlags(&p, bytes, hipDeviceMallocDefault), hipErrorOutOfMemory);
  // CUDA's managed memory may oversubscribe the device (pages migrate on demand): NVIDIA
  // may grant it.
  HIP_EXPECT2(hipMallocManaged(&p, bytes, hipMemAttachGlobal), hipErrorOutOfMemory,
              HIP_TEST_NVIDIA ? hipSuccess : hipErrorOutOfMemory);
  if (p != nullptr) {
    HIP_CHECK(hipFree(p));
    p = nullptr;
  }
  HIP_EXPECT(hipHostAlloc(&p, bytes, hipHostAllocDefault), hipErrorOutOfMemory);
  CHECK(p == nullptr, "%s: a failed allocation set the pointer to %p", when, p);

  // Pitched and 3-D allocations: rows of 1 MiB. CUDA's pitched allocations refuse rows wider
  // than the device's largest pitch with an invalid value before any allocation, so NVIDIA
  // may answer that instead.
  size_t pitch = 0;
  const hipError_t pitch_refusal = HIP_TEST_NVIDIA ? hipErrorInvalidValue : hipErrorOutOfMemory;
  HIP_EXPECT2(hipMallocPitch(&p, &pitch, 1 << 20, bytes >> 20), hipErrorOutOfMemory, pitch_refusal);
  hipPitchedPtr pp{};
  HIP_EXPECT2(hipMalloc3D(&pp, make_hipExtent(1 << 20, bytes >> 30, 1 << 10)), hipErrorOutOfMemory,
              pitch_refusal);

  // Arrays: 16-byte elements, as many rows of 16384 as the size needs (16384 is the largest
  // 2-D array width HIP reports on every platform).
  hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
  size_t rows = bytes / (16384 * 16);
  if (rows >= 1 && rows <= 16384) {
    hipArray_t a = nullptr;
    HIP_EXPECT(hipMallocArray(&a, &f4, 16384, rows), hipErrorOutOfMemory);
    HIP_EXPECT(hipMalloc3DArray(&a, &f4, make_hipExtent(16384, rows, 0), 0), hipErrorOutOfMemory);
  }

  // Virtual memory: physical memory (hipMemCreate) and a reservation (hipMemAddressReserve)
  // of the size, rounded to the granularity.
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  size_t gran = 0;
  HIP_CHECK(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  const size_t vbytes = bytes / gran * gran;
  hipMemGenericAllocationHandle_t h = nullptr;
  if (vbytes > total_memory()) {
    HIP_EXPECT(hipMemCreate(&h, vbytes, &prop, 0), hipErrorOutOfMemory);
  } else {
    // Physical memory takes no address space until it is mapped: under RLIMIT_AS it is
    // made, and mapping it is what fails (the reservation below).
    HIP_CHECK(hipMemCreate(&h, vbytes, &prop, 0));
    HIP_CHECK(hipMemRelease(h));
  }
  // A reservation is address space only: beyond the device's memory it is fine (as with
  // cuMemAddressReserve), beyond the address space (2^62, or under RLIMIT_AS) it is not.
  if (reservation_fails) {
    HIP_EXPECT(hipMemAddressReserve(&p, vbytes, 0, nullptr, 0), hipErrorOutOfMemory);
  } else {
    HIP_CHECK(hipMemAddressReserve(&p, vbytes, 0, nullptr, 0));
    HIP_CHECK(hipMemAddressFree(p, vbytes));
    p = nullptr;
  }

  // Stream-ordered allocation: the default pool and a pool of our own. The failure is
  // reported by the call (HIP allocates when the call is made, not when the stream gets there).
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_EXPECT(hipMallocAsync(&p, bytes, s), hipErrorOutOfMemory);
  hipMemPoolProps pprops{};
  pprops.allocType = hipMemAllocationTypePinned;
  pprops.location.type = hipMemLocationTypeDevice;
  pprops.location.id = 0;
  hipMemPool_t pool = nullptr;
  HIP_CHECK(hipMemPoolCreate(&pool, &pprops));
  HIP_EXPECT(hipMallocFromPoolAsync(&p, bytes, pool, s), hipErrorOutOfMemory);
  // The pool still serves a small request afterwards, in stream order.
  int *small = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&small, 4096, pool, s));
  hipLaunchKernelGGL(fill, dim3(4), dim3(256), 0, s, small, 1024, 3);
  int back[1024];
  HIP_CHECK(hipMemcpyAsync(back, small, sizeof back, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipFreeAsync(small, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 1024; ++i)
    if (back[i] != 3 + i) FAIL_AT("%s: pool memory element %d is %d", when, i, back[i]);
  HIP_CHECK(hipMemPoolDestroy(pool));
  HIP_CHECK(hipStreamDestroy(s));
  runtime_still_works(when);
}

// Virtual memory of this process (VmSize), in bytes.
static size_t vm_size() {
  FILE *f = std::fopen("/proc/self/status", "r");
  CHECK(f != nullptr, "cannot read /proc/self/status");
  char line[256];
  size_t kib = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmSize: %zu kB", &kib) == 1) break;
  std::fclose(f);
  CHECK(kib > 0, "no VmSize in /proc/self/status");
  return kib << 10;
}

int main() {
  hip_test::watchdog(100, "fault_out_of_memory");
  HIP_CHECK(hipSetDevice(0));
  runtime_still_works("before any failure");

  // 1. Sizes no system has, without a limit: 2^62 bytes and SIZE_MAX (whose page rounding
  // overflows), then 1 TiB more than the device reports.
  void *p = nullptr;
  HIP_EXPECT(hipMalloc(&p, SIZE_MAX), hipErrorOutOfMemory);
  HIP_EXPECT(hipExtHostAlloc(&p, SIZE_MAX, 0), hipErrorOutOfMemory);
  HIP_EXPECT(hipMallocManaged(&p, SIZE_MAX, hipMemAttachGlobal), hipErrorOutOfMemory);
  every_api_is_out_of_memory(size_t(1) << 62, "2^62 bytes", true);
  every_api_is_out_of_memory(total_memory() + (size_t(1) << 40), "total + 1 TiB", false);

  if (HIP_TEST_NVIDIA) {
    std::printf("SKIP: the address-space limit part of fault_out_of_memory (CPU platform only)\n");
    return hip_test::pass();
  }

  // For later: a query whose output size the caller chooses (hipMemRangeGetAttribute's
  // accessed-by list): 1 GiB of output, a buffer reserved before the limit (never touched).
  const size_t big_out = size_t(1) << 30;
  void *out_buffer = nullptr;
  HIP_CHECK(hipHostMalloc(&out_buffer, big_out, 0));
  int *managed = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&managed, 4096, hipMemAttachGlobal));

  // 2. Under an address-space limit of what the process maps now plus 512 MiB: a 2 GiB request
  // passes the size checks (it is below the host's memory) and fails only for want of
  // address space.
  const size_t margin = size_t(512) << 20;
  const size_t limit = vm_size() + margin;
  struct rlimit rl;
  CHECK(getrlimit(RLIMIT_AS, &rl) == 0, "getrlimit failed");
  if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < limit)
    std::printf("note: RLIMIT_AS was already %llu\n", (unsigned long long)rl.rlim_cur);
  rl.rlim_cur = limit;
  CHECK(setrlimit(RLIMIT_AS, &rl) == 0, "setrlimit(RLIMIT_AS, %zu) failed", limit);
  std::printf("RLIMIT_AS set to %zu MiB (VmSize + 512 MiB)\n", limit >> 20);
  every_api_is_out_of_memory(size_t(2) << 30, "2 GiB under the limit", true);
  // The runtime needs as much memory as the output for its own copy: out of memory, where it
  // used to abort the process (Rust's infallible allocation).
  HIP_EXPECT(hipMemRangeGetAttribute(out_buffer, big_out, hipMemRangeAttributeAccessedBy, managed, 4096),
             hipErrorOutOfMemory);
  int first = -2;
  HIP_CHECK(hipMemRangeGetAttribute(&first, sizeof first, hipMemRangeAttributeAccessedBy, managed, 4096));

  // 3. Exhaust the limit with 32 MiB blocks, then give everything back: every block until
  // the failure is usable, and the same amount can be allocated again afterwards.
  std::vector<void *> blocks;
  const size_t block = size_t(32) << 20;
  hipError_t last = hipSuccess;
  for (int i = 0; i < 64; ++i) {
    void *b = nullptr;
    last = hipMalloc(&b, block);
    if (last != hipSuccess) break;
    HIP_CHECK(hipMemset(b, i, block));
    blocks.push_back(b);
  }
  CHECK_EQ(last, hipErrorOutOfMemory);
  CHECK(!blocks.empty(), "not even one 32 MiB block fitted under the limit");
  std::printf("%zu blocks of 32 MiB before hipErrorOutOfMemory\n", blocks.size());
  HIP_EXPECT(hipExtHostAlloc(&p, block, 0), hipErrorOutOfMemory);
  for (size_t i = 0; i < blocks.size(); ++i) {
    unsigned char c = 0;
    HIP_CHECK(hipMemcpy(&c, (char *)blocks[i] + block - 1, 1, hipMemcpyDeviceToHost));
    CHECK_EQ((int)c, (int)(i & 0xff));
  }
  const size_t count = blocks.size();
  for (void *b : blocks) HIP_CHECK(hipFree(b));
  blocks.clear();
  for (size_t i = 0; i < count; ++i) {
    void *b = nullptr;
    HIP_CHECK(hipMalloc(&b, block));
    blocks.push_back(b);
  }
  for (void *b : blocks) HIP_CHECK(hipFree(b));
  runtime_still_works("after exhausting the limit");

  HIP_CHECK(hipFree(managed));
  HIP_CHECK(hipHostFree(out_buffer));
  // Lifting the limit makes the 2 GiB request succeed: the failures were the limit's.
  rl.rlim_cur = rl.rlim_max;
  CHECK(setrlimit(RLIMIT_AS, &rl) == 0, "restoring RLIMIT_AS failed");
  HIP_CHECK(hipMalloc(&p, size_t(2) << 30));
  HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
