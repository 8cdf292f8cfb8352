//! The CPU backend: rocRAND's host generators reproduced on the CPU, in parallel.
//!
//! rocRAND's generators write their output in a fixed pattern (its "legacy" ordering,
//! also its default), which this backend follows so the numbers are the same:
//!
//! * **Philox4x32-10** is counter-based: the output is one stream (subsequence 0) read in
//!   order from the generator's offset, and consecutive calls continue it. Any range of it
//!   is computed directly, so the output is split into chunks that the rayon pool fills
//!   independently.
//! * **ThreeFry** (2x32, 4x32, 2x64, 4x64) is counter-based too and laid out as Philox:
//!   one stream read in order, continuous across calls, computed in parallel chunks.
//! * **MT19937** is the reference sequence of the seed (`init_genrand`, then
//!   `genrand_int32` in order), continuous across calls, filled on one thread: its
//!   jump-ahead (used for the offset) costs more than generating the numbers a rayon task
//!   would get, so splitting one stream does not pay.
//! * **XORWOW, MRG32k3a, MRG31k3p, LFSR113** run 256 × 512 = 131072 engines, engine `i` on subsequence `i`;
//!   output vector `j` (of the distribution's output width) comes from engine `j mod
//!   131072`, in turn, and the engines keep their state from call to call. Engine `i+1`
//!   is engine `i` skipped ahead by one subsequence (a matrix-vector product), and groups
//!   of engines run on the rayon pool.
//!
//! Like rocRAND's kernels, the strided generators handle a buffer that is not aligned to
//! the distribution's output width with a head and a tail written by the engine that
//! would write the next vector.

use rayon::prelude::*;

use crate::engines::{
    philox, Engine, Lfsr113, Mrg31k3p, Mrg32k3a, Mt19937, Philox, Threefry2x32, Threefry2x64,
    Threefry4x32, Threefry4x64, Xorwow,
};
use crate::error::RandResult;
use crate::kernels::{self, Dist, Family, Filler};
use crate::quasi;
use crate::types::{Request, RngType};

/// Engines of the strided generators.
pub const STRIDED_ENGINES: usize = 256 * 512;
/// Philox output per rayon task (in vectors of four engine outputs).
const PHILOX_CHUNK: usize = 1 << 14;
/// Strided engines per rayon task.
const ENGINE_CHUNK: usize = 1024;

/// A raw output pointer shared by the tasks that write disjoint parts of it.
#[derive(Clone, Copy)]
struct Out<T>(*mut T);
// SAFETY: every task writes elements no other task writes (disjoint index sets).
unsafe impl<T> Send for Out<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Out<T> {}

impl<T> Out<T> {
    /// The element `i` further (a method, so closures capture the whole `Out`).
    fn at(self, i: usize) -> *mut T {
        self.0.wrapping_add(i)
    }
}

/// What the engines were created from; any change rebuilds them (as rocRAND re-seeds its
/// engines after `set_seed`/`set_offset`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seeding {
    pub seed: u64,
    /// LFSR113's four seed words (`rocrand_set_seed_uint4`, or derived from `seed`).
    pub seed4: [u32; 4],
    pub offset: u64,
    /// Quasi-random dimensions (1 for pseudo-random generators).
    pub dimensions: u32,
    /// The generator's restart count ([`crate::generator::Settings::epoch`]).
    pub epoch: u64,
}

enum Engines {
    None,
    /// Stream position, in engine outputs, from the generator's offset.
    Philox {
        position: u64,
    },
    Xorwow(Vec<Xorwow>),
    Mrg(Vec<Mrg32k3a>),
    Mrg31(Vec<Mrg31k3p>),
    Lfsr(Vec<Lfsr113>),
    /// Stream position, in 32-bit values (halves of the 64-bit engines' outputs), from
    /// the generator's offset.
    Threefry {
        position: u64,
    },
    /// Made on first use (the seed's state jumped to the offset), then continued.
    Mt(Option<Box<Mt19937>>),
    /// Points already produced in each dimension, from the generator's offset.
    Sobol {
        position: u64,
    },
}

