//! # ferrocm-blas: the BLAS core under `librocblas.so` and `libhipblas.so`
//!
//! As on AMD GPUs, rocBLAS is the native library and hipBLAS the portable layer over it:
//! both C libraries (crates `ferrocm-rocblas-capi`, `ferrocm-hipblas-capi`) convert their
//! arguments and call the operations here ([`ops`]), which validate them in rocBLAS's
//! order with its statuses and hand them to the handle's backend:
//!
//! * [`cpu`]: faer for level 3, Rust loops (rayon for long vectors) for levels 1 and 2,
//!   run as host functions on the handle's HIP stream, so a BLAS call is ordered like a
//!   kernel: after earlier work on the stream, before later work, asynchronous to the host
//!   (results returned in host pointer mode wait for the stream);
//! * [`nvidia`]: cuBLAS on the device's primary context and the stream's `CUstream`.
//!
//! Every interaction with the HIP runtime goes through [`hip_bridge`]. [`safe`] is the
//! Rust API; [`capi`] holds what both C libraries share (the export-table macro).

pub mod args;
pub mod capi;
pub mod cpu;
pub mod error;
pub mod handle;
/// The HIP runtime underneath (shared with the other libraries).
pub use hip_bridge;
pub mod nvidia;
pub mod ops;
pub mod safe;
pub mod scalar;
pub mod types;

pub use error::{BlasError, BlasResult};
pub use handle::Handle;
pub use safe::{Blas, GemmConfig};
pub use scalar::{Scalar, C32, C64};
pub use types::{Diag, Fill, Operation, PointerMode, Side};
