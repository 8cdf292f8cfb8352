#include "hip/hip_runtime.h"
// NVRTC -> hiprtc.
#include <hiprtc.h>
#include <string>

std::string compile(const char *src) {
  hiprtcProgram prog;
  hiprtcCreateProgram(&prog, src, "k.cu", 0, nullptr, nullptr);
  const char *opts[] = {"--std=c++17"};
  if (hiprtcCompileProgram(prog, 1, opts) != HIPRTC_SUCCESS) {
    size_t n = 0;
    hiprtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    hiprtcGetProgramLog(prog, &log[0]);
    return log;
  }
  size_t size = 0;
  hiprtcGetCodeSize(prog, &size);
  std::string code(size, '\0');
  hiprtcGetCode(prog, &code[0]);
  hiprtcDestroyProgram(&prog);
  return code;
}
