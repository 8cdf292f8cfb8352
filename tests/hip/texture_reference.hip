// The deprecated texture-reference API the way old HIP and CUDA samples use it: module-scope
// texture<T, dim, mode> variables bound to linear memory (hipBindTexture + tex1Dfetch), to
// pitched memory (hipBindTexture2D + tex2D) and to an array (hipBindTextureToArray), sampling
// state set on the reference (normalized, filterMode, addressMode) before and after binding,
// normalised-float reads of 8-bit texels, hipUnbindTexture, hipGetTextureReference and the
// hipTexRef* setters and getters. CUDA 12 removed texture references, so on NVIDIA this
// program only checks that it was built and passes.
#include "hip_test.h"
#include "tex_ref_sampler.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#if !HIP_TEST_NVIDIA

texture<float, hipTextureType1D, hipReadModeElementType> lin_tex;
texture<float, hipTextureType2D, hipReadModeElementType> img_tex;
texture<unsigned char, hipTextureType2D, hipReadModeNormalizedFloat> byte_tex;

__global__ void fetch_linear(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(lin_tex, i - 3);
}

__global__ void sample_img(const float2 *xy, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D(img_tex, xy[i].x, xy[i].y);
}

__global__ void sample_bytes(const float2 *xy, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D(byte_tex, xy[i].x, xy[i].y);
}

static const int W = 11, H = 6;

