//! Kernels split at their barriers (loop fission, `src/fission.rs` and
//! `include/hip/cpu/fission.h`), end to end with the real headers and runtime: every split
//! kernel must compute what the same kernel computes on fibers. Each program runs its kernels
//! once as written and once through a copy that hipcc does not split (its body holds a
//! preprocessor line, [`FIBERS`]), and compares the results.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{real_runtime, scratch, show, text, tool};

/// What keeps a copy of a kernel on fibers: a preprocessor line in its body (hipcc splits no
/// such kernel), which changes nothing else.
const FIBERS: &str = "\n#if 1\n#endif\n";

/// The `_fibers` twin of kernels written with `always` as their last parameter: [`FIBERS`]
/// at the start of each body.
fn on_fibers(kernels: &str) -> String {
    kernels.replace(
        "[[maybe_unused]] int always) {",
        &format!("[[maybe_unused]] int always) {{{FIBERS}"),
    )
}

/// Kernels written with `SUFFIX` in their names, twice: as they are (split by hipcc) and as
/// their `_fibers` twins ([`on_fibers`]).
fn twins(kernels: &str) -> String {
    let split = kernels.replace("SUFFIX", "");
    let fibers = on_fibers(&kernels.replace("SUFFIX", "_fibers"));
    format!("{split}\n{fibers}\n")
}

/// Checks that hipcc's log holds `note` exactly `count` times.
fn assert_notes(log: &str, note: &str, count: usize) {
    assert_eq!(log.matches(note).count(), count, "{log}");
}

/// Runs `exe` on 1, 2 and 3 engine workers; it must print PASS last each time.
fn assert_passes_on_1_to_3_workers(exe: &Path) {
    for workers in ["1", "2", "3"] {
        let out = run(exe, &[("FERROCM_CPU_WORKERS", workers)]);
        assert!(out.ends_with("PASS\n"), "{workers} workers: {out}");
    }
}

/// Builds `sources` (name, text) into one program; `None` (skip) when the runtime is not built.
fn build(name: &str, sources: &[(&str, &str)], flags: &[&str]) -> Option<(PathBuf, String)> {
    if !real_runtime() {
        return None;
    }
    let dir = scratch(name);
    let mut c = tool("hipcc");
    c.args(["-v", "-Wall", "-Wextra", "-Werror"]).args(flags);
    for (file, src) in sources {
        let path = dir.join(file);
        std::fs::write(&path, src).expect("write source");
        c.arg(path);
    }
    let exe = dir.join(name);
    let o = c.arg("-o").arg(&exe).output().expect("run hipcc");
    assert!(o.status.success(), "hipcc failed:\n{}", show(&o));
    Some((exe, text(&o.stderr)))
}

fn run(exe: &Path, env: &[(&str, &str)]) -> String {
    let o = Command::new(exe)
        .envs(env.iter().copied())
        .output()
        .expect("run program");
    assert!(o.status.success(), "{}", show(&o));
    text(&o.stdout)
}

/// The kernels, each twice: `NAME` (split by hipcc) and `NAME_fibers` (the same body with its
/// barrier inside a macro, which hipcc does not see).
const KERNELS: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
#include <vector>

// Tiled transpose, 2-D blocks, partial tiles at the edges.
#define TRANSPOSE(NAME, SYNC)                                                          \
  __global__ void NAME(const float *in, float *out, int w, int h, int always) {       \
    __shared__ float tile[16][17];                                                    \
    int x = blockIdx.x * 16 + threadIdx.x;                                            \
    int y = blockIdx.y * 16 + threadIdx.y;                                            \
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];               \
    SYNC;                                                                              \
    x = blockIdx.y * 16 + threadIdx.x;                                                \
    y = blockIdx.x * 16 + threadIdx.y;                                                \
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];              \
  }
"#;

/// The same kernels written out (macros hide barriers from hipcc, so the split versions are
/// spelled in full; the `_fibers` twins come from the macro).
const SPLIT_KERNELS: &str = r#"
__global__ void transpose(const float *in, float *out, int w, int h, int always) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
  (void)always;
}
TRANSPOSE(transpose_fibers, if (always) __syncthreads());

