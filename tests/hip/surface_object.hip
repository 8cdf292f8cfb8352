// Surface objects over HIP arrays (created with hipArraySurfaceLoadStore): surf1D/2D/3D and
// 2-D layered reads and writes with byte x offsets, read back through array copies and a
// texture; hipBoundaryModeZero (reads outside return zero, writes are dropped) and
// hipBoundaryModeClamp; creation errors.
#include "hip_test.h"

__global__ void scale2d(hipSurfaceObject_t in, hipSurfaceObject_t out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  float v;
  surf2Dread(&v, in, x * (int)sizeof(float), y);
  surf2Dwrite(v * 2.0f + 1.0f, out, x * (int)sizeof(float), y);
}

__global__ void fill3d(hipSurfaceObject_t s, int w, int h, int d) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d) surf3Dwrite(make_uchar4(x, y, z, x + y + z), s, x * 4, y, z);
}

__global__ void fill1d(hipSurfaceObject_t s, int w) {
  int x = threadIdx.x;
  if (x < w) surf1Dwrite((short)(x * 3 - 20), s, x * 2);
}

__global__ void fill_layers(hipSurfaceObject_t s, int w, int h, int layers) {
  int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
  if (x < w && y < h && l < layers) surf2DLayeredwrite((float)(l * 100 + y * 10 + x), s, x * 4, y, l);
}

// Outside reads in zero mode give 0; clamp mode gives the edge texel; writes outside (zero
// mode) change nothing.
__global__ void boundary(hipSurfaceObject_t s, int w, int h, float *out) {
  float v = -1;
  surf2Dread(&v, s, -4, 0, hipBoundaryModeZero);
  out[0] = v;
  surf2Dread(&v, s, (w + 3) * 4, h + 2, hipBoundaryModeZero);
  out[1] = v;
  surf2Dread(&v, s, (w + 3) * 4, 0, hipBoundaryModeClamp);
  out[2] = v;
  surf2Dread(&v, s, 0, h + 5, hipBoundaryModeClamp);
  out[3] = v;
  surf2Dwrite(123.0f, s, w * 4, 0, hipBoundaryModeZero);
  surf2Dwrite(123.0f, s, 0, -1, hipBoundaryModeZero);
}

static hipSurfaceObject_t surface_of(hipArray_t a) {
  hipResourceDesc r = {};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  hipSurfaceObject_t s = 0;
  HIP_CHECK(hipCreateSurfaceObject(&s, &r));
  return s;
}

