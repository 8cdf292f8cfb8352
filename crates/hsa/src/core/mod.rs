//! Runtime objects behind HSA handles. Every function validates its handles and
//! returns the documented status; nothing here panics on bad input.

pub mod agent;
pub mod cpu;
pub mod executable;
pub mod info;
pub mod memory;
pub mod nvidia;
pub mod packet;
pub(crate) mod processor;
pub mod queue;
pub mod runtime;
pub mod signal;
