//! Threefry-2x32-20, 4x32-20, 2x64-20 and 4x64-20 (Salmon et al., "Parallel random
//! numbers: as easy as 1, 2, 3", SC'11; the Threefish rotations and key schedule of Skein),
//! as counter-based engines laid out as rocRAND lays out Philox4x32-10: the 64-bit seed is
//! the key (its low words; the rest zero), the offset counts blocks in the low half of the
//! counter (a multi-word add with carries) and the subsequence is added to the high half
//! (the counter's word N/2), and a block's words are returned in order.
//!
//! The block functions are checked against Random123's known-answer vectors.

use super::Engine;

/// A counter word: `u32` or `u64`.
pub trait Word: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    const BITS: u32;
    /// Skein's key-schedule parity constant.
    const PARITY: Self;
    fn add(self, o: Self) -> Self;
    fn rotl(self, r: u32) -> Self;
    /// rocRAND's rotation: for 64-bit words `(x << r) | ((x >> (64 - r)) & 63)` (its C++
    /// reads `x >> (64 - d) & 63`, and `&` binds after `>>`), so only the low 6 bits of the
    /// wrapped part come back; for 32-bit words a true rotation.
    fn rotl_rocrand(self, r: u32) -> Self;
    /// The low `BITS` bits of `v`.
    fn from_u64(v: u64) -> Self;
    fn to_u64(self) -> u64;
}