// Early exits, values kept across three barriers, a changed parameter, reversal through
// shared memory, a 3-D block with dynamic shared memory (no data race: results do not depend
// on the order in which work-items run between barriers).
__global__ void mixed(int *out, int n, int always) {
  extern __shared__ int dyn[];
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned size = blockDim.x * blockDim.y * blockDim.z;
  unsigned base = blockIdx.x * size;
  n += (int)t;
  if (t % 7 == 3) return;
  dyn[t] = n;
  __syncthreads();
  int mirrored = dyn[size - 1 - t];
  if (t % 11 == 5) { out[base + t] = -1; return; }
  __syncthreads();
  dyn[t] = mirrored * 2;
  __syncthreads();
  out[base + t] = dyn[(t + 1) % size] + n * 1000 + (int)(base / size);
  (void)always;
}
__global__ void mixed_fibers(int *out, int n, [[maybe_unused]] int always) {
  extern __shared__ int dyn[];
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned size = blockDim.x * blockDim.y * blockDim.z;
  unsigned base = blockIdx.x * size;
  n += (int)t;
  if (t % 7 == 3) return;
  dyn[t] = n;
  __syncthreads();
  int mirrored = dyn[size - 1 - t];
  if (t % 11 == 5) { out[base + t] = -1; return; }
  __syncthreads();
  dyn[t] = mirrored * 2;
  __syncthreads();
  out[base + t] = dyn[(t + 1) % size] + n * 1000 + (int)(base / size);
}

// A template kernel and a device function of the unit.
template <class T> __device__ T twice(T v) { return v + v; }
template <class T> __global__ void scaled(T *p, T s, int always) {
  __shared__ T buf[256];
  T v = twice(p[blockIdx.x * blockDim.x + threadIdx.x]) * s;
  buf[threadIdx.x] = v;
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x] + v;
  (void)always;
}
template <class T> __global__ void scaled_fibers(T *p, T s, [[maybe_unused]] int always) {
  __shared__ T buf[256];
  T v = twice(p[blockIdx.x * blockDim.x + threadIdx.x]) * s;
  buf[threadIdx.x] = v;
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x] + v;
}

// A variable kept across a barrier whose type is not trivially copyable: the split version
// declines at run time (and must compile).
struct Counted {
  int v;
  __device__ Counted(int x) : v(x) {}
  __device__ Counted(const Counted &o) : v(o.v) {}
};
__global__ void declines(int *p, int always) {
  Counted c = Counted(p[threadIdx.x]);
  __syncthreads();
  p[threadIdx.x] = c.v + 1;
  (void)always;
}
"#;

/// Kernels with barriers in loops, with `SUFFIX` for the name ([`twins`]).
const LOOP_KERNELS: &str = r#"
// Barriers in loops: a tree reduction, a scan with two barriers per step, a tiled matrix
// product (accumulator kept across the loop), a while loop, nested loops, a loop of bare
// barriers, and work-items that return inside a loop.

  __global__ void reduceSUFFIX(const int *in, int *out, [[maybe_unused]] int always) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
      if (t < h) s[t] += s[t + h];
      __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
  }
  __global__ void scanSUFFIX(int *p, [[maybe_unused]] int always) {
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = p[blockIdx.x * blockDim.x + t];
    __syncthreads();
    int off = 1;
    while (off < (int)blockDim.x) {
      int v = t >= off ? s[t - off] : 0;
      __syncthreads();
      s[t] += v;
      __syncthreads();
      off *= 2;
    }
    p[blockIdx.x * blockDim.x + t] = s[t];
  }
  __global__ void matmulSUFFIX(const float *a, const float *b, float *c, int n, [[maybe_unused]] int always) {
    __shared__ float ta[8][8];
    __shared__ float tb[8][8];
    int row = blockIdx.y * 8 + threadIdx.y, col = blockIdx.x * 8 + threadIdx.x;
    float acc = 0;
    for (int k0 = 0; k0 < n; k0 += 8) {
      ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
      tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
      __syncthreads();
      for (int k = 0; k < 8; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
      __syncthreads();
    }
    c[row * n + col] = acc;
  }
  __global__ void nestedSUFFIX(int *p, int rounds, [[maybe_unused]] int always) {
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t == 63) return;
    s[t] = t;
    for (int r = 0; r < rounds; ++r) __syncthreads();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 2; ++j) {
        int v = s[(t + 1 + i + j) % 63];
        __syncthreads();
        s[t] = v + 1;
        __syncthreads();
      }
      if (t == 5 && i == 1) return;
      p[blockIdx.x * 64 + t] += s[t];
      __syncthreads();
    }
  }
"#;

