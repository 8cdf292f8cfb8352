#include "hip/hip_runtime.h"
// cuComplex -> hip_complex.
#include <hip/hip_complex.h>

__device__ hipFloatComplex mul_add(hipFloatComplex a, hipFloatComplex b, hipDoubleComplex *d) {
  *d = make_hipDoubleComplex(hipCreal(*d) + 1.0, 0.0);
  return hipCaddf(hipCmulf(a, b), make_hipFloatComplex(hipCrealf(a), hipCimagf(b)));
}
