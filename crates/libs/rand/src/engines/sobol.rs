//! Sobol32 and Sobol64 (Bratley & Fox's Gray-code construction) with the direction
//! vectors rocRAND uses: Joe & Kuo's "new-joe-kuo-6" parameters (primitive polynomials and
//! initial direction numbers, taken from the `sobol` crate's copy of the published file)
//! expanded to 32 or 64 bits for rocRAND's 20000 dimensions, once, on first use. Dimension
//! 0 is the van der Corput sequence. Point `i` of a dimension is the XOR of the vectors of
//! the set bits of `i`'s Gray code; point 0 is 0.

use std::sync::OnceLock;

/// rocRAND's number of Sobol dimensions.
pub const DIMENSIONS: usize = 20_000;

/// Joe-Kuo parameters of dimensions 1.. (`(s, a, m_1..m_s)`).
fn params() -> &'static [(usize, u32, Vec<u32>)] {
    static P: OnceLock<Vec<(usize, u32, Vec<u32>)>> = OnceLock::new();
    P.get_or_init(|| {
        sobol::params::JoeKuoD6::extended()
            .dim_params
            .into_iter()
            .take(DIMENSIONS - 1)
            .map(|p| (p.m.len(), p.a, p.m))
            .collect()
    })
}

/// The `bits` direction vectors of every dimension (dimension-major), as `u64` words
/// holding `bits`-bit values.
fn expand(bits: u32) -> Vec<u64> {
    let n = bits as usize;
    let mut out = vec![0u64; DIMENSIONS * n];
    for (j, v) in out[..n].iter_mut().enumerate() {
        *v = 1u64 << (bits - 1 - j as u32);
    }
    for (d, (s, a, m)) in params().iter().enumerate() {
        let v = &mut out[(d + 1) * n..(d + 2) * n];
        let s = *s;
        for i in 0..n.min(s) {
            v[i] = u64::from(m[i]) << (bits - 1 - i as u32);
        }
        for i in s..n {
            let mut x = v[i - s] ^ (v[i - s] >> s);
            for k in 1..s {
                if (a >> (s - 1 - k)) & 1 == 1 {
                    x ^= v[i - k];
                }
            }
            v[i] = x;
        }
    }
    out
}

/// `rocrand_get_direction_vectors32(ROCRAND_DIRECTION_VECTORS_32_JOEKUO6)`: 32 per dimension.
pub fn vectors32() -> &'static [u32] {
    static V: OnceLock<Vec<u32>> = OnceLock::new();
    V.get_or_init(|| expand(32).into_iter().map(|v| v as u32).collect())
}

/// `rocrand_get_direction_vectors64(ROCRAND_DIRECTION_VECTORS_64_JOEKUO6)`: 64 per dimension.
pub fn vectors64() -> &'static [u64] {
    static V: OnceLock<Vec<u64>> = OnceLock::new();
    V.get_or_init(|| expand(64))
}

/// A Sobol engine over one dimension's direction vectors (`u32` or `u64` points).
#[derive(Debug, Clone, Copy)]
pub struct Sobol<T: 'static> {
    vectors: &'static [T],
    index: u64,
    value: T,
}

macro_rules! sobol_impl {
    ($t:ty) => {
        impl Sobol<$t> {
            /// `rocrand_init(vectors, offset, &state)`: at point `offset`.
            pub fn new(vectors: &'static [$t], offset: u64) -> Self {
                let mut e = Sobol {
                    vectors,
                    index: 0,
                    value: 0,
                };
                e.seek(offset);
                e
            }

            /// Moves to point `index` (rocRAND's `discard_state(offset)` from 0).
            pub fn seek(&mut self, index: u64) {
                self.index = index;
                let g = index ^ (index >> 1);
                self.value = 0;
                for (b, v) in self.vectors.iter().enumerate().take(64) {
                    if (g >> b) & 1 == 1 {
                        self.value ^= v;
                    }
                }
            }

            /// `rocrand(&state)`: the current point, then the next one.
            #[inline]
            pub fn next_point(&mut self) -> $t {
                let p = self.value;
                let z = (!self.index).trailing_zeros() as usize;
                self.value ^= self.vectors[z.min(self.vectors.len() - 1)];
                self.index += 1;
                p
            }
        }
    };
}
sobol_impl!(u32);
sobol_impl!(u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_vectors_and_points() {
        let v = vectors32();
        assert_eq!(v.len(), DIMENSIONS * 32);
        // Dimension 1 (x + 1): 0x80000000, 0xc0000000, 0xa0000000, 0xf0000000, ...
        assert_eq!(
            &v[32..36],
            &[0x8000_0000, 0xc000_0000, 0xa000_0000, 0xf000_0000]
        );
        // Dimension 2 (x^2 + x + 1, m = 1, 3).
        assert_eq!(
            &v[64..68],
            &[0x8000_0000, 0xc000_0000, 0x6000_0000, 0x9000_0000]
        );
        let mut s = Sobol::<u32>::new(&v[..32], 0);
        let pts: Vec<u32> = (0..4).map(|_| s.next_point()).collect();
        assert_eq!(pts, [0, 0x8000_0000, 0xc000_0000, 0x4000_0000]);
        let mut t = Sobol::<u32>::new(&v[..32], 3);
        assert_eq!(t.next_point(), 0x4000_0000);
        assert_eq!(vectors64()[64], 1u64 << 63);
    }
}
