//! `rocprofv3`: see the library's documentation and `docs/PROFILING.md`.

use std::process::ExitCode;

use clap::Parser;
use rocprofv3::cli::Options;

fn main() -> ExitCode {
    let options = Options::parse();
    match rocprofv3::run::run(&options) {
        Ok(outcome) => {
            for file in &outcome.files {
                eprintln!("rocprofv3: wrote {}", file.display());
            }
            if outcome.files.is_empty() {
                eprintln!(
                    "rocprofv3: no trace data (does the program use ferrocm's libamdhip64.so, \
                     libroctx64.so or libhsa-runtime64.so?)"
                );
            }
            eprint!("{}", outcome.summary);
            ExitCode::from(u8::try_from(outcome.exit_code).unwrap_or(1))
        }
        Err(e) => {
            eprintln!("rocprofv3: error: {e}");
            ExitCode::from(1)
        }
    }
}
