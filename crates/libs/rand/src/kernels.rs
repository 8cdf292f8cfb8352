//! The host generators' distributions: each turns `IN` engine outputs into `OUT` values,
//! as rocRAND's library distributions do (`input_width`, `output_width`), so the same
//! engine outputs land in the same places as on an AMD GPU.

use std::sync::Arc;

use half::f16;

use crate::dist::{self, Discrete, MrgC};
use crate::error::{RandError, RandResult};
use crate::types::{Distribution, Elem, Request};

/// A distribution of the host generators.
pub trait Dist: Clone + Send + Sync {
    type T: Copy + Send + Sync + Default;
    const IN: usize;
    const OUT: usize;
    fn apply(&self, input: &[u32], out: &mut [Self::T]);
}

macro_rules! dist {
    ($name:ident ($($f:ident : $ft:ty),*), $t:ty, $in:expr, $out:expr, |$s:ident, $i:ident, $o:ident| $body:block) => {
        #[derive(Clone)]
        pub struct $name { $(pub $f: $ft),* }
        dist!(@impl $name, $t, $in, $out, |$s, $i, $o| $body);
    };
    ($name:ident, $t:ty, $in:expr, $out:expr, |$s:ident, $i:ident, $o:ident| $body:block) => {
        #[derive(Clone)]
        pub struct $name;
        dist!(@impl $name, $t, $in, $out, |$s, $i, $o| $body);
    };
    (@impl $name:ident, $t:ty, $in:expr, $out:expr, |$s:ident, $i:ident, $o:ident| $body:block) => {
        impl Dist for $name {
            type T = $t;
            const IN: usize = $in;
            const OUT: usize = $out;
            #[inline(always)]
            fn apply(&self, $i: &[u32], $o: &mut [$t]) {
                let $s = self;
                $body
            }
        }
    };
}