const MAIN: &str = r#"
template <class F> static int check(const char *what, F launch, size_t n) {
  std::vector<int> a(n, 0), b(n, 0);
  launch(a.data(), false);
  launch(b.data(), true);
  if (std::memcmp(a.data(), b.data(), n * sizeof(int)) != 0) {
    for (size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) {
        std::printf("FAIL %s: [%zu] split %d, fibers %d\n", what, i, a[i], b[i]);
        return 1;
      }
  }
  return 0;
}

int main() {
  int bad = 0;
  // Transpose of a 45 x 37 matrix in 16 x 16 tiles.
  {
    const int w = 45, h = 37;
    float *in, *out;
    hipMallocManaged(&in, w * h * sizeof(float));
    hipMallocManaged(&out, w * h * sizeof(float));
    for (int i = 0; i < w * h; ++i) in[i] = (float)i;
    for (int split = 1; split >= 0; --split) {
      std::memset(out, 0, w * h * sizeof(float));
      dim3 grid((w + 15) / 16, (h + 15) / 16), block(16, 16);
      if (split) transpose<<<grid, block>>>(in, out, w, h, 1);
      else hipLaunchKernelGGL(transpose_fibers, grid, block, 0, 0, in, out, w, h, 1);
      hipDeviceSynchronize();
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (out[x * h + y] != in[y * w + x]) {
            std::printf("FAIL transpose split=%d at %d,%d\n", split, x, y);
            return 1;
          }
    }
  }
  // Mixed: 5 blocks of 4 x 3 x 2.
  {
    const size_t n = 5 * 24;
    int *d;
    hipMalloc(&d, n * sizeof(int));
    bad += check("mixed", [&](int *host, bool fibers) {
      hipMemset(d, 0, n * sizeof(int));
      if (fibers) mixed_fibers<<<5, dim3(4, 3, 2), 24 * sizeof(int)>>>(d, 100, 1);
      else mixed<<<5, dim3(4, 3, 2), 24 * sizeof(int)>>>(d, 100, 1);
      hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost);
    }, n);
    // Through the registry (hipLaunchKernel), too.
    bad += check("mixed (hipLaunchKernel)", [&](int *host, bool fibers) {
      hipMemset(d, 0, n * sizeof(int));
      int nn = 100, always = 1;
      void *args[] = {&d, &nn, &always};
      hipLaunchKernel(fibers ? (const void *)mixed_fibers : (const void *)mixed, dim3(5), dim3(4, 3, 2), args,
                      24 * sizeof(int), 0);
      hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost);
    }, n);
    hipFree(d);
  }
  // Template kernels: groups of 256 and a trailing group of 1.
  {
    const size_t n = 256 * 3;
    float *f;
    hipMallocManaged(&f, n * sizeof(float));
    bad += check("scaled<float>", [&](int *host, bool fibers) {
      for (size_t i = 0; i < n; ++i) f[i] = (float)(i % 97);
      if (fibers) scaled_fibers<float><<<3, 256>>>(f, 1.5f, 1);
      else scaled<float><<<3, 256>>>(f, 1.5f, 1);
      hipDeviceSynchronize();
      for (size_t i = 0; i < n; ++i) host[i] = (int)(f[i] * 4);
    }, n);
    bad += check("scaled<float> (blocks of 1)", [&](int *host, bool fibers) {
      for (size_t i = 0; i < n; ++i) f[i] = (float)(i % 13);
      if (fibers) scaled_fibers<float><<<(unsigned)n, 1>>>(f, 2.0f, 1);
      else scaled<float><<<(unsigned)n, 1>>>(f, 2.0f, 1);
      hipDeviceSynchronize();
      for (size_t i = 0; i < n; ++i) host[i] = (int)(f[i] * 4);
    }, n);
    hipFree(f);
  }
  // Loops.
  {
    const int blocks = 6;
    int *in, *out, *p;
    hipMallocManaged(&in, 256 * blocks * sizeof(int));
    hipMallocManaged(&out, 256 * blocks * sizeof(int));
    hipMallocManaged(&p, 256 * blocks * sizeof(int));
    for (int i = 0; i < 256 * blocks; ++i) in[i] = (i * 37) % 101 - 50;
    bad += check("reduce", [&](int *host, bool fibers) {
      if (fibers) reduce_fibers<<<blocks, 256>>>(in, out, 1);
      else reduce<<<blocks, 256>>>(in, out, 1);
      hipDeviceSynchronize();
      std::memcpy(host, out, blocks * sizeof(int));
    }, blocks);
    bad += check("scan", [&](int *host, bool fibers) {
      for (int i = 0; i < 128 * blocks; ++i) p[i] = in[i];
      if (fibers) scan_fibers<<<blocks, 128>>>(p, 1);
      else scan<<<blocks, 128>>>(p, 1);
      hipDeviceSynchronize();
      std::memcpy(host, p, 128 * blocks * sizeof(int));
    }, 128 * blocks);
    bad += check("nested", [&](int *host, bool fibers) {
      for (int i = 0; i < 64 * blocks; ++i) p[i] = 0;
      if (fibers) nested_fibers<<<blocks, 64>>>(p, 5, 1);
      else nested<<<blocks, 64>>>(p, 5, 1);
      hipDeviceSynchronize();
      std::memcpy(host, p, 64 * blocks * sizeof(int));
    }, 64 * blocks);
    const int n = 32;
    float *a, *b, *c;
    hipMallocManaged(&a, n * n * sizeof(float));
    hipMallocManaged(&b, n * n * sizeof(float));
    hipMallocManaged(&c, n * n * sizeof(float));
    for (int i = 0; i < n * n; ++i) { a[i] = (float)(i % 7); b[i] = (float)(i % 5) - 2; }
    bad += check("matmul", [&](int *host, bool fibers) {
      if (fibers) matmul_fibers<<<dim3(n / 8, n / 8), dim3(8, 8)>>>(a, b, c, n, 1);
      else matmul<<<dim3(n / 8, n / 8), dim3(8, 8)>>>(a, b, c, n, 1);
      hipDeviceSynchronize();
      for (int i = 0; i < n * n; ++i) host[i] = (int)c[i];
    }, n * n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        float want = 0;
        for (int k = 0; k < n; ++k) want += a[i * n + k] * b[k * n + j];
        if (c[i * n + j] != want) { std::printf("FAIL matmul reference at %d,%d\n", i, j); return 1; }
      }
  }
  // Declined at run time: still right.
  {
    int *p;
    hipMallocManaged(&p, 64 * sizeof(int));
    for (int i = 0; i < 64; ++i) p[i] = i;
    declines<<<1, 64>>>(p, 1);
    hipDeviceSynchronize();
    for (int i = 0; i < 64; ++i)
      if (p[i] != i + 1) {
        std::printf("FAIL declines [%d] = %d\n", i, p[i]);
        return 1;
      }
    hipFree(p);
  }
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
"#;

