//! XORWOW (Marsaglia, "Xorshift RNGs", JSS 2003): a 160-bit xorshift plus a Weyl sequence,
//! seeded and skipped ahead as rocRAND does. The xorshift part is linear over GF(2), so a
//! jump of `n` steps is the state times the `n`-th power of the step matrix: the powers
//! `M^(4^i)` (offsets) and `M^(2^67 * 4^i)` (subsequences) are computed once from the
//! recurrence on first use (what rocRAND ships precomputed in `rocrand_xorwow_precomputed.h`).

use std::sync::OnceLock;

use super::Engine;

/// rocRAND's default XORWOW seed.
pub const DEFAULT_SEED: u64 = 0;

const N: usize = 5;
const BITS: usize = 32 * N;
/// Jump tables hold 32 powers, one per base-4 digit of a 64-bit count.
const JUMPS: usize = 32;
const WEYL: u32 = 362_437;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Xorwow {
    x: [u32; N],
    d: u32,
}

/// A 160×160 matrix over GF(2), stored by columns: `cols[b]` is the image of state bit `b`.
#[derive(Clone)]
struct Gf2Matrix {
    cols: Box<[[u32; N]; BITS]>,
}

#[inline(always)]
fn step(x: &mut [u32; N]) {
    let t = x[0] ^ (x[0] >> 2);
    x[0] = x[1];
    x[1] = x[2];
    x[2] = x[3];
    x[3] = x[4];
    x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
}

impl Gf2Matrix {
    fn step_matrix() -> Gf2Matrix {
        let mut cols = Box::new([[0u32; N]; BITS]);
        for (b, col) in cols.iter_mut().enumerate() {
            let mut v = [0u32; N];
            v[b / 32] = 1 << (b % 32);
            step(&mut v);
            *col = v;
        }
        Gf2Matrix { cols }
    }

    #[inline]
    fn apply(&self, v: &[u32; N]) -> [u32; N] {
        let mut r = [0u32; N];
        for (w, &word) in v.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = &self.cols[w * 32 + b];
                for k in 0..N {
                    r[k] ^= c[k];
                }
            }
        }
        r
    }

    /// `self * other`.
    fn mul(&self, other: &Gf2Matrix) -> Gf2Matrix {
        let mut cols = Box::new([[0u32; N]; BITS]);
        for (b, col) in cols.iter_mut().enumerate() {
            *col = self.apply(&other.cols[b]);
        }
        Gf2Matrix { cols }
    }
}

struct JumpTables {
    /// `M^(4^i)`.
    offset: Vec<Gf2Matrix>,
    /// `M^(2^67 * 4^i)`.
    subsequence: Vec<Gf2Matrix>,
}

fn powers_of_four(mut m: Gf2Matrix) -> Vec<Gf2Matrix> {
    let mut out = Vec::with_capacity(JUMPS);
    for _ in 0..JUMPS {
        let sq = m.mul(&m);
        let next = sq.mul(&sq);
        out.push(m);
        m = next;
    }
    out
}

fn tables() -> &'static JumpTables {
    static T: OnceLock<JumpTables> = OnceLock::new();
    T.get_or_init(|| {
        let m = Gf2Matrix::step_matrix();
        let mut p67 = m.clone();
        for _ in 0..67 {
            p67 = p67.mul(&p67);
        }
        JumpTables {
            offset: powers_of_four(m),
            subsequence: powers_of_four(p67),
        }
    })
}

/// Applies `M^v` digit by digit in base 4 (rocRAND's order; the powers commute, so the
/// order only matters for speed).
fn jump(x: &mut [u32; N], mut v: u64, table: &[Gf2Matrix]) {
    let mut i = 0;
    while v > 0 {
        for _ in 0..(v & 3) {
            *x = table[i].apply(x);
        }
        i += 1;
        v >>= 2;
    }
}

impl Xorwow {
    /// The state of `rocrand_init(seed, subsequence, offset, &state)`.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Xorwow {
        let s0 = (seed as u32) ^ 0x2c7f_967f;
        let s1 = ((seed >> 32) as u32) ^ 0xa036_97cb;
        let t0 = 1_228_688_033u32.wrapping_mul(s0);
        let t1 = 2_073_658_381u32.wrapping_mul(s1);
        let mut e = Xorwow {
            x: [
                123_456_789u32.wrapping_add(t0),
                362_436_069u32 ^ t0,
                521_288_629u32.wrapping_add(t1),
                88_675_123u32 ^ t1,
                5_783_321u32.wrapping_add(t0),
            ],
            d: 6_615_241u32.wrapping_add(t1).wrapping_add(t0),
        };
        e.discard_subsequence(subsequence);
        e.discard(offset);
        e
    }

    /// `skipahead_subsequence`: `2^67 * s` steps (the Weyl part moves by a multiple of
    /// 2^32, i.e. not at all).
    pub fn discard_subsequence(&mut self, s: u64) {
        jump(&mut self.x, s, &tables().subsequence);
    }

    /// One subsequence further, the step the host generator's engines are apart.
    pub fn next_subsequence(&self) -> Xorwow {
        Xorwow {
            x: tables().subsequence[0].apply(&self.x),
            d: self.d,
        }
    }
}

impl Engine for Xorwow {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        step(&mut self.x);
        self.d = self.d.wrapping_add(WEYL);
        self.d.wrapping_add(self.x[4])
    }

    fn discard(&mut self, n: u64) {
        jump(&mut self.x, n, &tables().offset);
        self.d = self.d.wrapping_add((n as u32).wrapping_mul(WEYL));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discard_equals_stepping() {
        let mut a = Xorwow::new(1234, 0, 0);
        let seq: Vec<u32> = (0..300).map(|_| a.next_u32()).collect();
        for off in [0u64, 1, 2, 3, 4, 5, 17, 64, 255] {
            let mut b = Xorwow::new(1234, 0, off);
            assert_eq!(b.next_u32(), seq[off as usize], "offset {off}");
        }
    }

    #[test]
    fn next_subsequence_equals_init() {
        let e0 = Xorwow::new(99, 0, 5);
        assert_eq!(e0.next_subsequence(), Xorwow::new(99, 1, 5));
        assert_eq!(
            e0.next_subsequence().next_subsequence(),
            Xorwow::new(99, 2, 5)
        );
    }
}
