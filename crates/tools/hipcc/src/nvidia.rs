//! `hipcc --platform nvidia`: HIP sources are compiled by `nvcc` as CUDA (`-x cu`) against
//! ferrocm's HIP headers (whose NVIDIA prelude maps HIP's device spellings onto CUDA's)
//! with `-cudart none`, so that nvcc's host code calls libamdhip64's `__cudaRegister*` /
//! `__cudaLaunchKernel` instead of NVIDIA's cudart. Programs are linked by the host
//! compiler with `libamdhip64.so` as on the CPU platform.
//!
//! * Architectures: `--offload-arch=sm_XX` (or `--cuda-gpu-arch=`, repeated or
//!   comma-separated; `native` too) becomes `-arch=sm_XX`, several become one `-gencode`
//!   each plus PTX for the last; nvcc's own `-arch`/`-gencode`/`-code` are passed as they
//!   are; the default is `sm_90`.
//! * `-fgpu-rdc`: `nvcc -rdc=true`, and before linking a `nvcc -dlink` step (without
//!   `-cudart none`, which nvcc rejects there) whose object registers the linked image.
//! * `--genco`: `nvcc --fatbin` (SASS plus PTX), a file `hipModuleLoad` accepts.
//! * Host-compiler options nvcc does not know (`-Wall`, `-fPIC`, `-march=`...) go through
//!   `-Xcompiler=`.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::config::{Compiler, Layout};
use crate::driver::{io_err, stem, Context, DriverError, InputKind, LinkItem, Mode, Options};

/// The default GPU architecture (H100).
pub const DEFAULT_ARCH: &str = "sm_90";

