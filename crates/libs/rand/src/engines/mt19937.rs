//! MT19937 (Matsumoto and Nishimura, "Mersenne Twister: a 623-dimensionally
//! equidistributed uniform pseudo-random number generator", ACM TOMACS 1998): the
//! reference `init_genrand` / `genrand_int32` sequence, one word at a time.
//!
//! Jump-ahead (Haramoto et al., "Efficient jump ahead for F2-linear random number
//! generators", INFORMS J. Computing 2008): the characteristic polynomial φ of the
//! recurrence (degree 19937) is found once by Berlekamp-Massey from the generator's own
//! output bits; `n` steps ahead is `g(T) s` with `g = x^n mod φ`, evaluated by Horner's
//! rule on the state (one step and one state XOR per coefficient).

use std::sync::OnceLock;

use super::Engine;

/// rocRAND's default MT19937 seed (its C++ wrapper's `mt19937` typedef: 0).
pub const DEFAULT_SEED: u64 = 0;
/// The reference code's default seed (`mt19937ar.c`, `std::mt19937`).
pub const REFERENCE_SEED: u64 = 5489;

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;
/// The dimension of the state space (the degree of φ).
const DEGREE: usize = 19_937;
/// Below this many steps a jump steps directly (Horner costs about 20k steps and 10k
/// state XORs whatever the distance).
const DIRECT_JUMP: u64 = 1 << 20;

/// The state: 624 words in a ring, `pos` the oldest (the next to be replaced).
#[derive(Clone, PartialEq, Eq)]
pub struct Mt19937 {
    mt: Box<[u32; N]>,
    pos: usize,
}

impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Mt19937 {{ pos: {}, mt[pos]: {:#x} }}",
            self.pos, self.mt[self.pos]
        )
    }
}

#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

impl Mt19937 {
    /// `init_genrand` of the 32-bit seed `(seed >> 32) ^ seed` (rocRAND folds its 64-bit
    /// seed so).
    pub fn new(seed: u64) -> Mt19937 {
        let mut mt = Box::new([0u32; N]);
        mt[0] = ((seed >> 32) ^ seed) as u32;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { mt, pos: 0 }
    }

    /// One step of the recurrence: replaces the oldest word, returns the new (untempered)
    /// word.
    #[inline(always)]
    fn step(&mut self) -> u32 {
        let i = self.pos;
        let i1 = if i + 1 == N { 0 } else { i + 1 };
        let im = if i + M >= N { i + M - N } else { i + M };
        let y = (self.mt[i] & UPPER) | (self.mt[i1] & LOWER);
        let w = self.mt[im] ^ (y >> 1) ^ if y & 1 == 1 { MATRIX_A } else { 0 };
        self.mt[i] = w;
        self.pos = i1;
        w
    }

    /// The whole 624-word block of the reference code (`pos` is 0 before and after).
    fn twist_block(&mut self) {
        let mt = &mut self.mt;
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        for k in 0..N - M {
            let y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
            mt[k] = mt[k + M] ^ (y >> 1) ^ mag(y);
        }
        for k in N - M..N - 1 {
            let y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
            mt[k] = mt[k + M - N] ^ (y >> 1) ^ mag(y);
        }
        let y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag(y);
    }

    /// Fills `out` with the next outputs (whole blocks of the reference code where the
    /// ring is aligned, single steps elsewhere).
    pub fn fill(&mut self, out: &mut [u32]) {
        let mut rest = out;
        while !rest.is_empty() {
            if self.pos == 0 && rest.len() >= N {
                self.twist_block();
                let (block, tail) = rest.split_at_mut(N);
                for (o, &w) in block.iter_mut().zip(self.mt.iter()) {
                    *o = temper(w);
                }
                rest = tail;
            } else {
                let (first, tail) = rest.split_at_mut(1);
                first[0] = temper(self.step());
                rest = tail;
            }
        }
    }

