#pragma once
// Host API only, no include: the runtime header goes after #pragma once.
inline void *alloc(size_t n) {
  void *p = nullptr;
  cudaMallocManaged(&p, n, cudaMemAttachGlobal);
  return p;
}