static std::vector<float> run_img(const std::vector<float2> &pts) {
  int n = (int)pts.size();
  float2 *d = nullptr;
  float *o = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(float2)));
  HIP_CHECK(hipMalloc(&o, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(d, pts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(sample_img, dim3((n + 63) / 64), dim3(64), 0, 0, d, o, n);
  std::vector<float> out(n);
  HIP_CHECK(hipMemcpy(out.data(), o, n * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
  return out;
}

static std::vector<float2> points(bool normalized) {
  std::vector<float2> p;
  for (int y = -2; y < H + 2; ++y)
    for (int x = -2; x < W + 2; ++x) {
      float2 q = make_float2(x + 0.3f, y + 0.8f);
      if (normalized) q = make_float2(q.x / W, q.y / H);
      p.push_back(q);
    }
  return p;
}

static void compare(const char *what, const std::vector<float2> &pts, const std::vector<float> &got,
                    const tex_ref::Image &ref) {
  float tol = ref.linear ? tex_ref::kLinearTolerance : 1e-6f;
  for (size_t i = 0; i < pts.size(); ++i) {
    float want = ref.sample(pts[i].x, pts[i].y);
    if (std::fabs(got[i] - want) > tol)
      FAIL_AT("%s: tex2D(%g, %g) = %.6f, expected %.6f", what, pts[i].x, pts[i].y, got[i], want);
  }
}

int main() {
  std::vector<float> img(W * H);
  for (int i = 0; i < W * H; ++i) img[i] = (float)((i * 5) % 13) / 12.0f;

  // ---- linear memory + tex1Dfetch (indices outside read 0)
  {
    const int n = 40;
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = 1.5f * i;
    float *d = nullptr;
    HIP_CHECK(hipMalloc(&d, n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d, v.data(), n * sizeof(float), hipMemcpyHostToDevice));
    size_t offset = 1234;
    HIP_CHECK(hipBindTexture(&offset, lin_tex, d, n * sizeof(float)));
    CHECK_EQ(offset, (size_t)0);
    float *o = nullptr;
    HIP_CHECK(hipMalloc(&o, (n + 6) * sizeof(float)));
    hipLaunchKernelGGL(fetch_linear, dim3(1), dim3(64), 0, 0, o, n + 6);
    std::vector<float> got(n + 6);
    HIP_CHECK(hipMemcpy(got.data(), o, got.size() * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n + 6; ++i) {
      int j = i - 3;
      float want = (j >= 0 && j < n) ? v[j] : 0.0f;
      CHECK(got[i] == want, "tex1Dfetch(%d) = %g, expected %g", j, got[i], want);
    }
    hipDeviceptr_t addr = nullptr;
    HIP_CHECK(hipTexRefGetAddress(&addr, &lin_tex));
    CHECK(addr == (hipDeviceptr_t)d, "hipTexRefGetAddress");
    HIP_CHECK(hipUnbindTexture(lin_tex));
    CHECK(lin_tex.textureObject == nullptr, "unbinding clears the reference");
    HIP_CHECK(hipFree(o));
    HIP_CHECK(hipFree(d));
  }

  // ---- pitched memory + tex2D, state set on the reference before binding
  {
    float *d = nullptr;
    size_t pitch = 0;
    HIP_CHECK(hipMallocPitch((void **)&d, &pitch, W * sizeof(float), H));
    HIP_CHECK(hipMemcpy2D(d, pitch, img.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
    img_tex.addressMode[0] = hipAddressModeClamp;
    img_tex.addressMode[1] = hipAddressModeClamp;
    img_tex.filterMode = hipFilterModePoint;
    img_tex.normalized = 0;
    hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
    HIP_CHECK(hipBindTexture2D(nullptr, img_tex, d, fd, W, H, pitch));
    std::vector<float2> pts = points(false);
    compare("pitched, point, clamp", pts, run_img(pts), tex_ref::Image{W, H, 1, img, {1, 1, 1}, false, false, 0});
    // The reference's state is read when kernels sample: switching to linear filtering after
    // binding applies to the next launch.
    img_tex.filterMode = hipFilterModeLinear;
    compare("pitched, linear, clamp", pts, run_img(pts), tex_ref::Image{W, H, 1, img, {1, 1, 1}, true, false, 0});
    HIP_CHECK(hipUnbindTexture(img_tex));
    HIP_CHECK(hipFree(d));
  }

  // ---- an array, normalised coordinates with wrap, set through the hipTexRef* API
  {
    hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &fd, W, H));
    HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, img.data(), W * 4, W * 4, H, hipMemcpyHostToDevice));
    textureReference *ref = &img_tex;
    const textureReference *found = nullptr;
    HIP_CHECK(hipGetTextureReference(&found, &img_tex));
    CHECK(found == ref, "hipGetTextureReference returns the variable's reference");
    HIP_CHECK(hipTexRefSetAddressMode(ref, 0, hipAddressModeWrap));
    HIP_CHECK(hipTexRefSetAddressMode(ref, 1, hipAddressModeMirror));
    HIP_CHECK(hipTexRefSetFilterMode(ref, hipFilterModePoint));
    HIP_CHECK(hipTexRefSetFlags(ref, HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_READ_AS_INTEGER));
    HIP_CHECK(hipBindTextureToArray(img_tex, a));
    hipTextureAddressMode am;
    HIP_CHECK(hipTexRefGetAddressMode(&am, ref, 1));
    CHECK_EQ((int)am, (int)hipAddressModeMirror);
    hipTextureFilterMode fm;
    HIP_CHECK(hipTexRefGetFilterMode(&fm, ref));
    CHECK_EQ((int)fm, (int)hipFilterModePoint);
    unsigned flags = 0;
    HIP_CHECK(hipTexRefGetFlags(&flags, ref));
    CHECK_EQ(flags, (unsigned)(HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_READ_AS_INTEGER));
    hipArray_t bound = nullptr;
    HIP_CHECK(hipTexRefGetArray(&bound, ref));
    CHECK(bound == a, "hipTexRefGetArray");
    hipArray_Format f;
    int channels = 0;
    HIP_CHECK(hipTexRefGetFormat(&f, &channels, ref));
    CHECK(f == HIP_AD_FORMAT_FLOAT && channels == 1, "hipTexRefGetFormat");
    std::vector<float2> pts = points(true);
    compare("array, point, wrap x mirror", pts, run_img(pts),
            tex_ref::Image{W, H, 1, img, {0, 2, 1}, false, true, 0});
    HIP_CHECK(hipUnbindTexture(img_tex));
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- 8-bit texels read as normalised floats with linear filtering
  {
    std::vector<unsigned char> bytes(W * H);
    for (int i = 0; i < W * H; ++i) bytes[i] = (unsigned char)(i * 23);
    hipChannelFormatDesc bd = hipCreateChannelDesc<unsigned char>();
    hipArray_t a = nullptr;
    HIP_CHECK(hipMallocArray(&a, &bd, W, H));
    HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, bytes.data(), W, W, H, hipMemcpyHostToDevice));
    byte_tex.filterMode = hipFilterModeLinear;
    byte_tex.addressMode[0] = byte_tex.addressMode[1] = hipAddressModeClamp;
    HIP_CHECK(hipBindTextureToArray(byte_tex, a));
    std::vector<float2> pts = points(false);
    int n = (int)pts.size();
    float2 *d = nullptr;
    float *o = nullptr;
    HIP_CHECK(hipMalloc(&d, n * sizeof(float2)));
    HIP_CHECK(hipMalloc(&o, n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d, pts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(sample_bytes, dim3((n + 63) / 64), dim3(64), 0, 0, d, o, n);
    std::vector<float> got(n);
    HIP_CHECK(hipMemcpy(got.data(), o, n * sizeof(float), hipMemcpyDeviceToHost));
    std::vector<float> as_float(W * H);
    for (int i = 0; i < W * H; ++i) as_float[i] = bytes[i] / 255.0f;
    compare("uchar normalised float, linear", pts, got, tex_ref::Image{W, H, 1, as_float, {1, 1, 1}, true, false, 0});
    HIP_CHECK(hipUnbindTexture(byte_tex));
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipFree(o));
    HIP_CHECK(hipFreeArray(a));
  }

  // ---- misuse
  HIP_EXPECT(hipTexRefSetAddressMode(&img_tex, 3, hipAddressModeClamp), hipErrorInvalidValue);
  HIP_EXPECT(hipTexRefSetFilterMode(nullptr, hipFilterModePoint), hipErrorInvalidValue);
  HIP_EXPECT(hipBindTexture2D(nullptr, &img_tex, nullptr, &img_tex.channelDesc, W, H, 256), hipErrorInvalidValue);
  (void)hipGetLastError();
  return hip_test::pass();
}

#else

int main() {
  std::printf("texture references: not on NVIDIA (CUDA 12 removed them); nothing to check\n");
  return hip_test::pass();
}

#endif
