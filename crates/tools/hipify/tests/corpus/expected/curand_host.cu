#include "hip/hip_runtime.h"
// cuRAND host API -> hipRAND.
#include <hiprand/hiprand.h>

void uniform(float *d, size_t n) {
  hiprandGenerator_t gen;
  hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
  hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  hiprandGenerateUniform(gen, d, n);
  hiprandDestroyGenerator(gen);
}
