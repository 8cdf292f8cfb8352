//! Platforms under the runtime core. The CPU platform (the HSA CPU agent) is always present.

pub mod cpu;
pub mod nvidia;
