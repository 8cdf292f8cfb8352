// hipMemcpy3DAsync and hipMemset3DAsync in stream order with kernels (device-to-device between
// pitched allocations with source and destination positions, hipMemcpyDefault), hipMemset3D of a
// sub-box leaving the rest untouched, empty extents as no-ops, and rejected parameters: NULL
// parameters or pointers, a bad copy kind, a box wider than the pitch or leaving the row or the
// allocation.
#include "hip_test.h"

__global__ void write_layout(char *base, size_t pitch, size_t ysize, int w, int h, int d, int salt) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d) base[(size_t)z * pitch * ysize + (size_t)y * pitch + x] = (char)(x + 5 * y + 11 * z + salt);
}

__global__ void count_value(const char *base, size_t pitch, size_t ysize, int w, int h, int d, char v, int *n) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d && base[(size_t)z * pitch * ysize + (size_t)y * pitch + x] == v) atomicAdd(n, 1);
}

int main() {
  const int W = 40, H = 9, D = 4;
  hipExtent ext = make_hipExtent(W, H, D);
  hipPitchedPtr a, b;
  HIP_CHECK(hipMalloc3D(&a, ext));
  HIP_CHECK(hipMalloc3D(&b, make_hipExtent(W + 100, H + 2, D + 1)));
  CHECK(a.pitch >= (size_t)W && b.pitch >= (size_t)W + 100, "pitches %zu %zu", a.pitch, b.pitch);
  HIP_EXPECT(hipMalloc3D(nullptr, ext), hipErrorInvalidValue);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  // Kernel -> 3-D copy (a sub-box into b at an offset) -> kernel counting, all async.
  HIP_CHECK(hipMemset3DAsync(b, 0x7f, make_hipExtent(b.xsize, b.ysize, D + 1), s));
  hipLaunchKernelGGL(write_layout, dim3(H, D), dim3(64), 0, s, (char *)a.ptr, a.pitch, a.ysize, W, H, D, 1);
  hipMemcpy3DParms p = {};
  p.srcPtr = a;
  p.srcPos = make_hipPos(3, 2, 1);
  p.dstPtr = b;
  p.dstPos = make_hipPos(50, 4, 2);
  p.extent = make_hipExtent(20, 5, 3);
  p.kind = hipMemcpyDefault;
  HIP_CHECK(hipMemcpy3DAsync(&p, s));
  int *hits;
  HIP_CHECK(hipMallocManaged((void **)&hits, sizeof(int), hipMemAttachGlobal));
  *hits = 0;
  hipLaunchKernelGGL(count_value, dim3(H + 2, D + 1), dim3(256), 0, s, (const char *)b.ptr, b.pitch, b.ysize,
                     W + 100, H + 2, D + 1, (char)0x7f, hits);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(*hits, (W + 100) * (H + 2) * (D + 1) - 20 * 5 * 3);
  std::vector<char> hb(b.pitch * b.ysize * (D + 1));
  HIP_CHECK(hipMemcpy(hb.data(), b.ptr, hb.size(), hipMemcpyDeviceToHost));
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 20; ++x) {
        char got = hb[(size_t)(z + 2) * b.pitch * b.ysize + (size_t)(y + 4) * b.pitch + (x + 50)];
        char want = (char)((x + 3) + 5 * (y + 2) + 11 * (z + 1) + 1);
        if (got != want) FAIL_AT("copied box (%d,%d,%d): %d, expected %d", x, y, z, got, want);
      }

  // hipMemset3D of a sub-box (through a pitched pointer at an offset) leaves the rest alone.
  HIP_CHECK(hipMemset3D(a, 0, ext));
  hipPitchedPtr inner = make_hipPitchedPtr((char *)a.ptr + a.pitch * a.ysize + a.pitch + 2, a.pitch, W - 2, a.ysize);
  HIP_CHECK(hipMemset3D(inner, 9, make_hipExtent(5, 3, 2)));
  std::vector<char> ha(a.pitch * a.ysize * D);
  HIP_CHECK(hipMemcpy(ha.data(), a.ptr, ha.size(), hipMemcpyDeviceToHost));
  int nines = 0;
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        bool in = z >= 1 && z < 3 && y >= 1 && y < 4 && x >= 2 && x < 7;
        char got = ha[(size_t)z * a.pitch * a.ysize + (size_t)y * a.pitch + x];
        if (got != (in ? 9 : 0)) FAIL_AT("memset3D (%d,%d,%d): %d", x, y, z, got);
        nines += in;
      }
  CHECK_EQ(nines, 5 * 3 * 2);

  // Empty extents do nothing and succeed.
  p.extent = make_hipExtent(0, 5, 3);
  HIP_CHECK(hipMemcpy3D(&p));
  HIP_CHECK(hipMemset3D(a, 1, make_hipExtent(W, 0, D)));
  HIP_CHECK(hipMemcpy(ha.data(), a.ptr, 1, hipMemcpyDeviceToHost));
  CHECK_EQ(ha[0], (char)0);

  // Rejected parameters.
  HIP_EXPECT(hipMemcpy3D(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipMemcpy3DAsync(nullptr, s), hipErrorInvalidValue);
  p.extent = make_hipExtent(20, 5, 3);
  p.kind = (hipMemcpyKind)42;
  HIP_EXPECT(hipMemcpy3D(&p), hipErrorInvalidMemcpyDirection);
  p.kind = hipMemcpyDeviceToDevice;
  hipMemcpy3DParms q = p;
  q.srcPtr.ptr = nullptr;
  HIP_EXPECT(hipMemcpy3D(&q), hipErrorInvalidValue);
  q = p;
  q.srcPtr.pitch = 10;  // narrower than the copy
  HIP_EXPECT_FAIL(hipMemcpy3D(&q));
  q = p;
  q.dstPos = make_hipPos(b.pitch - 10, 0, 0);  // leaves the destination row
  HIP_EXPECT_FAIL(hipMemcpy3D(&q));
  q = p;
  q.dstPos = make_hipPos(0, 0, D + 1);  // past the end of the destination allocation
  HIP_EXPECT_FAIL(hipMemcpy3D(&q));
  HIP_EXPECT(hipMemset3D(make_hipPitchedPtr(nullptr, 64, 64, 4), 0, make_hipExtent(8, 2, 2)), hipErrorInvalidValue);
  HIP_EXPECT_FAIL(hipMemset3D(make_hipPitchedPtr(a.ptr, 4, 4, 4), 0, make_hipExtent(8, 2, 2)));
  (void)hipGetLastError();
  // The destination is untouched by the rejected copies.
  std::vector<char> hb2(hb.size());
  HIP_CHECK(hipMemcpy(hb2.data(), b.ptr, hb2.size(), hipMemcpyDeviceToHost));
  CHECK(hb2 == hb, "rejected copies changed the destination");

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a.ptr));
  HIP_CHECK(hipFree(b.ptr));
  HIP_CHECK(hipFree(hits));
  return hip_test::pass();
}
