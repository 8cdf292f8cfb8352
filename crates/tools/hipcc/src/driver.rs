//! `hipcc`: the command line (ROCm hipcc's, which is clang's) and the commands it runs.
//!
//! On the CPU platform a HIP source is rewritten ([`crate::rewrite`]) into a private
//! temporary directory and compiled by the host C++ compiler as C++; objects are linked with
//! `libamdhip64.so`. See [`HELP`] for the behaviour in detail.

use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::config::{hip_cpp_flags, resolve_platform, Compiler, Layout, Platform, PlatformError};
use crate::headers::{rewrite_unit_headers, search_dirs, write_mirror, UserDirs};
use crate::rewrite::{rewrite_with, RewriteOptions};
use crate::HIP_VERSION;

/// `hipcc --help`.
pub const HELP: &str = "\
usage: hipcc [options] <inputs>

ferrocm's HIP compiler driver. CPU platform (default): HIP sources are rewritten (chevron
launches, extern __shared__, kernel and device-variable registration) and compiled by the host
C++ compiler. NVIDIA platform (--platform nvidia): HIP sources are compiled by nvcc as CUDA
(-x cu -cudart none) against ferrocm's HIP headers. Either way programs and shared libraries are
linked with libamdhip64.so.

Inputs:
  .hip .cu .cpp .cc .cxx .c++ .C   HIP C++ (rewritten, compiled with -x c++)
  .c                               C (compiled as C, not rewritten)
  .o .a .so .so.N .lo              passed to the linker
  -x hip|cu|cuda|c++|c|none        treat the following inputs as this language

Modes:
  (default)          compile and link an executable (a.out unless -o)
  -c / -S / -E       compile / compile to assembly / preprocess only
  -shared            link a shared library (sources are compiled with -fPIC)
  --genco            compile the inputs into a CPU code object for hipModuleLoad (-o, default
                     <first input stem>.co): a shared object with a kernel table
  --emit-static-lib  compile the inputs and archive them (ar rcs; -o, default a.a)

Options passed to the host compiler: -O<n> -g -std= -I -isystem -iquote -include -D -U -W... -w
-f... -m... -pthread -fopenmp -M -MM -MD -MMD -MF -MT -MQ -MP; to the linker: -L -l -Wl,...
-Xlinker -shared -static -rdynamic. Other options starting with '-' go to every command.

  --platform cpu|nvidia  the HIP platform (default: $HIP_PLATFORM, else cpu; `amd` means cpu)
  -v                     print the commands hipcc runs (also HIPCC_VERBOSE=1)
  -###                   print the commands without running them
  -save-temps            keep the temporary directory (rewritten sources, objects)
  --version, --help

Accepted and ignored on the CPU platform (there is no GPU code to build): --offload-arch=...,
--amdgpu-target=..., --cuda-gpu-arch=..., -fgpu-rdc, -fno-gpu-rdc, --rocm-path=..., -nogpulib,
-mcode-object-version=..., and similar GPU-only options (-v lists the ones it ignored).

Defaults, and why:
  -std=c++17  when no -std= is given: ROCm's clang compiles HIP as C++17 by default, and the
              HIP headers need it;
  -O3         when no -O is given: ROCm compiles device code at -O3 by default, and here the
              device code is the whole unit (kernels are ordinary host functions);
  -fno-builtin-printf  for HIP sources: device printf(%s of a null pointer) prints (null) (the
              compiler would otherwise turn such a printf into puts, which faults);
  -fno-semantic-interposition  for HIP sources compiled as position-independent code (-shared,
              --genco, hiprtc, -fPIC): a kernel is then inlined into its own work-group loop
              (nothing interposes device code); -fsemantic-interposition keeps the default;
  -D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_AMD__=1 -D__HIP_PLATFORM_HCC__=1 for HIP
              sources, as ROCm's clang and hipcc define them (the CPU platform takes the AMD
              branch of portable code; the headers also define __HIP_PLATFORM_CPU__ and
              __HIP_CPU_RT__, so code can tell it apart);
  -I<root>/include, and -include hip/hip_runtime.h for a source that uses HIP's device language
              (as clang's HIP mode includes its wrapper header);
  when linking an executable or shared library: -L<lib> -lamdhip64 -Wl,-rpath,<lib> -pthread.

Environment: HIP_PLATFORM; HIP_PATH or FERROCM_ROOT (the ferrocm root; default: found from the
executable); HIP_CLANG_PATH (directory of clang++), HIPCC_CXX or CXX (the host compiler, default
c++); AR; HIPCC_COMPILE_FLAGS_APPEND, HIPCC_LINK_FLAGS_APPEND; HIPCC_VERBOSE.

NVIDIA platform: nvcc is found through CUDA_PATH, CUDA_HOME, /usr/local/cuda/bin or PATH.
  --offload-arch=sm_XX   GPU architecture (repeatable or comma-separated; default sm_90);
                         nvcc's -arch=, -gencode, -code are also accepted as they are
  -fgpu-rdc              relocatable device code: nvcc -rdc=true, plus an nvcc -dlink step
  --genco                a fatbin (SASS + PTX) for hipModuleLoad (-o, default <stem>.co)
  -fgpu-default-stream=per-thread, -use_fast_math: the nvcc equivalents
  nvcc options (-Xptxas, -Xcompiler, -G, -lineinfo, --expt-..., -maxrregcount...) are passed to
  nvcc; host-compiler options nvcc does not know go through -Xcompiler=. Always added:
  -D__HIP_PLATFORM_NVIDIA__=1 -D__HIP_PLATFORM_NVCC__=1 -D__HIPCC__=1 --expt-relaxed-constexpr
  --extended-lambda, and -include hip/hip_runtime.h for sources that use HIP.

Barriers (CPU platform): a kernel whose __syncthreads() calls (and cooperative groups' block and
grid syncs) are plain statements of its body, or of for/while loops in its body, and which (as
far as hipcc can see) reaches no other barrier or warp operation, gets a version split at its
barriers that runs every work-group as loops over its work-items, without fibers; -v says for
each kernel with a barrier whether it was split, or why not (those keep running on fibers).

Headers (CPU platform): the user headers a HIP source reaches (found next to the including
file or in -iquote/-I directories; not system headers or ferrocm's) are rewritten too, into a
mirror searched first, so kernels, <<<>>> launches and extern __shared__ in a program's own
headers work; diagnostics name the original files. Limitation: the rewriter sees each file
before preprocessing, so a kernel launch or definition produced by a macro, or a header named
by a macro, is not rewritten (hipLaunchKernelGGL works everywhere).
";

/// Why hipcc stopped before (or instead of) running a compiler.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// A bad command line.
    #[error("{0}")]
    Usage(String),
    /// The platform cannot be used.
    #[error(transparent)]
    Platform(#[from] PlatformError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A program could not be started.
    #[error("cannot run `{program}`: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// The error.
        source: std::io::Error,
    },
}

pub(crate) fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> DriverError + '_ {
    move |source| DriverError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The language of an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// HIP C++ (also plain C++): rewritten, compiled as C++.
    Hip,
    /// C: compiled as C.
    C,
    /// An object, archive or shared library: given to the linker.
    Linker,
}

