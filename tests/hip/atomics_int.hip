// Integer atomics under heavy contention (64 blocks x 256 work-items, several rounds each) with
// exact expected results: atomicAdd/Sub/Exch/Min/Max/And/Or/Xor/CAS on int, unsigned and
// unsigned long long, atomicInc/atomicDec with wrap-around (old >= val ? 0 : old + 1 and
// (old == 0 || old > val) ? val : old - 1; HIP-CPU ignored val).
#include "hip_test.h"

struct Ctr {
  int add_i, sub_i, min_i, max_i, and_i, or_i, xor_i, cas_i, exch_seen;
  unsigned add_u, sub_u, min_u, max_u, and_u, or_u, xor_u, inc_u, dec_u, cas_u;
  unsigned long long add_ull, min_ull, max_ull, and_ull, or_ull, xor_ull, cas_ull, exch_ull;
  long long add_ll, min_ll, max_ll;
};

__global__ void hammer(Ctr *c, int *exch_hist, int rounds) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    atomicAdd(&c->add_i, 3);
    atomicSub(&c->sub_i, 2);
    atomicMin(&c->min_i, 1000 - g);
    atomicMax(&c->max_i, g - 1000);
    atomicAnd(&c->and_i, ~(1 << (g % 31)));
    atomicOr(&c->or_i, 1 << (g % 31));
    atomicXor(&c->xor_i, g);
    int old = atomicCAS(&c->cas_i, 0, 0);
    while (true) {
      int prev = atomicCAS(&c->cas_i, old, old + 1);
      if (prev == old) break;
      old = prev;
    }
    int e = atomicExch(&c->exch_seen, g);
    if (e >= 0) atomicAdd(&exch_hist[e], 1);

    atomicAdd(&c->add_u, 5u);
    atomicSub(&c->sub_u, 1u);
    atomicMin(&c->min_u, (unsigned)(g + 7));
    atomicMax(&c->max_u, (unsigned)g * 3u);
    atomicAnd(&c->and_u, ~(1u << (g % 32)));
    atomicOr(&c->or_u, 1u << (g % 32));
    atomicXor(&c->xor_u, (unsigned)g * 2654435761u);
    atomicInc(&c->inc_u, 999u);
    atomicDec(&c->dec_u, 999u);
    unsigned ou = atomicCAS(&c->cas_u, 0u, 0u);
    while (true) {
      unsigned prev = atomicCAS(&c->cas_u, ou, ou + 2u);
      if (prev == ou) break;
      ou = prev;
    }

    atomicAdd(&c->add_ull, 1ull << 33);
    atomicMin(&c->min_ull, (unsigned long long)(g + 1) << 32);
    atomicMax(&c->max_ull, (unsigned long long)g << 40);
    atomicAnd(&c->and_ull, ~(1ull << (g % 64)));
    atomicOr(&c->or_ull, 1ull << (g % 64));
    atomicXor(&c->xor_ull, (unsigned long long)g << 20);
    unsigned long long oc = atomicCAS(&c->cas_ull, 0ull, 0ull);
    while (true) {
      unsigned long long prev = atomicCAS(&c->cas_ull, oc, oc + (1ull << 32));
      if (prev == oc) break;
      oc = prev;
    }
    atomicExch(&c->exch_ull, (unsigned long long)g);
    atomicAdd((unsigned long long *)&c->add_ll, (unsigned long long)-3ll); // no signed 64-bit atomicAdd in CUDA/HIP
    atomicMin(&c->min_ll, -(long long)g * 1000000000ll);
    atomicMax(&c->max_ll, (long long)g * 1000000000ll);
  }
}

// Exact wrap-around sequences: one work-item, so the order is known.
__global__ void wrap_sequence(unsigned *inc_out, unsigned *dec_out, unsigned *x, unsigned *y, int steps,
                              unsigned limit) {
  for (int i = 0; i < steps; ++i) {
    inc_out[i] = atomicInc(x, limit);
    dec_out[i] = atomicDec(y, limit);
  }
}