impl Word for u32 {
    const BITS: u32 = 32;
    const PARITY: u32 = 0x1BD1_1BDA;
    #[inline(always)]
    fn add(self, o: u32) -> u32 {
        self.wrapping_add(o)
    }
    #[inline(always)]
    fn rotl(self, r: u32) -> u32 {
        self.rotate_left(r)
    }
    #[inline(always)]
    fn rotl_rocrand(self, r: u32) -> u32 {
        self.rotate_left(r)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> u32 {
        v as u32
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
}

impl Word for u64 {
    const BITS: u32 = 64;
    const PARITY: u64 = 0x1BD1_1BDA_A9FC_1A22;
    #[inline(always)]
    fn add(self, o: u64) -> u64 {
        self.wrapping_add(o)
    }
    #[inline(always)]
    fn rotl(self, r: u32) -> u64 {
        self.rotate_left(r)
    }
    #[inline(always)]
    fn rotl_rocrand(self, r: u32) -> u64 {
        (self << r) | ((self >> (64 - r)) & 63)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> u64 {
        v
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
}

/// Rotation constants (Random123's `R_32x2`, `R_64x2`, `R_32x4`, `R_64x4`).
const R_32X2: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
const R_64X2: [u32; 8] = [16, 42, 12, 31, 16, 32, 24, 21];
const R_32X4: [[u32; 2]; 8] = [
    [10, 26],
    [11, 21],
    [13, 27],
    [23, 5],
    [6, 20],
    [17, 11],
    [25, 10],
    [18, 20],
];
const R_64X4: [[u32; 2]; 8] = [
    [14, 16],
    [52, 57],
    [23, 40],
    [5, 37],
    [25, 33],
    [46, 12],
    [58, 22],
    [32, 32],
];

/// Rounds of the `-20` variants.
pub const ROUNDS: usize = 20;

/// Threefry-2xW (Random123's) with `rounds` rounds.
#[inline(always)]
pub fn block2<W: Word>(ctr: [W; 2], key: [W; 2], rounds: usize) -> [W; 2] {
    block2_with(ctr, key, rounds, Variant::Random123)
}

/// The 2-word block function of either variant.
#[inline(always)]
pub fn block2_with<W: Word>(ctr: [W; 2], key: [W; 2], rounds: usize, v: Variant) -> [W; 2] {
    let rot = if W::BITS == 32 { &R_32X2 } else { &R_64X2 };
    let ks = [key[0], key[1], from_bits::<W>(W::PARITY, key[0], key[1])];
    let mut x = [ctr[0].add(ks[0]), ctr[1].add(ks[1])];
    for r in 0..rounds {
        x[0] = x[0].add(x[1]);
        x[1] = v.rotl(x[1], rot[r % 8]);
        x[1] = xor(x[1], x[0]);
        if r % 4 == 3 {
            let i = (r + 1) / 4;
            x[0] = x[0].add(ks[i % 3]);
            x[1] = x[1].add(ks[(i + 1) % 3]).add(W::from_u64(i as u64));
        }
    }
    x
}

/// Random123's Threefry, or rocRAND's: rocRAND's 4-word engines switch the mixed word
/// pairs every two rounds (`round & 2`) where Random123 switches every round, and its
/// 64-bit rotation keeps only 6 bits of the wrapped part ([`Word::rotl_rocrand`]). So
/// rocRAND's ThreeFry is Random123's only for 2x32; the engines reproduce rocRAND's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Random123,
    Rocrand,
}

impl Variant {
    #[inline(always)]
    fn second_pattern(self, r: usize) -> bool {
        match self {
            Variant::Random123 => r % 2 == 1,
            Variant::Rocrand => r & 2 != 0,
        }
    }

    #[inline(always)]
    fn rotl<W: Word>(self, x: W, r: u32) -> W {
        match self {
            Variant::Random123 => x.rotl(r),
            Variant::Rocrand => x.rotl_rocrand(r),
        }
    }
}

/// Threefry-4xW (Random123's) with `rounds` rounds.
#[inline(always)]
pub fn block4<W: Word>(ctr: [W; 4], key: [W; 4], rounds: usize) -> [W; 4] {
    block4_with(ctr, key, rounds, Variant::Random123)
}

/// The 4-word block function of either variant.
#[inline(always)]
pub fn block4_with<W: Word>(ctr: [W; 4], key: [W; 4], rounds: usize, v: Variant) -> [W; 4] {
    let rot = if W::BITS == 32 { &R_32X4 } else { &R_64X4 };
    let p = xor(
        from_bits::<W>(W::PARITY, key[0], key[1]),
        xor(key[2], key[3]),
    );
    let ks = [key[0], key[1], key[2], key[3], p];
    let mut x = [
        ctr[0].add(ks[0]),
        ctr[1].add(ks[1]),
        ctr[2].add(ks[2]),
        ctr[3].add(ks[3]),
    ];
    for r in 0..rounds {
        let [ra, rb] = rot[r % 8];
        if !v.second_pattern(r) {
            x[0] = x[0].add(x[1]);
            x[1] = xor(v.rotl(x[1], ra), x[0]);
            x[2] = x[2].add(x[3]);
            x[3] = xor(v.rotl(x[3], rb), x[2]);
        } else {
            x[0] = x[0].add(x[3]);
            x[3] = xor(v.rotl(x[3], ra), x[0]);
            x[2] = x[2].add(x[1]);
            x[1] = xor(v.rotl(x[1], rb), x[2]);
        }
        if r % 4 == 3 {
            let i = (r + 1) / 4;
            for (j, w) in x.iter_mut().enumerate() {
                *w = w.add(ks[(i + j) % 5]);
            }
            x[3] = x[3].add(W::from_u64(i as u64));
        }
    }
    x
}

/// Blocks computed together by the bulk path.
pub const LANES: usize = 8;

/// The engines' block function (20 rounds, rocRAND's 4-word schedule) on `LANES` counters at once, lane-major (`x[word][lane]`)
/// so that the compiler vectorises the additions, rotations and XORs.
// Indexing by lane keeps the loops in the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
pub fn block_lanes<W: Word, const N: usize>(x: &mut [[W; LANES]; N], key: [W; N]) {
    let mut ks = [W::default(); 5];
    let mut parity = W::PARITY;
    for j in 0..N {
        ks[j] = key[j];
        parity = xor(parity, key[j]);
    }
    ks[N] = parity;
    for j in 0..N {
        for l in 0..LANES {
            x[j][l] = x[j][l].add(ks[j]);
        }
    }
    for r in 0..ROUNDS {
        if N == 2 {
            let rot = if W::BITS == 32 {
                R_32X2[r % 8]
            } else {
                R_64X2[r % 8]
            };
            for l in 0..LANES {
                let a = x[0][l].add(x[1][l]);
                x[0][l] = a;
                x[1][l] = xor(x[1][l].rotl_rocrand(rot), a);
            }
        } else {
            let [ra, rb] = if W::BITS == 32 {
                R_32X4[r % 8]
            } else {
                R_64X4[r % 8]
            };
            let (p, q) = if Variant::Rocrand.second_pattern(r) {
                (3, 1)
            } else {
                (1, 3)
            };
            for l in 0..LANES {
                let a = x[0][l].add(x[p][l]);
                x[0][l] = a;
                x[p][l] = xor(x[p][l].rotl_rocrand(ra), a);
                let b = x[2][l].add(x[q][l]);
                x[2][l] = b;
                x[q][l] = xor(x[q][l].rotl_rocrand(rb), b);
            }
        }
        if r % 4 == 3 {
            let i = (r + 1) / 4;
            for j in 0..N {
                let mut k = ks[(i + j) % (N + 1)];
                if j == N - 1 {
                    k = k.add(W::from_u64(i as u64));
                }
                for l in 0..LANES {
                    x[j][l] = x[j][l].add(k);
                }
            }
        }
    }
}

/// [`block_lanes`] compiled for AVX2 (eight 32-bit or four 64-bit lanes per instruction).
///
/// # Safety
/// The CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn block_lanes_avx2<W: Word, const N: usize>(x: &mut [[W; LANES]; N], key: [W; N]) {
    block_lanes(x, key)
}

/// [`block_lanes`] with the best instructions this CPU has.
#[inline]
fn block_lanes_best<W: Word, const N: usize>(x: &mut [[W; LANES]; N], key: [W; N]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 is present.
        return unsafe { block_lanes_avx2(x, key) };
    }
    block_lanes(x, key)
}

#[inline(always)]
fn xor<W: Word>(a: W, b: W) -> W {
    W::from_u64(a.to_u64() ^ b.to_u64())
}

#[inline(always)]
fn from_bits<W: Word>(p: W, a: W, b: W) -> W {
    xor(p, xor(a, b))
}

/// `c + 1` as a multi-word little-endian counter.
#[inline(always)]
fn increment<W: Word, const N: usize>(c: &mut [W; N]) {
    for w in c.iter_mut() {
        *w = w.add(W::from_u64(1));
        if *w != W::default() {
            break;
        }
    }
}

/// A Threefry engine of `N` (2 or 4) words of type `W`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threefry<W: Word, const N: usize> {
    counter: [W; N],
    key: [W; N],
    result: [W; N],
    /// The next word of `result` to return.
    substate: usize,
    /// 64-bit engines read through [`Engine::next_u32`]: the high half of `stash` (the
    /// word taken last) is still to come.
    high_half: bool,
    stash: u64,
}

