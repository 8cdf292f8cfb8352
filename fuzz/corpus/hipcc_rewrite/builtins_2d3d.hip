// threadIdx/blockIdx/blockDim/gridDim and the hipThreadIdx_x... macros, checked per element on
// 1D, 2D and 3D grids with partial blocks; every element visited exactly once; dim3 defaults.
#include "hip_test.h"

struct Rec {
  unsigned t[3], b[3], bd[3], gd[3];
  unsigned m[12]; // the same through the hip*Idx_* macros
  int hits;
};

__global__ void record(Rec *r, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  Rec &o = r[(z * ny + y) * nx + x];
  o.t[0] = threadIdx.x; o.t[1] = threadIdx.y; o.t[2] = threadIdx.z;
  o.b[0] = blockIdx.x; o.b[1] = blockIdx.y; o.b[2] = blockIdx.z;
  o.bd[0] = blockDim.x; o.bd[1] = blockDim.y; o.bd[2] = blockDim.z;
  o.gd[0] = gridDim.x; o.gd[1] = gridDim.y; o.gd[2] = gridDim.z;
  o.m[0] = hipThreadIdx_x; o.m[1] = hipThreadIdx_y; o.m[2] = hipThreadIdx_z;
  o.m[3] = hipBlockIdx_x; o.m[4] = hipBlockIdx_y; o.m[5] = hipBlockIdx_z;
  o.m[6] = hipBlockDim_x; o.m[7] = hipBlockDim_y; o.m[8] = hipBlockDim_z;
  o.m[9] = hipGridDim_x; o.m[10] = hipGridDim_y; o.m[11] = hipGridDim_z;
  atomicAdd(&o.hits, 1);
}

static void run(dim3 block, int nx, int ny, int nz) {
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y, (nz + block.z - 1) / block.z);
  size_t count = (size_t)nx * ny * nz;
  Rec *r = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&r, count * sizeof(Rec), hipMemAttachGlobal));
  std::memset(r, 0, count * sizeof(Rec));
  hipLaunchKernelGGL(record, grid, block, 0, 0, r, nx, ny, nz);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        const Rec &o = r[((size_t)z * ny + y) * nx + x];
        const unsigned want_t[3] = {x % block.x, y % block.y, z % block.z};
        const unsigned want_b[3] = {x / block.x, y / block.y, z / block.z};
        const unsigned want_bd[3] = {block.x, block.y, block.z};
        const unsigned want_gd[3] = {grid.x, grid.y, grid.z};
        if (o.hits != 1)
          FAIL_AT("block (%u,%u,%u) sizes (%d,%d,%d): element (%d,%d,%d) visited %d times", block.x, block.y,
                  block.z, nx, ny, nz, x, y, z, o.hits);
        for (int k = 0; k < 3; ++k) {
          if (o.t[k] != want_t[k] || o.m[k] != want_t[k])
            FAIL_AT("(%d,%d,%d) threadIdx[%d] = %u / macro %u, expected %u", x, y, z, k, o.t[k], o.m[k], want_t[k]);
          if (o.b[k] != want_b[k] || o.m[3 + k] != want_b[k])
            FAIL_AT("(%d,%d,%d) blockIdx[%d] = %u / macro %u, expected %u", x, y, z, k, o.b[k], o.m[3 + k], want_b[k]);
          if (o.bd[k] != want_bd[k] || o.m[6 + k] != want_bd[k])
            FAIL_AT("(%d,%d,%d) blockDim[%d] = %u / macro %u, expected %u", x, y, z, k, o.bd[k], o.m[6 + k],
                    want_bd[k]);
          if (o.gd[k] != want_gd[k] || o.m[9 + k] != want_gd[k])
            FAIL_AT("(%d,%d,%d) gridDim[%d] = %u / macro %u, expected %u", x, y, z, k, o.gd[k], o.m[9 + k],
                    want_gd[k]);
        }
      }
  HIP_CHECK(hipFree(r));
}

int main() {
  dim3 d0;
  CHECK(d0.x == 1 && d0.y == 1 && d0.z == 1, "dim3() = (%u,%u,%u)", d0.x, d0.y, d0.z);
  dim3 d1(5);
  CHECK(d1.x == 5 && d1.y == 1 && d1.z == 1, "dim3(5) = (%u,%u,%u)", d1.x, d1.y, d1.z);
  dim3 d2(5, 6);
  CHECK(d2.x == 5 && d2.y == 6 && d2.z == 1, "dim3(5,6) = (%u,%u,%u)", d2.x, d2.y, d2.z);
  dim3 d3(2, 3, 4);
  CHECK(d3.x == 2 && d3.y == 3 && d3.z == 4, "dim3(2,3,4) = (%u,%u,%u)", d3.x, d3.y, d3.z);

  run(dim3(64), 1000, 1, 1);        // 1D, partial last block
  run(dim3(1), 7, 1, 1);            // 1-thread blocks
  run(dim3(1024), 3000, 1, 1);
  run(dim3(16, 8), 70, 33, 1);      // 2D, partial in x and y
  run(dim3(8, 4, 2), 21, 10, 7);    // 3D, partial in every dimension
  run(dim3(1, 1, 8), 3, 2, 17);
  run(dim3(1, 1024), 2, 2100, 1);
  run(dim3(4, 4, 64), 9, 5, 130);   // 1024 threads over 3 dimensions
  run(dim3(3, 5, 7), 10, 11, 12);   // odd block shape
  return hip_test::pass();
}
