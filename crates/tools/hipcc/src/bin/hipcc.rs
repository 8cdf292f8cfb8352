//! `hipcc`: ferrocm's HIP compiler driver (see `hipcc --help`).
//!
//! Installed a second time as `amdclang++` (a link; ROCm's name for its clang): CMake's HIP
//! language refuses a compiler named hipcc and accepts only one that identifies as Clang, so
//! under that name the host compiler defaults to `clang++` (`HIPCC_CXX`/`HIP_CLANG_PATH` still
//! win). See docs/TOOLS.md.

fn main() {
    let mut args = std::env::args_os();
    let argv0 = args.next();
    let as_amdclang = argv0
        .as_deref()
        .and_then(|a| std::path::Path::new(a).file_name())
        .is_some_and(|name| name == "amdclang++");
    if as_amdclang
        && std::env::var_os("HIPCC_CXX").is_none()
        && std::env::var_os("HIP_CLANG_PATH").is_none()
    {
        // Single-threaded here: nothing else reads the environment concurrently.
        std::env::set_var("HIPCC_CXX", "clang++");
    }
    std::process::exit(hipcc::driver::main_with_args(args));
}
