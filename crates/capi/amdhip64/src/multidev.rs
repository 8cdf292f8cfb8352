//! Several devices and the memory between them: `hipDeviceGetP2PAttribute`, the stream
//! memory operations (`hipStreamWaitValue32/64`, `hipStreamWriteValue32/64`), every
//! `hipPointer_attribute` (`hipPointerGetAttribute`, `hipDrvPointerGetAttributes`) and the
//! managed-memory range attributes (`hipMemRangeGetAttribute(s)`). Argument checks here,
//! the work in the backend.

use std::ffi::{c_int, c_uint, c_void};

use hip::backend;
use hip::backend::memop::{ValueWidth, WaitCondition, WaitValue};
use hip::backend::peer::P2pAttribute;
use hip::backend::pointer::RangeAttribute;
use hip::memory::Sync;
use hip::{HipError, HipResult};

use crate::entry::{device_ordinal, non_null, write_out};
use crate::types::hipStream_t;

/// # Safety
/// `value` must be NULL or writable.
pub unsafe fn hipDeviceGetP2PAttribute(
    value: *mut c_int,
    attr: c_int,
    src: c_int,
    dst: c_int,
) -> HipResult<()> {
    crate::entry::usable(value)?;
    let (s, d) = (device_ordinal(src)?, device_ordinal(dst)?);
    // A device has no link to itself (CLR: hipErrorInvalidDevice).
    if s == d {
        return Err(HipError::InvalidDevice);
    }
    let v = backend().p2p_attribute(P2pAttribute::from_raw(attr)?, s, d)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(value, v) }
}

/// `hipMemcpyPeer`: a copy between the memory of two devices (both must exist), serialised
/// with the pending work of the current, source and destination devices; returns once done.
///
/// # Safety
/// The ranges must be valid for the copy.
pub unsafe fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
) -> HipResult<()> {
    let (d, s) = (device_ordinal(dst_device)?, device_ordinal(src_device)?);
    if size > 0 && (dst.is_null() || src.is_null()) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy_peer(dst, d, src, s, size, std::ptr::null_mut(), Sync::Blocking) }
}

/// `hipMemcpyPeerAsync`: [`hipMemcpyPeer`] ordered on `stream` only.
///
/// # Safety
/// The ranges must stay valid until the copy has run.
pub unsafe fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
    stream: hipStream_t,
) -> HipResult<()> {
    let (d, s) = (device_ordinal(dst_device)?, device_ordinal(src_device)?);
    if size > 0 && (dst.is_null() || src.is_null()) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy_peer(dst, d, src, s, size, stream, Sync::Async) }
}

/// The word at `ptr` must be there and aligned to its width.
fn check_word(ptr: *mut c_void, width: ValueWidth) -> HipResult<()> {
    non_null(ptr)?;
    if (ptr as usize) % width.bytes() != 0 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// # Safety
/// `ptr` must stay readable until the wait is met.
unsafe fn wait_value(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u64,
    flags: c_uint,
    mask: u64,
    width: ValueWidth,
) -> HipResult<()> {
    check_word(ptr, width)?;
    let wait = WaitValue {
        ptr,
        value,
        mask,
        condition: WaitCondition::from_flags(flags)?,
        width,
    };
    // SAFETY: forwarded from the caller.
    unsafe { backend().stream_wait_value(stream, wait) }
}

/// # Safety
/// `ptr` must stay readable until the wait is met.
pub unsafe fn hipStreamWaitValue32(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u32,
    flags: c_uint,
    mask: u32,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        wait_value(
            stream,
            ptr,
            value.into(),
            flags,
            mask.into(),
            ValueWidth::U32,
        )
    }
}

/// # Safety
/// `ptr` must stay readable until the wait is met.
pub unsafe fn hipStreamWaitValue64(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u64,
    flags: c_uint,
    mask: u64,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { wait_value(stream, ptr, value, flags, mask, ValueWidth::U64) }
}

/// # Safety
/// `ptr` must stay writable until the write has run. `flags` is accepted as CLR does
/// (no flag changes what a write does).
pub unsafe fn hipStreamWriteValue32(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u32,
    _flags: c_uint,
) -> HipResult<()> {
    check_word(ptr, ValueWidth::U32)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().stream_write_value(stream, ptr, value.into(), ValueWidth::U32) }
}

/// # Safety
/// As for [`hipStreamWriteValue32`].
pub unsafe fn hipStreamWriteValue64(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u64,
    _flags: c_uint,
) -> HipResult<()> {
    check_word(ptr, ValueWidth::U64)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().stream_write_value(stream, ptr, value, ValueWidth::U64) }
}

