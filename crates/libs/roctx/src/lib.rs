//! # ferrocm-roctx: roctx's markers and ranges, and the trace files rocprofv3 reads
//!
//! * [`markers`]: what `libroctx64.so` (crate `ferrocm-roctx-capi`) does for each entry point:
//!   per-thread nested ranges, start/stop ranges, marks, profiler pause/resume;
//! * [`recorder`]: per-thread record buffers written when the process exits;
//! * [`trace_file`]: the format of those files, which `rocprofv3` reads back (and which
//!   `libamdhip64.so`'s HIP API tracer writes too);
//! * [`clock`]: the timestamps and thread ids of records (`CLOCK_MONOTONIC`, `gettid`).
//!
//! `docs/PROFILING.md` describes the whole path.

pub mod clock;
pub mod markers;
pub mod recorder;
pub mod trace_file;

/// Set by `rocprofv3` to the folder the in-process recorders write their trace files to;
/// read once, when a traced library is loaded.
pub const ENV_DIR: &str = "FERROCM_PROFILE_DIR";
/// Set by `rocprofv3` to the comma-separated domains to record (`hip`, `marker`).
pub const ENV_DOMAINS: &str = "FERROCM_PROFILE_DOMAINS";

/// The folder to write `domain`'s trace to, when the environment asks for it.
pub fn requested_dir(domain: &str) -> Option<std::path::PathBuf> {
    let dir = std::env::var_os(ENV_DIR)?;
    let domains = std::env::var(ENV_DOMAINS).ok()?;
    domains
        .split(',')
        .any(|d| d.trim() == domain)
        .then(|| dir.into())
}
