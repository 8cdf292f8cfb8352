//! # ferrocm-hsa: the HSA runtime (ROCR counterpart)
//!
//! Agents, signals, AQL user-mode queues, memory regions and pools, code objects and
//! executables, with a **CPU agent that executes kernels**: each queue has a packet
//! processor that follows the HSA packet rules and runs kernel-dispatch packets on
//! the CPU kernel engine (`ferrocm-cpu-engine`). When a CUDA driver is present, every
//! NVIDIA GPU is a GPU agent too, whose queues turn AQL packets into CUDA stream
//! operations (`docs/HSA-NVIDIA.md`).
//!
//! Layers:
//! - [`core`]: the runtime's objects addressed by HSA handles (`u64`), validated on every
//!   use. `libhsa-runtime64.so` (crate `ferrocm-hsa-capi`) is a thin C ABI over it.
//! - the safe API re-exported at the crate root: [`Runtime`] (an init/shutdown guard),
//!   [`Agent`], [`Signal`], [`Queue`] with typed packet writers, memory as RAII
//!   allocations, and [`Executable`].

pub mod core;
pub mod status;
pub mod time;

pub mod agent;
pub mod executable;
pub mod memory;
pub mod queue;
pub mod runtime;
pub mod signal;

pub use agent::{Agent, AgentFeatures, Cache, DeviceType, Isa, QueueType};
pub use core::nvidia::driver::disable_gpu_agents;
pub use executable::{CodeObjectReader, Executable, KernelSymbol, Symbol, SymbolKind};
pub use memory::{
    DeviceBuffer, DeviceCopy, GlobalFlags, KernargBuilder, MemoryPool, PoolBuffer, PoolLocation,
    Region, Segment,
};
pub use queue::{AgentDispatch, FenceScope, Kernarg, KernelDispatch, PacketHeader, Queue};
pub use runtime::{Endianness, FloatRoundingMode, MachineModel, Profile, Runtime};
pub use signal::{Signal, SignalGroup};
pub use status::{HsaError, HsaResult, Status};
