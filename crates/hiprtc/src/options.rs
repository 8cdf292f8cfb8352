//! hiprtc compile options → `hipcc --genco` arguments (CPU platform) or NVRTC options
//! (NVIDIA platform).
//!
//! hiprtc accepts the options of AMD's hiprtc (clang's spelling) and NVRTC's long forms that
//! mean the same thing. Both platforms accept the same set (a program's options do not depend
//! on where it runs); what each option becomes differs. Anything not in the table is
//! [`OptionError`] (`HIPRTC_ERROR_INVALID_OPTION`) on both platforms.
//!
//! | option | CPU: `hipcc --genco` gets | NVIDIA: NVRTC gets |
//! |---|---|---|
//! | `-D<m>`, `-D <m>`, `--define-macro=<m>` | `-D<m>` | `--define-macro=<m>` |
//! | `-U<m>`, `-U <m>`, `--undefine-macro=<m>` | `-U<m>` | `--undefine-macro=<m>` |
//! | `-I<dir>`, `-I <dir>`, `--include-path=<dir>` | `-I<dir>` (a relative directory is made absolute from the current directory) | `--include-path=<dir>` (made absolute the same way) |
//! | `-include <file>`, `--pre-include=<file>` | `-include <file>` | an `#include "<file>"` line placed before the source (after `hip/hip_runtime.h`) |
//! | `-std=c++NN` / `gnu++NN`, `--std=...` | the same (default `-std=c++17`) | `--std=c++NN` (`gnu++NN` → `c++NN`; `c++0x/1y/1z/2a/2b` → `11/14/17/20/23`; default `--std=c++17`); NVRTC rejects a standard it does not know |
//! | `-O0` .. `-O3`, `-Os` | the same (default `-O3`) | accepted, no option: NVRTC always optimizes device code (`-G` gives unoptimized, debuggable code) |
//! | `-ffast-math`, `-fno-fast-math`, `-use_fast_math`, `--use_fast_math` | `-ffast-math` / `-fno-fast-math` | `--use_fast_math` (the last of these wins) |
//! | `-ffp-contract=fast\|on\|off` | the same | `--fmad=true` (`fast`, `on`) / `--fmad=false` (`off`) |
//! | `-g` | `-g` | `--generate-line-info` |
//! | `-G`, `--device-debug` | `-g` | `--device-debug` |
//! | `-lineinfo`, `--generate-line-info` | `-g` | `--generate-line-info` |
//! | `-g0` | `-g0` | cancels the debug options before it |
//! | `-w` | `-w` | `--disable-warnings` |
//! | `-W<warning>` | the same | accepted and ignored (NVRTC has no warning options) |
//! | `--offload-arch=`, `--gpu-architecture=`, `-arch=`, `--cuda-gpu-arch=` (or with a separate value; comma-separated lists allowed) | accepted and ignored: the CPU platform builds no GPU code | `sm_XX` (also `sm_XXa`, `sm_XXf`): `--gpu-architecture=sm_XX`; `native`: the current device's; AMD `gfx*` targets: ignored with a warning in the log (programs that pass `gcnArchName` or a fixed AMD target still compile); `compute_XX` (no cubin from a virtual architecture) or anything else: invalid; two different `sm_XX`: invalid (NVRTC makes one cubin for one architecture). Without one: the current device's compute capability ([`crate::nvidia`]) |
//! | `--amdgpu-target=`, `-mcpu=`, `--gpu-max-threads-per-block=`, `-mcode-object-version=`, `-mcumode`, `-mwavefrontsize64`, `-munsafe-fp-atomics` (and their `-mno-` forms), `-nogpulib`, `-nogpuinc`, other `-fgpu-*` / `-fno-gpu-*` | accepted and ignored | accepted and ignored (AMD-only), except `-fgpu-flush-denormals-to-zero` → `--ftz=true` and `-fno-gpu-flush-denormals-to-zero` → `--ftz=false` |
//! | `-fgpu-rdc`, `-fno-gpu-rdc`, `-rdc=true\|false`, `--relocatable-device-code=true\|false` | accepted and ignored (recorded in [`ParsedOptions::rdc`]) | accepted and ignored: NVRTC compiles the whole program into one cubin (there is no `hiprtcLink*` on either platform) |
//!
//! On NVIDIA hiprtc adds, before the user's options: the architecture, the standard,
//! `--define-macro=` `__HIP_PLATFORM_NVIDIA__=1`, `__HIP_PLATFORM_NVCC__=1`, `__HIPCC__=1`
//! and `__HIPCC_RTC__=1`, and `--include-path=` ferrocm's include directory (searched first:
//! the prelude cannot be replaced); after them, when found, `--include-path=` the CUDA
//! toolkit's include directory (see [`crate::nvidia::nvrtc_options`]).

