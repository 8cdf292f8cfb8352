// GENCO: module_kernels.kernel.hip
// Module API on a code object built with `hipcc --genco` (path in argv[1]): hipModuleLoad and
// hipModuleLoadData (bytes read from the file), hipModuleGetFunction for extern "C" and mangled
// C++ kernels and template instances, hipModuleLaunchKernel with kernelParams and with the `extra`
// HIP_LAUNCH_PARAM_BUFFER_POINTER form, dynamic shared memory, hipModuleGetGlobal (separate
// instances per load, initialised data), hipFuncGetAttribute; errors: unknown names
// (hipErrorNotFound), missing file (hipErrorFileNotFound), bad image bytes (hipErrorInvalidImage,
// or hipErrorInvalidKernelFile in some HIP versions), use after unload.
#include "hip_test.h"
#include <cstring>
#include <fstream>
#include <iterator>

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: module_api <code object>");
  hipModule_t m;
  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  hipFunction_t scale, add, twice, bsum, bump, table;
  HIP_CHECK(hipModuleGetFunction(&scale, m, "scale_c"));
  HIP_CHECK(hipModuleGetFunction(&add, m, "_Z7add_cppPiii"));
  HIP_CHECK(hipModuleGetFunction(&twice, m, "_ZN5modns5twiceEPd"));
  HIP_CHECK(hipModuleGetFunction(&bsum, m, "block_sum"));
  HIP_CHECK(hipModuleGetFunction(&bump, m, "bump"));
  HIP_CHECK(hipModuleGetFunction(&table, m, "read_table"));

  const int n = 1000;
  float *f;
  HIP_CHECK(hipMallocManaged((void **)&f, n * sizeof(float), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) f[i] = (float)i;
  float factor = 3.0f;
  int nn = n;
  void *params[] = {&f, &factor, &nn};
  HIP_CHECK(hipModuleLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(f[i], 3.0f * i);

  // `extra` form: the arguments as one buffer with the kernel's C struct layout.
  int *ip;
  HIP_CHECK(hipMallocManaged((void **)&ip, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) ip[i] = i;
  struct {
    int *p;
    int v;
    int n;
  } args{ip, 5, n};
  size_t size = sizeof args;
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipModuleLaunchKernel(add, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s, nullptr, extra));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) CHECK_EQ(ip[i], i + 5);

  double *dp;
  HIP_CHECK(hipMallocManaged((void **)&dp, 64 * sizeof(double), hipMemAttachGlobal));
  for (int i = 0; i < 64; ++i) dp[i] = i + 0.5;
  void *tp[] = {&dp};
  HIP_CHECK(hipModuleLaunchKernel(twice, 1, 1, 1, 64, 1, 1, 0, s, tp, nullptr));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 64; ++i) CHECK_EQ(dp[i], 2 * i + 1.0);

  // Explicit template instances of the code object, by mangled name.
  hipFunction_t fill_i, fill_d;
  HIP_CHECK(hipModuleGetFunction(&fill_i, m, "_Z9fill_tmplIiEvPT_S0_"));
  HIP_CHECK(hipModuleGetFunction(&fill_d, m, "_Z9fill_tmplIdEvPT_S0_"));
  int base_i = 100;
  void *fip[] = {&ip, &base_i};
  HIP_CHECK(hipModuleLaunchKernel(fill_i, 1, 1, 1, 64, 1, 1, 0, s, fip, nullptr));
  double base_d = 0.25;
  void *fdp[] = {&dp, &base_d};
  HIP_CHECK(hipModuleLaunchKernel(fill_d, 1, 1, 1, 32, 1, 1, 0, s, fdp, nullptr));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 64; ++i) CHECK_EQ(ip[i], 100 + i);
  for (int i = 0; i < 32; ++i) CHECK_EQ(dp[i], 0.25 + i);
  for (int i = 32; i < 64; ++i) CHECK_EQ(dp[i], 2 * i + 1.0);

  // `extra` with HIP_LAUNCH_PARAM_BUFFER_SIZE at the end of the last argument, without the
  // struct's tail padding (12 bytes for (int *, int), as programs compute it by hand); AMD and
  // CUDA accept it.
  {
    unsigned char packed[12];
    int base = 300;
    std::memcpy(packed, &ip, sizeof ip);
    std::memcpy(packed + 8, &base, sizeof base);
    size_t packed_size = sizeof packed;
    void *pextra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &packed_size,
                      HIP_LAUNCH_PARAM_END};
    HIP_CHECK(hipModuleLaunchKernel(fill_i, 1, 1, 1, 64, 1, 1, 0, s, nullptr, pextra));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < 64; ++i) CHECK_EQ(ip[i], 300 + i);
  }

  // Dynamic shared memory through sharedMemBytes.
  int *out;
  HIP_CHECK(hipMallocManaged((void **)&out, 4 * sizeof(int), hipMemAttachGlobal));
  void *bp[] = {&ip, &out};
  HIP_CHECK(hipModuleLaunchKernel(bsum, 4, 1, 1, 250, 1, 1, 250 * sizeof(int), s, bp, nullptr));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int b = 0; b < 4; ++b) {
    int want = 0;
    for (int t = 0; t < 250; ++t) want += ip[b * 250 + t];
    CHECK_EQ(out[b], want);
  }
  int attr = 0;
  HIP_CHECK(hipFuncGetAttribute(&attr, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, bsum));
  CHECK(attr > 0 && attr <= 1024, "max threads per block %d", attr);
  HIP_CHECK(hipFuncGetAttribute(&attr, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, bsum));
  CHECK(attr >= (int)sizeof(int), "static shared size %d of block_sum", attr);
  // Oversized block through the module path.
  hipError_t le = hipModuleLaunchKernel(scale, 1, 1, 1, 1025, 1, 1, 0, nullptr, params, nullptr);
  CHECK(le == hipErrorInvalidValue || le == hipErrorInvalidConfiguration, "1025 threads: %s", hip_test::to_str(le).c_str());
  (void)hipGetLastError();

  // Globals.
  hipDeviceptr_t gp;
  size_t gbytes = 0;
  HIP_CHECK(hipModuleGetGlobal(&gp, &gbytes, m, "mod_counter"));
  CHECK_EQ(gbytes, sizeof(int));
  int zero = 0;
  HIP_CHECK(hipMemcpyHtoD(gp, &zero, sizeof zero));
  int v = 7;
  void *bumpp[] = {&v};
  for (int i = 0; i < 3; ++i) HIP_CHECK(hipModuleLaunchKernel(bump, 2, 1, 1, 64, 1, 1, 0, nullptr, bumpp, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  int counter = 0;
  HIP_CHECK(hipMemcpyDtoH(&counter, gp, sizeof counter));
  CHECK_EQ(counter, 3 * 2 * 64 * 7);
  hipDeviceptr_t tbl;
  HIP_CHECK(hipModuleGetGlobal(&tbl, &gbytes, m, "mod_table"));
  CHECK_EQ(gbytes, 4 * sizeof(float));
  float ht[4];
  HIP_CHECK(hipMemcpyDtoH(ht, tbl, sizeof ht));
  CHECK(ht[0] == 1.0f && ht[3] == 4.0f, "initialised global: %g %g", ht[0], ht[3]);

  // hipModuleLoadData from the bytes of the file: a second, independent instance.
  std::ifstream in(argv[1], std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(bytes.size() > 64, "could not read %s", argv[1]);
  hipModule_t m2;
  HIP_CHECK(hipModuleLoadData(&m2, bytes.data()));
  hipDeviceptr_t gp2;
  HIP_CHECK(hipModuleGetGlobal(&gp2, &gbytes, m2, "mod_counter"));
  CHECK(gp2 != gp, "two loads share the global");
  int c2 = -1;
  HIP_CHECK(hipMemcpyDtoH(&c2, gp2, sizeof c2));
  CHECK_EQ(c2, 0);
  hipFunction_t table2;
  HIP_CHECK(hipModuleGetFunction(&table2, m2, "read_table"));
  void *tp2[] = {&f};
  HIP_CHECK(hipModuleLaunchKernel(table2, 1, 1, 1, 8, 1, 1, 0, nullptr, tp2, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 8; ++i) CHECK_EQ(f[i], (float)(i % 4 + 1));

  // Errors.
  hipFunction_t nf;
  HIP_EXPECT(hipModuleGetFunction(&nf, m, "no_such_kernel"), hipErrorNotFound);
  HIP_EXPECT(hipModuleGetFunction(&nf, m, "add_cpp"), hipErrorNotFound); // unmangled C++ name
  HIP_EXPECT(hipModuleGetGlobal(&gp, &gbytes, m, "no_such_global"), hipErrorNotFound);
  hipModule_t bad;
  HIP_EXPECT(hipModuleLoad(&bad, "/nonexistent/ferrocm/none.co"), hipErrorFileNotFound);
  const char garbage[] = "this is not a code object, just some bytes that go on for a while......";
  HIP_EXPECT2(hipModuleLoadData(&bad, garbage), hipErrorInvalidImage, hipErrorInvalidKernelFile);
  // A damaged image (hipModuleLoadData takes no size, so the buffer keeps the length its ELF
  // header announces; everything after the first third is zeroed).
  std::vector<char> damaged(bytes);
  std::fill(damaged.begin() + damaged.size() / 3, damaged.end(), 0);
  HIP_EXPECT2(hipModuleLoadData(&bad, damaged.data()), hipErrorInvalidImage, hipErrorInvalidKernelFile);
  HIP_EXPECT(hipModuleLoadData(&bad, nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipModuleUnload(m2));
  HIP_EXPECT_FAIL(hipModuleGetFunction(&nf, m2, "scale_c"));
  HIP_EXPECT_FAIL(hipModuleGetGlobal(&gp2, &gbytes, m2, "mod_counter"));
  (void)hipGetLastError();
  // The first module is unaffected.
  HIP_CHECK(hipModuleLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(f[100], 9.0f * 100);
  HIP_CHECK(hipModuleUnload(m));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipFree(ip));
  HIP_CHECK(hipFree(dp));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
