//! The CPU backend: level 3 over faer, levels 1 and 2 as Rust loops. Every function here
//! runs inside work enqueued on the handle's stream, on host-visible memory (device
//! memory is host memory on the CPU platform).

pub mod level1;
pub mod level2;
pub mod level3;
pub mod packed;
pub mod rotation;
pub mod solver;
pub mod triangle;

use faer::Par;

/// Below this many multiply-adds a call runs on one thread (thread start-up would cost
/// more than it saves).
const PARALLEL_FLOPS: usize = 64 * 64 * 64;

/// The parallelism for an operation of `flops` multiply-adds: the global rayon pool
/// (one thread per core, shared with every other BLAS call) or one thread.
pub(crate) fn par_for(flops: usize) -> Par {
    if flops >= PARALLEL_FLOPS && rayon::current_num_threads() > 1 {
        Par::rayon(0)
    } else {
        Par::Seq
    }
}
