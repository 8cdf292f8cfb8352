//! CMake and pkg-config against a ferrocm install prefix, as users build: the sample projects
//! in tests/cmake/ configure, build and run (the rocm-examples pattern with hip::device, a
//! program linking hipBLAS, CMake's own HIP language), pkg-config's flags build a program, and
//! hipconfig's answers agree with the CMake package's variables.
//!
//! The prefix is built by `scripts/dist.sh --debug` into the test's temporary directory (or
//! taken from `FERROCM_TEST_DIST`). Without cmake (or pkg-config, or clang++ for the HIP
//! language) the test says SKIPPED.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn show(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn run(cmd: &mut Command) -> String {
    let o = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(o.status.success(), "{cmd:?}\n{}", show(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The install prefix, built once per test binary.
fn dist() -> &'static Path {
    static DIST: OnceLock<PathBuf> = OnceLock::new();
    DIST.get_or_init(|| {
        if let Some(d) = std::env::var_os("FERROCM_TEST_DIST") {
            return PathBuf::from(d);
        }
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dist");
        // The target directory this test was built in (…/<target>/debug/deps/cmake-…).
        let exe = std::env::current_exe().expect("test executable");
        let target = exe
            .ancestors()
            .nth(3)
            .expect("the target directory")
            .to_path_buf();
        run(Command::new("bash")
            .arg(root().join("scripts/dist.sh"))
            .arg("--debug")
            .env("DIST_DIR", &out)
            .env("CARGO_TARGET_DIR", &target));
        out
    })
}

/// Configures, builds and runs a sample project; returns the configure output.
fn cmake_project(name: &str, extra: &[String], env: &[(&str, &str)]) -> String {
    let dist = dist();
    let build = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cmake-{name}"));
    let _ = std::fs::remove_dir_all(&build);
    let mut configure = Command::new("cmake");
    configure
        .arg("-S")
        .arg(root().join("tests/cmake").join(name))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", dist.display()))
        .args(extra)
        // hipcc's own tests may run with CXX/HIPCC_CXX set; the samples use the defaults.
        .env_remove("HIPCC_CXX")
        .env_remove("HIP_PLATFORM");
    for (k, v) in env {
        configure.env(k, v);
    }
    let log = run(&mut configure);
    run(Command::new("cmake").arg("--build").arg(&build));
    let exe = build.join(name.replace('-', "_"));
    let out = run(&mut Command::new(&exe));
    assert!(out.trim_end().ends_with("PASS"), "{out}");
    log
}

/// A `-- KEY=value` status line of the configure output.
fn status_value<'a>(log: &'a str, key: &str) -> &'a str {
    log.split(['\n', ' '])
        .find_map(|w| w.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("{key} not in\n{log}"))
}

#[test]
fn rocm_examples_pattern_hip_device() {
    if !have("cmake") {
        eprintln!("SKIPPED: cmake not installed");
        return;
    }
    let hipcc = dist().join("bin/hipcc");
    let log = cmake_project(
        "hip-device",
        &[format!("-DCMAKE_CXX_COMPILER={}", hipcc.display())],
        &[],
    );
    // The package's variables are hipconfig's answers.
    let hipconfig = |arg: &str| run(Command::new(dist().join("bin/hipconfig")).arg(arg));
    assert_eq!(status_value(&log, "HIP_PLATFORM"), hipconfig("--platform"));
    assert_eq!(status_value(&log, "HIP_COMPILER"), hipconfig("--compiler"));
    let version = hipconfig("--version");
    assert!(version.starts_with(status_value(&log, "HIP_VERSION")));
    let include = status_value(&log, "HIP_INCLUDE_DIRS");
    assert!(
        hipconfig("--cpp_config").contains(&format!("-I{include}")),
        "--cpp_config names the package's include directory {include}"
    );
    assert_eq!(hipconfig("--cxx_config"), hipconfig("--cpp_config"));
    let cmake_dir = PathBuf::from(hipconfig("--cmake"));
    assert!(cmake_dir.join("hip-config.cmake").is_file());
    assert!(cmake_dir.join("hip-config-version.cmake").is_file());
}

#[test]
fn a_program_linking_hipblas() {
    if !have("cmake") {
        eprintln!("SKIPPED: cmake not installed");
        return;
    }
    cmake_project("hipblas", &[], &[]);
}

#[test]
fn cmake_hip_language() {
    if !have("cmake") || !have("clang++") {
        eprintln!("SKIPPED: CMake's HIP language needs cmake and clang++ (the host compiler of amdclang++)");
        return;
    }
    let dist = dist();
    cmake_project(
        "hip-language",
        &[
            format!(
                "-DCMAKE_HIP_COMPILER={}",
                dist.join("bin/amdclang++").display()
            ),
            format!("-DCMAKE_HIP_COMPILER_ROCM_ROOT={}", dist.display()),
            // Any value: the CPU platform builds no GPU code (hipcc ignores --offload-arch).
            "-DCMAKE_HIP_ARCHITECTURES=native".to_string(),
        ],
        &[],
    );
}