/// An input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// As given on the command line.
    pub path: PathBuf,
    /// Its language.
    pub kind: InputKind,
}

/// What hipcc produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Compile and link (an executable, or a shared library with `-shared`).
    Link,
    /// `-c`: objects.
    Compile,
    /// `-S`: assembly.
    Assemble,
    /// `-E` (or `-M`/`-MM`): preprocessed output.
    Preprocess,
    /// `--genco`: a CPU code object.
    Genco,
    /// `--emit-static-lib`: an archive.
    StaticLib,
}

/// One element of the link command, in command-line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkItem {
    /// The object compiled from (or the file given as) input `i`.
    Input(usize),
    /// A linker option (`-L`, `-l`, `-Wl,`, `-shared`...).
    Arg(OsString),
}

/// A parsed hipcc command line.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--platform`.
    pub platform: Option<String>,
    /// Input files in order.
    pub inputs: Vec<Input>,
    /// The link command's inputs and options in order.
    pub link: Vec<LinkItem>,
    /// Options for every compile command, in order.
    pub compile: Vec<OsString>,
    /// `-o`.
    pub output: Option<PathBuf>,
    /// `-c`, `-S`, `-E`, `--genco`, `--emit-static-lib` (the last one given wins).
    pub mode: Option<Mode>,
    /// `-shared`.
    pub shared: bool,
    /// `-v`.
    pub verbose: bool,
    /// `-###`.
    pub dry_run: bool,
    /// `-save-temps`.
    pub save_temps: bool,
    /// `--version`.
    pub version: bool,
    /// `--help`.
    pub help: bool,
    /// Some `-O` was given.
    pub has_optimization: bool,
    /// The `-std=` given, if any.
    pub std: Option<String>,
    /// `-MF`'s file.
    pub dep_file: Option<PathBuf>,
    /// `-MD` or `-MMD` was given.
    pub dep_side_output: bool,
    /// GPU-only options that were accepted and ignored (interpreted on NVIDIA).
    pub ignored: Vec<String>,
    /// nvcc's own options (`-arch=`, `-gencode`, `-Xptxas`, `--expt-relaxed-constexpr`...), in
    /// order with their values: passed to nvcc on NVIDIA, ignored on the CPU platform.
    pub nvcc: Vec<OsString>,
}

/// nvcc options that take a separate argument.
pub(crate) const NVCC_WITH_ARG: &[&str] = &[
    "-gencode",
    "--generate-code",
    "-arch",
    "--gpu-architecture",
    "-code",
    "--gpu-code",
    "-Xcompiler",
    "--compiler-options",
    "-Xptxas",
    "--ptxas-options",
    "-Xnvlink",
    "--nvlink-options",
    "-Xcudafe",
    "-ccbin",
    "--compiler-bindir",
    "-maxrregcount",
    "--maxrregcount",
    "--default-stream",
    "-default-stream",
];

/// Prefixes of nvcc options with a joined value (or flags) that hipcc passes to nvcc.
const NVCC_PREFIXES: &[&str] = &[
    "-gencode=",
    "--generate-code=",
    "-arch=",
    "--gpu-architecture=",
    "-code=",
    "--gpu-code=",
    "-Xcompiler=",
    "--compiler-options=",
    "-Xptxas=",
    "--ptxas-options=",
    "-Xnvlink=",
    "--nvlink-options=",
    "-Xcudafe=",
    "-ccbin=",
    "--compiler-bindir=",
    "-maxrregcount=",
    "--maxrregcount=",
    "-rdc=",
    "--relocatable-device-code=",
    "--default-stream=",
    "--expt-",
    "-expt-",
    "--extended-lambda",
    "-extended-lambda",
    "-ftz=",
    "--ftz=",
    "-prec-div=",
    "--prec-div=",
    "-prec-sqrt=",
    "--prec-sqrt=",
    "-fmad=",
    "--fmad=",
];

/// nvcc flags (exact) that hipcc passes to nvcc.
const NVCC_EXACT: &[&str] = &[
    "-G",
    "--device-debug",
    "-lineinfo",
    "--generate-line-info",
    "-res-usage",
    "--resource-usage",
    "-keep",
    "--keep",
    "-allow-unsupported-compiler",
    "--allow-unsupported-compiler",
];

/// Options that take a separate argument and go to the compile commands.
pub(crate) const COMPILE_WITH_ARG: &[&str] = &[
    "-I",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-include",
    "-imacros",
    "-D",
    "-U",
    "-MT",
    "-MQ",
    "-isysroot",
    "-iprefix",
    "-iwithprefix",
];

