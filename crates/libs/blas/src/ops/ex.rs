//! The `Ex` GEMMs (`rocblas_gemm_ex`, `hipblasGemmEx` and their batched forms) and the
//! half-precision GEMM (`hgemm`): operand types chosen at run time.
//!
//! Uniform types (all `f32`, `f64`, `C32` or `C64` with the matching compute type) run as
//! the typed GEMM. fp16 and bf16 operands (with fp16/bf16 or fp32 `C`/`D`) are computed in
//! fp32 on the CPU: converted to fp32, multiplied by faer, rounded back to the output type
//! once (so the fp16 compute type is at least as accurate as requested). Other
//! combinations (int8, fp8...) are `NotImplemented`.

use half::{bf16, f16};

use super::{require, size};
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::{Backend, Handle};
use crate::ops::level3::{gemm, Gemm};

use crate::args::Unusable;
use crate::types::Operation;

/// An element type of the `Ex` API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataType {
    F16,
    Bf16,
    F32,
    F64,
    C32,
    C64,
}

impl DataType {
    /// `rocblas_datatype` and hipBLAS's v1 `hipblasDatatype_t` (150...).
    pub fn from_rocblas(v: i32) -> BlasResult<DataType> {
        match v {
            150 => Ok(DataType::F16),
            151 => Ok(DataType::F32),
            152 => Ok(DataType::F64),
            154 => Ok(DataType::C32),
            155 => Ok(DataType::C64),
            168 => Ok(DataType::Bf16),
            153 | 156..=167 | 169..=171 => Err(BlasError::NotImplemented("Ex API: this data type")),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    /// `hipDataType` (hipBLAS v2; CUDA's `cudaDataType` values).
    pub fn from_hip(v: i32) -> BlasResult<DataType> {
        match v {
            0 => Ok(DataType::F32),
            1 => Ok(DataType::F64),
            2 => Ok(DataType::F16),
            4 => Ok(DataType::C32),
            5 => Ok(DataType::C64),
            14 => Ok(DataType::Bf16),
            3 | 6..=13 | 15..=29 | 1000 | 1001 => {
                Err(BlasError::NotImplemented("Ex API: this data type"))
            }
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    pub fn size(self) -> usize {
        match self {
            DataType::F16 | DataType::Bf16 => 2,
            DataType::F32 => 4,
            DataType::F64 | DataType::C32 => 8,
            DataType::C64 => 16,
        }
    }
}

/// The precision of the computation, which also fixes `alpha`'s and `beta`'s type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compute {
    F16,
    F32,
    F64,
}

impl Compute {
    /// A compute type given as a data type (`rocblas_datatype`, v1 `hipblasDatatype_t`).
    pub fn from_rocblas(v: i32) -> BlasResult<Compute> {
        Ok(match DataType::from_rocblas(v)? {
            DataType::F16 => Compute::F16,
            DataType::F32 | DataType::C32 => Compute::F32,
            DataType::F64 | DataType::C64 => Compute::F64,
            DataType::Bf16 => return Err(BlasError::NotImplemented("Ex API: bf16 compute type")),
        })
    }

    /// `hipblasComputeType_t`: 16F (0, 1), 32F and its fast variants (2-6), 64F (7, 8).
    pub fn from_hipblas(v: i32) -> BlasResult<Compute> {
        match v {
            0 | 1 => Ok(Compute::F16),
            2..=6 => Ok(Compute::F32),
            7 | 8 => Ok(Compute::F64),
            9 | 10 | 100..=102 => Err(BlasError::NotImplemented("Ex API: this compute type")),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }
}

/// An `Ex` GEMM: `D = alpha * op(A) * op(B) + beta * C` (`D` is `C` for hipBLAS).
#[derive(Debug, Clone, Copy)]
pub struct GemmEx {
    pub trans_a: i32,
    pub trans_b: i32,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: *const u8,
    pub a: Batch<u8>,
    pub a_type: DataType,
    pub lda: i64,
    pub b: Batch<u8>,
    pub b_type: DataType,
    pub ldb: i64,
    pub beta: *const u8,
    pub c: Batch<u8>,
    pub c_type: DataType,
    pub ldc: i64,
    pub d: Batch<u8>,
    pub d_type: DataType,
    pub ldd: i64,
    pub compute: Compute,
    pub batch_count: i64,
}

/// A batch of `T` elements seen as bytes (`stride` in elements of `elem` bytes).
pub fn byte_batch<P>(p: *const P, stride: Option<i64>, elem: usize, array: bool) -> Batch<u8> {
    if array {
        Batch::array(p)
    } else {
        Batch::strided(
            p as *const u8,
            stride.unwrap_or(0).wrapping_mul(elem as i64),
        )
    }
}

fn retype<T>(b: Batch<u8>, elem: usize) -> Batch<T> {
    match b {
        Batch::Strided { base, stride } => {
            Batch::strided(base.ptr() as *const T, stride / elem as i64)
        }
        Batch::Array(a) => Batch::array(a.ptr() as *const *const T),
    }
}

/// `rocblas_gemm_ex`, `hipblasGemmEx` and their forms.
///
/// # Safety
/// Operands valid as BLAS requires for their types; host-mode scalars readable now.
pub unsafe fn gemm_ex(h: &Handle, g: &GemmEx) -> BlasResult<()> {
    use DataType::*;
    if let Backend::Nvidia(nv) = h.backend() {
        // cuBLAS takes every type combination it supports in one entry point.
        if !check_common(g)? {
            return Ok(());
        }
        // SAFETY: validated; device operands.
        return unsafe { nv.gemm_ex(h, g) };
    }
    let uniform = g.a_type == g.b_type && g.a_type == g.c_type && g.c_type == g.d_type;
    match (uniform, g.a_type, g.compute) {
        (true, F32, Compute::F32)
        | (true, F64, Compute::F64)
        | (true, C32, Compute::F32)
        | (true, C64, Compute::F64) => {
            check_ldd(g)?;
            // SAFETY: forwarded; C is copied into D first when they differ.
            unsafe {
                copy_c_to_d(h, g)?;
                match g.a_type {
                    F32 => gemm::<f32>(h, &typed(g)),
                    F64 => gemm::<f64>(h, &typed(g)),
                    C32 => gemm::<crate::scalar::C32>(h, &typed(g)),
                    _ => gemm::<crate::scalar::C64>(h, &typed(g)),
                }
            }
        }
        (_, F16 | Bf16, Compute::F32 | Compute::F16)
            if g.b_type == g.a_type
                && (g.c_type == g.a_type || g.c_type == F32)
                && g.d_type == g.c_type =>
        {
            if g.compute == Compute::F16 && g.a_type != F16 {
                return Err(BlasError::NotImplemented(
                    "Ex API: fp16 compute on bf16 data",
                ));
            }
            // SAFETY: forwarded.
            unsafe { gemm_converted(h, g) }
        }
        _ => Err(BlasError::NotImplemented("Ex API: this type combination")),
    }
}

/// The GEMM on `D` with `T` elements (uniform types).
fn typed<T>(g: &GemmEx) -> Gemm<T> {
    let e = g.a_type.size();
    Gemm {
        trans_a: g.trans_a,
        trans_b: g.trans_b,
        m: g.m,
        n: g.n,
        k: g.k,
        alpha: g.alpha as *const T,
        a: retype(g.a, e),
        lda: g.lda,
        b: retype(g.b, e),
        ldb: g.ldb,
        beta: g.beta as *const T,
        c: retype(g.d, e),
        ldc: g.ldd,
        batch_count: g.batch_count,
    }
}

/// The checks every `Ex` GEMM makes (rocBLAS's order): operations, sizes, leading
/// dimensions, then NULL pointers once there is work. `Ok(false)`: nothing to do.
fn check_common(g: &GemmEx) -> BlasResult<bool> {
    let trans_a = Operation::from_c(g.trans_a)?;
    let trans_b = Operation::from_c(g.trans_b)?;
    let (m, n, k) = (size(g.m)?, size(g.n)?, size(g.k)?);
    size(g.batch_count)?;
    let rows_a = if trans_a == Operation::None { m } else { k };
    let rows_b = if trans_b == Operation::None { k } else { n };
    if g.lda < rows_a.max(1) as i64 || g.ldb < rows_b.max(1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    check_ldd(g)?;
    if m == 0 || n == 0 || g.batch_count == 0 {
        return Ok(false);
    }
    require(!g.alpha.unusable() && !g.beta.unusable())?;
    require(!g.c.unusable() && !g.d.unusable())?;
    if k > 0 {
        require(!g.a.unusable() && !g.b.unusable())?;
    }
    Ok(true)
}

fn check_ldd(g: &GemmEx) -> BlasResult<()> {
    if g.ldd < g.m.max(1) || g.ldc < g.m.max(1) {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
}

/// `D = C` before an in-place GEMM on `D` (rocBLAS's separate output), when they differ.
///
/// # Safety
/// As for [`gemm_ex`].
unsafe fn copy_c_to_d(h: &Handle, g: &GemmEx) -> BlasResult<()> {
    let same = match (g.c, g.d) {
        (
            Batch::Strided {
                base: c,
                stride: sc,
            },
            Batch::Strided {
                base: d,
                stride: sd,
            },
        ) => c.addr() == d.addr() && sc == sd && g.ldc == g.ldd,
        (Batch::Array(c), Batch::Array(d)) => c.addr() == d.addr() && g.ldc == g.ldd,
        _ => false,
    };
    if same || g.m <= 0 || g.n <= 0 || g.batch_count <= 0 {
        return Ok(());
    }
    require(!g.c.unusable() && !g.d.unusable())?;
    let call = CopyCall {
        m: g.m as usize,
        n: g.n as usize,
        elem: g.d_type.size(),
        c: g.c,
        ldc: g.ldc as usize,
        d: g.d,
        ldd: g.ldd as usize,
        batch_count: g.batch_count as usize,
    };
    h.dispatch(call, copy_blocks, |nv, _| {
        nv.not_mapped("gemm_ex with C != D")
    })
}

/// `D = C`, column by column, for every batch entry.
#[derive(Debug, Clone, Copy)]
struct CopyCall {
    m: usize,
    n: usize,
    elem: usize,
    c: Batch<u8>,
    ldc: usize,
    d: Batch<u8>,
    ldd: usize,
    batch_count: usize,
}

/// # Safety
/// Validated operands, host-visible.
unsafe fn copy_blocks(c: &CopyCall) {
    for bi in 0..c.batch_count {
        // SAFETY: the caller's contract.
        unsafe {
            let (src, dst) = (c.c.host_ptr(bi), c.d.host_ptr(bi));
            for j in 0..c.n {
                std::ptr::copy(
                    src.add(j * c.ldc * c.elem),
                    dst.add(j * c.ldd * c.elem),
                    c.m * c.elem,
                );
            }
        }
    }
}

/// fp16/bf16 GEMM computed in fp32.
///
/// # Safety
/// As for [`gemm_ex`].
unsafe fn gemm_converted(h: &Handle, g: &GemmEx) -> BlasResult<()> {
    let trans_a = Operation::from_c(g.trans_a)?;
    let trans_b = Operation::from_c(g.trans_b)?;
    let (m, n, k) = (size(g.m)?, size(g.n)?, size(g.k)?);
    size(g.batch_count)?;
    let rows_a = if trans_a == Operation::None { m } else { k };
    let rows_b = if trans_b == Operation::None { k } else { n };
    if g.lda < rows_a.max(1) as i64 || g.ldb < rows_b.max(1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    check_ldd(g)?;
    if m == 0 || n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    let mode = h.pointer_mode();
    // SAFETY: the caller's contract (fp16 scalars for the fp16 compute type, else fp32).
    let (alpha, beta) = unsafe {
        (
            Scalar32::new(g.alpha, g.compute, mode)?,
            Scalar32::new(g.beta, g.compute, mode)?,
        )
    };
    require(!g.c.unusable() && !g.d.unusable())?;
    if k > 0 {
        require(!g.a.unusable() && !g.b.unusable())?;
    }
    let call = ConvertedCall {
        trans_a,
        trans_b,
        m,
        n,
        k,
        alpha,
        beta,
        a: g.a,
        a_type: g.a_type,
        lda: g.lda as usize,
        b: g.b,
        b_type: g.b_type,
        ldb: g.ldb as usize,
        c: g.c,
        c_type: g.c_type,
        ldc: g.ldc as usize,
        d: g.d,
        d_type: g.d_type,
        ldd: g.ldd as usize,
        batch_count: g.batch_count as usize,
    };
    h.dispatch(call, run_converted, |nv, _| {
        nv.not_mapped("fp16/bf16 gemm_ex")
    })
}

/// A validated fp16/bf16 GEMM.
#[derive(Debug, Clone, Copy)]
struct ConvertedCall {
    trans_a: Operation,
    trans_b: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: Scalar32,
    beta: Scalar32,
    a: Batch<u8>,
    a_type: DataType,
    lda: usize,
    b: Batch<u8>,
    b_type: DataType,
    ldb: usize,
    c: Batch<u8>,
    c_type: DataType,
    ldc: usize,
    d: Batch<u8>,
    d_type: DataType,
    ldd: usize,
    batch_count: usize,
}

/// An fp16 or fp32 scalar, read as fp32 (host mode: now; device mode: by the work).
#[derive(Debug, Clone, Copy)]
struct Scalar32 {
    arg: ScalarArg<u32>,
    half: bool,
}

impl Scalar32 {
    /// # Safety
    /// A host-mode `p` readable now.
    unsafe fn new(
        p: *const u8,
        compute: Compute,
        mode: crate::types::PointerMode,
    ) -> BlasResult<Scalar32> {
        let half = compute == Compute::F16;
        let arg = if half {
            // SAFETY: the caller's contract.
            match unsafe { ScalarArg::from_c(p as *const u16, mode)? } {
                ScalarArg::Host(v) => ScalarArg::Host(u32::from(v)),
                ScalarArg::Device(d) => {
                    ScalarArg::Device(crate::args::DevPtr::new(d.ptr() as *const u32))
                }
            }
        } else {
            // SAFETY: the caller's contract.
            unsafe { ScalarArg::from_c(p as *const u32, mode)? }
        };
        Ok(Scalar32 { arg, half })
    }

    /// # Safety
    /// A device scalar must be host-readable (CPU platform).
    unsafe fn get(&self) -> f32 {
        match (self.arg, self.half) {
            (ScalarArg::Host(v), true) => f16::from_bits(v as u16).to_f32(),
            (ScalarArg::Host(v), false) => f32::from_bits(v),
            (ScalarArg::Device(p), true) => {
                // SAFETY: the caller's contract.
                let bits = unsafe { (p.ptr() as *const u16).read_unaligned() };
                f16::from_bits(bits).to_f32()
            }
            // SAFETY: as above.
            (ScalarArg::Device(p), false) => unsafe { (p.ptr() as *const f32).read_unaligned() },
        }
    }
}

/// Reads element `i` of a `t`-typed array as fp32.
///
/// # Safety
/// `p` valid for element `i`.
unsafe fn load(t: DataType, p: *const u8, i: usize) -> f32 {
    // SAFETY: the caller's contract.
    unsafe {
        match t {
            DataType::F16 => f16::from_bits((p as *const u16).add(i).read_unaligned()).to_f32(),
            DataType::Bf16 => bf16::from_bits((p as *const u16).add(i).read_unaligned()).to_f32(),
            _ => (p as *const f32).add(i).read_unaligned(),
        }
    }
}

/// Writes element `i` of a `t`-typed array from fp32 (round to nearest even).
///
/// # Safety
/// `p` valid for element `i`.
unsafe fn store(t: DataType, p: *mut u8, i: usize, v: f32) {
    // SAFETY: the caller's contract.
    unsafe {
        match t {
            DataType::F16 => (p as *mut u16)
                .add(i)
                .write_unaligned(f16::from_f32(v).to_bits()),
            DataType::Bf16 => (p as *mut u16)
                .add(i)
                .write_unaligned(bf16::from_f32(v).to_bits()),
            _ => (p as *mut f32).add(i).write_unaligned(v),
        }
    }
}

/// Gathers a `rows x cols` block (leading dimension `ld`) into a compact fp32 matrix.
///
/// # Safety
/// The block must be readable.
unsafe fn gather(t: DataType, p: *const u8, rows: usize, cols: usize, ld: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(rows * cols);
    for j in 0..cols {
        for i in 0..rows {
            // SAFETY: the caller's contract.
            out.push(unsafe { load(t, p, i + j * ld) });
        }
    }
    out
}

/// # Safety
/// A validated call; operands host-visible.
unsafe fn run_converted(g: &ConvertedCall) {
    let (ta, tb, m, n, k) = (g.trans_a, g.trans_b, g.m, g.n, g.k);
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (g.alpha.get(), g.beta.get()) };
    let (ra, ca) = if ta == Operation::None {
        (m, k)
    } else {
        (k, m)
    };
    let (rb, cb) = if tb == Operation::None {
        (k, n)
    } else {
        (n, k)
    };
    for bi in 0..g.batch_count {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let a = gather(g.a_type, g.a.host_ptr(bi), ra, ca, g.lda);
            let b = gather(g.b_type, g.b.host_ptr(bi), rb, cb, g.ldb);
            let mut c = if beta == 0.0 {
                vec![0.0; m * n]
            } else {
                gather(g.c_type, g.c.host_ptr(bi), m, n, g.ldc)
            };
            crate::cpu::level3::gemm(
                ta,
                tb,
                m,
                n,
                k,
                alpha,
                a.as_ptr(),
                ra.max(1) as i64,
                b.as_ptr(),
                rb.max(1) as i64,
                beta,
                c.as_mut_ptr(),
                m as i64,
                crate::cpu::par_for(m * n * k.max(1)),
            );
            let d = g.d.host_ptr(bi);
            for j in 0..n {
                for i in 0..m {
                    store(g.d_type, d, i + j * g.ldd, c[i + j * m]);
                }
            }
        }
    }
}
