//! The CPU agent's packet processor (its kernel engine is the `ferrocm-cpu-engine` crate).

pub mod doorbell;
pub mod processor;
