//! What a plan computes: the transform, the precision, the lengths, the batch and the data
//! layouts of both sides (rocFFT's plan description, which hipFFT's advanced layouts map
//! onto). Lengths and strides are **innermost first** (`lengths[0]` varies fastest), as
//! in rocFFT; hipFFT's row-major `n[]` is reversed by its C layer.

use crate::error::{FftError, FftResult};

/// The precision of the data in memory. Half and bfloat16 are computed in single
/// precision (converted on the way in and out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Precision {
    Half,
    BFloat16,
    Single,
    Double,
}

impl Precision {
    /// Bytes of one real value.
    pub fn real_bytes(self) -> usize {
        match self {
            Precision::Half | Precision::BFloat16 => 2,
            Precision::Single => 4,
            Precision::Double => 8,
        }
    }
}

/// rocFFT's transform types; a complex plan may also be run in the other direction
/// (hipFFT picks the direction at execution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransformType {
    /// `exp(-2 pi i jk/n)`, hipFFT's `HIPFFT_FORWARD` (-1).
    ComplexForward,
    /// `exp(+2 pi i jk/n)`, unnormalised.
    ComplexInverse,
    /// Real input, Hermitian (half) complex output.
    RealForward,
    /// Hermitian input, real output (unnormalised).
    RealInverse,
}

impl TransformType {
    pub fn is_real(self) -> bool {
        matches!(
            self,
            TransformType::RealForward | TransformType::RealInverse
        )
    }
}

/// How one side's elements are stored (rocFFT's array types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrayType {
    ComplexInterleaved,
    /// Real parts in one buffer, imaginary parts in another.
    ComplexPlanar,
    Real,
    HermitianInterleaved,
    HermitianPlanar,
}

impl ArrayType {
    pub fn is_planar(self) -> bool {
        matches!(self, ArrayType::ComplexPlanar | ArrayType::HermitianPlanar)
    }
}

/// One side's data layout, in elements of its array type (complex elements for complex
/// arrays, reals for real arrays).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    pub array: ArrayType,
    /// Offset of the first element in each buffer (the second is for planar imaginary parts).
    pub offsets: [usize; 2],
    /// Stride of each dimension, innermost first (as many as lengths).
    pub strides: Vec<usize>,
    /// Distance between the first elements of consecutive transforms of the batch.
    pub distance: usize,
}

impl Layout {
    /// Element index (relative to the offset) of the last element + 1 of `batch`
    /// transforms of `lengths` (0 for an empty shape).
    pub fn extent(&self, lengths: &[usize], batch: usize) -> usize {
        if batch == 0 || lengths.contains(&0) {
            return 0;
        }
        let last: usize = lengths
            .iter()
            .zip(&self.strides)
            .map(|(l, s)| (l - 1) * s)
            .sum::<usize>()
            + (batch - 1) * self.distance;
        last + 1
    }

    /// Dense strides for `lengths` with the innermost dimension `inner` elements apart
    /// (`inner >= lengths[0]`: padding for in-place real transforms).
    fn dense(array: ArrayType, lengths: &[usize], inner: usize) -> Layout {
        let mut strides = Vec::with_capacity(lengths.len());
        let mut s = 1;
        for (d, &l) in lengths.iter().enumerate() {
            strides.push(s);
            s *= if d == 0 { inner } else { l };
        }
        Layout {
            array,
            offsets: [0, 0],
            strides,
            distance: s,
        }
    }

    /// Whether every transform is dense (standard strides for `lengths`) and the
    /// elements are interleaved: the executor can then work in this buffer directly.
    pub fn is_dense_interleaved(&self, lengths: &[usize]) -> bool {
        if self.array.is_planar() || self.offsets[0] != 0 {
            return false;
        }
        let mut s = 1;
        for (d, &l) in lengths.iter().enumerate() {
            if l > 1 && self.strides[d] != s {
                return false;
            }
            s *= l;
        }
        true
    }
}

/// Whether results go back into the input buffer(s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    InPlace,
    NotInPlace,
}

