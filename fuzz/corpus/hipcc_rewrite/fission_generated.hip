#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>

static_assert(sizeof(unsigned) == 4, "32-bit unsigned");

__global__ void k0(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  if (t < size / 2u) v0 += s[t + size / 2u];
  unsigned v2 = v0 * 263u + v0;
  v0 += __shfl(v1, 18);
  __syncthreads();
  s[t] = s[t] * 5u + v2;
  __syncthreads();
  p += v2 & 7u;
  if (t < size / 2u) v0 += s[t + size / 2u];
  v1 += __shfl_down(v1, 1u);
  __syncthreads();
  for (unsigned i = 0; i < v0 % 5u; ++i) v0 = v0 * 3u + i;
  unsigned v3 = (v0 | 41711u) - v0;
  s[t] ^= v1;
  s[t] = (v3 ^ (v3 >> 0)) + t;
  __syncthreads();
  v2 += s[(t + 178u) % size];
  v2 = (v3 < v1 ? v3 : v1) + (v3 & 255u);
  __syncwarp();
  __syncthreads();
  s[t] = (v3 < v3 ? v3 : v3) + (v3 & 255u);
  v1 ^= __shfl_xor(v3, 1);
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k0_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  if (t < size / 2u) v0 += s[t + size / 2u];
  unsigned v2 = v0 * 263u + v0;
  v0 += __shfl(v1, 18);
  __syncthreads();
  s[t] = s[t] * 5u + v2;
  __syncthreads();
  p += v2 & 7u;
  if (t < size / 2u) v0 += s[t + size / 2u];
  v1 += __shfl_down(v1, 1u);
  __syncthreads();
  for (unsigned i = 0; i < v0 % 5u; ++i) v0 = v0 * 3u + i;
  unsigned v3 = (v0 | 41711u) - v0;
  s[t] ^= v1;
  s[t] = (v3 ^ (v3 >> 0)) + t;
  __syncthreads();
  v2 += s[(t + 178u) % size];
  v2 = (v3 < v1 ? v3 : v1) + (v3 & 255u);
  __syncwarp();
  __syncthreads();
  s[t] = (v3 < v3 ? v3 : v3) + (v3 & 255u);
  v1 ^= __shfl_xor(v3, 1);
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k1(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= v0 * 2021u + v1;
  v1 = v0 + q;
  v1 = v1 * 63387u + v1;
  __syncthreads();
  s[t] = (v0 < v0 ? v0 : v0) + (v0 & 255u);
  s[t] = s[t] * 5u + v1;
  v0 ^= v0 * 60031u + v1;
  __syncthreads();
  if (t < size / 2u) v1 += s[t + size / 2u];
  v0 += s[(t + 190u) % size];
  __syncthreads();
  s[t] ^= v1;
  __syncthreads();
  unsigned v2 = v0 + p * 23885u;
  if (v0 & 1u) v0 += (v2 < v2 ? v2 : v2) + (v2 & 255u); else v0 ^= v2 + p * 53871u;
  p += v2 & 7u;
  if (v0 & 1u) v0 += v0 * v0 + g; else v0 ^= v0 + q;
  __syncthreads();
  unsigned v3 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k1_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= v0 * 2021u + v1;
  v1 = v0 + q;
  v1 = v1 * 63387u + v1;
  __syncthreads();
  s[t] = (v0 < v0 ? v0 : v0) + (v0 & 255u);
  s[t] = s[t] * 5u + v1;
  v0 ^= v0 * 60031u + v1;
  __syncthreads();
  if (t < size / 2u) v1 += s[t + size / 2u];
  v0 += s[(t + 190u) % size];
  __syncthreads();
  s[t] ^= v1;
  __syncthreads();
  unsigned v2 = v0 + p * 23885u;
  if (v0 & 1u) v0 += (v2 < v2 ? v2 : v2) + (v2 & 255u); else v0 ^= v2 + p * 53871u;
  p += v2 & 7u;
  if (v0 & 1u) v0 += v0 * v0 + g; else v0 ^= v0 + q;
  __syncthreads();
  unsigned v3 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k2(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 = (v0 ^ (v0 >> 12)) + t;
  v1 ^= s[size - 1u - t];
  v1 ^= (v1 < v1 ? v1 : v1) + (v1 & 255u);
  v1 ^= s[size - 1u - t];
  __syncthreads();
  s[t] = v0 * 63723u + v0;
  unsigned v2 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v0 ^= v0 * 18761u + v1;
  s[t] = v1 + p * 9147u;
  __syncthreads();
  v1 += s[(t + 100u) % size];
  for (unsigned i = 0; i < v2 % 6u; ++i) v2 = v2 * 3u + i;
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k2_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 = (v0 ^ (v0 >> 12)) + t;
  v1 ^= s[size - 1u - t];
  v1 ^= (v1 < v1 ? v1 : v1) + (v1 & 255u);
  v1 ^= s[size - 1u - t];
  __syncthreads();
  s[t] = v0 * 63723u + v0;
  unsigned v2 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v0 ^= v0 * 18761u + v1;
  s[t] = v1 + p * 9147u;
  __syncthreads();
  v1 += s[(t + 100u) % size];
  for (unsigned i = 0; i < v2 % 6u; ++i) v2 = v2 * 3u + i;
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k3(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  s[t] = v0 + q;
  unsigned v2 = v1 * v1 + g;
  p += v2 & 7u;
  s[t] = s[t] * 5u + v2;
  __syncthreads();
  v2 = v2 * 35051u + v0;
  v2 += s[(t + 243u) % size];
  v0 = (v1 ^ (v0 >> 27)) + t;
  v0 ^= s[size - 1u - t];
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k3_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  s[t] = v0 + q;
  unsigned v2 = v1 * v1 + g;
  p += v2 & 7u;
  s[t] = s[t] * 5u + v2;
  __syncthreads();
  v2 = v2 * 35051u + v0;
  v2 += s[(t + 243u) % size];
  v0 = (v1 ^ (v0 >> 27)) + t;
  v0 ^= s[size - 1u - t];
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k4(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v1 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  unsigned v2 = v0 * 51565u + v1;
  __syncthreads();
  s[t] = s[t] * 5u + v1;
  s[t] = v1 * v0 + g;
  v0 ^= v1 + p * 59377u;
  unsigned v3 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  __syncthreads();
  if (t < size / 2u) v2 += s[t + size / 2u];
  v1 ^= v1 + q;
  if (t < size / 2u) v0 += s[t + size / 2u];
  v1 ^= (v2 ^ (v1 >> 15)) + t;
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k4_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v1 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  unsigned v2 = v0 * 51565u + v1;
  __syncthreads();
  s[t] = s[t] * 5u + v1;
  s[t] = v1 * v0 + g;
  v0 ^= v1 + p * 59377u;
  unsigned v3 = (v1 < v0 ? v1 : v0) + (v1 & 255u);
  __syncthreads();
  if (t < size / 2u) v2 += s[t + size / 2u];
  v1 ^= v1 + q;
  if (t < size / 2u) v0 += s[t + size / 2u];
  v1 ^= (v2 ^ (v1 >> 15)) + t;
  out[g * size + t] = v0 ^ v1 ^ v2 ^ v3;
}

__global__ void k5(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  for (unsigned i = 0; i < v1 % 6u; ++i) v0 = v0 * 3u + i;
  __syncthreads();
  if (t < size / 2u) v0 += s[t + size / 2u];
  v0 = (v0 ^ (v0 >> 16)) + t;
  if (v0 & 1u) v0 += (v1 ^ (v0 >> 20)) + t; else v0 ^= (v0 | 39631u) - v0;
  unsigned v2 = (v1 < v1 ? v1 : v1) + (v1 & 255u);
  __syncthreads();
  v2 ^= (v2 ^ (v2 >> 26)) + t;
  __syncthreads();
  v0 = (v2 ^ (v0 >> 27)) + t;
  v2 ^= s[size - 1u - t];
  v0 = (v0 | 47601u) - v0;
  if (t < size / 2u) v1 += s[t + size / 2u];
  __syncthreads();
  s[t] = s[t] * 5u + v0;
  s[t] = s[t] * 5u + v0;
  s[t] = (v2 ^ (v1 >> 0)) + t;
  v0 ^= v0 + q;
  __syncthreads();
  v1 += s[(t + 145u) % size];
  v1 += s[(t + 72u) % size];
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k5_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  for (unsigned i = 0; i < v1 % 6u; ++i) v0 = v0 * 3u + i;
  __syncthreads();
  if (t < size / 2u) v0 += s[t + size / 2u];
  v0 = (v0 ^ (v0 >> 16)) + t;
  if (v0 & 1u) v0 += (v1 ^ (v0 >> 20)) + t; else v0 ^= (v0 | 39631u) - v0;
  unsigned v2 = (v1 < v1 ? v1 : v1) + (v1 & 255u);
  __syncthreads();
  v2 ^= (v2 ^ (v2 >> 26)) + t;
  __syncthreads();
  v0 = (v2 ^ (v0 >> 27)) + t;
  v2 ^= s[size - 1u - t];
  v0 = (v0 | 47601u) - v0;
  if (t < size / 2u) v1 += s[t + size / 2u];
  __syncthreads();
  s[t] = s[t] * 5u + v0;
  s[t] = s[t] * 5u + v0;
  s[t] = (v2 ^ (v1 >> 0)) + t;
  v0 ^= v0 + q;
  __syncthreads();
  v1 += s[(t + 145u) % size];
  v1 += s[(t + 72u) % size];
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k6(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= s[size - 1u - t];
  __syncthreads();
  v0 = v1 * v1 + g;
  unsigned v2 = v0 * v1 + g;
  __syncthreads();
  v0 += s[(t + 33u) % size];
  __syncthreads();
  for (unsigned i = 0; i < v0 % 2u; ++i) v1 = v1 * 3u + i;
  v2 = v2 + p * 22525u;
  s[t] = (v2 ^ (v1 >> 25)) + t;
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k6_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= s[size - 1u - t];
  __syncthreads();
  v0 = v1 * v1 + g;
  unsigned v2 = v0 * v1 + g;
  __syncthreads();
  v0 += s[(t + 33u) % size];
  __syncthreads();
  for (unsigned i = 0; i < v0 % 2u; ++i) v1 = v1 * 3u + i;
  v2 = v2 + p * 22525u;
  s[t] = (v2 ^ (v1 >> 25)) + t;
  out[g * size + t] = v0 ^ v1 ^ v2;
}

__global__ void k7(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= s[size - 1u - t];
  v0 += s[(t + 224u) % size];
  v0 += s[(t + 262u) % size];
  v1 ^= s[size - 1u - t];
  __syncthreads();
  s[t] = v1 * v1 + g;
  if (v0 & 1u) v0 += v0 * v1 + g; else v0 ^= v0 + q;
  __syncthreads();
  v1 += s[(t + 135u) % size];
  v1 += s[(t + 280u) % size];
  p += v0 & 7u;
  __syncthreads();
  s[t] = s[t] * 5u + v0;
  v1 ^= (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v0 = (v0 < v0 ? v0 : v0) + (v0 & 255u);
  for (unsigned i = 0; i < v0 % 5u; ++i) v0 = v0 * 3u + i;
  __syncwarp();
  __syncthreads();
  if (v1 & 1u) v1 += v1 + q; else v1 ^= (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v1 ^= v1 * 33569u + v1;
  out[g * size + t] = v0 ^ v1;
}

__global__ void k7_fibers(unsigned *out, const unsigned *in, unsigned p, unsigned q, [[maybe_unused]] int always) {
#if 1
#endif
  __shared__ unsigned s[256];
const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
const unsigned size = blockDim.x * blockDim.y * blockDim.z;
const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned v0 = in[(g * size + t) % 4096u] ^ q;
  unsigned v1 = t * 2654435761u + p;
  s[t] = 0u;
  __syncthreads();
  v0 ^= s[size - 1u - t];
  v0 += s[(t + 224u) % size];
  v0 += s[(t + 262u) % size];
  v1 ^= s[size - 1u - t];
  __syncthreads();
  s[t] = v1 * v1 + g;
  if (v0 & 1u) v0 += v0 * v1 + g; else v0 ^= v0 + q;
  __syncthreads();
  v1 += s[(t + 135u) % size];
  v1 += s[(t + 280u) % size];
  p += v0 & 7u;
  __syncthreads();
  s[t] = s[t] * 5u + v0;
  v1 ^= (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v0 = (v0 < v0 ? v0 : v0) + (v0 & 255u);
  for (unsigned i = 0; i < v0 % 5u; ++i) v0 = v0 * 3u + i;
  __syncwarp();
  __syncthreads();
  if (v1 & 1u) v1 += v1 + q; else v1 ^= (v1 < v0 ? v1 : v0) + (v1 & 255u);
  v1 ^= v1 * 33569u + v1;
  out[g * size + t] = v0 ^ v1;
}

int main() {
  unsigned *in, *a, *b;
  const size_t n = 256 * 6;
hipMallocManaged(&in, 4096 * sizeof(unsigned));
hipMallocManaged(&a, n * sizeof(unsigned));
hipMallocManaged(&b, n * sizeof(unsigned));
for (unsigned i = 0; i < 4096; ++i) in[i] = i * 2246822519u ^ (i >> 3);
  int bad = 0;
  {
    dim3 grid(3, 1), block(128, 1, 1);
const size_t m = (size_t)3 * 1 * 128 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k0<<<grid, block>>>(a, in, 17u, 99u, 1);
k0_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k0: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k0 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(5, 1), block(40, 1, 1);
const size_t m = (size_t)5 * 1 * 40 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k1<<<grid, block>>>(a, in, 17u, 99u, 1);
k1_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k1: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k1 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(1, 1), block(7, 1, 1);
const size_t m = (size_t)1 * 1 * 7 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k2<<<grid, block>>>(a, in, 17u, 99u, 1);
k2_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k2: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k2 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(5, 1), block(7, 1, 1);
const size_t m = (size_t)5 * 1 * 7 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k3<<<grid, block>>>(a, in, 17u, 99u, 1);
k3_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k3: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k3 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(5, 1), block(40, 1, 1);
const size_t m = (size_t)5 * 1 * 40 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k4<<<grid, block>>>(a, in, 17u, 99u, 1);
k4_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k4: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k4 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(5, 1), block(5, 3, 2);
const size_t m = (size_t)5 * 1 * 5 * 3 * 2;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k5<<<grid, block>>>(a, in, 17u, 99u, 1);
k5_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k5: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k5 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(1, 1), block(1, 1, 1);
const size_t m = (size_t)1 * 1 * 1 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k6<<<grid, block>>>(a, in, 17u, 99u, 1);
k6_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k6: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k6 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  {
    dim3 grid(5, 1), block(40, 1, 1);
const size_t m = (size_t)5 * 1 * 40 * 1 * 1;
std::memset(a, 0xAB, n * sizeof(unsigned));
std::memset(b, 0xAB, n * sizeof(unsigned));
k7<<<grid, block>>>(a, in, 17u, 99u, 1);
k7_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);
if (hipDeviceSynchronize() != hipSuccess) { std::printf("FAIL k7: launch\n"); bad = 1; }
for (size_t i = 0; i < m; ++i)
if (a[i] != b[i]) {
std::printf("FAIL k7 [%zu]: split %u, fibers %u\n", i, a[i], b[i]);
bad = 1;
                 break;
               }
  }
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