    /// `self ^= other`, word for word in ring order.
    fn xor_state(&mut self, other: &Mt19937) {
        for k in 0..N {
            let a = (self.pos + k) % N;
            let b = (other.pos + k) % N;
            self.mt[a] ^= other.mt[b];
        }
    }

    /// Moves `n` steps ahead.
    pub fn jump(&mut self, n: u64) {
        if n < DIRECT_JUMP {
            for _ in 0..n {
                self.step();
            }
            return;
        }
        // The low 31 bits of the oldest word never influence the sequence: one plain step
        // drops them, so the state lies in the subspace φ acts on.
        self.step();
        let g = x_pow_mod(n - 1, phi());
        let s = self.clone();
        let mut acc = Mt19937 {
            mt: Box::new([0u32; N]),
            pos: 0,
        };
        for k in (0..=degree(&g)).rev() {
            acc.step();
            if bit(&g, k) {
                acc.xor_state(&s);
            }
        }
        *self = acc;
    }
}

impl Engine for Mt19937 {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        temper(self.step())
    }

    fn fill_u32(&mut self, out: &mut [u32]) {
        self.fill(out);
    }

    fn discard(&mut self, n: u64) {
        self.jump(n);
    }
}

// Polynomials over GF(2): bit k of word k / 64 is the coefficient of x^k.
type Poly = Vec<u64>;

#[inline]
fn bit(p: &[u64], k: usize) -> bool {
    p.get(k / 64).is_some_and(|w| (w >> (k % 64)) & 1 == 1)
}

fn degree(p: &[u64]) -> usize {
    for (i, &w) in p.iter().enumerate().rev() {
        if w != 0 {
            return i * 64 + 63 - w.leading_zeros() as usize;
        }
    }
    0
}

/// `p mod phi` (`phi` of degree [`DEGREE`], `p` of any degree), in place.
fn reduce(p: &mut Poly, phi: &[u64]) {
    let d = DEGREE;
    let mut top = degree(p);
    while top >= d {
        if bit(p, top) {
            // p ^= phi << (top - d)
            let shift = top - d;
            let (ws, bs) = (shift / 64, shift % 64);
            for (i, &w) in phi.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                p[i + ws] ^= w << bs;
                if bs != 0 && i + ws + 1 < p.len() {
                    p[i + ws + 1] ^= w >> (64 - bs);
                }
            }
        }
        if top == 0 {
            break;
        }
        top -= 1;
    }
    p.truncate(d / 64 + 1);
}

/// `p^2` (spreads the bits: squaring is linear over GF(2)).
fn square(p: &[u64]) -> Poly {
    let spread = |w: u32| -> u64 {
        let mut x = u64::from(w);
        x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
        x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff;
        x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        (x | (x << 1)) & 0x5555_5555_5555_5555
    };
    let mut out = vec![0u64; 2 * p.len() + 1];
    for (i, &w) in p.iter().enumerate() {
        out[2 * i] = spread(w as u32);
        out[2 * i + 1] = spread((w >> 32) as u32);
    }
    out
}

/// `x^n mod phi`.
fn x_pow_mod(n: u64, phi: &[u64]) -> Poly {
    let mut r: Poly = vec![0u64; DEGREE / 64 + 1];
    r[0] = 1;
    for i in (0..64 - n.leading_zeros()).rev() {
        r = square(&r);
        reduce(&mut r, phi);
        if (n >> i) & 1 == 1 {
            // r *= x
            let mut carry = 0u64;
            for w in r.iter_mut() {
                let next = *w >> 63;
                *w = (*w << 1) | carry;
                carry = next;
            }
            r.push(carry);
            reduce(&mut r, phi);
        }
    }
    r
}

