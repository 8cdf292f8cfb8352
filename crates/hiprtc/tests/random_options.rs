//! hiprtc's whole compile path with random options (issue 23, fuzzing): each program is
//! compiled with a random list drawn from hiprtc's option forms, odd values and invalid
//! options. Whatever the options, the result is one of: compiled (a CPU code object whose
//! name expression is lowered), `InvalidOption` exactly when `options::parse` refuses the list,
//! or `Compilation` with the compiler's log; never a panic, and the program compiles again
//! afterwards with plain options. The option parser alone is fuzzed by `fuzz/`'s
//! `hiprtc_options` target; this runs the compiler too, so it stays a handful of programs:
//! `FERROCM_HIPRTC_RANDOM_OPTIONS=N` (default 6) and `FERROCM_HIPRTC_RANDOM_SEED`.
//!
//! Needs a built `hipcc` like `compile.rs` (skips with a message otherwise).

use std::path::PathBuf;
use std::sync::OnceLock;

use hiprtc_core::cache::Cache;
use hiprtc_core::{options, Error, Program};

/// `$FERROCM_HIPCC`, else `hipcc` in the target directory this test was built in.
fn hipcc_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("FERROCM_HIPCC") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.parent()?.join("hipcc");
    p.is_file().then_some(p)
}

/// The hipcc to use, if `hipcc --genco` works (checked once).
fn hipcc() -> Option<PathBuf> {
    static PROBE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let r = PROBE.get_or_init(|| {
        let path = hipcc_path().ok_or_else(|| {
            "hipcc not built (cargo build -p ferrocm-hipcc) and FERROCM_HIPCC not set".to_owned()
        })?;
        let mut p = Program::new(b"__global__ void probe(int *p) { *p = 1; }\n", None, vec![])
            .map_err(|e| e.to_string())?;
        match p.compile(&[], Ok(path.clone()), &Cache::disabled()) {
            Ok(_) => Ok(path),
            Err(e) => Err(format!("hipcc --genco does not work yet: {e}: {}", p.log())),
        }
    });
    match r {
        Ok(p) => Some(p.clone()),
        Err(why) => {
            eprintln!("SKIPPED: {why}");
            None
        }
    }
}

/// SplitMix64, so that a seed reproduces a run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Option forms, one or two list entries each: hiprtc's table, odd values, invalid ones.
const FORMS: &[&[&str]] = &[
    &["-DSCALE=3"],
    &["-D", "SCALE=2"],
    &["--define-macro=SCALE=5"],
    &["-DQUOTED=\"a b\""],
    &["-DSPACES=1 + 1"],
    &["-USCALE"],
    &["-U", "NOTHING"],
    &["-I", "missing/dir"],
    &["-I/nonexistent"],
    &["--include-path=."],
    &["-include", "pre.h"],
    &["--pre-include=pre.h"],
    &["-include", "absent.h"],
    &["-std=c++14"],
    &["-std=gnu++20"],
    &["--std=c++2a"],
    &["-std=c++99"],
    &["-std="],
    &["-O0"],
    &["-O3"],
    &["-Os"],
    &["-O9"],
    &["-ffast-math"],
    &["-fno-fast-math"],
    &["-use_fast_math"],
    &["-ffp-contract=off"],
    &["-ffp-contract=maybe"],
    &["-g"],
    &["-G"],
    &["-lineinfo"],
    &["-g0"],
    &["-w"],
    &["-Wall"],
    &["-Wno-unused-parameter"],
    &["--offload-arch=gfx90a"],
    &["-arch", "sm_90"],
    &["--gpu-architecture"],
    &["-mcpu=gfx1100"],
    &["-fgpu-rdc"],
    &["-rdc=true"],
    &["-rdc=perhaps"],
    &["-mwavefrontsize64"],
    &["-fgpu-flush-denormals-to-zero"],
    &["-nogpulib"],
    &["--unknown-option"],
    &["-fsanitize=address"],
    &["-o", "/tmp/elsewhere.so"],
    &[""],
    &["-D"],
];

const SOURCE: &str = r#"
#ifndef SCALE
#define SCALE 1
#endif
#ifdef PRE_INCLUDED
#define EXTRA 1
#else
#define EXTRA 0
#endif
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= SCALE + EXTRA;
}
"#;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn program() -> Program {
    let mut p = Program::new(
        SOURCE.as_bytes(),
        Some("random_options.hip"),
        vec![("pre.h".into(), b"#define PRE_INCLUDED 1\n".to_vec())],
    )
    .expect("program");
    p.add_name_expression("&scale").expect("name expression");
    p
}

#[test]
fn random_option_lists_compile_fail_cleanly_or_are_refused() {
    let Some(hipcc) = hipcc() else { return };
    let runs = env_u64("FERROCM_HIPRTC_RANDOM_OPTIONS", 6);
    let seed = env_u64("FERROCM_HIPRTC_RANDOM_SEED", 0x0DDB_A110);
    let mut rng = Rng(seed);
    let mut outcomes = [0usize; 3];
    for run in 0..runs {
        let mut opts: Vec<String> = Vec::new();
        for _ in 0..rng.below(5) + 1 {
            opts.extend(FORMS[rng.below(FORMS.len())].iter().map(|s| s.to_string()));
        }
        let what = format!("seed {seed} run {run}, options {opts:?}");
        let parsed = options::parse(&opts, &options::current_dir(), &["pre.h".to_owned()]);
        let mut p = program();
        match p.compile(&opts, Ok(hipcc.clone()), &Cache::disabled()) {
            Ok(_) => {
                assert!(
                    parsed.is_ok(),
                    "{what}: compiled options the parser refuses"
                );
                assert!(p.code().is_ok_and(|c| c.starts_with(b"\x7fELF")), "{what}");
                assert!(p.lowered_name("&scale").is_ok(), "{what}: {}", p.log());
                outcomes[0] += 1;
            }
            Err(Error::InvalidOption(_)) => {
                assert!(
                    parsed.is_err(),
                    "{what}: refused options the parser accepts"
                );
                assert!(!p.log().is_empty(), "{what}: no log");
                outcomes[1] += 1;
            }
            Err(Error::Compilation) => {
                assert!(parsed.is_ok(), "{what}");
                assert!(
                    !p.log().is_empty(),
                    "{what}: a failed compilation has a log"
                );
                assert!(p.code().is_err(), "{what}: code after a failure");
                outcomes[2] += 1;
            }
            Err(e) => panic!("{what}: unexpected error {e}: {}", p.log()),
        }
        // The program is not left broken: it compiles with plain options.
        p.compile(&[], Ok(hipcc.clone()), &Cache::disabled())
            .unwrap_or_else(|e| panic!("{what}: recompiling: {e}: {}", p.log()));
    }
    eprintln!(
        "random hiprtc options: {runs} lists, {} compiled, {} refused, {} failed to compile",
        outcomes[0], outcomes[1], outcomes[2]
    );
}
