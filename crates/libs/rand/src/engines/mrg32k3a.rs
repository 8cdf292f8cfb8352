//! MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined multiple
//! recursive random number generators", OR 1999) with rocRAND's seeding and skip-ahead.
//! Jumps use the powers `A^(2^i)` of the two 3×3 recurrence matrices modulo m1 and m2
//! (offsets), `A^(2^76 * 2^i)` (subsequences) and `A^(2^127 * 2^i)` (sequences), computed
//! once on first use. The modular arithmetic reproduces rocRAND's partial reductions bit
//! for bit (its seeding keeps values that are not fully reduced).

use std::sync::OnceLock;

use super::Engine;

/// rocRAND's default MRG32k3a seed (also used for a seed of 0).
pub const DEFAULT_SEED: u64 = 12345;

pub const M1: u64 = 4_294_967_087;
const M1C: u64 = 209;
pub const M2: u64 = 4_294_944_443;
const M2C: u64 = 22_853;
const A12: u64 = 1_403_580;
const A13N: u64 = 810_728;
const A21: u64 = 527_612;
const A23N: u64 = 1_370_589;
/// `1 / m1`.
pub const NORM_DOUBLE: f64 = 2.328_306_549_837_829e-10;
/// `(2^32 - 1) / (m1 - 1)`.
pub const UINT_NORM: f64 = 1.000_000_048_661_607;

type Mat = [u64; 9];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mrg32k3a {
    g1: [u32; 3],
    g2: [u32; 3],
}

#[inline(always)]
fn mod_m1(p: u64) -> u64 {
    let p = M1C.wrapping_mul(p >> 32).wrapping_add(p & 0xffff_ffff);
    if p >= M1 {
        p - M1
    } else {
        p
    }
}

#[inline(always)]
fn mod_m2(p: u64) -> u64 {
    let p = M2C.wrapping_mul(p >> 32).wrapping_add(p & 0xffff_ffff);
    let p = M2C.wrapping_mul(p >> 32).wrapping_add(p & 0xffff_ffff);
    if p >= M2 {
        p - M2
    } else {
        p
    }
}

/// rocRAND's seeding product `i * j mod m` (computed as `(hi * 2^17 + lo) * j` with
/// wrapping 64-bit products, as its C++ does).
fn mod_mul(i: u32, j: u64, reduce: fn(u64) -> u64) -> u64 {
    let hi = u64::from(i / 131_072);
    let lo = u64::from(i) - hi * 131_072;
    let t1 = reduce(hi.wrapping_mul(j)).wrapping_mul(131_072);
    let t2 = reduce(lo.wrapping_mul(j));
    reduce(t1.wrapping_add(t2))
}

fn mat_vec(a: &Mat, s: &mut [u32; 3], reduce: fn(u64) -> u64) {
    let mut x = [0u64; 3];
    for (r, out) in x.iter_mut().enumerate() {
        *out = reduce(
            reduce(a[3 * r] * u64::from(s[0]))
                .wrapping_add(reduce(a[3 * r + 1] * u64::from(s[1])))
                .wrapping_add(reduce(a[3 * r + 2] * u64::from(s[2]))),
        );
    }
    *s = [x[0] as u32, x[1] as u32, x[2] as u32];
}

fn mat_mul(a: &Mat, b: &Mat, m: u64) -> Mat {
    let mut c = [0u64; 9];
    for i in 0..3 {
        for j in 0..3 {
            let mut acc: u128 = 0;
            for k in 0..3 {
                acc += u128::from(a[3 * i + k]) * u128::from(b[3 * k + j]);
            }
            c[3 * i + j] = (acc % u128::from(m)) as u64;
        }
    }
    c
}

/// `[A^(2^i) for i in 0..64]` starting from `a`.
fn doublings(mut a: Mat, m: u64) -> Vec<Mat> {
    let mut out = Vec::with_capacity(64);
    for _ in 0..64 {
        out.push(a);
        a = mat_mul(&a, &a, m);
    }
    out
}

fn power_of_two(a: Mat, e: u32, m: u64) -> Mat {
    let mut a = a;
    for _ in 0..e {
        a = mat_mul(&a, &a, m);
    }
    a
}

