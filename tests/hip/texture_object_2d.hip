// 2-D texture objects over a HIP array, pitched memory and linear memory: every address mode
// (clamp, border, wrap, mirror), point and linear filtering, unnormalised and normalised
// coordinates, element-type and normalised-float read modes (8-bit, 16-bit and half texels),
// compared with the reference sampler of tex_ref_sampler.h (point results exactly, linear ones
// within 2.5/256); the descriptor queries; the driver-API flavour (hipTexObjectCreate); invalid
// arguments with HIP's error codes.
#include "hip_test.h"
#include "tex_ref_sampler.h"

#include <hip/hip_fp16.h>

__global__ void sample2d(hipTextureObject_t t, const float2 *xy, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

__global__ void sample2d_f4(hipTextureObject_t t, const float2 *xy, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, xy[i].x, xy[i].y);
}

__global__ void sample2d_u4(hipTextureObject_t t, const float2 *xy, uchar4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<uchar4>(t, xy[i].x, xy[i].y);
}

__global__ void fetch1d(hipTextureObject_t t, const int *idx, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, idx[i]);
}

static const int W = 13, H = 9;

static float texel_value(int x, int y) { return (float)((x * 7 + y * 13) % 17) / 16.0f; }

// Sample points: texel fractions .3 and .8 (never at a filtering boundary), from 3 texels
// before the image to 3 past it in both directions.
static std::vector<float2> sample_points(bool normalized) {
  std::vector<float2> p;
  for (int y = -3; y < H + 3; ++y)
    for (int x = -3; x < W + 3; ++x)
      for (float fx : {0.3f, 0.8f}) {
        float2 q;
        q.x = x + fx;
        q.y = y + (fx == 0.3f ? 0.8f : 0.3f);
        if (normalized) {
          q.x /= W;
          q.y /= H;
        }
        p.push_back(q);
      }
  return p;
}

template <class T> static T *device_copy(const std::vector<T> &v) {
  T *d = nullptr;
  HIP_CHECK(hipMalloc(&d, v.size() * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

static void check_float_modes(hipArray_t array, const std::vector<float> &img) {
  const char *mode_names[] = {"wrap", "clamp", "mirror", "border"};
  for (int norm = 0; norm < 2; ++norm)
    for (int mode = 0; mode < 4; ++mode)
      for (int linear = 0; linear < 2; ++linear) {
        if (!norm && (mode == 0 || mode == 2)) continue; // wrap/mirror need normalised coordinates
        hipResourceDesc res = {};
        res.resType = hipResourceTypeArray;
        res.res.array.array = array;
        hipTextureDesc td = {};
        td.addressMode[0] = td.addressMode[1] = (hipTextureAddressMode)mode;
        td.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
        td.readMode = hipReadModeElementType;
        td.normalizedCoords = norm;
        td.borderColor[0] = td.borderColor[1] = td.borderColor[2] = td.borderColor[3] = 0.625f;
        hipTextureObject_t tex = 0;
        HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));

        std::vector<float2> pts = sample_points(norm);
        int n = (int)pts.size();
        float2 *dpts = device_copy(pts);
        float *dout = nullptr;
        HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
        hipLaunchKernelGGL(sample2d, dim3((n + 63) / 64), dim3(64), 0, 0, tex, dpts, dout, n);
        HIP_CHECK(hipGetLastError());
        std::vector<float> got(n);
        HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));

        tex_ref::Image ref{W, H, 1, img, {mode, mode, mode}, linear != 0, norm != 0, 0.625f};
        const float tol = linear ? tex_ref::kLinearTolerance : 1e-6f;
        for (int i = 0; i < n; ++i) {
          float want = ref.sample(pts[i].x, pts[i].y);
          if (std::fabs(got[i] - want) > tol)
            FAIL_AT("%s %s %s coords: tex2D(%g, %g) = %.6f, expected %.6f (tolerance %g)", mode_names[mode],
                    linear ? "linear" : "point", norm ? "normalised" : "unnormalised", pts[i].x, pts[i].y, got[i],
                    want, tol);
        }
        HIP_CHECK(hipFree(dpts));
        HIP_CHECK(hipFree(dout));
        HIP_CHECK(hipDestroyTextureObject(tex));
      }
}

