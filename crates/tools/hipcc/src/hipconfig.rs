//! `hipconfig`: where ferrocm's HIP is and how hipcc compiles (ROCm's options, CPU answers).

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use crate::config::{resolve_platform, Compiler, Layout, Platform};
use crate::driver::cpp_config;
use crate::HIP_VERSION;

/// `hipconfig --help`.
pub const HELP: &str = "\
usage: hipconfig [options]

  -p, --path          the ferrocm root (HIP_PATH)
  -R, --rocmpath      the ROCm root (the same directory on ferrocm)
  -C, --cpp_config    the preprocessor flags hipcc adds to HIP compilations
      --cxx_config    the same (ROCm's other name for it)
      --cmake         the directory of the HIP CMake package (hip-config.cmake): pass it as
                      -Dhip_DIR=..., or its prefix (--path) in CMAKE_PREFIX_PATH
  -c, --compiler      the host C++ compiler hipcc runs
  -P, --platform      the HIP platform (cpu, or nvidia with HIP_PLATFORM=nvidia)
  -r, --runtime       the HIP runtime (ferrocm)
  -l, --hipclangpath  the directory of the host compiler
  -v, --version       the HIP version
  -f, --full          a summary of everything (also with no option)
      --check         check the installation (headers, library, compiler); non-zero exit on problems
  -n, --newline       end single-value answers with a newline
  -h, --help          this text

Single-value answers are printed without a trailing newline (as ROCm's hipconfig does) unless -n
is given.
";

/// What `hipconfig` needs from the environment.
pub struct Environment<'a> {
    /// The ferrocm root.
    pub layout: Layout,
    /// The host compiler.
    pub compiler: Compiler,
    /// Environment lookup.
    pub env: &'a dyn Fn(&str) -> Option<OsString>,
}

/// `--cpp_config` for the platform in effect.
fn cpp_config_of(e: &Environment<'_>) -> String {
    match resolve_platform(None, e.env) {
        Ok(Platform::Nvidia) => crate::nvidia::cpp_flags(&e.layout)
            .iter()
            .map(|f| crate::driver::shell_quote(f))
            .collect::<Vec<_>>()
            .join(" "),
        _ => cpp_config(&e.layout),
    }
}

/// Where `hip-config.cmake` is: `<root>/lib/cmake/hip` (scripts/dist.sh writes it there).
fn cmake_dir(e: &Environment<'_>) -> PathBuf {
    e.layout.root.join("lib/cmake/hip")
}

fn hipclang_path(e: &Environment<'_>) -> String {
    if let Some(d) = (e.env)("HIP_CLANG_PATH").filter(|v| !v.is_empty()) {
        return d.to_string_lossy().into_owned();
    }
    e.compiler
        .resolved_program(e.env)
        .and_then(|p| p.parent().map(PathBuf::from))
        .map(|p| p.display().to_string())
        .unwrap_or_default()
}

/// Runs hipconfig with `args` (without the program name); returns (stdout text, exit status).
pub fn run(args: &[String], e: &Environment<'_>) -> (String, i32) {
    let mut out = String::new();
    let mut newline = false;
    let mut queries: Vec<&str> = Vec::new();
    for a in args {
        match a.as_str() {
            "-n" | "--newline" => newline = true,
            "-p" | "--path" | "-R" | "--rocmpath" | "-C" | "--cpp_config" | "--cxx_config"
            | "--cmake" | "-c" | "--compiler" | "-P" | "--platform" | "-r" | "--runtime" | "-l"
            | "--hipclangpath" | "-v" | "--version" | "-f" | "--full" | "--check" | "-h"
            | "--help" => queries.push(a),
            other => {
                return (format!("hipconfig: unknown option `{other}`\n{HELP}"), 1);
            }
        }
    }
    if queries.is_empty() {
        queries.push("--full");
    }
    let platform = resolve_platform(None, e.env);
    let single = |out: &mut String, v: &str| {
        out.push_str(v);
        if newline {
            out.push('\n');
        }
    };
    let mut status = 0;
    for q in queries {
        match q {
            "-h" | "--help" => out.push_str(HELP),
            "-p" | "--path" | "-R" | "--rocmpath" => {
                single(&mut out, &e.layout.root.display().to_string())
            }
            "-C" | "--cpp_config" | "--cxx_config" => single(&mut out, &cpp_config_of(e)),
            "--cmake" => single(&mut out, &cmake_dir(e).display().to_string()),
            "-c" | "--compiler" => single(&mut out, &e.compiler.display()),
            "-P" | "--platform" => match &platform {
                Ok(p) => single(&mut out, p.name()),
                Err(err) => {
                    let _ = writeln!(out, "hipconfig: {err}");
                    status = 1;
                }
            },
            "-r" | "--runtime" => single(&mut out, "ferrocm"),
            "-l" | "--hipclangpath" => single(&mut out, &hipclang_path(e)),
            "-v" | "--version" => single(&mut out, HIP_VERSION),
            "--check" => status = status.max(check(e, &mut out)),
            _ => full(e, &mut out),
        }
    }
    (out, status)
}

fn full(e: &Environment<'_>, out: &mut String) {
    let platform = resolve_platform(None, e.env)
        .map(|p| p.name().to_owned())
        .unwrap_or_else(|err| err.to_string());
    let _ = writeln!(out, "HIP version   : {HIP_VERSION}");
    let _ = writeln!(out);
    let _ = writeln!(out, "== hipconfig");
    let _ = writeln!(out, "HIP_PATH      : {}", e.layout.root.display());
    let _ = writeln!(out, "ROCM_PATH     : {}", e.layout.root.display());
    let _ = writeln!(out, "HIP_PLATFORM  : {platform}");
    let _ = writeln!(out, "HIP_RUNTIME   : ferrocm");
    let _ = writeln!(out, "CPP_CONFIG    : {}", cpp_config_of(e));
    let _ = writeln!(out, "CMAKE         : {}", cmake_dir(e).display());
    let _ = writeln!(out);
    let _ = writeln!(out, "== ferrocm");
    let _ = writeln!(out, "root found    : {}", e.layout.source.describe());
    let _ = writeln!(out, "include       : {}", e.layout.include.display());
    let _ = writeln!(out, "library       : {}", e.layout.lib.display());
    let _ = writeln!(
        out,
        "host compiler : {} (from {})",
        e.compiler.display(),
        e.compiler.source
    );
    let _ = writeln!(out, "compiler dir  : {}", hipclang_path(e));
}

/// `--check`: returns 0 when everything needed to build HIP programs is there.
fn check(e: &Environment<'_>, out: &mut String) -> i32 {
    let mut bad = 0;
    let mut line = |ok: bool, what: String| {
        let _ = writeln!(out, "{} {what}", if ok { "ok:     " } else { "problem:" });
        if !ok {
            bad = 1;
        }
    };
    match resolve_platform(None, e.env) {
        Ok(p) => line(true, format!("platform {p}")),
        Err(err) => line(false, err.to_string()),
    }
    line(
        e.layout.has_hip_headers(),
        format!("HIP headers in {}", e.layout.include.display()),
    );
    if matches!(resolve_platform(None, e.env), Ok(Platform::Nvidia)) {
        match crate::nvidia::find_nvcc(e.env) {
            Some(p) => line(true, format!("nvcc at {}", p.display())),
            None => line(
                false,
                "nvcc not found (set CUDA_PATH or put nvcc in PATH)".to_owned(),
            ),
        }
    }
    line(
        e.layout.include.join("ferrocm/cpu_kernel.h").is_file(),
        format!("ferrocm/cpu_kernel.h in {}", e.layout.include.display()),
    );
    line(
        e.layout.has_runtime_library(),
        format!("libamdhip64.so in {}", e.layout.lib.display()),
    );
    let version = Command::new(&e.compiler.program)
        .args(&e.compiler.args)
        .arg("--version")
        .output();
    match version {
        Ok(v) if v.status.success() => {
            let first = String::from_utf8_lossy(&v.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_owned();
            line(
                true,
                format!("host compiler `{}`: {first}", e.compiler.display()),
            );
        }
        Ok(_) | Err(_) => line(
            false,
            format!("host compiler `{}` does not run", e.compiler.display()),
        ),
    }
    bad
}
