#define HIP_TEST_NO_SPIN_KERNEL // defined in main.hip
#include "hip_test.h"

__device__ int rdc_table[4];
__constant__ int rdc_offset;

__device__ int rdc_scale(int v) { return 3 * v; }

void rdc_setup(int offset) {
  int t[4] = {10, 20, 30, 40};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(rdc_table), t, sizeof t));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(rdc_offset), &offset, sizeof offset));
}

int rdc_table_sum() {
  int t[4];
  HIP_CHECK(hipMemcpyFromSymbol(t, HIP_SYMBOL(rdc_table), sizeof t));
  return t[0] + t[1] + t[2] + t[3];
}
