// HIP vector types: sizes and alignment, make_* functions, member access in kernels and on the
// host, and (HIP extension, AMD headers) arithmetic/comparison operators.
#include "hip_test.h"

static_assert(sizeof(char2) == 2 && sizeof(char4) == 4 && sizeof(uchar4) == 4, "char vectors");
static_assert(sizeof(short2) == 4 && sizeof(ushort4) == 8, "short vectors");
static_assert(sizeof(int2) == 8 && sizeof(int3) == 12 && sizeof(int4) == 16 && sizeof(uint4) == 16, "int vectors");
static_assert(sizeof(float2) == 8 && sizeof(float3) == 12 && sizeof(float4) == 16, "float vectors");
static_assert(sizeof(double2) == 16 && sizeof(double4) == 32 && sizeof(longlong2) == 16, "64-bit vectors");
static_assert(alignof(float4) == 16 && alignof(float2) == 8 && alignof(int4) == 16 && alignof(double2) == 16,
              "vector alignment");

__global__ void vec_kernel(const float4 *in, float4 *out, int2 *iout, double2 *dout, uchar4 *cout) {
  int i = threadIdx.x;
  float4 v = in[i];
  out[i] = make_float4(v.w, v.z, v.y, v.x);
  iout[i] = make_int2(i, -i);
  dout[i] = make_double2(v.x * 0.5, (double)i);
  cout[i] = make_uchar4((unsigned char)i, 1, 2, 255);
#if !HIP_TEST_NVIDIA
  float4 w = v + make_float4(1, 1, 1, 1);
  w *= 2.0f;
  out[64 + i] = w - v;
#else
  out[64 + i] = make_float4(2 * (v.x + 1) - v.x, 2 * (v.y + 1) - v.y, 2 * (v.z + 1) - v.z, 2 * (v.w + 1) - v.w);
#endif
}

int main() {
  float4 *in, *out;
  int2 *io;
  double2 *dd;
  uchar4 *cc;
  HIP_CHECK(hipMallocManaged((void **)&in, 64 * sizeof(float4), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&out, 128 * sizeof(float4), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&io, 64 * sizeof(int2), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&dd, 64 * sizeof(double2), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&cc, 64 * sizeof(uchar4), hipMemAttachGlobal));
  for (int i = 0; i < 64; ++i) in[i] = make_float4((float)i, i + 0.5f, -(float)i, 2.0f * i);
  hipLaunchKernelGGL(vec_kernel, dim3(1), dim3(64), 0, 0, in, out, io, dd, cc);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) {
    CHECK(out[i].x == 2.0f * i && out[i].y == -(float)i && out[i].z == i + 0.5f && out[i].w == (float)i,
          "swizzle %d: (%g,%g,%g,%g)", i, out[i].x, out[i].y, out[i].z, out[i].w);
    CHECK(io[i].x == i && io[i].y == -i, "int2 %d: (%d,%d)", i, io[i].x, io[i].y);
    CHECK(dd[i].x == i * 0.5 && dd[i].y == (double)i, "double2 %d", i);
    CHECK(cc[i].x == (unsigned char)i && cc[i].y == 1 && cc[i].z == 2 && cc[i].w == 255, "uchar4 %d", i);
    const float4 &v = in[i], &w = out[64 + i];
    CHECK(w.x == v.x + 2 && w.y == v.y + 2 && w.z == v.z + 2 && w.w == v.w + 2, "operators %d: (%g,%g,%g,%g)", i, w.x,
          w.y, w.z, w.w);
  }
  // Host-side make_* and members.
  int3 a = make_int3(1, 2, 3);
  CHECK(a.x == 1 && a.y == 2 && a.z == 3, "make_int3");
  ulonglong2 u = make_ulonglong2(1ull << 40, 7);
  CHECK(u.x == 1ull << 40 && u.y == 7, "make_ulonglong2");
  short4 s = make_short4(-1, 2, -3, 4);
  CHECK(s.x == -1 && s.w == 4, "make_short4");
  float1 f1 = make_float1(2.5f);
  CHECK(f1.x == 2.5f, "make_float1");
#if !HIP_TEST_NVIDIA
  int4 p = make_int4(1, 2, 3, 4), q = make_int4(4, 3, 2, 1);
  int4 r = p + q;
  CHECK(r.x == 5 && r.y == 5 && r.z == 5 && r.w == 5, "int4 +");
  r = p * q;
  CHECK(r.x == 4 && r.y == 6 && r.z == 6 && r.w == 4, "int4 *");
  float2 h = make_float2(1.0f, 2.0f);
  h += make_float2(0.5f, 0.5f);
  CHECK(h.x == 1.5f && h.y == 2.5f, "float2 +=");
#endif
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(io));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(cc));
  return hip_test::pass();
}
