// NVRTC -> hiprtc.
#include <nvrtc.h>
#include <string>

std::string compile(const char *src) {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, src, "k.cu", 0, nullptr, nullptr);
  const char *opts[] = {"--std=c++17"};
  if (nvrtcCompileProgram(prog, 1, opts) != NVRTC_SUCCESS) {
    size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, &log[0]);
    return log;
  }
  size_t size = 0;
  nvrtcGetPTXSize(prog, &size);
  std::string code(size, '\0');
  nvrtcGetPTX(prog, &code[0]);
  nvrtcDestroyProgram(&prog);
  return code;
}
