// thrust::device_vector / host_vector / device_ptr / device_reference over HIP memory:
// device_vector storage is ordinary HIP device memory (hipMemcpy in and out of data(), a
// hand-written kernel on raw_pointer_cast(d.data()), hipPointerGetAttributes says device);
// construction from host data and iterators, copy between vectors, resize / push_back / erase /
// insert / clear, element access through device_reference, device_malloc / device_free and
// device_pointer_cast around hipMalloc'd memory; stream ordering: an algorithm with
// thrust::hip::par.on(s) (and thrust::device) sees the results of a kernel still blocked on
// that stream when it is called; 4 host threads with their own streams at once; an impossible
// allocation throws std::bad_alloc.
#include "hip_test.h"

#include <thrust/copy.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <atomic>
#include <new>
#include <thread>
#include <vector>

__global__ void scale(float *p, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= k;
}
__global__ void fill_value(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

static void interop() {
  const int n = 10007;
  std::vector<float> src(n);
  for (int i = 0; i < n; ++i) src[i] = (float)i;
  thrust::device_vector<float> d(n);
  CHECK_EQ(d.size(), (size_t)n);
  float *raw = thrust::raw_pointer_cast(d.data());
  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, raw));
  CHECK(attr.type == hipMemoryTypeDevice, "device_vector storage is device memory (type %d)", (int)attr.type);
  HIP_CHECK(hipMemcpy(raw, src.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, raw, n, 2.0f);
  HIP_CHECK(hipGetLastError());
  // Thrust reads after the kernel (null stream) without an explicit synchronisation.
  double s = thrust::reduce(d.begin(), d.end(), 0.0);
  CHECK(s == (double)n * (n - 1), "reduce after kernel: %.17g", s);
  thrust::host_vector<float> h = d;
  for (int i = 0; i < n; ++i) CHECK(h[i] == 2.0f * i, "host copy [%d] = %g", i, h[i]);
  std::vector<float> back(n);
  thrust::sort(d.begin(), d.end(), thrust::greater<float>());
  HIP_CHECK(hipMemcpy(back.data(), raw, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK(back[i] == 2.0f * (n - 1 - i), "hipMemcpy after sort [%d] = %g", i, back[i]);

  // device_ptr around hipMalloc'd memory, and device_malloc / device_free
  int *m = nullptr;
  HIP_CHECK(hipMalloc(&m, 1000 * sizeof(int)));
  thrust::device_ptr<int> dp = thrust::device_pointer_cast(m);
  thrust::sequence(dp, dp + 1000);
  CHECK_EQ(thrust::reduce(dp, dp + 1000), 499500);
  CHECK(thrust::raw_pointer_cast(dp) == m && (dp + 10).get() == m + 10 && (dp + 10) - dp == 10, "device_ptr arithmetic");
  HIP_CHECK(hipFree(m));
  thrust::device_ptr<double> dm = thrust::device_malloc<double>(500);
  thrust::fill(dm, dm + 500, 0.25);
  CHECK_EQ(thrust::reduce(dm, dm + 500), 125.0);
  dm[3] = 7.0;  // device_reference write and read
  double three = dm[3];
  CHECK_EQ(three, 7.0);
  thrust::device_free(dm);
}

struct P {  // at namespace scope: nvcc rejects local types as kernel template arguments
  int x, y;
};

static void vector_operations() {
  thrust::device_vector<int> a(5, 3);
  CHECK(a.size() == 5 && a[0] == 3 && a[4] == 3, "device_vector(n, value)");
  a.push_back(9);
  CHECK(a.size() == 6 && a.back() == 9, "push_back");
  a.resize(10, -1);
  CHECK(a.size() == 10 && a[9] == -1 && a[5] == 9, "resize with value");
  a[0] = 100;
  a[1] += 5;
  CHECK(a[0] == 100 && a[1] == 8, "device_reference assignment: %d %d", (int)a[0], (int)a[1]);
  a.erase(a.begin() + 1, a.begin() + 3);
  CHECK(a.size() == 8 && a[0] == 100 && a[1] == 3, "erase");
  a.insert(a.begin() + 1, 42);
  CHECK(a.size() == 9 && a[1] == 42 && a[2] == 3, "insert");
  thrust::device_vector<int> b = a;  // device to device copy
  b[0] = 0;
  CHECK(a[0] == 100 && b[0] == 0 && b.size() == a.size(), "copies are independent");
  thrust::host_vector<int> h(a.begin(), a.end());
  CHECK(h.size() == 9 && h[0] == 100 && h[1] == 42, "host_vector from device iterators");
  std::vector<int> sv = {4, 5, 6};
  thrust::device_vector<int> c = sv;
  CHECK(c.size() == 3 && c[2] == 6, "device_vector from std::vector");
  c = h;
  CHECK(c.size() == 9 && c[1] == 42, "assignment from host_vector");
  thrust::device_vector<int> moved = std::move(c);
  CHECK(moved.size() == 9 && c.size() == 0, "move");
  moved.clear();
  CHECK(moved.empty(), "clear");
  thrust::device_vector<int> e;
  CHECK(e.size() == 0 && e.begin() == e.end(), "empty vector");
  CHECK_EQ(thrust::reduce(e.begin(), e.end(), 17), 17);
  thrust::device_vector<int> big(1 << 20);
  thrust::sequence(big.begin(), big.end());
  thrust::host_vector<int> hb;
  hb = big;
  CHECK(hb.size() == (1u << 20) && hb[12345] == 12345, "host_vector = device_vector");
  thrust::device_vector<int> r(big.rbegin(), big.rend());
  CHECK(r[0] == (1 << 20) - 1, "construction from reverse iterators");
  // a struct element type
  thrust::device_vector<P> ps(3, P{1, 2});
  P p1 = ps[1];
  CHECK(p1.x == 1 && p1.y == 2, "struct element");
}

// A kernel on stream s is held by a spin on a host flag and then writes; the algorithm called
// meanwhile must wait for it (its result shows whether it did).
static void stream_order(bool use_stream) {
  hipStream_t s = nullptr;
  if (use_stream) HIP_CHECK(hipStreamCreate(&s));
  volatile int *flag;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), hipHostMallocDefault));
  *flag = 0;
  const int n = 100000;
  thrust::device_vector<int> d(n, 1);
  int *raw = thrust::raw_pointer_cast(d.data());
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, raw, 5);
  hipLaunchKernelGGL(fill_value, dim3((n + 255) / 256), dim3(256), 0, s, raw + 1, n - 1, 2);
  std::thread release([flag] {
    hip_test::sleep_ms(50);
    hip_test::host_store(flag, 1);
  });
  long long sum = use_stream ? thrust::reduce(thrust::hip::par.on(s), d.begin(), d.end(), 0LL)
                             : thrust::reduce(thrust::device, d.begin(), d.end(), 0LL);
  release.join();
  CHECK(sum == 5 + 2LL * (n - 1), "reduce %s: %lld, expected %lld (it did not wait for the stream)",
        use_stream ? "par.on(s)" : "device", sum, 5 + 2LL * (n - 1));
  // Work after the algorithm on the same stream sees what it wrote.
  thrust::fill(thrust::hip::par.on(s), d.begin(), d.end(), 3);
  hipLaunchKernelGGL(scale, dim3(1), dim3(1), 0, s, (float *)nullptr, 0, 1.0f);  // an empty kernel in between
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpyAsync(h.data(), raw, n * sizeof(int), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; i += 997) CHECK(h[i] == 3, "after fill on stream: [%d] = %d", i, h[i]);
  HIP_CHECK(hipHostFree((void *)flag));
  if (use_stream) HIP_CHECK(hipStreamDestroy(s));
}

