//! NVIDIA GPUs as HSA agents, over the CUDA driver API (loaded at run time through
//! cudarc's `sys` level; building and testing need no CUDA).
//!
//! - [`driver`]: loading the driver once per process; without a usable driver or device
//!   there are no NVIDIA agents and nothing here is ever called.
//! - [`device`]: a device's properties and its primary context.
//! - [`agent`]: the HSA agent of a device (info, ISA, regions/pools).
//! - [`memory`]: device and pinned host memory, copies, fills, registration.
//! - [`signal`]: making signal values readable by the GPU (GPU-side waits).
//! - [`module`]: PTX / cubin / fatbin code objects, kernels and variables.
//! - [`processor`]: the packet processor that turns AQL packets into stream operations.
//!
//! The design, the info values and the limits are described in `docs/HSA-NVIDIA.md`.

pub mod agent;
pub mod device;
pub mod driver;
pub mod memory;
pub mod module;
pub mod processor;
pub mod signal;

use std::sync::atomic::{AtomicBool, Ordering};

/// The CUDA driver API bindings (cudarc's `sys` level).
pub use cudarc::driver::sys as cu;

pub use device::{ContextGuard, NvDevice};
pub use driver::{Driver, NvError};

/// Whether the current topology has NVIDIA agents (set by `Topology::discover`). While it
/// is false, memory operations never consult the driver.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Whether NVIDIA agents exist in the current (or last) initialisation of the runtime.
#[inline]
pub fn active() -> bool {
    ACTIVE.load(Ordering::Acquire)
}

pub(crate) fn set_active(active: bool) {
    ACTIVE.store(active, Ordering::Release);
}
