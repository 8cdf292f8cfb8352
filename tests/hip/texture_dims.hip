// Texture objects of every shape: 1-D arrays (tex1D), 3-D arrays (tex3D, trilinear), 1-D and
// 2-D layered arrays (tex1DLayered, tex2DLayered), cube maps (texCubemap, one face per major
// axis), mipmapped arrays (tex2DLod, point and linear between levels) and tex2Dgather,
// tex2DGrad, resource views (a range of levels, a range of layers) and sRGB reads,
// compared with the reference sampler of tex_ref_sampler.h (point exactly, linear within
// 2.5/256).
#include "hip_test.h"
#include "tex_ref_sampler.h"

__global__ void k1d(hipTextureObject_t t, const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float>(t, x[i]);
}
__global__ void k3d(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, p[i].x, p[i].y, p[i].z);
}
__global__ void k1dl(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1DLayered<float>(t, p[i].x, (int)p[i].w);
}
__global__ void k2dl(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLayered<float>(t, p[i].x, p[i].y, (int)p[i].w);
}
__global__ void kcube(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemap<float>(t, p[i].x, p[i].y, p[i].z);
}
__global__ void klod(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod<float>(t, p[i].x, p[i].y, p[i].w);
}
__global__ void kgrad(hipTextureObject_t t, const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DGrad<float>(t, p[i].x, p[i].y, make_float2(p[i].z, 0), make_float2(0, p[i].w));
}
__global__ void ksrgb(hipTextureObject_t t, const float4 *p, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, p[i].x, p[i].y);
}
__global__ void kgather(hipTextureObject_t t, const float4 *p, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(t, p[i].x, p[i].y, 0);
}

