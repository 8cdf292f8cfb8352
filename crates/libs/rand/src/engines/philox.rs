//! Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11), with
//! rocRAND's state layout: a 128-bit counter whose low 64 bits count blocks of four outputs
//! and whose high 64 bits are the subsequence, the 64-bit seed as key, and the position
//! (`substate`) inside the current block.

use super::Engine;

const M0: u32 = 0xD251_1F53;
const M1: u32 = 0xCD9E_8D57;
const W0: u32 = 0x9E37_79B9;
const W1: u32 = 0xBB67_AE85;

/// rocRAND's default Philox seed.
pub const DEFAULT_SEED: u64 = 0xdead_beef_dead_beef;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Philox {
    counter: [u32; 4],
    result: [u32; 4],
    key: [u32; 2],
    substate: u32,
}

#[inline(always)]
fn mulhilo(a: u32, b: u32) -> (u32, u32) {
    let p = u64::from(a) * u64::from(b);
    ((p >> 32) as u32, p as u32)
}

#[inline(always)]
fn round(c: [u32; 4], k: [u32; 2]) -> [u32; 4] {
    let (hi0, lo0) = mulhilo(M0, c[0]);
    let (hi1, lo1) = mulhilo(M1, c[2]);
    [hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0]
}

/// The ten rounds of Philox4x32 applied to one counter.
#[inline(always)]
pub fn ten_rounds(mut c: [u32; 4], mut k: [u32; 2]) -> [u32; 4] {
    for _ in 0..9 {
        c = round(c, k);
        k = [k[0].wrapping_add(W0), k[1].wrapping_add(W1)];
    }
    round(c, k)
}

/// Philox4x32-10 on `L` counters at once (lane-major, so the compiler vectorises the
/// 32×32→64-bit products): the bulk path of the host generator.
#[inline(always)]
pub fn ten_rounds_lanes<const L: usize>(c: &mut [[u32; L]; 4], key: [u32; 2]) {
    let (mut k0, mut k1) = (key[0], key[1]);
    for r in 0..10 {
        for l in 0..L {
            let p0 = u64::from(M0) * u64::from(c[0][l]);
            let p1 = u64::from(M1) * u64::from(c[2][l]);
            let n0 = ((p1 >> 32) as u32) ^ c[1][l] ^ k0;
            let n2 = ((p0 >> 32) as u32) ^ c[3][l] ^ k1;
            c[0][l] = n0;
            c[1][l] = p1 as u32;
            c[2][l] = n2;
            c[3][l] = p0 as u32;
        }
        if r < 9 {
            k0 = k0.wrapping_add(W0);
            k1 = k1.wrapping_add(W1);
        }
    }
}

/// Adds `n` to a 128-bit counter held as four little-endian words.
#[inline(always)]
pub fn counter_add(c: [u32; 4], n: u64) -> [u32; 4] {
    let v = (u128::from(c[0])
        | (u128::from(c[1]) << 32)
        | (u128::from(c[2]) << 64)
        | (u128::from(c[3]) << 96))
        .wrapping_add(u128::from(n));
    [
        v as u32,
        (v >> 32) as u32,
        (v >> 64) as u32,
        (v >> 96) as u32,
    ]
}

impl Philox {
    /// The current block's counter and the key, when the position is at the start of a
    /// block of four (`None` inside a block): the outputs from here are
    /// `ten_rounds(counter + j, key)` for j = 0, 1, ...
    pub fn block_start(&self) -> Option<([u32; 4], [u32; 2])> {
        (self.substate == 0).then_some((self.counter, self.key))
    }

