//! Cooperative kernels split at their block and grid syncs (`src/fission/coop.rs`), end to end
//! with the real headers and runtime, built with `-Wall -Wextra -Werror`: every split kernel,
//! launched with `hipLaunchCooperativeKernel`, must compute what the same kernel computes on
//! fibers (its `_fibers` twin holds a preprocessor line, which keeps hipcc from splitting it).

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{real_runtime, scratch, show, text, tool};

const FIBERS: &str = "\n#if 1\n#endif\n";

/// Kernels with `SUFFIX` in their names and `[[maybe_unused]] int always` as their last
/// parameter; all take `(unsigned *out, const unsigned *in, unsigned n, int always)`.
const KERNELS: &str = r#"
// A block reduction in a helper taking the block by reference.
__device__ void block_reduce(unsigned *s, const cg::thread_block &b) {
  for (unsigned w = b.size() / 2; w > 0; w >>= 1) {
    if (b.thread_rank() < w) s[b.thread_rank()] += s[b.thread_rank() + w];
    b.sync();
  }
}
// One relaxation step of the grid, the group taken by value.
__device__ void relax(const unsigned *src, unsigned *dst, unsigned n, cg::grid_group g) {
  for (unsigned long long i = g.thread_rank(); i < n; i += g.size())
    dst[i] = src[i] / 2u + (i > 0 ? src[i - 1] / 4u : 0u) + (i + 1 < n ? src[i + 1] / 4u : 1u);
  cg::sync(g);
}

__global__ void sumSUFFIX(unsigned *out, const unsigned *in, unsigned n, [[maybe_unused]] int always) {
  __shared__ unsigned s[256];
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  unsigned acc = 0;
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) acc += in[i] * 3u + 1u;
  s[block.thread_rank()] = acc;
  block.sync();
  block_reduce(s, block);
  if (block.thread_rank() == 0) out[1024 + blockIdx.x] = s[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    unsigned t = 0;
    for (unsigned b = 0; b < grid.num_blocks(); ++b) t += out[1024 + b];
    out[0] = t;
  }
}

__global__ void stencilSUFFIX(unsigned *out, const unsigned *in, unsigned n, [[maybe_unused]] int always) {
  auto grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) out[i] = in[i];
  grid.sync();
  for (int it = 0; it < 7; ++it) relax((it & 1) ? out + 2048 : out, (it & 1) ? out : out + 2048, n, grid);
}

__global__ void neighboursSUFFIX(unsigned *out, const unsigned *in, unsigned n, [[maybe_unused]] int always) {
  const auto grid = cg::this_grid();
  const auto block = cg::this_thread_block();
  const unsigned r = (unsigned)grid.thread_rank(), total = (unsigned)grid.size();
  unsigned v = in[r % n] ^ (unsigned)block.group_index().x;
  if (block.thread_index().x % 5 == 3) return; // some work-items leave before the syncs
  for (unsigned round = 0; round < n % 4 + 2; ++round) {
    out[4096 + r] = v + round;
    cg::this_grid().sync();
    v = v * 33u + out[4096 + (r + block.size()) % total];
    cg::this_grid().sync();
  }
  out[r] = v + (unsigned)cg::thread_rank(block) + (unsigned)cg::group_size(grid);
}
"#;

const MAIN: &str = r#"
int main() {
  unsigned *in, *a, *b;
  const unsigned n = 1000, words = 8192;
  hipMallocManaged(&in, n * sizeof(unsigned));
  hipMallocManaged(&a, words * sizeof(unsigned));
  hipMallocManaged(&b, words * sizeof(unsigned));
  for (unsigned i = 0; i < n; ++i) in[i] = i * 2654435761u;
  int cus = 0, per = 0;
  hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0);
  hipOccupancyMaxActiveBlocksPerMultiprocessor(&per, sum, 64, 0);
  const unsigned blocks = std::min(3u, (unsigned)(per * cus));
  const void *kernels[][2] = {{(const void *)sum, (const void *)sum_fibers},
                              {(const void *)stencil, (const void *)stencil_fibers},
                              {(const void *)neighbours, (const void *)neighbours_fibers}};
  int bad = 0;
  for (int k = 0; k < 3; ++k) {
    unsigned nn = n;
    int always = 1;
    std::memset(a, 0xAB, words * sizeof(unsigned));
    std::memset(b, 0xAB, words * sizeof(unsigned));
    unsigned *o = a;
    void *args[] = {&o, &in, &nn, &always};
    if (hipLaunchCooperativeKernel(kernels[k][0], dim3(blocks), dim3(64), args, 0, nullptr) != hipSuccess) bad = 1;
    if (hipDeviceSynchronize() != hipSuccess) bad = 1;
    o = b;
    if (hipLaunchCooperativeKernel(kernels[k][1], dim3(blocks), dim3(64), args, 0, nullptr) != hipSuccess) bad = 1;
    if (hipDeviceSynchronize() != hipSuccess) bad = 1;
    for (unsigned i = 0; i < words; ++i)
      if (a[i] != b[i]) {
        std::printf("FAIL kernel %d [%u]: split %u, fibers %u\n", k, i, a[i], b[i]);
        bad = 1;
        break;
      }
  }
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
"#;

fn build(name: &str, src: &str) -> Option<(PathBuf, String)> {
    if !real_runtime() {
        return None;
    }
    let dir = scratch(name);
    let path = dir.join(format!("{name}.hip"));
    std::fs::write(&path, src).expect("write source");
    let exe = dir.join(name);
    let o = tool("hipcc")
        .args(["-v", "-O1", "-Wall", "-Wextra", "-Werror"])
        .arg(&path)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run hipcc");
    assert!(o.status.success(), "hipcc failed:\n{}", show(&o));
    Some((exe, text(&o.stderr)))
}

#[test]
fn split_cooperative_kernels_compute_what_fibers_compute() {
    let split = KERNELS.replace("SUFFIX", "");
    let fibers = KERNELS
        .replace("SUFFIX", "_fibers")
        .replace(
            "[[maybe_unused]] int always) {",
            &format!("[[maybe_unused]] int always) {{{FIBERS}"),
        )
        // The helpers once.
        .split("__global__")
        .skip(1)
        .map(|k| format!("__global__{k}"))
        .collect::<String>();
    let src = format!(
        "#include <hip/hip_runtime.h>\n#include <hip/hip_cooperative_groups.h>\n#include <algorithm>\n#include <cstdio>\n#include <cstring>\nnamespace cg = cooperative_groups;\n{split}\n{fibers}\n{MAIN}"
    );
    let Some((exe, log)) = build("fission_coop", &src) else {
        return;
    };
    // The three kernels, not their twins (a twin that reached the split is refused for its
    // preprocessor line, or earlier).
    assert_eq!(
        log.matches("kernel split at its barriers").count(),
        3,
        "{log}"
    );
    for workers in ["1", "2", "3"] {
        let o = Command::new(&exe)
            .env("FERROCM_CPU_WORKERS", workers)
            .output()
            .expect("run program");
        let out = text(&o.stdout);
        assert!(
            o.status.success() && out.ends_with("PASS\n"),
            "{workers} workers, source {}:\n{}",
            exe.with_extension("hip").display(),
            show(&o)
        );
    }
}