#[test]
fn split_kernels_compute_what_fibers_compute() {
    let src = format!(
        "{KERNELS}{}{}{MAIN}",
        on_fibers(SPLIT_KERNELS),
        twins(LOOP_KERNELS)
    );
    let Some((exe, log)) = build("fission_equivalence", &[("split.hip", &src)], &[]) else {
        return;
    };
    // transpose, mixed, scaled, declines and the 4 loop kernels are split; the _fibers twins
    // are not (the macro one is not seen by hipcc at all).
    assert_notes(&log, "kernel split at its barriers", 8);
    assert_notes(&log, "kernel left on fibers", 6);
    assert_passes_on_1_to_3_workers(&exe);
}

/// Kernels with wavefront operations, with `SUFFIX` for the name ([`twins`]).
const WAVE_KERNELS: &str = r#"
// Grid-stride partial sums reduced with __shfl_down in a loop (the usual reduction).
__global__ void wreduceSUFFIX(const float *in, float *out, unsigned n, [[maybe_unused]] int always) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  for (int off = warpSize / 2; off > 0; off >>= 1) acc += __shfl_down(acc, off);
  if ((threadIdx.x % warpSize) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = acc;
}
// Every shuffle with a per-lane argument and a width, lanes that returned before (inactive),
// partial last wavefronts, 2-D blocks.
template <class T>
__global__ void wshuffleSUFFIX(T *out, int arg, int width, [[maybe_unused]] int always) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  if (t % 13 == 5) return;
  T v = (T)(g * 3 + 1);
  T a = 0, b = 0, c = 0, d = 0;
  a = __shfl(v, arg + t % 3, width);
  b = __shfl_up(v, (unsigned)arg, width);
  c = __shfl_down(v * 2, (unsigned)(arg + (t & 1)), width) + __shfl_up_sync(~0ull, v, 1u);
  d = __shfl_xor_sync(~0ull, v, (arg + t) & 63, width);
  out[4 * g] = a;
  out[4 * g + 1] = b;
  out[4 * g + 2] = c;
  out[4 * g + 3] = d;
}
// Votes, the active mask, masks of the _sync forms, __syncwarp around shared memory.
__global__ void wvoteSUFFIX(unsigned long long *out, int mode, [[maybe_unused]] int always) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  s[t] = (int)t * 5;
  if (mode && t % 7 == 2) return;
  int p = mode == 2 ? (t & 4) : (int)(t % 3 == 0);
  __syncwarp();
  unsigned long long r = 0;
  r = __ballot(p) ^ (__activemask() << 1);
  r += (unsigned long long)__any(p) + 2ull * (unsigned long long)__all(t < 40);
  r += __ballot_sync(0xf0f0f0f0f0f0f0f0ull, p) + (unsigned long long)__any_sync(0xffull, p) * 4;
  r ^= (unsigned long long)__all_sync(0x3ull, p) << 63;
  out[g] = r + (unsigned long long)s[t ^ 1];
}
// The usual block reduction: helpers with wavefront operations and a barrier (hipcc inlines
// them into the split version), a `static __shared__` array in a template helper, calls
// under conditions.
__device__ float warpSumSUFFIX(float v) {
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down(v, off);
  return v;
}
template <class T> __device__ T blockSumSUFFIX(T v) {
  static __shared__ T part[16];
  int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
  v = warpSumSUFFIX(v);
  if (lane == 0) part[wid] = v;
  __syncthreads();
  v = threadIdx.x < (blockDim.x + warpSize - 1) / warpSize ? part[lane] : 0;
  if (wid == 0) v = warpSumSUFFIX(v);
  return v;
}
__global__ void wblockSUFFIX(const float *in, float *out, unsigned n, [[maybe_unused]] int always) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  acc = blockSumSUFFIX(acc);
  if (threadIdx.x == 0) out[blockIdx.x] = acc;
}
// Barriers in both branches of a block-uniform condition, wavefront operations under
// wave-uniform conditions and under one that splits a wavefront (the lanes left out do
// nothing after it), `else if`.
__global__ void wbranchSUFFIX(int *out, [[maybe_unused]] int always) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int v = t * 3 + (int)blockIdx.x;
  if (blockDim.x >= 128) {
    s[t] = v;
    __syncthreads();
    v += s[(t + 64) % blockDim.x];
    __syncthreads();
  } else {
    s[t] = -v;
    __syncthreads();
    v -= s[blockDim.x - 1 - t];
  }
  if ((t / 64) % 3 == 0) v = __shfl_xor(v, 5) + (int)(__ballot(v & 1) & 0xffff);
  else if ((t / 64) % 3 == 1) v = __shfl_up(v, 3);
  else { s[t] = v; __syncwarp(); v += s[t ^ 1]; }
  if (t % 64 < 40) v += __shfl_down(v, 7);
  out[blockIdx.x * blockDim.x + t] = v;
}
"#;