// Thrust's cached-allocator pattern: par(allocator).on(stream) takes a user allocator for
// temporary storage (Thrust's custom_temporary_allocation sample); results must not change.
struct hip_byte_allocator {
  typedef char value_type;
  char *allocate(std::ptrdiff_t n) {
    char *p = nullptr;
    if (hipMalloc(&p, (size_t)n) != hipSuccess) throw std::bad_alloc();
    return p;
  }
  void deallocate(char *p, size_t) { (void)hipFree(p); }
};
static void policy_with_allocator() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hip_byte_allocator alloc;
  const int n = 100000;
  thrust::device_vector<int> d(n);
  thrust::sequence(d.begin(), d.end());
  thrust::sort(thrust::hip::par(alloc).on(s), d.begin(), d.end(), thrust::greater<int>());
  CHECK(d[0] == n - 1 && d[n - 1] == 0, "sort with par(alloc).on(s)");
  CHECK_EQ(thrust::reduce(thrust::hip::par(alloc), d.begin(), d.end(), 0LL), (long long)n * (n - 1) / 2);
  HIP_CHECK(hipStreamDestroy(s));
}

// Several host threads, each with its own stream and vectors, sorting and reducing at once
// (they share the CPU platform's thread pool).
static void host_threads() {
  const int threads = 4, n = 200003;
  std::vector<std::thread> ts;
  std::atomic<int> bad{0};
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([t, &bad] {
      hipStream_t s;
      if (hipStreamCreate(&s) != hipSuccess) {
        ++bad;
        return;
      }
      for (int round = 0; round < 3; ++round) {
        thrust::device_vector<int> d(n);
        thrust::sequence(thrust::hip::par.on(s), d.begin(), d.end(), 0);
        thrust::sort(thrust::hip::par.on(s), d.begin(), d.end(), thrust::greater<int>());
        long long sum = thrust::reduce(thrust::hip::par.on(s), d.begin(), d.end(), 0LL);
        int first = d[0], last = d[n - 1];
        if (sum != (long long)n * (n - 1) / 2 || first != n - 1 || last != 0) ++bad;
      }
      if (hipStreamDestroy(s) != hipSuccess) ++bad;
      (void)t;
    });
  for (auto &th : ts) th.join();
  CHECK(bad.load() == 0, "%d of %d host threads got a wrong result", bad.load(), threads);
}

static void bad_alloc() {
  bool thrown = false;
  try {
    thrust::device_vector<char> huge((size_t)1 << 60);
  } catch (const std::bad_alloc &) {
    thrown = true;
  }
  CHECK(thrown, "a 2^60-byte device_vector must throw std::bad_alloc");
  (void)hipGetLastError();  // the failed hipMalloc is the last error; clear it
}

int main() {
  hip_test::watchdog(60, "thrust_containers");
  interop();
  vector_operations();
  stream_order(true);
  stream_order(false);
  host_threads();
  policy_with_allocator();
  bad_alloc();
  return hip_test::pass();
}
