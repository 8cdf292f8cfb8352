//! The host generators' distributions: each turns `IN` engine outputs into `OUT` values,
//! as rocRAND's library distributions do (`input_width`, `output_width`), so the same
//! engine outputs land in the same places as on an AMD GPU.

use std::sync::Arc;

use half::f16;

use crate::dist::{self, Discrete};
use crate::engines::mrg32k3a;
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

// MRG32k3a: its outputs are in [1, m1], so it has its own distributions.
dist!(MrgBits32, u32, 1, 1, |_s, i, o| {
    o[0] = mrg32k3a::to_uint(i[0]);
});
dist!(MrgBits16, u16, 1, 2, |_s, i, o| {
    let v = mrg32k3a::to_uint(i[0]);
    o[0] = v as u16;
    o[1] = (v >> 16) as u16;
});
dist!(MrgBits8, u8, 1, 4, |_s, i, o| {
    let v = mrg32k3a::to_uint(i[0]);
    for (k, b) in o.iter_mut().enumerate() {
        *b = (v >> (8 * k)) as u8;
    }
});
dist!(MrgUniformF32, f32, 1, 1, |_s, i, o| {
    o[0] = dist::mrg_uniform_f32(i[0]);
});
dist!(MrgUniformF64, f64, 1, 1, |_s, i, o| {
    o[0] = dist::mrg_uniform_f64(i[0]);
});
dist!(MrgUniformF16, f16, 1, 2, |_s, i, o| {
    let v = mrg32k3a::to_uint(i[0]);
    o[0] = dist::uniform_f16(v as u16);
    o[1] = dist::uniform_f16((v >> 16) as u16);
});
dist!(MrgNormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::mrg_box_muller(i[0], i[1]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(MrgNormalF64(mean: f64, stddev: f64), f64, 2, 2, |s, i, o| {
    let (a, b) = dist::mrg_box_muller_f64(i[0], i[1]);
    o[0] = s.mean + a * s.stddev;
    o[1] = s.mean + b * s.stddev;
});
dist!(MrgNormalF16(mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let v = mrg32k3a::to_uint(i[0]);
    let (a, b) = dist::box_muller_f16(v as u16, (v >> 16) as u16);
    o[0] = f16::from_f32(s.mean + a * s.stddev);
    o[1] = f16::from_f32(s.mean + b * s.stddev);
});
dist!(MrgLogNormalF32(mean: f32, stddev: f32), f32, 2, 2, |s, i, o| {
    let (a, b) = dist::mrg_box_muller(i[0], i[1]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(MrgLogNormalF64(mean: f64, stddev: f64), f64, 2, 2, |s, i, o| {
    let (a, b) = dist::mrg_box_muller_f64(i[0], i[1]);
    o[0] = (s.mean + a * s.stddev).exp();
    o[1] = (s.mean + b * s.stddev).exp();
});
dist!(MrgLogNormalF16(mean: f32, stddev: f32), f16, 1, 2, |s, i, o| {
    let v = mrg32k3a::to_uint(i[0]);
    let (a, b) = dist::box_muller_f16(v as u16, (v >> 16) as u16);
    o[0] = f16::from_f32((s.mean + a * s.stddev).exp());
    o[1] = f16::from_f32((s.mean + b * s.stddev).exp());
});
dist!(MrgPoissonAlias(table: Arc<Discrete>), u32, 1, 1, |s, i, o| {
    o[0] = s.table.alias_sample(mrg32k3a::to_uint(i[0]));
});

/// Something that fills output with one concrete distribution.
pub trait Filler {
    fn fill<D: Dist + 'static>(self, d: D) -> RandResult<()>;
}

/// The engine family, which picks the distribution set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// 32-bit engines whose outputs cover all of `u32` (XORWOW, Philox).
    Generic,
    /// MRG32k3a (outputs in `[1, m1]`).
    Mrg,
}

/// Calls `f.fill(d)` with the distribution `req` asks for.
pub fn dispatch<F: Filler>(family: Family, req: &Request, f: F) -> RandResult<()> {
    use Distribution as D;
    use Elem as E;
    let mrg = family == Family::Mrg;
    let m32 = |m: f64, s: f64| (m as f32, s as f32);
    let s32 = m32;
    match (req.elem, req.dist) {
        (E::U32, D::Bits) if mrg => f.fill(MrgBits32),
        (E::U32, D::Bits) => f.fill(Bits32),
        (E::U16, D::Bits) if mrg => f.fill(MrgBits16),
        (E::U16, D::Bits) => f.fill(Bits16),
        (E::U8, D::Bits) if mrg => f.fill(MrgBits8),
        (E::U8, D::Bits) => f.fill(Bits8),
        (E::F32, D::Uniform) if mrg => f.fill(MrgUniformF32),
        (E::F32, D::Uniform) => f.fill(UniformF32),
        (E::F64, D::Uniform) if mrg => f.fill(MrgUniformF64),
        (E::F64, D::Uniform) => f.fill(UniformF64),
        (E::F16, D::Uniform) if mrg => f.fill(MrgUniformF16),
        (E::F16, D::Uniform) => f.fill(UniformF16),
        (E::F32, D::Normal { mean, stddev }) => {
            let (mean, stddev) = m32(mean, stddev);
            if mrg {
                f.fill(MrgNormalF32 { mean, stddev })
            } else {
                f.fill(NormalF32 { mean, stddev })
            }
        }
        (E::F64, D::Normal { mean, stddev }) if mrg => f.fill(MrgNormalF64 { mean, stddev }),
        (E::F64, D::Normal { mean, stddev }) => f.fill(NormalF64 { mean, stddev }),
        (E::F16, D::Normal { mean, stddev }) => {
            let (mean, stddev) = s32(mean, stddev);
            if mrg {
                f.fill(MrgNormalF16 { mean, stddev })
            } else {
                f.fill(NormalF16 { mean, stddev })
            }
        }
        (E::F32, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = m32(mean, stddev);
            if mrg {
                f.fill(MrgLogNormalF32 { mean, stddev })
            } else {
                f.fill(LogNormalF32 { mean, stddev })
            }
        }
        (E::F64, D::LogNormal { mean, stddev }) if mrg => f.fill(MrgLogNormalF64 { mean, stddev }),
        (E::F64, D::LogNormal { mean, stddev }) => f.fill(LogNormalF64 { mean, stddev }),
        (E::F16, D::LogNormal { mean, stddev }) => {
            let (mean, stddev) = s32(mean, stddev);
            if mrg {
                f.fill(MrgLogNormalF16 { mean, stddev })
            } else {
                f.fill(LogNormalF16 { mean, stddev })
            }
        }
        (E::U32, D::Poisson { lambda }) => match Discrete::poisson(lambda) {
            Some(table) if mrg => f.fill(MrgPoissonAlias {
                table: Arc::new(table),
            }),
            Some(table) => f.fill(PoissonAlias {
                table: Arc::new(table),
            }),
            None => f.fill(PoissonNormal { lambda }),
        },
        _ => Err(RandError::TypeError),
    }
}
