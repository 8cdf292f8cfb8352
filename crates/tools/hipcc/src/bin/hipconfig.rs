//! `hipconfig`: ferrocm's HIP configuration queries (see `hipconfig --help`).

use std::io::Write as _;

fn main() {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let env = |k: &str| std::env::var_os(k);
    let e = hipcc::hipconfig::Environment {
        layout: hipcc::config::Layout::current(),
        compiler: hipcc::config::Compiler::host(&env),
        env: &env,
    };
    let (out, status) = hipcc::hipconfig::run(&args, &e);
    let mut stdout = std::io::stdout();
    if status != 0 && out.starts_with("hipconfig:") {
        eprint!("{out}");
    } else {
        let _ = stdout.write_all(out.as_bytes());
    }
    let _ = stdout.flush();
    std::process::exit(status);
}
