// Thrust is the same API on ROCm (rocThrust): unchanged. NCCL -> RCCL (same API, rccl.h).
// NVTX ranges -> roctx.
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <nccl.h>
#include <nvToolsExt.h>

float total(const thrust::device_vector<float> &v, ncclComm_t comm, float *buf,
            cudaStream_t s) {
  nvtxRangePushA("total");
  float r = thrust::reduce(v.begin(), v.end());
  ncclAllReduce(buf, buf, 1, ncclFloat, ncclSum, comm, s);
  nvtxRangePop();
  return r;
}
