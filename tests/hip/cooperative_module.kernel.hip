// Kernels of cooperative_multi_device.hip, loaded with hipModuleLoad: a grid-synchronising sum and
// a multi-grid exchange (multi_grid_group::sync across the devices of a multi-device launch).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void module_grid_sum(const int *in, int *partial, int *total, int n) {
  cg::grid_group grid = cg::this_grid();
  int acc = 0;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) acc += in[i];
  atomicAdd(&partial[blockIdx.x], acc);
  grid.sync();
  if (grid.thread_rank() == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}

extern "C" __global__ void module_multi_exchange(int *slots, int *out, int *info) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  unsigned long long r = mg.thread_rank();
  slots[r] = (int)(r * 3 + 1);
  mg.sync();
  out[r] = slots[mg.size() - 1 - r];
  if (cg::this_grid().thread_rank() == 0) {
    info[mg.grid_rank() * 4 + 0] = (int)mg.num_grids();
    info[mg.grid_rank() * 4 + 1] = (int)mg.grid_rank();
    info[mg.grid_rank() * 4 + 2] = mg.is_valid() ? 1 : 0;
    info[mg.grid_rank() * 4 + 3] = (int)mg.size();
  }
}