/// Prefixes of GPU-only options accepted and ignored.
const IGNORED_PREFIXES: &[&str] = &[
    "--offload-arch=",
    "-offload-arch=",
    "--no-offload-arch=",
    "--amdgpu-target=",
    "--cuda-gpu-arch=",
    "--rocm-path=",
    "--hip-path=",
    "--hip-device-lib-path=",
    "--hip-version=",
    "-mcode-object-version=",
    "--gpu-max-threads-per-block=",
    "-fgpu-",
    "-fno-gpu-",
    "-fhip-",
    "-fno-hip-",
    "--gpu-bundle-output",
    "--no-gpu-bundle-output",
    "-Xarch_device",
    "-Xoffload-linker",
];

/// GPU-only options (exact) accepted and ignored.
const IGNORED_EXACT: &[&str] = &[
    "--cuda-host-only",
    "--cuda-device-only",
    "--offload-host-only",
    "--offload-device-only",
    "--hip-link",
    "-nogpulib",
    "-nogpuinc",
    "-nohipwrapperinc",
    "-munsafe-fp-atomics",
    "-mno-unsafe-fp-atomics",
    "-mwavefrontsize64",
    "-mno-wavefrontsize64",
    "-mcumode",
    "-mno-cumode",
    "-use_fast_math",
    "--use_fast_math",
];

/// The language `-x <lang>` names (`None` for `-x none`).
fn language(lang: &str) -> Result<Option<InputKind>, DriverError> {
    match lang {
        "hip" | "cu" | "cuda" | "c++" | "cpp" => Ok(Some(InputKind::Hip)),
        "c" => Ok(Some(InputKind::C)),
        "none" => Ok(None),
        _ => Err(DriverError::Usage(format!(
            "language `{lang}` not supported (use hip, c++ or c)"
        ))),
    }
}

/// The language of `path` from its extension.
pub fn kind_of(path: &Path) -> Option<InputKind> {
    let name = path.file_name()?.to_string_lossy();
    if name.contains(".so.") {
        return Some(InputKind::Linker);
    }
    let ext = path.extension()?.to_string_lossy();
    match ext.as_ref() {
        "hip" | "cu" | "cpp" | "cc" | "cxx" | "c++" | "C" | "cp" | "CPP" => Some(InputKind::Hip),
        "c" => Some(InputKind::C),
        "o" | "obj" | "a" | "so" | "lo" => Some(InputKind::Linker),
        _ => None,
    }
}

