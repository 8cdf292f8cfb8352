// cuComplex -> hip_complex.
#include <cuComplex.h>

__device__ cuFloatComplex mul_add(cuFloatComplex a, cuFloatComplex b, cuDoubleComplex *d) {
  *d = make_cuDoubleComplex(cuCreal(*d) + 1.0, 0.0);
  return cuCaddf(cuCmulf(a, b), make_cuFloatComplex(cuCrealf(a), cuCimagf(b)));
}
