//! Operands as the C APIs pass them: device addresses (host addresses on the CPU platform),
//! batches of matrices or vectors (one, strided, or an array of pointers in device
//! memory), and scalars that live on the host or on the device.

use std::marker::PhantomData;

use crate::error::{BlasError, BlasResult};
use crate::types::PointerMode;

/// A device address. `Send`/`Sync` so that enqueued work can carry it: what it points to
/// is the program's, valid until the work has run (the API's contract).
pub struct DevPtr<T> {
    addr: usize,
    _t: PhantomData<*mut T>,
}

impl<T> Clone for DevPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for DevPtr<T> {}

// SAFETY: an address; dereferencing it is unsafe and follows the BLAS call's contract.
unsafe impl<T> Send for DevPtr<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for DevPtr<T> {}

impl<T> std::fmt::Debug for DevPtr<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DevPtr({:#x})", self.addr)
    }
}

impl<T> DevPtr<T> {
    pub fn new(p: *const T) -> DevPtr<T> {
        DevPtr {
            addr: p as usize,
            _t: PhantomData,
        }
    }
    pub fn null() -> DevPtr<T> {
        DevPtr {
            addr: 0,
            _t: PhantomData,
        }
    }
    pub fn is_null(self) -> bool {
        self.addr == 0
    }
    pub fn addr(self) -> usize {
        self.addr
    }
    pub fn ptr(self) -> *mut T {
        self.addr as *mut T
    }
    /// The address `count` elements further (wrapping: offsets of a strided batch may be
    /// negative).
    pub fn offset(self, count: i64) -> DevPtr<T> {
        let bytes = (count as isize).wrapping_mul(std::mem::size_of::<T>() as isize);
        DevPtr {
            addr: (self.addr as isize).wrapping_add(bytes) as usize,
            _t: PhantomData,
        }
    }
}

/// Whether a pointer a C caller passed cannot be used: NULL, or an address no process can
/// map ([`ferrocm_cabi::plausible`]: no system call). The operations refuse such operands
/// with `InvalidPointer` instead of faulting on them later, in the queued work.
pub trait Unusable {
    fn unusable(&self) -> bool;
}

impl<T> Unusable for *const T {
    fn unusable(&self) -> bool {
        !ferrocm_cabi::plausible_ptr(*self)
    }
}

impl<T> Unusable for *mut T {
    fn unusable(&self) -> bool {
        !ferrocm_cabi::plausible_ptr(*self)
    }
}

impl<T> Unusable for DevPtr<T> {
    fn unusable(&self) -> bool {
        !ferrocm_cabi::plausible(self.addr)
    }
}

impl<T> Unusable for Batch<T> {
    fn unusable(&self) -> bool {
        match *self {
            Batch::Strided { base, .. } => base.unusable(),
            Batch::Array(a) => a.unusable(),
        }
    }
}

/// A batch of operands of one kind (matrices or vectors).
#[derive(Debug)]
pub enum Batch<T> {
    /// Operand `b` starts `b * stride` elements after `base` (a single operand: stride 0).
    Strided { base: DevPtr<T>, stride: i64 },
    /// Operand `b` starts at `array[b]`: an array of pointers in device memory.
    Array(DevPtr<DevPtr<T>>),
}

impl<T> Clone for Batch<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Batch<T> {}

impl<T> Batch<T> {
    /// One operand at `p`.
    pub fn one(p: *const T) -> Batch<T> {
        Batch::Strided {
            base: DevPtr::new(p),
            stride: 0,
        }
    }
    pub fn strided(p: *const T, stride: i64) -> Batch<T> {
        Batch::Strided {
            base: DevPtr::new(p),
            stride,
        }
    }
    /// An array of operand pointers (`const T* const x[]` or `T* const x[]`).
    pub fn array<P>(p: *const P) -> Batch<T> {
        Batch::Array(DevPtr::new(p as *const DevPtr<T>))
    }
    /// Whether the pointer the caller passed is NULL.
    pub fn is_null(&self) -> bool {
        match *self {
            Batch::Strided { base, .. } => base.is_null(),
            Batch::Array(a) => a.is_null(),
        }
    }
    /// The host-visible address of operand `b` (reads the pointer array on the CPU
    /// platform, where device memory is host memory).
    ///
    /// # Safety
    /// For `Array`, the array must hold at least `b + 1` pointers and be host-readable.
    pub unsafe fn host_ptr(&self, b: usize) -> *mut T {
        match *self {
            Batch::Strided { base, stride } => base.offset(stride.wrapping_mul(b as i64)).ptr(),
            // SAFETY: the caller's contract.
            Batch::Array(a) => unsafe { (*a.ptr().add(b)).ptr() },
        }
    }
}