pub type Threefry2x32 = Threefry<u32, 2>;
pub type Threefry4x32 = Threefry<u32, 4>;
pub type Threefry2x64 = Threefry<u64, 2>;
pub type Threefry4x64 = Threefry<u64, 4>;

/// rocRAND's default ThreeFry seed.
pub const DEFAULT_SEED: u64 = 0;

impl<W: Word, const N: usize> Threefry<W, N> {
    /// The state of `rocrand_init(seed, subsequence, offset, &state)` (`offset` in words).
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Self {
        // rocRAND's keys: 2x32 {seed, seed >> 32}, 2x64 {seed, seed >> 32}, 4x32 and 4x64
        // {seed, seed >> 16, seed >> 32, seed >> 48} (each truncated to a word).
        let key: [W; N] = std::array::from_fn(|j| {
            let shift = if N == 2 { 32 * j } else { 16 * j };
            W::from_u64(seed >> shift)
        });
        let mut e = Threefry {
            counter: [W::default(); N],
            key,
            result: [W::default(); N],
            substate: 0,
            high_half: false,
            stash: 0,
        };
        e.add_at(N / 2, subsequence);
        e.discard_words(offset);
        e
    }

    /// The block function on one counter.
    #[inline(always)]
    pub fn block(counter: [W; N], key: [W; N]) -> [W; N] {
        let mut out = [W::default(); N];
        if N == 2 {
            let r = block2_with(
                [counter[0], counter[1]],
                [key[0], key[1]],
                ROUNDS,
                Variant::Rocrand,
            );
            out[..2].copy_from_slice(&r);
        } else {
            let c = [counter[0], counter[1], counter[2], counter[3]];
            let k = [key[0], key[1], key[2], key[3]];
            out[..4].copy_from_slice(&block4_with(c, k, ROUNDS, Variant::Rocrand));
        }
        out
    }

