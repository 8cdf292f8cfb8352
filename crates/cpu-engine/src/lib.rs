//! # ferrocm-cpu-engine: the CPU agent's "hardware"
//!
//! - [`abi`]: `#[repr(C)]` mirrors of `include/ferrocm/cpu_kernel.h` (work-item state, device
//!   ops, kernel descriptors).
//! - [`code_object`]: CPU code objects (ELF shared objects exporting `<name>.kd` kernel
//!   descriptors): validation ([`CodeObject::parse`]) and loading ([`CodeObject::load`]).
//! - [`engine`]: the worker pool that runs dispatches ([`Engine::run`]): work-groups spread
//!   over the cores, work-items of a group run in sequence, fibers only once a barrier or a
//!   wavefront operation is reached.
//!
//! The format and kernel ABI are documented for users in `docs/CPU_CODE_OBJECT.md`.

pub mod abi;
pub mod code_object;
pub mod engine;
mod fiber;
pub mod futex;

pub use abi::{DeviceOps, KernelDescriptor, WorkGroupFn, WorkItem, WorkItemFn};
pub use code_object::{
    CodeObject, CodeObjectError, KernelInfo, LoadedCodeObject, LoadedKernel, LoadedVariable,
    VariableInfo,
};
pub use engine::coop;
pub use engine::{
    Cooperative, Dispatch, DispatchError, Engine, EngineConfig, Kernel, Limits, MultiGrid,
};
