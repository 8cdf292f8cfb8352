// hipRAND and rocRAND host APIs the way applications use them: a device generator on a
// stream between a kernel and an async copy, seeds and offsets, every output type, the
// Poisson distribution, a host generator, Sobol32 and its direction vectors, and the
// documented failures. Prints PASS.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <rocrand/rocrand.h>

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
#define ROC_CHECK(x) CHECK((x) == ROCRAND_STATUS_SUCCESS, "%s", #x)

__global__ void scale(float* v, size_t n, float k) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= k;
}

template <class T> static void mean_var(const std::vector<T>& v, double& m, double& var) {
  m = 0;
  for (T x : v) m += (double)x;
  m /= v.size();
  var = 0;
  for (T x : v) var += ((double)x - m) * ((double)x - m);
  var /= v.size();
}

int main() {
  const size_t n = 1 << 20;
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  float* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(float)));

  hiprandGenerator_t gen;
  RAND_CHECK(hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT));
  RAND_CHECK(hiprandSetStream(gen, stream));
  RAND_CHECK(hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  // Uniform on the stream, then a kernel and a copy after it on the same stream.
  RAND_CHECK(hiprandGenerateUniform(gen, d, n));
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n, 2.0f);
  std::vector<float> h(n);
  HIP_CHECK(hipMemcpyAsync(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  double m, var;
  mean_var(h, m, var);
  CHECK(fabs(m - 1.0) < 0.01 && fabs(var - 4.0 / 12) < 0.01, "uniform*2: mean %f var %f", m, var);
  for (float x : h) CHECK(x > 0.0f && x <= 2.0f, "uniform out of (0,1]: %f", x / 2);

  // The same seed gives the same numbers; an offset shifts them (Philox is one stream).
  hiprandGenerator_t p1, p2;
  RAND_CHECK(hiprandCreateGenerator(&p1, HIPRAND_RNG_PSEUDO_PHILOX4_32_10));
  RAND_CHECK(hiprandCreateGenerator(&p2, HIPRAND_RNG_PSEUDO_PHILOX4_32_10));
  RAND_CHECK(hiprandSetGeneratorOffset(p2, 10));
  unsigned int *a, *b;
  HIP_CHECK(hipMalloc(&a, 64 * sizeof(unsigned int)));
  HIP_CHECK(hipMalloc(&b, 64 * sizeof(unsigned int)));
  RAND_CHECK(hiprandGenerate(p1, a, 64));
  RAND_CHECK(hiprandGenerate(p2, b, 54));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned int> ha(64), hb(64);
  HIP_CHECK(hipMemcpy(ha.data(), a, 64 * 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hb.data(), b, 64 * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < 54; i++) CHECK(hb[i] == ha[i + 10], "offset: %d: %u vs %u", i, hb[i], ha[i + 10]);

  // Normal, log-normal, double, half, char, short, Poisson.
  RAND_CHECK(hiprandGenerateNormal(gen, d, n, 5.0f, 3.0f));
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
  mean_var(h, m, var);
  CHECK(fabs(m - 5.0) < 0.02 && fabs(var - 9.0) < 0.1, "normal: mean %f var %f", m, var);
  RAND_CHECK(hiprandGenerateLogNormal(gen, d, n, 0.0f, 0.5f));
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
  mean_var(h, m, var);
  CHECK(fabs(m - exp(0.125)) < 0.01, "log-normal: mean %f", m);
  double* dd;
  HIP_CHECK(hipMalloc(&dd, n * sizeof(double)));
  RAND_CHECK(hiprandGenerateNormalDouble(gen, dd, n, -1.0, 0.5));
  std::vector<double> hd(n);
  HIP_CHECK(hipMemcpy(hd.data(), dd, n * sizeof(double), hipMemcpyDeviceToHost));
  mean_var(hd, m, var);
  CHECK(fabs(m + 1.0) < 0.01 && fabs(var - 0.25) < 0.01, "normal double: mean %f var %f", m, var);
  RAND_CHECK(hiprandGenerateUniformHalf(gen, (half*)d, 1000));
  RAND_CHECK(hiprandGenerateNormalHalf(gen, (half*)d, 1000, (half)2.0f, (half)1.0f));
  std::vector<half> hh(1000);
  HIP_CHECK(hipMemcpy(hh.data(), d, 1000 * sizeof(half), hipMemcpyDeviceToHost));
  double hm = 0;
  for (half x : hh) hm += (float)x;
  CHECK(fabs(hm / 1000 - 2.0) < 0.15, "normal half: mean %f (the half mean/stddev arrive)", hm / 1000);
  RAND_CHECK(hiprandGenerateChar(gen, (unsigned char*)d, 4096));
  RAND_CHECK(hiprandGenerateShort(gen, (unsigned short*)d, 4096));
  unsigned int* pois;
  HIP_CHECK(hipMalloc(&pois, n * sizeof(unsigned int)));
  RAND_CHECK(hiprandGeneratePoisson(gen, pois, n, 7.5));
  std::vector<unsigned int> hp(n);
  HIP_CHECK(hipMemcpy(hp.data(), pois, n * 4, hipMemcpyDeviceToHost));
  mean_var(hp, m, var);
  CHECK(fabs(m - 7.5) < 0.03 && fabs(var - 7.5) < 0.1, "poisson: mean %f var %f", m, var);

  // A host generator writes host memory and returns when done.
  hiprandGenerator_t host;
  RAND_CHECK(hiprandCreateGeneratorHost(&host, HIPRAND_RNG_PSEUDO_MRG32K3A));
  std::vector<double> hu(1000);
  RAND_CHECK(hiprandGenerateUniformDouble(host, hu.data(), hu.size()));
  for (double x : hu) CHECK(x > 0.0 && x <= 1.0, "host uniform double %f", x);

  // Documented failures.
  CHECK(hiprandGenerate(nullptr, a, 4) == HIPRAND_STATUS_NOT_INITIALIZED, "NULL generator");
  CHECK(hiprandGeneratePoisson(gen, pois, 4, 0.0) == HIPRAND_STATUS_OUT_OF_RANGE, "lambda 0");
  CHECK(hiprandGenerateLongLong(gen, (unsigned long long*)dd, 4) == HIPRAND_STATUS_TYPE_ERROR, "64-bit from XORWOW");
  CHECK(hiprandSetQuasiRandomGeneratorDimensions(gen, 4) == HIPRAND_STATUS_TYPE_ERROR, "dimensions of a pseudo generator");
  CHECK(hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_QUASI_DEFAULT) == HIPRAND_STATUS_OUT_OF_RANGE, "quasi ordering");
  CHECK(hiprandCreateGenerator(&p1, (hiprandRngType_t)12345) == HIPRAND_STATUS_TYPE_ERROR, "unknown type");
  int version = 0;
  RAND_CHECK(hiprandGetVersion(&version));
  CHECK(version == HIPRAND_VERSION, "version %d", version);

  // Quasi-random: Sobol32 through the host API; direction vectors; what is not there.
  hiprandGenerator_t q;
  RAND_CHECK(hiprandCreateGenerator(&q, HIPRAND_RNG_QUASI_SOBOL32));
  RAND_CHECK(hiprandSetQuasiRandomGeneratorDimensions(q, 4));
  RAND_CHECK(hiprandGenerateUniform(q, d, 4 * 1024));
  HIP_CHECK(hipMemcpy(h.data(), d, 4 * 1024 * sizeof(float), hipMemcpyDeviceToHost));
  for (int dim = 0; dim < 4; dim++) {
    std::vector<int> bins(1024, 0);
    for (int k = 0; k < 1024; k++) bins[(int)fminf(h[dim * 1024 + k] * 1024.0f, 1023.0f)]++;
    for (int b = 0; b < 1024; b++) CHECK(bins[b] == 1, "Sobol dimension %d is not stratified at %d", dim, b);
  }
  CHECK(hiprandGenerate(q, a, 6) == HIPRAND_STATUS_LENGTH_NOT_MULTIPLE, "6 outputs over 4 dimensions");
  CHECK(hiprandSetQuasiRandomGeneratorDimensions(q, 0) == HIPRAND_STATUS_OUT_OF_RANGE, "0 dimensions");
  CHECK(hiprandSetQuasiRandomGeneratorDimensions(q, 20001) == HIPRAND_STATUS_OUT_OF_RANGE, "20001 dimensions");
  RAND_CHECK(hiprandDestroyGenerator(q));
  hiprandDirectionVectors32_t* dv;
  RAND_CHECK(hiprandGetDirectionVectors32(&dv, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6));
  CHECK(dv[0][0] == 0x80000000u && dv[1][1] == 0xc0000000u, "direction vectors %08x %08x", dv[0][0], dv[1][1]);
  CHECK(hiprandGetDirectionVectors32(&dv, HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) == HIPRAND_STATUS_NOT_IMPLEMENTED,
        "scrambled vectors");
  CHECK(hiprandGetDirectionVectors32(&dv, (hiprandDirectionVectorSet_t)7) == HIPRAND_STATUS_OUT_OF_RANGE, "unknown set");
  const unsigned int* sc;
  CHECK(hiprandGetScrambleConstants32(&sc) == HIPRAND_STATUS_NOT_IMPLEMENTED, "scramble constants");
  CHECK(hiprandCreateGenerator(&q, HIPRAND_RNG_PSEUDO_MTGP32) == HIPRAND_STATUS_NOT_IMPLEMENTED, "MTGP32 on the CPU");

  // rocRAND's API over the same core.
  rocrand_generator rg;
  ROC_CHECK(rocrand_create_generator(&rg, ROCRAND_RNG_PSEUDO_PHILOX4_32_10));
  ROC_CHECK(rocrand_generate(rg, b, 64));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hb.data(), b, 64 * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) CHECK(hb[i] == ha[i], "rocRAND vs hipRAND Philox: %d", i);
  CHECK(rocrand_generate(nullptr, b, 4) == ROCRAND_STATUS_NOT_CREATED, "rocrand NULL generator");
  const unsigned long long* dv64;
  ROC_CHECK(rocrand_get_direction_vectors64(&dv64, ROCRAND_DIRECTION_VECTORS_64_JOEKUO6));
  CHECK(dv64[0] == 1ULL << 63, "64-bit direction vectors");
  CHECK(rocrand_get_direction_vectors64(&dv64, ROCRAND_DIRECTION_VECTORS_32_JOEKUO6) == ROCRAND_STATUS_OUT_OF_RANGE,
        "a 32-bit set for 64-bit vectors");
  rocrand_generator lf;
  ROC_CHECK(rocrand_create_generator(&lf, ROCRAND_RNG_PSEUDO_LFSR113));
  ROC_CHECK(rocrand_destroy_generator(lf));
  // A generator this build does not have (its parameter sets are not available).
  CHECK(rocrand_create_generator(&lf, ROCRAND_RNG_PSEUDO_MTGP32) == ROCRAND_STATUS_TYPE_ERROR, "MTGP32");
  CHECK(rocrand_set_seed(nullptr, 1) == ROCRAND_STATUS_NOT_CREATED, "rocrand NULL seed");
  ROC_CHECK(rocrand_destroy_generator(rg));
  CHECK(rocrand_destroy_generator(rg) == ROCRAND_STATUS_NOT_CREATED, "double destroy");

  RAND_CHECK(hiprandDestroyGenerator(gen));
  RAND_CHECK(hiprandDestroyGenerator(p1));
  RAND_CHECK(hiprandDestroyGenerator(p2));
  RAND_CHECK(hiprandDestroyGenerator(host));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(pois));
  HIP_CHECK(hipStreamDestroy(stream));
  printf("PASS\n");
  return 0;
}
