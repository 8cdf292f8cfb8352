// GENCO: module_kernels.kernel.hip
// Module API error codes as ROCm has them (found by running AMD's public unit tests):
// hipModuleLoad("") is hipErrorInvalidValue (was hipErrorFileNotFound) and a second
// hipModuleUnload of the same module hipErrorNotFound (was hipErrorInvalidHandle); a missing file
// is still hipErrorFileNotFound, and loading again works.
#include "hip_test.h"

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: module_errors_rocm <code object>");
  hipModule_t m = nullptr;
  HIP_EXPECT(hipModuleLoad(&m, ""), hipErrorInvalidValue);
  HIP_EXPECT(hipModuleLoad(&m, "/nonexistent/ferrocm.co"), hipErrorFileNotFound);
  HIP_EXPECT(hipModuleLoad(nullptr, argv[1]), hipErrorInvalidValue);
  (void)hipGetLastError();

  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  hipFunction_t f;
  HIP_CHECK(hipModuleGetFunction(&f, m, "scale_c"));
  HIP_CHECK(hipModuleUnload(m));
  HIP_EXPECT(hipModuleUnload(m), hipErrorNotFound);
  (void)hipGetLastError();

  // Loading again gives a usable module.
  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  HIP_CHECK(hipModuleGetFunction(&f, m, "scale_c"));
  HIP_CHECK(hipModuleUnload(m));
  printf("PASS\n");
  return 0;
}
