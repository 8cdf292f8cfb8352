//! The pseudo-random engines, each bit-identical to rocRAND's device engine of the same
//! name (`rocrand_init(seed, subsequence, offset, &state)` then `rocrand(&state)`).
//! XORWOW, MRG32k3a and Philox4x32-10 are checked against rocRAND's own headers; MRG31k3p,
//! LFSR113 and ThreeFry, which rocRAND 5.3 (the headers available as an oracle) lacks,
//! against their authors' published definitions and known answers.

pub mod lfsr113;
pub mod mrg31k3p;
pub mod mrg32k3a;
pub mod mt19937;
pub mod philox;
pub mod sobol;
pub mod threefry;
pub mod xorwow;

pub use lfsr113::Lfsr113;
pub use mrg31k3p::Mrg31k3p;
pub use mrg32k3a::Mrg32k3a;
pub use mt19937::Mt19937;
pub use philox::Philox;
pub use threefry::{Threefry2x32, Threefry2x64, Threefry4x32, Threefry4x64};
pub use xorwow::Xorwow;

/// A 32-bit engine.
pub trait Engine: Clone + Send + Sync {
    /// The next 32-bit output (MRG32k3a: its raw value in `[1, m1]`).
    fn next_u32(&mut self) -> u32;
    /// Skips `n` outputs.
    fn discard(&mut self, n: u64);
    /// The next `out.len()` outputs.
    fn fill_u32(&mut self, out: &mut [u32]) {
        for o in out.iter_mut() {
            *o = self.next_u32();
        }
    }
}