/// The characteristic polynomial of MT19937's recurrence, by Berlekamp-Massey over
/// 2 × 19937 output bits (φ is irreducible, so any nonzero output bit sequence has it as
/// its minimal polynomial).
fn phi() -> &'static [u64] {
    static PHI: OnceLock<Poly> = OnceLock::new();
    PHI.get_or_init(|| {
        let len = 2 * DEGREE;
        let mut e = Mt19937::new(REFERENCE_SEED);
        // The sequence reversed, so that the discrepancy is a word-wise dot product.
        let words = len.div_ceil(64) + 1;
        let mut rev = vec![0u64; words + 1];
        for n in 0..len {
            if e.step() & 1 == 1 {
                let j = len - 1 - n;
                rev[j / 64] |= 1 << (j % 64);
            }
        }
        // Connection polynomial C (C[0] = 1) and the previous one B.
        let mut c = vec![0u64; words];
        let mut b = vec![0u64; words];
        c[0] = 1;
        b[0] = 1;
        let (mut l, mut m) = (0usize, 1usize);
        for n in 0..len {
            // d = sum_{i=0..l} C[i] s[n-i] = sum_i C[i] rev[len-1-n+i].
            let o = len - 1 - n;
            let (wo, bo) = (o / 64, o % 64);
            let mut d = 0u64;
            for (i, &ci) in c.iter().enumerate().take(n / 64 + 2) {
                let lo = rev.get(wo + i).copied().unwrap_or(0) >> bo;
                let hi = if bo == 0 {
                    0
                } else {
                    rev.get(wo + i + 1).copied().unwrap_or(0) << (64 - bo)
                };
                d ^= ci & (lo | hi);
            }
            if d.count_ones() % 2 == 0 {
                m += 1;
                continue;
            }
            let t = if 2 * l <= n { Some(c.clone()) } else { None };
            let (ws, bs) = (m / 64, m % 64);
            for i in 0..words - ws {
                c[i + ws] ^= b[i] << bs;
                if bs != 0 && i + ws + 1 < words {
                    c[i + ws + 1] ^= b[i] >> (64 - bs);
                }
            }
            if let Some(t) = t {
                l = n + 1 - l;
                b = t;
                m = 1;
            } else {
                m += 1;
            }
        }
        // φ(x) = x^l C(1/x).
        let mut p = vec![0u64; l / 64 + 1];
        for k in 0..=l {
            if bit(&c, l - k) {
                p[k / 64] |= 1 << (k % 64);
            }
        }
        p
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_outputs() {
        // mt19937ar.c's init_genrand(5489): the first output, and the C++ standard's
        // check that std::mt19937's 10000th output is 4123659995.
        let mut e = Mt19937::new(REFERENCE_SEED);
        assert_eq!(e.next_u32(), 3_499_211_612);
        let mut e = Mt19937::new(REFERENCE_SEED);
        e.discard(9999);
        assert_eq!(e.next_u32(), 4_123_659_995);
    }

    #[test]
    fn block_fill_equals_single_steps() {
        let mut a = Mt19937::new(7);
        let mut b = a.clone();
        let mut bulk = vec![0u32; 3 * N + 17];
        a.fill(&mut bulk[..5]);
        a.fill(&mut bulk[5..]);
        let single: Vec<u32> = (0..bulk.len()).map(|_| b.next_u32()).collect();
        assert_eq!(bulk, single);
    }

    #[test]
    fn characteristic_polynomial_has_degree_19937() {
        let p = phi();
        assert_eq!(degree(p), DEGREE);
        assert!(bit(p, 0), "φ(0) = 1");
    }

    #[test]
    fn polynomial_jump_equals_stepping() {
        for n in [DIRECT_JUMP, DIRECT_JUMP + 12_345] {
            let mut a = Mt19937::new(42);
            a.next_u32();
            let mut b = a.clone();
            a.jump(n);
            for _ in 0..n {
                b.step();
            }
            for i in 0..1000 {
                assert_eq!(a.next_u32(), b.next_u32(), "jump {n}, output {i}");
            }
        }
    }
}
