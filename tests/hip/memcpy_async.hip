// hipMemcpyAsync ordering on one stream: copy-in, kernel, copy-out chains issued without
// synchronising; many copies in flight; chunked copies; device-to-device ping-pong.
#include "hip_test.h"

__global__ void add_k(int *p, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += k;
}

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const int n = 4096, rounds = 200;
  int *in = nullptr, *out = nullptr, *d = nullptr;
  HIP_CHECK(hipHostMalloc((void **)&in, (size_t)rounds * n * sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&out, (size_t)rounds * n * sizeof(int), 0));
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < n; ++i) {
      in[(size_t)r * n + i] = r * 100000 + i;
      out[(size_t)r * n + i] = -1;
    }
  // One device buffer reused by every round: only in-order execution gives the right answer.
  for (int r = 0; r < rounds; ++r) {
    HIP_CHECK(hipMemcpyAsync(d, in + (size_t)r * n, n * sizeof(int), hipMemcpyHostToDevice, s));
    hipLaunchKernelGGL(add_k, dim3(n / 256), dim3(256), 0, s, d, n, r);
    HIP_CHECK(hipMemcpyAsync(out + (size_t)r * n, d, n * sizeof(int), hipMemcpyDeviceToHost, s));
  }
  HIP_CHECK(hipStreamSynchronize(s));
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < n; ++i) {
      int want = r * 100000 + i + r;
      if (out[(size_t)r * n + i] != want)
        FAIL_AT("round %d element %d: %d, expected %d", r, i, out[(size_t)r * n + i], want);
    }

  // Chunked: 32 MiB in 1 MiB pieces, device to device through two buffers.
  const size_t big = 32u << 20, chunk = 1u << 20;
  unsigned char *h1 = nullptr, *h2 = nullptr, *d1 = nullptr, *d2 = nullptr;
  HIP_CHECK(hipHostMalloc((void **)&h1, big, 0));
  HIP_CHECK(hipHostMalloc((void **)&h2, big, 0));
  HIP_CHECK(hipMalloc(&d1, big));
  HIP_CHECK(hipMalloc(&d2, big));
  for (size_t i = 0; i < big; ++i) h1[i] = (unsigned char)(i ^ (i >> 12));
  std::memset(h2, 0, big);
  for (size_t off = 0; off < big; off += chunk) {
    HIP_CHECK(hipMemcpyAsync(d1 + off, h1 + off, chunk, hipMemcpyHostToDevice, s));
    HIP_CHECK(hipMemcpyAsync(d2 + off, d1 + off, chunk, hipMemcpyDeviceToDevice, s));
    HIP_CHECK(hipMemcpyAsync(h2 + off, d2 + off, chunk, hipMemcpyDeviceToHost, s));
  }
  HIP_CHECK(hipStreamSynchronize(s));
  for (size_t i = 0; i < big; ++i)
    if (h2[i] != h1[i]) FAIL_AT("chunked copy byte %zu: 0x%02x, expected 0x%02x", i, h2[i], h1[i]);

  // Ping-pong: 50 D2D copies alternating direction with increments in between.
  int *a = nullptr, *b = nullptr;
  HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  HIP_CHECK(hipMemsetAsync(a, 0, n * sizeof(int), s));
  for (int r = 0; r < 50; ++r) {
    int *src = (r % 2) ? b : a, *dst = (r % 2) ? a : b;
    hipLaunchKernelGGL(add_k, dim3(n / 256), dim3(256), 0, s, src, n, 1);
    HIP_CHECK(hipMemcpyAsync(dst, src, n * sizeof(int), hipMemcpyDeviceToDevice, s));
  }
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpyAsync(h.data(), a, n * sizeof(int), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) CHECK_EQ(h[i], 50);
  // Async copy with an invalid direction is rejected at once.
  HIP_EXPECT(hipMemcpyAsync(a, b, 16, (hipMemcpyKind)9, s), hipErrorInvalidMemcpyDirection);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipFree(d2));
  HIP_CHECK(hipHostFree(in));
  HIP_CHECK(hipHostFree(out));
  HIP_CHECK(hipHostFree(h1));
  HIP_CHECK(hipHostFree(h2));
  return hip_test::pass();
}