/// Finds `nvcc`: `$CUDA_PATH/bin`, `$CUDA_HOME/bin`, `/usr/local/cuda/bin`, then `$PATH`.
pub fn find_nvcc(env: &dyn Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    for var in ["CUDA_PATH", "CUDA_HOME"] {
        if let Some(root) = env(var).filter(|v| !v.is_empty()) {
            let p = PathBuf::from(root).join("bin/nvcc");
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let p = Path::new("/usr/local/cuda/bin/nvcc");
    if p.is_file() {
        return Some(p.to_path_buf());
    }
    let path = env("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("nvcc"))
        .find(|c| c.is_file())
}

/// The CUDA include directory next to `nvcc` (`<cuda>/bin/nvcc` -> `<cuda>/include`).
pub fn cuda_include(nvcc: &Path) -> Option<PathBuf> {
    let inc = nvcc.parent()?.parent()?.join("include");
    inc.is_dir().then_some(inc)
}

/// The preprocessor flags of an NVIDIA compilation (`hipconfig --cpp_config`).
pub fn cpp_flags(layout: &Layout) -> Vec<OsString> {
    let mut include = OsString::from("-I");
    include.push(&layout.include);
    vec![
        "-D__HIP_PLATFORM_NVIDIA__=1".into(),
        "-D__HIP_PLATFORM_NVCC__=1".into(),
        include,
    ]
}

/// What the GPU-specific options of a command line ask for on NVIDIA.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GpuOptions {
    /// `--offload-arch` values (`sm_XX`, `compute_XX`, `native`), in order, deduplicated.
    pub archs: Vec<String>,
    /// nvcc's own architecture options were given (`-arch`, `-gencode`, `-code`).
    pub nvcc_arch: bool,
    /// `-fgpu-rdc` (or nvcc's `-rdc=true`/`-dc`).
    pub rdc: bool,
    /// nvcc options derived from the GPU options (`--default-stream per-thread`,
    /// `-use_fast_math`, `-ftz=true`), then nvcc's own options as given.
    pub nvcc: Vec<OsString>,
    /// Options that mean nothing on NVIDIA (AMD architectures...), for `-v`.
    pub ignored: Vec<String>,
}

impl GpuOptions {
    /// Interprets the GPU options hipcc's parser set aside (`o.ignored`, `o.nvcc`).
    pub fn from_options(o: &Options) -> GpuOptions {
        let mut g = GpuOptions::default();
        for opt in &o.ignored {
            let (name, value) = match opt.split_once([' ', '=']) {
                Some((n, v)) => (n, Some(v)),
                None => (opt.as_str(), None),
            };
            match (name, value) {
                ("--offload-arch" | "-offload-arch" | "--cuda-gpu-arch", Some(v)) => {
                    for a in v.split(',').map(str::trim).filter(|a| !a.is_empty()) {
                        if a.starts_with("sm_") || a.starts_with("compute_") || a == "native" {
                            if !g.archs.iter().any(|x| x == a) {
                                g.archs.push(a.to_owned());
                            }
                        } else {
                            g.ignored.push(format!("{name}={a}"));
                        }
                    }
                }
                ("--no-offload-arch", Some(v)) => {
                    g.archs.retain(|a| !v.split(',').any(|x| x == a));
                }
                ("-fgpu-rdc", None) => g.rdc = true,
                ("-fno-gpu-rdc", None) => g.rdc = false,
                ("-fgpu-default-stream", Some(v)) => {
                    g.nvcc.push("--default-stream".into());
                    g.nvcc.push(v.into());
                }
                ("-use_fast_math" | "--use_fast_math", None) => {
                    g.nvcc.push("-use_fast_math".into())
                }
                ("-fgpu-flush-denormals-to-zero", None) => g.nvcc.push("-ftz=true".into()),
                ("-fno-gpu-flush-denormals-to-zero", None) => g.nvcc.push("-ftz=false".into()),
                _ => g.ignored.push(opt.clone()),
            }
        }
        let mut prev_takes_value = false;
        for a in &o.nvcc {
            let s = a.to_string_lossy();
            if !prev_takes_value {
                let name = s.split('=').next().unwrap_or("");
                if matches!(
                    name,
                    "-arch"
                        | "--gpu-architecture"
                        | "-gencode"
                        | "--generate-code"
                        | "-code"
                        | "--gpu-code"
                ) {
                    g.nvcc_arch = true;
                }
                if s == "-rdc=true" || s == "--relocatable-device-code=true" || s == "-dc" {
                    g.rdc = true;
                }
                if s == "-rdc=false" || s == "--relocatable-device-code=false" {
                    g.rdc = false;
                }
            }
            prev_takes_value = crate::driver::NVCC_WITH_ARG.contains(&s.as_ref());
            g.nvcc.push(a.clone());
        }
        g
    }

    /// nvcc's own architecture options as given (with their separate values), for the
    /// device-link step.
    pub fn nvcc_arch_options(&self) -> Vec<OsString> {
        let mut out = Vec::new();
        let mut take_next = false;
        for a in &self.nvcc {
            let s = a.to_string_lossy();
            let name = s.split('=').next().unwrap_or("");
            let is_arch = matches!(
                name,
                "-arch"
                    | "--gpu-architecture"
                    | "-gencode"
                    | "--generate-code"
                    | "-code"
                    | "--gpu-code"
            );
            if take_next || is_arch {
                out.push(a.clone());
            }
            take_next = is_arch && !s.contains('=');
        }
        out
    }

    /// The architecture flags for nvcc.
    pub fn arch_flags(&self) -> Vec<OsString> {
        if self.nvcc_arch {
            return Vec::new();
        }
        match self.archs.as_slice() {
            [] => vec![format!("-arch={DEFAULT_ARCH}").into()],
            [one] => vec![format!("-arch={one}").into()],
            many => {
                let mut v: Vec<OsString> = Vec::new();
                let mut last_virtual = None;
                for a in many {
                    if a == "native" {
                        v.push("-arch=native".into());
                        continue;
                    }
                    let virt = a.replacen("sm_", "compute_", 1);
                    if a.starts_with("compute_") {
                        v.push(format!("-gencode=arch={virt},code={virt}").into());
                    } else {
                        v.push(format!("-gencode=arch={virt},code={a}").into());
                    }
                    last_virtual = Some(virt);
                }
                if let Some(virt) = last_virtual {
                    let ptx = OsString::from(format!("-gencode=arch={virt},code={virt}"));
                    if !v.contains(&ptx) {
                        v.push(ptx);
                    }
                }
                v
            }
        }
    }
}

/// Host-compiler options nvcc accepts itself (everything else goes through `-Xcompiler=`).
fn nvcc_native(a: &str) -> bool {
    matches!(
        a,
        "-g" | "-w"
            | "-M"
            | "-MM"
            | "-MD"
            | "-MMD"
            | "-MP"
            | "-m64"
            | "-O0"
            | "-O1"
            | "-O2"
            | "-O3"
    ) || a.starts_with("-I")
        || a.starts_with("-D")
        || a.starts_with("-U")
        || a.starts_with("-std=")
        || a.starts_with("-Wno-deprecated-gpu-targets")
        || (a.starts_with("--") && !a.starts_with("--sysroot"))
}

/// Options with a separate value that nvcc accepts as they are.
const NVCC_NATIVE_WITH_ARG: &[&str] = &["-I", "-D", "-U", "-isystem", "-include", "-MT"];

/// Translates hipcc's compile options (host-compiler style) into nvcc's.
pub fn translate_compile_flags(flags: &[OsString]) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < flags.len() {
        let a = flags[i].to_string_lossy().into_owned();
        i += 1;
        if crate::driver::COMPILE_WITH_ARG.contains(&a.as_str()) || a == "-target" {
            let Some(v) = flags.get(i) else { break };
            i += 1;
            if a == "-target" {
                continue;
            }
            if NVCC_NATIVE_WITH_ARG.contains(&a.as_str()) {
                out.push(a.into());
                out.push(v.clone());
            } else {
                out.push(format!("-Xcompiler={a},{}", v.to_string_lossy()).into());
            }
            continue;
        }
        if let Some(std) = a.strip_prefix("-std=gnu++") {
            out.push(format!("-std=c++{std}").into());
        } else if nvcc_native(&a) {
            out.push(a.into());
        } else if a.starts_with("-O") {
            // -Os, -Og, -Ofast: nvcc knows only -O0..-O3.
            out.push("-O3".into());
            out.push(format!("-Xcompiler={a}").into());
        } else {
            out.push(format!("-Xcompiler={a}").into());
        }
    }
    out
}

/// Everything needed to build the commands.
pub struct Plan<'a> {
    /// The parsed command line.
    pub options: &'a Options,
    /// Its GPU options.
    pub gpu: GpuOptions,
    /// The ferrocm root.
    pub layout: &'a Layout,
    /// The host compiler (links, compiles C, and is nvcc's `-ccbin` unless the default).
    pub compiler: &'a Compiler,
    /// `nvcc`.
    pub nvcc: PathBuf,
    /// The private temporary directory.
    pub tmp: PathBuf,
    /// `HIPCC_COMPILE_FLAGS_APPEND`, `HIPCC_LINK_FLAGS_APPEND`.
    pub compile_append: Vec<OsString>,
    /// See `compile_append`.
    pub link_append: Vec<OsString>,
    /// `$AR`.
    pub ar: OsString,
}

