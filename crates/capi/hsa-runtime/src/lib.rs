//! # libhsa-runtime64.so
//!
//! The HSA runtime C ABI (`include/hsa/hsa.h`, `include/hsa/hsa_ext_amd.h`) over
//! `ferrocm-hsa`'s core. Every entry point:
//! - is declared once, in [`exports`] (the one declaration list, which also makes the
//!   bad-input probe table), and implemented through one of the macros in [`entry`], which
//!   catch panics so that none crosses the C boundary, and map `HsaResult` onto
//!   `hsa_status_t`;
//! - checks that the runtime is initialised (`HSA_STATUS_ERROR_NOT_INITIALIZED`), except
//!   `hsa_init` and `hsa_status_string`;
//! - validates pointers and handles and returns the documented status.
//!
//! Deprecated names (`*_acquire`, `*_release`, `*_acq_rel`) are exported as separate
//! symbols with the same bodies as their `sc` counterparts.

#![allow(non_camel_case_types)]
// Every exported function is `unsafe extern "C"`: the C caller owns the pointer contracts,
// which each function documents by the HSA specification it implements.
#![allow(clippy::missing_safety_doc)]

#[macro_use]
mod entry;
mod agent;
mod amd;
mod executable;
mod init;
mod memory;
mod queue;
mod signal;
pub mod types;

pub mod exports;
pub mod profiler;

/// Every implementation the declaration list exports, by the exported name.
mod imp {
    pub(crate) use crate::agent::*;
    pub(crate) use crate::amd::*;
    pub(crate) use crate::executable::*;
    pub(crate) use crate::init::*;
    pub(crate) use crate::memory::*;
    pub(crate) use crate::queue::*;
    pub(crate) use crate::signal::*;
}