/// `hipPointer_attribute`.
mod pa {
    pub const CONTEXT: i32 = 1;
    pub const MEMORY_TYPE: i32 = 2;
    pub const DEVICE_POINTER: i32 = 3;
    pub const HOST_POINTER: i32 = 4;
    pub const P2P_TOKENS: i32 = 5;
    pub const SYNC_MEMOPS: i32 = 6;
    pub const BUFFER_ID: i32 = 7;
    pub const IS_MANAGED: i32 = 8;
    pub const DEVICE_ORDINAL: i32 = 9;
    pub const IS_LEGACY_HIP_IPC_CAPABLE: i32 = 10;
    pub const RANGE_START_ADDR: i32 = 11;
    pub const RANGE_SIZE: i32 = 12;
    pub const MAPPED: i32 = 13;
    pub const ALLOWED_HANDLE_TYPES: i32 = 14;
    pub const IS_GPU_DIRECT_RDMA_CAPABLE: i32 = 15;
    pub const ACCESS_FLAGS: i32 = 16;
    pub const MEMPOOL_HANDLE: i32 = 17;
}

/// `hipPointerGetAttribute`: one attribute of the allocation `ptr` points into. Memory the
/// runtime does not know is `hipErrorInvalidValue`. Types: context, pointers and pool are
/// pointers; memory type, managed, mapped and access flags `unsigned int`; device ordinal,
/// sync-memops and the capability flags `int`; buffer id and allowed handle types
/// `unsigned long long`; range size `size_t`. `HIP_POINTER_ATTRIBUTE_P2P_TOKENS` (GPUDirect
/// RDMA tokens, deprecated by CUDA) is `hipErrorNotSupported`.
///
/// # Safety
/// `data` must be NULL or writable for the attribute's type.
pub unsafe fn hipPointerGetAttribute(
    data: *mut c_void,
    attribute: c_int,
    ptr: *mut c_void,
) -> HipResult<()> {
    crate::entry::usable(data)?;
    if !(pa::CONTEXT..=pa::MEMPOOL_HANDLE).contains(&attribute) {
        return Err(HipError::InvalidValue);
    }
    non_null(ptr)?;
    let b = backend();
    let a = b.mem_pointer_attributes(ptr)?;
    if a.memory_type == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: (every arm) forwarded from the caller, who passes storage of the type.
    unsafe {
        match attribute {
            pa::CONTEXT => {
                let dev = usize::try_from(a.device).map_err(|_| HipError::InvalidValue)?;
                write_out(data.cast::<*mut c_void>(), hip::context::handle(dev)?)
            }
            pa::MEMORY_TYPE => write_out(data.cast::<c_uint>(), a.memory_type),
            pa::DEVICE_POINTER => write_out(data.cast::<*mut c_void>(), a.device_pointer),
            pa::HOST_POINTER => write_out(data.cast::<*mut c_void>(), a.host_pointer),
            pa::P2P_TOKENS => Err(HipError::NotSupported),
            // Copies and fills are ordered with stream memory operations on every platform.
            pa::SYNC_MEMOPS => write_out(data.cast::<c_int>(), 1),
            // The allocation's base: unique among live allocations.
            pa::BUFFER_ID => {
                let (base, _) = b.allocation_range(ptr)?;
                write_out(data.cast::<u64>(), base as u64)
            }
            pa::IS_MANAGED => write_out(data.cast::<c_uint>(), c_uint::from(a.is_managed)),
            pa::DEVICE_ORDINAL => write_out(data.cast::<c_int>(), a.device),
            // hipIpcGetMemHandle takes device allocations (hipMemoryTypeDevice).
            pa::IS_LEGACY_HIP_IPC_CAPABLE => {
                write_out(data.cast::<c_int>(), c_int::from(a.memory_type == 2))
            }
            pa::RANGE_START_ADDR => {
                let (base, _) = b.allocation_range(ptr)?;
                write_out(data.cast::<*mut c_void>(), base as *mut c_void)
            }
            pa::RANGE_SIZE => {
                let (_, size) = b.allocation_range(ptr)?;
                write_out(data.cast::<usize>(), size)
            }
            pa::MAPPED => write_out(data.cast::<c_uint>(), 1),
            // Only virtual-memory allocations (hipMemCreate) have shareable handle types.
            pa::ALLOWED_HANDLE_TYPES => write_out(data.cast::<u64>(), 0),
            pa::IS_GPU_DIRECT_RDMA_CAPABLE => write_out(data.cast::<c_int>(), 0),
            // hipMemAccessFlagsProtReadWrite: allocations are readable and writable.
            pa::ACCESS_FLAGS => write_out(data.cast::<c_uint>(), 3),
            pa::MEMPOOL_HANDLE => write_out(data.cast::<*mut c_void>(), b.mem_pool_of(ptr)?),
            _ => Err(HipError::InvalidValue),
        }
    }
}

