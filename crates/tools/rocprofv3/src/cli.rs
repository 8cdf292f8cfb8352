//! rocprofv3's command line (ROCm's option names; `docs/PROFILING.md` lists what is
//! supported).

use std::ffi::OsString;

use clap::{Parser, ValueEnum};

/// Output formats (`--output-format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Csv,
    Json,
    Pftrace,
    Otf2,
    Rocpd,
}

/// Runs an application with ferrocm's tracers on and writes rocprofv3's files.
#[derive(Debug, Parser)]
#[command(
    name = "rocprofv3",
    version,
    about = "Trace a HIP program: HIP API calls and roctx markers as rocprofv3 CSV, JSON and Perfetto files"
)]
pub struct Options {
    /// Trace the HIP runtime and compiler APIs.
    #[arg(long)]
    pub hip_trace: bool,
    /// Trace the HIP runtime API only.
    #[arg(long)]
    pub hip_runtime_trace: bool,
    /// Trace the HIP compiler API only (`__hip*`, registration and launch ABI).
    #[arg(long)]
    pub hip_compiler_trace: bool,
    /// Trace roctx markers and ranges.
    #[arg(long)]
    pub marker_trace: bool,
    /// Trace kernel dispatches (not supported yet).
    #[arg(long)]
    pub kernel_trace: bool,
    /// Trace memory copies (not supported yet).
    #[arg(long)]
    pub memory_copy_trace: bool,
    /// Trace memory allocations (not supported yet).
    #[arg(long)]
    pub memory_allocation_trace: bool,
    /// Trace the HSA API (not supported yet).
    #[arg(long)]
    pub hsa_trace: bool,
    /// HIP runtime, markers, kernels, copies, allocations (not supported yet: kernels).
    #[arg(short = 'r', long)]
    pub runtime_trace: bool,
    /// Everything of --runtime-trace plus HIP compiler and HSA (not supported yet: kernels).
    #[arg(short = 's', long)]
    pub sys_trace: bool,
    /// Write per-function statistics (`*_stats.csv`).
    #[arg(long)]
    pub stats: bool,
    /// Print a summary of the statistics when the application ends.
    #[arg(short = 'S', long)]
    pub summary: bool,
    /// Output folder (`%pid%`, `%ppid%`, `%hostname%` are replaced).
    #[arg(
        short = 'd',
        long = "output-directory",
        default_value = "%hostname%/%pid%"
    )]
    pub output_directory: String,
    /// Prefix of the output files (same placeholders).
    #[arg(short = 'o', long = "output-file", default_value = "%pid%")]
    pub output_file: String,
    /// Output formats.
    #[arg(long, num_args = 1.., value_delimiter = ',', default_value = "csv")]
    pub output_format: Vec<Format>,
    /// The application and its arguments (after `--`).
    #[arg(last = true, required = true, num_args = 1..)]
    pub app: Vec<OsString>,
}

/// Which domains to record, from the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Domains {
    pub hip_runtime: bool,
    pub hip_compiler: bool,
    pub marker: bool,
}

/// Why the options cannot be honoured.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OptionError {
    #[error(
        "{0} is not supported yet: kernel, memory-copy, memory-allocation and HSA traces need \
         completion timestamps from the runtime's streams, which come in a later version \
         (supported: --hip-trace, --hip-runtime-trace, --hip-compiler-trace, --marker-trace)"
    )]
    NotSupported(&'static str),
    #[error("--output-format {0}: not supported yet (supported: csv, json, pftrace)")]
    FormatNotSupported(&'static str),
    #[error(
        "nothing to trace: give --hip-trace, --hip-runtime-trace, --hip-compiler-trace or \
         --marker-trace"
    )]
    NothingToTrace,
}

impl Options {
    /// The domains to record, or why the request cannot be served.
    pub fn domains(&self) -> Result<Domains, OptionError> {
        let refused = [
            (self.kernel_trace, "--kernel-trace"),
            (self.memory_copy_trace, "--memory-copy-trace"),
            (self.memory_allocation_trace, "--memory-allocation-trace"),
            (self.hsa_trace, "--hsa-trace"),
            (self.runtime_trace, "--runtime-trace"),
            (self.sys_trace, "--sys-trace"),
        ];
        if let Some((_, option)) = refused.iter().find(|(on, _)| *on) {
            return Err(OptionError::NotSupported(option));
        }
        for format in &self.output_format {
            match format {
                Format::Csv | Format::Json | Format::Pftrace => {}
                Format::Otf2 => return Err(OptionError::FormatNotSupported("otf2")),
                Format::Rocpd => return Err(OptionError::FormatNotSupported("rocpd")),
            }
        }
        let domains = Domains {
            hip_runtime: self.hip_trace || self.hip_runtime_trace,
            hip_compiler: self.hip_trace || self.hip_compiler_trace,
            marker: self.marker_trace,
        };
        if domains == Domains::default() {
            return Err(OptionError::NothingToTrace);
        }
        Ok(domains)
    }

    /// Whether `format` was asked for.
    pub fn wants(&self, format: Format) -> bool {
        self.output_format.contains(&format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Options {
        Options::try_parse_from(args).expect("valid command line")
    }

    #[test]
    fn rocm_command_lines_parse() {
        let o = parse(&[
            "rocprofv3",
            "--hip-trace",
            "--marker-trace",
            "--stats",
            "-d",
            "out",
            "-o",
            "run",
            "--output-format",
            "csv",
            "json",
            "--",
            "./app",
            "-x",
        ]);
        assert_eq!(
            o.domains(),
            Ok(Domains {
                hip_runtime: true,
                hip_compiler: true,
                marker: true
            })
        );
        assert!(o.wants(Format::Csv) && o.wants(Format::Json));
        assert_eq!(o.app, ["./app", "-x"]);
        assert_eq!(
            (o.output_directory.as_str(), o.output_file.as_str()),
            ("out", "run")
        );
        let o = parse(&["rocprofv3", "--hip-runtime-trace", "--", "./app"]);
        assert_eq!(o.output_format, [Format::Csv]);
        assert!(!o.domains().expect("domains").hip_compiler);
        let o = parse(&[
            "rocprofv3",
            "--marker-trace",
            "--output-format",
            "json,csv",
            "--",
            "a",
        ]);
        assert_eq!(o.output_format, [Format::Json, Format::Csv]);
    }

    #[test]
    fn what_is_not_supported_yet_is_refused_by_name() {
        let o = parse(&["rocprofv3", "--hip-trace", "--kernel-trace", "--", "./app"]);
        assert_eq!(
            o.domains(),
            Err(OptionError::NotSupported("--kernel-trace"))
        );
        let o = parse(&["rocprofv3", "--memory-copy-trace", "--", "./app"]);
        assert_eq!(
            o.domains(),
            Err(OptionError::NotSupported("--memory-copy-trace"))
        );
        let o = parse(&[
            "rocprofv3",
            "--hip-trace",
            "--output-format",
            "otf2",
            "--",
            "a",
        ]);
        assert_eq!(o.domains(), Err(OptionError::FormatNotSupported("otf2")));
        let o = parse(&["rocprofv3", "--stats", "--", "./app"]);
        assert_eq!(o.domains(), Err(OptionError::NothingToTrace));
        assert!(Options::try_parse_from(["rocprofv3", "--hip-trace"]).is_err());
    }
}