impl Options {
    /// Parses hipcc's arguments (without the program name).
    pub fn parse<I, S>(args: I) -> Result<Options, DriverError>
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let mut o = Options::default();
        let mut lang: Option<InputKind> = None;
        let mut i = 0;
        let missing = |a: &str| DriverError::Usage(format!("argument to `{a}` is missing"));
        while i < args.len() {
            let raw = &args[i];
            let a = raw.to_string_lossy().into_owned();
            i += 1;
            let next = |i: &mut usize| -> Result<OsString, DriverError> {
                let v = args.get(*i).cloned().ok_or_else(|| missing(&a))?;
                *i += 1;
                Ok(v)
            };
            if !a.starts_with('-') || a == "-" {
                if a == "-" {
                    return Err(DriverError::Usage(
                        "reading a source from standard input is not supported".into(),
                    ));
                }
                let path = PathBuf::from(raw);
                let kind = match lang.or_else(|| kind_of(&path)) {
                    Some(k) => k,
                    None => {
                        return Err(DriverError::Usage(format!(
                            "{}: unknown file type (expected .hip, .cu, .cpp, .cc, .cxx, .c, .o, .a or .so; or give -x <language> before it)",
                            path.display()
                        )))
                    }
                };
                o.link.push(LinkItem::Input(o.inputs.len()));
                o.inputs.push(Input { path, kind });
                continue;
            }
            match a.as_str() {
                "--help" | "-help" | "-h" => o.help = true,
                "--version" | "-version" => o.version = true,
                "-v" => o.verbose = true,
                "-###" => {
                    o.dry_run = true;
                    o.verbose = true;
                }
                "-save-temps" | "--save-temps" => o.save_temps = true,
                "-c" => o.mode = Some(Mode::Compile),
                "-S" => o.mode = Some(Mode::Assemble),
                "-E" => o.mode = Some(Mode::Preprocess),
                "-M" | "-MM" => {
                    o.mode = Some(Mode::Preprocess);
                    o.compile.push(raw.clone());
                }
                "-MD" | "-MMD" => {
                    o.dep_side_output = true;
                    o.compile.push(raw.clone());
                }
                "-MP" | "-MG" => o.compile.push(raw.clone()),
                "-MF" => o.dep_file = Some(PathBuf::from(next(&mut i)?)),
                "--genco" | "-genco" => o.mode = Some(Mode::Genco),
                "--emit-static-lib" => o.mode = Some(Mode::StaticLib),
                "-shared" => {
                    o.shared = true;
                    o.link.push(LinkItem::Arg(raw.clone()));
                }
                "-o" => o.output = Some(PathBuf::from(next(&mut i)?)),
                "-x" => lang = language(&next(&mut i)?.to_string_lossy())?,
                "--platform" => o.platform = Some(next(&mut i)?.to_string_lossy().into_owned()),
                "-L" | "-l" | "-Xlinker" | "-u" => {
                    let v = next(&mut i)?;
                    o.link.push(LinkItem::Arg(raw.clone()));
                    o.link.push(LinkItem::Arg(v));
                }
                "-static" | "-rdynamic" | "-static-libstdc++" | "-static-libgcc" | "-nostdlib"
                | "-nodefaultlibs" | "-pie" | "-no-pie" | "-s" => {
                    o.link.push(LinkItem::Arg(raw.clone()))
                }
                "-pthread" | "-fPIC" | "-fpic" | "-fPIE" | "-fpie" => {
                    o.compile.push(raw.clone());
                    o.link.push(LinkItem::Arg(raw.clone()));
                }
                "-target" => {
                    let v = next(&mut i)?;
                    o.compile.push(raw.clone());
                    o.compile.push(v.clone());
                    o.link.push(LinkItem::Arg(raw.clone()));
                    o.link.push(LinkItem::Arg(v));
                }
                _ if NVCC_WITH_ARG.contains(&a.as_str()) => {
                    let v = next(&mut i)?;
                    o.nvcc.push(raw.clone());
                    o.nvcc.push(v);
                }
                _ if NVCC_EXACT.contains(&a.as_str())
                    || NVCC_PREFIXES.iter().any(|p| a.starts_with(p)) =>
                {
                    o.nvcc.push(raw.clone());
                }
                _ if COMPILE_WITH_ARG.contains(&a.as_str()) => {
                    let v = next(&mut i)?;
                    o.compile.push(raw.clone());
                    o.compile.push(v);
                }
                // The null stream means the calling thread's default stream: HIP's headers
                // select the X_spt API with this macro, as clang defines it for the option.
                // The option also stays with the GPU options (nvcc --default-stream per-thread).
                "-fgpu-default-stream=per-thread" => {
                    o.compile
                        .push("-DHIP_API_PER_THREAD_DEFAULT_STREAM=1".into());
                    o.ignored.push(a);
                }
                _ if IGNORED_EXACT.contains(&a.as_str())
                    || IGNORED_PREFIXES.iter().any(|p| a.starts_with(p)) =>
                {
                    o.ignored.push(a);
                }
                _ if a == "--offload-arch" || a == "--amdgpu-target" || a == "--cuda-gpu-arch" => {
                    let v = next(&mut i)?;
                    o.ignored.push(format!("{a} {}", v.to_string_lossy()));
                }
                _ if a.starts_with("--platform=") => {
                    o.platform = Some(a["--platform=".len()..].to_owned());
                }
                _ if a.starts_with("-o") => o.output = Some(PathBuf::from(&a[2..])),
                _ if a.starts_with("-x") => lang = language(&a[2..])?,
                _ if a.starts_with("-MF") => o.dep_file = Some(PathBuf::from(&a[3..])),
                _ if a.starts_with("-std=") => {
                    o.std = Some(a["-std=".len()..].to_owned());
                    o.compile.push(raw.clone());
                }
                _ if a.starts_with("-O") => {
                    o.has_optimization = true;
                    o.compile.push(raw.clone());
                    o.link.push(LinkItem::Arg(raw.clone()));
                }
                _ if a.starts_with("-Wl,") || a.starts_with("-L") || a.starts_with("-l") => {
                    o.link.push(LinkItem::Arg(raw.clone()));
                }
                _ if a.starts_with("-I")
                    || a.starts_with("-D")
                    || a.starts_with("-U")
                    || a.starts_with("-W")
                    || a.starts_with("-w")
                    || a.starts_with("-isystem")
                    || a.starts_with("-MT")
                    || a.starts_with("-MQ") =>
                {
                    o.compile.push(raw.clone());
                }
                _ => {
                    // -g*, -f*, -m*, -fopenmp, --sysroot=, and anything unknown: every command.
                    o.compile.push(raw.clone());
                    o.link.push(LinkItem::Arg(raw.clone()));
                }
            }
        }
        Ok(o)
    }

    fn mode(&self) -> Mode {
        self.mode.unwrap_or(Mode::Link)
    }
}

/// A private temporary directory, removed when dropped (unless kept).
struct TempDir {
    path: PathBuf,
    keep: bool,
}

impl TempDir {
    fn new(keep: bool) -> Result<TempDir, DriverError> {
        use std::os::unix::fs::DirBuilderExt;
        use std::sync::atomic::{AtomicU32, Ordering};
        use std::time::{SystemTime, UNIX_EPOCH};
        static SERIAL: AtomicU32 = AtomicU32::new(0);
        let base = std::env::temp_dir();
        for _ in 0..100 {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            let path = base.join(format!(
                "hipcc-{}-{nanos:08x}-{}",
                std::process::id(),
                SERIAL.fetch_add(1, Ordering::Relaxed)
            ));
            match std::fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => return Ok(TempDir { path, keep }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io_err(&base)(e)),
            }
        }
        Err(DriverError::Usage(format!(
            "cannot create a temporary directory in {}",
            base.display()
        )))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// Quotes `s` for a POSIX shell when it needs it (for `-v` output).
pub fn shell_quote(s: &OsStr) -> String {
    let s = s.to_string_lossy();
    let safe = !s.is_empty()
        && s.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '_' | '=' | '/' | '.' | ',' | '+' | ':' | '@' | '%')
        });
    if safe {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

pub(crate) fn command_line(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(shell_quote)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The environment and places a run uses.
pub struct Context {
    /// The ferrocm root.
    pub layout: Layout,
    /// The host compiler.
    pub compiler: Compiler,
    /// `$AR` or `ar`.
    pub ar: OsString,
    /// Extra compile flags (`HIPCC_COMPILE_FLAGS_APPEND`).
    pub compile_append: Vec<OsString>,
    /// Extra link flags (`HIPCC_LINK_FLAGS_APPEND`).
    pub link_append: Vec<OsString>,
    /// `HIPCC_VERBOSE` set to something other than 0.
    pub verbose_env: bool,
    /// The platform from the environment, used when `--platform` is not given.
    pub env_platform: Option<OsString>,
}

impl Context {
    /// The context of this process.
    pub fn from_env() -> Context {
        let env = |k: &str| std::env::var_os(k);
        let split = |k: &str| -> Vec<OsString> {
            env(k)
                .map(|v| {
                    v.to_string_lossy()
                        .split_whitespace()
                        .map(OsString::from)
                        .collect()
                })
                .unwrap_or_default()
        };
        Context {
            layout: Layout::current(),
            compiler: Compiler::host(&env),
            ar: env("AR")
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| "ar".into()),
            compile_append: split("HIPCC_COMPILE_FLAGS_APPEND"),
            link_append: split("HIPCC_LINK_FLAGS_APPEND"),
            verbose_env: env("HIPCC_VERBOSE").is_some_and(|v| !v.is_empty() && v != "0"),
            env_platform: env("HIP_PLATFORM"),
        }
    }
}

/// Runs hipcc with `args` (without the program name); returns the exit status.
pub fn main_with_args<I, S>(args: I) -> i32
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    let ctx = Context::from_env();
    match Options::parse(args).and_then(|o| run(&o, &ctx)) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("hipcc: error: {e}");
            1
        }
    }
}

