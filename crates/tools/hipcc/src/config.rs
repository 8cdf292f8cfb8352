//! Where things are: the platform, the ferrocm root (headers and `libamdhip64.so`) and the host
//! compiler. Shared by `hipcc` and `hipconfig`; every lookup takes the environment as a
//! function so that tests can supply their own.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The HIP platform a compilation targets (the one definition of `ferrocm-platform`, which
/// reads `HIP_PLATFORM` as the runtime and hiprtc do).
pub use ::platform::{Platform, UnknownPlatform as PlatformError};

/// The platform from `--platform` (`flag`), else `$HIP_PLATFORM`, else the CPU platform.
pub fn resolve_platform(
    flag: Option<&str>,
    env: &dyn Fn(&str) -> Option<OsString>,
) -> Result<Platform, PlatformError> {
    if let Some(f) = flag {
        return f.parse();
    }
    match env("HIP_PLATFORM") {
        Some(v) if !v.is_empty() => v.to_string_lossy().parse(),
        _ => Ok(Platform::Cpu),
    }
}

/// How the ferrocm root was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootSource {
    /// `$HIP_PATH`.
    HipPath,
    /// `$FERROCM_ROOT`.
    FerrocmRoot,
    /// The installed layout: `<root>/bin/hipcc` next to `<root>/include` and `<root>/lib`.
    Installed,
    /// A development build: headers found above the executable, library next to it.
    Development,
    /// A development build with a target directory outside the repository: the repository
    /// root recorded at build time, library next to the executable.
    BuildTimeRepository,
}

impl RootSource {
    /// A short description for `-v` and `hipconfig --full`.
    pub fn describe(self) -> &'static str {
        match self {
            RootSource::HipPath => "from HIP_PATH",
            RootSource::FerrocmRoot => "from FERROCM_ROOT",
            RootSource::Installed => "installed layout next to the executable",
            RootSource::Development => "development build (headers above the executable)",
            RootSource::BuildTimeRepository => {
                "development build (repository recorded at build time)"
            }
        }
    }
}

/// The ferrocm installation hipcc uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The root (`--path`).
    pub root: PathBuf,
    /// The include directory (holds `hip/` and `ferrocm/`).
    pub include: PathBuf,
    /// The directory holding `libamdhip64.so`.
    pub lib: PathBuf,
    /// How it was found.
    pub source: RootSource,
}

/// The repository root recorded at build time (`crates/tools/hipcc/../../..`).
pub fn build_time_repository() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    p.canonicalize().unwrap_or(p)
}

fn has_headers(root: &Path) -> bool {
    root.join("include/hip/hip_runtime.h").is_file()
}

impl Layout {
    /// Locates the ferrocm root for the executable at `exe`:
    /// 1. `$HIP_PATH`, then `$FERROCM_ROOT` (include and lib below it);
    /// 2. the installed layout: the directory above the executable's if it has
    ///    `include/hip/hip_runtime.h` and `lib/`;
    /// 3. a development build: the first directory above the executable with
    ///    `include/hip/hip_runtime.h`, library = the executable's directory
    ///    (`target/<profile>/`, where cargo puts `libamdhip64.so`);
    /// 4. the repository recorded at build time, library = the executable's directory.
    pub fn locate(exe: Option<&Path>, env: &dyn Fn(&str) -> Option<OsString>) -> Layout {
        for (var, source) in [
            ("HIP_PATH", RootSource::HipPath),
            ("FERROCM_ROOT", RootSource::FerrocmRoot),
        ] {
            if let Some(v) = env(var).filter(|v| !v.is_empty()) {
                let root = PathBuf::from(v);
                return Layout {
                    include: root.join("include"),
                    lib: root.join("lib"),
                    root,
                    source,
                };
            }
        }
        let exe_dir = exe
            .and_then(|e| e.canonicalize().ok().or_else(|| Some(e.to_path_buf())))
            .and_then(|e| e.parent().map(Path::to_path_buf));
        if let Some(dir) = &exe_dir {
            if let Some(root) = dir.parent() {
                if has_headers(root) && root.join("lib").is_dir() {
                    return Layout {
                        root: root.to_path_buf(),
                        include: root.join("include"),
                        lib: root.join("lib"),
                        source: RootSource::Installed,
                    };
                }
            }
            if let Some(root) = dir.ancestors().skip(1).find(|a| has_headers(a)) {
                return Layout {
                    root: root.to_path_buf(),
                    include: root.join("include"),
                    lib: dir.clone(),
                    source: RootSource::Development,
                };
            }
        }
        let root = build_time_repository();
        Layout {
            include: root.join("include"),
            lib: exe_dir.unwrap_or_else(|| root.join("target/debug")),
            root,
            source: RootSource::BuildTimeRepository,
        }
    }

    /// Locates the root for the running executable and the process environment.
    pub fn current() -> Layout {
        let exe = std::env::current_exe().ok();
        Layout::locate(exe.as_deref(), &|k| std::env::var_os(k))
    }

