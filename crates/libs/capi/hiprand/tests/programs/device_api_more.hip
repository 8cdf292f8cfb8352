// rocRAND's device API for the MRG31k3p, LFSR113 and ThreeFry states in kernels, against
// rocRAND's host API (CPU platform: both are the same algorithms). As in rocRAND's host
// generators: MRG31k3p and LFSR113 give engine i (subsequence i) the elements i,
// i + 131072, ..., so thread i's first values are the host output's elements i and
// i + 131072; ThreeFry output is one stream, so thread i starting at offset k*i reproduces
// the host output's elements k*i .. k*i + k - 1. Also skipahead, moments of the device
// distributions and Poisson. Prints PASS.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>
#include <rocrand/rocrand_kernel.h>

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
#define RAND_CHECK(x) CHECK((x) == ROCRAND_STATUS_SUCCESS, "%s", #x)

const int kThreads = 512;
const int kEngines = 131072;

__global__ void mrg31_two(unsigned long long seed, unsigned int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_mrg31k3p s;
  rocrand_init(seed, i, 0, &s);
  out[2 * i] = rocrand(&s);
  out[2 * i + 1] = rocrand(&s);
}

__global__ void mrg31_uniform(unsigned long long seed, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_mrg31k3p s;
  rocrand_init(seed, i, 0, &s);
  out[i] = rocrand_uniform(&s);
}

__global__ void lfsr_two(uint4 seed, unsigned int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_lfsr113 s;
  rocrand_init(seed, i, &s);
  out[2 * i] = rocrand(&s);
  out[2 * i + 1] = rocrand(&s);
}

// Thread i takes the stream's words 8*i .. 8*i + 7.
template <class S, class T>
__global__ void threefry_words(unsigned long long seed, T* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  S s;
  rocrand_init(seed, 0, 8ULL * i, &s);
  for (int k = 0; k < 8; k++) out[8 * i + k] = rocrand(&s);
}

template <class S>
__global__ void threefry_uniform(unsigned long long seed, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  S s;
  rocrand_init(seed, 0, 4ULL * i, &s);
  for (int k = 0; k < 4; k++) out[4 * i + k] = rocrand_uniform(&s);
}

template <class S>
__global__ void moments(S* states, double* sums, int per_thread) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  S s = states[i];
  double su = 0, sn = 0, sn2 = 0, sp = 0;
  for (int k = 0; k < per_thread; k++) {
    su += rocrand_uniform_double(&s);
    float z = rocrand_normal(&s);
    sn += z;
    sn2 += z * z;
    sp += rocrand_poisson(&s, 4.0);
  }
  sums[4 * i] = su;
  sums[4 * i + 1] = sn;
  sums[4 * i + 2] = sn2;
  sums[4 * i + 3] = sp;
}

template <class S>
__global__ void init_states(unsigned long long seed, S* states) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(seed, i, 0, &states[i]);
}

__global__ void init_lfsr_states(uint4 seed, rocrand_state_lfsr113* states) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(seed, i, &states[i]);
}

__global__ void skips(unsigned long long* out) {
  rocrand_state_mrg31k3p a, b;
  rocrand_init(7, 3, 0, &a);
  rocrand_init(7, 0, 0, &b);
  skipahead_subsequence(3, &b);
  skipahead(1000, &a);
  skipahead(1000, &b);
  out[0] = rocrand(&a);
  out[1] = rocrand(&b);
  rocrand_state_lfsr113 c, d;
  rocrand_init(make_uint4(5, 6, 7, 8), 2, &c);
  rocrand_init(make_uint4(5, 6, 7, 8), 0, &d);
  skipahead_subsequence(2, &d);
  skipahead(12345, &c);
  skipahead(12345, &d);
  out[2] = rocrand(&c);
  out[3] = rocrand(&d);
  rocrand_state_threefry4x64_20 e, f;
  rocrand_init(9, 4, 10, &e);
  rocrand_init(9, 0, 3, &f);
  skipahead_subsequence(4, &f);
  skipahead(7, &f);
  out[4] = rocrand(&e);
  out[5] = rocrand(&f);
}

template <class T>
static std::vector<T> host_bits(rocrand_rng_type type, unsigned long long seed, size_t n) {
  rocrand_generator g;
  RAND_CHECK(rocrand_create_generator(&g, type));
  RAND_CHECK(rocrand_set_seed(g, seed));
  T* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  if (sizeof(T) == 8)
    RAND_CHECK(rocrand_generate_long_long(g, (unsigned long long*)d, n));
  else
    RAND_CHECK(rocrand_generate(g, (unsigned int*)d, n));
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  RAND_CHECK(rocrand_destroy_generator(g));
  return h;
}

