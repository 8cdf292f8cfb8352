// Identifiers that merely contain a CUDA name are the user's own; a member of a user struct is
// not an API call; a CUDA-looking name in no table is reported and left alone.
#include <cuda_runtime.h>

struct Allocator {
  int cudaFree_calls = 0;
  void *(*cudaMallocHook)(unsigned long) = nullptr;
};

static int cuda_h = 1;             // hipify-perl's "cuda.h" pattern matches this
static int cudaMallocWrapper = 2;
static int my_cudaMalloc = 3;

int use(Allocator &a, Allocator *b) {
  void *p = nullptr;
  cudaMalloc(&p, 8);
  a.cudaFree_calls++;
  b->cudaFree_calls++;
  int cudaUserCounter = 0;
  cudaFutureApi(p);
  return cuda_h + cudaMallocWrapper + my_cudaMalloc + cudaUserCounter;
}
// expect-warning: 20: unknown CUDA identifier: cudaFutureApi
