//! hipcc library: the HIP source rewriter and the compiler driver of ferrocm's `hipcc` and
//! `hipconfig` (CPU platform: HIP C++ is compiled by the host C++ compiler).
//!
//! - [`lexer`]: a small C++ lexer (comments, literals, raw strings, directives);
//! - [`rewrite`]: the source rewriter (chevron launches, `extern __shared__`, registration);
//! - [`fission`]: kernels split at their barriers (loop fission), inserted by the rewriter;
//! - [`config`]: where things are (the ferrocm root, headers, `libamdhip64.so`, the host
//!   compiler) and the platform;
//! - [`driver`]: `hipcc`'s command line and the commands it runs;
//! - [`nvidia`]: the NVIDIA platform (nvcc) commands;
//! - [`hipconfig`]: `hipconfig`'s queries.

pub mod config;
pub mod driver;
pub mod fission;
pub mod headers;
pub mod hipconfig;
pub mod lexer;
pub mod nvidia;
pub mod rewrite;

/// ferrocm's HIP version, as `hipconfig --version` and `hipcc --version` report it.
pub const HIP_VERSION: &str = "7.1.0-ferrocm";