    /// Adds `v` to the counter from word `at` upwards (carries ripple up and fall off
    /// the top).
    fn add_at(&mut self, at: usize, v: u64) {
        let mut carry: u128 = u128::from(v);
        let modulus = 1u128 << W::BITS;
        for w in self.counter.iter_mut().skip(at) {
            if carry == 0 {
                break;
            }
            let s = u128::from(w.to_u64()) + carry;
            *w = W::from_u64((s % modulus) as u64);
            carry = s / modulus;
        }
        self.refresh();
    }

    /// The next block: the counter plus one (carries ripple up).
    #[inline(always)]
    fn bump(&mut self) {
        increment(&mut self.counter);
        self.refresh();
    }

    fn refresh(&mut self) {
        self.result = Self::block(self.counter, self.key);
    }

    /// Skips `n` words.
    pub fn discard_words(&mut self, n: u64) {
        let total = self.substate as u64 + n % N as u64;
        let blocks = n / N as u64 + total / N as u64;
        self.substate = (total % N as u64) as usize;
        self.high_half = false;
        self.add_at(0, blocks);
    }

    /// `skipahead_subsequence`.
    pub fn discard_subsequence(&mut self, s: u64) {
        self.add_at(N / 2, s);
    }

    /// The next word (`rocrand(&state)`).
    #[inline(always)]
    pub fn next_word(&mut self) -> W {
        let r = self.result[self.substate];
        self.substate += 1;
        if self.substate == N {
            self.substate = 0;
            self.bump();
        }
        r
    }

    /// The current block's counter and the key, when the position is at the start of a
    /// block (the bulk path of the host generator).
    pub fn block_start(&self) -> Option<([W; N], [W; N])> {
        (self.substate == 0 && !self.high_half).then_some((self.counter, self.key))
    }
}