const WAVE_MAIN: &str = r#"
template <class T> static int same(const char *what, const T *a, const T *b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) {
      std::printf("FAIL %s: [%zu] split %.17g, fibers %.17g\n", what, i, (double)a[i], (double)b[i]);
      return 1;
    }
  return 0;
}

template <class T> static int shuffles(const char *what, dim3 block) {
  const unsigned blocks = 3, n = blocks * block.x * block.y * 4;
  T *a, *b;
  hipMallocManaged(&a, n * sizeof(T));
  hipMallocManaged(&b, n * sizeof(T));
  int bad = 0;
  for (int width : {1, 2, 16, 64})
    for (int arg : {0, 1, 5, 63, -3}) {
      std::memset(a, 0, n * sizeof(T));
      std::memset(b, 0, n * sizeof(T));
      wshuffle<T><<<blocks, block>>>(a, arg, width, 1);
      wshuffle_fibers<T><<<blocks, block>>>(b, arg, width, 1);
      hipDeviceSynchronize();
      bad += same(what, a, b, n);
      if (bad) {
        std::printf("  (width %d, arg %d, block %ux%u)\n", width, arg, block.x, block.y);
        return bad;
      }
    }
  hipFree(a);
  hipFree(b);
  return bad;
}

int main() {
  int bad = 0;
  {
    const unsigned n = 100003, blocks = 7, threads = 192, waves = blocks * threads / 64;
    float *in, *a, *b;
    hipMallocManaged(&in, n * sizeof(float));
    hipMallocManaged(&a, waves * sizeof(float));
    hipMallocManaged(&b, waves * sizeof(float));
    for (unsigned i = 0; i < n; ++i) in[i] = (float)(i % 17) * 0.5f;
    wreduce<<<blocks, threads>>>(in, a, n, 1);
    wreduce_fibers<<<blocks, threads>>>(in, b, n, 1);
    hipDeviceSynchronize();
    bad += same("wreduce", a, b, waves);
    double total = 0, want = 0;
    for (unsigned w = 0; w < waves; ++w) total += a[w];
    for (unsigned i = 0; i < n; ++i) want += in[i];
    if (total != want) { std::printf("FAIL wreduce total %f, expected %f\n", total, want); bad++; }
  }
  bad += shuffles<int>("wshuffle<int> 256", dim3(256));
  bad += shuffles<double>("wshuffle<double> 100", dim3(100));
  bad += shuffles<long long>("wshuffle<long long> 16x9", dim3(16, 9));
  bad += shuffles<float>("wshuffle<float> 1", dim3(1));
  {
    const unsigned blocks = 4;
    unsigned long long *a, *b;
    hipMallocManaged(&a, blocks * 256 * sizeof(*a));
    hipMallocManaged(&b, blocks * 256 * sizeof(*b));
    for (unsigned threads : {256u, 64u, 100u, 33u})
      for (int mode = 0; mode < 3; ++mode) {
        std::memset(a, 0, blocks * 256 * sizeof(*a));
        std::memset(b, 0, blocks * 256 * sizeof(*b));
        wvote<<<blocks, threads>>>(a, mode, 1);
        wvote_fibers<<<blocks, threads>>>(b, mode, 1);
        hipDeviceSynchronize();
        if (same("wvote", a, b, blocks * threads)) {
          std::printf("  (block %u, mode %d)\n", threads, mode);
          return 1;
        }
      }
  }
  {
    const unsigned n = 70001, blocks = 5;
    float *in, *a, *b;
    hipMallocManaged(&in, n * sizeof(float));
    hipMallocManaged(&a, blocks * sizeof(float));
    hipMallocManaged(&b, blocks * sizeof(float));
    for (unsigned i = 0; i < n; ++i) in[i] = (float)(i % 13) * 0.25f;
    for (unsigned threads : {256u, 1024u, 100u, 64u, 1u}) {
      wblock<<<blocks, threads>>>(in, a, n, 1);
      wblock_fibers<<<blocks, threads>>>(in, b, n, 1);
      hipDeviceSynchronize();
      if (same("wblock", a, b, blocks)) {
        std::printf("  (block %u)\n", threads);
        return 1;
      }
      double total = 0, want = 0;
      for (unsigned w = 0; w < blocks; ++w) total += a[w];
      for (unsigned i = 0; i < n; ++i) want += in[i];
      if (threads % 64 == 0 && total != want) { std::printf("FAIL wblock total %f, expected %f (block %u)\n", total, want, threads); return 1; }
    }
  }
  {
    const unsigned blocks = 3;
    int *a, *b;
    hipMallocManaged(&a, blocks * 256 * sizeof(int));
    hipMallocManaged(&b, blocks * 256 * sizeof(int));
    for (unsigned threads : {256u, 192u, 130u, 100u, 64u, 33u}) {
      std::memset(a, 0, blocks * 256 * sizeof(int));
      std::memset(b, 0, blocks * 256 * sizeof(int));
      wbranch<<<blocks, threads>>>(a, 1);
      wbranch_fibers<<<blocks, threads>>>(b, 1);
      hipDeviceSynchronize();
      if (same("wbranch", a, b, blocks * threads)) {
        std::printf("  (block %u)\n", threads);
        return 1;
      }
    }
  }
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
"#;

#[test]
fn wave_kernels_compute_what_fibers_compute() {
    let src = format!("{}{}{WAVE_MAIN}", KERNELS, twins(WAVE_KERNELS));
    let Some((exe, log)) = build("fission_waves", &[("waves.hip", &src)], &[]) else {
        return;
    };
    // wreduce, wshuffle, wvote, wblock (helpers inlined) and wbranch are split; their _fibers
    // twins are not.
    assert_notes(&log, "kernel split at its barriers", 5);
    assert_notes(&log, "inlined: blockSum, warpSum, warpSum", 1);
    // (wblock_fibers gets no note: without its helpers inlined it has no barrier of its own.)
    assert_notes(&log, "kernel left on fibers", 4);
    assert_passes_on_1_to_3_workers(&exe);
}

/// Stride loops (run step by step for the whole group where the group allows it), with
/// `SUFFIX` for the name ([`twins`]). Every kernel runs on groups that take the step-by-step path and on groups
/// that cannot (a step below the group size, 2-D groups, work-items that returned before).
const STRIDE_KERNELS: &str = r#"
// Grid-stride elementwise, no barrier; the body reads threadIdx too.
__global__ void gsaxpySUFFIX(float a, const float *x, float *y, int n, [[maybe_unused]] int always) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i] + (float)(threadIdx.x & 3);
}
// Starts that are not consecutive (every other element): the work-item by work-item way.
__global__ void goddSUFFIX(const float *x, float *y, int n, [[maybe_unused]] int always) {
  for (int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + 1; i < n; i += 2 * blockDim.x * gridDim.x)
    y[i] = 2.0f * x[i];
}
// Block-stride loops over shared memory (step = the group size), grid-stride partial sums
// (unsigned index, the start through a variable), a size_t loop; a work-item that returns
// early (when n is odd) sends the group the work-item by work-item way.
__global__ void gsumSUFFIX(const int *in, long long *out, unsigned n, unsigned step, [[maybe_unused]] int always) {
  __shared__ long long s[256];
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  unsigned size = blockDim.x * blockDim.y;
  for (unsigned j = t; j < 256; j += size) s[j] = 0;
  __syncthreads();
  if (t == 7 && n % 2 == 1) return;
  long long acc = 0;
  for (unsigned i = blockIdx.x * size + t; i < n; i += step) {
    long long v = in[i];
    acc += v * v;
  }
  s[t] = acc;
  __syncthreads();
  for (int j = t; j < 256; j += size) s[j] += 1;
  __syncthreads();
  long long total = 0;
  for (size_t j = t; j < 256; j += (size_t)size) total += s[j];
  if (t < size) atomicAdd((unsigned long long *)&out[blockIdx.x], (unsigned long long)total);
}
"#;