struct Runner<'a> {
    ctx: &'a Context,
    verbose: bool,
    dry_run: bool,
}

impl Runner<'_> {
    /// Runs `cmd`; returns its exit status (0 in a dry run).
    fn run(&self, cmd: &mut Command) -> Result<i32, DriverError> {
        if self.verbose {
            eprintln!("{}", command_line(cmd));
        }
        if self.dry_run {
            return Ok(0);
        }
        let status = cmd.status().map_err(|source| DriverError::Spawn {
            program: cmd.get_program().to_string_lossy().into_owned(),
            source,
        })?;
        Ok(exit_code(status))
    }

    /// Runs `cmd` capturing its standard output.
    fn output(&self, cmd: &mut Command) -> Result<(i32, Vec<u8>), DriverError> {
        if self.verbose {
            eprintln!("{}", command_line(cmd));
        }
        if self.dry_run {
            return Ok((0, Vec::new()));
        }
        let out = cmd
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|source| DriverError::Spawn {
                program: cmd.get_program().to_string_lossy().into_owned(),
                source,
            })?;
        Ok((exit_code(out.status), out.stdout))
    }

    fn compiler(&self) -> Command {
        let mut c = Command::new(&self.ctx.compiler.program);
        c.args(&self.ctx.compiler.args);
        c
    }
}

pub(crate) fn exit_code(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|s| 128 + s))
        .unwrap_or(1)
}

/// The file stem of `p` (`"a"` when there is none).
pub(crate) fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "a".into())
}

