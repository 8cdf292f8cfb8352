// A CPU code object as hipcc --genco / hiprtc build it: compiled with
// -D__FERROCM_CODE_OBJECT__ -shared -fPIC together with code_object_table.cpp.
#include <hip/hip_runtime.h>

extern "C" __global__ void vscale(float *p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}

namespace ns {
__global__ void fill(int *p, int v) { p[threadIdx.x] = v + (int)threadIdx.x; }
} // namespace ns

// A template kernel as hipcc rewrites it: the instance lists itself in the kernel table.
template <typename T> __global__ void tfill(T *p, T v) {
  (void)::hip_impl::kernel_self<&::tfill<T>>::registered;
  p[threadIdx.x] = v;
}
template __global__ void tfill<int>(int *, int);

extern "C" {
__device__ int dev_value = 42;
}

FERROCM_REGISTER_KERNEL(0, ::vscale, "::vscale")
FERROCM_REGISTER_KERNEL(1, ::ns::fill, "::ns::fill")
FERROCM_REGISTER_VARIABLE(2, ::dev_value, "::dev_value")
