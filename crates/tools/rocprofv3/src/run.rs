//! One rocprofv3 run: start the application with the in-library tracers switched on, wait
//! for it, then turn each process's trace files into the requested outputs.

use std::ffi::OsString;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Command, ExitStatus};

use crate::activity::demangle;
use crate::cli::{Domains, Format, OptionError, Options};
use crate::collect::{self, CollectError, Domain, ProcessTrace};
use crate::paths::{self, Placeholders};
use crate::{csv_out, json_out, pftrace, stats, summary};

/// Why a run could not be done or its files not written.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Options(#[from] OptionError),
    #[error("cannot create the trace staging folder {path}: {source}")]
    Staging { path: PathBuf, source: io::Error },
    #[error("cannot run {app:?}: {source}")]
    Spawn { app: OsString, source: io::Error },
    #[error(transparent)]
    Collect(#[from] CollectError),
    #[error("cannot write {path}: {source}")]
    Write { path: PathBuf, source: io::Error },
}

/// What a run did.
#[derive(Debug)]
pub struct Outcome {
    /// The application's exit code (128 + the signal if a signal ended it).
    pub exit_code: i32,
    /// The files written.
    pub files: Vec<PathBuf>,
    /// The `--summary` text (empty without it).
    pub summary: String,
}

/// A staging folder for the trace files, removed when dropped.
struct Staging(PathBuf);

