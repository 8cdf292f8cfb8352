#pragma once
#include "hip/hip_runtime.h"
// Host API only, no include: the runtime header goes after #pragma once.
inline void *alloc(size_t n) {
  void *p = nullptr;
  hipMallocManaged(&p, n, hipMemAttachGlobal);
  return p;
}
