#include "hip/hip_runtime.h"
// CUB -> hipCUB: the namespace is translated where it names the namespace, not a variable.
#include <hipcub/hipcub.hpp>
#include <hipcub/block/block_reduce.hpp>

using namespace hipcub;

__global__ void block_sum(const int *in, int *out) {
  typedef hipcub::BlockReduce<int, 128> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  int cub = in[threadIdx.x];
  int s = BlockReduce(temp).Sum(cub);
  if (threadIdx.x == 0) *out = s;
}
