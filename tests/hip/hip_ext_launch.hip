// GENCO: module_kernels.kernel.hip
// AMD's launch extensions and the launch API before hipLaunchKernel, as programs use them:
// hipExtLaunchKernelGGL with start/stop events (then hipEventElapsedTime), hipExtModuleLaunchKernel
// and hipHccModuleLaunchKernel sized in work-items (code object built with --genco, path in
// argv[1]), hipExtLaunchMultiKernelMultiDevice, hipConfigureCall + hipSetupArgument +
// hipLaunchByPtr, __hipPush/PopCallConfiguration, hipExtGetLastError (the last call's status,
// success included, reset when read), hipKernelNameRef(ByPtr), hipGetFuncBySymbol; errors: unknown flags, partial work-groups, a launch
// without a configuration.
#include "hip_test.h"
#include <hip/hip_ext.h>
#include <cstring>

__global__ void fill(int *out, int base, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = base + i;
}

__global__ void add3(int *out, int a, char b, double c) { out[0] = a + b + (int)c; }

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: hip_ext_launch <code object>");
  const int n = 1000;
  int *d;
  HIP_CHECK(hipMalloc((void **)&d, n * sizeof(int)));
  std::vector<int> h(n);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  // hipExtLaunchKernelGGL: the kernel between two events.
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  hipExtLaunchKernelGGL(fill, dim3((n + 127) / 128), dim3(128), 0, s, start, stop, 0, d, 7, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms >= 0, "elapsed %f ms", ms);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(h[i], 7 + i);
  // No events, any-order flag: still runs.
  hipExtLaunchKernelGGL(fill, dim3((n + 127) / 128), dim3(128), 0, s, nullptr, nullptr, hipExtAnyOrderLaunch, d, 9, n);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(h[n - 1], 9 + n - 1);
  {
    int base = 1, count = n;
    void *args[] = {&d, &base, &count};
    HIP_EXPECT(hipExtLaunchKernel((const void *)fill, dim3(8), dim3(128), args, 0, s, nullptr, nullptr, 0x8),
               hipErrorInvalidValue);
  }

  // Module launches sized in work-items: scale_c(float* p, float f, int n).
  hipModule_t m;
  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  hipFunction_t scale;
  HIP_CHECK(hipModuleGetFunction(&scale, m, "scale_c"));
  float *f;
  HIP_CHECK(hipMalloc((void **)&f, 1024 * sizeof(float)));
  std::vector<float> hf(1024);
  for (int i = 0; i < 1024; ++i) hf[i] = (float)i;
  HIP_CHECK(hipMemcpy(f, hf.data(), 1024 * sizeof(float), hipMemcpyHostToDevice));
  float factor = 2.0f;
  int count = 1024;
  void *params[] = {&f, &factor, &count};
  HIP_CHECK(hipExtModuleLaunchKernel(scale, 1024, 1, 1, 256, 1, 1, 0, s, params, nullptr, start, stop, 0));
  HIP_CHECK(hipHccModuleLaunchKernel(scale, 1024, 1, 1, 128, 1, 1, 0, s, params, nullptr, nullptr, nullptr));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpy(hf.data(), f, 1024 * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i) CHECK(hf[i] == 4.0f * i, "scale_c twice: [%d] = %f", i, hf[i]);
  // hipGetFuncBySymbol: a program kernel as a hipFunction_t for the module launch calls.
  {
    hipFunction_t ff = nullptr;
    HIP_CHECK(hipGetFuncBySymbol(&ff, (const void *)fill));
    hipFunction_t again = nullptr;
    HIP_CHECK(hipGetFuncBySymbol(&again, (const void *)fill));
    CHECK(ff != nullptr && ff == again, "one handle per kernel");
    int base = 500, cnt = n;
    void *fargs[] = {&d, &base, &cnt};
    HIP_CHECK(hipModuleLaunchKernel(ff, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s, fargs, nullptr));
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) CHECK_EQ(h[i], 500 + i);
    int max_threads = 0;
    HIP_CHECK(hipFuncGetAttribute(&max_threads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, ff));
    CHECK(max_threads >= 128, "max threads per block %d", max_threads);
    HIP_EXPECT(hipGetFuncBySymbol(&ff, (const void *)&base), hipErrorInvalidDeviceFunction);
    HIP_EXPECT(hipGetFuncBySymbol(nullptr, (const void *)fill), hipErrorInvalidValue);
  }

  // Kernel names: the device (mangled) names.
  {
    const char *mod_name = hipKernelNameRef(scale);
    CHECK(mod_name != nullptr && std::strcmp(mod_name, "scale_c") == 0, "hipKernelNameRef: %s", mod_name ? mod_name : "NULL");
    const char *name = hipKernelNameRefByPtr((const void *)fill, s);
    CHECK(name != nullptr && std::strstr(name, "fill") != nullptr, "hipKernelNameRefByPtr: %s", name ? name : "NULL");
    CHECK(hipKernelNameRefByPtr((const void *)&count, s) == nullptr, "a variable has no kernel name");
    (void)hipGetLastError();
    CHECK(hipKernelNameRef(nullptr) == nullptr, "NULL function");
    (void)hipGetLastError();
  }
  // A global size that is not a whole number of work-groups needs partial work-groups.
  HIP_EXPECT(hipExtModuleLaunchKernel(scale, 1000, 1, 1, 256, 1, 1, 0, s, params, nullptr, nullptr, nullptr, 0),
             hipErrorNotSupported);
  HIP_EXPECT(hipExtModuleLaunchKernel(scale, 1024, 1, 1, 0, 1, 1, 0, s, params, nullptr, nullptr, nullptr, 0),
             hipErrorInvalidValue);
  HIP_EXPECT(hipExtModuleLaunchKernel(scale, 1024, 1, 1, 256, 1, 1, 0, s, params, nullptr, nullptr, nullptr, 0x10),
             hipErrorInvalidValue);

  // hipExtLaunchMultiKernelMultiDevice with this device's part only.
  {
    int base = 100;
    void *args[] = {&d, &base, (void *)&n};
    hipLaunchParams p;
    p.func = (void *)fill;
    p.gridDim = dim3((n + 255) / 256);
    p.blockDim = dim3(256);
    p.args = args;
    p.sharedMem = 0;
    p.stream = s;
    HIP_CHECK(hipExtLaunchMultiKernelMultiDevice(&p, 1, 0));
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) CHECK_EQ(h[i], 100 + i);
    HIP_EXPECT(hipExtLaunchMultiKernelMultiDevice(nullptr, 1, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipExtLaunchMultiKernelMultiDevice(&p, 0, 0), hipErrorInvalidValue);
  }

  // The launch API before hipLaunchKernel: configure, set up each argument at its offset.
  {
    int a = 40;
    char b = 1;
    double c = 1.5;
    HIP_CHECK(hipConfigureCall(dim3(1), dim3(1), 0, s));
    HIP_CHECK(hipSetupArgument(&d, sizeof d, 0));
    HIP_CHECK(hipSetupArgument(&a, sizeof a, 8));
    HIP_CHECK(hipSetupArgument(&b, sizeof b, 12));
    HIP_CHECK(hipSetupArgument(&c, sizeof c, 16));
    a = b = 0; // the arguments were copied when set up
    HIP_CHECK(hipLaunchByPtr((const void *)add3));
    HIP_CHECK(hipStreamSynchronize(s));
    int r = 0;
    HIP_CHECK(hipMemcpy(&r, d, sizeof r, hipMemcpyDeviceToHost));
    CHECK_EQ(r, 42);
    HIP_EXPECT(hipLaunchByPtr((const void *)add3), hipErrorInvalidConfiguration);
    HIP_EXPECT(hipSetupArgument(nullptr, 4, 0), hipErrorInvalidValue);
  }

  // __hipPushCallConfiguration / __hipPopCallConfiguration: what clang emits for <<<>>>.
  {
    HIP_CHECK(__hipPushCallConfiguration(dim3(3, 2, 1), dim3(64), 128, s));
    dim3 g, b;
    size_t shared = 0;
    hipStream_t st = nullptr;
    HIP_CHECK(__hipPopCallConfiguration(&g, &b, &shared, &st));
    CHECK(g.x == 3 && g.y == 2 && g.z == 1 && b.x == 64 && shared == 128 && st == s, "popped configuration");
    HIP_EXPECT(__hipPopCallConfiguration(&g, &b, &shared, &st), hipErrorInvalidConfiguration);
  }

  // hipExtGetLastError: the last call's status, success included; reading resets it.
  (void)hipGetLastError();
  HIP_EXPECT(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_EQ((int)hipExtGetLastError(), (int)hipErrorInvalidDevice);
  CHECK_EQ((int)hipExtGetLastError(), (int)hipSuccess);
  HIP_EXPECT(hipSetDevice(-1), hipErrorInvalidDevice);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ((int)hipExtGetLastError(), (int)hipSuccess);
  CHECK_EQ((int)hipGetLastError(), (int)hipErrorInvalidDevice);

  HIP_CHECK(hipModuleUnload(m));
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