/// `hipDrvPointerGetAttributes`: [`hipPointerGetAttribute`] for each of `count`
/// attributes into `data[i]`; the first failure is returned.
///
/// # Safety
/// `attributes` must hold `count` values and `data` `count` pointers, each NULL or
/// writable for its attribute's type.
pub unsafe fn hipDrvPointerGetAttributes(
    count: c_uint,
    attributes: *mut c_void,
    data: *mut *mut c_void,
    ptr: *mut c_void,
) -> HipResult<()> {
    if count == 0 {
        return Err(HipError::InvalidValue);
    }
    crate::entry::usable(attributes)?;
    crate::entry::usable(data)?;
    let attributes = attributes.cast::<c_int>();
    for i in 0..count as usize {
        // SAFETY: the caller's arrays hold `count` entries.
        let (attr, out) = unsafe { (*attributes.add(i), *data.add(i)) };
        // SAFETY: forwarded from the caller.
        unsafe { hipPointerGetAttribute(out, attr, ptr)? };
    }
    Ok(())
}

/// # Safety
/// `data` must be NULL or writable for `data_size` bytes.
pub unsafe fn hipMemRangeGetAttribute(
    data: *mut c_void,
    data_size: usize,
    attribute: c_int,
    dev_ptr: *const c_void,
    count: usize,
) -> HipResult<()> {
    crate::entry::usable(data)?;
    non_null(dev_ptr)?;
    let attr = RangeAttribute::from_raw(attribute)?;
    let int = std::mem::size_of::<c_int>();
    // One int, or (accessed-by) a whole number of them.
    let size_ok = match attr {
        RangeAttribute::AccessedBy => data_size > 0 && data_size % int == 0,
        _ => data_size == int,
    };
    if !size_ok || count == 0 {
        return Err(HipError::InvalidValue);
    }
    // The caller chooses the size: a failed allocation is hipErrorOutOfMemory, not an
    // abort of the process (Rust's allocator aborts when an infallible allocation fails).
    let mut values: Vec<i32> = Vec::new();
    values
        .try_reserve_exact(data_size / int)
        .map_err(|_| HipError::OutOfMemory)?;
    values.resize(data_size / int, 0);
    backend().mem_range_attribute(attr, dev_ptr, count, &mut values)?;
    // SAFETY: `data` is writable for `data_size` bytes (the caller's contract).
    unsafe {
        std::ptr::copy_nonoverlapping(values.as_ptr().cast::<u8>(), data.cast::<u8>(), data_size)
    };
    Ok(())
}

/// # Safety
/// `data`, `data_sizes` and `attributes` must hold `count` entries; each `data[i]` as for
/// [`hipMemRangeGetAttribute`] with `data_sizes[i]`.
pub unsafe fn hipMemRangeGetAttributes(
    data: *mut *mut c_void,
    data_sizes: *mut usize,
    attributes: *mut c_void,
    count: usize,
    dev_ptr: *const c_void,
    range: usize,
) -> HipResult<()> {
    crate::entry::usable(data)?;
    crate::entry::usable(data_sizes)?;
    crate::entry::usable(attributes)?;
    if count == 0 {
        return Err(HipError::InvalidValue);
    }
    let attributes = attributes.cast::<c_int>();
    for i in 0..count {
        // SAFETY: the caller's arrays hold `count` entries.
        let (out, size, attr) = unsafe { (*data.add(i), *data_sizes.add(i), *attributes.add(i)) };
        // SAFETY: forwarded from the caller.
        unsafe { hipMemRangeGetAttribute(out, size, attr, dev_ptr, range)? };
    }
    Ok(())
}

/// `hipMemGetAddressRange`: the base and size of the allocation `dptr` points into (either
/// out-pointer may be NULL when not wanted, as in CUDA); memory the runtime does not know
/// is `hipErrorInvalidDevicePointer`, as CLR reports it.
///
/// # Safety
/// `pbase` and `psize` must be NULL or writable.
pub unsafe fn hipMemGetAddressRange(
    pbase: *mut *mut c_void,
    psize: *mut usize,
    dptr: *mut c_void,
) -> HipResult<()> {
    non_null(dptr)?;
    let (base, size) = backend()
        .allocation_range(dptr)
        .map_err(|_| HipError::InvalidDevicePointer)?;
    // SAFETY: forwarded from the caller (each out-pointer NULL or writable).
    unsafe {
        if crate::entry::given(pbase)? {
            write_out(pbase, base as *mut c_void)?;
        }
        if crate::entry::given(psize)? {
            write_out(psize, size)?;
        }
    }
    Ok(())
}