// XORWOW, Philox (the generic distributions).
dist!(Bits32, u32, 1, 1, |_s, i, o| {
    o[0] = i[0];
});
dist!(Bits16, u16, 1, 2, |_s, i, o| {
    o[0] = i[0] as u16;
    o[1] = (i[0] >> 16) as u16;
});
dist!(Bits8, u8, 1, 4, |_s, i, o| {
    for (k, b) in o.iter_mut().enumerate() {
        *b = (i[0] >> (8 * k)) as u8;
    }
});
dist!(UniformF32, f32, 1, 1, |_s, i, o| {
    o[0] = dist::uniform_f32(i[0]);
});
dist!(UniformF64, f64, 2, 1, |_s, i, o| {
    o[0] = dist::uniform_f64(i[0], i[1]);
});
dist!(UniformF16, f16, 1, 2, |_s, i, o| {
    o[0] = dist::uniform_f16(i[0] as u16);
    o[1] = dist::uniform_f16((i[0] >> 16) as u16);
});
dist!(NormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::box_muller(i[0], i[1]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(NormalF64(mean: f64, stddev: f64), f64, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64([i[0], i[1], i[2], i[3]]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(NormalF16(mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f16(i[0] as u16, (i[0] >> 16) as u16);
    o[0] = f16::from_f32(s.mean + a * s.stddev);
    o[1] = f16::from_f32(s.mean + b * s.stddev);
});
dist!(LogNormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::box_muller(i[0], i[1]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(LogNormalF64(mean: f64, stddev: f64), f64, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64([i[0], i[1], i[2], i[3]]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(LogNormalF16(mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f16(i[0] as u16, (i[0] >> 16) as u16);
    o[0] = f16::from_f32((s.mean + a * s.stddev).exp());
    o[1] = f16::from_f32((s.mean + b * s.stddev).exp());
});
dist!(PoissonAlias(table: Arc<Discrete>), u32, 1, 1, |s, i, o| { o[0] = s.table.alias_sample(i[0]); });
dist!(PoissonNormal(lambda: f64), u32, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64([i[0], i[1], i[2], i[3]]);
    let sl = s.lambda.sqrt();
    o[0] = (sl * a + s.lambda).round().max(0.0) as u32;
    o[1] = (sl * b + s.lambda).round().max(0.0) as u32;
});

// MRG32k3a, MRG31k3p: their outputs are in [1, m1], so they have their own
// distributions (the engine's constants in `c`).
dist!(MrgBits32(c: MrgC), u32, 1, 1, |s, i, o| {
    o[0] = s.c.to_uint(i[0]);
});
dist!(MrgBits16(c: MrgC), u16, 1, 2, |s, i, o| {
    let v = s.c.to_uint(i[0]);
    o[0] = v as u16;
    o[1] = (v >> 16) as u16;
});
dist!(MrgBits8(c: MrgC), u8, 1, 4, |s, i, o| {
    let v = s.c.to_uint(i[0]);
    for (k, b) in o.iter_mut().enumerate() {
        *b = (v >> (8 * k)) as u8;
    }
});
dist!(MrgUniformF32(c: MrgC), f32, 1, 1, |s, i, o| {
    o[0] = s.c.uniform_f32(i[0]);
});
dist!(MrgUniformF64(c: MrgC), f64, 1, 1, |s, i, o| {
    o[0] = s.c.uniform_f64(i[0]);
});
dist!(MrgUniformF16(c: MrgC), f16, 1, 2, |s, i, o| {
    let v = s.c.to_uint(i[0]);
    o[0] = dist::uniform_f16(v as u16);
    o[1] = dist::uniform_f16((v >> 16) as u16);
});
dist!(MrgNormalF32(c: MrgC, mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = s.c.box_muller(i[0], i[1]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(MrgNormalF64(c: MrgC, mean: f64, stddev: f64), f64, 2, 2, |s, i, o| {
    let (a, b) = s.c.box_muller_f64(i[0], i[1]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(MrgNormalF16(c: MrgC, mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let v = s.c.to_uint(i[0]);
    let (a, b) = dist::box_muller_f16(v as u16, (v >> 16) as u16);
    o[0] = f16::from_f32(s.mean + a * s.stddev);
    o[1] = f16::from_f32(s.mean + b * s.stddev);
});
dist!(MrgLogNormalF32(c: MrgC, mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = s.c.box_muller(i[0], i[1]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(MrgLogNormalF64(c: MrgC, mean: f64, stddev: f64), f64, 2, 2, |s, i, o| {
    let (a, b) = s.c.box_muller_f64(i[0], i[1]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(MrgLogNormalF16(c: MrgC, mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let v = s.c.to_uint(i[0]);
    let (a, b) = dist::box_muller_f16(v as u16, (v >> 16) as u16);
    o[0] = f16::from_f32((s.mean + a * s.stddev).exp());
    o[1] = f16::from_f32((s.mean + b * s.stddev).exp());
});
dist!(MrgPoissonAlias(c: MrgC, table: Arc<Discrete>), u32, 1, 1, |s, i, o| {
    o[0] = s.table.alias_sample(s.c.to_uint(i[0]));
});
dist!(MrgPoissonNormal(c: MrgC, lambda: f64), u32, 2, 2, |s, i, o| {
    let (a, b) = s.c.box_muller_f64(i[0], i[1]);
    let sl = s.lambda.sqrt();
    o[0] = (sl * a + s.lambda).round().max(0.0) as u32;
    o[1] = (sl * b + s.lambda).round().max(0.0) as u32;
});

// The 64-bit engines (ThreeFry 2x64, 4x64): each 64-bit output arrives as its low and high
// 32-bit halves (`IN` counts halves), and the narrower types split it little-endian.
#[inline(always)]
fn join(i: &[u32]) -> u64 {
    u64::from(i[0]) | (u64::from(i[1]) << 32)
}
dist!(W64Bits64, u64, 2, 1, |_s, i, o| {
    o[0] = join(i);
});
dist!(W64Bits32, u32, 2, 2, |_s, i, o| {
    o[0] = i[0];
    o[1] = i[1];
});
dist!(W64Bits16, u16, 2, 4, |_s, i, o| {
    let v = join(i);
    for (k, b) in o.iter_mut().enumerate() {
        *b = (v >> (16 * k)) as u16;
    }
});
dist!(W64Bits8, u8, 2, 8, |_s, i, o| {
    let v = join(i);
    for (k, b) in o.iter_mut().enumerate() {
        *b = (v >> (8 * k)) as u8;
    }
});
dist!(W64UniformF32, f32, 2, 1, |_s, i, o| {
    o[0] = dist::uniform_f32_64(join(i));
});
dist!(W64UniformF64, f64, 2, 1, |_s, i, o| {
    o[0] = dist::uniform_f64_64(join(i));
});
dist!(W64UniformF16, f16, 2, 4, |_s, i, o| {
    let v = join(i);
    for (k, h) in o.iter_mut().enumerate() {
        *h = dist::uniform_f16((v >> (16 * k)) as u16);
    }
});
dist!(W64NormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::box_muller_64(join(i));
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(W64NormalF64(mean: f64, stddev: f64), f64, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64_64(join(&i[..2]), join(&i[2..]));
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(W64NormalF16(mean: f32, stddev: f32), f16, 2, 4, |s, i, o| {
    for (k, pair) in o.chunks_exact_mut(2).enumerate() {
        let w = i[k];
        let (a, b) = dist::box_muller_f16(w as u16, (w >> 16) as u16);
        pair[0] = f16::from_f32(s.mean + a * s.stddev);
        pair[1] = f16::from_f32(s.mean + b * s.stddev);
    }
});
dist!(W64LogNormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::box_muller_64(join(i));
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(W64LogNormalF64(mean: f64, stddev: f64), f64, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64_64(join(&i[..2]), join(&i[2..]));
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(W64LogNormalF16(mean: f32, stddev: f32), f16, 2, 4, |s, i, o| {
    for (k, pair) in o.chunks_exact_mut(2).enumerate() {
        let w = i[k];
        let (a, b) = dist::box_muller_f16(w as u16, (w >> 16) as u16);
        pair[0] = f16::from_f32((s.mean + a * s.stddev).exp());
        pair[1] = f16::from_f32((s.mean + b * s.stddev).exp());
    }
});
dist!(W64PoissonAlias(table: Arc<Discrete>), u32, 2, 2, |s, i, o| {
    o[0] = s.table.alias_sample(i[0]);
    o[1] = s.table.alias_sample(i[1]);
});
dist!(W64PoissonNormal(lambda: f64), u32, 4, 2, |s, i, o| {
    let (a, b) = dist::box_muller_f64_64(join(&i[..2]), join(&i[2..]));
    let sl = s.lambda.sqrt();
    o[0] = (sl * a + s.lambda).round().max(0.0) as u32;
    o[1] = (sl * b + s.lambda).round().max(0.0) as u32;
});

/// Something that fills output with one concrete distribution.
pub trait Filler {
    fn fill<D: Dist + 'static>(self, d: D) -> RandResult<()>;
}

/// The engine family, which picks the distribution set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// 32-bit engines whose outputs cover all of `u32` (XORWOW, Philox, LFSR113,
    /// ThreeFry 2x32/4x32).
    Generic,
    /// MRG32k3a (outputs in `[1, m1]`).
    Mrg32k3a,
    /// MRG31k3p (outputs in `[1, m1]`, its own m1).
    Mrg31k3p,
    /// 64-bit engines (ThreeFry 2x64/4x64), read as pairs of 32-bit halves.
    Wide64,
}

/// Calls `f.fill(d)` with the distribution `req` asks for.
pub fn dispatch<F: Filler>(family: Family, req: &Request, f: F) -> RandResult<()> {
    match family {
        Family::Generic => dispatch_generic(req, f),
        Family::Mrg32k3a => dispatch_mrg(dist::MRG32K3A, req, f),
        Family::Mrg31k3p => dispatch_mrg(dist::MRG31K3P, req, f),
        Family::Wide64 => dispatch_wide(req, f),
    }
}

fn f32s(m: f64, s: f64) -> (f32, f32) {
    (m as f32, s as f32)
}

fn dispatch_generic<F: Filler>(req: &Request, f: F) -> RandResult<()> {
    use Distribution as D;
    use Elem as E;
    match (req.elem, req.dist) {
        (E::U32, D::Bits) => f.fill(Bits32),
        (E::U16, D::Bits) => f.fill(Bits16),
        (E::U8, D::Bits) => f.fill(Bits8),
        (E::F32, D::Uniform) => f.fill(UniformF32),
        (E::F64, D::Uniform) => f.fill(UniformF64),
        (E::F16, D::Uniform) => f.fill(UniformF16),
        (E::F32, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(NormalF32 { mean, stddev })
        }
        (E::F64, D::Normal { mean, stddev }) => f.fill(NormalF64 { mean, stddev }),
        (E::F16, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(NormalF16 { mean, stddev })
        }
        (E::F32, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(LogNormalF32 { mean, stddev })
        }
        (E::F64, D::LogNormal { mean, stddev }) => f.fill(LogNormalF64 { mean, stddev }),
        (E::F16, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(LogNormalF16 { mean, stddev })
        }
        (E::U32, D::Poisson { lambda }) => match Discrete::poisson(lambda) {
            Some(table) => f.fill(PoissonAlias {
                table: Arc::new(table),
            }),
            None => f.fill(PoissonNormal { lambda }),
        },
        _ => Err(RandError::TypeError),
    }
}

fn dispatch_mrg<F: Filler>(c: MrgC, req: &Request, f: F) -> RandResult<()> {
    use Distribution as D;
    use Elem as E;
    match (req.elem, req.dist) {
        (E::U32, D::Bits) => f.fill(MrgBits32 { c }),
        (E::U16, D::Bits) => f.fill(MrgBits16 { c }),
        (E::U8, D::Bits) => f.fill(MrgBits8 { c }),
        (E::F32, D::Uniform) => f.fill(MrgUniformF32 { c }),
        (E::F64, D::Uniform) => f.fill(MrgUniformF64 { c }),
        (E::F16, D::Uniform) => f.fill(MrgUniformF16 { c }),
        (E::F32, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(MrgNormalF32 { c, mean, stddev })
        }
        (E::F64, D::Normal { mean, stddev }) => f.fill(MrgNormalF64 { c, mean, stddev }),
        (E::F16, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(MrgNormalF16 { c, mean, stddev })
        }
        (E::F32, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(MrgLogNormalF32 { c, mean, stddev })
        }
        (E::F64, D::LogNormal { mean, stddev }) => f.fill(MrgLogNormalF64 { c, mean, stddev }),
        (E::F16, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(MrgLogNormalF16 { c, mean, stddev })
        }
        (E::U32, D::Poisson { lambda }) => match Discrete::poisson(lambda) {
            Some(table) => f.fill(MrgPoissonAlias {
                c,
                table: Arc::new(table),
            }),
            // The normal approximation from the engine's own Box-Muller (its outputs do
            // not cover 32 bits).
            None => f.fill(MrgPoissonNormal { c, lambda }),
        },
        _ => Err(RandError::TypeError),
    }
}

fn dispatch_wide<F: Filler>(req: &Request, f: F) -> RandResult<()> {
    use Distribution as D;
    use Elem as E;
    match (req.elem, req.dist) {
        (E::U64, D::Bits) => f.fill(W64Bits64),
        (E::U32, D::Bits) => f.fill(W64Bits32),
        (E::U16, D::Bits) => f.fill(W64Bits16),
        (E::U8, D::Bits) => f.fill(W64Bits8),
        (E::F32, D::Uniform) => f.fill(W64UniformF32),
        (E::F64, D::Uniform) => f.fill(W64UniformF64),
        (E::F16, D::Uniform) => f.fill(W64UniformF16),
        (E::F32, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(W64NormalF32 { mean, stddev })
        }
        (E::F64, D::Normal { mean, stddev }) => f.fill(W64NormalF64 { mean, stddev }),
        (E::F16, D::Normal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(W64NormalF16 { mean, stddev })
        }
        (E::F32, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(W64LogNormalF32 { mean, stddev })
        }
        (E::F64, D::LogNormal { mean, stddev }) => f.fill(W64LogNormalF64 { mean, stddev }),
        (E::F16, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = f32s(mean, stddev);
            f.fill(W64LogNormalF16 { mean, stddev })
        }
        (E::U32, D::Poisson { lambda }) => match Discrete::poisson(lambda) {
            Some(table) => f.fill(W64PoissonAlias {
                table: Arc::new(table),
            }),
            None => f.fill(W64PoissonNormal { lambda }),
        },
        _ => Err(RandError::TypeError),
    }
}