struct Tables {
    a1: [Vec<Mat>; 3],
    a2: [Vec<Mat>; 3],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let a1: Mat = [0, 1, 0, 0, 0, 1, M1 - A13N, A12, 0];
        let a2: Mat = [0, 1, 0, 0, 0, 1, M2 - A23N, 0, A21];
        let table = |a: Mat, m: u64| {
            [
                doublings(a, m),
                doublings(power_of_two(a, 76, m), m),
                doublings(power_of_two(a, 127, m), m),
            ]
        };
        Tables {
            a1: table(a1, M1),
            a2: table(a2, M2),
        }
    })
}

impl Mrg32k3a {
    /// The state of `rocrand_init(seed, subsequence, offset, &state)`.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Mrg32k3a {
        let seed = if seed == 0 { DEFAULT_SEED } else { seed };
        let x = (seed as u32) ^ 0x5555_5555;
        let y = ((seed >> 32) ^ 0xAAAA_AAAA) as u32;
        let mut e = Mrg32k3a {
            g1: [
                mod_mul(x, seed, mod_m1) as u32,
                mod_mul(y, seed, mod_m1) as u32,
                mod_mul(x, seed, mod_m1) as u32,
            ],
            g2: [
                mod_mul(y, seed, mod_m2) as u32,
                mod_mul(x, seed, mod_m2) as u32,
                mod_mul(y, seed, mod_m2) as u32,
            ],
        };
        e.jump(subsequence, 1);
        e.jump(offset, 0);
        e
    }

    fn jump(&mut self, mut n: u64, which: usize) {
        let t = tables();
        let mut i = 0;
        while n > 0 {
            if n & 1 == 1 {
                mat_vec(&t.a1[which][i], &mut self.g1, mod_m1);
                mat_vec(&t.a2[which][i], &mut self.g2, mod_m2);
            }
            n >>= 1;
            i += 1;
        }
    }

    /// `skipahead_subsequence` (2^76 steps each).
    pub fn discard_subsequence(&mut self, s: u64) {
        self.jump(s, 1);
    }

    /// One subsequence further, the step the host generator's engines are apart.
    pub fn next_subsequence(&self) -> Mrg32k3a {
        let mut e = *self;
        e.jump(1, 1);
        e
    }

    /// `skipahead_sequence` (2^127 steps each).
    pub fn discard_sequence(&mut self, s: u64) {
        self.jump(s, 2);
    }

    /// The raw output in `[1, m1]` (rocRAND's `next()`).
    #[inline(always)]
    pub fn next_raw(&mut self) -> u32 {
        let g1 = &mut self.g1;
        // `m - g` is taken modulo 2^32 as rocRAND's C++ does (its seeding can leave a
        // state word that is not reduced below m).
        let p1 = mod_m1(A12 * u64::from(g1[1]) + A13N * u64::from((M1 as u32).wrapping_sub(g1[0])))
            as u32;
        *g1 = [g1[1], g1[2], p1];
        let g2 = &mut self.g2;
        let p2 = mod_m2(A21 * u64::from(g2[2]) + A23N * u64::from((M2 as u32).wrapping_sub(g2[0])))
            as u32;
        *g2 = [g2[1], g2[2], p2];
        let m1 = if p1 <= p2 { M1 as u32 } else { 0 };
        p1.wrapping_sub(p2).wrapping_add(m1)
    }
}

/// `rocrand(&mrg32k3a_state)`: the raw output rescaled to 32 bits.
#[inline(always)]
pub fn to_uint(v: u32) -> u32 {
    (f64::from(v.wrapping_sub(1)) * UINT_NORM) as u32
}

impl Engine for Mrg32k3a {
    /// The raw output in `[1, m1]`: MRG32k3a's distributions start from it (use [`to_uint`]
    /// for `rocrand()`'s value).
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

    #[test]
    fn subsequence_table_matches_lecuyer_2_76() {
        // First row of A1^(2^76) as in L'Ecuyer's RngStreams (A1p76).
        assert_eq!(
            &tables().a1[1][0][..3],
            &[82_758_667, 1_871_391_091, 4_127_413_238]
        );
    }

    #[test]
    fn discard_equals_stepping() {
        let mut a = Mrg32k3a::new(5, 2, 0);
        let seq: Vec<u32> = (0..100).map(|_| a.next_raw()).collect();
        for off in [0u64, 1, 2, 7, 64, 99] {
            let mut b = Mrg32k3a::new(5, 2, off);
            assert_eq!(b.next_raw(), seq[off as usize]);
        }
    }
}
