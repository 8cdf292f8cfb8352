//! hiprtc compile options → `hipcc --genco` arguments.
//!
//! hiprtc accepts the options of AMD's hiprtc (clang's spelling) and NVRTC's long forms that
//! mean the same thing:
//!
//! | option | becomes |
//! |---|---|
//! | `-D<m>`, `-D <m>`, `--define-macro=<m>` | `-D<m>` |
//! | `-U<m>`, `-U <m>`, `--undefine-macro=<m>` | `-U<m>` |
//! | `-I<dir>`, `-I <dir>`, `--include-path=<dir>` | `-I<dir>` (a relative directory is made absolute from the current directory) |
//! | `-include <file>`, `--pre-include=<file>` | `-include <file>` |
//! | `-std=c++NN` / `gnu++NN`, `--std=...` | the same (default `-std=c++17`) |
//! | `-O0` .. `-O3`, `-Os` | the same (default `-O3`) |
//! | `-ffast-math`, `-fno-fast-math`, `-use_fast_math`, `--use_fast_math` | `-ffast-math` / `-fno-fast-math` |
//! | `-ffp-contract=fast\|on\|off` | the same |
//! | `-g`, `-g0`, `-G` | `-g` / `-g0` |
//! | `-w`, `-W<warning>` | the same |
//! | `--offload-arch=`, `--gpu-architecture=`, `-arch=` (or with a separate value), `--amdgpu-target=`, `-mcpu=`, `-fgpu-rdc`, `-fno-gpu-rdc`, other `-fgpu-*`, `-mcumode`, `-mwavefrontsize64`, `-munsafe-fp-atomics` (and their `-mno-` forms) | accepted and ignored: the CPU platform builds no GPU code |
//!
//! Anything else is [`OptionError`] (`HIPRTC_ERROR_INVALID_OPTION`).

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
}

/// The result of parsing hiprtc options.
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

/// GPU-only options taking a value, accepted and ignored (`--x=v` or `--x v`).
const IGNORED_WITH_VALUE: &[&str] = &[
    "--offload-arch",
    "-offload-arch",
    "--gpu-architecture",
    "-gpu-architecture",
    "-arch",
    "--amdgpu-target",
    "-mcpu",
    "--gpu-max-threads-per-block",
    "-mcode-object-version",
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
    "--relocatable-device-code=true",
    "--relocatable-device-code=false",
    "-rdc=true",
    "-rdc=false",
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

/// Parses hiprtc options. `cwd` makes relative include directories absolute (hipcc runs in
/// the program's private directory); `header_names` are the in-memory headers' include
/// names (an `-include` of one of them is left relative so that it finds the header).
pub fn parse(
    options: &[String],
    cwd: &Path,
    header_names: &[String],
) -> Result<ParsedOptions, OptionError> {
    let mut out = ParsedOptions::default();
    let mut args: Vec<String> = Vec::new();
    let mut std: Option<String> = None;
    let mut opt: Option<String> = None;
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
            args.push("-include".into());
            args.push(path);
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
            args.push(format!("-D{v}"));
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
            args.push(format!("-U{v}"));
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
            args.push(format!("-I{}", absolute(&v)));
        } else if let Some(v) = a.strip_prefix("-std=").or_else(|| a.strip_prefix("--std=")) {
            if !valid_std(v) {
                return Err(OptionError::BadValue {
                    option: a.to_owned(),
                    value: v.to_owned(),
                });
            }
            std = Some(v.to_owned());
        } else if matches!(a, "-O0" | "-O1" | "-O2" | "-O3" | "-Os") {
            opt = Some(a.to_owned());
        } else if matches!(a, "-ffast-math" | "-use_fast_math" | "--use_fast_math") {
            args.push("-ffast-math".into());
        } else if a == "-fno-fast-math" {
            args.push(a.to_owned());
        } else if let Some(v) = a.strip_prefix("-ffp-contract=") {
            if !matches!(v, "fast" | "on" | "off") {
                return Err(OptionError::BadValue {
                    option: a.to_owned(),
                    value: v.to_owned(),
                });
            }
            args.push(a.to_owned());
        } else if matches!(
            a,
            "-g" | "-G" | "--device-debug" | "-lineinfo" | "--generate-line-info"
        ) {
            args.push("-g".into());
        } else if a == "-g0"
            || a == "-w"
            || (a.len() > 2
                && a.starts_with("-W")
                && !a.starts_with("-Wl,")
                && !a.starts_with("-Wa,")
                && !a.starts_with("-Wp,"))
        {
            args.push(a.to_owned());
        } else if a == "-fgpu-rdc" || a == "--relocatable-device-code=true" || a == "-rdc=true" {
            out.rdc = true;
            out.ignored.push(a.to_owned());
        } else if IGNORED_EXACT.contains(&a)
            || a.starts_with("-fgpu-")
            || a.starts_with("-fno-gpu-")
        {
            out.ignored.push(a.to_owned());
        } else if let Some(name) = IGNORED_WITH_VALUE
            .iter()
            .find(|n| a == **n || a.strip_prefix(**n).is_some_and(|r| r.starts_with('=')))
        {
            if a == *name {
                let v = options
                    .get(i)
                    .ok_or_else(|| OptionError::MissingValue(a.to_owned()))?;
                i += 1;
                out.ignored.push(format!("{a} {v}"));
            } else {
                out.ignored.push(a.to_owned());
            }
        } else {
            return Err(OptionError::Unknown(a.to_owned()));
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
}