fn join_flag(flag: &str, p: &Path) -> OsString {
    let mut f = OsString::from(flag);
    f.push(p);
    f
}

impl Plan<'_> {
    fn mode(&self) -> Mode {
        self.options.mode.unwrap_or(Mode::Link)
    }

    fn host(&self) -> Command {
        let mut c = Command::new(&self.compiler.program);
        c.args(&self.compiler.args);
        c
    }

    /// nvcc with the flags every compilation of a HIP source gets.
    fn nvcc_compile(&self, uses_hip: bool) -> Command {
        let o = self.options;
        let mut c = Command::new(&self.nvcc);
        c.args(["-x", "cu", "-cudart", "none"]);
        c.args(self.gpu.arch_flags());
        if self.gpu.rdc && self.mode() != Mode::Genco {
            c.arg("-rdc=true");
        }
        if self.compiler.source != "default" {
            c.arg("-ccbin").arg(&self.compiler.program);
        }
        if o.std.as_deref().is_none_or(|s| !s.contains("++")) {
            c.arg("-std=c++17");
        }
        if !o.has_optimization {
            c.arg("-O3");
        }
        c.args([
            "-D__HIP_PLATFORM_NVIDIA__=1",
            "-D__HIP_PLATFORM_NVCC__=1",
            "-D__HIPCC__=1",
            "--expt-relaxed-constexpr",
            "--extended-lambda",
            "-Wno-deprecated-gpu-targets",
        ]);
        if uses_hip && self.layout.has_hip_headers() {
            c.args(["-include", "hip/hip_runtime.h"]);
        }
        if o.shared || o.compile.iter().any(|a| a == "-fPIC" || a == "-fpic") {
            c.arg("-Xcompiler=-fPIC");
        }
        c.args(&self.gpu.nvcc);
        c.args(translate_compile_flags(&o.compile));
        c.args(&self.compile_append);
        c.arg(join_flag("-I", &self.layout.include));
        if let Some(f) = &o.dep_file {
            c.arg("-MF").arg(f);
        }
        c
    }

    /// The commands, in order. `uses_hip(i)` says whether source input `i` uses HIP's
    /// device language (then `hip/hip_runtime.h` is pre-included, as clang's HIP mode does).
    pub fn commands(&self, uses_hip: &dyn Fn(usize) -> bool) -> Result<Vec<Command>, DriverError> {
        let o = self.options;
        let mode = self.mode();
        let mut cmds = Vec::new();
        if mode == Mode::Genco {
            let sources: Vec<usize> = (0..o.inputs.len())
                .filter(|&i| o.inputs[i].kind == InputKind::Hip)
                .collect();
            let [src] = sources.as_slice() else {
                return Err(DriverError::Usage(
                    "--genco on the NVIDIA platform takes exactly one HIP source".into(),
                ));
            };
            let out = o
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{}.co", stem(&o.inputs[*src].path))));
            let mut c = self.nvcc_compile(uses_hip(*src));
            c.arg("--fatbin")
                .arg(&o.inputs[*src].path)
                .arg("-o")
                .arg(out);
            cmds.push(c);
            return Ok(cmds);
        }
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
                _ => Some(self.tmp.join(format!("{idx}-{}.o", stem(&input.path)))),
            };
            let mut c = if input.kind == InputKind::Hip {
                self.nvcc_compile(uses_hip(idx))
            } else {
                let mut c = self.host();
                c.args(["-x", "c"]);
                if !o.has_optimization {
                    c.arg("-O3");
                }
                c.args(["-D__HIP_PLATFORM_NVIDIA__=1", "-D__HIP_PLATFORM_NVCC__=1"]);
                if o.shared {
                    c.arg("-fPIC");
                }
                for a in &o.compile {
                    if a.to_string_lossy().starts_with("-std=") {
                        continue;
                    }
                    c.arg(a);
                }
                c.args(&self.compile_append);
                c.arg(join_flag("-I", &self.layout.include));
                c
            };
            c.arg(match (mode, input.kind) {
                (Mode::Preprocess, _) => "-E",
                (Mode::Assemble, InputKind::Hip) => "-ptx",
                (Mode::Assemble, _) => "-S",
                _ => "-c",
            });
            c.arg(&input.path);
            if let Some(p) = &out {
                c.arg("-o").arg(p);
            }
            cmds.push(c);
            objects[idx] = out;
        }
        let link_objects = |c: &mut Command| {
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
        };
        match mode {
            Mode::Compile | Mode::Assemble | Mode::Preprocess | Mode::Genco => {}
            Mode::StaticLib => {
                let out = o.output.clone().unwrap_or_else(|| PathBuf::from("a.a"));
                let mut c = Command::new(&self.ar);
                c.arg("rcs").arg(out);
                for obj in objects.iter().flatten() {
                    if obj
                        .extension()
                        .is_some_and(|e| e == "o" || e == "obj" || e == "lo")
                    {
                        c.arg(obj);
                    }
                }
                cmds.push(c);
            }
            Mode::Link => {
                let out = o.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
                let mut dlink_obj = None;
                if self.gpu.rdc {
                    let dl = self.tmp.join("hipcc_dlink.o");
                    let mut c = Command::new(&self.nvcc);
                    c.arg("-dlink");
                    c.args(self.gpu.arch_flags());
                    c.args(self.gpu.nvcc_arch_options());
                    if self.compiler.source != "default" {
                        c.arg("-ccbin").arg(&self.compiler.program);
                    }
                    if o.shared {
                        c.arg("-Xcompiler=-fPIC");
                    }
                    c.arg("-Wno-deprecated-gpu-targets");
                    for obj in objects.iter().flatten() {
                        let name = obj.to_string_lossy();
                        if obj
                            .extension()
                            .is_some_and(|e| e == "o" || e == "a" || e == "obj")
                            && !name.contains(".so")
                        {
                            c.arg(obj);
                        }
                    }
                    c.arg("-o").arg(&dl);
                    cmds.push(c);
                    dlink_obj = Some(dl);
                }
                let mut c = self.host();
                link_objects(&mut c);
                if let Some(dl) = &dlink_obj {
                    c.arg(dl);
                }
                c.arg("-o").arg(out);
                c.arg(join_flag("-L", &self.layout.lib))
                    .arg("-lamdhip64")
                    .arg(join_flag("-Wl,-rpath,", &self.layout.lib))
                    .arg("-pthread");
                c.args(&self.link_append);
                cmds.push(c);
            }
        }
        Ok(cmds)
    }
}

