//! Differential test of loop fission (`src/fission.rs`) on generated kernels: every kernel
//! that hipcc splits at its barriers must compute what the same kernel computes on fibers.
//!
//! Kernels are generated from a seed: a random sequence of phases separated by
//! `__syncthreads()` (work-items write their own `__shared__` slot in one phase and read any
//! slot in a later one, so results do not depend on the order work-items run in), with
//! variables carried across barriers, parameters changed in the body, top-level `if`/`for`
//! statements, loops and `if`s with barriers inside, grid-stride loops, wavefront exchanges
//! (`__shfl*`, `__ballot`, `__any`, `__all`) in blocks of whole wavefronts and an early exit
//! after the last barrier. Some kernels are cooperative (launched with
//! `hipLaunchCooperativeKernel`, the grid clamped to the co-residency limit): their block
//! barriers are also written `block.sync()` / `cg::sync(block)`, and they exchange values
//! between blocks through global memory around `grid.sync()` (also in loops with a uniform trip
//! count). Each is compiled twice in one
//! program, as generated (split by hipcc) and with a preprocessor line in its body (which keeps
//! it on fibers, see `fission.rs`), run with the same inputs, and the outputs compared.
//!
//! Knobs: `FERROCM_FISSION_PROGRAMS` (programs to generate, default 2, 8 kernels each) and
//! `FERROCM_FISSION_SEED` (the first program's seed; program `i` uses `seed + i`). A failure
//! prints the seed and keeps the generated source in the scratch directory.

mod common;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use common::{real_runtime, scratch, show, text, tool};

/// What keeps a kernel on fibers: a preprocessor line in its body (hipcc splits no such
/// kernel), which changes nothing else.
const FIBERS: &str = "\n#if 1\n#endif\n";
const KERNELS_PER_PROGRAM: usize = 8;

/// SplitMix64: a deterministic generator, so that a seed reproduces a program anywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// What a phase may do with the `__shared__` array (race freedom).
#[derive(Clone, Copy, PartialEq)]
enum Phase {
    /// Each work-item writes (and reads) only its own slot.
    Write,
    /// Work-items read any slot; nobody writes.
    Read,
}

/// One generated kernel: its body statements and launch shape.
struct Kernel {
    name: String,
    body: String,
    block: (u32, u32, u32),
    grid: (u32, u32),
    /// Uses cooperative groups and `grid.sync()`: launched cooperatively.
    coop: bool,
}

struct Gen<'r> {
    rng: &'r mut Rng,
    vars: Vec<String>,
    wave: bool,
    /// Loops made so far: each gets its own variable name (fission declines a kernel that
    /// declares two variables of one name, even in separate scopes).
    loops: usize,
    /// A cooperative kernel (`grid`, `block` and `nb` are defined).
    coop: bool,
}

