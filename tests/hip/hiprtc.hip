// HIPCC-FLAGS: -lhiprtc
// INCLUDE-DIR:
// hiprtc: compile a kernel from a string with -D and -I options (the include directory arrives
// as argv[1]) and an embedded header, get the code, load it with hipModuleLoadData, launch;
// name expression + lowered name for a template kernel; a compile error gives
// HIPRTC_ERROR_COMPILATION and a non-empty log; compiling the same source again is fast (< 50%
// of the first compile: a cache).
#include "hip_test.h"
#include <hip/hiprtc.h>

#define RTC_CHECK(call)                                                                                           \
  do {                                                                                                            \
    hiprtcResult r_ = (call);                                                                                     \
    if (r_ != HIPRTC_SUCCESS) FAIL_AT("%s returned %d (%s)", #call, (int)r_, hiprtcGetErrorString(r_));           \
  } while (0)

static const char *kSource = R"(
#include "rtc_helper.h"
#include "embedded.h"
extern "C" __global__ void rtc_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * FACTOR + rtc_offset(i) + EMBEDDED_VALUE;
}
template <typename T> __global__ void rtc_tmpl(T *out, T v) { out[threadIdx.x] = v * (T)FACTOR + (T)threadIdx.x; }
)";
static const char *kHeader = "#define EMBEDDED_VALUE 1000\n";

static double compile(const std::string &incdir, std::vector<char> &code, std::string &lowered) {
  hiprtcProgram prog;
  const char *headers[] = {kHeader};
  const char *names[] = {"embedded.h"};
  RTC_CHECK(hiprtcCreateProgram(&prog, kSource, "rtc_kernel.hip", 1, headers, names));
  RTC_CHECK(hiprtcAddNameExpression(prog, "rtc_tmpl<int>"));
  std::string inc = "-I" + incdir;
  const char *opts[] = {"-DFACTOR=3", inc.c_str()};
  double t0 = hip_test::now_s();
  hiprtcResult r = hiprtcCompileProgram(prog, 2, opts);
  double dt = hip_test::now_s() - t0;
  if (r != HIPRTC_SUCCESS) {
    size_t ls = 0;
    hiprtcGetProgramLogSize(prog, &ls);
    std::string log(ls, '\0');
    if (ls) hiprtcGetProgramLog(prog, &log[0]);
    FAIL_AT("compile failed (%d): %s", (int)r, log.c_str());
  }
  size_t size = 0;
  RTC_CHECK(hiprtcGetCodeSize(prog, &size));
  CHECK(size > 0, "empty code");
  code.assign(size, 0);
  RTC_CHECK(hiprtcGetCode(prog, code.data()));
  const char *low = nullptr;
  RTC_CHECK(hiprtcGetLoweredName(prog, "rtc_tmpl<int>", &low));
  CHECK(low && std::strncmp(low, "_Z", 2) == 0 && std::strstr(low, "rtc_tmpl"), "lowered name \"%s\"", low ? low : "(null)");
  lowered = low;
  RTC_CHECK(hiprtcDestroyProgram(&prog));
  return dt;
}

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: hiprtc <include dir>");
  int major = -1, minor = -1;
  RTC_CHECK(hiprtcVersion(&major, &minor));
  CHECK(major > 0, "hiprtc version %d.%d", major, minor);
  CHECK(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION) != nullptr, "null error string");
  std::vector<char> code;
  std::string lowered;
  double first = compile(argv[1], code, lowered);

  hipModule_t m;
  HIP_CHECK(hipModuleLoadData(&m, code.data()));
  hipFunction_t k, t;
  HIP_CHECK(hipModuleGetFunction(&k, m, "rtc_kernel"));
  HIP_CHECK(hipModuleGetFunction(&t, m, lowered.c_str()));
  const int n = 1000;
  int *out;
  HIP_CHECK(hipMallocManaged((void **)&out, n * sizeof(int), hipMemAttachGlobal));
  int nn = n;
  void *args[] = {&out, &nn};
  HIP_CHECK(hipModuleLaunchKernel(k, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(out[i], i * 3 + 7 + (i & 1) + 1000);
  int v = 5;
  void *targs[] = {&out, &v};
  HIP_CHECK(hipModuleLaunchKernel(t, 1, 1, 1, 64, 1, 1, 0, nullptr, targs, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(out[i], 15 + i);
  HIP_CHECK(hipModuleUnload(m));

  // Compile error: status and log.
  hiprtcProgram bad;
  RTC_CHECK(hiprtcCreateProgram(&bad, "extern \"C\" __global__ void broken(int *p) { p[0] = undeclared_thing; }",
                                "broken.hip", 0, nullptr, nullptr));
  hiprtcResult r = hiprtcCompileProgram(bad, 0, nullptr);
  CHECK(r == HIPRTC_ERROR_COMPILATION, "broken source: result %d, expected HIPRTC_ERROR_COMPILATION (%d)", (int)r,
        (int)HIPRTC_ERROR_COMPILATION);
  size_t ls = 0;
  RTC_CHECK(hiprtcGetProgramLogSize(bad, &ls));
  CHECK(ls > 1, "log size %zu", ls);
  std::string log(ls, '\0');
  RTC_CHECK(hiprtcGetProgramLog(bad, &log[0]));
  CHECK(std::strstr(log.c_str(), "undeclared_thing") != nullptr, "log does not mention the error: %s", log.c_str());
  RTC_CHECK(hiprtcDestroyProgram(&bad));

  // Second compile of the same source and options.
  std::vector<char> code2;
  std::string lowered2;
  double second = compile(argv[1], code2, lowered2);
  std::printf("first compile %.3f s, second compile %.3f s\n", first, second);
  CHECK(second < 0.5 * first, "second compile %.3f s is not < 50%% of the first (%.3f s)", second, first);
  CHECK(lowered2 == lowered, "lowered names differ");
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
