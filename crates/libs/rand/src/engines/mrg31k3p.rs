//! MRG31k3p (L'Ecuyer and Touzin, "Fast combined multiple recursive generators with
//! multipliers of the form a = ±2^q ± 2^r", WSC 2000) with rocRAND's seeding and
//! skip-ahead:
//!
//! * `z1[n] = (2^22 z1[n-2] + (2^7 + 1) z1[n-3]) mod (2^31 - 1)`,
//! * `z2[n] = (2^15 z2[n-1] + (2^15 + 1) z2[n-3]) mod (2^31 - 21069)`,
//! * output `z1 - z2 (+ m1 when z1 <= z2)`, in `[1, m1]`.
//!
//! The state words are kept newest first (`x[0]` is `z[n-1]`), as rocRAND's engine keeps
//! them; seeding is rocRAND's (`(x * seed) mod m` of the seed's halves XOR 0x55555555 /
//! 0xAAAAAAAA, products wrapped to 64 bits), checked against rocRAND 5.7's headers. Jumps use the powers `A^(2^i)` of the two 3×3 recurrence matrices modulo m1 and
//! m2 (offsets), `A^(2^72 * 2^i)` (subsequences, L'Ecuyer's substream length) and
//! `A^(2^134 * 2^i)` (sequences, his stream length), computed once on first use.

use std::sync::OnceLock;

use super::Engine;

/// rocRAND's default MRG31k3p seed (also used for a seed of 0).
pub const DEFAULT_SEED: u64 = 12345;

pub const M1: u32 = 2_147_483_647;
pub const M2: u32 = 2_147_462_579;
const MASK12: u32 = 511;
const MASK13: u32 = 16_777_215;
const MASK21: u32 = 65_535;
/// `1 / m1`.
pub const NORM_DOUBLE: f64 = 4.656_612_875_245_797e-10;
/// `(2^32 - 1) / (m1 - 1)`.
pub const UINT_NORM: f64 = 2.000_000_001_396_984;

/// A subsequence is 2^72 outputs, a sequence 2^134.
const SUBSEQUENCE_LOG2: u32 = 72;
const SEQUENCE_LOG2: u32 = 134;

type Mat = [u64; 9];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mrg31k3p {
    x1: [u32; 3],
    x2: [u32; 3],
}

/// `s = A s` modulo `m` (each product reduced, then the sum, as rocRAND does; the state
/// stays fully reduced).
fn mat_vec(a: &Mat, s: &mut [u32; 3], m: u32) {
    let m = u64::from(m);
    let x = s.map(u64::from);
    for (r, out) in s.iter_mut().enumerate() {
        let sum: u64 = (0..3).map(|k| a[3 * r + k] * x[k] % m).sum();
        *out = (sum % m) as u32;
    }
}

fn mat_mul(a: &Mat, b: &Mat, m: u32) -> Mat {
    let mut c = [0u64; 9];
    for i in 0..3 {
        for j in 0..3 {
            let acc: u128 = (0..3)
                .map(|k| u128::from(a[3 * i + k]) * u128::from(b[3 * k + j]))
                .sum();
            c[3 * i + j] = (acc % u128::from(m)) as u64;
        }
    }
    c
}

/// `[A^(2^i) for i in 0..64]` starting from `a`.
fn doublings(mut a: Mat, m: u32) -> Vec<Mat> {
    let mut out = Vec::with_capacity(64);
    for _ in 0..64 {
        out.push(a);
        a = mat_mul(&a, &a, m);
    }
    out
}

fn power_of_two(mut a: Mat, e: u32, m: u32) -> Mat {
    for _ in 0..e {
        a = mat_mul(&a, &a, m);
    }
    a
}

struct Tables {
    a1: [Vec<Mat>; 3],
    a2: [Vec<Mat>; 3],
}

/// The one-step matrices for newest-first state vectors.
const A1: Mat = [0, 1 << 22, (1 << 7) + 1, 1, 0, 0, 0, 1, 0];
const A2: Mat = [1 << 15, 0, (1 << 15) + 1, 1, 0, 0, 0, 1, 0];

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let table = |a: Mat, m: u32| {
            [
                doublings(a, m),
                doublings(power_of_two(a, SUBSEQUENCE_LOG2, m), m),
                doublings(power_of_two(a, SEQUENCE_LOG2, m), m),
            ]
        };
        Tables {
            a1: table(A1, M1),
            a2: table(A2, M2),
        }
    })
}

