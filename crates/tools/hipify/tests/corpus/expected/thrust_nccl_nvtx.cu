#include "hip/hip_runtime.h"
// Thrust is the same API on ROCm (rocThrust): unchanged. NCCL -> RCCL (same API, rccl.h).
// NVTX ranges -> roctx.
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <rccl/rccl.h>
#include <roctracer/roctx.h>

float total(const thrust::device_vector<float> &v, ncclComm_t comm, float *buf,
            hipStream_t s) {
  roctxRangePushA("total");
  float r = thrust::reduce(v.begin(), v.end());
  ncclAllReduce(buf, buf, 1, ncclFloat, ncclSum, comm, s);
  roctxRangePop();
  return r;
}