use std::path::{Path, PathBuf};

/// An option hiprtc does not accept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Not a known option.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// A known option without its value.
    #[error("missing value for option '{0}'")]
    MissingValue(String),
    /// A known option with a value it does not accept.
    #[error("invalid value '{value}' for option '{option}'")]
    BadValue {
        /// The option.
        option: String,
        /// Its value.
        value: String,
    },
    /// Options that contradict each other (two GPU architectures for one cubin).
    #[error("conflicting options: {0}")]
    Conflict(String),
}

/// The result of parsing hiprtc options for the CPU platform.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParsedOptions {
    /// The arguments for `hipcc --genco` (without inputs, `-o` or `--genco`), normalised:
    /// defaults made explicit, relative include directories made absolute.
    pub hipcc_args: Vec<String>,
    /// Options accepted and ignored (GPU-only).
    pub ignored: Vec<String>,
    /// `-fgpu-rdc` was given (relocatable device code; informative on the CPU).
    pub rdc: bool,
}

/// The result of parsing hiprtc options for the NVIDIA platform.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NvidiaOptions {
    /// The NVRTC options the user's options become, normalised: `--std=` first (default
    /// `c++17`), then macros and include directories in the order given, then the
    /// code-generation options. Without the architecture ([`NvidiaOptions::arch`]).
    pub nvrtc_args: Vec<String>,
    /// The architecture asked for (`sm_XX`); `None`: the current device's.
    pub arch: Option<String>,
    /// Files to include before the source (`-include`), in order.
    pub pre_includes: Vec<String>,
    /// The include directories given (absolute), in order.
    pub include_dirs: Vec<PathBuf>,
    /// AMD GPU targets given as architectures (ignored; the log warns).
    pub amd_archs: Vec<String>,
    /// Options accepted that have no NVRTC counterpart.
    pub ignored: Vec<String>,
    /// Relocatable device code was asked for (ignored: whole-program compilation).
    pub rdc: bool,
}

/// GPU-only options taking a value (`--x=v` or `--x v`).
const WITH_VALUE: &[&str] = &[
    "--offload-arch",
    "-offload-arch",
    "--gpu-architecture",
    "-gpu-architecture",
    "-arch",
    "--cuda-gpu-arch",
    "--amdgpu-target",
    "-mcpu",
    "--gpu-max-threads-per-block",
    "-mcode-object-version",
];

/// The options of [`WITH_VALUE`] whose value is an architecture on NVIDIA.
const NVIDIA_ARCH_OPTIONS: &[&str] = &[
    "--offload-arch",
    "-offload-arch",
    "--gpu-architecture",
    "-gpu-architecture",
    "-arch",
    "--cuda-gpu-arch",
];

/// GPU-only options (exact), accepted and ignored.
const IGNORED_EXACT: &[&str] = &[
    "-mcumode",
    "-mno-cumode",
    "-mwavefrontsize64",
    "-mno-wavefrontsize64",
    "-munsafe-fp-atomics",
    "-mno-unsafe-fp-atomics",
    "-nogpulib",
    "-nogpuinc",
];

