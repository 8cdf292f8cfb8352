// std::complex<float> and std::complex<double> arithmetic and functions (+ - * /, abs, arg,
// conj, exp, sqrt, polar) in kernels against the host.
#include "hip_test.h"
#include <complex>

template <typename T> __global__ void cplx(const std::complex<T> *a, const std::complex<T> *b, std::complex<T> *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  std::complex<T> x = a[i], y = b[i];
  o[i * 8 + 0] = x + y;
  o[i * 8 + 1] = x - y;
  o[i * 8 + 2] = x * y;
  o[i * 8 + 3] = x / y;
  o[i * 8 + 4] = std::complex<T>(std::abs(x), std::arg(x));
  o[i * 8 + 5] = std::conj(x) * (T)2;
  o[i * 8 + 6] = std::exp(x * (T)0.1);
  o[i * 8 + 7] = std::sqrt(y);
}

template <typename T> static void run(double tol, const char *tn) {
  const int n = 500;
  std::complex<T> *a, *b, *o;
  HIP_CHECK(hipMallocManaged((void **)&a, n * sizeof(*a), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&b, n * sizeof(*b), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&o, n * 8 * sizeof(*o), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) {
    a[i] = std::complex<T>((T)(i % 17) - 8, (T)(i % 5) - 2.5);
    b[i] = std::complex<T>((T)(i % 3) + 0.5, (T)(i % 11) - 5);
  }
  hipLaunchKernelGGL(cplx<T>, dim3((n + 63) / 64), dim3(64), 0, 0, a, b, o, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    std::complex<double> x(a[i].real(), a[i].imag()), y(b[i].real(), b[i].imag());
    std::complex<double> w[8] = {x + y, x - y, x * y, x / y, {std::abs(x), std::arg(x)}, std::conj(x) * 2.0,
                                 std::exp(x * 0.1), std::sqrt(y)};
    for (int k = 0; k < 8; ++k) {
      std::complex<double> g(o[i * 8 + k].real(), o[i * 8 + k].imag());
      if (std::abs(g - w[k]) > tol * std::fmax(1.0, std::abs(w[k])))
        FAIL_AT("complex<%s> op %d, i=%d: (%g,%g), expected (%g,%g)", tn, k, i, g.real(), g.imag(), w[k].real(),
                w[k].imag());
    }
  }
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(o));
}

int main() {
  run<float>(1e-5, "float");
  run<double>(1e-13, "double");
  return hip_test::pass();
}
