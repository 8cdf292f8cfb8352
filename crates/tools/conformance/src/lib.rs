//! # ferrocm-conformance: the one runner of the HIP conformance programs
//!
//! The HIP C++ programs of `tests/hip` (and, on NVIDIA, `tests/nvidia`) are built with a given
//! `hipcc` and run, each in its own process, against a given `libamdhip64.so`; the directives
//! at the top of each program (`tests/hip/README.md`) say how to build it, how to run it and
//! what it must print. Two callers share this crate, so the directives have one parser and one
//! meaning:
//!
//! - `cargo test` (`crates/tools/hipcc/tests/hip_conformance.rs`), the CPU platform;
//! - the `hip-conformance` binary, which `scripts/gpu-check.sh` runs on the GPU machine (it has
//!   no Rust; `scripts/gpu-bundle.sh` carries the binary there) with `--platform nvidia`.
//!
//! Modules: [`directives`] (the `// NAME: value` block), [`programs`] (discovery per
//! [`Platform`]), [`known_failures`] (`tests/hip/KNOWN_FAILURES`), [`process`] (running a
//! command under a time limit), [`suite`] (building in parallel, running, reporting).

pub mod directives;
pub mod known_failures;
pub mod process;
pub mod programs;
pub mod suite;

pub use directives::{parse_directives, Directives, ExpectExit};
pub use programs::{discover, Platform, Program};
pub use suite::{run_suite, Keep, SuiteConfig, SuiteError, Summary};
