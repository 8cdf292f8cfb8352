//! # ferrocm-fft: the FFT core under `librocfft.so` and `libhipfft.so`
//!
//! As on AMD GPUs, rocFFT is the native library and hipFFT the portable layer over it:
//! both C libraries (crates `ferrocm-rocfft-capi`, `ferrocm-hipfft-capi`) turn their
//! arguments into a [`PlanDesc`] (lengths and strides innermost first, rocFFT's way) and
//! make a [`Plan`], whose backend is chosen from the platform of the process's HIP runtime:
//!
//! * [`cpu`]: rustfft + realfft, multi-dimensional and batched transforms as 1-D passes
//!   spread over rayon's workers, run as a host function on the plan's HIP stream, so a
//!   transform is ordered like a kernel;
//! * [`nvidia`]: cuFFT (loaded at run time) on the device's primary context and the
//!   stream's `CUstream`.
//!
//! Every interaction with the HIP runtime goes through [`hip_bridge`]. [`safe`] is the
//! Rust API; [`capi`] holds what both C libraries share (the export-table macro, the
//! handle tables).

pub mod capi;
pub mod cpu;
pub mod desc;
pub mod error;
/// The HIP runtime underneath (shared with the other libraries).
pub use hip_bridge;
pub mod nvidia;
pub mod plan;
pub mod safe;

pub use desc::{ArrayType, Layout, Placement, PlanDesc, Precision, TransformType};
pub use error::{FftError, FftResult};
pub use plan::{Buffers, Plan};