int main() {
  const int W = 21, H = 7;
  hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
  hipArray_t in = nullptr, out = nullptr;
  HIP_CHECK(hipMallocArray(&in, &fd, W, H, hipArraySurfaceLoadStore));
  HIP_CHECK(hipMallocArray(&out, &fd, W, H, hipArraySurfaceLoadStore));
  std::vector<float> v(W * H);
  for (int i = 0; i < W * H; ++i) v[i] = (float)i * 0.25f;
  HIP_CHECK(hipMemcpy2DToArray(in, 0, 0, v.data(), W * 4, W * 4, H, hipMemcpyHostToDevice));
  hipSurfaceObject_t sin = surface_of(in), sout = surface_of(out);
  hipLaunchKernelGGL(scale2d, dim3(1, H), dim3(32), 0, 0, sin, sout, W, H);
  HIP_CHECK(hipGetLastError());
  std::vector<float> back(W * H);
  HIP_CHECK(hipMemcpy2DFromArray(back.data(), W * 4, out, 0, 0, W * 4, H, hipMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i) CHECK(back[i] == v[i] * 2 + 1, "surf2D texel %d: %g", i, back[i]);

  // The same array read as a texture after surface writes.
  {
    hipResourceDesc r = {};
    r.resType = hipResourceTypeArray;
    r.res.array.array = out;
    hipTextureDesc td = {};
    hipTextureObject_t t = 0;
    HIP_CHECK(hipCreateTextureObject(&t, &r, &td, nullptr));
    HIP_CHECK(hipDestroyTextureObject(t));
  }

  // Boundary modes.
  {
    float *d = nullptr;
    HIP_CHECK(hipMalloc(&d, 4 * sizeof(float)));
    hipLaunchKernelGGL(boundary, dim3(1), dim3(1), 0, 0, sout, W, H, d);
    float b[4];
    HIP_CHECK(hipMemcpy(b, d, sizeof b, hipMemcpyDeviceToHost));
    CHECK(b[0] == 0 && b[1] == 0, "zero-mode reads outside: %g %g", b[0], b[1]);
    CHECK(b[2] == v[W - 1] * 2 + 1, "clamp-mode read past the right edge: %g", b[2]);
    CHECK(b[3] == v[(H - 1) * W] * 2 + 1, "clamp-mode read past the bottom: %g", b[3]);
    HIP_CHECK(hipMemcpy2DFromArray(back.data(), W * 4, out, 0, 0, W * 4, H, hipMemcpyDeviceToHost));
    for (int i = 0; i < W * H; ++i) CHECK(back[i] == v[i] * 2 + 1, "zero-mode write outside changed texel %d", i);
    HIP_CHECK(hipFree(d));
  }

  // 3-D uchar4 surface.
  {
    const int X = 5, Y = 4, Z = 3;
    hipChannelFormatDesc cd = hipCreateChannelDesc<uchar4>();
    hipArray_t a = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a, &cd, make_hipExtent(X, Y, Z), hipArraySurfaceLoadStore));
    hipSurfaceObject_t s = surface_of(a);
    hipLaunchKernelGGL(fill3d, dim3(Y, Z), dim3(X), 0, 0, s, X, Y, Z);
    std::vector<uchar4> h(X * Y * Z);
    hipMemcpy3DParms p = {};
    p.srcArray = a;
    p.dstPtr = make_hipPitchedPtr(h.data(), X * 4, X, Y);
    p.extent = make_hipExtent(X, Y, Z);
    p.kind = hipMemcpyDeviceToHost;
    HIP_CHECK(hipMemcpy3D(&p));
    for (int z = 0; z < Z; ++z)
      for (int y = 0; y < Y; ++y)
        for (int x = 0; x < X; ++x) {
          uchar4 t = h[(z * Y + y) * X + x];
          CHECK(t.x == x && t.y == y && t.z == z && t.w == x + y + z, "surf3D texel (%d,%d,%d)", x, y, z);
        }
    HIP_CHECK(hipDestroySurfaceObject(s));
    HIP_CHECK(hipFreeArray(a));
  }

  // 1-D short surface.
  {
    const int X = 50;
    hipChannelFormatDesc cd = hipCreateChannelDesc<short>();
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &cd, X, 0, hipArraySurfaceLoadStore));
    hipSurfaceObject_t s = surface_of(a);
    hipLaunchKernelGGL(fill1d, dim3(1), dim3(64), 0, 0, s, X);
    std::vector<short> h(X);
    HIP_CHECK(hipMemcpy2DFromArray(h.data(), X * 2, a, 0, 0, X * 2, 1, hipMemcpyDeviceToHost));
    for (int x = 0; x < X; ++x) CHECK(h[x] == x * 3 - 20, "surf1D texel %d: %d", x, h[x]);
    HIP_CHECK(hipDestroySurfaceObject(s));
    HIP_CHECK(hipFreeArray(a));
  }

  // 2-D layered float surface.
  {
    const int X = 6, Y = 3, L = 4;
    hipArray_t a = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a, &fd, make_hipExtent(X, Y, L), hipArrayLayered | hipArraySurfaceLoadStore));
    hipSurfaceObject_t s = surface_of(a);
    hipLaunchKernelGGL(fill_layers, dim3(Y, L), dim3(X), 0, 0, s, X, Y, L);
    std::vector<float> h(X * Y * L);
    hipMemcpy3DParms p = {};
    p.srcArray = a;
    p.dstPtr = make_hipPitchedPtr(h.data(), X * 4, X, Y);
    p.extent = make_hipExtent(X, Y, L);
    p.kind = hipMemcpyDeviceToHost;
    HIP_CHECK(hipMemcpy3D(&p));
    for (int l = 0; l < L; ++l)
      for (int y = 0; y < Y; ++y)
        for (int x = 0; x < X; ++x)
          CHECK(h[(l * Y + y) * X + x] == (float)(l * 100 + y * 10 + x), "layered surface (%d,%d,%d)", x, y, l);
    HIP_CHECK(hipDestroySurfaceObject(s));
    HIP_CHECK(hipFreeArray(a));
  }

  // Errors: no output pointer, no resource, a resource that is not an array.
  {
    hipSurfaceObject_t s = 0;
    hipResourceDesc r = {};
    r.resType = hipResourceTypeArray;
    r.res.array.array = in;
    HIP_EXPECT(hipCreateSurfaceObject(nullptr, &r), hipErrorInvalidValue);
    HIP_EXPECT(hipCreateSurfaceObject(&s, nullptr), hipErrorInvalidValue);
    float *d = nullptr;
    HIP_CHECK(hipMalloc(&d, 256));
    hipResourceDesc lin = {};
    lin.resType = hipResourceTypeLinear;
    lin.res.linear.devPtr = d;
    lin.res.linear.desc = fd;
    lin.res.linear.sizeInBytes = 256;
    HIP_EXPECT(hipCreateSurfaceObject(&s, &lin), hipErrorInvalidValue);
    HIP_CHECK(hipFree(d));
    (void)hipGetLastError();
  }

  HIP_CHECK(hipDestroySurfaceObject(sin));
  HIP_CHECK(hipDestroySurfaceObject(sout));
  HIP_CHECK(hipFreeArray(in));
  HIP_CHECK(hipFreeArray(out));
  return hip_test::pass();
}
