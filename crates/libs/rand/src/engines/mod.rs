//! The pseudo-random engines, each bit-identical to rocRAND's device engine of the same
//! name (`rocrand_init(seed, subsequence, offset, &state)` then `rocrand(&state)`).

pub mod mrg32k3a;
pub mod philox;
pub mod xorwow;

pub use mrg32k3a::Mrg32k3a;
pub use philox::Philox;
pub use xorwow::Xorwow;

/// A 32-bit engine.
pub trait Engine: Clone + Send + Sync {
    /// The next 32-bit output (MRG32k3a: its raw value in `[1, m1]`).
    fn next_u32(&mut self) -> u32;
    /// Skips `n` outputs.
    fn discard(&mut self, n: u64);
}