impl<W: Word, const N: usize> Engine for Threefry<W, N> {
    /// 32-bit words in order; a 64-bit word as its low half, then its high half.
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        if W::BITS == 32 {
            return self.next_word().to_u64() as u32;
        }
        if self.high_half {
            self.high_half = false;
            return (self.stash >> 32) as u32;
        }
        let w = self.next_word().to_u64();
        self.high_half = true;
        self.stash = w;
        w as u32
    }

    /// Whole blocks written straight from the block function where the position is at a
    /// block start.
    fn fill_u32(&mut self, out: &mut [u32]) {
        let halves = (W::BITS / 32) as usize;
        let per_block = N * halves;
        let mut i = 0;
        while i < out.len() && (self.substate != 0 || self.high_half) {
            out[i] = self.next_u32();
            i += 1;
        }
        let mut runs = out[i..].chunks_exact_mut(per_block * LANES);
        for dst in &mut runs {
            let mut x = [[W::default(); LANES]; N];
            let mut c = self.counter;
            for l in 0..LANES {
                for (lanes, w) in x.iter_mut().zip(c) {
                    lanes[l] = w;
                }
                increment(&mut c);
            }
            block_lanes_best(&mut x, self.key);
            for (l, block) in dst.chunks_exact_mut(per_block).enumerate() {
                for (k, lane) in x.iter().enumerate() {
                    let v = lane[l].to_u64();
                    block[k * halves] = v as u32;
                    if halves == 2 {
                        block[k * halves + 1] = (v >> 32) as u32;
                    }
                }
            }
            self.counter = c;
            self.refresh();
        }
        let mut blocks = runs.into_remainder().chunks_exact_mut(per_block);
        for dst in &mut blocks {
            for (k, w) in self.result.iter().enumerate() {
                let v = w.to_u64();
                dst[k * halves] = v as u32;
                if halves == 2 {
                    dst[k * halves + 1] = (v >> 32) as u32;
                }
            }
            self.bump();
        }
        for o in blocks.into_remainder() {
            *o = self.next_u32();
        }
    }

    /// Skips `n` values of [`Engine::next_u32`] (32-bit halves for 64-bit engines).
    fn discard(&mut self, n: u64) {
        if W::BITS == 32 {
            self.discard_words(n);
            return;
        }
        if n == 0 {
            return;
        }
        let mut n = n;
        if self.high_half {
            self.next_u32();
            n -= 1;
        }
        self.discard_words(n / 2);
        if n % 2 == 1 {
            self.next_u32();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random123_known_answers() {
        // Random123 1.14 `kat_vectors`, the 20-round lines.
        assert_eq!(
            block2::<u32>([0, 0], [0, 0], 20),
            [0x6b20_0159, 0x99ba_4efe]
        );
        assert_eq!(
            block2::<u32>([!0, !0], [!0, !0], 20),
            [0x1cb9_96fc, 0xbb00_2be7]
        );
        assert_eq!(
            block2::<u32>([0x243f_6a88, 0x85a3_08d3], [0x1319_8a2e, 0x0370_7344], 20),
            [0xc492_3a9c, 0x483d_f7a0]
        );
        assert_eq!(
            block4::<u32>([0; 4], [0; 4], 20),
            [0x9c6c_a96a, 0xe17e_ae66, 0xfc10_ecd4, 0x5256_a7d8]
        );
        assert_eq!(
            block4::<u32>([!0; 4], [!0; 4], 20),
            [0x2a88_1696, 0x5701_2287, 0xf6c7_446e, 0xa16a_6732]
        );
        assert_eq!(
            block4::<u32>(
                [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344],
                [0xa409_3822, 0x299f_31d0, 0x082e_fa98, 0xec4e_6c89],
                20
            ),
            [0x59cd_1dbb, 0xb887_9579, 0x86b5_d00c, 0xac8b_6d84]
        );
        assert_eq!(
            block2::<u64>([0, 0], [0, 0], 20),
            [0xc2b6_e3a8_c2c6_9865, 0x6f81_ed42_f350_084d]
        );
        assert_eq!(
            block2::<u64>([!0, !0], [!0, !0], 20),
            [0xe02c_b7c4_d95d_277a, 0xd066_33d0_893b_8b68]
        );
        assert_eq!(
            block2::<u64>(
                [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344],
                [0xa409_3822_299f_31d0, 0x082e_fa98_ec4e_6c89],
                20
            ),
            [0x263c_7d30_bb0f_0af1, 0x56be_8361_d331_1526]
        );
        assert_eq!(
            block4::<u64>([0; 4], [0; 4], 20),
            [
                0x0921_8ebd_e6c8_5537,
                0x5594_1f52_66d8_6105,
                0x4bd2_5e16_2824_34dc,
                0xee29_ec84_6bd2_e40b
            ]
        );
        assert_eq!(
            block4::<u64>(
                [
                    0x243f_6a88_85a3_08d3,
                    0x1319_8a2e_0370_7344,
                    0xa409_3822_299f_31d0,
                    0x082e_fa98_ec4e_6c89
                ],
                [
                    0x4528_21e6_38d0_1377,
                    0xbe54_66cf_34e9_0c6c,
                    0xbe54_66cf_34e9_0c6c,
                    0xc0ac_29b7_c97c_50dd
                ],
                20
            ),
            [
                0xa7e8_fde5_9165_1bd9,
                0xbaaf_d0c3_0138_319b,
                0x84a5_c1a7_29e6_85b9,
                0x901d_406c_cebc_1ba4
            ]
        );
    }

    fn offsets_agree<W: Word, const N: usize>() {
        let mut a = Threefry::<W, N>::new(77, 5, 0);
        let seq: Vec<W> = (0..40).map(|_| a.next_word()).collect();
        for off in 0..20u64 {
            let mut b = Threefry::<W, N>::new(77, 5, off);
            assert_eq!(b.next_word(), seq[off as usize], "offset {off}");
            let mut c = Threefry::<W, N>::new(77, 5, 3);
            c.discard_words(off);
            assert_eq!(c.next_word(), seq[off as usize + 3], "discard {off}");
        }
        let mut halves = Threefry::<W, N>::new(77, 5, 0);
        let lo_hi: Vec<u32> = (0..16).map(|_| halves.next_u32()).collect();
        let words: Vec<u32> = seq
            .iter()
            .flat_map(|w| {
                let v = w.to_u64();
                if W::BITS == 32 {
                    vec![v as u32]
                } else {
                    vec![v as u32, (v >> 32) as u32]
                }
            })
            .take(16)
            .collect();
        assert_eq!(lo_hi, words);
        for skip in 0..9u64 {
            let mut d = Threefry::<W, N>::new(77, 5, 0);
            d.next_u32();
            d.discard(skip);
            assert_eq!(d.next_u32(), words[skip as usize + 1], "u32 discard {skip}");
        }
    }

    #[test]
    fn offsets_and_halves_agree_with_single_steps() {
        offsets_agree::<u32, 2>();
        offsets_agree::<u32, 4>();
        offsets_agree::<u64, 2>();
        offsets_agree::<u64, 4>();
    }

    fn bulk_fill_agrees<W: Word, const N: usize>() {
        for skip in 0..5u64 {
            let mut a = Threefry::<W, N>::new(5, 1, 0);
            a.discard(skip);
            let mut b = a;
            let mut bulk = vec![0u32; 203];
            a.fill_u32(&mut bulk);
            let single: Vec<u32> = (0..203).map(|_| b.next_u32()).collect();
            assert_eq!(bulk, single, "skip {skip}");
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }

    #[allow(clippy::needless_range_loop)]
    fn lanes_agree<W: Word, const N: usize>() {
        let mut x = [[W::default(); LANES]; N];
        let key: [W; N] = std::array::from_fn(|j| W::from_u64(0x1234_5678_9abc_def0 >> (j * 8)));
        for l in 0..LANES {
            for j in 0..N {
                x[j][l] = W::from_u64((l as u64 + 3) * 0x0101_0101_0101_0101 + j as u64);
            }
        }
        let input = x;
        block_lanes(&mut x, key);
        for l in 0..LANES {
            let c: [W; N] = std::array::from_fn(|j| input[j][l]);
            let want = Threefry::<W, N>::block(c, key);
            for j in 0..N {
                assert_eq!(x[j][l], want[j], "lane {l} word {j}");
            }
        }
    }

    #[test]
    fn lanes_equal_single_blocks() {
        lanes_agree::<u32, 2>();
        lanes_agree::<u32, 4>();
        lanes_agree::<u64, 2>();
        lanes_agree::<u64, 4>();
    }

    #[test]
    fn bulk_fill_equals_single_steps() {
        bulk_fill_agrees::<u32, 2>();
        bulk_fill_agrees::<u32, 4>();
        bulk_fill_agrees::<u64, 2>();
        bulk_fill_agrees::<u64, 4>();
        // A carry out of the low counter word.
        let mut e = Threefry4x32::new(1, 0, 4 * u64::from(u32::MAX));
        let mut f = e;
        let mut v = vec![0u32; 80];
        e.fill_u32(&mut v);
        assert_eq!(v, (0..80).map(|_| f.next_u32()).collect::<Vec<_>>());
    }

    #[test]
    fn counter_layout() {
        // Key from the seed, subsequence in the high half, offset blocks with carries.
        let e = Threefry4x32::new(0x1111_2222_3333_4444, 0x5_0000_0006, 4 * 0x1_0000_0002 + 1);
        assert_eq!(e.key, [0x3333_4444, 0x2222_3333, 0x1111_2222, 0x1111]);
        assert_eq!(e.counter, [2, 1, 6, 5]);
        assert_eq!(e.substate, 1);
        let mut e = Threefry2x64::new(9, 3, u64::MAX - 1);
        e.discard_words(u64::MAX - 1);
        assert_eq!(e.counter, [u64::MAX - 1, 3]);
        e.discard_words(4);
        assert_eq!(e.counter, [0, 4]);
        let e = Threefry2x32::new(9, 3, 2 * 0x1_0000_0001);
        assert_eq!(e.counter, [1, 4]);
    }
}
