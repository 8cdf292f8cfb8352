//! hipcc and hipconfig command lines that need no compilation.

mod common;

use common::{show, text, tool};

#[test]
fn hipcc_version() {
    let o = tool("hipcc").arg("--version").output().expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let out = text(&o.stdout);
    assert!(out.contains("HIP version: 7.1.0-ferrocm"), "{out}");
    assert!(out.contains("platform: cpu"), "{out}");
}

#[test]
fn hipcc_help_explains_defaults() {
    let o = tool("hipcc").arg("--help").output().expect("run");
    assert!(o.status.success());
    let out = text(&o.stdout);
    for needle in [
        "-std=c++17",
        "-O3",
        "--genco",
        "--offload-arch",
        "-lamdhip64",
        "macro",
    ] {
        assert!(out.contains(needle), "help lacks {needle}:\n{out}");
    }
}

#[test]
fn nvidia_platform_drives_nvcc() {
    let dir = std::env::temp_dir().join(format!("hipcc-cli-nv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let src = dir.join("k.hip");
    std::fs::write(
        &src,
        "__global__ void k(int *p) { *p = 1; }\nint main() { return 0; }\n",
    )
    .expect("write");
    // -### prints the commands without running them (nvcc need not exist).
    let o = tool("hipcc")
        .args(["--platform", "nvidia", "-###", "--offload-arch=sm_80"])
        .arg(&src)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let err = text(&o.stderr);
    for needle in [
        "-x cu -cudart none",
        "-arch=sm_80",
        "-D__HIP_PLATFORM_NVIDIA__=1",
        "-include hip/hip_runtime.h",
        "-lamdhip64",
    ] {
        assert!(err.contains(needle), "{needle} missing:\n{err}");
    }
    assert!(!err.contains("__HIP_PLATFORM_CPU__"), "{err}");
    // Without nvcc anywhere, a real run says so.
    let o = tool("hipcc")
        .env("HIP_PLATFORM", "nvidia")
        .env("CUDA_PATH", "/nonexistent")
        .env("CUDA_HOME", "/nonexistent")
        .env("PATH", "/nonexistent")
        .arg(&src)
        .output()
        .expect("run");
    if !std::path::Path::new("/usr/local/cuda/bin/nvcc").is_file() {
        assert_eq!(o.status.code(), Some(1));
        assert!(text(&o.stderr).contains("nvcc not found"), "{}", show(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let o = tool("hipcc")
        .args(["--platform=tpu", "x.hip"])
        .output()
        .expect("run");
    assert!(
        text(&o.stderr).contains("unknown HIP platform"),
        "{}",
        show(&o)
    );
}

#[test]
fn usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "no input files"),
        (&["notes.txt"], "unknown file type"),
        (&["/nonexistent/k.hip"], "no such file or directory"),
        (&["-o"], "argument to `-o` is missing"),
        (
            &["-x", "fortran", "a.f"],
            "language `fortran` not supported",
        ),
    ];
    for (args, msg) in cases {
        let o = tool("hipcc").args(*args).output().expect("run");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", show(&o));
        let err = text(&o.stderr);
        assert!(
            err.starts_with("hipcc: error: ") && err.contains(msg),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn several_outputs_with_dash_o_is_an_error() {
    let dir = common::scratch("multi-o");
    for f in ["a.hip", "b.hip"] {
        std::fs::write(dir.join(f), "int x;\n").expect("write");
    }
    let o = tool("hipcc")
        .current_dir(&dir)
        .args(["-c", "a.hip", "b.hip", "-o", "out.o"])
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("cannot specify -o when generating multiple output files"));
}

#[test]
fn hipconfig_single_values() {
    let run = |args: &[&str]| {
        let o = tool("hipconfig").args(args).output().expect("run");
        assert!(o.status.success(), "{args:?}: {}", show(&o));
        text(&o.stdout)
    };
    assert_eq!(run(&["--platform"]), "cpu");
    assert_eq!(run(&["-P", "-n"]), "cpu\n");
    assert_eq!(run(&["--version"]), "7.1.0-ferrocm");
    assert_eq!(run(&["--runtime"]), "ferrocm");
    let path = run(&["--path"]);
    assert!(!path.is_empty() && !path.ends_with('\n'));
    assert_eq!(run(&["--rocmpath"]), path);
    let cpp = run(&["--cpp_config"]);
    assert!(
        cpp.contains("-D__HIPCC__=1") && cpp.contains("-D__HIP__=1"),
        "{cpp}"
    );
    assert!(cpp.contains(&format!("-I{path}/include")), "{cpp}");
    assert_eq!(run(&["--compiler"]), "c++");
    let o = tool("hipconfig")
        .env("CXX", "g++")
        .arg("-c")
        .output()
        .expect("run");
    assert_eq!(text(&o.stdout), "g++");
}

#[test]
fn hipconfig_environment_overrides() {
    let o = tool("hipconfig")
        .env("HIP_PATH", "/opt/somewhere")
        .args(["-p", "-n", "-C"])
        .output()
        .expect("run");
    assert_eq!(
        text(&o.stdout),
        "/opt/somewhere\n-D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_AMD__=1 -D__HIP_PLATFORM_HCC__=1 -I/opt/somewhere/include\n"
    );
    // --cxx_config is ROCm's other name for --cpp_config; --cmake is hip-config.cmake's dir.
    let o = tool("hipconfig")
        .env("HIP_PATH", "/opt/somewhere")
        .args(["-n", "--cxx_config", "--cmake"])
        .output()
        .expect("run");
    assert_eq!(
        text(&o.stdout),
        "-D__HIPCC__=1 -D__HIP__=1 -I/opt/somewhere/include\n/opt/somewhere/lib/cmake/hip\n"
    );
    let o = tool("hipconfig")
        .env("HIP_CLANG_PATH", "/opt/llvm/bin")
        .args(["--hipclangpath", "-n", "--compiler"])
        .output()
        .expect("run");
    assert_eq!(text(&o.stdout), "/opt/llvm/bin\n/opt/llvm/bin/clang++\n");
}

#[test]
fn hipconfig_full_check_and_errors() {
    let o = tool("hipconfig").output().expect("run");
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(
        out.contains("HIP_PLATFORM  : cpu") && out.contains("HIP version   : 7.1.0-ferrocm"),
        "{out}"
    );
    let o = tool("hipconfig").arg("--check").output().expect("run");
    let out = text(&o.stdout);
    assert!(out.contains("ok:      platform cpu"), "{out}");
    assert!(out.contains("host compiler"), "{out}");
    let o = tool("hipconfig")
        .env("HIP_PLATFORM", "nvidia")
        .arg("--platform")
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    assert_eq!(text(&o.stdout), "nvidia");
    let o = tool("hipconfig")
        .env("HIP_PLATFORM", "nvidia")
        .arg("--cpp_config")
        .output()
        .expect("run");
    assert!(
        text(&o.stdout).contains("-D__HIP_PLATFORM_NVIDIA__=1"),
        "{}",
        show(&o)
    );
    let o = tool("hipconfig").arg("--bogus").output().expect("run");
    assert_eq!(o.status.code(), Some(1));
}
