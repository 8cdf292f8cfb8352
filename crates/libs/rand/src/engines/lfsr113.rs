//! LFSR113 (L'Ecuyer, "Tables of maximally equidistributed combined LFSR generators",
//! Math. Comp. 68, 1999): four Tausworthe components of 31, 29, 28 and 25 bits, output
//! their XOR. Seeded from four 32-bit words that must exceed 1, 7, 15 and 127 (the host
//! generators raise a smaller word by that bound, as rocRAND's do), one subsequence is 2^55
//! outputs.
//!
//! Each component is linear over GF(2), so a jump of `n` steps multiplies it by the
//! `n`-th power of its 32×32 step matrix: the powers `M^(2^i)` (offsets) and
//! `M^(2^55 * 2^i)` (subsequences) are computed once from the recurrences on first use.

use std::sync::OnceLock;

use super::Engine;

/// rocRAND's default LFSR113 seed (`ROCRAND_LFSR113_DEFAULT_SEED_X..W`).
pub const DEFAULT_SEED: [u32; 4] = [2, 8, 16, 128];
/// The smallest valid word of each component, plus one.
const MIN: [u32; 4] = [2, 8, 16, 128];
const SUBSEQUENCE_LOG2: u32 = 55;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lfsr113 {
    z: [u32; 4],
}

/// One step of the four components (L'Ecuyer's `lfsr113_Bits`, without the output).
#[inline(always)]
fn step(z: &mut [u32; 4]) {
    let b = ((z[0] << 6) ^ z[0]) >> 13;
    z[0] = ((z[0] & 0xFFFF_FFFE) << 18) ^ b;
    let b = ((z[1] << 2) ^ z[1]) >> 27;
    z[1] = ((z[1] & 0xFFFF_FFF8) << 2) ^ b;
    let b = ((z[2] << 13) ^ z[2]) >> 21;
    z[2] = ((z[2] & 0xFFFF_FFF0) << 7) ^ b;
    let b = ((z[3] << 3) ^ z[3]) >> 12;
    z[3] = ((z[3] & 0xFFFF_FF80) << 13) ^ b;
}

/// A 32×32 matrix over GF(2) by columns (`cols[b]` is the image of bit `b`).
type Gf2 = [u32; 32];

#[inline]
fn apply(m: &Gf2, v: u32) -> u32 {
    let mut r = 0;
    let mut bits = v;
    while bits != 0 {
        let b = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        r ^= m[b];
    }
    r
}

fn mul(a: &Gf2, b: &Gf2) -> Gf2 {
    let mut c = [0u32; 32];
    for (k, col) in c.iter_mut().enumerate() {
        *col = apply(a, b[k]);
    }
    c
}

/// The step matrix of component `c`.
fn step_matrix(c: usize) -> Gf2 {
    let mut m = [0u32; 32];
    for (b, col) in m.iter_mut().enumerate() {
        let mut z = [0u32; 4];
        z[c] = 1 << b;
        step(&mut z);
        *col = z[c];
    }
    m
}

struct Tables {
    /// `[component][kind][i]`: kind 0 = `M^(2^i)`, kind 1 = `M^(2^55 * 2^i)`.
    powers: [[Vec<Gf2>; 2]; 4],
}

fn doublings(mut m: Gf2) -> Vec<Gf2> {
    let mut out = Vec::with_capacity(64);
    for _ in 0..64 {
        out.push(m);
        m = mul(&m, &m);
    }
    out
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let component = |c: usize| {
            let m = step_matrix(c);
            let mut far = m;
            for _ in 0..SUBSEQUENCE_LOG2 {
                far = mul(&far, &far);
            }
            [doublings(m), doublings(far)]
        };
        Tables {
            powers: [component(0), component(1), component(2), component(3)],
        }
    })
}

impl Lfsr113 {
    /// The state of `rocrand_init(seed, subsequence, &state)` (the words as given: the
    /// device API does not check them).
    pub fn new(seed: [u32; 4], subsequence: u64) -> Lfsr113 {
        let mut e = Lfsr113 { z: seed };
        e.jump(subsequence, 1);
        e
    }