/// A CPU generator's engine state (kept between calls).
pub struct CpuState {
    rng: RngType,
    seeding: Option<Seeding>,
    engines: Engines,
}

impl CpuState {
    pub fn new(rng: RngType) -> CpuState {
        CpuState {
            rng,
            seeding: None,
            engines: Engines::None,
        }
    }

    /// Generates `req` into its buffer (host-accessible memory).
    ///
    /// # Safety
    /// `req.ptr` is valid for `req.n` writes of `req.elem`, and the request was validated
    /// for the generator's type.
    pub unsafe fn generate(&mut self, seeding: Seeding, req: &Request) -> RandResult<()> {
        if self.seeding != Some(seeding) {
            self.seeding = Some(seeding);
            self.engines = match self.rng {
                RngType::Philox4x32_10 => Engines::Philox { position: 0 },
                RngType::Xorwow => Engines::Xorwow(Vec::new()),
                RngType::Mrg32k3a => Engines::Mrg(Vec::new()),
                RngType::Mrg31k3p => Engines::Mrg31(Vec::new()),
                RngType::Lfsr113 => Engines::Lfsr(Vec::new()),
                RngType::Threefry2x32_20
                | RngType::Threefry4x32_20
                | RngType::Threefry2x64_20
                | RngType::Threefry4x64_20 => Engines::Threefry { position: 0 },
                RngType::Mt19937 => Engines::Mt(None),
                RngType::Sobol32 | RngType::Sobol64 => Engines::Sobol { position: 0 },
                _ => Engines::None,
            };
        }
        if req.n == 0 {
            return Ok(());
        }
        match &mut self.engines {
            Engines::Philox { position } => kernels::dispatch(
                Family::Generic,
                req,
                SequentialFill {
                    seeding,
                    position,
                    req,
                },
            ),
            Engines::Xorwow(engines) => kernels::dispatch(
                Family::Generic,
                req,
                StridedFill {
                    engines,
                    req,
                    init: &|k0, count| xorwow_engines(seeding, k0, count),
                },
            ),
            Engines::Mrg(engines) => kernels::dispatch(
                Family::Mrg32k3a,
                req,
                StridedFill {
                    engines,
                    req,
                    init: &|k0, count| mrg_engines(seeding, k0, count),
                },
            ),
            Engines::Mrg31(engines) => kernels::dispatch(
                Family::Mrg31k3p,
                req,
                StridedFill {
                    engines,
                    req,
                    init: &|k0, count| {
                        subsequence_engines(
                            Mrg31k3p::new(seeding.seed, k0 as u64, seeding.offset),
                            count,
                            Mrg31k3p::next_subsequence,
                        )
                    },
                },
            ),
            Engines::Lfsr(engines) => kernels::dispatch(
                Family::Generic,
                req,
                StridedFill {
                    engines,
                    req,
                    init: &|k0, count| {
                        let mut e = Lfsr113::new(Lfsr113::raise_seed(seeding.seed4), k0 as u64);
                        e.discard(seeding.offset);
                        subsequence_engines(e, count, Lfsr113::next_subsequence)
                    },
                },
            ),
            Engines::Mt(engine) => {
                let e = engine.get_or_insert_with(|| {
                    let mut e = Mt19937::new(seeding.seed);
                    e.jump(seeding.offset);
                    Box::new(e)
                });
                kernels::dispatch(
                    Family::Generic,
                    req,
                    SerialFill {
                        engine: &mut **e,
                        req,
                    },
                )
            }
            Engines::Threefry { position } => {
                let (s, o) = (seeding.seed, seeding.offset);
                match self.rng {
                    RngType::Threefry2x32_20 => {
                        counter_fill(Family::Generic, req, position, Threefry2x32::new(s, 0, o))
                    }
                    RngType::Threefry4x32_20 => {
                        counter_fill(Family::Generic, req, position, Threefry4x32::new(s, 0, o))
                    }
                    RngType::Threefry2x64_20 => {
                        counter_fill(Family::Wide64, req, position, Threefry2x64::new(s, 0, o))
                    }
                    _ => counter_fill(Family::Wide64, req, position, Threefry4x64::new(s, 0, o)),
                }
            }
            Engines::Sobol { position } => {
                let dims = seeding.dimensions.max(1) as usize;
                let first = seeding.offset.wrapping_add(*position);
                // SAFETY: forwarded caller contract (n is a multiple of the dimensions).
                unsafe { quasi::fill(self.rng, req, first, dims) }?;
                *position += (req.n / dims) as u64;
                Ok(())
            }
            Engines::None => Err(crate::error::RandError::NotImplemented(
                "this generator on the CPU",
            )),
        }
    }
}