int main() {
  const int blocks = 64, bs = 256, rounds = 4, T = blocks * bs, N = T * rounds;
  Ctr *c;
  int *hist;
  HIP_CHECK(hipMallocManaged((void **)&c, sizeof(Ctr), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&hist, T * sizeof(int), hipMemAttachGlobal));
  std::memset(c, 0, sizeof(Ctr));
  std::memset(hist, 0, T * sizeof(int));
  c->min_i = 1 << 30;
  c->max_i = -(1 << 30);
  c->and_i = -1;
  c->exch_seen = -1;
  c->sub_u = (unsigned)N + 10u;
  c->min_u = ~0u;
  c->and_u = ~0u;
  c->min_ull = ~0ull;
  c->and_ull = ~0ull;
  c->min_ll = 0;
  c->max_ll = 0;
  hipLaunchKernelGGL(hammer, dim3(blocks), dim3(bs), 0, 0, c, hist, rounds);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  CHECK_EQ(c->add_i, 3 * N);
  CHECK_EQ(c->sub_i, -2 * N);
  CHECK_EQ(c->min_i, 1000 - (T - 1));
  CHECK_EQ(c->max_i, (T - 1) - 1000);
  CHECK_EQ(c->and_i, (int)(1u << 31)); // bits 0..30 cleared, bit 31 kept
  CHECK_EQ(c->or_i, 0x7fffffff);
  int xi = 0;
  for (int g = 0; g < T; ++g) xi ^= g;
  CHECK_EQ(c->xor_i, rounds % 2 ? xi : 0);
  CHECK_EQ(c->cas_i, N);
  // Every exchange returned the previous holder: N-1 values >= 0 were observed, and the final
  // value is the last writer; each work-item wrote 'rounds' times.
  long long seen = 0;
  for (int g = 0; g < T; ++g) seen += hist[g];
  CHECK_EQ(seen, (long long)N - 1);
  CHECK(c->exch_seen >= 0 && c->exch_seen < T, "final exchange value %d", c->exch_seen);
  for (int g = 0; g < T; ++g)
    CHECK(hist[g] == rounds || (g == c->exch_seen && hist[g] == rounds - 1),
          "work-item %d was seen %d times by atomicExch", g, hist[g]);

  CHECK_EQ(c->add_u, 5u * N);
  CHECK_EQ(c->sub_u, 10u);
  CHECK_EQ(c->min_u, 7u);
  CHECK_EQ(c->max_u, (unsigned)(T - 1) * 3u);
  CHECK_EQ(c->and_u, 0u);
  CHECK_EQ(c->or_u, ~0u);
  unsigned xu = 0;
  for (int g = 0; g < T; ++g) xu ^= (unsigned)g * 2654435761u;
  CHECK_EQ(c->xor_u, rounds % 2 ? xu : 0u);
  // N increments modulo 1000 starting at 0; N decrements from 0 with wrap to 999.
  CHECK_EQ(c->inc_u, (unsigned)(N % 1000));
  CHECK_EQ(c->dec_u, (unsigned)((1000 - N % 1000) % 1000));
  CHECK_EQ(c->cas_u, 2u * N);

  CHECK_EQ(c->add_ull, (unsigned long long)N << 33);
  CHECK_EQ(c->min_ull, 1ull << 32);
  CHECK_EQ(c->max_ull, (unsigned long long)(T - 1) << 40);
  CHECK_EQ(c->and_ull, 0ull);
  CHECK_EQ(c->or_ull, ~0ull);
  unsigned long long xl = 0;
  for (int g = 0; g < T; ++g) xl ^= (unsigned long long)g << 20;
  CHECK_EQ(c->xor_ull, rounds % 2 ? xl : 0ull);
  CHECK_EQ(c->cas_ull, (unsigned long long)N << 32);
  CHECK(c->exch_ull < (unsigned long long)T, "exch_ull %llu", c->exch_ull);
  CHECK_EQ(c->add_ll, -3ll * N);
  CHECK_EQ(c->min_ll, -(long long)(T - 1) * 1000000000ll);
  CHECK_EQ(c->max_ll, (long long)(T - 1) * 1000000000ll);

  // Wrap semantics step by step.
  const int steps = 12;
  unsigned *io, *dout, *x, *y;
  HIP_CHECK(hipMallocManaged((void **)&io, steps * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&dout, steps * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&x, 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&y, 4, hipMemAttachGlobal));
  *x = 2;
  *y = 9; // > limit: first atomicDec stores the limit
  hipLaunchKernelGGL(wrap_sequence, dim3(1), dim3(1), 0, 0, io, dout, x, y, steps, 4u);
  HIP_CHECK(hipDeviceSynchronize());
  unsigned hx = 2, hy = 9;
  for (int i = 0; i < steps; ++i) {
    CHECK(io[i] == hx, "atomicInc step %d returned %u, expected %u", i, io[i], hx);
    CHECK(dout[i] == hy, "atomicDec step %d returned %u, expected %u", i, dout[i], hy);
    hx = hx >= 4u ? 0u : hx + 1u;
    hy = (hy == 0u || hy > 4u) ? 4u : hy - 1u;
  }
  CHECK_EQ(*x, hx);
  CHECK_EQ(*y, hy);
  HIP_CHECK(hipFree(c));
  HIP_CHECK(hipFree(hist));
  HIP_CHECK(hipFree(io));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  return hip_test::pass();
}
