// Shared by the translation units of the multi_tu test: 3 x 32 kernels (one set per TU), a
// template kernel instantiated in several TUs (the same instances in two of them), and each
// TU's host function that launches its own set.
#pragma once
#include "hip_test.h"

#define FOR_32(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15) \
  M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24) M(25) M(26) M(27) M(28) M(29) M(30) M(31)

template <int N, typename T> __global__ void tk(T *p) { p[threadIdx.x] = T(N) + T(threadIdx.x); }

// Kernels of TU b, launched from TU main through their host stubs (declared, not defined, here).
#define DECLARE_B(n) __global__ void kb_##n(int *p);
FOR_32(DECLARE_B)

void launch_a(int *p);      // TU a: its 32 kernels write p[0..32)
void launch_b(int *p);      // TU b: its 32 kernels write p[32..64)
void launch_tk_a(float *f); // TU a: tk<1, float> and tk<2, float>
void launch_tk_b(float *f); // TU b: tk<2, float> (also in a) and tk<3, float>