impl<T> Batch<T> {
    /// Checks that each of `count` operands of `elems` elements is memory the work may
    /// touch (see `hip_bridge::check_memory`): a strided batch's whole span, or an
    /// array's pointer list. A pointer nothing backs is `InvalidPointer`, an operand
    /// running past its buffer (a wrong size, increment, stride or batch count)
    /// `InvalidSize`, both up front instead of a fault in the queued work.
    pub fn check_extent(&self, elems: usize, count: i64) -> BlasResult<()> {
        let count = usize::try_from(count).map_err(|_| BlasError::InvalidSize)?;
        if elems == 0 || count == 0 {
            return Ok(());
        }
        let size = std::mem::size_of::<T>();
        let (start, bytes) = match *self {
            Batch::Strided { base, stride } => {
                let reach = stride
                    .unsigned_abs()
                    .checked_mul(count as u64 - 1)
                    .and_then(|r| usize::try_from(r).ok())
                    .ok_or(BlasError::InvalidSize)?;
                let first = if stride < 0 {
                    base.addr().checked_sub(reach * size)
                } else {
                    Some(base.addr())
                };
                let span = reach.checked_add(elems).and_then(|e| e.checked_mul(size));
                (
                    first.ok_or(BlasError::InvalidSize)?,
                    span.ok_or(BlasError::InvalidSize)?,
                )
            }
            Batch::Array(a) => (
                a.addr(),
                count
                    .checked_mul(std::mem::size_of::<usize>())
                    .ok_or(BlasError::InvalidSize)?,
            ),
        };
        let at = start as *const std::ffi::c_void;
        if crate::hip_bridge::check_memory(at, bytes).is_err() {
            // Only on failure: whether nothing backs the start (a bad pointer) or the
            // operand runs past its buffer (a bad size).
            let start_ok = crate::hip_bridge::check_memory(at, size.min(bytes)).is_ok();
            return Err(if start_ok {
                BlasError::InvalidSize
            } else {
                BlasError::InvalidPointer
            });
        }
        // The operands of a pointer array: readable from the host only where device
        // memory is host memory (on NVIDIA the array lives on the GPU, and cuBLAS's
        // kernels meet its pointers there).
        if let Batch::Array(a) = *self {
            if crate::hip_bridge::platform() == crate::hip_bridge::Platform::Cpu {
                for b in 0..count {
                    // SAFETY: `count` pointers readable, checked just above.
                    let p = unsafe { a.ptr().add(b).read_unaligned() };
                    Batch::one(p.ptr().cast_const()).check_extent(elems, 1)?;
                }
            }
        }
        Ok(())
    }
}

/// Elements a strided vector of `n` elements `inc` apart spans (0 for `n <= 0`).
pub fn vector_extent(n: i64, inc: i64) -> BlasResult<usize> {
    if n <= 0 {
        return Ok(0);
    }
    (n as u64 - 1)
        .checked_mul(inc.unsigned_abs())
        .and_then(|e| e.checked_add(1))
        .and_then(|e| usize::try_from(e).ok())
        .ok_or(BlasError::InvalidSize)
}

/// Elements a column-major `rows` x `cols` matrix with leading dimension `ld` spans.
pub fn matrix_extent(rows: i64, cols: i64, ld: i64) -> BlasResult<usize> {
    if rows <= 0 || cols <= 0 {
        return Ok(0);
    }
    let ld = u64::try_from(ld).map_err(|_| BlasError::InvalidSize)?;
    ld.checked_mul(cols as u64 - 1)
        .and_then(|e| e.checked_add(rows as u64))
        .and_then(|e| usize::try_from(e).ok())
        .ok_or(BlasError::InvalidSize)
}

/// A scalar argument (`alpha`, `beta`...): host-mode scalars are read when the call is
/// made, device-mode ones by the enqueued work.
#[derive(Debug)]
pub enum ScalarArg<T> {
    Host(T),
    Device(DevPtr<T>),
}

impl<T: Copy> Clone for ScalarArg<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Copy> Copy for ScalarArg<T> {}

impl<T: Copy> ScalarArg<T> {
    /// Takes `p` under pointer mode `mode` (`InvalidPointer` if NULL).
    ///
    /// # Safety
    /// In host mode `p` must be readable now.
    pub unsafe fn from_c(p: *const T, mode: PointerMode) -> BlasResult<ScalarArg<T>> {
        if p.unusable() {
            return Err(BlasError::InvalidPointer);
        }
        Ok(match mode {
            // SAFETY: non-null host pointer (the caller's contract).
            PointerMode::Host => ScalarArg::Host(unsafe { p.read_unaligned() }),
            PointerMode::Device => ScalarArg::Device(DevPtr::new(p)),
        })
    }

    /// The value known now (host mode), if any.
    pub fn known(&self) -> Option<T> {
        match *self {
            ScalarArg::Host(v) => Some(v),
            ScalarArg::Device(_) => None,
        }
    }

    /// The value, read from host-visible memory when it is a device scalar (CPU platform,
    /// inside enqueued work).
    ///
    /// # Safety
    /// A device scalar's address must be host-readable.
    pub unsafe fn host_value(&self) -> T {
        match *self {
            ScalarArg::Host(v) => v,
            // SAFETY: the caller's contract.
            ScalarArg::Device(p) => unsafe { p.ptr().read_unaligned() },
        }
    }
}

/// A strided vector: `n` elements `inc` apart (negative `inc`: the vector runs backwards
/// from element `(n - 1) * |inc|`, as in reference BLAS).
#[derive(Debug, Clone, Copy)]
pub struct VecLayout {
    pub n: usize,
    pub inc: i64,
}

impl VecLayout {
    /// Offset (in elements) of element `i`.
    #[inline]
    pub fn index(&self, i: usize) -> isize {
        if self.inc >= 0 {
            (i as i64 * self.inc) as isize
        } else {
            ((self.n - 1 - i) as i64 * -self.inc) as isize
        }
    }
}
