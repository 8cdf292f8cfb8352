//! `hipify-perl`: see `hipify::cli`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(hipify::cli::main(hipify::cli::Flavor::Perl, &args));
}