/// A plan's complete description.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanDesc {
    pub transform: TransformType,
    pub precision: Precision,
    /// Transform lengths, innermost first (1 to 3 of them). For real transforms these are
    /// the real lengths; the complex side has `lengths[0] / 2 + 1` innermost.
    pub lengths: Vec<usize>,
    pub batch: usize,
    pub placement: Placement,
    pub input: Layout,
    pub output: Layout,
    /// Every output value is multiplied by it (1: unnormalised, cuFFT's convention).
    pub scale: f64,
}

impl PlanDesc {
    /// A plan with rocFFT's default layouts: dense, interleaved, and for in-place real
    /// transforms the real rows padded to `2 * (lengths[0] / 2 + 1)` reals.
    pub fn new(
        transform: TransformType,
        precision: Precision,
        lengths: &[usize],
        batch: usize,
        placement: Placement,
    ) -> PlanDesc {
        let (input, output) = Self::default_layouts(transform, lengths, placement);
        PlanDesc {
            transform,
            precision,
            lengths: lengths.to_vec(),
            batch,
            placement,
            input,
            output,
            scale: 1.0,
        }
    }

    /// rocFFT's default layouts for a transform.
    pub fn default_layouts(
        transform: TransformType,
        lengths: &[usize],
        placement: Placement,
    ) -> (Layout, Layout) {
        let n0 = lengths.first().copied().unwrap_or(1);
        let h = n0 / 2 + 1;
        let real_inner = if placement == Placement::InPlace {
            2 * h
        } else {
            n0
        };
        match transform {
            TransformType::ComplexForward | TransformType::ComplexInverse => {
                let l = Layout::dense(ArrayType::ComplexInterleaved, lengths, n0);
                (l.clone(), l)
            }
            TransformType::RealForward => (
                Layout::dense(ArrayType::Real, lengths, real_inner),
                Layout::dense(ArrayType::HermitianInterleaved, lengths, h),
            ),
            TransformType::RealInverse => (
                Layout::dense(ArrayType::HermitianInterleaved, lengths, h),
                Layout::dense(ArrayType::Real, lengths, real_inner),
            ),
        }
    }

    /// The lengths of the complex side (the innermost halved for real transforms).
    pub fn complex_lengths(&self) -> Vec<usize> {
        let mut l = self.lengths.clone();
        if self.transform.is_real() {
            l[0] = l[0] / 2 + 1;
        }
        l
    }

    /// The logical lengths of the input and output sides.
    pub fn side_lengths(&self) -> (Vec<usize>, Vec<usize>) {
        match self.transform {
            TransformType::ComplexForward | TransformType::ComplexInverse => {
                (self.lengths.clone(), self.lengths.clone())
            }
            TransformType::RealForward => (self.lengths.clone(), self.complex_lengths()),
            TransformType::RealInverse => (self.complex_lengths(), self.lengths.clone()),
        }
    }

    /// Elements of one transform (the real lengths' product).
    pub fn transform_size(&self) -> usize {
        self.lengths.iter().product()
    }

    /// Checks the description as rocFFT does, with its statuses.
    pub fn validate(&self) -> FftResult<()> {
        if self.lengths.is_empty() || self.lengths.len() > 3 {
            return Err(FftError::InvalidSize("1 to 3 dimensions"));
        }
        if self.lengths.contains(&0) {
            return Err(FftError::InvalidSize("a length is zero"));
        }
        if self.batch == 0 {
            return Err(FftError::InvalidSize("the batch count is zero"));
        }
        let total = self
            .lengths
            .iter()
            .try_fold(self.batch, |acc, &l| acc.checked_mul(l))
            .and_then(|t| t.checked_mul(16));
        if total.is_none_or(|t| t > isize::MAX as usize) {
            return Err(FftError::InvalidSize(
                "the data does not fit the address space",
            ));
        }
        if !self.scale.is_finite() {
            return Err(FftError::InvalidValue("scale factor"));
        }
        use ArrayType as A;
        let (i, o) = (self.input.array, self.output.array);
        let fits = match self.transform {
            TransformType::ComplexForward | TransformType::ComplexInverse => {
                matches!(i, A::ComplexInterleaved | A::ComplexPlanar)
                    && matches!(o, A::ComplexInterleaved | A::ComplexPlanar)
            }
            TransformType::RealForward => {
                i == A::Real && matches!(o, A::HermitianInterleaved | A::HermitianPlanar)
            }
            TransformType::RealInverse => {
                o == A::Real && matches!(i, A::HermitianInterleaved | A::HermitianPlanar)
            }
        };
        if !fits {
            return Err(FftError::InvalidArrayType(
                "the array types do not fit the transform",
            ));
        }
        if self.placement == Placement::InPlace {
            let same = match self.transform {
                TransformType::ComplexForward | TransformType::ComplexInverse => i == o,
                _ => !i.is_planar() && !o.is_planar(),
            };
            if !same {
                return Err(FftError::InvalidArrayType(
                    "in-place transforms need matching interleaved arrays",
                ));
            }
        }
        let (li, lo) = self.side_lengths();
        for (layout, lens) in [(&self.input, &li), (&self.output, &lo)] {
            if layout.strides.len() != lens.len() {
                return Err(FftError::InvalidStrides("one stride per dimension"));
            }
            if layout
                .strides
                .iter()
                .zip(lens.iter())
                .any(|(&s, &l)| s == 0 && l > 1)
            {
                return Err(FftError::InvalidStrides("a stride is zero"));
            }
            if self.batch > 1 && layout.distance == 0 {
                return Err(FftError::InvalidDistance);
            }
            if layout.offsets.iter().any(|&o| o > isize::MAX as usize / 16) {
                return Err(FftError::InvalidOffset);
            }
        }
        disjoint_outputs(&self.output, &lo, self.batch)
    }
}

