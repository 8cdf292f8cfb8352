// cuRAND host API -> hipRAND.
#include <curand.h>

void uniform(float *d, size_t n) {
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, d, n);
  curandDestroyGenerator(gen);
}