    /// Whether `hip/hip_runtime.h` exists under the include directory.
    pub fn has_hip_headers(&self) -> bool {
        self.include.join("hip/hip_runtime.h").is_file()
    }

    /// Whether `libamdhip64.so` exists in the library directory.
    pub fn has_runtime_library(&self) -> bool {
        self.lib.join("libamdhip64.so").exists()
    }
}

/// A compiler command: the program and the arguments that come with it (`ccache g++` is
/// program `ccache`, argument `g++`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiler {
    /// The program to run.
    pub program: OsString,
    /// Arguments that always come first.
    pub args: Vec<OsString>,
    /// Where the choice came from (`HIP_CLANG_PATH`, `HIPCC_CXX`, `CXX` or the default).
    pub source: &'static str,
}

impl Compiler {
    /// The host C++ compiler: `$HIP_CLANG_PATH/clang++` (ROCm's variable names the directory
    /// holding clang), else `$HIPCC_CXX`, else `$CXX`, else `c++`. A `$HIPCC_CXX`/`$CXX`
    /// naming hipcc itself is skipped: build systems set `CXX=hipcc` (CMake does so while it
    /// identifies `-DCMAKE_CXX_COMPILER=hipcc`), and hipcc running itself would recurse
    /// without end.
    pub fn host(env: &dyn Fn(&str) -> Option<OsString>) -> Compiler {
        if let Some(dir) = env("HIP_CLANG_PATH").filter(|v| !v.is_empty()) {
            return Compiler {
                program: PathBuf::from(dir).join("clang++").into_os_string(),
                args: Vec::new(),
                source: "HIP_CLANG_PATH",
            };
        }
        for var in ["HIPCC_CXX", "CXX"] {
            if let Some(v) = env(var) {
                let v = v.to_string_lossy().into_owned();
                let mut words = v.split_whitespace().map(OsString::from);
                if let Some(program) = words.next().filter(|p| !names_hipcc(p, env)) {
                    return Compiler {
                        program,
                        args: words.collect(),
                        source: if var == "CXX" { "CXX" } else { "HIPCC_CXX" },
                    };
                }
            }
        }
        Compiler {
            program: "c++".into(),
            args: Vec::new(),
            source: "default",
        }
    }

    /// The command as one string (for messages).
    pub fn display(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program's full path: as given if it has a `/`, else the first match in `$PATH`.
    pub fn resolved_program(&self, env: &dyn Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
        let p = Path::new(&self.program);
        if p.components().count() > 1 {
            return p.is_file().then(|| p.to_path_buf());
        }
        let path = env("PATH")?;
        std::env::split_paths(&path)
            .map(|d| d.join(p))
            .find(|c| c.is_file())
    }
}

/// Whether a compiler program is hipcc: by name, or because it is the running executable
/// (by path, or found in `$PATH`: `amdclang++` is hipcc under another name).
fn names_hipcc(program: &OsString, env: &dyn Fn(&str) -> Option<OsString>) -> bool {
    let path = Path::new(program);
    if path.file_name().is_some_and(|f| f == "hipcc") {
        return true;
    }
    let resolved = if path.components().count() > 1 {
        Some(path.to_path_buf())
    } else {
        env("PATH").and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(path))
                .find(|c| c.is_file())
        })
    };
    match (resolved.map(|r| r.canonicalize()), std::env::current_exe()) {
        (Some(Ok(a)), Ok(b)) => b.canonicalize().is_ok_and(|b| a == b),
        _ => false,
    }
}

/// The preprocessor flags hipcc adds to every HIP compilation (`hipconfig --cpp_config`).
///
/// `__HIPCC__` and `__HIP__` are what ROCm's clang defines for HIP sources, and
/// `__HIP_PLATFORM_AMD__`/`__HIP_PLATFORM_HCC__` what ROCm's hipcc puts on every command line
/// (the CPU platform takes the AMD branch of portable code, for code that tests them before
/// including a HIP header); the headers define all of them too (with `__HIP_PLATFORM_CPU__`
/// and `__HIP_CPU_RT__`), so that a program compiled without hipcc gets them as well.
pub fn hip_cpp_flags(layout: &Layout) -> Vec<OsString> {
    let mut include = OsString::from("-I");
    include.push(&layout.include);
    let mut flags: Vec<OsString> = HIP_SOURCE_DEFINES.iter().map(OsString::from).collect();
    flags.push(include);
    flags
}