/// Runs a command line on the NVIDIA platform.
pub fn run(
    o: &Options,
    ctx: &Context,
    verbose: bool,
    dry_run: bool,
    tmp: &Path,
) -> Result<i32, DriverError> {
    let env = |k: &str| std::env::var_os(k);
    let nvcc = match find_nvcc(&env) {
        Some(p) => p,
        None if dry_run => PathBuf::from("nvcc"),
        None => {
            return Err(DriverError::Usage(
                "nvcc not found (the NVIDIA platform needs the CUDA toolkit: set CUDA_PATH, or put nvcc in PATH)"
                    .into(),
            ))
        }
    };
    let gpu = GpuOptions::from_options(o);
    if verbose {
        eprintln!(
            "hipcc: ferrocm {}, platform nvidia, nvcc {}, root {}, library directory {}",
            crate::HIP_VERSION,
            nvcc.display(),
            ctx.layout.root.display(),
            ctx.layout.lib.display()
        );
        for opt in &gpu.ignored {
            eprintln!("hipcc: note: `{opt}` ignored on the NVIDIA platform");
        }
    }
    let plan = Plan {
        options: o,
        gpu,
        layout: &ctx.layout,
        compiler: &ctx.compiler,
        nvcc,
        tmp: tmp.to_path_buf(),
        compile_append: ctx.compile_append.clone(),
        link_append: ctx.link_append.clone(),
        ar: ctx.ar.clone(),
    };
    let mut uses = Vec::with_capacity(o.inputs.len());
    for input in &o.inputs {
        let u = if input.kind == InputKind::Hip {
            let text = std::fs::read(&input.path).map_err(io_err(&input.path))?;
            crate::rewrite::rewrite(
                &String::from_utf8_lossy(&text),
                &input.path.to_string_lossy(),
            )
            .uses_hip
        } else {
            false
        };
        uses.push(u);
    }
    for mut c in plan.commands(&|i| uses.get(i).copied().unwrap_or(false))? {
        if verbose {
            eprintln!("{}", crate::driver::command_line(&c));
        }
        if dry_run {
            continue;
        }
        let status = c.status().map_err(|source| DriverError::Spawn {
            program: c.get_program().to_string_lossy().into_owned(),
            source,
        })?;
        let code = crate::driver::exit_code(status);
        if code != 0 {
            return Ok(code);
        }
    }
    Ok(0)
}