int main() {
  // ---- a float array, filled by hipMemcpy2DToArray from a padded host image
  std::vector<float> img(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) img[y * W + x] = texel_value(x, y);
  hipChannelFormatDesc fdesc = hipCreateChannelDesc<float>();
  CHECK(fdesc.x == 32 && fdesc.y == 0 && fdesc.f == hipChannelFormatKindFloat, "hipCreateChannelDesc<float>");
  hipArray_t array = nullptr;
  HIP_CHECK(hipMallocArray(&array, &fdesc, W, H, hipArrayDefault));
  HIP_CHECK(hipMemcpy2DToArray(array, 0, 0, img.data(), W * sizeof(float), W * sizeof(float), H,
                               hipMemcpyHostToDevice));
  check_float_modes(array, img);

  // ---- descriptor queries
  {
    hipResourceDesc res = {};
    res.resType = hipResourceTypeArray;
    res.res.array.array = array;
    hipTextureDesc td = {};
    td.addressMode[0] = hipAddressModeBorder;
    td.addressMode[1] = hipAddressModeClamp;
    td.filterMode = hipFilterModeLinear;
    td.normalizedCoords = 1;
    td.borderColor[2] = 0.5f;
    hipTextureObject_t tex = 0;
    HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    hipResourceDesc rback;
    std::memset(&rback, 0x5a, sizeof rback);
    HIP_CHECK(hipGetTextureObjectResourceDesc(&rback, tex));
    CHECK(rback.resType == hipResourceTypeArray && rback.res.array.array == array, "resource desc round trip");
    hipTextureDesc tback;
    std::memset(&tback, 0x5a, sizeof tback);
    HIP_CHECK(hipGetTextureObjectTextureDesc(&tback, tex));
    CHECK(tback.addressMode[0] == hipAddressModeBorder && tback.addressMode[1] == hipAddressModeClamp &&
              tback.filterMode == hipFilterModeLinear && tback.normalizedCoords == 1 && tback.borderColor[2] == 0.5f,
          "texture desc round trip");
    HIP_CHECK(hipDestroyTextureObject(tex));
  }

  // ---- uchar4 texels: normalised-float reads with linear filtering, element reads (point)
  {
    const int w = 6, h = 5;
    std::vector<uchar4> px(w * h);
    for (int i = 0; i < w * h; ++i) px[i] = make_uchar4(i * 9, 255 - i * 7, (i * 37) & 255, 200);
    hipChannelFormatDesc d4 = hipCreateChannelDesc<uchar4>();
    CHECK(d4.x == 8 && d4.y == 8 && d4.z == 8 && d4.w == 8 && d4.f == hipChannelFormatKindUnsigned,
          "hipCreateChannelDesc<uchar4>");
    hipArray_t a4 = nullptr;
    HIP_CHECK(hipMallocArray(&a4, &d4, w, h));
    HIP_CHECK(hipMemcpy2DToArray(a4, 0, 0, px.data(), w * 4, w * 4, h, hipMemcpyHostToDevice));
    std::vector<float2> pts;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) pts.push_back(make_float2(x + 0.8f, y + 0.3f));
    int n = (int)pts.size();
    float2 *dpts = device_copy(pts);
    hipResourceDesc res = {};
    res.resType = hipResourceTypeArray;
    res.res.array.array = a4;
    hipTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
    td.filterMode = hipFilterModeLinear;
    td.readMode = hipReadModeNormalizedFloat;
    hipTextureObject_t tex = 0;
    HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    float4 *dout = nullptr;
    HIP_CHECK(hipMalloc(&dout, n * sizeof(float4)));
    hipLaunchKernelGGL(sample2d_f4, dim3(1), dim3(64), 0, 0, tex, dpts, dout, n);
    std::vector<float4> got(n);
    HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(float4), hipMemcpyDeviceToHost));
    for (int c = 0; c < 4; ++c) {
      tex_ref::Image ref{w, h, 1, std::vector<float>(w * h), {1, 1, 1}, true, false, 0};
      for (int i = 0; i < w * h; ++i) {
        const unsigned char *b = &px[i].x;
        ref.v[i] = b[c] / 255.0f;
      }
      for (int i = 0; i < n; ++i) {
        float g = (&got[i].x)[c], want = ref.sample(pts[i].x, pts[i].y);
        if (std::fabs(g - want) > tex_ref::kLinearTolerance)
          FAIL_AT("uchar4 normalised linear, channel %d at (%g, %g): %.5f, expected %.5f", c, pts[i].x, pts[i].y, g,
                  want);
      }
    }
    HIP_CHECK(hipDestroyTextureObject(tex));
    td.filterMode = hipFilterModePoint;
    td.readMode = hipReadModeElementType;
    HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    uchar4 *dout4 = nullptr;
    HIP_CHECK(hipMalloc(&dout4, n * sizeof(uchar4)));
    hipLaunchKernelGGL(sample2d_u4, dim3(1), dim3(64), 0, 0, tex, dpts, dout4, n);
    std::vector<uchar4> got4(n);
    HIP_CHECK(hipMemcpy(got4.data(), dout4, n * sizeof(uchar4), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      const uchar4 &want = px[(int)pts[i].y * w + (int)pts[i].x];
      CHECK(got4[i].x == want.x && got4[i].y == want.y && got4[i].z == want.z && got4[i].w == want.w,
            "uchar4 element read %d", i);
    }
    HIP_CHECK(hipDestroyTextureObject(tex));
    HIP_CHECK(hipFree(dout));
    HIP_CHECK(hipFree(dout4));
    HIP_CHECK(hipFree(dpts));
    HIP_CHECK(hipFreeArray(a4));
  }

  // ---- other texel formats read as floats (point sampling, exact): 16-bit floats, signed
  // 8-bit and unsigned 16-bit integers normalised (signed: v / 127 clamped to -1, unsigned:
  // v / 65535)
  {
    const int w = 8, h = 2;
    std::vector<float2> pts;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) pts.push_back(make_float2(x + 0.5f, y + 0.5f));
    int n = (int)pts.size();
    float2 *dpts = device_copy(pts);
    float *dout = nullptr;
    HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
    auto sample_array = [&](hipArray_t a, hipTextureReadMode mode) {
      hipResourceDesc res = {};
      res.resType = hipResourceTypeArray;
      res.res.array.array = a;
      hipTextureDesc td = {};
      td.readMode = mode;
      hipTextureObject_t tex = 0;
      HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
      hipLaunchKernelGGL(sample2d, dim3(1), dim3(64), 0, 0, tex, dpts, dout, n);
      std::vector<float> got(n);
      HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
      HIP_CHECK(hipDestroyTextureObject(tex));
      return got;
    };
    // half
    std::vector<__half> hv(w * h);
    for (int i = 0; i < w * h; ++i) hv[i] = __float2half(0.125f * i - 1.0f);
    hipChannelFormatDesc hd = hipCreateChannelDescHalf();
    hipArray_t ah = nullptr;
    HIP_CHECK(hipMallocArray(&ah, &hd, w, h));
    HIP_CHECK(hipMemcpy2DToArray(ah, 0, 0, hv.data(), w * 2, w * 2, h, hipMemcpyHostToDevice));
    std::vector<float> got = sample_array(ah, hipReadModeElementType);
    for (int i = 0; i < n; ++i) CHECK(got[i] == 0.125f * i - 1.0f, "half texel %d: %g", i, got[i]);
    HIP_CHECK(hipFreeArray(ah));
    // signed char, normalised
    std::vector<signed char> cv(w * h);
    for (int i = 0; i < w * h; ++i) cv[i] = (signed char)(i * 17 - 128);
    hipChannelFormatDesc cd = hipCreateChannelDesc<signed char>();
    hipArray_t ac = nullptr;
    HIP_CHECK(hipMallocArray(&ac, &cd, w, h));
    HIP_CHECK(hipMemcpy2DToArray(ac, 0, 0, cv.data(), w, w, h, hipMemcpyHostToDevice));
    got = sample_array(ac, hipReadModeNormalizedFloat);
    for (int i = 0; i < n; ++i) {
      float want = std::fmax(cv[i] / 127.0f, -1.0f);
      CHECK(std::fabs(got[i] - want) <= 1e-6f, "signed char texel %d (%d): %g, expected %g", i, cv[i], got[i], want);
    }
    HIP_CHECK(hipFreeArray(ac));
    // unsigned short, normalised
    std::vector<unsigned short> sv(w * h);
    for (int i = 0; i < w * h; ++i) sv[i] = (unsigned short)(i * 4099);
    hipChannelFormatDesc sd = hipCreateChannelDesc<unsigned short>();
    hipArray_t as = nullptr;
    HIP_CHECK(hipMallocArray(&as, &sd, w, h));
    HIP_CHECK(hipMemcpy2DToArray(as, 0, 0, sv.data(), w * 2, w * 2, h, hipMemcpyHostToDevice));
    got = sample_array(as, hipReadModeNormalizedFloat);
    for (int i = 0; i < n; ++i) {
      float want = sv[i] / 65535.0f;
      CHECK(std::fabs(got[i] - want) <= 1e-6f, "unsigned short texel %d: %g, expected %g", i, got[i], want);
    }
    HIP_CHECK(hipFreeArray(as));
    HIP_CHECK(hipFree(dpts));
    HIP_CHECK(hipFree(dout));
  }

  // ---- pitched memory (hipMallocPitch) as a 2-D texture, point sampling
  {
    float *dp = nullptr;
    size_t pitch = 0;
    HIP_CHECK(hipMallocPitch((void **)&dp, &pitch, W * sizeof(float), H));
    HIP_CHECK(hipMemcpy2D(dp, pitch, img.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
    hipResourceDesc res = {};
    res.resType = hipResourceTypePitch2D;
    res.res.pitch2D.devPtr = dp;
    res.res.pitch2D.desc = fdesc;
    res.res.pitch2D.width = W;
    res.res.pitch2D.height = H;
    res.res.pitch2D.pitchInBytes = pitch;
    hipTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
    td.filterMode = hipFilterModePoint;
    hipTextureObject_t tex = 0;
    HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    std::vector<float2> pts = sample_points(false);
    int n = (int)pts.size();
    float2 *dpts = device_copy(pts);
    float *dout = nullptr;
    HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
    hipLaunchKernelGGL(sample2d, dim3((n + 63) / 64), dim3(64), 0, 0, tex, dpts, dout, n);
    std::vector<float> got(n);
    HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
    tex_ref::Image ref{W, H, 1, img, {1, 1, 1}, false, false, 0};
    for (int i = 0; i < n; ++i)
      CHECK(got[i] == ref.sample(pts[i].x, pts[i].y), "pitch2D point sample %d: %g vs %g", i, got[i],
            ref.sample(pts[i].x, pts[i].y));
    HIP_CHECK(hipDestroyTextureObject(tex));
    HIP_CHECK(hipFree(dpts));
    HIP_CHECK(hipFree(dout));
    HIP_CHECK(hipFree(dp));
  }

  // ---- the driver API: hipTexObjectCreate over pitched memory (HIP_RESOURCE_DESC), linear
  // filtering with normalised coordinates through HIP_TEXTURE_DESC's flags
  {
    float *dp = nullptr;
    size_t pitch = 0;
    HIP_CHECK(hipMallocPitch((void **)&dp, &pitch, W * sizeof(float), H));
    HIP_CHECK(hipMemcpy2D(dp, pitch, img.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
    HIP_RESOURCE_DESC res;
    std::memset(&res, 0, sizeof res);
    res.resType = HIP_RESOURCE_TYPE_PITCH2D;
    res.res.pitch2D.devPtr = dp;
    res.res.pitch2D.format = HIP_AD_FORMAT_FLOAT;
    res.res.pitch2D.numChannels = 1;
    res.res.pitch2D.width = W;
    res.res.pitch2D.height = H;
    res.res.pitch2D.pitchInBytes = pitch;
    HIP_TEXTURE_DESC td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = HIP_TR_ADDRESS_MODE_CLAMP;
    td.filterMode = HIP_TR_FILTER_MODE_LINEAR;
    td.flags = HIP_TRSF_NORMALIZED_COORDINATES;
    hipTextureObject_t tex = 0;
    HIP_CHECK(hipTexObjectCreate(&tex, &res, &td, nullptr));
    std::vector<float2> pts = sample_points(true);
    int n = (int)pts.size();
    float2 *dpts = device_copy(pts);
    float *dout = nullptr;
    HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
    hipLaunchKernelGGL(sample2d, dim3((n + 63) / 64), dim3(64), 0, 0, tex, dpts, dout, n);
    std::vector<float> got(n);
    HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
    tex_ref::Image ref{W, H, 1, img, {1, 1, 1}, true, true, 0};
    for (int i = 0; i < n; ++i) {
      float want = ref.sample(pts[i].x, pts[i].y);
      CHECK(std::fabs(got[i] - want) <= tex_ref::kLinearTolerance, "hipTexObjectCreate sample %d: %g vs %g", i,
            got[i], want);
    }
    HIP_RESOURCE_DESC rback;
    std::memset(&rback, 0x5a, sizeof rback);
    HIP_CHECK(hipTexObjectGetResourceDesc(&rback, tex));
    CHECK(rback.resType == HIP_RESOURCE_TYPE_PITCH2D && rback.res.pitch2D.devPtr == dp &&
              rback.res.pitch2D.format == HIP_AD_FORMAT_FLOAT && rback.res.pitch2D.numChannels == 1 &&
              rback.res.pitch2D.pitchInBytes == pitch,
          "HIP_RESOURCE_DESC round trip");
    HIP_TEXTURE_DESC tback;
    std::memset(&tback, 0x5a, sizeof tback);
    HIP_CHECK(hipTexObjectGetTextureDesc(&tback, tex));
    CHECK(tback.filterMode == HIP_TR_FILTER_MODE_LINEAR && (tback.flags & HIP_TRSF_NORMALIZED_COORDINATES),
          "HIP_TEXTURE_DESC round trip");
    HIP_CHECK(hipTexObjectDestroy(tex));
    HIP_CHECK(hipFree(dpts));
    HIP_CHECK(hipFree(dout));
    HIP_CHECK(hipFree(dp));
  }

  // ---- linear memory with tex1Dfetch: element indices, zero outside
  {
    const int n = 100;
    std::vector<float> lin(n);
    for (int i = 0; i < n; ++i) lin[i] = 0.5f * i - 7;
    float *dl = device_copy(lin);
    hipResourceDesc res = {};
    res.resType = hipResourceTypeLinear;
    res.res.linear.devPtr = dl;
    res.res.linear.desc = fdesc;
    res.res.linear.sizeInBytes = n * sizeof(float);
    hipTextureDesc td = {};
    hipTextureObject_t tex = 0;
    HIP_CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    std::vector<int> idx;
    for (int i = -5; i < n + 5; ++i) idx.push_back(i);
    int m = (int)idx.size();
    int *didx = device_copy(idx);
    float *dout = nullptr;
    HIP_CHECK(hipMalloc(&dout, m * sizeof(float)));
    hipLaunchKernelGGL(fetch1d, dim3((m + 63) / 64), dim3(64), 0, 0, tex, didx, dout, m);
    std::vector<float> got(m);
    HIP_CHECK(hipMemcpy(got.data(), dout, m * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < m; ++i) {
      float want = (idx[i] >= 0 && idx[i] < n) ? lin[idx[i]] : 0.0f;
      CHECK(got[i] == want, "tex1Dfetch(%d) = %g, expected %g", idx[i], got[i], want);
    }
    hipResourceDesc rback = {};
    HIP_CHECK(hipGetTextureObjectResourceDesc(&rback, tex));
    CHECK(rback.resType == hipResourceTypeLinear && rback.res.linear.devPtr == dl &&
              rback.res.linear.sizeInBytes == n * sizeof(float) && rback.res.linear.desc.x == 32,
          "linear resource desc round trip");
    HIP_CHECK(hipDestroyTextureObject(tex));
    HIP_CHECK(hipFree(didx));
    HIP_CHECK(hipFree(dout));
    HIP_CHECK(hipFree(dl));
  }

  // ---- invalid arguments
  {
    hipResourceDesc res = {};
    res.resType = hipResourceTypeArray;
    res.res.array.array = array;
    hipTextureDesc td = {};
    hipTextureObject_t tex = 0;
    HIP_EXPECT(hipCreateTextureObject(nullptr, &res, &td, nullptr), hipErrorInvalidValue);
    HIP_EXPECT(hipCreateTextureObject(&tex, nullptr, &td, nullptr), hipErrorInvalidValue);
    HIP_EXPECT(hipCreateTextureObject(&tex, &res, nullptr, nullptr), hipErrorInvalidValue);
    hipResourceDesc lin = {};
    lin.resType = hipResourceTypeLinear;
    lin.res.linear.devPtr = nullptr;
    lin.res.linear.desc = fdesc;
    lin.res.linear.sizeInBytes = 64;
    HIP_EXPECT(hipCreateTextureObject(&tex, &lin, &td, nullptr), hipErrorInvalidValue);
    HIP_EXPECT(hipGetTextureObjectResourceDesc(nullptr, tex), hipErrorInvalidValue);
    // Unknown enumerators in the descriptors.
    hipTextureDesc bad_td = td;
    bad_td.addressMode[1] = (hipTextureAddressMode)7;
    HIP_EXPECT(hipCreateTextureObject(&tex, &res, &bad_td, nullptr), hipErrorInvalidValue);
    bad_td = td;
    bad_td.filterMode = (hipTextureFilterMode)2;
    HIP_EXPECT(hipCreateTextureObject(&tex, &res, &bad_td, nullptr), hipErrorInvalidValue);
    hipResourceDesc bad_res = res;
    bad_res.resType = (hipResourceType)9;
    HIP_EXPECT(hipCreateTextureObject(&tex, &bad_res, &td, nullptr), hipErrorInvalidValue);
    // A destroyed object is not an object any more.
    hipTextureObject_t gone = 0;
    HIP_CHECK(hipCreateTextureObject(&gone, &res, &td, nullptr));
    HIP_CHECK(hipDestroyTextureObject(gone));
    hipTextureDesc tback;
    HIP_EXPECT(hipGetTextureObjectTextureDesc(&tback, gone), hipErrorInvalidValue);
    HIP_CHECK(hipDestroyTextureObject(0)); // a null object is accepted, as CUDA does
    (void)hipGetLastError();
  }

  HIP_CHECK(hipFreeArray(array));
  return hip_test::pass();
}
