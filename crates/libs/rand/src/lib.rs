//! # ferrocm-rand: the RNG core under `librocrand.so` and `libhiprand.so`
//!
//! As on AMD GPUs, rocRAND is the native library and hipRAND the portable layer over it;
//! both C libraries (crates `ferrocm-rocrand-capi`, `ferrocm-hiprand-capi`) convert their
//! arguments and call [`Generator`], which checks them in rocRAND's order with its
//! statuses and hands them to the generator's [`generator::Backend`]:
//!
//! * [`cpu`]: rocRAND's engines ([`engines`]) and distributions ([`dist`], [`kernels`])
//!   reproduced bit for bit, laid out as rocRAND's host generators lay them out, filled in
//!   parallel on the rayon pool with skip-ahead, run as host functions on the
//!   generator's HIP stream;
//! * [`nvidia`]: cuRAND (loaded at run time) on the device's primary context and the
//!   generator's stream. Its numbers are cuRAND's, which differ from rocRAND's for
//!   every generator but Sobol.
//!
//! Every interaction with the HIP runtime goes through [`hip_bridge`]. [`capi`] holds what
//! both C libraries share (the export-table macro and the generator table).

pub mod capi;
pub mod cpu;
pub mod device;
pub mod dist;
pub mod engines;
pub mod error;
pub mod generator;
/// The HIP runtime underneath (shared with the other libraries).
pub use hip_bridge;
pub mod kernels;
pub mod nvidia;
pub mod types;

pub use error::{RandError, RandResult};
pub use generator::Generator;
pub use types::{Distribution, Elem, Ordering, Placement, RngType};
