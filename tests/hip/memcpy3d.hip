// hipMalloc3D + hipMemcpy3D (host <-> pitched device, with source/destination positions),
// hipMemset3D, and a kernel reading the pitched layout (pitch * ysize per slice).
#include "hip_test.h"

__global__ void check_layout(const char *base, size_t pitch, size_t ysize, int w, int h, int d, int *bad) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d) {
    char v = base[(size_t)z * pitch * ysize + (size_t)y * pitch + x];
    if (v != (char)(x + 3 * y + 7 * z)) atomicAdd(bad, 1);
  }
}

int main() {
  const int W = 37, H = 11, D = 5;
  hipExtent ext = make_hipExtent(W, H, D);
  hipPitchedPtr dp;
  HIP_CHECK(hipMalloc3D(&dp, ext));
  CHECK(dp.ptr != nullptr, "null 3D allocation");
  CHECK(dp.pitch >= (size_t)W, "pitch %zu < width %d", dp.pitch, W);
  CHECK_EQ(dp.xsize, (size_t)W);
  CHECK_EQ(dp.ysize, (size_t)H);
  std::vector<char> h(W * H * D), back(W * H * D, 0);
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) h[(z * H + y) * W + x] = (char)(x + 3 * y + 7 * z);
  HIP_CHECK(hipMemset3D(dp, 0, ext));
  hipMemcpy3DParms up = {};
  up.srcPtr = make_hipPitchedPtr(h.data(), W, W, H);
  up.dstPtr = dp;
  up.extent = ext;
  up.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3D(&up));
  int *bad = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&bad, sizeof(int), hipMemAttachGlobal));
  *bad = 0;
  hipLaunchKernelGGL(check_layout, dim3(H, D), dim3(64), 0, 0, (const char *)dp.ptr, dp.pitch, dp.ysize, W, H, D,
                     bad);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*bad, 0);
  hipMemcpy3DParms down = {};
  down.srcPtr = dp;
  down.dstPtr = make_hipPitchedPtr(back.data(), W, W, H);
  down.extent = ext;
  down.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipMemcpy3D(&down));
  CHECK(back == h, "3D round trip differs");

  // A 4x3x2 box from source position (2,1,1) to destination position (10,5,2), async.
  HIP_CHECK(hipMemset3D(dp, 0x7f, ext));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipMemcpy3DParms box = {};
  box.srcPtr = make_hipPitchedPtr(h.data(), W, W, H);
  box.srcPos = make_hipPos(2, 1, 1);
  box.dstPtr = dp;
  box.dstPos = make_hipPos(10, 5, 2);
  box.extent = make_hipExtent(4, 3, 2);
  box.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3DAsync(&box, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpy3D(&down));
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        bool in = x >= 10 && x < 14 && y >= 5 && y < 8 && z >= 2 && z < 4;
        char want = in ? h[((z - 1) * H + (y - 4)) * W + (x - 8)] : (char)0x7f;
        char got = back[(z * H + y) * W + x];
        if (got != want) FAIL_AT("box copy (%d,%d,%d): %d, expected %d", x, y, z, got, want);
      }
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(dp.ptr));
  HIP_CHECK(hipFree(bad));
  return hip_test::pass();
}