const STRIDE_MAIN: &str = r#"
int main() {
  const int n = 100003;
  float *x, *a, *b;
  hipMallocManaged(&x, n * sizeof(float));
  hipMallocManaged(&a, n * sizeof(float));
  hipMallocManaged(&b, n * sizeof(float));
  for (int i = 0; i < n; ++i) x[i] = (float)(i % 29) * 0.5f;
  for (unsigned blocks : {1u, 7u, 64u})
    for (unsigned threads : {256u, 100u, 1u}) {
      for (int i = 0; i < n; ++i) a[i] = b[i] = (float)(i % 5);
      gsaxpy<<<blocks, threads>>>(1.5f, x, a, n, 1);
      gsaxpy_fibers<<<blocks, threads>>>(1.5f, x, b, n, 1);
      godd<<<blocks, threads>>>(x, a, n, 1);
      godd_fibers<<<blocks, threads>>>(x, b, n, 1);
      hipDeviceSynchronize();
      if (std::memcmp(a, b, n * sizeof(float)) != 0) {
        std::printf("FAIL gsaxpy (%u x %u)\n", blocks, threads);
        return 1;
      }
    }
  int *in;
  long long *sa, *sb;
  const unsigned m = 50001, blocks = 5;
  hipMallocManaged(&in, m * sizeof(int));
  hipMallocManaged(&sa, blocks * sizeof(long long));
  hipMallocManaged(&sb, blocks * sizeof(long long));
  for (unsigned i = 0; i < m; ++i) in[i] = (int)(i % 1000) - 500;
  for (dim3 block : {dim3(256), dim3(64), dim3(16, 4), dim3(100)})
    for (unsigned len : {m, m - 1, 300u})
      for (unsigned step_groups : {1u, 2u}) {
        unsigned size = block.x * block.y;
        // A step of a whole grid (or half a group: the work-by-work-item path).
        unsigned step = step_groups == 1 ? blocks * size : size / 2 + 1;
        std::memset(sa, 0, blocks * sizeof(long long));
        std::memset(sb, 0, blocks * sizeof(long long));
        gsum<<<blocks, block>>>(in, sa, len, step, 1);
        gsum_fibers<<<blocks, block>>>(in, sb, len, step, 1);
        hipDeviceSynchronize();
        for (unsigned g = 0; g < blocks; ++g)
          if (sa[g] != sb[g]) {
            std::printf("FAIL gsum block %u: %lld, on fibers %lld (%ux%u, n %u, step %u)\n", g, sa[g], sb[g], block.x, block.y, len, step);
            return 1;
          }
      }
  std::printf("PASS\n");
  return 0;
}
"#;

