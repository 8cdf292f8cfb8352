//! The C ABI of the built `libhiprtc.so` on the CPU platform: the suite of `suite/mod.rs`,
//! instantiated for [`Platform::Cpu`] (`nvidia_platform.rs` instantiates it for NVIDIA).

mod suite;

use suite::Platform;

suite::instantiate!(Platform::Cpu);