/// Whether `std` names a C++ standard (`c++17`, `gnu++20`, `c++2b`...).
fn valid_std(std: &str) -> bool {
    let rest = std
        .strip_prefix("c++")
        .or_else(|| std.strip_prefix("gnu++"));
    match rest {
        Some(v) => {
            v.len() == 2
                && v.chars().next().is_some_and(|c| c.is_ascii_digit())
                && v.chars().nth(1).is_some_and(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// NVRTC's spelling of an accepted standard (`c++NN`, `gnu++NN`): `c++NN` with the year's digits.
pub fn nvrtc_std(std: &str) -> String {
    let v = std
        .strip_prefix("c++")
        .or_else(|| std.strip_prefix("gnu++"))
        .unwrap_or(std);
    let year = match v {
        "98" | "03" => "03",
        "0x" | "11" => "11",
        "1y" | "14" => "14",
        "1z" | "17" => "17",
        "2a" | "20" => "20",
        "2b" | "23" => "23",
        "2c" | "26" => "26",
        other => other,
    };
    format!("c++{year}")
}

/// One option, recognised and with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    /// `-include <file>` (in-memory names and names that are not files left as given).
    PreInclude(String),
    Define(String),
    Undefine(String),
    /// An include directory (absolute).
    IncludeDir(String),
    Std(String),
    /// `-O0` .. `-O3`, `-Os`.
    Opt(String),
    /// `-ffast-math` (true) / `-fno-fast-math` (false).
    FastMath(bool),
    /// `-ffp-contract=<v>` (the whole option).
    FpContract(String),
    /// `-g`.
    Debug,
    /// `-G`, `--device-debug`.
    DeviceDebug,
    /// `-lineinfo`, `--generate-line-info`.
    LineInfo,
    /// `-g0`.
    NoDebug,
    /// `-w`.
    NoWarnings,
    /// `-W<warning>`.
    Warning(String),
    /// Relocatable device code on or off (the option as given).
    Rdc(bool, String),
    /// An option of [`WITH_VALUE`]: its name, its value, and how it was given.
    WithValue {
        name: &'static str,
        value: String,
        given: String,
    },
    /// Another GPU-only flag (as given).
    Gpu(String),
}

/// Recognises the options (shared by both platforms).
fn items(
    options: &[String],
    cwd: &Path,
    header_names: &[String],
) -> Result<Vec<Item>, OptionError> {
    let mut out = Vec::new();
    let mut i = 0;
    let absolute = |p: &str| -> String {
        let path = Path::new(p);
        if path.is_absolute() {
            p.to_owned()
        } else {
            cwd.join(path).to_string_lossy().into_owned()
        }
    };
    while i < options.len() {
        let a = options[i].as_str();
        i += 1;
        // The value of an option given as `<a>=v`, `<a>v` (when `attached`), or `<a> v`.
        let value =
            |name: &str, attached: bool, i: &mut usize| -> Result<Option<String>, OptionError> {
                if let Some(rest) = a.strip_prefix(name) {
                    if rest.is_empty() {
                        let v = options
                            .get(*i)
                            .cloned()
                            .ok_or_else(|| OptionError::MissingValue(a.to_owned()))?;
                        *i += 1;
                        return Ok(Some(v));
                    }
                    if let Some(v) = rest.strip_prefix('=') {
                        if name.starts_with("--") || !attached {
                            return Ok(Some(v.to_owned()));
                        }
                    }
                    if attached {
                        return Ok(Some(rest.to_owned()));
                    }
                }
                Ok(None)
            };
        // Each option below is tried in turn; the first match wins.
        if a == "-include" || a.starts_with("--pre-include") {
            let name = if a == "-include" {
                "-include"
            } else {
                "--pre-include"
            };
            let v =
                value(name, false, &mut i)?.ok_or_else(|| OptionError::Unknown(a.to_owned()))?;
            if v.is_empty() {
                return Err(OptionError::MissingValue(a.to_owned()));
            }
            let in_memory = header_names.contains(&v);
            let path = if in_memory || Path::new(&v).is_absolute() || !cwd.join(&v).exists() {
                v
            } else {
                absolute(&v)
            };
            out.push(Item::PreInclude(path));
        } else if a.starts_with("--define-macro") || (a.starts_with("-D") && !a.starts_with("--")) {
            let name = if a.starts_with("-D") {
                "-D"
            } else {
                "--define-macro"
            };
            let v = value(name, name == "-D", &mut i)?
                .ok_or_else(|| OptionError::Unknown(a.to_owned()))?;
            if v.is_empty() {
                return Err(OptionError::MissingValue(a.to_owned()));
            }
            out.push(Item::Define(v));
        } else if a.starts_with("--undefine-macro") || (a.starts_with("-U") && !a.starts_with("--"))
        {
            let name = if a.starts_with("-U") {
                "-U"
            } else {
                "--undefine-macro"
            };
            let v = value(name, name == "-U", &mut i)?
                .ok_or_else(|| OptionError::Unknown(a.to_owned()))?;
            if v.is_empty() {
                return Err(OptionError::MissingValue(a.to_owned()));
            }
            out.push(Item::Undefine(v));
        } else if a.starts_with("--include-path") || (a.starts_with("-I") && !a.starts_with("--")) {
            let name = if a.starts_with("-I") {
                "-I"
            } else {
                "--include-path"
            };
            let v = value(name, name == "-I", &mut i)?
                .ok_or_else(|| OptionError::Unknown(a.to_owned()))?;
            if v.is_empty() {
                return Err(OptionError::MissingValue(a.to_owned()));
            }
            out.push(Item::IncludeDir(absolute(&v)));
        } else if let Some(v) = a.strip_prefix("-std=").or_else(|| a.strip_prefix("--std=")) {
            if !valid_std(v) {
                return Err(OptionError::BadValue {
                    option: a.to_owned(),
                    value: v.to_owned(),
                });
            }
            out.push(Item::Std(v.to_owned()));
        } else if matches!(a, "-O0" | "-O1" | "-O2" | "-O3" | "-Os") {
            out.push(Item::Opt(a.to_owned()));
        } else if matches!(a, "-ffast-math" | "-use_fast_math" | "--use_fast_math") {
            out.push(Item::FastMath(true));
        } else if a == "-fno-fast-math" {
            out.push(Item::FastMath(false));
        } else if let Some(v) = a.strip_prefix("-ffp-contract=") {
            if !matches!(v, "fast" | "on" | "off") {
                return Err(OptionError::BadValue {
                    option: a.to_owned(),
                    value: v.to_owned(),
                });
            }
            out.push(Item::FpContract(a.to_owned()));
        } else if a == "-g" {
            out.push(Item::Debug);
        } else if matches!(a, "-G" | "--device-debug") {
            out.push(Item::DeviceDebug);
        } else if matches!(a, "-lineinfo" | "--generate-line-info") {
            out.push(Item::LineInfo);
        } else if a == "-g0" {
            out.push(Item::NoDebug);
        } else if a == "-w" {
            out.push(Item::NoWarnings);
        } else if a.len() > 2
            && a.starts_with("-W")
            && !a.starts_with("-Wl,")
            && !a.starts_with("-Wa,")
            && !a.starts_with("-Wp,")
        {
            out.push(Item::Warning(a.to_owned()));
        } else if matches!(
            a,
            "-fgpu-rdc" | "--relocatable-device-code=true" | "-rdc=true"
        ) {
            out.push(Item::Rdc(true, a.to_owned()));
        } else if matches!(
            a,
            "-fno-gpu-rdc" | "--relocatable-device-code=false" | "-rdc=false"
        ) {
            out.push(Item::Rdc(false, a.to_owned()));
        } else if IGNORED_EXACT.contains(&a)
            || a.starts_with("-fgpu-")
            || a.starts_with("-fno-gpu-")
        {
            out.push(Item::Gpu(a.to_owned()));
        } else if let Some(name) = WITH_VALUE
            .iter()
            .find(|n| a == **n || a.strip_prefix(**n).is_some_and(|r| r.starts_with('=')))
        {
            if a == *name {
                let v = options
                    .get(i)
                    .ok_or_else(|| OptionError::MissingValue(a.to_owned()))?;
                i += 1;
                out.push(Item::WithValue {
                    name,
                    value: v.clone(),
                    given: format!("{a} {v}"),
                });
            } else {
                out.push(Item::WithValue {
                    name,
                    value: a[name.len() + 1..].to_owned(),
                    given: a.to_owned(),
                });
            }
        } else {
            return Err(OptionError::Unknown(a.to_owned()));
        }
    }
    Ok(out)
}

/// Parses hiprtc options for the CPU platform. `cwd` makes relative include directories
/// absolute (hipcc runs in the program's private directory); `header_names` are the
/// in-memory headers' include names (an `-include` of one of them is left relative so that
/// it finds the header).
pub fn parse(
    options: &[String],
    cwd: &Path,
    header_names: &[String],
) -> Result<ParsedOptions, OptionError> {
    let mut out = ParsedOptions::default();
    let mut args: Vec<String> = Vec::new();
    let mut std: Option<String> = None;
    let mut opt: Option<String> = None;
    for item in items(options, cwd, header_names)? {
        match item {
            Item::PreInclude(p) => {
                args.push("-include".into());
                args.push(p);
            }
            Item::Define(m) => args.push(format!("-D{m}")),
            Item::Undefine(m) => args.push(format!("-U{m}")),
            Item::IncludeDir(d) => args.push(format!("-I{d}")),
            Item::Std(s) => std = Some(s),
            Item::Opt(o) => opt = Some(o),
            Item::FastMath(true) => args.push("-ffast-math".into()),
            Item::FastMath(false) => args.push("-fno-fast-math".into()),
            Item::FpContract(a) | Item::Warning(a) => args.push(a),
            Item::Debug | Item::DeviceDebug | Item::LineInfo => args.push("-g".into()),
            Item::NoDebug => args.push("-g0".into()),
            Item::NoWarnings => args.push("-w".into()),
            Item::Rdc(on, given) => {
                out.rdc = on;
                out.ignored.push(given);
            }
            Item::WithValue { given, .. } => out.ignored.push(given),
            Item::Gpu(a) => out.ignored.push(a),
        }
    }
    let mut hipcc_args = vec![
        format!("-std={}", std.as_deref().unwrap_or("c++17")),
        opt.unwrap_or_else(|| "-O3".into()),
    ];
    hipcc_args.extend(args);
    out.hipcc_args = hipcc_args;
    Ok(out)
}

/// Whether `v` names a real NVIDIA architecture NVRTC can make a cubin for: `sm_` followed
/// by two or three digits and an optional letter suffix (`sm_90a`, `sm_100f`).
pub fn is_sm_arch(v: &str) -> bool {
    let Some(rest) = v.strip_prefix("sm_") else {
        return false;
    };
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    let suffix = &rest[digits..];
    (2..=3).contains(&digits)
        && (suffix.is_empty()
            || (suffix.len() == 1 && suffix.chars().all(|c| c.is_ascii_lowercase())))
}

/// Parses hiprtc options for the NVIDIA platform (NVRTC); see the module's table. `cwd` and
/// `header_names` as for [`parse`].
pub fn parse_nvidia(
    options: &[String],
    cwd: &Path,
    header_names: &[String],
) -> Result<NvidiaOptions, OptionError> {
    let mut out = NvidiaOptions::default();
    let mut args: Vec<String> = Vec::new();
    let mut std: Option<String> = None;
    let mut fast_math = false;
    let mut fmad: Option<bool> = None;
    let mut ftz: Option<bool> = None;
    let mut device_debug = false;
    let mut line_info = false;
    let mut no_warnings = false;
    // The architecture asked for: (value, the option that gave it); `native` clears it.
    let mut arch: Option<(String, String)> = None;
    for item in items(options, cwd, header_names)? {
        match item {
            Item::PreInclude(p) => {
                if p.contains(['"', '\n', '\r']) {
                    return Err(OptionError::BadValue {
                        option: "-include".into(),
                        value: p,
                    });
                }
                out.pre_includes.push(p);
            }
            Item::Define(m) => args.push(format!("--define-macro={m}")),
            Item::Undefine(m) => args.push(format!("--undefine-macro={m}")),
            Item::IncludeDir(d) => {
                args.push(format!("--include-path={d}"));
                out.include_dirs.push(PathBuf::from(d));
            }
            Item::Std(s) => std = Some(s),
            Item::Opt(o) => out.ignored.push(o),
            Item::FastMath(on) => fast_math = on,
            Item::FpContract(a) => fmad = Some(!a.ends_with("=off")),
            Item::Debug | Item::LineInfo => line_info = true,
            Item::DeviceDebug => device_debug = true,
            Item::NoDebug => {
                line_info = false;
                device_debug = false;
            }
            Item::NoWarnings => no_warnings = true,
            Item::Warning(w) => out.ignored.push(w),
            Item::Rdc(on, given) => {
                out.rdc = on;
                out.ignored.push(given);
            }
            Item::Gpu(a) => match a.as_str() {
                "-fgpu-flush-denormals-to-zero" => ftz = Some(true),
                "-fno-gpu-flush-denormals-to-zero" => ftz = Some(false),
                _ => out.ignored.push(a),
            },
            Item::WithValue { name, value, given } => {
                if !NVIDIA_ARCH_OPTIONS.contains(&name) {
                    out.ignored.push(given);
                    continue;
                }
                let values: Vec<&str> = value
                    .split(',')
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .collect();
                if values.is_empty() {
                    return Err(OptionError::MissingValue(given));
                }
                for v in values {
                    if v == "native" {
                        arch = None;
                    } else if v.starts_with("gfx") {
                        out.amd_archs.push(v.to_owned());
                    } else if is_sm_arch(v) {
                        match &arch {
                            Some((prev, prev_given)) if prev != v => {
                                return Err(OptionError::Conflict(format!(
                                    "'{prev_given}' and '{given}' ask for two GPU \
                                     architectures; NVRTC compiles one cubin for one \
                                     architecture"
                                )));
                            }
                            _ => arch = Some((v.to_owned(), given.clone())),
                        }
                    } else {
                        return Err(OptionError::BadValue {
                            option: given,
                            value: v.to_owned(),
                        });
                    }
                }
            }
        }
    }
    let mut nvrtc_args = vec![format!(
        "--std={}",
        nvrtc_std(std.as_deref().unwrap_or("c++17"))
    )];
    nvrtc_args.extend(args);
    if fast_math {
        nvrtc_args.push("--use_fast_math".into());
    }
    if let Some(f) = fmad {
        nvrtc_args.push(format!("--fmad={f}"));
    }
    if let Some(f) = ftz {
        nvrtc_args.push(format!("--ftz={f}"));
    }
    if device_debug {
        nvrtc_args.push("--device-debug".into());
    }
    if line_info {
        nvrtc_args.push("--generate-line-info".into());
    }
    if no_warnings {
        nvrtc_args.push("--disable-warnings".into());
    }
    out.nvrtc_args = nvrtc_args;
    out.arch = arch.map(|(v, _)| v);
    Ok(out)
}

/// The current directory, for [`parse`] (`/` if it cannot be read).
pub fn current_dir() -> PathBuf {
    std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(opts: &[&str]) -> Result<ParsedOptions, OptionError> {
        let v: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        parse(&v, Path::new("/work/dir"), &["inmem.h".to_string()])
    }

    fn args(opts: &[&str]) -> Vec<String> {
        p(opts).expect("options parse").hipcc_args
    }

    #[test]
    fn defaults_are_explicit() {
        assert_eq!(args(&[]), ["-std=c++17", "-O3"]);
        assert_eq!(args(&["-O0", "-std=c++20"]), ["-std=c++20", "-O0"]);
        assert_eq!(args(&["-O1", "-O2"]), ["-std=c++17", "-O2"]);
        assert_eq!(args(&["--std=gnu++17", "-Os"]), ["-std=gnu++17", "-Os"]);
    }

    #[test]
    fn macros_and_includes() {
        assert_eq!(
            args(&[
                "-DA=1",
                "-D",
                "B",
                "--define-macro=C=3",
                "-UX",
                "-U",
                "Y",
                "--undefine-macro=Z"
            ])[2..],
            ["-DA=1", "-DB", "-DC=3", "-UX", "-UY", "-UZ"]
        );
        assert_eq!(
            args(&["-Iinc", "-I", "/abs", "--include-path=rel/x"])[2..],
            ["-I/work/dir/inc", "-I/abs", "-I/work/dir/rel/x"]
        );
        assert_eq!(
            args(&[
                "-include",
                "inmem.h",
                "--pre-include=/abs/h.h",
                "-include",
                "nothere.h"
            ])[2..],
            [
                "-include",
                "inmem.h",
                "-include",
                "/abs/h.h",
                "-include",
                "nothere.h"
            ]
        );
    }

    #[test]
    fn code_generation_flags() {
        assert_eq!(
            args(&[
                "-ffast-math",
                "--use_fast_math",
                "-fno-fast-math",
                "-ffp-contract=fast",
                "-g",
                "-G",
                "-g0",
                "-w",
                "-Wall",
                "-Wno-unused"
            ])[2..],
            [
                "-ffast-math",
                "-ffast-math",
                "-fno-fast-math",
                "-ffp-contract=fast",
                "-g",
                "-g",
                "-g0",
                "-w",
                "-Wall",
                "-Wno-unused"
            ]
        );
    }

    #[test]
    fn gpu_options_are_ignored() {
        let r = p(&[
            "--offload-arch=gfx90a",
            "--gpu-architecture=gfx942",
            "--gpu-architecture",
            "gfx1100",
            "-arch=gfx90a",
            "-arch",
            "gfx906",
            "-fgpu-rdc",
            "-mcumode",
            "-mno-wavefrontsize64",
            "-fgpu-flush-denormals-to-zero",
        ])
        .expect("parse");
        assert_eq!(r.hipcc_args, ["-std=c++17", "-O3"]);
        assert!(r.rdc);
        assert_eq!(r.ignored.len(), 9);
        assert_eq!(r.ignored[2], "--gpu-architecture gfx1100");
        assert!(!p(&[]).expect("parse").rdc);
    }

    #[test]
    fn bad_options() {
        assert_eq!(
            p(&["-frobnicate"]),
            Err(OptionError::Unknown("-frobnicate".into()))
        );
        assert_eq!(p(&["--bogus"]), Err(OptionError::Unknown("--bogus".into())));
        assert_eq!(p(&[""]), Err(OptionError::Unknown("".into())));
        assert_eq!(p(&["-Wl,-z"]), Err(OptionError::Unknown("-Wl,-z".into())));
        assert_eq!(p(&["-O4"]), Err(OptionError::Unknown("-O4".into())));
        assert_eq!(p(&["-D"]), Err(OptionError::MissingValue("-D".into())));
        assert_eq!(p(&["-I"]), Err(OptionError::MissingValue("-I".into())));
        assert_eq!(
            p(&["-include"]),
            Err(OptionError::MissingValue("-include".into()))
        );
        assert_eq!(
            p(&["-arch"]),
            Err(OptionError::MissingValue("-arch".into()))
        );
        assert!(matches!(
            p(&["-std=c++"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            p(&["-std=c99"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            p(&["-ffp-contract=maybe"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(valid_std("c++2b") && valid_std("gnu++20") && !valid_std("c++1"));
    }

    fn nv(opts: &[&str]) -> Result<NvidiaOptions, OptionError> {
        let v: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        parse_nvidia(&v, Path::new("/work/dir"), &["inmem.h".to_string()])
    }

    fn nv_args(opts: &[&str]) -> Vec<String> {
        nv(opts).expect("options parse").nvrtc_args
    }

    #[test]
    fn nvidia_defaults_and_standards() {
        let r = nv(&[]).expect("parse");
        assert_eq!(r.nvrtc_args, ["--std=c++17"]);
        assert_eq!(r.arch, None);
        assert!(r.pre_includes.is_empty() && r.ignored.is_empty() && !r.rdc);
        assert_eq!(nv_args(&["-std=c++20"]), ["--std=c++20"]);
        assert_eq!(nv_args(&["--std=gnu++14"]), ["--std=c++14"]);
        assert_eq!(nv_args(&["-std=c++1z"]), ["--std=c++17"]);
        assert_eq!(nv_args(&["-std=c++2a"]), ["--std=c++20"]);
        assert_eq!(nv_args(&["-std=c++0x", "-std=c++11"]), ["--std=c++11"]);
        assert_eq!(nv_args(&["-std=gnu++98"]), ["--std=c++03"]);
        assert!(matches!(
            nv(&["-std=c99"]),
            Err(OptionError::BadValue { .. })
        ));
        // -O levels have no NVRTC counterpart: accepted, recorded as ignored.
        let r = nv(&["-O0", "-O3", "-Os"]).expect("parse");
        assert_eq!(r.nvrtc_args, ["--std=c++17"]);
        assert_eq!(r.ignored, ["-O0", "-O3", "-Os"]);
    }

    #[test]
    fn nvidia_macros_and_includes() {
        let r = nv(&[
            "-DA=1",
            "-D",
            "B",
            "--define-macro=C=3",
            "-UX",
            "-Iinc",
            "-I",
            "/abs",
            "--include-path=rel/x",
            "-include",
            "inmem.h",
            "--pre-include=/abs/h.h",
        ])
        .expect("parse");
        assert_eq!(
            r.nvrtc_args,
            [
                "--std=c++17",
                "--define-macro=A=1",
                "--define-macro=B",
                "--define-macro=C=3",
                "--undefine-macro=X",
                "--include-path=/work/dir/inc",
                "--include-path=/abs",
                "--include-path=/work/dir/rel/x",
            ]
        );
        assert_eq!(
            r.include_dirs,
            [
                PathBuf::from("/work/dir/inc"),
                PathBuf::from("/abs"),
                PathBuf::from("/work/dir/rel/x")
            ]
        );
        assert_eq!(r.pre_includes, ["inmem.h", "/abs/h.h"]);
        assert!(matches!(
            nv(&["-include", "a\"b.h"]),
            Err(OptionError::BadValue { .. })
        ));
    }

    #[test]
    fn nvidia_code_generation_flags() {
        assert_eq!(
            nv_args(&[
                "-ffast-math",
                "-ffp-contract=off",
                "-fgpu-flush-denormals-to-zero",
                "-G",
                "-g",
                "-w",
                "-Wall"
            ])[1..],
            [
                "--use_fast_math",
                "--fmad=false",
                "--ftz=true",
                "--device-debug",
                "--generate-line-info",
                "--disable-warnings"
            ]
        );
        // The last of a pair wins; -g0 cancels the debug options before it.
        assert_eq!(
            nv_args(&[
                "--use_fast_math",
                "-fno-fast-math",
                "-ffp-contract=off",
                "-ffp-contract=fast",
                "-fgpu-flush-denormals-to-zero",
                "-fno-gpu-flush-denormals-to-zero",
                "-G",
                "-lineinfo",
                "-g0"
            ])[1..],
            ["--fmad=true", "--ftz=false"]
        );
        assert_eq!(nv_args(&["-ffp-contract=on"])[1..], ["--fmad=true"]);
        let r = nv(&["-Wall", "-fgpu-rdc", "-mcumode", "-mcpu=gfx90a"]).expect("parse");
        assert_eq!(
            r.ignored,
            ["-Wall", "-fgpu-rdc", "-mcumode", "-mcpu=gfx90a"]
        );
        assert!(r.rdc);
        assert!(!nv(&["-fgpu-rdc", "-fno-gpu-rdc"]).expect("parse").rdc);
    }

    #[test]
    fn nvidia_architectures() {
        let arch = |opts: &[&str]| nv(opts).expect("parse").arch;
        assert_eq!(arch(&["--offload-arch=sm_80"]), Some("sm_80".into()));
        assert_eq!(
            arch(&["--gpu-architecture", "sm_90a"]),
            Some("sm_90a".into())
        );
        assert_eq!(arch(&["-arch=sm_100"]), Some("sm_100".into()));
        assert_eq!(arch(&["-arch", "sm_120f"]), Some("sm_120f".into()));
        assert_eq!(arch(&["--cuda-gpu-arch=sm_75"]), Some("sm_75".into()));
        assert_eq!(arch(&["--offload-arch=native"]), None);
        assert_eq!(arch(&["-arch=sm_80", "-arch=native"]), None);
        // The same architecture twice is fine; the architecture is not an NVRTC argument
        // of the user part (hiprtc adds it first).
        let r = nv(&["-arch=sm_90", "--offload-arch=sm_90"]).expect("parse");
        assert_eq!(r.arch.as_deref(), Some("sm_90"));
        assert_eq!(r.nvrtc_args, ["--std=c++17"]);
        // AMD targets are ignored (and reported), also inside a list.
        let r = nv(&["--offload-arch=gfx90a,sm_86", "-arch", "gfx942"]).expect("parse");
        assert_eq!(r.arch.as_deref(), Some("sm_86"));
        assert_eq!(r.amd_archs, ["gfx90a", "gfx942"]);
        // Virtual architectures, other values and two architectures are errors.
        assert_eq!(
            nv(&["-arch=compute_90"]),
            Err(OptionError::BadValue {
                option: "-arch=compute_90".into(),
                value: "compute_90".into()
            })
        );
        assert!(matches!(
            nv(&["--gpu-architecture=x86_64"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            nv(&["-arch=sm_80", "-arch=sm_90"]),
            Err(OptionError::Conflict(_))
        ));
        assert!(matches!(
            nv(&["--offload-arch=sm_80,sm_90"]),
            Err(OptionError::Conflict(_))
        ));
        assert_eq!(
            nv(&["--offload-arch="]),
            Err(OptionError::MissingValue("--offload-arch=".into()))
        );
        assert_eq!(
            nv(&["-arch"]),
            Err(OptionError::MissingValue("-arch".into()))
        );
        assert!(is_sm_arch("sm_90") && is_sm_arch("sm_90a") && is_sm_arch("sm_100f"));
        assert!(!is_sm_arch("sm_9") && !is_sm_arch("sm_1000") && !is_sm_arch("sm_90ab"));
        assert!(!is_sm_arch("compute_90") && !is_sm_arch("sm_") && !is_sm_arch("sm_9x"));
    }

    #[test]
    fn both_platforms_accept_the_same_options() {
        let accepted: &[&[&str]] = &[
            &["-DA"],
            &["-I", "x"],
            &["-include", "inmem.h"],
            &["-std=c++20"],
            &["-O2"],
            &["-use_fast_math"],
            &["-ffp-contract=on"],
            &[
                "-g",
                "-G",
                "-lineinfo",
                "--generate-line-info",
                "--device-debug",
                "-g0",
            ],
            &["-w", "-Wextra"],
            &["-fgpu-rdc", "-rdc=false"],
            &["--offload-arch=gfx90a"],
            &[
                "-mcpu=gfx90a",
                "--amdgpu-target=gfx906",
                "-mwavefrontsize64",
            ],
            &["--gpu-max-threads-per-block=256", "-mcode-object-version=5"],
        ];
        for opts in accepted {
            assert!(p(opts).is_ok(), "CPU rejects {opts:?}");
            assert!(nv(opts).is_ok(), "NVIDIA rejects {opts:?}");
        }
        for bad in ["-frobnicate", "--bogus", "-O4", "-Wl,-z", ""] {
            assert_eq!(nv(&[bad]), Err(OptionError::Unknown(bad.into())));
        }
        assert_eq!(nv(&["-D"]), Err(OptionError::MissingValue("-D".into())));
    }
}