fn xorwow_engines(s: Seeding, k0: usize, count: usize) -> Vec<Xorwow> {
    let mut e = Xorwow::new(s.seed, k0 as u64, s.offset);
    (0..count)
        .map(|_| {
            let cur = e;
            e = e.next_subsequence();
            cur
        })
        .collect()
}

fn mrg_engines(s: Seeding, k0: usize, count: usize) -> Vec<Mrg32k3a> {
    let mut e = Mrg32k3a::new(s.seed, k0 as u64, s.offset);
    (0..count)
        .map(|_| {
            let cur = e;
            e = e.next_subsequence();
            cur
        })
        .collect()
}

/// `count` engines from `first`, each one subsequence after the one before.
fn subsequence_engines<E: Copy>(first: E, count: usize, next: fn(&E) -> E) -> Vec<E> {
    let mut e = first;
    (0..count)
        .map(|_| {
            let cur = e;
            e = next(&e);
            cur
        })
        .collect()
}

/// Fills `req` from the stream of the counter-based engine `base` (at the generator's
/// offset), `position` values in, in parallel chunks that each start with a skip-ahead.
fn counter_fill<E: Engine + 'static>(
    family: Family,
    req: &Request,
    position: &mut u64,
    base: E,
) -> RandResult<()> {
    kernels::dispatch(
        family,
        req,
        CounterFill {
            base,
            position,
            req,
        },
    )
}

struct CounterFill<'a, E: Engine> {
    base: E,
    position: &'a mut u64,
    req: &'a Request,
}

impl<E: Engine + 'static> Filler for CounterFill<'_, E> {
    fn fill<D: Dist + 'static>(self, d: D) -> RandResult<()> {
        let n = self.req.n;
        let groups = n.div_ceil(D::OUT);
        let start = *self.position;
        // SAFETY: the caller's contract: `n` writable elements of `D::T` at `ptr`.
        let out = unsafe { std::slice::from_raw_parts_mut(self.req.ptr as *mut D::T, n) };
        let chunk = PHILOX_CHUNK * 4 / D::IN * D::OUT;
        let base = &self.base;
        out.par_chunks_mut(chunk).enumerate().for_each(|(c, part)| {
            let mut e = base.clone();
            e.discard(start.wrapping_add((c * chunk / D::OUT * D::IN) as u64));
            fill_serial(&d, &mut e, part);
        });
        *self.position = start.wrapping_add((groups * D::IN) as u64);
        Ok(())
    }
}

/// Fills `req` in order from one engine, on the calling thread (raw outputs in batches).
struct SerialFill<'a, E: Engine> {
    engine: &'a mut E,
    req: &'a Request,
}

impl<E: Engine> Filler for SerialFill<'_, E> {
    fn fill<D: Dist + 'static>(self, d: D) -> RandResult<()> {
        let n = self.req.n;
        // SAFETY: the caller's contract: `n` writable elements of `D::T` at `ptr`.
        let out = unsafe { std::slice::from_raw_parts_mut(self.req.ptr as *mut D::T, n) };
        fill_serial(&d, self.engine, out);
        Ok(())
    }
}

/// Fills `out` in order from `e` (raw outputs in batches through [`Engine::fill_u32`]).
fn fill_serial<E: Engine, D: Dist>(d: &D, e: &mut E, out: &mut [D::T]) {
    const BATCH: usize = 4096;
    let mut raw = vec![0u32; BATCH * D::IN];
    let mut tmp = [D::T::default(); 16];
    for part in out.chunks_mut(BATCH * D::OUT) {
        let groups = part.len().div_ceil(D::OUT);
        let raw = &mut raw[..groups * D::IN];
        e.fill_u32(raw);
        for (o, i) in part.chunks_mut(D::OUT).zip(raw.chunks_exact(D::IN)) {
            d.apply(i, &mut tmp[..D::OUT]);
            o.copy_from_slice(&tmp[..o.len()]);
        }
    }
}

