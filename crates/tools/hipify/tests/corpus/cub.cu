// CUB -> hipCUB: the namespace is translated where it names the namespace, not a variable.
#include <cub/cub.cuh>
#include <cub/block/block_reduce.cuh>

using namespace cub;

__global__ void block_sum(const int *in, int *out) {
  typedef cub::BlockReduce<int, 128> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  int cub = in[threadIdx.x];
  int s = BlockReduce(temp).Sum(cub);
  if (threadIdx.x == 0) *out = s;
}
