// Exercises the device language on the host (device code run by the host behaves as a
// work-group of one work-item) and instantiates every overload family, so that the
// headers' templates are compiled. Prints "device_features: OK" on success.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <cstdlib>

static int failures = 0;
#define CHECK(cond)                                                                                          \
  do {                                                                                                       \
    if (!(cond)) {                                                                                           \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                            \
      ++failures;                                                                                            \
    }                                                                                                        \
  } while (0)

static_assert(warpSize == 64, "warpSize");
constexpr int lanes_per_warp = warpSize; // usable as a constant expression
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(char2) == 2 && alignof(char2) == 2, "char2");
static_assert(std::is_trivially_copyable<float4>::value, "vector types are trivially copyable");
static_assert(HIP_VERSION == 70100000, "HIP_VERSION");
static_assert(hipErrorInvalidHandle == 400 && hipErrorUnknown == 999 && hipErrorNotSupported == 801, "errors");
static_assert(hipDeviceAttributeWarpSize == 87 && hipDeviceAttributeWallClockRate == 10017, "attributes");
static_assert(hipDeviceAttributeMaxSharedMemoryPerBlock == 74 && hipDeviceAttributeMultiprocessorCount == 63,
              "attributes");

template <class T> void shfl_all(T v) {
  for (int w = 1; w <= 64; w *= 2) {
    CHECK(__shfl(v, 0, w) == v);
    CHECK(__shfl_up(v, 1u, w) == v);
    CHECK(__shfl_down(v, 1u, w) == v);
    CHECK(__shfl_xor(v, 1, w) == v);
    CHECK(__shfl_sync(~0ull, v, 0, w) == v);
    CHECK(__shfl_up_sync(~0ull, v, 1u, w) == v);
    CHECK(__shfl_down_sync(~0ull, v, 1u, w) == v);
    CHECK(__shfl_xor_sync(~0ull, v, 1, w) == v);
  }
}

template <class T> void atomics_int() {
  T x = 5;
  CHECK(atomicAdd(&x, T(2)) == T(5) && x == T(7));
  CHECK(atomicSub(&x, T(1)) == T(7) && x == T(6));
  CHECK(atomicExch(&x, T(9)) == T(6) && x == T(9));
  CHECK(atomicMin(&x, T(3)) == T(9) && x == T(3));
  CHECK(atomicMax(&x, T(8)) == T(3) && x == T(8));
  CHECK(atomicCAS(&x, T(8), T(1)) == T(8) && x == T(1));
  CHECK(atomicCAS(&x, T(8), T(2)) == T(1) && x == T(1));
  CHECK(atomicAnd(&x, T(3)) == T(1) && x == T(1));
  CHECK(atomicOr(&x, T(6)) == T(1) && x == T(7));
  CHECK(atomicXor(&x, T(2)) == T(7) && x == T(5));
  CHECK(atomicAdd_system(&x, T(1)) == T(5) && atomicAdd_block(&x, T(1)) == T(6));
  CHECK(atomicMax_system(&x, T(1)) == T(7) && atomicMin_block(&x, T(1)) == T(7) && x == T(1));
}
template <class T> void atomics_fp() {
  T x = 1.5;
  CHECK(atomicAdd(&x, T(1)) == T(1.5) && x == T(2.5));
  CHECK(atomicSub(&x, T(0.5)) == T(2.5) && x == T(2));
  CHECK(atomicExch(&x, T(4)) == T(2) && x == T(4));
  CHECK(atomicMin(&x, T(3)) == T(4) && x == T(3));
  CHECK(atomicMax(&x, T(1)) == T(3) && x == T(3));
  CHECK(atomicMax_system(&x, T(7)) == T(3) && x == T(7));
  CHECK(atomicAdd_block(&x, T(1)) == T(7) && x == T(8));
  CHECK(unsafeAtomicAdd(&x, T(1)) == T(8) && safeAtomicAdd(&x, T(1)) == T(9));
}

