// hipRAND's device API in kernels, against the host API (CPU platform: both are rocRAND's
// algorithms). As in rocRAND's host generators: Philox output is one stream, so thread i
// starting at offset 4*i and taking hiprand4 reproduces the host generator's output;
// XORWOW's host generator gives engine i (subsequence i) the elements i, i + 131072, ...,
// so thread i's first values are the host output's elements i and i + 131072. Also the
// uniform/normal/Poisson device functions and skipahead. Prints PASS.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

#define CHECK(cond, ...)                                                 \
  do {                                                                   \
    if (!(cond)) {                                                       \
      printf("FAIL: (%s) ", #cond);                                      \
      printf(__VA_ARGS__);                                               \
      printf(" [%s:%d]\n", __FILE__, __LINE__);                          \
      exit(1);                                                           \
    }                                                                    \
  } while (0)
#define HIP_CHECK(x) CHECK((x) == hipSuccess, "%s", #x)
#define RAND_CHECK(x) CHECK((x) == HIPRAND_STATUS_SUCCESS, "%s", #x)

__global__ void philox_blocks(unsigned long long seed, uint4* out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(seed, 0, 4ULL * i, &s);
  out[i] = hiprand4(&s);
}

__global__ void xorwow_two(unsigned long long seed, unsigned int* out, int threads) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  hiprandState_t s;
  hiprand_init(seed, i, 0, &s);
  out[2 * i] = hiprand(&s);
  out[2 * i + 1] = hiprand(&s);
}

__global__ void mrg_uniform(unsigned long long seed, float* out, int threads) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  hiprandStateMRG32k3a_t s;
  hiprand_init(seed, i, 0, &s);
  out[i] = hiprand_uniform(&s);
}

__global__ void moments(unsigned long long seed, double* sums, int per_thread) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(seed, i, 0, &s);
  double su = 0, sn = 0, sn2 = 0, sp = 0;
  for (int k = 0; k < per_thread; k++) {
    su += hiprand_uniform_double(&s);
    float z = hiprand_normal(&s);
    sn += z;
    sn2 += z * z;
    sp += hiprand_poisson(&s, 4.0);
  }
  sums[4 * i] = su;
  sums[4 * i + 1] = sn;
  sums[4 * i + 2] = sn2;
  sums[4 * i + 3] = sp;
}

__global__ void skip(unsigned int* out) {
  hiprandState_t a, b;
  hiprand_init(7, 3, 0, &a);
  hiprand_init(7, 0, 0, &b);
  skipahead_sequence(3, &b);
  skipahead(1000, &a);
  skipahead(1000, &b);
  out[0] = hiprand(&a);
  out[1] = hiprand(&b);
}

int main() {
  const unsigned long long seed = 20261127ULL;
  // Philox: device blocks of four == host stream.
  const int n = 4096;
  unsigned int *dev, *host;
  HIP_CHECK(hipMalloc(&dev, n * 4));
  HIP_CHECK(hipMalloc(&host, n * 4));
  philox_blocks<<<n / 4 / 64, 64>>>(seed, (uint4*)dev, n / 4);
  hiprandGenerator_t g;
  RAND_CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_PHILOX4_32_10));
  RAND_CHECK(hiprandSetPseudoRandomGeneratorSeed(g, seed));
  RAND_CHECK(hiprandGenerate(g, host, n));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned int> hd(n), hh(n);
  HIP_CHECK(hipMemcpy(hd.data(), dev, n * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hh.data(), host, n * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) CHECK(hd[i] == hh[i], "philox %d: device %08x host %08x", i, hd[i], hh[i]);
  RAND_CHECK(hiprandDestroyGenerator(g));

  // XORWOW: thread i == host engine i.
  const int threads = 512, engines = 131072;
  unsigned int* two;
  HIP_CHECK(hipMalloc(&two, 2 * threads * 4));
  xorwow_two<<<threads / 64, 64>>>(seed, two, threads);
  unsigned int* xh;
  HIP_CHECK(hipMalloc(&xh, (engines + threads) * 4));
  RAND_CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_XORWOW));
  RAND_CHECK(hiprandSetPseudoRandomGeneratorSeed(g, seed));
  RAND_CHECK(hiprandGenerate(g, xh, engines + threads));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned int> t2(2 * threads), hx(engines + threads);
  HIP_CHECK(hipMemcpy(t2.data(), two, 2 * threads * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hx.data(), xh, (engines + threads) * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < threads; i++) {
    CHECK(t2[2 * i] == hx[i], "xorwow thread %d first", i);
    CHECK(t2[2 * i + 1] == hx[engines + i], "xorwow thread %d second", i);
  }
  RAND_CHECK(hiprandDestroyGenerator(g));

  // MRG32k3a uniform floats: thread i == host element i.
  float *mu, *mh;
  HIP_CHECK(hipMalloc(&mu, threads * 4));
  HIP_CHECK(hipMalloc(&mh, threads * 4));
  mrg_uniform<<<threads / 64, 64>>>(seed, mu, threads);
  RAND_CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MRG32K3A));
  RAND_CHECK(hiprandSetPseudoRandomGeneratorSeed(g, seed));
  RAND_CHECK(hiprandGenerateUniform(g, mh, threads));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> fu(threads), fh(threads);
  HIP_CHECK(hipMemcpy(fu.data(), mu, threads * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(fh.data(), mh, threads * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < threads; i++) CHECK(fu[i] == fh[i], "mrg32k3a uniform %d: %.9g vs %.9g", i, fu[i], fh[i]);
  RAND_CHECK(hiprandDestroyGenerator(g));

  // Moments of the device distributions.
  const int blocks = 16, per = 2048, total = blocks * 64 * per;
  double* sums;
  HIP_CHECK(hipMalloc(&sums, blocks * 64 * 4 * sizeof(double)));
  moments<<<blocks, 64>>>(seed, sums, per);
  std::vector<double> hs(blocks * 64 * 4);
  HIP_CHECK(hipMemcpy(hs.data(), sums, hs.size() * sizeof(double), hipMemcpyDeviceToHost));
  double su = 0, sn = 0, sn2 = 0, sp = 0;
  for (int i = 0; i < blocks * 64; i++) {
    su += hs[4 * i]; sn += hs[4 * i + 1]; sn2 += hs[4 * i + 2]; sp += hs[4 * i + 3];
  }
  CHECK(fabs(su / total - 0.5) < 0.005, "uniform mean %f", su / total);
  CHECK(fabs(sn / total) < 0.01 && fabs(sn2 / total - 1.0) < 0.02, "normal mean %f var %f", sn / total, sn2 / total);
  CHECK(fabs(sp / total - 4.0) < 0.02, "poisson mean %f", sp / total);

  // skipahead_sequence(3) from subsequence 0 == subsequence 3.
  unsigned int* sk;
  HIP_CHECK(hipMalloc(&sk, 8));
  skip<<<1, 1>>>(sk);
  unsigned int hsk[2];
  HIP_CHECK(hipMemcpy(hsk, sk, 8, hipMemcpyDeviceToHost));
  CHECK(hsk[0] == hsk[1], "skipahead: %08x vs %08x", hsk[0], hsk[1]);

  printf("PASS\n");
  return 0;
}