impl Gen<'_> {
    fn var(&mut self) -> String {
        self.rng.pick(&self.vars).clone()
    }
    fn konst(&mut self) -> String {
        format!("{}u", self.rng.below(1 << 16) | 1)
    }
    /// A side-effect-free expression of the work-item's values.
    fn expr(&mut self) -> String {
        let (a, b, k) = (self.var(), self.var(), self.konst());
        match self.rng.below(7) {
            0 => format!("{a} * {k} + {b}"),
            1 => format!("({a} ^ ({b} >> {})) + t", self.rng.below(31)),
            2 => format!("{a} + p * {k}"),
            3 => format!("({a} | {k}) - {b}"),
            4 => format!("{a} * {b} + g"),
            5 => format!("({a} < {b} ? {a} : {b}) + ({a} & 255u)"),
            _ => format!("{a} + q"),
        }
    }
    fn local(&mut self, out: &mut String) {
        let v = self.var();
        match self.rng.below(9) {
            0..=2 => {
                let e = self.expr();
                let _ = writeln!(out, "  {v} = {e};");
            }
            3 => {
                let (e, f) = (self.expr(), self.expr());
                let _ = writeln!(out, "  if ({v} & 1u) {v} += {e}; else {v} ^= {f};");
            }
            4 => {
                let (w, k, i) = (self.var(), self.rng.below(6) + 1, self.loop_var());
                let _ = writeln!(
                    out,
                    "  for (unsigned {i} = 0; {i} < {w} % {k}u; ++{i}) {v} = {v} * 3u + {i};"
                );
            }
            5 => {
                // A parameter changed in the body: each work-item needs its own copy.
                let _ = writeln!(out, "  p += {v} & 7u;");
            }
            6 if self.vars.len() < 6 => {
                let e = self.expr();
                let name = format!("v{}", self.vars.len());
                let _ = writeln!(out, "  unsigned {name} = {e};");
                self.vars.push(name);
            }
            _ => {
                let e = self.expr();
                let _ = writeln!(out, "  {v} ^= {e};");
            }
        }
    }
    fn shared(&mut self, phase: Phase, out: &mut String) {
        let v = self.var();
        let k = self.rng.below(300);
        let line = match (phase, self.rng.below(3)) {
            (Phase::Write, 0) => format!("  s[t] = {};", self.expr()),
            (Phase::Write, 1) => format!("  s[t] ^= {v};"),
            (Phase::Write, _) => format!("  s[t] = s[t] * 5u + {v};"),
            (Phase::Read, 0) => format!("  {v} += s[(t + {k}u) % size];"),
            (Phase::Read, 1) => format!("  {v} ^= s[size - 1u - t];"),
            (Phase::Read, _) => format!("  if (t < size / 2u) {v} += s[t + size / 2u];"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    /// A statement with barriers inside (a loop with a uniform trip count, an `if` on an
    /// unchanged parameter) or a grid-stride loop; it comes right after a barrier and ends
    /// with one (or touches no shared memory), so the phase discipline holds around it.
    fn loop_var(&mut self) -> String {
        self.loops += 1;
        format!("i{}", self.loops)
    }
    fn compound(&mut self, out: &mut String) {
        let (v, w, i) = (self.var(), self.var(), self.loop_var());
        let k = self.rng.below(3) + 1;
        let text = match self.rng.below(3) {
            0 => format!(
                "  for (unsigned {i} = 0; {i} < {k}u; ++{i}) {{\n    s[t] = {v} + {i};\n    __syncthreads();\n    \
                 {w} += s[(t + {i} + 1u) % size];\n    __syncthreads();\n  }}\n"
            ),
            1 => format!(
                "  if (q & {k}u) {{\n    s[t] = {v} * 3u;\n    __syncthreads();\n    \
                 {w} ^= s[size - 1u - t];\n    __syncthreads();\n  }}\n"
            ),
            _ if self.coop => format!(
                "  for (unsigned long long {i} = grid.thread_rank(); {i} < 4096u; {i} += grid.size()) \
                 {v} += in[{i}] * {k}u;\n"
            ),
            _ => format!(
                "  for (unsigned {i} = g * size + t; {i} < 4096u; {i} += gridDim.x * gridDim.y * size) \
                 {v} += in[{i}] * {k}u;\n"
            ),
        };
        out.push_str(&text);
    }
    /// A block barrier, in one of the forms the kernel may use.
    fn barrier(&mut self) -> &'static str {
        if !self.coop {
            return "  __syncthreads();\n";
        }
        const FORMS: [&str; 3] = [
            "  __syncthreads();\n",
            "  block.sync();\n",
            "  cg::sync(block);\n",
        ];
        FORMS[self.rng.below(3) as usize]
    }
    /// Values passed between blocks (cooperative kernels): every work-item publishes one in
    /// its slot of `out`, the grid synchronises, each reads the same slot of the next block,
    /// and the grid synchronises again before anybody writes `out` (it comes right after a
    /// barrier and touches no shared memory).
    fn grid_exchange(&mut self, out: &mut String) {
        let (v, w, k) = (self.var(), self.var(), self.rng.below(3) + 1);
        let sync = *self
            .rng
            .pick(&["grid.sync();", "cg::sync(grid);", "cg::this_grid().sync();"]);
        let step = format!(
            "out[g * size + t] = {v} * 7u + {{i}};\n    {sync}\n    {w} += out[((g + 1u) % nb) * size + t] ^ {{i}};\n    grid.sync();"
        );
        if self.rng.chance(50) {
            let i = self.loop_var();
            let step = step.replace("{i}", &i);
            let _ = writeln!(
                out,
                "  for (unsigned {i} = 0; {i} < {k}u + (q & 1u); ++{i}) {{\n    {step}\n  }}"
            );
        } else {
            let _ = writeln!(out, "  {}", step.replace("{i}", "0u"));
        }
    }
    /// A wavefront exchange statement (blocks are whole wavefronts when these are used).
    fn exchange(&mut self, out: &mut String) {
        let (v, w) = (self.var(), self.var());
        let line = match self.rng.below(6) {
            0 => format!("  {v} += __shfl_down({w}, {}u);", self.rng.below(8) + 1),
            1 => format!("  {v} ^= __shfl_xor({w}, {});", 1 << self.rng.below(6)),
            2 => format!("  {v} += __shfl({w}, {});", self.rng.below(64)),
            3 => format!("  {v} += (unsigned)__popcll(__ballot({w} & 1u));"),
            4 => format!("  {v} += 3u * (unsigned)__any({w} % 5u == 0u);"),
            _ => format!("  {v} = __all({w} != 0u) + {v} * 2u;"),
        };
        out.push_str(&line);
        out.push('\n');
    }
}

fn kernel(rng: &mut Rng, index: usize) -> Kernel {
    let wave = rng.chance(40);
    let block = if wave {
        *rng.pick(&[(64, 1, 1), (128, 1, 1), (32, 2, 1), (16, 4, 2), (64, 2, 2)])
    } else {
        *rng.pick(&[
            (1, 1, 1),
            (7, 1, 1),
            (40, 1, 1),
            (64, 1, 1),
            (5, 3, 2),
            (16, 16, 1),
        ])
    };
    let grid = *rng.pick(&[(1, 1), (3, 1), (2, 3), (5, 1)]);
    let coop = rng.chance(35);
    let mut g = Gen {
        rng,
        vars: vec!["v0".into(), "v1".into()],
        wave,
        loops: 0,
        coop,
    };
    let mut body = String::new();
    body.push_str("  unsigned v0 = in[(g * size + t) % 4096u] ^ q;\n");
    body.push_str("  unsigned v1 = t * 2654435761u + p;\n");
    let phases = g.rng.below(5) + 2;
    let mut phase = if g.rng.chance(50) {
        Phase::Write
    } else {
        Phase::Read
    };
    // The slots start defined: a first read phase reads a cleared array.
    body.push_str("  s[t] = 0u;\n  __syncthreads();\n");
    for n in 0..phases {
        for _ in 0..g.rng.below(4) + 1 {
            match g.rng.below(4) {
                0 | 1 => g.shared(phase, &mut body),
                _ => g.local(&mut body),
            }
        }
        if g.wave && g.rng.chance(50) {
            g.exchange(&mut body);
        }
        if n + 1 < phases {
            if g.rng.chance(15) {
                body.push_str("  __syncwarp();\n");
            }
            let barrier = g.barrier();
            body.push_str(barrier);
            if g.coop && g.rng.chance(50) {
                g.grid_exchange(&mut body);
            }
            phase = if phase == Phase::Write {
                Phase::Read
            } else {
                Phase::Write
            };
            if g.rng.chance(30) {
                g.compound(&mut body);
            }
        }
    }
    let all = g.vars.join(" ^ ");
    if g.rng.chance(30) {
        // An early exit after the last barrier.
        let v = g.var();
        let _ = writeln!(
            body,
            "  if ({v} % 7u == 0u) {{ out[g * size + t] = {v}; return; }}"
        );
    }
    let _ = writeln!(body, "  out[g * size + t] = {all};");
    Kernel {
        name: format!("k{index}"),
        body,
        block,
        grid,
        coop,
    }
}

/// The program: each kernel as generated and as its `_fibers` twin, and a `main` that runs
/// both on the same input and compares.
fn program(seed: u64) -> (String, usize) {
    let mut rng = Rng(seed);
    let kernels: Vec<Kernel> = (0..KERNELS_PER_PROGRAM)
        .map(|i| kernel(&mut rng, i))
        .collect();
    let mut src = String::from(
        "#include <hip/hip_runtime.h>\n#include <hip/hip_cooperative_groups.h>\n#include <algorithm>\n#include <cstdio>\n#include <cstring>\n\n\
         namespace cg = cooperative_groups;\n\
         static_assert(sizeof(unsigned) == 4, \"32-bit unsigned\");\n\n",
    );
    let signature = |name: &str| {
        format!(
            "__global__ void {name}(unsigned *out, const unsigned *in, unsigned p, unsigned q, \
             [[maybe_unused]] int always) {{"
        )
    };
    let prologue = "  __shared__ unsigned s[256];\n\
         const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n\
         const unsigned size = blockDim.x * blockDim.y * blockDim.z;\n\
         const unsigned g = blockIdx.x + gridDim.x * blockIdx.y;\n";
    let coop_prologue = "  cg::grid_group grid = cg::this_grid();\n\
         cg::thread_block block = cg::this_thread_block();\n\
         const unsigned nb = gridDim.x * gridDim.y;\n";
    for k in &kernels {
        let prologue = if k.coop {
            format!("{prologue}{coop_prologue}")
        } else {
            prologue.to_owned()
        };
        let _ = writeln!(src, "{}\n{prologue}{}}}\n", signature(&k.name), k.body);
        let _ = writeln!(
            src,
            "{}{FIBERS}{prologue}{}}}\n",
            signature(&format!("{}_fibers", k.name)),
            k.body
        );
    }
    src.push_str(
        "int main() {\n  unsigned *in, *a, *b;\n  const size_t n = 256 * 6;\n\
         hipMallocManaged(&in, 4096 * sizeof(unsigned));\n\
         hipMallocManaged(&a, n * sizeof(unsigned));\n\
         hipMallocManaged(&b, n * sizeof(unsigned));\n\
         for (unsigned i = 0; i < 4096; ++i) in[i] = i * 2246822519u ^ (i >> 3);\n  int bad = 0;\n\
         int cus = 0;\n  hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0);\n",
    );
    for k in &kernels {
        let (x, y, z) = k.block;
        let (gx, gy) = k.grid;
        // A cooperative grid: one row of at most the co-residency limit.
        let (shape, launch) = if k.coop {
            (
                format!(
                    "int per = 0;\n    hipOccupancyMaxActiveBlocksPerMultiprocessor(&per, {name}, {x} * {y} * {z}, 0);\n    \
                     const unsigned blocks = std::min({gx}u * {gy}u, (unsigned)(per * cus));\n    \
                     dim3 grid(blocks, 1), block({x}, {y}, {z});\n    const size_t m = (size_t)blocks * {x} * {y} * {z};",
                    name = k.name
                ),
                format!(
                    "unsigned p = 17u, q = 99u; int always = 1; unsigned *o = a;\n    \
                     void *args[] = {{&o, &in, &p, &q, &always}};\n    \
                     if (hipLaunchCooperativeKernel((const void *){name}, grid, block, args, 0, nullptr) != hipSuccess) bad = 1;\n    \
                     o = b;\n    \
                     if (hipLaunchCooperativeKernel((const void *){name}_fibers, grid, block, args, 0, nullptr) != hipSuccess) bad = 1;",
                    name = k.name
                ),
            )
        } else {
            (
                format!(
                    "dim3 grid({gx}, {gy}), block({x}, {y}, {z});\n    const size_t m = (size_t){gx} * {gy} * {x} * {y} * {z};"
                ),
                format!(
                    "{name}<<<grid, block>>>(a, in, 17u, 99u, 1);\n    {name}_fibers<<<grid, block>>>(b, in, 17u, 99u, 1);",
                    name = k.name
                ),
            )
        };
        let _ = writeln!(
            src,
            "  {{\n    {shape}\n\
             std::memset(a, 0xAB, n * sizeof(unsigned));\n\
             std::memset(b, 0xAB, n * sizeof(unsigned));\n\
             {launch}\n\
             if (hipDeviceSynchronize() != hipSuccess) {{ std::printf(\"FAIL {name}: launch\\n\"); bad = 1; }}\n\
             for (size_t i = 0; i < m; ++i)\n\
               if (a[i] != b[i]) {{\n\
                 std::printf(\"FAIL {name} [%zu]: split %u, fibers %u\\n\", i, a[i], b[i]);\n\
                 bad = 1;\n                 break;\n               }}\n  }}",
            name = k.name
        );
    }
    src.push_str("  std::printf(bad ? \"FAIL\\n\" : \"PASS\\n\");\n  return bad;\n}\n");
    (src, kernels.len())
}

fn build(name: &str, src: &str) -> Option<(PathBuf, String)> {
    if !real_runtime() {
        return None;
    }
    let dir = scratch(name);
    let path = dir.join(format!("{name}.hip"));
    std::fs::write(&path, src).expect("write source");
    let exe = dir.join(name);
    let o = tool("hipcc")
        .args(["-v", "-O1"])
        .arg(&path)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run hipcc");
    assert!(
        o.status.success(),
        "hipcc failed on {}:\n{}",
        path.display(),
        show(&o)
    );
    Some((exe, text(&o.stderr)))
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_split_kernels_compute_what_fibers_compute() {
    let programs = env_u64("FERROCM_FISSION_PROGRAMS", 2);
    let seed = env_u64("FERROCM_FISSION_SEED", 0x5EED_F155);
    let mut split_total = 0;
    for i in 0..programs {
        let s = seed.wrapping_add(i);
        let (src, kernels) = program(s);
        let Some((exe, log)) = build(&format!("fission_gen_{i}"), &src) else {
            return;
        };
        // Every generated kernel is of a form fission handles; its twin is not split.
        let split = log.matches("kernel split at its barriers").count();
        assert_eq!(
            split, kernels,
            "seed {s}: hipcc split {split} of {kernels} generated kernels:\n{log}"
        );
        assert_eq!(
            log.matches("kernel left on fibers").count(),
            kernels,
            "seed {s}: {log}"
        );
        split_total += split;
        for workers in ["1", "3"] {
            let o = Command::new(&exe)
                .env("FERROCM_CPU_WORKERS", workers)
                .output()
                .expect("run program");
            let out = text(&o.stdout);
            assert!(
                o.status.success() && out.ends_with("PASS\n"),
                "seed {s} ({} workers), source {}:\n{}",
                workers,
                exe.with_extension("hip").display(),
                show(&o)
            );
        }
    }
    eprintln!(
        "fission differential: {programs} programs, {split_total} split kernels agree with fibers"
    );
}

#[test]
fn the_generator_is_deterministic_and_race_free_by_construction() {
    let (a, n) = program(7);
    let (b, _) = program(7);
    assert_eq!(a, b, "same seed, same program");
    assert_ne!(a, program(8).0, "another seed, another program");
    assert_eq!(a.matches("__global__").count(), 2 * n);
    assert_eq!(a.matches("#if 1").count(), n, "one fibers twin per kernel");
}
