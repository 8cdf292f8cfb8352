// Texture fetch on the CPU: a 4096 x 4096 float image (FERROCM_BENCH_TEXTURE_N; quick: 2048)
// resampled at (x + 0.25, y + 0.75) into an image of the same size, one work-item per output
// texel (blocks of 256 x 1), through a texture object over a HIP array (point and linear
// filtering, clamp) and through hand-written kernels on the same texels in linear memory
// (the nearest texel, and a bilinear blend with clamped indices), reported as peers
// `hand-kernel-*` although they run on our runtime too, so that the summary prints the ratio
// tex / hand-written kernel; and the hand-written bilinear loop on 1 thread and split over
// threads. Protocol: launch on the null stream + hipDeviceSynchronize per sample. The target
// (issue 16): tex-point and tex-linear >= 0.5x the speed of the hand-written bilinear kernel.
#include "bench.h"

#include <cmath>

__global__ void tex_point(hipTextureObject_t t, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  out[y * n + x] = tex2D<float>(t, x + 0.25f, y + 0.75f);
}

__global__ void tex_linear(hipTextureObject_t t, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  out[y * n + x] = tex2D<float>(t, x + 0.25f, y + 0.75f);
}

__device__ inline float bilinear(const float *img, int n, float fx, float fy) {
  fx -= 0.5f;
  fy -= 0.5f;
  float x0 = floorf(fx), y0 = floorf(fy);
  float a = fx - x0, b = fy - y0;
  int i0 = (int)x0, j0 = (int)y0;
  int i1 = min(max(i0 + 1, 0), n - 1), j1 = min(max(j0 + 1, 0), n - 1);
  i0 = min(max(i0, 0), n - 1);
  j0 = min(max(j0, 0), n - 1);
  float top = img[j0 * n + i0] + a * (img[j0 * n + i1] - img[j0 * n + i0]);
  float bot = img[j1 * n + i0] + a * (img[j1 * n + i1] - img[j1 * n + i0]);
  return top + b * (bot - top);
}

__global__ void manual_point(const float *img, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  int i = min((int)(x + 0.25f), n - 1), j = min((int)(y + 0.75f), n - 1);
  out[y * n + x] = img[j * n + i];
}

__global__ void manual_linear(const float *img, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  out[y * n + x] = bilinear(img, n, x + 0.25f, y + 0.75f);
}

static void bilinear_rows(const float *img, float *out, int n, size_t y0, size_t y1) {
  for (size_t y = y0; y < y1; ++y)
    for (int x = 0; x < n; ++x) {
      float fx = x + 0.25f - 0.5f, fy = y + 0.75f - 0.5f;
      float x0 = std::floor(fx), yy0 = std::floor(fy);
      float a = fx - x0, b = fy - yy0;
      int i0 = (int)x0, j0 = (int)yy0;
      int i1 = std::min(std::max(i0 + 1, 0), n - 1), j1 = std::min(std::max(j0 + 1, 0), n - 1);
      i0 = std::min(std::max(i0, 0), n - 1);
      j0 = std::min(std::max(j0, 0), n - 1);
      float top = img[j0 * n + i0] + a * (img[j0 * n + i1] - img[j0 * n + i0]);
      float bot = img[j1 * n + i0] + a * (img[j1 * n + i1] - img[j1 * n + i0]);
      out[y * n + x] = top + b * (bot - top);
    }
}

int main() {
  bool quick = bench::quick();
  int n = quick ? 2048 : 4096;
  if (const char *e = std::getenv("FERROCM_BENCH_TEXTURE_N")) n = std::atoi(e);
  if (n <= 0 || n % 256 != 0) bench::fail("FERROCM_BENCH_TEXTURE_N must be a positive multiple of 256");
  const size_t count = size_t(n) * size_t(n);
  const int samples = quick ? 3 : 7;
  float *img, *out, *ref;
  CHECK(hipMallocManaged(&img, count * sizeof(float)));
  CHECK(hipMallocManaged(&out, count * sizeof(float)));
  ref = new float[count];
  for (size_t i = 0; i < count; ++i) img[i] = static_cast<float>((i * 2654435761u) % 1000) / 1000.0f;

  hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
  hipArray_t array;
  CHECK(hipMallocArray(&array, &fd, n, n));
  CHECK(hipMemcpy2DToArray(array, 0, 0, img, n * sizeof(float), n * sizeof(float), n, hipMemcpyHostToDevice));
  hipResourceDesc res = {};
  res.resType = hipResourceTypeArray;
  res.res.array.array = array;
  hipTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
  td.filterMode = hipFilterModePoint;
  hipTextureObject_t point, linear;
  CHECK(hipCreateTextureObject(&point, &res, &td, nullptr));
  td.filterMode = hipFilterModeLinear;
  CHECK(hipCreateTextureObject(&linear, &res, &td, nullptr));

  bilinear_rows(img, ref, n, 0, n);
  auto verify = [&](const char *what, float tol) {
    for (size_t i = 0; i < count; ++i)
      if (std::fabs(out[i] - ref[i]) > tol) bench::fail(std::string(what) + " differs at " + std::to_string(i));
  };
  std::string id = "texture-" + std::to_string(n);
  std::string title = "2-D texture fetch " + std::to_string(n) + " x " + std::to_string(n) +
                      " floats, clamp (tex2D via a texture object vs hand-written kernels and loops)";
  bench::group(id, 8.0 * static_cast<double>(count), title.c_str());
  dim3 grid(n / 256, n), block(256);
  bench::ours(id, "tex-point", samples, [&] {
    hipLaunchKernelGGL(tex_point, grid, block, 0, 0, point, out, n);
    CHECK(hipDeviceSynchronize());
  });
  bench::peer(id, "hand-kernel-nearest", samples, [&] {
    hipLaunchKernelGGL(manual_point, grid, block, 0, 0, img, out, n);
    CHECK(hipDeviceSynchronize());
  });
  bench::ours(id, "tex-linear", samples, [&] {
    hipLaunchKernelGGL(tex_linear, grid, block, 0, 0, linear, out, n);
    CHECK(hipDeviceSynchronize());
  });
  verify("tex-linear (1.8 fixed-point weights)", 1.0f / 256.0f);
  bench::peer(id, "hand-kernel-bilinear", samples, [&] {
    hipLaunchKernelGGL(manual_linear, grid, block, 0, 0, img, out, n);
    CHECK(hipDeviceSynchronize());
  });
  verify("manual-linear", 1e-6f);
  bench::peer(id, "bilinear-1t", samples, [&] { bilinear_rows(img, out, n, 0, n); });
  bench::peer(id, bench::threaded_name("bilinear"), samples, [&] {
    bench::parallel_for(size_t(n), [&](size_t lo, size_t hi) { bilinear_rows(img, out, n, lo, hi); });
  });
  verify("bilinear loop", 0);
  CHECK(hipDestroyTextureObject(point));
  CHECK(hipDestroyTextureObject(linear));
  CHECK(hipFreeArray(array));
  CHECK(hipFree(img));
  CHECK(hipFree(out));
  delete[] ref;
  return 0;
}
