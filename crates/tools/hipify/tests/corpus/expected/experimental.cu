// hipify: --experimental
// With --experimental, names HIPIFY marks experimental are translated.
#include <hip/hip_runtime.h>

void f(hipGraphExec_t g) {
  unsigned long long flags = 0;
  hipGraphExecGetFlags(g, &flags);
}