/// `OsStr` helper for tests and messages.
pub fn args_of(c: &Command) -> Vec<String> {
    std::iter::once(c.get_program())
        .chain(c.get_args())
        .map(|a: &OsStr| a.to_string_lossy().into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RootSource;

    fn layout() -> Layout {
        // The repository's headers (so that `-include hip/hip_runtime.h` is added).
        Layout {
            root: "/opt/f".into(),
            include: crate::config::build_time_repository().join("include"),
            lib: "/opt/f/lib".into(),
            source: RootSource::HipPath,
        }
    }

    fn compiler() -> Compiler {
        Compiler {
            program: "c++".into(),
            args: Vec::new(),
            source: "default",
        }
    }

    fn plan_of(args: &[&str]) -> Vec<Vec<String>> {
        let o = Options::parse(args.iter().copied()).expect("parse");
        let layout = layout();
        let compiler = compiler();
        let plan = Plan {
            gpu: GpuOptions::from_options(&o),
            options: &o,
            layout: &layout,
            compiler: &compiler,
            nvcc: "/cuda/bin/nvcc".into(),
            tmp: "/tmp/h".into(),
            compile_append: Vec::new(),
            link_append: Vec::new(),
            ar: "ar".into(),
        };
        plan.commands(&|_| true)
            .expect("plan")
            .iter()
            .map(args_of)
            .collect()
    }

    fn has(cmd: &[String], seq: &[&str]) -> bool {
        cmd.windows(seq.len())
            .any(|w| w.iter().zip(seq).all(|(a, b)| a == b))
    }

    #[test]
    fn compile_and_link_an_executable() {
        let p = plan_of(&["-O2", "-Wall", "-Iinc", "k.hip", "-o", "k", "-lm"]);
        assert_eq!(p.len(), 2, "{p:?}");
        let nvcc = &p[0];
        assert_eq!(nvcc[0], "/cuda/bin/nvcc");
        for seq in [
            &["-x", "cu", "-cudart", "none"][..],
            &["-arch=sm_90"],
            &["-std=c++17"],
            &["-O2"],
            &["-D__HIP_PLATFORM_NVIDIA__=1"],
            &["-D__HIP_PLATFORM_NVCC__=1"],
            &["-include", "hip/hip_runtime.h"],
            &["-Xcompiler=-Wall"],
            &["-Iinc"],
            &["-c", "k.hip", "-o", "/tmp/h/0-k.o"],
        ] {
            assert!(has(nvcc, seq), "{seq:?} missing in {nvcc:?}");
        }
        assert!(!nvcc
            .iter()
            .any(|a| a.contains("__HIP_PLATFORM_AMD__") || a.contains("__HIP_PLATFORM_CPU__")));
        assert!(!nvcc.iter().any(|a| a == "-O3"), "{nvcc:?}");
        let link = &p[1];
        assert_eq!(link[0], "c++");
        for seq in [
            &["/tmp/h/0-k.o", "-lm", "-o", "k"][..],
            &[
                "-L/opt/f/lib",
                "-lamdhip64",
                "-Wl,-rpath,/opt/f/lib",
                "-pthread",
            ],
        ] {
            assert!(has(link, seq), "{seq:?} missing in {link:?}");
        }
    }

    #[test]
    fn architectures() {
        let p = plan_of(&["--offload-arch=sm_80", "-c", "k.hip"]);
        assert!(has(&p[0], &["-arch=sm_80"]), "{:?}", p[0]);
        assert!(!p[0].iter().any(|a| a == "-arch=sm_90"));
        let p = plan_of(&[
            "--offload-arch=sm_80",
            "--offload-arch=sm_90",
            "-c",
            "k.hip",
        ]);
        for seq in [
            "-gencode=arch=compute_80,code=sm_80",
            "-gencode=arch=compute_90,code=sm_90",
            "-gencode=arch=compute_90,code=compute_90",
        ] {
            assert!(p[0].iter().any(|a| a == seq), "{seq} in {:?}", p[0]);
        }
        let p = plan_of(&["--offload-arch=gfx90a", "-c", "k.hip"]);
        assert!(has(&p[0], &["-arch=sm_90"]));
        let p = plan_of(&["-gencode", "arch=compute_86,code=sm_86", "-c", "k.hip"]);
        assert!(
            has(&p[0], &["-gencode", "arch=compute_86,code=sm_86"]),
            "{:?}",
            p[0]
        );
        assert!(!p[0].iter().any(|a| a.starts_with("-arch=")));
        let p = plan_of(&["-arch=sm_75", "-c", "k.hip"]);
        assert_eq!(p[0].iter().filter(|a| a.starts_with("-arch=")).count(), 1);
    }

    #[test]
    fn relocatable_device_code() {
        let p = plan_of(&["-fgpu-rdc", "a.hip", "b.o", "-o", "app"]);
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(has(&p[0], &["-rdc=true"]));
        assert!(has(&p[1], &["-dlink"]) && has(&p[1], &["-arch=sm_90"]));
        assert!(
            !p[1].iter().any(|a| a == "none"),
            "dlink without -cudart none"
        );
        assert!(
            has(
                &p[1],
                &["/tmp/h/0-a.o", "b.o", "-o", "/tmp/h/hipcc_dlink.o"]
            ),
            "{:?}",
            p[1]
        );
        assert!(
            has(
                &p[2],
                &["/tmp/h/0-a.o", "b.o", "/tmp/h/hipcc_dlink.o", "-o", "app"]
            ),
            "{:?}",
            p[2]
        );
        let p = plan_of(&["-fgpu-rdc", "-c", "a.hip"]);
        assert_eq!(p.len(), 1);
        assert!(has(&p[0], &["-rdc=true"]));
    }

    #[test]
    fn genco_shared_and_options() {
        let p = plan_of(&[
            "--genco",
            "--offload-arch=sm_90",
            "k.kernel.hip",
            "-o",
            "k.co",
        ]);
        assert_eq!(p.len(), 1);
        assert!(
            has(&p[0], &["--fatbin", "k.kernel.hip", "-o", "k.co"]),
            "{:?}",
            p[0]
        );
        let p = plan_of(&["--genco", "k.hip"]);
        assert!(has(&p[0], &["-o", "k.co"]));
        let p = plan_of(&["-shared", "-fPIC", "k.hip", "-o", "libk.so"]);
        assert!(has(&p[0], &["-Xcompiler=-fPIC"]));
        assert!(has(&p[1], &["-shared"]));
        let p = plan_of(&[
            "-std=gnu++20",
            "-fgpu-default-stream=per-thread",
            "-use_fast_math",
            "-march=native",
            "-isystem",
            "/s",
            "-iquote",
            "/q",
            "-c",
            "k.cu",
        ]);
        for seq in [
            &["-std=c++20"][..],
            &["--default-stream", "per-thread"],
            &["-use_fast_math"],
            &["-Xcompiler=-march=native"],
            &["-isystem", "/s"],
            &["-Xcompiler=-iquote,/q"],
        ] {
            assert!(has(&p[0], seq), "{seq:?} missing in {:?}", p[0]);
        }
        assert!(!has(&p[0], &["-std=c++17"]));
        let p = plan_of(&["-E", "k.hip"]);
        assert!(has(&p[0], &["-E", "k.hip"]) && !p[0].iter().any(|a| a == "-o"));
        let p = plan_of(&["-c", "x.c"]);
        assert_eq!(p[0][0], "c++");
        assert!(has(&p[0], &["-x", "c"]));
        let o = Options::parse(["--genco", "a.hip", "b.hip"]).expect("parse");
        let (layout, compiler) = (layout(), compiler());
        let plan = Plan {
            gpu: GpuOptions::from_options(&o),
            options: &o,
            layout: &layout,
            compiler: &compiler,
            nvcc: "nvcc".into(),
            tmp: "/t".into(),
            compile_append: Vec::new(),
            link_append: Vec::new(),
            ar: "ar".into(),
        };
        assert!(plan.commands(&|_| true).is_err());
    }

    #[test]
    fn nvcc_is_found_from_the_environment() {
        let dir = std::env::temp_dir().join(format!("hipcc-nvcc-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("bin")).expect("mkdir");
        std::fs::write(dir.join("bin/nvcc"), "").expect("write");
        let d = dir.clone();
        let env = move |k: &str| (k == "CUDA_PATH").then(|| d.clone().into_os_string());
        assert_eq!(find_nvcc(&env), Some(dir.join("bin/nvcc")));
        let d = dir.clone();
        let env = move |k: &str| (k == "PATH").then(|| d.join("bin").into_os_string());
        if !Path::new("/usr/local/cuda/bin/nvcc").is_file() {
            assert_eq!(find_nvcc(&env), Some(dir.join("bin/nvcc")));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