struct SequentialFill<'a> {
    seeding: Seeding,
    position: &'a mut u64,
    req: &'a Request,
}

/// Philox blocks computed together by the bulk path.
const LANES: usize = 16;

/// The bulk path: whole runs of `LANES` blocks of four outputs, computed together, when the
/// stream position is at a block start and the distribution takes whole blocks. Returns
/// how many elements it wrote (the rest is for [`fill_groups`]); `engine` moves past them.
// Indexing by lane keeps the loops in the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn fill_blocks<D: Dist>(d: &D, engine: &mut Philox, out: &mut [D::T]) -> usize {
    let Some((counter, key)) = engine.block_start() else {
        return 0;
    };
    if 4 % D::IN != 0 {
        return 0;
    }
    let per_block = 4 / D::IN * D::OUT;
    let run = LANES * per_block;
    let runs = out.len() / run;
    for (r, dst) in out.chunks_exact_mut(run).enumerate() {
        let mut c = [[0u32; LANES]; 4];
        for l in 0..LANES {
            let b = philox::counter_add(counter, (r * LANES + l) as u64);
            for w in 0..4 {
                c[w][l] = b[w];
            }
        }
        philox::ten_rounds_lanes(&mut c, key);
        for (l, block) in dst.chunks_exact_mut(per_block).enumerate() {
            let v = [c[0][l], c[1][l], c[2][l], c[3][l]];
            for (s, o) in block.chunks_exact_mut(D::OUT).enumerate() {
                d.apply(&v[s * D::IN..(s + 1) * D::IN], o);
            }
        }
    }
    engine.discard((runs * LANES * 4) as u64);
    runs * run
}

/// [`fill_blocks`] compiled for AVX2 (eight 32×32→64-bit products per instruction).
///
/// # Safety
/// The CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn fill_blocks_avx2<D: Dist>(d: &D, engine: &mut Philox, out: &mut [D::T]) -> usize {
    fill_blocks(d, engine, out)
}

/// The bulk path with the best instructions this CPU has.
fn fill_blocks_best<D: Dist>(d: &D, engine: &mut Philox, out: &mut [D::T]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 is present.
        return unsafe { fill_blocks_avx2(d, engine, out) };
    }
    fill_blocks(d, engine, out)
}

/// Fills `out` (whole groups of `D::OUT`, or a shorter last group) from `engine`.
#[inline(always)]
fn fill_groups<D: Dist>(d: &D, engine: &mut Philox, out: &mut [D::T]) {
    let mut input = [0u32; 4];
    let mut tmp = [D::T::default(); 16];
    if 4 % D::IN == 0 {
        let per = 4 / D::IN;
        let mut chunks = out.chunks_exact_mut(per * D::OUT);
        for c in &mut chunks {
            let v = engine.next4();
            for (s, o) in c.chunks_exact_mut(D::OUT).enumerate() {
                d.apply(&v[s * D::IN..(s + 1) * D::IN], o);
            }
        }
        for o in chunks.into_remainder().chunks_mut(D::OUT) {
            for x in input.iter_mut().take(D::IN) {
                *x = engine.next_u32();
            }
            d.apply(&input[..D::IN], &mut tmp[..D::OUT]);
            o.copy_from_slice(&tmp[..o.len()]);
        }
    } else {
        for o in out.chunks_mut(D::OUT) {
            for x in input.iter_mut().take(D::IN) {
                *x = engine.next_u32();
            }
            d.apply(&input[..D::IN], &mut tmp[..D::OUT]);
            o.copy_from_slice(&tmp[..o.len()]);
        }
    }
}

