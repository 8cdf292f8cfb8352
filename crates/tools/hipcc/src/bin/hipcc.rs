//! `hipcc`: ferrocm's HIP compiler driver (see `hipcc --help`).

fn main() {
    std::process::exit(hipcc::driver::main_with_args(std::env::args_os().skip(1)));
}