#[test]
fn stride_loops_compute_what_work_items_compute() {
    let src = format!("{}{}{STRIDE_MAIN}", KERNELS, twins(STRIDE_KERNELS));
    let Some((exe, log)) = build("fission_stride", &[("stride.hip", &src)], &[]) else {
        return;
    };
    assert_notes(&log, "kernel split at its stride loops", 2);
    assert_notes(&log, "kernel split at its barriers", 1);
    assert_passes_on_1_to_3_workers(&exe);
}

/// A kernel of one unit launched from another, a split kernel calling a device function of
/// the other unit, and ids read from another unit: the per-unit copies of the ids must be
/// found through their owner (include/hip/cpu/hip_runtime.h).
#[test]
fn kernels_and_device_functions_across_units() {
    let a = r#"
#include <hip/hip_runtime.h>
__device__ unsigned flat_tid() { return threadIdx.x + blockDim.x * threadIdx.y; }
__device__ unsigned block_of() { return blockIdx.x; }
__global__ void ids_here(unsigned *out) {
  out[blockIdx.x * blockDim.x * blockDim.y + threadIdx.x + blockDim.x * threadIdx.y] = threadIdx.x * 100 + threadIdx.y;
}
__global__ void add_one(unsigned *out) { out[blockIdx.x * blockDim.x + threadIdx.x] += 1; }
__global__ void add_ten(unsigned *out) { out[blockIdx.x * blockDim.x + threadIdx.x] += 10; }
"#;
    let b = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
__device__ unsigned flat_tid();
__device__ unsigned block_of();
__global__ void ids_here(unsigned *out);
__global__ void add_one(unsigned *out);
__global__ void add_ten(unsigned *out);
struct Launchable {
  void (*fn)(unsigned *);
};
// Split, with a call to another unit: not splittable (unknown function), so it stays on fibers.
__global__ void other_unit(unsigned *out) {
  unsigned f = flat_tid();
  __syncthreads();
  out[block_of() * 64 + f] = f;
}
// Reads its ids in this unit while the ids of the launching entry live elsewhere.
__global__ void plain_other_unit(unsigned *out) { out[block_of() * 64 + flat_tid()] = flat_tid() + 1; }
int main() {
  unsigned *p;
  hipMallocManaged(&p, 4 * 64 * sizeof(unsigned));
  other_unit<<<4, dim3(16, 4)>>>(p);
  hipDeviceSynchronize();
  for (unsigned i = 0; i < 256; ++i) if (p[i] != i % 64) { std::printf("FAIL other_unit %u: %u\n", i, p[i]); return 1; }
  plain_other_unit<<<4, dim3(16, 4)>>>(p);
  hipDeviceSynchronize();
  for (unsigned i = 0; i < 256; ++i) if (p[i] != i % 64 + 1) { std::printf("FAIL plain %u: %u\n", i, p[i]); return 1; }
  ids_here<<<4, dim3(16, 4)>>>(p);
  hipDeviceSynchronize();
  for (unsigned i = 0; i < 256; ++i) if (p[i] != (i % 16) * 100 + (i % 64) / 16) { std::printf("FAIL ids %u: %u\n", i, p[i]); return 1; }
  // Kernels of the other unit held in variables: one launch site, different kernels.
  for (unsigned i = 0; i < 256; ++i) p[i] = 0;
  const Launchable ks[3] = {{add_one}, {add_ten}, {add_one}};
  for (const Launchable &k : ks) hipLaunchKernelGGL(k.fn, dim3(4), dim3(64), 0, 0, p);
  for (int round = 0; round < 3; ++round) {
    void (*fp)(unsigned *) = round == 1 ? add_ten : add_one;
    fp<<<4, 64>>>(p);
  }
  hipDeviceSynchronize();
  for (unsigned i = 0; i < 256; ++i) if (p[i] != 24) { std::printf("FAIL variable kernels %u: %u\n", i, p[i]); return 1; }
  std::printf("PASS\n");
  return 0;
}
"#;
    let Some((exe, _)) = build("fission_units", &[("a.hip", a), ("b.hip", b)], &[]) else {
        return;
    };
    for workers in ["1", "2"] {
        let out = run(&exe, &[("FERROCM_CPU_WORKERS", workers)]);
        assert_eq!(out, "PASS\n", "{workers} workers");
    }
}
