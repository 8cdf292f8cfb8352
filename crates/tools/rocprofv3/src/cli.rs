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
    about = "Trace a HIP program: HIP API calls, roctx markers, kernel dispatches, memory copies and allocations as rocprofv3 CSV, JSON and Perfetto files"
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
    /// Trace kernel dispatches (when they ran on their stream).
    #[arg(long)]
    pub kernel_trace: bool,
    /// Trace memory copies (when they ran on their stream).
    #[arg(long)]
    pub memory_copy_trace: bool,
    /// Trace memory allocations and frees.
    #[arg(long)]
    pub memory_allocation_trace: bool,
    /// Trace the HSA API calls the application makes (`hsa_*`, `hsa_amd_*`).
    #[arg(long)]
    pub hsa_trace: bool,
    /// HIP runtime API, markers, kernels, copies and allocations.
    #[arg(short = 'r', long)]
    pub runtime_trace: bool,
    /// Everything of --runtime-trace plus the HIP compiler API and the HSA API.
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
    pub hsa: bool,
    pub hip_runtime: bool,
    pub hip_compiler: bool,
    pub marker: bool,
    pub kernel: bool,
    pub memory_copy: bool,
    pub memory_allocation: bool,
}

/// Why the options cannot be honoured.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("--output-format {0}: not supported yet (supported: csv, json, pftrace)")]
    FormatNotSupported(&'static str),
    #[error(
        "nothing to trace: give --hip-trace, --hip-runtime-trace, --hip-compiler-trace, \
         --hsa-trace, --marker-trace, --kernel-trace, --memory-copy-trace, \
         --memory-allocation-trace, -r or -s"
    )]
    NothingToTrace,
}

impl Options {
    /// The domains to record, or why the request cannot be served.
    pub fn domains(&self) -> Result<Domains, OptionError> {
        for format in &self.output_format {
            match format {
                Format::Csv | Format::Json | Format::Pftrace => {}
                Format::Otf2 => return Err(OptionError::FormatNotSupported("otf2")),
                Format::Rocpd => return Err(OptionError::FormatNotSupported("rocpd")),
            }
        }
        // rocprofv3's sets: -r is the HIP runtime API, markers, kernel dispatches, memory
        // copies and allocations (and RCCL and scratch memory, which ferrocm has not); -s
        // adds the HIP compiler API and HSA's.
        let runtime = self.runtime_trace || self.sys_trace;
        let domains = Domains {
            hsa: self.hsa_trace || self.sys_trace,
            hip_runtime: self.hip_trace || self.hip_runtime_trace || runtime,
            hip_compiler: self.hip_trace || self.hip_compiler_trace || self.sys_trace,
            marker: self.marker_trace || runtime,
            kernel: self.kernel_trace || runtime,
            memory_copy: self.memory_copy_trace || runtime,
            memory_allocation: self.memory_allocation_trace || runtime,
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
                marker: true,
                ..Domains::default()
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
    fn runtime_and_sys_trace_are_rocprofv3_sets() {
        let o = parse(&["rocprofv3", "--kernel-trace", "--", "./app"]);
        assert_eq!(
            o.domains(),
            Ok(Domains {
                kernel: true,
                ..Domains::default()
            })
        );
        let r = Domains {
            hip_runtime: true,
            marker: true,
            kernel: true,
            memory_copy: true,
            memory_allocation: true,
            ..Domains::default()
        };
        assert_eq!(parse(&["rocprofv3", "-r", "--", "a"]).domains(), Ok(r));
        let s = Domains {
            hip_compiler: true,
            hsa: true,
            ..r
        };
        assert_eq!(
            parse(&["rocprofv3", "--sys-trace", "--", "a"]).domains(),
            Ok(s)
        );
    }

    #[test]
    fn what_is_not_supported_yet_is_refused_by_name() {
        let o = parse(&["rocprofv3", "--hsa-trace", "--", "./app"]);
        assert_eq!(
            o.domains(),
            Ok(Domains {
                hsa: true,
                ..Domains::default()
            })
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
