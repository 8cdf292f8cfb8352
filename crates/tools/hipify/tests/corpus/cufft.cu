// cuFFT -> hipFFT.
#include <cufft.h>

int fft(cufftComplex *data, int n) {
  cufftHandle plan;
  if (cufftPlan1d(&plan, n, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;
  cufftResult r = cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftDestroy(plan);
  return r == CUFFT_SUCCESS ? 0 : 1;
}