template <class T> static T *to_device(const std::vector<T> &v) {
  T *d = nullptr;
  HIP_CHECK(hipMalloc(&d, v.size() * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

template <class In, class Out, class K>
static std::vector<Out> run(K kernel, hipTextureObject_t t, const std::vector<In> &in) {
  int n = (int)in.size();
  In *din = to_device(in);
  Out *dout = nullptr;
  HIP_CHECK(hipMalloc(&dout, n * sizeof(Out)));
  hipLaunchKernelGGL(kernel, dim3((n + 63) / 64), dim3(64), 0, 0, t, din, dout, n);
  HIP_CHECK(hipGetLastError());
  std::vector<Out> out(n);
  HIP_CHECK(hipMemcpy(out.data(), dout, n * sizeof(Out), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return out;
}

static hipTextureObject_t make_tex(hipResourceDesc &res, int mode, bool linear, bool norm) {
  hipTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = (hipTextureAddressMode)mode;
  td.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  td.readMode = hipReadModeElementType;
  td.normalizedCoords = norm;
  td.borderColor[0] = 0.375f;
  hipTextureObject_t t = 0;
  HIP_CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
  return t;
}

static hipResourceDesc array_res(hipArray_t a) {
  hipResourceDesc r = {};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  return r;
}

static float val(int i) { return (float)((i * 37 + 11) % 29) / 28.0f; }

static void check(const char *what, float got, float want, bool linear, int i) {
  float tol = linear ? tex_ref::kLinearTolerance : 1e-6f;
  if (std::fabs(got - want) > tol) FAIL_AT("%s sample %d: %.6f, expected %.6f (tolerance %g)", what, i, got, want, tol);
}

int main() {
  hipChannelFormatDesc fd = hipCreateChannelDesc<float>();

  // ---- 1-D array
  {
    const int w = 19;
    std::vector<float> v(w);
    for (int i = 0; i < w; ++i) v[i] = val(i);
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &fd, w, 0));
    HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), w * 4, w * 4, 1, hipMemcpyHostToDevice));
    hipResourceDesc res = array_res(a);
    for (int mode : {1, 3, 0, 2})
      for (int linear = 0; linear < 2; ++linear)
        for (int norm = 0; norm < 2; ++norm) {
          if (!norm && (mode == 0 || mode == 2)) continue;
          std::vector<float> xs;
          for (int i = -4; i < w + 4; ++i)
            for (float f : {0.3f, 0.8f}) xs.push_back(norm ? (i + f) / w : i + f);
          hipTextureObject_t t = make_tex(res, mode, linear, norm);
          std::vector<float> got = run<float, float>(k1d, t, xs);
          tex_ref::Image ref{w, 1, 1, v, {mode, mode, mode}, linear != 0, norm != 0, 0.375f};
          for (size_t i = 0; i < xs.size(); ++i) check("tex1D", got[i], ref.sample(xs[i], 0, 0, 1), linear, (int)i);
          HIP_CHECK(hipDestroyTextureObject(t));
        }
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- 3-D array, trilinear with clamp and border
  {
    const int w = 7, h = 5, d = 4;
    std::vector<float> v(w * h * d);
    for (size_t i = 0; i < v.size(); ++i) v[i] = val((int)i);
    hipArray_t a = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a, &fd, make_hipExtent(w, h, d), 0));
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(v.data(), w * 4, w, h);
    p.dstArray = a;
    p.extent = make_hipExtent(w, h, d);
    p.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&p));
    hipResourceDesc res = array_res(a);
    std::vector<float4> pts;
    for (int z = -1; z < d + 1; ++z)
      for (int y = -1; y < h + 1; ++y)
        for (int x = -1; x < w + 1; ++x) pts.push_back(make_float4(x + 0.3f, y + 0.8f, z + 0.3f, 0));
    for (int mode : {1, 3})
      for (int linear = 0; linear < 2; ++linear) {
        hipTextureObject_t t = make_tex(res, mode, linear, false);
        std::vector<float> got = run<float4, float>(k3d, t, pts);
        tex_ref::Image ref{w, h, d, v, {mode, mode, mode}, linear != 0, false, 0.375f};
        for (size_t i = 0; i < pts.size(); ++i)
          check("tex3D", got[i], ref.sample(pts[i].x, pts[i].y, pts[i].z, 3), linear, (int)i);
        HIP_CHECK(hipDestroyTextureObject(t));
      }
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- layered arrays: 1-D (w x layers) and 2-D (w x h x layers)
  {
    const int w = 6, h = 4, layers = 3;
    std::vector<float> v(w * h * layers);
    for (size_t i = 0; i < v.size(); ++i) v[i] = val((int)i + 5);
    hipArray_t a2 = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a2, &fd, make_hipExtent(w, h, layers), hipArrayLayered));
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(v.data(), w * 4, w, h);
    p.dstArray = a2;
    p.extent = make_hipExtent(w, h, layers);
    p.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&p));
    hipResourceDesc res = array_res(a2);
    std::vector<float4> pts;
    for (int l = 0; l < layers; ++l)
      for (int y = -1; y < h + 1; ++y)
        for (int x = -1; x < w + 1; ++x) pts.push_back(make_float4(x + 0.8f, y + 0.3f, 0, (float)l));
    for (int linear = 0; linear < 2; ++linear) {
      hipTextureObject_t t = make_tex(res, 1, linear, false);
      std::vector<float> got = run<float4, float>(k2dl, t, pts);
      for (size_t i = 0; i < pts.size(); ++i) {
        int l = (int)pts[i].w;
        tex_ref::Image ref{w, h, 1, std::vector<float>(v.begin() + l * w * h, v.begin() + (l + 1) * w * h),
                           {1, 1, 1}, linear != 0, false, 0};
        check("tex2DLayered", got[i], ref.sample(pts[i].x, pts[i].y), linear, (int)i);
      }
      HIP_CHECK(hipDestroyTextureObject(t));
    }
    HIP_CHECK(hipFreeArray(a2));

    hipArray_t a1 = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a1, &fd, make_hipExtent(w, 0, layers), hipArrayLayered));
    hipMemcpy3DParms q = {};
    q.srcPtr = make_hipPitchedPtr(v.data(), w * 4, w, 1);
    q.dstArray = a1;
    q.extent = make_hipExtent(w, 1, layers);
    q.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&q));
    res = array_res(a1);
    std::vector<float4> pts1;
    for (int l = 0; l < layers; ++l)
      for (int x = -1; x < w + 1; ++x) pts1.push_back(make_float4(x + 0.3f, 0, 0, (float)l));
    hipTextureObject_t t = make_tex(res, 1, true, false);
    std::vector<float> got = run<float4, float>(k1dl, t, pts1);
    for (size_t i = 0; i < pts1.size(); ++i) {
      int l = (int)pts1[i].w;
      tex_ref::Image ref{w, 1, 1, std::vector<float>(v.begin() + l * w, v.begin() + (l + 1) * w), {1, 1, 1}, true,
                         false, 0};
      check("tex1DLayered", got[i], ref.sample(pts1[i].x, 0, 0, 1), true, (int)i);
    }
    HIP_CHECK(hipDestroyTextureObject(t));
    HIP_CHECK(hipFreeArray(a1));
  }

  // ---- cube map: each face a constant; a direction along each axis reads that face
  {
    const int s = 4;
    std::vector<float> v(s * s * 6);
    for (int f = 0; f < 6; ++f)
      for (int i = 0; i < s * s; ++i) v[f * s * s + i] = (float)(f + 1);
    hipArray_t a = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a, &fd, make_hipExtent(s, s, 6), hipArrayCubemap));
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(v.data(), s * 4, s, s);
    p.dstArray = a;
    p.extent = make_hipExtent(s, s, 6);
    p.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&p));
    hipResourceDesc res = array_res(a);
    hipTextureObject_t t = make_tex(res, 1, false, true);
    std::vector<float4> dirs = {make_float4(1, 0.2f, -0.1f, 0), make_float4(-1, 0.1f, 0.3f, 0),
                                make_float4(0.2f, 1, 0.1f, 0),  make_float4(-0.3f, -1, 0.2f, 0),
                                make_float4(0.1f, 0.2f, 1, 0),  make_float4(0.3f, -0.1f, -1, 0)};
    std::vector<float> got = run<float4, float>(kcube, t, dirs);
    for (int f = 0; f < 6; ++f) CHECK(got[f] == (float)(f + 1), "texCubemap face %d read %g", f, got[f]);
    HIP_CHECK(hipDestroyTextureObject(t));
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- mipmapped array: level l holds the constant l + 1; tex2DLod point and linear
  {
    hipMipmappedArray_t mip = nullptr;
    const int levels = 4;
    HIP_CHECK(hipMallocMipmappedArray(&mip, &fd, make_hipExtent(32, 32, 0), levels));
    for (int l = 0; l < levels; ++l) {
      hipArray_t level = nullptr;
      HIP_CHECK(hipGetMipmappedArrayLevel(&level, mip, l));
      int n = 32 >> l;
      std::vector<float> v(n * n, (float)(l + 1));
      HIP_CHECK(hipMemcpy2DToArray(level, 0, 0, v.data(), n * 4, n * 4, n, hipMemcpyHostToDevice));
    }
    hipResourceDesc res = {};
    res.resType = hipResourceTypeMipmappedArray;
    res.res.mipmap.mipmap = mip;
    for (int mfilter = 0; mfilter < 2; ++mfilter) {
      hipTextureDesc td = {};
      td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
      td.filterMode = hipFilterModePoint;
      td.normalizedCoords = 1;
      td.mipmapFilterMode = mfilter ? hipFilterModeLinear : hipFilterModePoint;
      td.maxMipmapLevelClamp = levels - 1;
      hipTextureObject_t t = 0;
      HIP_CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
      std::vector<float4> pts;
      const float lods[] = {0.0f, 1.0f, 2.0f, 3.0f, 1.25f, 2.75f, 7.0f};
      for (float lod : lods) pts.push_back(make_float4(0.3f, 0.6f, 0, lod));
      std::vector<float> got = run<float4, float>(klod, t, pts);
      for (size_t i = 0; i < pts.size(); ++i) {
        float lod = std::fmin(pts[i].w, (float)(levels - 1));
        float want = mfilter ? 1.0f + lod : 1.0f + std::floor(lod + 0.5f);
        check(mfilter ? "tex2DLod (linear between levels)" : "tex2DLod (nearest level)", got[i], want, mfilter != 0,
              (int)i);
      }
      HIP_CHECK(hipDestroyTextureObject(t));
    }
    HIP_CHECK(hipFreeMipmappedArray(mip));
  }

  // ---- tex2DGrad: the level of detail is log2 of the longer gradient in level-0 texels
  {
    hipMipmappedArray_t mip = nullptr;
    const int levels = 5;
    HIP_CHECK(hipMallocMipmappedArray(&mip, &fd, make_hipExtent(64, 64, 0), levels));
    for (int l = 0; l < levels; ++l) {
      hipArray_t level = nullptr;
      HIP_CHECK(hipGetMipmappedArrayLevel(&level, mip, l));
      int n = 64 >> l;
      std::vector<float> v(n * n, (float)(l + 1));
      HIP_CHECK(hipMemcpy2DToArray(level, 0, 0, v.data(), n * 4, n * 4, n, hipMemcpyHostToDevice));
    }
    hipResourceDesc res = {};
    res.resType = hipResourceTypeMipmappedArray;
    res.res.mipmap.mipmap = mip;
    hipTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
    td.normalizedCoords = 1;
    td.mipmapFilterMode = hipFilterModePoint;
    td.maxMipmapLevelClamp = levels - 1;
    hipTextureObject_t t = 0;
    HIP_CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
    // Gradients of 1, 2, 4, 8 and 64 level-0 texels (normalised: divided by 64): levels 0-4.
    std::vector<float4> pts;
    for (float g : {1.0f, 2.0f, 4.0f, 8.0f, 64.0f}) pts.push_back(make_float4(0.4f, 0.6f, g / 64, g / 128));
    std::vector<float> got = run<float4, float>(kgrad, t, pts);
    const float want[] = {1, 2, 3, 4, 5};
    for (size_t i = 0; i < pts.size(); ++i) check("tex2DGrad level", got[i], want[i], false, (int)i);
    HIP_CHECK(hipDestroyTextureObject(t));

    // A resource view of levels 2..4: its level 0 is the array's level 2.
    hipResourceViewDesc view = {};
    view.format = hipResViewFormatFloat1;
    view.width = 64;
    view.height = 64;
    view.firstMipmapLevel = 2;
    view.lastMipmapLevel = 4;
    td.maxMipmapLevelClamp = 2;
    HIP_CHECK(hipCreateTextureObject(&t, &res, &td, &view));
    std::vector<float4> lod0 = {make_float4(0.5f, 0.5f, 0, 0), make_float4(0.5f, 0.5f, 0, 1)};
    std::vector<float> v0 = run<float4, float>(klod, t, lod0);
    check("view level 0", v0[0], 3, false, 0);
    check("view level 1", v0[1], 4, false, 1);
    hipResourceViewDesc back = {};
    HIP_CHECK(hipGetTextureObjectResourceViewDesc(&back, t));
    CHECK(back.firstMipmapLevel == 2 && back.lastMipmapLevel == 4 && back.format == hipResViewFormatFloat1 &&
              back.width == 64,
          "resource view round trip");
    HIP_CHECK(hipDestroyTextureObject(t));
    // Views must stay inside the resource.
    view.lastMipmapLevel = 5;
    HIP_EXPECT(hipCreateTextureObject(&t, &res, &td, &view), hipErrorInvalidValue);
    (void)hipGetLastError();
    HIP_CHECK(hipFreeMipmappedArray(mip));
  }

  // ---- a view of layers 1..2 of a 3-layer array: its layer 0 is the array's layer 1
  {
    const int w = 4, h = 4, layers = 3;
    std::vector<float> v(w * h * layers);
    for (int l = 0; l < layers; ++l)
      for (int i = 0; i < w * h; ++i) v[l * w * h + i] = (float)(10 * l + 1);
    hipArray_t a = nullptr;
    HIP_CHECK(hipMalloc3DArray(&a, &fd, make_hipExtent(w, h, layers), hipArrayLayered));
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(v.data(), w * 4, w, h);
    p.dstArray = a;
    p.extent = make_hipExtent(w, h, layers);
    p.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&p));
    hipResourceDesc res = array_res(a);
    hipTextureDesc td = {};
    hipResourceViewDesc view = {};
    view.format = hipResViewFormatFloat1;
    view.width = w;
    view.height = h;
    view.depth = layers;
    view.firstLayer = 1;
    view.lastLayer = 2;
    hipTextureObject_t t = 0;
    HIP_CHECK(hipCreateTextureObject(&t, &res, &td, &view));
    std::vector<float4> pts = {make_float4(1.5f, 1.5f, 0, 0), make_float4(2.5f, 0.5f, 0, 1)};
    std::vector<float> got = run<float4, float>(k2dl, t, pts);
    check("layer view, layer 0", got[0], 11, false, 0);
    check("layer view, layer 1", got[1], 21, false, 1);
    HIP_CHECK(hipDestroyTextureObject(t));
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- sRGB: 8-bit RGB channels read as normalised floats are converted to linear, alpha not
  {
    const int w = 16, h = 1;
    std::vector<uchar4> px(w);
    for (int i = 0; i < w; ++i) px[i] = make_uchar4(i * 17, 255 - i * 17, (i * 40) & 255, i * 16);
    hipChannelFormatDesc cd = hipCreateChannelDesc<uchar4>();
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &cd, w, h));
    HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, px.data(), w * 4, w * 4, h, hipMemcpyHostToDevice));
    hipResourceDesc res = array_res(a);
    hipTextureDesc td = {};
    td.readMode = hipReadModeNormalizedFloat;
    td.sRGB = 1;
    hipTextureObject_t t = 0;
    HIP_CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
    std::vector<float4> pts;
    for (int i = 0; i < w; ++i) pts.push_back(make_float4(i + 0.5f, 0.5f, 0, 0));
    std::vector<float4> got = run<float4, float4>(ksrgb, t, pts);
    auto lin = [](unsigned char c) {
      float v = c / 255.0f;
      return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
    };
    for (int i = 0; i < w; ++i) {
      // sRGB decoding on GPUs is table-driven: within 1/256.
      const float tol = 1.0f / 256.0f;
      CHECK(std::fabs(got[i].x - lin(px[i].x)) <= tol && std::fabs(got[i].y - lin(px[i].y)) <= tol &&
                std::fabs(got[i].z - lin(px[i].z)) <= tol && std::fabs(got[i].w - px[i].w / 255.0f) <= 1e-6f,
            "sRGB texel %d: (%g %g %g %g)", i, got[i].x, got[i].y, got[i].z, got[i].w);
    }
    HIP_CHECK(hipDestroyTextureObject(t));
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- tex2Dgather: the four texels of the bilinear footprint, component 0
  {
    const int w = 5, h = 4;
    std::vector<float> v(w * h);
    for (int i = 0; i < w * h; ++i) v[i] = (float)i;
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &fd, w, h, hipArrayTextureGather));
    HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), w * 4, w * 4, h, hipMemcpyHostToDevice));
    hipResourceDesc res = array_res(a);
    hipTextureObject_t t = make_tex(res, 1, false, false);
    std::vector<float4> pts = {make_float4(1.7f, 1.2f, 0, 0), make_float4(3.1f, 2.9f, 0, 0)};
    std::vector<float4> got = run<float4, float4>(kgather, t, pts);
    for (size_t i = 0; i < pts.size(); ++i) {
      int i0 = (int)std::floor(pts[i].x - 0.5f), j0 = (int)std::floor(pts[i].y - 0.5f);
      float want[4] = {v[(j0 + 1) * w + i0], v[(j0 + 1) * w + i0 + 1], v[j0 * w + i0 + 1], v[j0 * w + i0]};
      CHECK(got[i].x == want[0] && got[i].y == want[1] && got[i].z == want[2] && got[i].w == want[3],
            "tex2Dgather %zu: (%g %g %g %g), expected (%g %g %g %g)", i, got[i].x, got[i].y, got[i].z, got[i].w,
            want[0], want[1], want[2], want[3]);
    }
    HIP_CHECK(hipDestroyTextureObject(t));
    HIP_CHECK(hipFreeArray(a));
  }
  return hip_test::pass();
}
