// Nothing inside a string, a character literal or a comment changes: cudaMalloc, cudaFree,
// cuda_runtime.h and k<<<1, 1>>>() stay as written here.
#include <cuda_runtime.h>
#include <cstdio>

/* A block comment about cudaMemcpy and cudaStream_t. */
int main() {
  const char *msg = "cudaMalloc failed";   // the user's message, not code
  const char *raw = R"(cudaFree(ptr); cudaDeviceSynchronize();)";
  const char *hdr = "#include <cuda_runtime.h>";
  char c = 'c';
  void *p = nullptr;
  if (cudaMalloc(&p, 16) != cudaSuccess) puts(msg);
  cudaFree(p); /* cudaFree */
  printf("%s %s %c\n", raw, hdr, c);
  return 0;
}