    /// The state of `rocrand_init(seed, subsequence, offset, &state)`.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Philox {
        let mut p = Philox {
            counter: [0; 4],
            result: [0; 4],
            key: [seed as u32, (seed >> 32) as u32],
            substate: 0,
        };
        p.add_subsequence(subsequence);
        p.add_offset(offset);
        p.result = ten_rounds(p.counter, p.key);
        p
    }

    fn add_subsequence(&mut self, s: u64) {
        let z = self.counter[2];
        self.counter[2] = z.wrapping_add(s as u32);
        let carry = u32::from(self.counter[2] < z);
        self.counter[3] = self.counter[3]
            .wrapping_add((s >> 32) as u32)
            .wrapping_add(carry);
    }

    fn add_offset(&mut self, mut offset: u64) {
        self.substate += (offset & 3) as u32;
        if self.substate >= 4 {
            offset = offset.wrapping_add(4);
            self.substate -= 4;
        }
        self.add_blocks(offset / 4);
    }

    /// Advances the counter by `n` blocks of four (128-bit add with carries, as rocRAND).
    fn add_blocks(&mut self, n: u64) {
        let t = self.counter;
        self.counter[0] = t[0].wrapping_add(n as u32);
        self.counter[1] = t[1]
            .wrapping_add((n >> 32) as u32)
            .wrapping_add(u32::from(self.counter[0] < t[0]));
        self.counter[2] = t[2].wrapping_add(u32::from(self.counter[1] < t[1]));
        self.counter[3] = t[3].wrapping_add(u32::from(self.counter[2] < t[2]));
    }

    fn bump(&mut self) {
        let c = &mut self.counter;
        c[0] = c[0].wrapping_add(1);
        let mut add = u32::from(c[0] == 0);
        c[1] = c[1].wrapping_add(add);
        add = if c[1] == 0 { add } else { 0 };
        c[2] = c[2].wrapping_add(add);
        add = if c[2] == 0 { add } else { 0 };
        c[3] = c[3].wrapping_add(add);
    }

    /// `skipahead_subsequence`.
    pub fn discard_subsequence(&mut self, s: u64) {
        self.add_subsequence(s);
        self.result = ten_rounds(self.counter, self.key);
    }

    /// `rocrand4`: the next four outputs at once (as rocRAND's `next4`, which leaves the
    /// position inside the block where it was).
    #[inline]
    pub fn next4(&mut self) -> [u32; 4] {
        let prev = self.result;
        self.bump();
        self.result = ten_rounds(self.counter, self.key);
        let n = self.result;
        match self.substate {
            0 => prev,
            1 => [prev[1], prev[2], prev[3], n[0]],
            2 => [prev[2], prev[3], n[0], n[1]],
            _ => [prev[3], n[0], n[1], n[2]],
        }
    }
}

impl Engine for Philox {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        let r = self.result[self.substate as usize];
        self.substate += 1;
        if self.substate == 4 {
            self.substate = 0;
            self.bump();
            self.result = ten_rounds(self.counter, self.key);
        }
        r
    }

    fn discard(&mut self, n: u64) {
        self.add_offset(n);
        self.result = ten_rounds(self.counter, self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random123_known_answer() {
        // Known-answer vectors of Random123's kat_vectors for philox4x32_10.
        assert_eq!(
            ten_rounds([0, 0, 0, 0], [0, 0]),
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]
        );
        assert_eq!(
            ten_rounds([!0, !0, !0, !0], [!0, !0]),
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        );
    }

    #[test]
    fn lanes_equal_single_blocks() {
        let key = [0x1234_5678, 0x9abc_def0];
        let base = [u32::MAX - 2, 7, 0, 1];
        let mut c = [[0u32; 8]; 4];
        for l in 0..8 {
            let b = counter_add(base, l as u64);
            for w in 0..4 {
                c[w][l] = b[w];
            }
        }
        ten_rounds_lanes(&mut c, key);
        for l in 0..8 {
            let want = ten_rounds(counter_add(base, l as u64), key);
            assert_eq!([c[0][l], c[1][l], c[2][l], c[3][l]], want);
        }
    }

    #[test]
    fn offsets_and_next4_agree_with_single_steps() {
        let mut a = Philox::new(7, 3, 0);
        let seq: Vec<u32> = (0..40).map(|_| a.next_u32()).collect();
        for off in 0..20u64 {
            let mut b = Philox::new(7, 3, off);
            assert_eq!(b.next_u32(), seq[off as usize]);
            let mut c = Philox::new(7, 3, off);
            let q = c.next4();
            assert_eq!(&q[..], &seq[off as usize..off as usize + 4]);
            assert_eq!(c.next_u32(), seq[off as usize + 4]);
        }
    }
}