/// Replaces every occurrence of `from` by `to` in `bytes`.
fn replace_bytes(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    if from.is_empty() {
        return bytes.to_vec();
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// The generated unit of a `--genco` code object: the ABI version and the kernel table
/// (`FERROCM_KERNEL_TABLE_DEFINITION` in `include/ferrocm/cpu_kernel.h`: the descriptor
/// pointers that `FERROCM_REGISTER_KERNEL` puts in the `ferrocm_kernels` section, then the
/// template instances that listed themselves while the object loaded).
pub const GENCO_UNIT: &str = "\
/* Generated by ferrocm hipcc --genco: the code object's ABI version and kernel table. */
#include <stddef.h>
#include <stdlib.h>
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();
FERROCM_KERNEL_TABLE_DEFINITION()
";

/// Runs a parsed command line.
pub fn run(o: &Options, ctx: &Context) -> Result<i32, DriverError> {
    let env = |k: &str| {
        if k == "HIP_PLATFORM" {
            ctx.env_platform.clone()
        } else {
            std::env::var_os(k)
        }
    };
    let platform = resolve_platform(o.platform.as_deref(), &env)?;
    let r = Runner {
        ctx,
        verbose: o.verbose || ctx.verbose_env,
        dry_run: o.dry_run,
    };
    if o.help {
        print!("{HELP}");
        return Ok(0);
    }
    if o.version || (o.verbose && o.inputs.is_empty()) {
        println!("HIP version: {HIP_VERSION}");
        println!("ferrocm hipcc, platform: {platform}");
        println!(
            "ferrocm root: {} ({})",
            ctx.layout.root.display(),
            ctx.layout.source.describe()
        );
        println!("host compiler: {}", ctx.compiler.display());
        std::io::stdout().flush().ok();
        if !r.dry_run {
            let mut c = r.compiler();
            c.arg("--version");
            let _ = c.status();
        }
        return Ok(0);
    }
    if o.inputs.is_empty() {
        return Err(DriverError::Usage("no input files".into()));
    }
    for input in &o.inputs {
        if !input.path.exists() {
            return Err(DriverError::Usage(format!(
                "no such file or directory: '{}'",
                input.path.display()
            )));
        }
    }
    let mode = o.mode();
    let sources = o
        .inputs
        .iter()
        .filter(|i| i.kind != InputKind::Linker)
        .count();
    if matches!(mode, Mode::Compile | Mode::Assemble | Mode::Preprocess)
        && o.output.is_some()
        && sources > 1
    {
        return Err(DriverError::Usage(
            "cannot specify -o when generating multiple output files".into(),
        ));
    }
    if platform == Platform::Nvidia {
        let tmp = TempDir::new(o.save_temps)?;
        if o.save_temps {
            eprintln!("hipcc: temporary files kept in {}", tmp.path.display());
        }
        return crate::nvidia::run(o, ctx, r.verbose, r.dry_run, &tmp.path);
    }
    if r.verbose {
        eprintln!(
            "hipcc: ferrocm {HIP_VERSION}, platform {platform}, root {} ({}), library directory {}, host compiler {} ({})",
            ctx.layout.root.display(),
            ctx.layout.source.describe(),
            ctx.layout.lib.display(),
            ctx.compiler.display(),
            ctx.compiler.source
        );
        for opt in &o.ignored {
            eprintln!("hipcc: note: `{opt}` ignored: the CPU platform builds no GPU code");
        }
        for opt in &o.nvcc {
            eprintln!(
                "hipcc: note: nvcc option `{}` ignored on the CPU platform",
                opt.to_string_lossy()
            );
        }
    }

    let tmp = TempDir::new(o.save_temps)?;
    if o.save_temps {
        eprintln!("hipcc: temporary files kept in {}", tmp.path.display());
    }
    let pic = o.shared || mode == Mode::Genco;
    let mut objects: Vec<Option<PathBuf>> = vec![None; o.inputs.len()];
    for (idx, input) in o.inputs.iter().enumerate() {
        if input.kind == InputKind::Linker {
            objects[idx] = Some(input.path.clone());
            continue;
        }
        let out = match (mode, &o.output) {
            (Mode::Compile | Mode::Assemble | Mode::Preprocess, Some(p)) => Some(p.clone()),
            (Mode::Compile, None) => Some(PathBuf::from(format!("{}.o", stem(&input.path)))),
            (Mode::Assemble, None) => Some(PathBuf::from(format!("{}.s", stem(&input.path)))),
            (Mode::Preprocess, None) => None,
            _ => Some(tmp.path.join(format!("{idx}-{}.o", stem(&input.path)))),
        };
        let status = compile_one(&r, o, ctx, &tmp.path, idx, input, out.as_deref(), pic)?;
        if status != 0 {
            return Ok(status);
        }
        objects[idx] = out;
    }

    match mode {
        Mode::Compile | Mode::Assemble | Mode::Preprocess => Ok(0),
        Mode::StaticLib => {
            let out = o.output.clone().unwrap_or_else(|| PathBuf::from("a.a"));
            if !r.dry_run && out.exists() {
                std::fs::remove_file(&out).map_err(io_err(&out))?;
            }
            let mut c = Command::new(&ctx.ar);
            c.arg("rcs").arg(&out);
            for (idx, obj) in objects.iter().enumerate() {
                let Some(obj) = obj else { continue };
                let is_archive_member = o.inputs[idx].kind != InputKind::Linker
                    || obj
                        .extension()
                        .is_some_and(|e| e == "o" || e == "obj" || e == "lo");
                if is_archive_member {
                    c.arg(obj);
                } else {
                    eprintln!(
                        "hipcc: warning: {} is not an object file: not put in the archive",
                        obj.display()
                    );
                }
            }
            r.run(&mut c)
        }
        Mode::Genco => {
            let unit = tmp.path.join("ferrocm_code_object.c");
            if !r.dry_run {
                std::fs::write(&unit, GENCO_UNIT).map_err(io_err(&unit))?;
            }
            let unit_obj = tmp.path.join("ferrocm_code_object.o");
            let mut c = r.compiler();
            c.args(["-x", "c", "-fPIC", "-O2"])
                .arg(include_flag(&ctx.layout))
                .arg("-c")
                .arg(&unit)
                .arg("-o")
                .arg(&unit_obj);
            let status = r.run(&mut c)?;
            if status != 0 {
                return Ok(status);
            }
            let out = o
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{}.co", stem(&o.inputs[0].path))));
            let mut c = r.compiler();
            c.args(["-shared", "-fPIC"]);
            push_link_items(&mut c, o, &objects);
            c.arg(&unit_obj).arg("-o").arg(&out).args(&ctx.link_append);
            r.run(&mut c)
        }
        Mode::Link => {
            let out = o.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
            let mut c = r.compiler();
            push_link_items(&mut c, o, &objects);
            c.arg("-o").arg(&out);
            let mut libdir = OsString::from("-L");
            libdir.push(&ctx.layout.lib);
            let mut rpath = OsString::from("-Wl,-rpath,");
            rpath.push(&ctx.layout.lib);
            c.arg(libdir).arg("-lamdhip64").arg(rpath).arg("-pthread");
            c.args(&ctx.link_append);
            r.run(&mut c)
        }
    }
}

/// Whether a HIP source compiled as position-independent code (`pic`, or `-fPIC`/`-fpic` among
/// the user's options) gets `-fno-semantic-interposition`: unless the user asked for
/// `-fsemantic-interposition` (or already gave the flag).
fn wants_no_interposition(pic: bool, compile: &[OsString]) -> bool {
    let has = |f: &str| compile.iter().any(|a| a == f);
    (pic || has("-fPIC") || has("-fpic"))
        && !has("-fsemantic-interposition")
        && !has("-fno-semantic-interposition")
}

fn include_flag(layout: &Layout) -> OsString {
    let mut f = OsString::from("-I");
    f.push(&layout.include);
    f
}

fn push_link_items(c: &mut Command, o: &Options, objects: &[Option<PathBuf>]) {
    for item in &o.link {
        match item {
            LinkItem::Input(i) => {
                if let Some(p) = objects.get(*i).and_then(Option::as_ref) {
                    c.arg(p);
                }
            }
            LinkItem::Arg(a) => {
                c.arg(a);
            }
        }
    }
}

/// Compiles (or preprocesses) one source input to `out` (`None`: standard output).
#[allow(clippy::too_many_arguments)]
fn compile_one(
    r: &Runner<'_>,
    o: &Options,
    ctx: &Context,
    tmp: &Path,
    idx: usize,
    input: &Input,
    out: Option<&Path>,
    pic: bool,
) -> Result<i32, DriverError> {
    let mode = o.mode();
    let hip = input.kind == InputKind::Hip;
    let mut c = r.compiler();
    // The file the compiler reads: for HIP, the rewritten copy in <tmp>/<idx>/<name>.
    let dir = tmp.join(idx.to_string());
    let mirror_root = dir.join("m");
    let (source, rewritten_path) = if hip {
        let name = input
            .path
            .file_name()
            .map(|n| n.to_os_string())
            .unwrap_or_else(|| "input.hip".into());
        let path = dir.join(name);
        let text = std::fs::read(&input.path).map_err(io_err(&input.path))?;
        let text = String::from_utf8_lossy(&text);
        // The user headers the source reaches are rewritten too, into a mirror tree searched
        // before the original directories (crate::headers).
        let mut user_dirs = UserDirs::from_args(&o.compile);
        user_dirs
            .angle
            .extend(UserDirs::from_args(&ctx.compile_append).angle);
        let unit_headers =
            rewrite_unit_headers(&input.path, &text, &user_dirs, &ctx.layout.include);
        let options = RewriteOptions {
            header: false,
            also_defined: unit_headers.kernels.clone(),
        };
        let mut rewritten = rewrite_with(&text, &input.path.to_string_lossy(), &options);
        rewritten.uses_hip |= unit_headers.headers.iter().any(|h| h.rewritten.uses_hip);
        if r.verbose {
            let header_notes = unit_headers
                .headers
                .iter()
                .flat_map(|h| &h.rewritten.fission_notes);
            for note in rewritten.fission_notes.iter().chain(header_notes) {
                eprintln!("hipcc: {note}");
            }
        }
        let source_dir = input
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let search = search_dirs(&mirror_root, source_dir, &user_dirs);
        if !r.dry_run {
            std::fs::create_dir(&dir).map_err(io_err(&dir))?;
            std::fs::write(&path, &rewritten.source).map_err(io_err(&path))?;
            write_mirror(&mirror_root, &unit_headers, &search).map_err(io_err(&mirror_root))?;
        }
        for (flag, d) in &search {
            c.arg(flag).arg(d);
        }
        c.args(["-x", "c++"]);
        if o.std.as_deref().is_none_or(|s| !s.contains("++")) {
            c.arg("-std=c++17");
        }
        (path, Some(rewritten.uses_hip))
    } else {
        c.args(["-x", "c"]);
        (input.path.clone(), None)
    };
    if !o.has_optimization {
        c.arg("-O3");
    }
    if let Some(uses_hip) = rewritten_path {
        c.args(crate::config::HIP_SOURCE_DEFINES);
        // Device printf prints "(null)" for a null %s as GPUs do; GCC would turn
        // printf("%s\n", p) into puts(p), which faults on null.
        c.arg("-fno-builtin-printf");
        // Quoted includes were relative to the original file's directory.
        let dir = input
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        c.arg("-iquote").arg(dir);
        if uses_hip && ctx.layout.has_hip_headers() {
            c.args(["-include", "hip/hip_runtime.h"]);
        }
    }
    if pic {
        c.arg("-fPIC");
    }
    if hip && wants_no_interposition(pic, &o.compile) {
        // Position-independent code may see its global functions interposed by another
        // object, so the compiler does not inline a kernel into its own work-group loop
        // unless told that no symbol of the unit is interposed (which HIP device code never is).
        c.arg("-fno-semantic-interposition");
    }
    if mode == Mode::Genco {
        c.arg("-D__FERROCM_CODE_OBJECT__");
    }
    for a in &o.compile {
        // A C++ -std= does not apply to C inputs, nor a C one to C++ inputs.
        let s = a.to_string_lossy();
        if let Some(std) = s.strip_prefix("-std=") {
            if std.contains("++") != hip {
                continue;
            }
            // HIP's device language on the CPU is C++17 code: an older standard (which
            // ROCm's hipcc accepts) is raised to C++17 for HIP sources.
            if hip {
                if let Some(raised) = raised_std(std) {
                    if r.verbose {
                        eprintln!(
                            "hipcc: {}: -std={std} raised to -std={raised} (the CPU device language needs C++17)",
                            input.path.display()
                        );
                    }
                    c.arg(format!("-std={raised}"));
                    continue;
                }
            }
        }
        c.arg(a);
    }
    c.args(&ctx.compile_append);
    c.arg(include_flag(&ctx.layout));
    // Dependency output: name the file explicitly, so it can be fixed up afterwards.
    let dep_file = if o.dep_side_output {
        let f = o.dep_file.clone().or_else(|| {
            out.map(|p| p.with_extension("d"))
                .or_else(|| Some(PathBuf::from(format!("{}.d", stem(&input.path)))))
        });
        if let Some(f) = &f {
            c.arg("-MF").arg(f);
        }
        f
    } else {
        if let Some(f) = &o.dep_file {
            c.arg("-MF").arg(f);
        }
        o.dep_file.clone()
    };
    if hip && o.dep_side_output && !o.compile.iter().any(|a| a == "-MT" || a == "-MQ") {
        // Without -MT the target would be named after the temporary copy.
        let target = out
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(format!("{}.o", stem(&input.path))));
        c.arg("-MT").arg(target);
    }
    c.arg(match mode {
        Mode::Preprocess => "-E",
        Mode::Assemble => "-S",
        _ => "-c",
    });
    c.arg(&source);
    let fix = |bytes: &[u8]| -> Vec<u8> {
        if hip {
            // The rewritten source is the user's file; a mirrored header is its original,
            // whose absolute path follows the mirror's root.
            let b = replace_bytes(
                bytes,
                source.to_string_lossy().as_bytes(),
                input.path.to_string_lossy().as_bytes(),
            );
            replace_bytes(&b, mirror_root.to_string_lossy().as_bytes(), b"")
        } else {
            bytes.to_vec()
        }
    };
    let status = match out {
        Some(p) => {
            c.arg("-o").arg(p);
            let status = r.run(&mut c)?;
            if status == 0 && hip && mode == Mode::Preprocess && !r.dry_run {
                let b = std::fs::read(p).map_err(io_err(p))?;
                std::fs::write(p, fix(&b)).map_err(io_err(p))?;
            }
            status
        }
        None => {
            let (status, stdout) = r.output(&mut c)?;
            std::io::stdout()
                .write_all(&fix(&stdout))
                .map_err(io_err(Path::new("<stdout>")))?;
            status
        }
    };
    if status == 0 && hip && !r.dry_run {
        if let Some(d) = dep_file.filter(|d| d.is_file()) {
            let b = std::fs::read(&d).map_err(io_err(&d))?;
            std::fs::write(&d, fix(&b)).map_err(io_err(&d))?;
        }
    }
    Ok(status)
}

/// The C++17 spelling for a C++ standard before C++17 (`None`: C++17 or later, or not C++).
fn raised_std(std: &str) -> Option<&'static str> {
    let (gnu, version) = if let Some(v) = std.strip_prefix("gnu++") {
        (true, v)
    } else {
        (false, std.strip_prefix("c++")?)
    };
    matches!(version, "98" | "03" | "0x" | "11" | "1y" | "14").then_some(if gnu {
        "gnu++17"
    } else {
        "c++17"
    })
}

