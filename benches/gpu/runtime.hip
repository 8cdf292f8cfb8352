// Runtime overheads on an NVIDIA GPU: one program, built twice by benches/gpu/run.sh, with
// our hipcc + libamdhip64 (no cudart) and with plain nvcc + cudart (cudart_shim.h maps the
// HIP calls). Prints `RESULT <name> <value> <unit>` lines; run.sh pairs the two builds.
// Every number is the median of several repetitions after a warm-up.
// Usage: runtime <module image (fatbin/cubin)> <arch for runtime compilation, e.g. sm_90>
#ifdef FERROCM_BENCH_CUDART
#include "cudart_shim.h"
#else
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#endif
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    long long e_ = (long long)(call);                                                              \
    if (e_ != 0) {                                                                                 \
      std::fprintf(stderr, "%s:%d: %s failed with %lld\n", __FILE__, __LINE__, #call, e_);       \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void empty_kernel() {}

using clk = std::chrono::steady_clock;
static double since(clk::time_point t0) { return std::chrono::duration<double>(clk::now() - t0).count(); }

// Median over `reps` of f()'s time in seconds (f() is run once before, as a warm-up).
template <class F> static double median_s(int reps, F f) {
  f();
  std::vector<double> t(reps);
  for (auto &x : t) {
    auto t0 = clk::now();
    f();
    x = since(t0);
  }
  std::sort(t.begin(), t.end());
  return t[reps / 2];
}

static void result(const char *name, double value, const char *unit) {
  std::printf("RESULT %s %.4g %s\n", name, value, unit);
  std::fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <module image> <arch>\n", argv[0]);
    return 2;
  }
  CHECK(hipSetDevice(0));
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  CHECK(hipDeviceSynchronize());

  // Launch overheads.
  const int n_launch = 20000;
  double t = median_s(7, [&] {
    for (int i = 0; i < n_launch; ++i) hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, s);
    CHECK(hipStreamSynchronize(s));
  });
  CHECK(hipGetLastError());
  result("launch_back_to_back", t / n_launch * 1e6, "us");
  const int n_sync = 5000;
  t = median_s(7, [&] {
    for (int i = 0; i < n_sync; ++i) {
      hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, s);
      CHECK(hipStreamSynchronize(s));
    }
  });
  result("launch_plus_sync", t / n_sync * 1e6, "us");
  hipEvent_t ev;
  CHECK(hipEventCreate(&ev));
  t = median_s(7, [&] {
    for (int i = 0; i < n_sync; ++i) {
      CHECK(hipEventRecord(ev, s));
      CHECK(hipEventSynchronize(ev));
    }
  });
  result("event_record_sync", t / n_sync * 1e6, "us");

  // Copies: 256 MiB, pinned and pageable host memory, and device to device.
  const size_t big = size_t(256) << 20;
  void *d0, *d1, *pinned;
  CHECK(hipMalloc(&d0, big));
  CHECK(hipMalloc(&d1, big));
  CHECK(hipHostMalloc(&pinned, big, 0));
  std::vector<unsigned char> pageable(big);
  for (size_t i = 0; i < big; i += 4096) pageable[i] = (unsigned char)i, ((unsigned char *)pinned)[i] = (unsigned char)i;
  CHECK(hipMemset(d0, 1, big));
  const double gb = big / 1e9;
  t = median_s(9, [&] { CHECK(hipMemcpy(d0, pinned, big, hipMemcpyHostToDevice)); });
  result("h2d_pinned_256MiB", gb / t, "GB/s");
  t = median_s(9, [&] { CHECK(hipMemcpy(pinned, d0, big, hipMemcpyDeviceToHost)); });
  result("d2h_pinned_256MiB", gb / t, "GB/s");
  t = median_s(9, [&] { CHECK(hipMemcpy(d0, pageable.data(), big, hipMemcpyHostToDevice)); });
  result("h2d_pageable_256MiB", gb / t, "GB/s");
  t = median_s(9, [&] { CHECK(hipMemcpy(pageable.data(), d0, big, hipMemcpyDeviceToHost)); });
  result("d2h_pageable_256MiB", gb / t, "GB/s");
  t = median_s(21, [&] {
    CHECK(hipMemcpyAsync(d1, d0, big, hipMemcpyDeviceToDevice, s));
    CHECK(hipStreamSynchronize(s));
  });
  result("d2d_256MiB_read_plus_write", 2 * gb / t, "GB/s");
  const int n_small = 2000;
  t = median_s(7, [&] {
    for (int i = 0; i < n_small; ++i) CHECK(hipMemcpy(d0, pageable.data(), 4096, hipMemcpyHostToDevice));
  });
  result("h2d_4KiB_latency", t / n_small * 1e6, "us");
  t = median_s(7, [&] {
    for (int i = 0; i < n_small; ++i) CHECK(hipMemcpy(pageable.data(), d0, 4096, hipMemcpyDeviceToHost));
  });
  result("d2h_4KiB_latency", t / n_small * 1e6, "us");
  CHECK(hipFree(d0));
  CHECK(hipFree(d1));
  CHECK(hipHostFree(pinned));

  // Allocation.
  const int n_alloc = 1000;
  t = median_s(7, [&] {
    for (int i = 0; i < n_alloc; ++i) {
      void *p;
      CHECK(hipMalloc(&p, 1 << 20));
      CHECK(hipFree(p));
    }
  });
  result("malloc_free_1MiB", t / n_alloc * 1e6, "us");

  // Module load + first launch (+ sync) + unload.
  std::ifstream in(argv[1], std::ios::binary);
  std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (image.size() < 64) {
    std::fprintf(stderr, "cannot read module image %s\n", argv[1]);
    return 1;
  }
  t = median_s(21, [&] {
    hipModule_t m;
    hipFunction_t f;
    CHECK(hipModuleLoadData(&m, image.data()));
    CHECK(hipModuleGetFunction(&f, m, "bench_module_kernel"));
    CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, nullptr, nullptr));
    CHECK(hipStreamSynchronize(s));
    CHECK(hipModuleUnload(m));
  });
  result("module_load_first_launch", t * 1e6, "us");

  // Runtime compilation: cold (a new source each time) and repeated (the same source).
  std::string arch = std::string("--gpu-architecture=") + argv[2];
  int serial = 0;
  auto compile = [&](bool fresh) {
    std::string src = "extern \"C\" __global__ void rtc_kernel(float *x) { x[threadIdx.x] *= 2.0f; }\n";
    if (fresh) src += "// variant " + std::to_string(++serial) + " " + std::to_string((long long)clk::now().time_since_epoch().count()) + "\n";
    hiprtcProgram p;
    CHECK(hiprtcCreateProgram(&p, src.c_str(), "rtc.cu", 0, nullptr, nullptr));
    const char *opts[] = {arch.c_str()};
    CHECK(hiprtcCompileProgram(p, 1, opts));
    size_t size = 0;
    CHECK(hiprtcGetCodeSize(p, &size));
    std::vector<char> code(size);
    CHECK(hiprtcGetCode(p, code.data()));
    CHECK(hiprtcDestroyProgram(&p));
  };
  t = median_s(5, [&] { compile(true); });
  result("rtc_compile_cold", t * 1e3, "ms");
  t = median_s(5, [&] { compile(false); });
  result("rtc_compile_repeated", t * 1e3, "ms");

  CHECK(hipEventDestroy(ev));
  CHECK(hipStreamDestroy(s));
  std::printf("DONE\n");
  return 0;
}