impl Staging {
    fn create() -> Result<Self, RunError> {
        let nanos = roctx::clock::now_ns();
        let path =
            std::env::temp_dir().join(format!("ferrocm-rocprofv3-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).map_err(|source| RunError::Staging {
            path: path.clone(),
            source,
        })?;
        Ok(Staging(path))
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The value of `FERROCM_PROFILE_DOMAINS` for `domains`.
fn domain_list(domains: Domains) -> String {
    let mut list = Vec::new();
    // Activity records link to the HIP calls that made them: libamdhip64 numbers its calls
    // for them even without `hip` (then it does not record the calls).
    if domains.hip_runtime || domains.hip_compiler {
        list.push("hip");
    }
    if domains.marker {
        list.push(roctx::markers::DOMAIN);
    }
    // The word of crates/capi/hsa-runtime/src/profiler.rs.
    if domains.hsa {
        list.push("hsa");
    }
    // The words of crates/capi/amdhip64/src/profiler_activity.rs.
    for (on, word) in [
        (domains.kernel, "kernel"),
        (domains.memory_copy, "memory_copy"),
        (domains.memory_allocation, "memory_allocation"),
    ] {
        if on {
            list.push(word);
        }
    }
    list.join(",")
}

fn exit_code(status: ExitStatus) -> i32 {
    status
        .code()
        .or_else(|| status.signal().map(|s| 128 + s))
        .unwrap_or(1)
}

/// Runs the application of `options` and writes its outputs.
pub fn run(options: &Options) -> Result<Outcome, RunError> {
    let domains = options.domains()?;
    let staging = Staging::create()?;
    let (app, args) = options
        .app
        .split_first()
        .ok_or(OptionError::NothingToTrace)?;
    let status = Command::new(app)
        .args(args)
        .env(roctx::ENV_DIR, &staging.0)
        .env(roctx::ENV_DOMAINS, domain_list(domains))
        .status()
        .map_err(|source| RunError::Spawn {
            app: app.clone(),
            source,
        })?;
    let traces = collect::collect(&staging.0, domains)?;
    let placeholders = |pid| Placeholders {
        pid,
        ppid: std::process::id(),
        hostname: paths::hostname(),
    };
    let mut outcome = Outcome {
        exit_code: exit_code(status),
        files: Vec::new(),
        summary: String::new(),
    };
    for trace in &traces {
        write_outputs(
            options,
            domains,
            trace,
            &placeholders(trace.pid),
            &mut outcome,
        )?;
    }
    Ok(outcome)
}

/// The HIP and marker domains as the files group them.
const HIP: [Domain; 2] = [Domain::HipRuntime, Domain::HipCompiler];
const MARKER: [Domain; 1] = [Domain::Marker];
const HSA: [Domain; 2] = [Domain::HsaCore, Domain::HsaAmdExt];

fn write_outputs(
    options: &Options,
    domains: Domains,
    trace: &ProcessTrace,
    p: &Placeholders,
    outcome: &mut Outcome,
) -> Result<(), RunError> {
    let path = |kind: &str, ext: &str| {
        p.output_path(&options.output_directory, &options.output_file, kind, ext)
    };
    let dir = PathBuf::from(p.expand(&options.output_directory));
    std::fs::create_dir_all(&dir).map_err(|source| RunError::Write {
        path: dir.clone(),
        source,
    })?;
    let mut written = |file: PathBuf, result: io::Result<()>| {
        result.map_err(|source| RunError::Write {
            path: file.clone(),
            source,
        })?;
        outcome.files.push(file);
        Ok::<(), RunError>(())
    };
    let groups: [(&str, &[Domain], &'static str); 3] = [
        ("hsa_api", &HSA[..], "HSA_API"),
        ("hip_api", &HIP[..], "HIP_API"),
        ("marker_api", &MARKER[..], "MARKER_API"),
    ];
    let mut domain_totals = Vec::new();
    let mut summaries = String::new();
    for (stem, group, domain_name) in groups {
        if trace.of(group).next().is_none() {
            continue;
        }
        let rows = stats::of_events(trace.of(group));
        if options.wants(Format::Csv) {
            let file = path(&format!("{stem}_trace"), "csv");
            let result = csv_out::write_api_trace(&file, trace.pid, trace.of(group));
            written(file, result)?;
            if options.stats {
                let file = path(&format!("{stem}_stats"), "csv");
                let result = csv_out::write_stats(&file, &rows);
                written(file, result)?;
            }
        }
        for e in trace.of(group) {
            domain_totals.push((domain_name.to_string(), e.end_ns - e.start_ns));
        }
        if options.summary {
            summaries.push_str(&summary::table(domain_name, &rows));
        }
    }
    write_activity(
        options,
        trace,
        &path,
        &mut written,
        &mut domain_totals,
        &mut summaries,
    )?;
    if options.stats && options.wants(Format::Csv) && !domain_totals.is_empty() {
        let file = path("domain_stats", "csv");
        let totals = domain_totals.iter().map(|(d, ns)| (d.as_str(), *ns));
        let result = csv_out::write_stats(&file, &stats::by_name(totals));
        written(file, result)?;
    }
    if options.wants(Format::Json) {
        let file = path("results", "json");
        let result = json_out::write(&file, &json_out::document(trace, domains, &options.app));
        written(file, result)?;
    }
    if options.wants(Format::Pftrace) {
        let file = path("results", "pftrace");
        let name = options.app[0].to_string_lossy();
        let result = pftrace::write(&file, &pftrace::trace(trace, &name));
        written(file, result)?;
    }
    if options.summary {
        outcome.summary.push_str(&format!(
            "ROCPROFV3 SUMMARY (process {}):\n{summaries}",
            trace.pid
        ));
    }
    Ok(())
}

/// The kernel, copy and allocation files of one process, with their statistics and
/// summary tables (`KERNEL_DISPATCH` and `MEMORY_COPY` rows of the domain statistics).
fn write_activity(
    options: &Options,
    trace: &ProcessTrace,
    path: &dyn Fn(&str, &str) -> PathBuf,
    written: &mut dyn FnMut(PathBuf, io::Result<()>) -> Result<(), RunError>,
    domain_totals: &mut Vec<(String, u64)>,
    summaries: &mut String,
) -> Result<(), RunError> {
    let a = &trace.activity;
    let csv = options.wants(Format::Csv);
    if !a.kernels.is_empty() {
        let names: Vec<String> = a.kernels.iter().map(|k| demangle(&k.symbol)).collect();
        let rows = stats::by_name(
            a.kernels
                .iter()
                .zip(&names)
                .map(|(k, n)| (n.as_str(), k.end_ns - k.start_ns)),
        );
        if csv {
            let file = path("kernel_trace", "csv");
            let result = csv_out::write_kernel_trace(&file, trace.pid, &a.kernels);
            written(file, result)?;
            if options.stats {
                let file = path("kernel_stats", "csv");
                let result = csv_out::write_stats(&file, &rows);
                written(file, result)?;
            }
        }
        domain_totals.extend(
            a.kernels
                .iter()
                .map(|k| ("KERNEL_DISPATCH".to_string(), k.end_ns - k.start_ns)),
        );
        if options.summary {
            summaries.push_str(&summary::table("KERNEL_DISPATCH", &rows));
        }
    }
    if !a.copies.is_empty() {
        let rows = stats::by_name(
            a.copies
                .iter()
                .map(|c| (c.direction().name(), c.end_ns - c.start_ns)),
        );
        if csv {
            let file = path("memory_copy_trace", "csv");
            let result = csv_out::write_memory_copy_trace(&file, &a.copies);
            written(file, result)?;
            if options.stats {
                let file = path("memory_copy_stats", "csv");
                let result = csv_out::write_stats(&file, &rows);
                written(file, result)?;
            }
        }
        domain_totals.extend(
            a.copies
                .iter()
                .map(|c| ("MEMORY_COPY".to_string(), c.end_ns - c.start_ns)),
        );
        if options.summary {
            summaries.push_str(&summary::table("MEMORY_COPY", &rows));
        }
    }
    if !a.allocations.is_empty() && csv {
        let file = path("memory_allocation_trace", "csv");
        let result = csv_out::write_memory_allocation_trace(&file, &a.allocations);
        written(file, result)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_pass_through_and_signals_read_as_the_shell_does() {
        // Raw wait statuses: exit(3), then killed by SIGTERM (15).
        assert_eq!(exit_code(ExitStatus::from_raw(3 << 8)), 3);
        assert_eq!(exit_code(ExitStatus::from_raw(15)), 128 + 15);
    }

    #[test]
    fn the_domain_list_names_what_the_libraries_look_for() {
        let hip_only = Domains {
            hip_compiler: true,
            ..Domains::default()
        };
        assert_eq!(domain_list(hip_only), "hip");
        let all = Domains {
            hip_runtime: true,
            hip_compiler: true,
            marker: true,
            ..Domains::default()
        };
        assert_eq!(domain_list(all), "hip,marker");
        let kernels = Domains {
            kernel: true,
            memory_allocation: true,
            ..Domains::default()
        };
        assert_eq!(domain_list(kernels), "kernel,memory_allocation");
    }
}
