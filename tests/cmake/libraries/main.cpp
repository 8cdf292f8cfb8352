// Each library whose package the prefix has, used the way its samples do; PASS/FAIL.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#ifdef HAVE_HIPFFT
#include <hipfft/hipfft.h>
#endif
#ifdef HAVE_HIPRAND
#include <hiprand/hiprand.h>
#endif
#ifdef HAVE_HIPCUB
#include <hipcub/hipcub.hpp>
#endif
#ifdef HAVE_ROCTHRUST
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#endif

#define CHECK(cond)                                  \
  do {                                               \
    if (!(cond)) {                                   \
      std::printf("FAIL: %s (line %d)\n", #cond, __LINE__); \
      return 1;                                      \
    }                                                \
  } while (0)

int main() {
  int used = 0;
#ifdef HAVE_HIPFFT
  {
    // The transform of an impulse is all ones.
    const int n = 16;
    std::vector<hipfftComplex> h(n, hipfftComplex{0.0f, 0.0f});
    h[0].x = 1.0f;
    hipfftComplex* d;
    CHECK(hipMalloc(&d, n * sizeof(hipfftComplex)) == hipSuccess);
    CHECK(hipMemcpy(d, h.data(), n * sizeof(hipfftComplex), hipMemcpyHostToDevice) == hipSuccess);
    hipfftHandle plan;
    CHECK(hipfftPlan1d(&plan, n, HIPFFT_C2C, 1) == HIPFFT_SUCCESS);
    CHECK(hipfftExecC2C(plan, d, d, HIPFFT_FORWARD) == HIPFFT_SUCCESS);
    CHECK(hipMemcpy(h.data(), d, n * sizeof(hipfftComplex), hipMemcpyDeviceToHost) == hipSuccess);
    for (int i = 0; i < n; ++i) CHECK(std::fabs(h[i].x - 1.0f) < 1e-5f && std::fabs(h[i].y) < 1e-5f);
    CHECK(hipfftDestroy(plan) == HIPFFT_SUCCESS);
    CHECK(hipFree(d) == hipSuccess);
    std::printf("hipFFT ok\n");
    ++used;
  }
#endif
#ifdef HAVE_HIPRAND
  {
    const size_t n = 1000;
    float* d;
    CHECK(hipMalloc(&d, n * sizeof(float)) == hipSuccess);
    hiprandGenerator_t g;
    CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT) == HIPRAND_STATUS_SUCCESS);
    CHECK(hiprandGenerateUniform(g, d, n) == HIPRAND_STATUS_SUCCESS);
    std::vector<float> h(n);
    CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
    for (float v : h) CHECK(v > 0.0f && v <= 1.0f);
    CHECK(hiprandDestroyGenerator(g) == HIPRAND_STATUS_SUCCESS);
    CHECK(hipFree(d) == hipSuccess);
    std::printf("hipRAND ok\n");
    ++used;
  }
#endif
#ifdef HAVE_HIPCUB
  {
    const int n = 1000;
    std::vector<int> h(n, 2);
    int *in, *out;
    CHECK(hipMalloc(&in, n * sizeof(int)) == hipSuccess);
    CHECK(hipMalloc(&out, sizeof(int)) == hipSuccess);
    CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice) == hipSuccess);
    size_t bytes = 0;
    CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, in, out, n) == hipSuccess);
    void* temp = nullptr;
    CHECK(hipMalloc(&temp, bytes ? bytes : 1) == hipSuccess);
    CHECK(hipcub::DeviceReduce::Sum(temp, bytes, in, out, n) == hipSuccess);
    int sum = 0;
    CHECK(hipMemcpy(&sum, out, sizeof(int), hipMemcpyDeviceToHost) == hipSuccess);
    CHECK(sum == 2 * n);
    CHECK(hipFree(temp) == hipSuccess && hipFree(in) == hipSuccess && hipFree(out) == hipSuccess);
    std::printf("hipCUB ok\n");
    ++used;
  }
#endif
#ifdef HAVE_ROCTHRUST
  {
    thrust::device_vector<int> v(1000, 3);
    CHECK(thrust::reduce(v.begin(), v.end()) == 3000);
    std::printf("rocThrust ok\n");
    ++used;
  }
#endif
  std::printf("%d libraries used\nPASS\n", used);
  return 0;
}
