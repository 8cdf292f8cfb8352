// Static __shared__ tiles: tiled matrix transpose (32x33 padded tile) for square and
// non-multiple sizes; shared memory belongs to the running block (every block of a big grid sees
// only its own data); two __shared__ arrays in one kernel do not alias.
#include "hip_test.h"

#define TILE 32
__global__ void transpose(const float *in, float *out, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void ownership(int *bad) {
  __shared__ int a[256];
  __shared__ int b[256];
  int t = threadIdx.x;
  a[t] = blockIdx.x * 1000 + t;
  b[t] = -(int)blockIdx.x;
  __syncthreads();
  for (int k = 0; k < 50; ++k) {
    int other = (t + k) % blockDim.x;
    if (a[other] != (int)blockIdx.x * 1000 + other || b[other] != -(int)blockIdx.x) atomicAdd(bad, 1);
    __syncthreads();
    a[t] += 1;
    __syncthreads();
    if (a[other] != (int)blockIdx.x * 1000 + other + 1) atomicAdd(bad, 1);
    __syncthreads();
    a[t] -= 1;
    __syncthreads();
  }
}

int main() {
  const int dims[][2] = {{32, 32}, {64, 96}, {1000, 33}, {17, 513}, {1024, 1024}};
  for (auto &d : dims) {
    int w = d[0], h = d[1];
    float *in, *out;
    HIP_CHECK(hipMallocManaged((void **)&in, (size_t)w * h * sizeof(float), hipMemAttachGlobal));
    HIP_CHECK(hipMallocManaged((void **)&out, (size_t)w * h * sizeof(float), hipMemAttachGlobal));
    for (int i = 0; i < w * h; ++i) {
      in[i] = (float)i;
      out[i] = -1.0f;
    }
    hipLaunchKernelGGL(transpose, dim3((w + TILE - 1) / TILE, (h + TILE - 1) / TILE), dim3(TILE, 8), 0, 0, in, out,
                       w, h);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (out[x * h + y] != in[y * w + x])
          FAIL_AT("%dx%d: out[%d][%d] = %g, expected %g", w, h, x, y, out[x * h + y], in[y * w + x]);
    HIP_CHECK(hipFree(in));
    HIP_CHECK(hipFree(out));
  }
  int *bad = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&bad, sizeof(int), hipMemAttachGlobal));
  *bad = 0;
  hipLaunchKernelGGL(ownership, dim3(512), dim3(256), 0, 0, bad);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*bad, 0);
  HIP_CHECK(hipFree(bad));
  return hip_test::pass();
}