impl Mrg31k3p {
    /// The state of `rocrand_init(seed, subsequence, offset, &state)`.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Mrg31k3p {
        let seed = if seed == 0 { DEFAULT_SEED } else { seed };
        let x = (seed ^ 0x5555_5555) as u32;
        let y = ((seed >> 32) ^ 0xAAAA_AAAA) as u32;
        // rocRAND's seeding product: `x * seed` wrapped to 64 bits, then reduced.
        let r = |v: u32, m: u32| (u64::from(v).wrapping_mul(seed) % u64::from(m)) as u32;
        let mut e = Mrg31k3p {
            x1: [r(x, M1), r(y, M1), r(x, M1)],
            x2: [r(y, M2), r(x, M2), r(y, M2)],
        };
        e.jump(subsequence, 1);
        e.jump(offset, 0);
        e
    }

    /// A state from its six words (newest first), for tests against the published
    /// recurrence.
    pub fn from_words(x1: [u32; 3], x2: [u32; 3]) -> Mrg31k3p {
        Mrg31k3p { x1, x2 }
    }

    fn jump(&mut self, mut n: u64, which: usize) {
        let t = tables();
        let mut i = 0;
        while n > 0 {
            if n & 1 == 1 {
                mat_vec(&t.a1[which][i], &mut self.x1, M1);
                mat_vec(&t.a2[which][i], &mut self.x2, M2);
            }
            n >>= 1;
            i += 1;
        }
    }

    /// `skipahead_subsequence` (2^72 steps each).
    pub fn discard_subsequence(&mut self, s: u64) {
        self.jump(s, 1);
    }

    /// `skipahead_sequence` (2^134 steps each).
    pub fn discard_sequence(&mut self, s: u64) {
        self.jump(s, 2);
    }

    /// One subsequence further, the step the host generator's engines are apart.
    pub fn next_subsequence(&self) -> Mrg31k3p {
        let mut e = *self;
        e.jump(1, 1);
        e
    }

    /// The raw output in `[1, m1]`: L'Ecuyer's shift-and-add form of the recurrences.
    #[inline(always)]
    pub fn next_raw(&mut self) -> u32 {
        let x1 = &mut self.x1;
        let mut t = (((x1[1] & MASK12) << 22).wrapping_add(x1[1] >> 9))
            .wrapping_add(((x1[2] & MASK13) << 7).wrapping_add(x1[2] >> 24));
        if t >= M1 {
            t -= M1;
        }
        t = t.wrapping_add(x1[2]);
        if t >= M1 {
            t = t.wrapping_sub(M1);
        }
        *x1 = [t, x1[0], x1[1]];

        let x2 = &mut self.x2;
        let mut t = ((x2[0] & MASK21) << 15).wrapping_add(21_069u32.wrapping_mul(x2[0] >> 16));
        if t >= M2 {
            t -= M2;
        }
        let mut t2 = ((x2[2] & MASK21) << 15).wrapping_add(21_069u32.wrapping_mul(x2[2] >> 16));
        if t2 >= M2 {
            t2 -= M2;
        }
        t2 = t2.wrapping_add(x2[2]);
        if t2 >= M2 {
            t2 = t2.wrapping_sub(M2);
        }
        t = t.wrapping_add(t2);
        if t >= M2 {
            t = t.wrapping_sub(M2);
        }
        *x2 = [t, x2[0], x2[1]];

        let (a, b) = (self.x1[0], self.x2[0]);
        a.wrapping_sub(b).wrapping_add(if a <= b { M1 } else { 0 })
    }
}

/// `rocrand(&mrg31k3p_state)`: the raw output rescaled to 32 bits.
#[inline(always)]
pub fn to_uint(v: u32) -> u32 {
    (f64::from(v.wrapping_sub(1)) * UINT_NORM) as u32
}

impl Engine for Mrg31k3p {
    /// The raw output in `[1, m1]` (use [`to_uint`] for `rocrand()`'s value).
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        self.next_raw()
    }

    fn discard(&mut self, n: u64) {
        self.jump(n, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recurrences as L'Ecuyer and Touzin define them, with plain modular arithmetic.
    fn reference(z1: &mut [u64; 3], z2: &mut [u64; 3]) -> u32 {
        let (m1, m2) = (u64::from(M1), u64::from(M2));
        let n1 = ((1 << 22) * z1[1] + ((1 << 7) + 1) * z1[2]) % m1;
        let n2 = ((1 << 15) * z2[0] + ((1 << 15) + 1) * z2[2]) % m2;
        *z1 = [n1, z1[0], z1[1]];
        *z2 = [n2, z2[0], z2[1]];
        if n1 > n2 {
            (n1 - n2) as u32
        } else {
            (n1 + m1 - n2) as u32
        }
    }

    #[test]
    fn shift_and_add_form_equals_the_recurrence() {
        // L'Ecuyer's default seed (all state words 12345) and a reduced rocRAND seed state.
        for (x1, x2) in [
            ([12_345u32; 3], [12_345u32; 3]),
            ([M1 - 1, 1, 77], [M2 - 1, 5, M2 - 2]),
        ] {
            let mut e = Mrg31k3p::from_words(x1, x2);
            let mut z1 = x1.map(u64::from);
            let mut z2 = x2.map(u64::from);
            for i in 0..10_000 {
                assert_eq!(e.next_raw(), reference(&mut z1, &mut z2), "step {i}");
            }
        }
    }

    #[test]
    fn discard_equals_stepping() {
        let mut a = Mrg31k3p::new(5, 2, 0);
        let seq: Vec<u32> = (0..200).map(|_| a.next_raw()).collect();
        for off in [0u64, 1, 2, 7, 64, 199] {
            let mut b = Mrg31k3p::new(5, 2, off);
            assert_eq!(b.next_raw(), seq[off as usize]);
        }
    }

    #[test]
    fn subsequence_is_2_pow_72_steps() {
        // 512 jumps of 2^63 outputs (the offset table) are one subsequence.
        let mut e = Mrg31k3p::new(9, 0, 3);
        for _ in 0..512 {
            e.discard(1 << 63);
        }
        assert_eq!(e, Mrg31k3p::new(9, 1, 3));
        assert_eq!(
            Mrg31k3p::new(9, 0, 0).next_subsequence(),
            Mrg31k3p::new(9, 1, 0)
        );
    }
}