    /// The host generators' seed check (`rocrand_set_seed_uint4`): a word below 2, 8, 16
    /// or 128 is raised by 1, 7, 15 or 127.
    pub fn raise_seed(seed: [u32; 4]) -> [u32; 4] {
        let mut z = seed;
        for (w, min) in z.iter_mut().zip(MIN) {
            if *w < min {
                *w += min - 1;
            }
        }
        z
    }

    /// The host generator's words for a 64-bit seed: its low and high halves as the first
    /// and second words, the defaults as the third and fourth.
    pub fn seed_words(seed: u64) -> [u32; 4] {
        [
            seed as u32,
            (seed >> 32) as u32,
            DEFAULT_SEED[2],
            DEFAULT_SEED[3],
        ]
    }

    fn jump(&mut self, mut n: u64, kind: usize) {
        let t = tables();
        let mut i = 0;
        while n > 0 {
            if n & 1 == 1 {
                for c in 0..4 {
                    self.z[c] = apply(&t.powers[c][kind][i], self.z[c]);
                }
            }
            n >>= 1;
            i += 1;
        }
    }

    /// `skipahead_subsequence` (2^55 outputs each).
    pub fn discard_subsequence(&mut self, s: u64) {
        self.jump(s, 1);
    }

    /// One subsequence further, the step the host generator's engines are apart.
    pub fn next_subsequence(&self) -> Lfsr113 {
        let mut e = *self;
        e.jump(1, 1);
        e
    }
}

impl Engine for Lfsr113 {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        step(&mut self.z);
        self.z[0] ^ self.z[1] ^ self.z[2] ^ self.z[3]
    }

    fn discard(&mut self, n: u64) {
        self.jump(n, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lecuyer_reference_code_seed_987654321() {
        // L'Ecuyer's lfsr113.c seeds every component with 987654321; its first outputs,
        // computed with the published recurrence written out independently here.
        let mut e = Lfsr113::new([987_654_321; 4], 0);
        let (mut z1, mut z2, mut z3, mut z4) = (
            987_654_321u32,
            987_654_321u32,
            987_654_321u32,
            987_654_321u32,
        );
        for _ in 0..1000 {
            let b = ((z1 << 6) ^ z1) >> 13;
            z1 = ((z1 & 4_294_967_294) << 18) ^ b;
            let b = ((z2 << 2) ^ z2) >> 27;
            z2 = ((z2 & 4_294_967_288) << 2) ^ b;
            let b = ((z3 << 13) ^ z3) >> 21;
            z3 = ((z3 & 4_294_967_280) << 7) ^ b;
            let b = ((z4 << 3) ^ z4) >> 12;
            z4 = ((z4 & 4_294_967_168) << 13) ^ b;
            assert_eq!(e.next_u32(), z1 ^ z2 ^ z3 ^ z4);
        }
    }

    #[test]
    fn small_seed_words_are_raised() {
        assert_eq!(Lfsr113::raise_seed([0, 7, 15, 127]), [1, 14, 30, 254]);
        assert_eq!(Lfsr113::raise_seed([2, 8, 16, 128]), [2, 8, 16, 128]);
    }

    #[test]
    fn discard_equals_stepping() {
        let mut a = Lfsr113::new([12, 345, 6789, 101_112], 3);
        let seq: Vec<u32> = (0..300).map(|_| a.next_u32()).collect();
        for off in [0u64, 1, 2, 31, 64, 299] {
            let mut b = Lfsr113::new([12, 345, 6789, 101_112], 3);
            b.discard(off);
            assert_eq!(b.next_u32(), seq[off as usize], "offset {off}");
        }
    }

    #[test]
    fn subsequence_is_2_pow_55_steps() {
        let mut e = Lfsr113::new(DEFAULT_SEED, 0);
        for _ in 0..128 {
            e.discard(1 << 48);
        }
        assert_eq!(e, Lfsr113::new(DEFAULT_SEED, 1));
        assert_eq!(e, Lfsr113::new(DEFAULT_SEED, 0).next_subsequence());
    }
}
