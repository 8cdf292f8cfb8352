//! # libamdhip64.so: the HIP runtime C ABI
//!
//! Every exported function is declared once, in [`exports`] (the export table: symbols,
//! `hipGetProcAddress`, tracing hook, coverage), and follows one discipline ([`entry`]): arguments are validated and the
//! documented `hipError_t` returned, failures also become the calling thread's last error,
//! and a panic never crosses into C (`hipErrorUnknown`). The work is done by the runtime
//! core, crate `ferrocm-hip`; the types mirror `include/hip/hip_runtime_api.h`.

#![allow(non_snake_case)]
// Entry points are documented by HIP's API reference; each carries its safety contract.
#![allow(clippy::missing_safety_doc)]
// On NVIDIA, safe C entry points pass the program's handles (streams, events, pools,
// graphs, host ranges) to the driver: their validity is HIP's contract with the caller.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod api_query;
pub mod array;
pub mod context;
pub mod device;
pub mod entry;
pub mod errors;
pub mod export_table;
pub mod exports;
pub mod external;
pub mod graph;
pub mod hip_ext;
pub mod ipc;
pub mod launch;
pub mod memory;
pub mod memory3d;
pub mod mempool;
pub mod module;
pub mod multidev;
pub mod nvcc_abi;
pub mod occupancy;
pub mod per_thread;
pub mod profiler;
pub mod profiler_activity;
pub mod stream;
pub mod texture;
pub mod trace;
pub mod types;
pub mod vmm;

pub use exports::*;
