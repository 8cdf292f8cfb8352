//! # ferrocm-hip: the HIP runtime core
//!
//! The counterpart of AMD's CLR: devices, memory, streams, events, kernels and modules,
//! shared by the C ABI (`libamdhip64.so`, crate `ferrocm-hip-capi`) and Rust users.
//!
//! On the CPU platform HIP sits on the HSA runtime (`crates/hsa`) the way CLR sits on ROCR:
//! a stream is an AQL queue of the CPU agent, a launch a kernel-dispatch packet, an event
//! record a barrier-AND packet with a completion signal, `hipStreamWaitEvent` a barrier-AND
//! on that signal, copies, fills and host callbacks agent-dispatch packets.
//! `docs/HIP_CPU.md` describes how kernels compiled by `hipcc` reach the runtime.

pub mod activity;
pub mod backend;
pub mod context;
pub mod device;
pub mod device_prop;
pub mod error;
pub mod event;
pub mod graph;
pub mod kernel;
pub mod memory;
pub mod mempool;
pub mod module;
pub mod platform;
pub mod runtime;
pub mod safe;
pub mod stream;
pub mod texture;

pub use backend::{backend, Backend};
pub use device::{Device, DeviceProperties, Limit, Platform};
pub use error::{HipError, HipResult};
pub use event::EventCore;
pub use kernel::{Kernel, Variable};
pub use memory::{Allocation, CopyKind, MemoryKind};
pub use runtime::Runtime;
pub use stream::{StreamCore, StreamKind};

/// The HIP version this runtime implements, as `HIP_VERSION` encodes it (7.1.0).
pub const HIP_VERSION: i32 = 7 * 10_000_000 + 100_000;

/// `hipStreamNonBlocking`
pub const STREAM_NON_BLOCKING: u32 = 0x1;
/// `hipStreamDefault`
pub const STREAM_DEFAULT: u32 = 0x0;
/// Stream priorities (`hipDeviceGetStreamPriorityRange`): ROCm's range, least (1, "low")
/// to greatest (-1, "high"), with 0 ("normal") the default; accepted and reported, the CPU
/// agent schedules every queue alike.
pub const STREAM_PRIORITY_LEAST: i32 = 1;
pub const STREAM_PRIORITY_GREATEST: i32 = -1;
