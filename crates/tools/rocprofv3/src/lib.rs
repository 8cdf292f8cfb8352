//! # rocprofv3: ROCm's tracing command line over ferrocm's in-library tracers
//!
//! `rocprofv3 --hip-trace --marker-trace -- ./app` runs `app` with `FERROCM_PROFILE_DIR` and
//! `FERROCM_PROFILE_DOMAINS` set: `libamdhip64.so` and `libroctx64.so` see them as they load
//! and record every HIP call and roctx marker (nothing is preloaded or interposed), writing
//! trace files at exit ([`roctx::trace_file`]). rocprofv3 then [`collect`]s them and writes
//! rocprofv3's CSV ([`csv_out`]), statistics ([`stats`]), JSON ([`json_out`]), Perfetto traces
//! ([`pftrace`]) and summary ([`summary`]). With `--kernel-trace`, `--memory-copy-trace` or
//! `--memory-allocation-trace`, `libamdhip64.so` also records kernel dispatches and copies as
//! they ran on their streams, and allocations ([`activity`]), linked to the HIP calls that
//! made them.

pub mod activity;
pub mod cli;
pub mod collect;
pub mod csv_out;
pub mod json_out;
pub mod paths;
pub mod pftrace;
pub mod run;
pub mod stats;
pub mod summary;