/// Every output element has its own address (so that transforms, and lines within a
/// transform, can be written in parallel): sorted by stride, each dimension must step
/// past everything the smaller ones reach. Sufficient, and true of every layout that
/// rocFFT and cuFFT document.
fn disjoint_outputs(layout: &Layout, lengths: &[usize], batch: usize) -> FftResult<()> {
    let mut dims: Vec<(usize, usize, bool)> = lengths
        .iter()
        .zip(&layout.strides)
        .map(|(&l, &s)| (s, l, false))
        .collect();
    dims.push((layout.distance, batch, true));
    dims.retain(|&(_, l, _)| l > 1);
    dims.sort_unstable();
    let mut reach = 0usize;
    for (stride, len, is_batch) in dims {
        if stride <= reach {
            return Err(if is_batch {
                FftError::InvalidDistance
            } else {
                FftError::InvalidStrides("the output elements overlap")
            });
        }
        reach = (len - 1)
            .checked_mul(stride)
            .and_then(|r| r.checked_add(reach))
            .ok_or(FftError::InvalidStrides("strides out of range"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_layouts_pad_in_place_real_rows() {
        let d = PlanDesc::new(
            TransformType::RealForward,
            Precision::Single,
            &[8, 3],
            2,
            Placement::InPlace,
        );
        assert_eq!(d.input.strides, vec![1, 10]);
        assert_eq!(d.input.distance, 30);
        assert_eq!(d.output.strides, vec![1, 5]);
        assert_eq!(d.output.distance, 15);
        d.validate().expect("valid");
    }

    #[test]
    fn overlapping_outputs_are_rejected() {
        let mut d = PlanDesc::new(
            TransformType::ComplexForward,
            Precision::Double,
            &[4, 4],
            3,
            Placement::NotInPlace,
        );
        d.output.distance = 8;
        assert_eq!(d.validate(), Err(FftError::InvalidDistance));
        d.output.distance = 16;
        d.output.strides = vec![1, 2];
        assert!(matches!(d.validate(), Err(FftError::InvalidStrides(_))));
        // Interleaved batches (distance 1, stride = batch) are fine.
        d.output.strides = vec![3, 12];
        d.output.distance = 1;
        d.validate().expect("interleaved batch");
    }

    #[test]
    fn bad_shapes_are_rejected() {
        let mk = |l: &[usize], b| {
            PlanDesc::new(
                TransformType::ComplexForward,
                Precision::Single,
                l,
                b,
                Placement::NotInPlace,
            )
            .validate()
        };
        assert!(matches!(mk(&[], 1), Err(FftError::InvalidSize(_))));
        assert!(matches!(
            mk(&[2, 2, 2, 2], 1),
            Err(FftError::InvalidSize(_))
        ));
        assert!(matches!(mk(&[0], 1), Err(FftError::InvalidSize(_))));
        assert!(matches!(mk(&[4], 0), Err(FftError::InvalidSize(_))));
    }
}