/// The macros hipcc defines for HIP sources on the CPU platform.
pub const HIP_SOURCE_DEFINES: &[&str] = &[
    "-D__HIPCC__=1",
    "-D__HIP__=1",
    "-D__HIP_PLATFORM_AMD__=1",
    "-D__HIP_PLATFORM_HCC__=1",
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let map: HashMap<String, OsString> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), OsString::from(v)))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn platform_resolution() {
        let none = env_of(&[]);
        assert_eq!(resolve_platform(None, &none), Ok(Platform::Cpu));
        assert_eq!(
            resolve_platform(Some("nvidia"), &none),
            Ok(Platform::Nvidia)
        );
        let nv = env_of(&[("HIP_PLATFORM", "nvidia")]);
        assert_eq!(resolve_platform(None, &nv), Ok(Platform::Nvidia));
        assert_eq!(resolve_platform(Some("cpu"), &nv), Ok(Platform::Cpu));
        assert_eq!(
            resolve_platform(None, &env_of(&[("HIP_PLATFORM", "amd")])),
            Ok(Platform::Cpu)
        );
        assert!(resolve_platform(Some("tpu"), &none).is_err());
        assert_eq!(
            resolve_platform(None, &env_of(&[("HIP_PLATFORM", "cuda")])),
            Ok(Platform::Nvidia)
        );
    }

    #[test]
    fn compiler_choice() {
        assert_eq!(Compiler::host(&env_of(&[])).program, "c++");
        let c = Compiler::host(&env_of(&[("CXX", "ccache g++-12")]));
        assert_eq!(
            (c.program.as_os_str(), c.args.len()),
            ("ccache".as_ref(), 1)
        );
        // CXX=hipcc (CMake sets it while identifying the compiler) is not a host compiler.
        let c = Compiler::host(&env_of(&[("CXX", "/opt/rocm/bin/hipcc")]));
        assert_eq!((c.program.to_str(), c.source), (Some("c++"), "default"));
        let c = Compiler::host(&env_of(&[("CXX", "hipcc"), ("HIPCC_CXX", "hipcc")]));
        assert_eq!(c.program, "c++");
        let c = Compiler::host(&env_of(&[("CXX", "g++"), ("HIPCC_CXX", "clang++")]));
        assert_eq!(c.program, "clang++");
        let c = Compiler::host(&env_of(&[
            ("HIP_CLANG_PATH", "/opt/llvm/bin"),
            ("CXX", "g++"),
        ]));
        assert_eq!(c.program, "/opt/llvm/bin/clang++");
    }

    #[test]
    fn root_from_environment() {
        let l = Layout::locate(None, &env_of(&[("HIP_PATH", "/opt/ferrocm")]));
        assert_eq!(l.root, Path::new("/opt/ferrocm"));
        assert_eq!(l.include, Path::new("/opt/ferrocm/include"));
        assert_eq!(l.lib, Path::new("/opt/ferrocm/lib"));
        assert_eq!(l.source, RootSource::HipPath);
        let l = Layout::locate(None, &env_of(&[("FERROCM_ROOT", "/x")]));
        assert_eq!(l.source, RootSource::FerrocmRoot);
    }

    #[test]
    fn root_from_layouts() {
        let tmp = std::env::temp_dir().join(format!("hipcc-layout-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        // Installed: <root>/bin/hipcc, <root>/include/hip/hip_runtime.h, <root>/lib.
        let dist = tmp.join("dist");
        std::fs::create_dir_all(dist.join("bin")).expect("mkdir");
        std::fs::create_dir_all(dist.join("include/hip")).expect("mkdir");
        std::fs::create_dir_all(dist.join("lib")).expect("mkdir");
        std::fs::write(dist.join("include/hip/hip_runtime.h"), "").expect("write");
        std::fs::write(dist.join("bin/hipcc"), "").expect("write");
        let l = Layout::locate(Some(&dist.join("bin/hipcc")), &env_of(&[]));
        assert_eq!(l.source, RootSource::Installed);
        assert_eq!(l.lib, dist.canonicalize().expect("canon").join("lib"));
        // Development: <repo>/include/hip/hip_runtime.h, <repo>/target/debug/hipcc.
        let repo = tmp.join("repo");
        std::fs::create_dir_all(repo.join("target/debug")).expect("mkdir");
        std::fs::create_dir_all(repo.join("include/hip")).expect("mkdir");
        std::fs::write(repo.join("include/hip/hip_runtime.h"), "").expect("write");
        std::fs::write(repo.join("target/debug/hipcc"), "").expect("write");
        let l = Layout::locate(Some(&repo.join("target/debug/hipcc")), &env_of(&[]));
        assert_eq!(l.source, RootSource::Development);
        let repo = repo.canonicalize().expect("canon");
        assert_eq!(l.root, repo);
        assert_eq!(l.lib, repo.join("target/debug"));
        // Elsewhere: the build-time repository, library next to the executable.
        let other = tmp.join("elsewhere/debug");
        std::fs::create_dir_all(&other).expect("mkdir");
        std::fs::write(other.join("hipcc"), "").expect("write");
        let l = Layout::locate(Some(&other.join("hipcc")), &env_of(&[]));
        assert_eq!(l.root, build_time_repository());
        assert_eq!(l.lib, other.canonicalize().expect("canon"));
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