static std::vector<float> host_uniform(rocrand_rng_type type, unsigned long long seed, size_t n) {
  rocrand_generator g;
  RAND_CHECK(rocrand_create_generator(&g, type));
  RAND_CHECK(rocrand_set_seed(g, seed));
  float* d;
  HIP_CHECK(hipMalloc(&d, n * 4));
  RAND_CHECK(rocrand_generate_uniform(g, d, n));
  std::vector<float> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  RAND_CHECK(rocrand_destroy_generator(g));
  return h;
}

template <class S, class T>
static void check_threefry(const char* name, rocrand_rng_type type, unsigned long long seed) {
  T* d;
  HIP_CHECK(hipMalloc(&d, kThreads * 8 * sizeof(T)));
  threefry_words<S, T><<<kThreads / 64, 64>>>(seed, d);
  std::vector<T> dev(kThreads * 8);
  HIP_CHECK(hipMemcpy(dev.data(), d, dev.size() * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  std::vector<T> host = host_bits<T>(type, seed, dev.size());
  for (size_t i = 0; i < dev.size(); i++)
    CHECK(dev[i] == host[i], "%s word %zu: device %llx host %llx", name, i, (unsigned long long)dev[i],
          (unsigned long long)host[i]);
  float* f;
  HIP_CHECK(hipMalloc(&f, kThreads * 4 * 4));
  threefry_uniform<S><<<kThreads / 64, 64>>>(seed, f);
  std::vector<float> fd(kThreads * 4);
  HIP_CHECK(hipMemcpy(fd.data(), f, fd.size() * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(f));
  std::vector<float> fh = host_uniform(type, seed, fd.size());
  for (size_t i = 0; i < fd.size(); i++) CHECK(fd[i] == fh[i], "%s uniform %zu: %.9g vs %.9g", name, i, fd[i], fh[i]);
}

template <class S>
static void check_moments(const char* name, S* states) {
  const int blocks = 8, per = 2048, total = blocks * 64 * per;
  double* sums;
  HIP_CHECK(hipMalloc(&sums, blocks * 64 * 4 * sizeof(double)));
  moments<S><<<blocks, 64>>>(states, sums, per);
  std::vector<double> hs(blocks * 64 * 4);
  HIP_CHECK(hipMemcpy(hs.data(), sums, hs.size() * sizeof(double), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(sums));
  double su = 0, sn = 0, sn2 = 0, sp = 0;
  for (int i = 0; i < blocks * 64; i++) {
    su += hs[4 * i]; sn += hs[4 * i + 1]; sn2 += hs[4 * i + 2]; sp += hs[4 * i + 3];
  }
  CHECK(fabs(su / total - 0.5) < 0.005, "%s uniform mean %f", name, su / total);
  CHECK(fabs(sn / total) < 0.01 && fabs(sn2 / total - 1.0) < 0.02, "%s normal mean %f var %f", name, sn / total,
        sn2 / total);
  CHECK(fabs(sp / total - 4.0) < 0.02, "%s poisson mean %f", name, sp / total);
}

template <class S>
static void moments_of(const char* name, unsigned long long seed) {
  S* states;
  HIP_CHECK(hipMalloc(&states, 8 * 64 * sizeof(S)));
  init_states<S><<<8, 64>>>(seed, states);
  check_moments(name, states);
  HIP_CHECK(hipFree(states));
}

int main() {
  const unsigned long long seed = 20261128ULL;

  // MRG31k3p: thread i == host engine i (integers and uniform floats).
  unsigned int* two;
  HIP_CHECK(hipMalloc(&two, 2 * kThreads * 4));
  mrg31_two<<<kThreads / 64, 64>>>(seed, two);
  std::vector<unsigned int> t2(2 * kThreads);
  HIP_CHECK(hipMemcpy(t2.data(), two, t2.size() * 4, hipMemcpyDeviceToHost));
  std::vector<unsigned int> hm = host_bits<unsigned int>(ROCRAND_RNG_PSEUDO_MRG31K3P, seed, kEngines + kThreads);
  for (int i = 0; i < kThreads; i++) {
    CHECK(t2[2 * i] == hm[i], "mrg31k3p thread %d first", i);
    CHECK(t2[2 * i + 1] == hm[kEngines + i], "mrg31k3p thread %d second", i);
  }
  float* mu;
  HIP_CHECK(hipMalloc(&mu, kThreads * 4));
  mrg31_uniform<<<kThreads / 64, 64>>>(seed, mu);
  std::vector<float> fu(kThreads);
  HIP_CHECK(hipMemcpy(fu.data(), mu, kThreads * 4, hipMemcpyDeviceToHost));
  std::vector<float> fh = host_uniform(ROCRAND_RNG_PSEUDO_MRG31K3P, seed, kThreads);
  for (int i = 0; i < kThreads; i++) CHECK(fu[i] == fh[i], "mrg31k3p uniform %d: %.9g vs %.9g", i, fu[i], fh[i]);

  // LFSR113 seeded with four words through rocrand_set_seed_uint4.
  const uint4 seeds = make_uint4(123456789U, 362436069U, 521288629U, 88675123U);
  lfsr_two<<<kThreads / 64, 64>>>(seeds, two);
  HIP_CHECK(hipMemcpy(t2.data(), two, t2.size() * 4, hipMemcpyDeviceToHost));
  {
    rocrand_generator g;
    RAND_CHECK(rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_LFSR113));
    RAND_CHECK(rocrand_set_seed_uint4(g, seeds));
    unsigned int* d;
    HIP_CHECK(hipMalloc(&d, (kEngines + kThreads) * 4));
    RAND_CHECK(rocrand_generate(g, d, kEngines + kThreads));
    std::vector<unsigned int> hl(kEngines + kThreads);
    HIP_CHECK(hipMemcpy(hl.data(), d, hl.size() * 4, hipMemcpyDeviceToHost));
    for (int i = 0; i < kThreads; i++) {
      CHECK(t2[2 * i] == hl[i], "lfsr113 thread %d first", i);
      CHECK(t2[2 * i + 1] == hl[kEngines + i], "lfsr113 thread %d second", i);
    }
    rocrand_generator x;
    RAND_CHECK(rocrand_create_generator(&x, ROCRAND_RNG_PSEUDO_XORWOW));
    CHECK(rocrand_set_seed_uint4(x, seeds) == ROCRAND_STATUS_TYPE_ERROR, "uint4 seed of XORWOW");
    RAND_CHECK(rocrand_destroy_generator(x));
    HIP_CHECK(hipFree(d));
    RAND_CHECK(rocrand_destroy_generator(g));
  }

  // ThreeFry: thread i's eight words at offset 8*i == the host stream.
  check_threefry<rocrand_state_threefry2x32_20, unsigned int>("threefry2x32", ROCRAND_RNG_PSEUDO_THREEFRY2_32_20, seed);
  check_threefry<rocrand_state_threefry4x32_20, unsigned int>("threefry4x32", ROCRAND_RNG_PSEUDO_THREEFRY4_32_20, seed);
  check_threefry<rocrand_state_threefry2x64_20, unsigned long long>("threefry2x64", ROCRAND_RNG_PSEUDO_THREEFRY2_64_20,
                                                                     seed);
  check_threefry<rocrand_state_threefry4x64_20, unsigned long long>("threefry4x64", ROCRAND_RNG_PSEUDO_THREEFRY4_64_20,
                                                                     seed);

  // Moments of the device distributions on every new state.
  moments_of<rocrand_state_mrg31k3p>("mrg31k3p", seed);
  moments_of<rocrand_state_threefry2x32_20>("threefry2x32", seed);
  moments_of<rocrand_state_threefry4x32_20>("threefry4x32", seed);
  moments_of<rocrand_state_threefry2x64_20>("threefry2x64", seed);
  moments_of<rocrand_state_threefry4x64_20>("threefry4x64", seed);
  {
    rocrand_state_lfsr113* states;
    HIP_CHECK(hipMalloc(&states, 8 * 64 * sizeof(rocrand_state_lfsr113)));
    init_lfsr_states<<<8, 64>>>(seeds, states);
    check_moments("lfsr113", states);
    HIP_CHECK(hipFree(states));
  }

  // skipahead_subsequence(k) from subsequence 0 == subsequence k, offsets too.
  unsigned long long* sk;
  HIP_CHECK(hipMalloc(&sk, 6 * 8));
  skips<<<1, 1>>>(sk);
  unsigned long long hsk[6];
  HIP_CHECK(hipMemcpy(hsk, sk, sizeof hsk, hipMemcpyDeviceToHost));
  CHECK(hsk[0] == hsk[1], "mrg31k3p skipahead: %llx vs %llx", hsk[0], hsk[1]);
  CHECK(hsk[2] == hsk[3], "lfsr113 skipahead: %llx vs %llx", hsk[2], hsk[3]);
  CHECK(hsk[4] == hsk[5], "threefry4x64 skipahead: %llx vs %llx", hsk[4], hsk[5]);

  printf("PASS\n");
  return 0;
}
