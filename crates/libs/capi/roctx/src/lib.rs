//! # libroctx64.so: roctx's C ABI
//!
//! Every exported function is declared once, in [`exports`] (the export table), implemented
//! in [`api`] over crate `ferrocm-roctx`. When `rocprofv3 --marker-trace` runs the program,
//! [`profiling`] switches recording on as the library loads and writes the trace at exit;
//! otherwise markers cost a thread-local push or pop.

pub mod api;
pub mod export_table;
pub mod exports;
pub mod profiling;

pub use exports::*;