impl Filler for SequentialFill<'_> {
    fn fill<D: Dist + 'static>(self, d: D) -> RandResult<()> {
        let n = self.req.n;
        let groups = n.div_ceil(D::OUT);
        let start = *self.position;
        // SAFETY: the caller's contract: `n` writable elements of `D::T` at `ptr`.
        let out = unsafe { std::slice::from_raw_parts_mut(self.req.ptr as *mut D::T, n) };
        let chunk = PHILOX_CHUNK * 4 / D::IN * D::OUT;
        let base = Philox::new(self.seeding.seed, 0, self.seeding.offset);
        out.par_chunks_mut(chunk).enumerate().for_each(|(c, part)| {
            let mut e = base;
            e.discard(start.wrapping_add((c * chunk / D::OUT * D::IN) as u64));
            let done = fill_blocks_best(&d, &mut e, part);
            fill_groups(&d, &mut e, &mut part[done..]);
        });
        *self.position = start.wrapping_add((groups * D::IN) as u64);
        Ok(())
    }
}

struct StridedFill<'a, E: Engine> {
    engines: &'a mut Vec<E>,
    req: &'a Request,
    init: &'a (dyn Fn(usize, usize) -> Vec<E> + Sync),
}

impl<E: Engine> StridedFill<'_, E> {
    /// Creates engines up to `needed` (they are made on first use and kept).
    fn ensure(&mut self, needed: usize) {
        let have = self.engines.len();
        if needed <= have {
            return;
        }
        let fresh: Vec<Vec<E>> = (have..needed)
            .step_by(ENGINE_CHUNK)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|k0| (self.init)(k0, ENGINE_CHUNK.min(needed - k0)))
            .collect();
        for part in fresh {
            self.engines.extend(part);
        }
    }
}

#[inline(always)]
fn next_group<E: Engine, D: Dist>(d: &D, e: &mut E, tmp: &mut [D::T; 16]) {
    let mut input = [0u32; 4];
    for x in input.iter_mut().take(D::IN) {
        *x = e.next_u32();
    }
    d.apply(&input[..D::IN], &mut tmp[..D::OUT]);
}

impl<E: Engine> Filler for StridedFill<'_, E> {
    fn fill<D: Dist + 'static>(mut self, d: D) -> RandResult<()> {
        let n = self.req.n;
        let w = D::OUT;
        let size = std::mem::size_of::<D::T>();
        let misalignment = (w - (self.req.ptr / size) % w) % w;
        let head = n.min(misalignment);
        let tail = (n - head) % w;
        let vec_n = (n - head) / w;
        let edge = w > 1 && (head > 0 || tail > 0);
        let needed = STRIDED_ENGINES.min(vec_n + usize::from(edge));
        self.ensure(needed);
        let out = Out(self.req.ptr as *mut D::T);
        let body = Out(out.0.wrapping_add(head));
        self.engines[..needed.min(vec_n)]
            .par_chunks_mut(ENGINE_CHUNK)
            .enumerate()
            .for_each(|(c, engines)| {
                let base = c * ENGINE_CHUNK;
                let mut tmp = [D::T::default(); 16];
                let mut row = 0;
                while base + row < vec_n {
                    for (i, e) in engines.iter_mut().enumerate() {
                        let idx = base + row + i;
                        if idx >= vec_n {
                            break;
                        }
                        next_group(&d, e, &mut tmp);
                        // SAFETY: vector `idx` < vec_n lies inside the buffer and only
                        // engine `idx mod STRIDED_ENGINES` writes it.
                        unsafe { std::ptr::copy_nonoverlapping(tmp.as_ptr(), body.at(idx * w), w) };
                    }
                    row += STRIDED_ENGINES;
                }
            });
        if edge {
            let e = &mut self.engines[vec_n % STRIDED_ENGINES];
            let mut tmp = [D::T::default(); 16];
            if head > 0 {
                next_group(&d, e, &mut tmp);
                // SAFETY: the first `head` elements are inside the buffer.
                unsafe { std::ptr::copy_nonoverlapping(tmp.as_ptr(), out.0, head) };
            }
            if tail > 0 {
                next_group(&d, e, &mut tmp);
                // SAFETY: the last `tail` elements are inside the buffer.
                unsafe { std::ptr::copy_nonoverlapping(tmp.as_ptr(), out.0.add(n - tail), tail) };
            }
        }
        Ok(())
    }
}
