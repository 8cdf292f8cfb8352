//! The backend traits: what a platform provides to the HIP runtime core, one trait per area
//! of the API (CubeCL's `Runtime`/`ComputeServer` split). A process runs on one platform,
//! chosen once ([`crate::platform::current`]); [`backend`] hands out its implementation:
//!
//! * `platform::cpu::Cpu`: the HSA CPU agent (streams are AQL queues, kernels run on the
//!   CPU engine);
//! * `platform::nvidia::Nvidia`: NVIDIA GPUs through the CUDA driver.
//!
//! The C ABI (`libamdhip64.so`) and the safe Rust API call the backend and nothing
//! platform-specific: no `if platform` branch above this line. Methods take HIP's values
//! (device ordinals, the C handles as opaque pointers) and return HIP's errors; each
//! backend checks the handles it is given (a destroyed or bogus handle is an error, never a
//! crash).

use crate::platform::{self, Platform};

pub mod device;
pub mod external;
pub mod graph;
pub mod ipc;
pub mod launch;
pub mod memop;
pub mod memory;
pub mod mempool;
pub mod module;
pub mod peer;
pub mod pointer;
pub mod stream;
pub mod texture;
pub mod vmm;

pub use device::DeviceBackend;
pub use external::ExternalBackend;
pub use graph::GraphBackend;
pub use ipc::IpcBackend;
pub use launch::{FuncAttributes, LaunchBackend};
pub use memop::StreamMemOpBackend;
pub use memory::MemoryBackend;
pub use mempool::MemPoolBackend;
pub use module::ModuleBackend;
pub use peer::PeerBackend;
pub use pointer::PointerBackend;
pub use stream::{EventBackend, StreamBackend};
pub use texture::TextureBackend;
pub use vmm::VmmBackend;

/// Everything a platform provides.
pub trait Backend:
    DeviceBackend
    + StreamBackend
    + EventBackend
    + MemoryBackend
    + MemPoolBackend
    + GraphBackend
    + ModuleBackend
    + LaunchBackend
    + TextureBackend
    + PeerBackend
    + StreamMemOpBackend
    + PointerBackend
    + IpcBackend
    + VmmBackend
    + ExternalBackend
    + Sync
{
}

impl<T> Backend for T where
    T: DeviceBackend
        + StreamBackend
        + EventBackend
        + MemoryBackend
        + MemPoolBackend
        + GraphBackend
        + ModuleBackend
        + LaunchBackend
        + TextureBackend
        + PeerBackend
        + StreamMemOpBackend
        + PointerBackend
        + IpcBackend
        + VmmBackend
        + ExternalBackend
        + Sync
{
}

/// The backend of the platform this process runs on (chosen on first use: see
/// [`crate::platform::current`]). One atomic load once chosen.
#[inline]
pub fn backend() -> &'static dyn Backend {
    match platform::current() {
        Platform::Cpu => &platform::cpu::Cpu,
        Platform::Nvidia => &platform::nvidia::Nvidia,
    }
}

/// An opaque C handle (`hipStream_t`, `hipEvent_t`, ...) as the program holds it: the
/// backend that made it knows what it is (a registry number on the CPU, the driver's own
/// handle on NVIDIA).
pub type Handle = *mut std::ffi::c_void;
