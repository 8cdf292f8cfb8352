// hipLaunchKernelGGL: vectorAdd with a partial last block, many grid/block shapes, argument
// conversion to the parameter types, a kernarg layout of mixed types, a 2 KiB struct passed by
// value (captured at launch time, not when the kernel runs), HIP_KERNEL_NAME for templates with
// several arguments.
#include "hip_test.h"

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

struct Small3 {
  char c;
  short s;
  int i;
};
struct Mixed {
  char c;
  double d;
  short s;
  float f;
  long long ll;
  bool b;
  Small3 st;
  unsigned u;
};
__global__ void mixed_args(char c, double d, short s, Mixed *out, float f, long long ll, bool b, Small3 st,
                           unsigned u) {
  out->c = c;
  out->d = d;
  out->s = s;
  out->f = f;
  out->ll = ll;
  out->b = b;
  out->st = st;
  out->u = u;
}

struct Big {
  int v[512]; // 2 KiB
};
__global__ void sum_big(Big big, long long *out) {
  long long s = 0;
  for (int i = 0; i < 512; ++i) s += (long long)big.v[i] * (i + 1);
  *out = s;
}

template <typename T, int K> __global__ void times_k(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * (T)K;
}

__global__ void takes_double(double *out, double x) { *out = x; }

int main() {
  // vectorAdd for several sizes and block sizes, including partial last blocks.
  const int sizes[] = {1, 63, 64, 65, 1000, 4097, 1 << 20};
  const int blocks[] = {1, 32, 64, 100, 256, 1024};
  const int nmax = 1 << 20;
  float *a, *b, *c;
  HIP_CHECK(hipMalloc(&a, nmax * sizeof(float)));
  HIP_CHECK(hipMalloc(&b, nmax * sizeof(float)));
  HIP_CHECK(hipMalloc(&c, (nmax + 2048) * sizeof(float)));
  std::vector<float> ha(nmax), hb(nmax), hc(nmax + 2048);
  for (int i = 0; i < nmax; ++i) {
    ha[i] = (float)i;
    hb[i] = (float)(2 * i + 1);
  }
  HIP_CHECK(hipMemcpy(a, ha.data(), nmax * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b, hb.data(), nmax * sizeof(float), hipMemcpyHostToDevice));
  for (int n : sizes)
    for (int bs : blocks) {
      if (n > 100000 && bs < 64) continue;
      HIP_CHECK(hipMemset(c, 0xff, (nmax + 2048) * sizeof(float)));
      hipLaunchKernelGGL(vadd, dim3((n + bs - 1) / bs), dim3(bs), 0, 0, a, b, c, n);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipMemcpy(hc.data(), c, (n + 1) * sizeof(float), hipMemcpyDeviceToHost));
      for (int i = 0; i < n; ++i)
        if (hc[i] != (float)(3 * i + 1)) FAIL_AT("n=%d block=%d: c[%d] = %g, expected %d", n, bs, i, hc[i], 3 * i + 1);
      unsigned guard;
      std::memcpy(&guard, &hc[n], 4);
      CHECK(guard == 0xffffffffu, "n=%d block=%d: element past the end was written", n, bs);
    }

  // Mixed argument types; literals converted to the parameter types (int -> double, double -> float...).
  Mixed *m = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&m, sizeof(Mixed), hipMemAttachGlobal));
  std::memset(m, 0, sizeof *m);
  Small3 st{'q', -1234, 0x7abbccdd};
  hipLaunchKernelGGL(mixed_args, dim3(1), dim3(1), 0, 0, 'x', 3, (short)-7, m, 2.5, 1LL << 40, true, st, 4000000000u);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(m->c, 'x');
  CHECK_EQ(m->d, 3.0);
  CHECK_EQ(m->s, (short)-7);
  CHECK_EQ(m->f, 2.5f);
  CHECK_EQ(m->ll, 1LL << 40);
  CHECK_EQ(m->b, true);
  CHECK_EQ(m->st.c, 'q');
  CHECK_EQ(m->st.s, (short)-1234);
  CHECK_EQ(m->st.i, 0x7abbccdd);
  CHECK_EQ(m->u, 4000000000u);
  double *dd = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&dd, sizeof(double), hipMemAttachGlobal));
  hipLaunchKernelGGL(takes_double, dim3(1), dim3(1), 0, 0, dd, 7); // int literal -> double
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*dd, 7.0);

  // A big by-value struct, changed on the host right after the launch while the stream is
  // still blocked behind a spinning kernel: the kernel must see the launch-time value.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int *flag = nullptr, *done = nullptr;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  *done = 0;
  long long *sum = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&sum, sizeof(long long), hipMemAttachGlobal));
  *sum = 0;
  Big big;
  long long want = 0;
  for (int i = 0; i < 512; ++i) {
    big.v[i] = i * 3 - 100;
    want += (long long)big.v[i] * (i + 1);
  }
  hip_test::watchdog(30, "launch_ggl spin section");
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
  hipLaunchKernelGGL(sum_big, dim3(1), dim3(1), 0, s, big, sum);
  HIP_CHECK(hipGetLastError());
  for (int i = 0; i < 512; ++i) big.v[i] = 999999;
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(*done, 1);
  CHECK_EQ(*sum, want);

  // Template with two arguments through HIP_KERNEL_NAME.
  int *ip = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&ip, 300 * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < 300; ++i) ip[i] = i;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(times_k<int, 3>), dim3(3), dim3(128), 0, s, ip, 300);
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 300; ++i) CHECK_EQ(ip[i], 3 * i);

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(sum));
  HIP_CHECK(hipFree(ip));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
