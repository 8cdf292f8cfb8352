// cuDNN -> MIOpen where MIOpen has the call; the rest is reported.
#include <cudnn.h>

int make(cudnnTensorDescriptor_t *t) {
  cudnnHandle_t h;
  if (cudnnCreate(&h) != CUDNN_STATUS_SUCCESS) return 1;
  cudnnCreateTensorDescriptor(t);
  cudnnSetTensor4dDescriptor(*t, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 3, 8, 8);
  cudnnDestroy(h);
  return 0;
}
// expect-warning: 8: unsupported HIP identifier: cudnnSetTensor4dDescriptor
