//! # libamdhip64.so: the HIP runtime C ABI
//!
//! Every entry point follows one discipline ([`entry`]): arguments are validated and the
//! documented `hipError_t` returned, failures also become the calling thread's last error,
//! and a panic never crosses into C (`hipErrorUnknown`). The work is done by the runtime
//! core, crate `ferrocm-hip`; the types mirror `include/hip/hip_runtime_api.h`.

#![allow(non_snake_case)]
// Entry points are documented by HIP's API reference; each carries its safety contract.
#![allow(clippy::missing_safety_doc)]
// On NVIDIA, safe C entry points pass the program's handles (streams, events, pools,
// graphs, host ranges) to the driver: their validity is HIP's contract with the caller.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod device;
pub mod entry;
pub mod errors;
pub mod graph;
pub mod launch;
pub mod memory;
pub mod memory3d;
pub mod mempool;
pub mod module;
pub mod nv;
pub mod nv_graph;
pub mod nvcc_abi;
pub mod props;
pub mod stream;
