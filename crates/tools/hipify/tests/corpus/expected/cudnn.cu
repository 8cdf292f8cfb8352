#include "hip/hip_runtime.h"
// cuDNN -> MIOpen where MIOpen has the call; the rest is reported.
#include <miopen/miopen.h>

int make(miopenTensorDescriptor_t *t) {
  miopenHandle_t h;
  if (miopenCreate(&h) != miopenStatusSuccess) return 1;
  miopenCreateTensorDescriptor(t);
  cudnnSetTensor4dDescriptor(*t, miopenTensorNCHW, miopenFloat, 1, 3, 8, 8);
  miopenDestroy(h);
  return 0;
}
// expect-warning: 8: unsupported HIP identifier: cudnnSetTensor4dDescriptor