/// The flags `hipconfig --cpp_config` prints (those hipcc adds to HIP compilations).
pub fn cpp_config(layout: &Layout) -> String {
    hip_cpp_flags(layout)
        .iter()
        .map(|f| shell_quote(f))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Options {
        Options::parse(args.iter().copied()).expect("parse")
    }

    #[test]
    fn inputs_by_extension_and_language() {
        let o = parse(&[
            "a.hip",
            "b.cu",
            "c.cpp",
            "d.c",
            "e.o",
            "libf.so.7",
            "-x",
            "hip",
            "g.txt",
            "-x",
            "none",
            "h.a",
        ]);
        let kinds: Vec<InputKind> = o.inputs.iter().map(|i| i.kind).collect();
        use InputKind::*;
        assert_eq!(kinds, [Hip, Hip, Hip, C, Linker, Linker, Hip, Linker]);
        assert!(matches!(
            Options::parse(["x.txt"]),
            Err(DriverError::Usage(m)) if m.contains("unknown file type")
        ));
        assert!(Options::parse(["-x", "fortran", "a.f"]).is_err());
    }

    #[test]
    fn options_are_sorted_into_compile_and_link() {
        let o = parse(&[
            "-O2",
            "-g",
            "-std=c++20",
            "-Iinc",
            "-I",
            "inc2",
            "-DX=1",
            "-UY",
            "-Wall",
            "-c",
            "--offload-arch=gfx90a",
            "-fgpu-rdc",
            "--amdgpu-target=gfx906",
            "a.hip",
            "-o",
            "a.o",
            "-L/l",
            "-lfoo",
            "-Wl,--as-needed",
            "-fopenmp",
            "-MD",
            "-MF",
            "a.d",
        ]);
        assert_eq!(o.mode, Some(Mode::Compile));
        assert!(o.has_optimization);
        assert_eq!(o.std.as_deref(), Some("c++20"));
        assert_eq!(o.output.as_deref(), Some(Path::new("a.o")));
        assert_eq!(o.dep_file.as_deref(), Some(Path::new("a.d")));
        assert!(o.dep_side_output);
        assert_eq!(
            o.ignored,
            [
                "--offload-arch=gfx90a",
                "-fgpu-rdc",
                "--amdgpu-target=gfx906"
            ]
        );
        let compile: Vec<String> = o
            .compile
            .iter()
            .map(|a| a.to_string_lossy().into())
            .collect();
        assert_eq!(
            compile,
            [
                "-O2",
                "-g",
                "-std=c++20",
                "-Iinc",
                "-I",
                "inc2",
                "-DX=1",
                "-UY",
                "-Wall",
                "-fopenmp",
                "-MD"
            ]
        );
        let link: Vec<String> = o
            .link
            .iter()
            .map(|l| match l {
                LinkItem::Input(i) => format!("#{i}"),
                LinkItem::Arg(a) => a.to_string_lossy().into(),
            })
            .collect();
        assert_eq!(
            link,
            [
                "-O2",
                "-g",
                "#0",
                "-L/l",
                "-lfoo",
                "-Wl,--as-needed",
                "-fopenmp"
            ]
        );
    }

    #[test]
    fn platform_and_modes() {
        assert_eq!(
            parse(&["--platform", "cpu"]).platform.as_deref(),
            Some("cpu")
        );
        assert_eq!(
            parse(&["--platform=nvidia"]).platform.as_deref(),
            Some("nvidia")
        );
        assert_eq!(parse(&["--genco", "k.hip"]).mode, Some(Mode::Genco));
        assert_eq!(
            parse(&["--emit-static-lib", "k.hip"]).mode,
            Some(Mode::StaticLib)
        );
        assert!(parse(&["-shared", "k.hip"]).shared);
        assert!(matches!(Options::parse(["-o"]), Err(DriverError::Usage(_))));
    }

    #[test]
    fn position_independent_hip_code_is_not_interposed() {
        let flags = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(wants_no_interposition(true, &[]));
        assert!(!wants_no_interposition(false, &[]));
        assert!(wants_no_interposition(false, &flags(&["-O2", "-fPIC"])));
        assert!(wants_no_interposition(false, &flags(&["-fpic"])));
        assert!(!wants_no_interposition(
            true,
            &flags(&["-fsemantic-interposition"])
        ));
        assert!(!wants_no_interposition(
            true,
            &flags(&["-fno-semantic-interposition"])
        ));
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote(OsStr::new("-I/a/b")), "-I/a/b");
        assert_eq!(shell_quote(OsStr::new("a b")), "'a b'");
        assert_eq!(shell_quote(OsStr::new("it's")), "'it'\\''s'");
        assert_eq!(
            replace_bytes(b"x /t/a.hip y /t/a.hip", b"/t/a.hip", b"a.hip"),
            b"x a.hip y a.hip"
        );
    }
}