/// `hipPointerSetAttribute`: only `HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS` can be set (as in
/// CUDA); copies and fills are already ordered with stream memory operations here, so the
/// value (an `int`, 0 or 1) is checked and the memory checked to be known. Every other
/// attribute is `hipErrorInvalidValue`.
///
/// # Safety
/// `value` must be NULL or readable for an `int`.
pub unsafe fn hipPointerSetAttribute(
    value: *const c_void,
    attribute: c_int,
    ptr: *mut c_void,
) -> HipResult<()> {
    crate::entry::usable(value)?;
    non_null(ptr)?;
    if attribute != pa::SYNC_MEMOPS {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller passes a readable `int`.
    let v = unsafe { value.cast::<c_int>().read_unaligned() };
    if !(0..=1).contains(&v) {
        return Err(HipError::InvalidValue);
    }
    backend().allocation_range(ptr).map(|_| ())
}

/// `hipStreamBatchMemOpParams` (48 bytes): the wait and write forms share this layout
/// (operation, address, value or value64, flags, alias); flush and barrier use the first
/// field only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct BatchMemOpParams {
    pub operation: c_uint,
    pub address: *mut c_void,
    pub value: u64,
    pub flags: c_uint,
    pub alias: *mut c_void,
    pub pad: u64,
}

/// `hipStreamBatchMemOpType`.
mod op {
    pub const WAIT_VALUE_32: u32 = 0x1;
    pub const WRITE_VALUE_32: u32 = 0x2;
    pub const FLUSH_REMOTE_WRITES: u32 = 0x3;
    pub const WAIT_VALUE_64: u32 = 0x4;
    pub const WRITE_VALUE_64: u32 = 0x5;
    pub const BARRIER: u32 = 0x6;
}

/// One checked operation of a batch.
enum BatchOp {
    Wait(WaitValue),
    Write(*mut c_void, u64, ValueWidth),
    /// Flush and barrier: every wait and write here is already ordered with the stream's
    /// earlier work and its memory (acquire/release, CUDA's default write barrier).
    Ordered,
}

fn batch_op(p: &BatchMemOpParams) -> HipResult<BatchOp> {
    let width = |w| match w {
        op::WAIT_VALUE_32 | op::WRITE_VALUE_32 => ValueWidth::U32,
        _ => ValueWidth::U64,
    };
    Ok(match p.operation {
        op::WAIT_VALUE_32 | op::WAIT_VALUE_64 => {
            let width = width(p.operation);
            check_word(p.address, width)?;
            BatchOp::Wait(WaitValue {
                ptr: p.address,
                value: p.value & width.all_ones(),
                mask: width.all_ones(),
                condition: WaitCondition::from_flags(p.flags)?,
                width,
            })
        }
        op::WRITE_VALUE_32 | op::WRITE_VALUE_64 => {
            let width = width(p.operation);
            check_word(p.address, width)?;
            BatchOp::Write(p.address, p.value & width.all_ones(), width)
        }
        op::FLUSH_REMOTE_WRITES | op::BARRIER => BatchOp::Ordered,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipStreamBatchMemOp`: the operations in order on `stream`. Every operation is checked
/// before any is enqueued (a bad one leaves the stream untouched); `flags` must be 0.
///
/// # Safety
/// `params` must hold `count` entries; their words must stay valid until the operations
/// have run.
pub unsafe fn hipStreamBatchMemOp(
    stream: hipStream_t,
    count: c_uint,
    params: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    crate::entry::usable(params)?;
    if count == 0 || flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let b = backend();
    // A bad stream is reported even for a batch of barriers.
    b.stream_flags(stream)?;
    // SAFETY: the caller's array holds `count` entries of the C layout.
    let params =
        unsafe { crate::entry::c_array(params.cast::<BatchMemOpParams>(), count as usize)? };
    let ops = params.iter().map(batch_op).collect::<HipResult<Vec<_>>>()?;
    for o in ops {
        // SAFETY: forwarded from the caller (the words stay valid until the ops ran).
        unsafe {
            match o {
                BatchOp::Wait(w) => b.stream_wait_value(stream, w)?,
                BatchOp::Write(ptr, value, width) => {
                    b.stream_write_value(stream, ptr, value, width)?
                }
                BatchOp::Ordered => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_params_have_hips_layout() {
        assert_eq!(std::mem::size_of::<BatchMemOpParams>(), 48);
        assert_eq!(std::mem::offset_of!(BatchMemOpParams, address), 8);
        assert_eq!(std::mem::offset_of!(BatchMemOpParams, value), 16);
        assert_eq!(std::mem::offset_of!(BatchMemOpParams, flags), 24);
        assert_eq!(std::mem::offset_of!(BatchMemOpParams, alias), 32);
    }
}