__device__ float dev_scale(float x) { return x * 2.0f; }
__host__ __device__ __forceinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int thrice(int x) { return 3 * x; }
__global__ void __launch_bounds__(256) lb_kernel(int *p) { p[0] = 1; }
__constant__ int const_table[4] = {1, 2, 3, 4};
__device__ int dev_var = 3;
__managed__ int managed_var = 4;
struct __align__(16) aligned16 {
  float v[3];
};
static_assert(alignof(aligned16) == 16, "__align__");

int main() {
  // built-ins on the host work-item
  CHECK(threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0);
  CHECK(blockIdx.x == 0 && blockDim.x == 1 && gridDim.x == 1 && blockDim.z == 1);
  dim3 td = threadIdx;
  uint3 tu = blockIdx;
  CHECK(td.x == 0 && td.y == 0 && tu.z == 0);
  CHECK(hipThreadIdx_x == 0 && hipBlockDim_x == 1 && hipGridDim_y == 1 && hipBlockIdx_z == 0);
  std::printf("thread %u block %u\n", threadIdx.x, blockIdx.x);
  __syncthreads();
  CHECK(__syncthreads_count(5) == 1 && __syncthreads_and(1) == 1 && __syncthreads_and(0) == 0);
  CHECK(__syncthreads_or(0) == 0 && __syncthreads_or(2) == 1);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  __syncwarp();
  __syncwarp(0xffffffffu);
  __syncwarp(~0ull);
  CHECK(__lane_id() == 0 && lanes_per_warp == 64);

  // warp functions, every type and width
  shfl_all<int>(-7);
  shfl_all<unsigned int>(7u);
  shfl_all<float>(1.25f);
  shfl_all<double>(-2.5);
  shfl_all<long>(-1234567890123l);
  shfl_all<unsigned long>(1234567890123ul);
  shfl_all<long long>(-5ll);
  shfl_all<unsigned long long>(5ull);
  shfl_all<__half>(__float2half(0.5f));
  CHECK(__ballot(1) == 1ull && __ballot(0) == 0ull && __any(1) == 1 && __all(1) == 1 && __all(0) == 0);
  CHECK(__activemask() == 1ull && __ballot_sync(~0ull, 1) == 1ull && __any_sync(~0ull, 0) == 0);
  CHECK(__all_sync(~0ull, 1) == 1);
  int pred = 0;
  CHECK(__match_any(42) == 1ull && __match_all(42, &pred) == 1ull && pred == 1);
  CHECK(__match_any_sync(~0ull, 3.0f) == 1ull && __match_all_sync(~0ull, 3u, &pred) == 1ull);
  CHECK(__reduce_add_sync(~0ull, 5) == 5 && __reduce_max_sync(~0ull, 5u) == 5u && __reduce_xor_sync(~0ull, 6) == 6);
  CHECK(__reduce_min_sync(~0ull, -1) == -1 && __reduce_and_sync(~0ull, 3) == 3 && __reduce_or_sync(~0ull, 3) == 3);

  // integer intrinsics
  CHECK(__popc(0xf0f0u) == 8 && __popcll(~0ull) == 64);
  CHECK(__clz(0) == 32 && __clz(1) == 31 && __clzll(0) == 64 && __clzll(1ll) == 63 && __clz(-1) == 0);
  CHECK(__ffs(0) == 0 && __ffs(8) == 4 && __ffsll(1ll << 40) == 41 && __ffs(0x80000000u) == 32);
  CHECK(__brev(1u) == 0x80000000u && __brevll(1ull) == 0x8000000000000000ull && __brev(0x12345678u) == 0x1e6a2c48u);
  CHECK(__bitextract_u32(0xabcd1234u, 8, 8) == 0x12u && __bitextract_u64(0xff00000000ull, 32, 8) == 0xffu);
  CHECK(__bitinsert_u32(0xffffffffu, 0, 4, 8) == 0xfffff00fu && __bitinsert_u64(0, 0xffull, 60, 4) == 0xf000000000000000ull);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x5410u) == 0x55441100u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x0123u) == 0x00112233u);
  CHECK(__funnelshift_l(0x80000000u, 0x1u, 1) == 0x3u && __funnelshift_r(0x2u, 0x1u, 1) == 0x80000001u);
  CHECK(__funnelshift_lc(0u, 5u, 40) == 0u && __funnelshift_rc(0u, 5u, 40) == 5u);
  CHECK(__mul24(-3, 5) == -15 && __umul24(0x1000002u, 3u) == 6u);
  CHECK(__mulhi(0x40000000, 8) == 2 && __umulhi(0x80000000u, 4u) == 2u);
  CHECK(__mul64hi(1ll << 62, 8) == 2 && __umul64hi(1ull << 63, 4ull) == 2ull);
  CHECK(__sad(3, 7, 1u) == 5u && __usad(7u, 3u, 1u) == 5u);
  CHECK(__hadd(3, 4) == 3 && __rhadd(3, 4) == 4 && __hadd(-3, -4) == -4 && __uhadd(0xffffffffu, 1u) == 0x80000000u);
  CHECK(__urhadd(1u, 2u) == 2u);

  // atomics with wrap semantics
  atomics_int<int>();
  atomics_int<unsigned int>();
  atomics_int<unsigned long>();
  atomics_int<unsigned long long>();
  atomics_int<long long>();
  atomics_fp<float>();
  atomics_fp<double>();
  unsigned int u = 3;
  CHECK(atomicInc(&u, 3u) == 3u && u == 0u);
  CHECK(atomicInc(&u, 3u) == 0u && u == 1u);
  CHECK(atomicDec(&u, 5u) == 1u && u == 0u);
  CHECK(atomicDec(&u, 5u) == 0u && u == 5u);
  u = 9;
  CHECK(atomicDec(&u, 5u) == 9u && u == 5u);
  CHECK(atomicInc_system(&u, 10u) == 5u && atomicDec_block(&u, 10u) == 6u && u == 5u);
  int hi = 1;
  CHECK(__hip_atomic_fetch_add(&hi, 2, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 1 && hi == 3);
  CHECK(__hip_atomic_load(&hi, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 3);
  __hip_atomic_store(&hi, 7, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  int expected = 7;
  CHECK(__hip_atomic_compare_exchange_strong(&hi, &expected, 8, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                             __HIP_MEMORY_SCOPE_AGENT) && hi == 8);
  float hf = 1.0f;
  CHECK(__hip_atomic_fetch_max(&hf, 4.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 1.0f && hf == 4.0f);
  CHECK(__hip_atomic_fetch_add(&hf, 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 4.0f && hf == 5.0f);
  CHECK(__hip_atomic_exchange(&hi, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 8);

  // math, unqualified, float stays float
  float f = 0.5f;
  static_assert(std::is_same<decltype(sin(f)), float>::value, "sin(float) is float");
  static_assert(std::is_same<decltype(rsqrtf(f)), float>::value, "rsqrtf");
  CHECK(fabsf(sinf(f) - sin(f)) == 0.0f && fabs(exp(1.0) - 2.718281828459045) < 1e-12);
  CHECK(fabsf(rsqrtf(4.0f) - 0.5f) < 1e-7f && fabs(rsqrt(4.0) - 0.5) < 1e-15 && fabsf(rcbrtf(8.0f) - 0.5f) < 1e-7f);
  CHECK(sinpif(1.0f) == 0.0f && cospif(0.5f) == 0.0f && sinpi(0.5) == 1.0 && cospi(1.0) == -1.0);
  float s, c;
  sincosf(f, &s, &c);
  CHECK(s == sinf(f) && c == cosf(f));
  sincospif(0.5f, &s, &c);
  CHECK(s == 1.0f && c == 0.0f);
  double ds, dc;
  sincos(0.25, &ds, &dc);
  sincospi(0.25, &ds, &dc);
  CHECK(fabs(ds - dc) < 1e-15);
  CHECK(fabsf(exp10f(2.0f) - 100.0f) < 1e-4f && fabsf(__exp10f(1.0f) - 10.0f) < 1e-5f);
  CHECK(fabsf(fdividef(1.0f, 4.0f) - 0.25f) == 0.0f && __fdividef(1.0f, 2.0f) == 0.5f);
  CHECK(__expf(0.0f) == 1.0f && __logf(1.0f) == 0.0f && __powf(2.0f, 3.0f) == 8.0f && __sinf(0.0f) == 0.0f);
  CHECK(__cosf(0.0f) == 1.0f && __tanf(0.0f) == 0.0f && __log2f(8.0f) == 3.0f && __log10f(100.0f) == 2.0f);
  __sincosf(0.0f, &s, &c);
  CHECK(s == 0.0f && c == 1.0f);
  CHECK(__saturatef(2.0f) == 1.0f && __saturatef(-1.0f) == 0.0f && __saturatef(NAN) == 0.0f);
  CHECK(fabs(erfinv(erf(0.3)) - 0.3) < 1e-14 && fabs(erfcinv(erfc(2.5)) - 2.5) < 1e-13);
  CHECK(fabs(erfcinv(erfc(-1.5)) + 1.5) < 1e-13 && fabs(erfcinv(1e-300) - 26.209469960516) < 1e-9);
  CHECK(fabsf(erfinvf(0.5f) - 0.4769362762f) < 1e-6f && fabsf(erfcinvf(0.5f) - 0.4769362762f) < 1e-6f);
  CHECK(fabsf(normcdff(0.0f) - 0.5f) < 1e-7f && fabsf(normcdfinvf(0.975f) - 1.959964f) < 1e-5f);
  CHECK(fabs(normcdfinv(normcdf(1.25)) - 1.25) < 1e-12 && fabs(erfcx(30.0) - 0.018795888861416751) < 1e-15);
  CHECK(fabs(erfcx(1.0) - 0.42758357615580700) < 1e-15 && fabsf(erfcxf(2.0f) - 0.2553956763f) < 1e-7f);
  float v3[3] = {1.0f, 2.0f, 2.0f};
  double d4[4] = {1.0, 1.0, 1.0, 1.0};
  CHECK(normf(3, v3) == 3.0f && norm(4, d4) == 2.0 && rnormf(3, v3) == 1.0f / 3.0f && rnorm(4, d4) == 0.5);
  CHECK(norm3df(1.0f, 2.0f, 2.0f) == 3.0f && rnorm3df(1.0f, 2.0f, 2.0f) == 1.0f / 3.0f && norm3d(2, 3, 6) == 7.0);
  CHECK(norm4df(1, 1, 1, 1) == 2.0f && rnorm4d(1, 1, 1, 1) == 0.5 && hypotf(3.0f, 4.0f) == 5.0f && rhypotf(3, 4) == 0.2f);
  CHECK(fmaf(2.0f, 3.0f, 1.0f) == 7.0f && __fmaf_rn(2.0f, 3.0f, 1.0f) == 7.0f && __fma_rn(2.0, 3.0, 1.0) == 7.0);
  // explicit rounding
  CHECK(__fadd_rn(1.0f, 1e-8f) == 1.0f && __fadd_ru(1.0f, 1e-8f) == nextafterf(1.0f, 2.0f));
  CHECK(__fadd_rd(1.0f, -1e-8f) == nextafterf(1.0f, 0.0f) && __fadd_rz(1.0f, -1e-8f) == nextafterf(1.0f, 0.0f));
  CHECK(__fadd_rz(-1.0f, 1e-8f) == -nextafterf(1.0f, 0.0f) && __fsub_rd(1.0f, 1e-8f) == nextafterf(1.0f, 0.0f));
  CHECK(__fdiv_rd(1.0f, 3.0f) < __fdiv_ru(1.0f, 3.0f) && __fdiv_rz(1.0f, 3.0f) == __fdiv_rd(1.0f, 3.0f));
  CHECK(__fsqrt_rd(2.0f) < __fsqrt_ru(2.0f) && __fsqrt_rn(4.0f) == 2.0f && __fsqrt_ru(4.0f) == 2.0f);
  CHECK(__fmul_rz(1.0f + 1e-7f, 1.0f + 1e-7f) <= __fmul_ru(1.0f + 1e-7f, 1.0f + 1e-7f));
  CHECK(__frcp_rn(4.0f) == 0.25f && __frcp_rd(3.0f) < __frcp_ru(3.0f) && __frsqrt_rn(4.0f) == 0.5f);
  CHECK(__fmaf_rd(1.0f, 1.0f, 1e-8f) == 1.0f && __fmaf_ru(1.0f, 1.0f, 1e-8f) == nextafterf(1.0f, 2.0f));
  CHECK(__fmaf_rz(-1.0f, 1.0f, -1e-8f) == -1.0f);
  CHECK(__dadd_rn(1.0, 2.0) == 3.0 && __dadd_ru(1.0, 1e-20) == nextafter(1.0, 2.0) && __ddiv_rd(1.0, 3.0) < __ddiv_ru(1.0, 3.0));
  CHECK(__dmul_rn(2.0, 3.0) == 6.0 && __dsqrt_rn(9.0) == 3.0 && __drcp_rn(2.0) == 0.5 && __dsub_rz(1.0, 1e-20) < 1.0);
  // reinterpretation and conversions
  CHECK(__float_as_int(1.0f) == 0x3f800000 && __int_as_float(0x3f800000) == 1.0f);
  CHECK(__float_as_uint(-0.0f) == 0x80000000u && __uint_as_float(0x40000000u) == 2.0f);
  CHECK(__double_as_longlong(1.0) == 0x3ff0000000000000ll && __longlong_as_double(0x4000000000000000ll) == 2.0);
  CHECK(__double2hiint(1.0) == 0x3ff00000 && __double2loint(1.0) == 0 && __hiloint2double(0x3ff00000, 0) == 1.0);
  CHECK(__float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rz(-2.7f) == -2);
  CHECK(__float2int_rd(-2.2f) == -3 && __float2int_ru(2.2f) == 3 && __float2int_rz(1e20f) == INT_MAX);
  CHECK(__float2int_rz(NAN) == 0 && __float2uint_rn(-5.0f) == 0u && __float2ll_rd(-0.5f) == -1ll);
  CHECK(__float2ull_ru(0.5f) == 1ull && __double2int_rn(-2.5) == -2 && __double2uint_rz(7.9) == 7u);
  CHECK(__double2ll_ru(1.1) == 2ll && __double2ull_rd(1.9) == 1ull);
  CHECK(__int2float_rn(16777217) == 16777216.0f && __int2float_ru(16777217) == 16777218.0f);
  CHECK(__int2float_rd(-16777217) == -16777218.0f && __int2float_rz(-16777217) == -16777216.0f);
  CHECK(__uint2float_rn(1u) == 1.0f && __ll2float_rz((1ll << 40) + 1) == 1099511627776.0f);
  CHECK(__ull2float_ru((1ull << 40) + 1) > 1099511627776.0f && __ll2double_rn(5ll) == 5.0);
  CHECK(__ull2double_rd(~0ull) < 18446744073709551616.0 && __int2double_rn(-3) == -3.0);
  CHECK(__double2float_rn(0.1) == 0.1f && __double2float_rd(0.1) <= __double2float_ru(0.1));
  CHECK(__double2float_rz(-0.1) >= -0.1 && __uint2double_rn(3u) == 3.0);
  // min/max
  CHECK(min(1, 2) == 1 && max(1u, 2u) == 2u && min(-1ll, 2ll) == -1ll && max(1.0f, 2.0f) == 2.0f);
  CHECK(min(1.0, -2.0) == -2.0 && max(3ul, 4ul) == 4ul && min(5l, 6l) == 5l && max(7ull, 8ull) == 8ull);
  // qualifiers
  CHECK(dev_scale(2.0f) == 4.0f && twice(2) == 4 && thrice(2) == 6 && const_table[2] == 3);
  CHECK(dev_var == 3 && managed_var == 4);
  int lb = 0;
  lb_kernel(&lb);
  CHECK(lb == 1);
  // clocks
  long long t0 = clock64(), w0 = wall_clock64();
  long long t1 = clock64(), w1 = wall_clock64();
  CHECK(t1 >= t0 && w1 >= w0 && w0 > 0);
  (void)clock();
  // shared memory declarations
  __shared__ float tile[16];
  tile[3] = 1.0f;
  CHECK(tile[3] == 1.0f);
  HIP_DYNAMIC_SHARED(float, dyn)
  float *dp = dyn;
  CHECK(dp == nullptr); // the host work-item has no group memory
  // vector types
  float4 a = make_float4(1, 2, 3, 4), b = make_float4(4, 3, 2, 1);
  float4 sum = a + b;
  CHECK(sum.x == 5 && sum.y == 5 && sum.z == 5 && sum.w == 5);
  CHECK((a * 2.0f).w == 8 && (2.0f * a).x == 2 && (a - b).x == -3 && (-a).y == -2 && (a / b).x == 0.25f);
  a += b;
  a *= 0.5f;
  CHECK(a == make_float4(2.5f, 2.5f, 2.5f, 2.5f) && a != b);
  int2 i2 = make_int2(6, 7);
  i2 %= make_int2(4, 4);
  i2 <<= 1;
  CHECK(i2.x == 4 && i2.y == 6 && (~make_int2(0, 0)).x == -1 && (i2 & make_int2(4, 2)).y == 2);
  uint3 u3 = make_uint3(1, 2, 3);
  ++u3;
  CHECK(u3.z == 4 && sizeof(u3) == 12);
  double2 d2 = double2(1.0);
  CHECK(d2.x == 1.0 && d2.y == 1.0);
  char1 c1 = make_char1(3);
  c1 += char1(1);
  CHECK(c1.x == 4);
  ulonglong4 ul4 = make_ulonglong4(1, 2, 3, 4);
  CHECK((ul4 >> 1ull).w == 2);
  uchar4 uc = make_uchar4(1, 2, 3, 4);
  short3 s3 = make_short3(1, 2, 3);
  ushort2 us2 = make_ushort2(1, 2);
  long2 l2 = make_long2(1, 2);
  ulong1 ul1 = make_ulong1(1);
  longlong3 ll3 = make_longlong3(1, 2, 3);
  double4 d4v = make_double4(1, 2, 3, 4);
  float1 f1 = make_float1(1);
  float2 f2 = make_float2(1, 2);
  CHECK(uc.w == 4 && s3.z == 3 && us2.y == 2 && l2.y == 2 && ul1.x == 1 && ll3.z == 3 && d4v.w == 4);
  CHECK(f1.x == 1 && f2.y == 2 && alignof(double4) == 32);
  // half precision
  __half h = __float2half(1.5f);
  __half2 h2 = __halves2half2(h, __float2half(2.0f));
  CHECK(__half2float(__hadd(h, h)) == 3.0f && __low2float(__hmul2(h2, h2)) == 2.25f);
  CHECK(__heq(h, h) && __hlt(h, __float2half(2.0f)) && __hbge2(h2, h2) && !__hisnan(h));
  CHECK(__half2float(hsqrt(__float2half(4.0f))) == 2.0f && __half2float(__hfma(h, h, h)) == 3.75f);
  CHECK(__half2int_rn(__float2half(2.5f)) == 2 && __half2float(__int2half_rn(3)) == 3.0f);
  CHECK(__half_as_ushort(__float2half(1.0f)) == 0x3c00 && __half2float(__ushort_as_half(0x4000)) == 2.0f);
  __half ha = __float2half(1.0f);
  atomicAdd(&ha, __float2half(1.0f));
  CHECK(__half2float(ha) == 2.0f);
  half hh = h * h;
  CHECK(float(hh) == 2.25f);
  // assert and printf are the C library's
  assert(failures == 0);
  if (failures) return 1;
  std::printf("device_features: OK\n");
  return 0;
}