#[test]
fn pkg_config_files() {
    if !have("pkg-config") {
        eprintln!("SKIPPED: pkg-config not installed");
        return;
    }
    let dist = dist();
    let pc_path = dist.join("lib/pkgconfig");
    let pkg = |args: &[&str]| {
        run(Command::new("pkg-config")
            .args(args)
            .env("PKG_CONFIG_PATH", &pc_path))
    };
    let hip_version = run(Command::new(dist.join("bin/hipconfig")).arg("--version"));
    assert!(hip_version.starts_with(pkg(&["--modversion", "hip"]).trim()));
    assert_eq!(pkg(&["--modversion", "hipblas"]).trim(), "2.3.0");
    // hipblas requires hip and rocblas: their flags come along.
    let flags = pkg(&["--cflags", "--libs", "hipblas"]);
    assert!(
        flags.contains("-lhipblas") && flags.contains("-lrocblas") && flags.contains("-lamdhip64"),
        "{flags}"
    );
    // The same -I as hipconfig --cpp_config (pkg-config prints the path it was given).
    let cflags = pkg(&["--cflags", "hip"]);
    let include = dist.join("include").canonicalize().unwrap();
    let given: Vec<PathBuf> = cflags
        .split_whitespace()
        .filter_map(|f| f.strip_prefix("-I"))
        .filter_map(|p| Path::new(p).canonicalize().ok())
        .collect();
    assert!(given.contains(&include), "{cflags}");

    // A host program built with pkg-config's flags only, against libamd_smi and the runtime.
    let src = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pc_program.cpp");
    std::fs::write(
        &src,
        "#include <hip/hip_runtime_api.h>\n#include <amd_smi/amdsmi.h>\n#include <cstdio>\n\
         int main() { int n = 0; if (hipGetDeviceCount(&n) != hipSuccess || n < 1) return 1;\n\
         if (amdsmi_init(AMDSMI_INIT_AMD_GPUS) != AMDSMI_STATUS_SUCCESS) return 2;\n\
         uint32_t s = 0; amdsmi_get_socket_handles(&s, nullptr); amdsmi_shut_down();\n\
         std::printf(\"%d devices, %u sockets\\nPASS\\n\", n, s); return s < 1; }\n",
    )
    .unwrap();
    let exe = src.with_extension("");
    let flags = pkg(&["--cflags", "--libs", "hip", "amd_smi"]);
    let mut cxx = Command::new("c++");
    cxx.arg(&src).arg("-o").arg(&exe);
    cxx.args(flags.split_whitespace());
    run(&mut cxx);
    let out = run(&mut Command::new(&exe));
    assert!(out.contains("PASS"), "{out}");
}

/// A library's package appears exactly when its library and headers are in the prefix (the
/// FFT, RAND and primitive libraries land in dist/ from other work): a prefix with hipFFT and
/// rocFFT stand-ins and hipCUB/rocPRIM headers gets their packages, which CMake resolves with
/// their dependencies, and none for rocRAND.
#[test]
fn packages_follow_the_libraries_present() {
    if !have("cmake") {
        eprintln!("SKIPPED: cmake not installed");
        return;
    }
    let dist = dist();
    let prefix = Path::new(env!("CARGO_TARGET_TMPDIR")).join("prefix-with-fft");
    let _ = std::fs::remove_dir_all(&prefix);
    for dir in [
        "bin",
        "lib",
        "include/hip",
        "include/hipfft",
        "include/rocfft",
        "include/hipcub",
        "include/rocprim",
    ] {
        std::fs::create_dir_all(prefix.join(dir)).unwrap();
    }
    std::os::unix::fs::symlink(dist.join("bin/hipconfig"), prefix.join("bin/hipconfig")).unwrap();
    for lib in ["libamdhip64.so", "libhipfft.so", "librocfft.so"] {
        std::fs::write(prefix.join("lib").join(lib), b"").unwrap();
    }
    run(Command::new("bash")
        .arg(root().join("scripts/dist-packages.sh"))
        .arg(&prefix));
    let cmake = prefix.join("lib/cmake");
    for present in ["hip", "hipfft", "rocfft", "hipcub", "rocprim"] {
        assert!(
            cmake
                .join(present)
                .join(format!("{present}-config.cmake"))
                .is_file(),
            "{present}"
        );
    }
    for absent in ["rocrand", "hiprand", "rocblas", "rocthrust", "amd_smi"] {
        assert!(!cmake.join(absent).exists(), "{absent}");
    }
    assert!(prefix.join("lib/pkgconfig/hipfft.pc").is_file());

    let project = Path::new(env!("CARGO_TARGET_TMPDIR")).join("find-fft");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(
        project.join("CMakeLists.txt"),
        "cmake_minimum_required(VERSION 3.21)\nproject(find_fft LANGUAGES CXX)\n\
         find_package(hipfft 1.0 REQUIRED)\nfind_package(hipcub REQUIRED)\n\
         find_package(rocrand QUIET)\n\
         foreach(t hip::hipfft roc::rocfft hip::host hip::hipcub roc::rocprim roc::rocprim_hip)\n\
           if(NOT TARGET ${t})\n    message(FATAL_ERROR \"no ${t}\")\n  endif()\nendforeach()\n\
         if(rocrand_FOUND)\n  message(FATAL_ERROR \"rocrand found without its library\")\nendif()\n",
    )
    .unwrap();
    run(Command::new("cmake")
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(project.join("build"))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
}
