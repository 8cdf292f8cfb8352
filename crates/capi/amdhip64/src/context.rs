//! The context API (`hipCtx*`, `hipDevicePrimaryCtx*`): argument marshalling over the
//! runtime core's `hip::context` (a context is a device's primary context, as in CLR).
//! The per-context settings are the settings of the context's device.

use std::ffi::{c_int, c_uint, c_void};

use hip::context;
use hip::{backend, HipResult};

use crate::device;
use crate::entry::{non_null, write_out};
use crate::types::hipCtx_t;

/// # Safety
/// `ctx` must be NULL or writable.
pub unsafe fn hipCtxCreate(ctx: *mut hipCtx_t, flags: c_uint, dev: c_int) -> HipResult<()> {
    non_null(ctx)?;
    let c = context::create(flags, dev)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ctx, c) }
}

pub fn hipCtxDestroy(ctx: hipCtx_t) -> HipResult<()> {
    context::destroy(ctx)
}

/// # Safety
/// `ctx` must be NULL or writable.
pub unsafe fn hipCtxPopCurrent(ctx: *mut hipCtx_t) -> HipResult<()> {
    let popped = context::pop()?;
    if !ctx.is_null() {
        // SAFETY: forwarded from the caller.
        unsafe { write_out(ctx, popped)? };
    }
    Ok(())
}

pub fn hipCtxPushCurrent(ctx: hipCtx_t) -> HipResult<()> {
    context::push(ctx)
}

pub fn hipCtxSetCurrent(ctx: hipCtx_t) -> HipResult<()> {
    context::set_current(ctx)
}

/// # Safety
/// `ctx` must be NULL or writable.
pub unsafe fn hipCtxGetCurrent(ctx: *mut hipCtx_t) -> HipResult<()> {
    non_null(ctx)?;
    let c = context::current()?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ctx, c) }
}

/// # Safety
/// `dev` must be NULL or writable.
pub unsafe fn hipCtxGetDevice(dev: *mut c_int) -> HipResult<()> {
    non_null(dev)?;
    let d = context::current_device()?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(dev, d as c_int) }
}

/// # Safety
/// `config` must be NULL or writable for a `hipFuncCache_t`.
pub unsafe fn hipCtxGetCacheConfig(config: *mut c_void) -> HipResult<()> {
    non_null(config)?;
    let c = backend().cache_config(context::current_device()?)?;
    // SAFETY: forwarded from the caller (`hipFuncCache_t` is a C enum: an unsigned int).
    unsafe { write_out(config.cast::<c_uint>(), c) }
}

pub fn hipCtxSetCacheConfig(config: c_int) -> HipResult<()> {
    let config = u32::try_from(config).map_err(|_| hip::HipError::InvalidValue)?;
    backend().set_cache_config(context::current_device()?, config)
}

pub fn hipCtxSetSharedMemConfig(config: c_int) -> HipResult<()> {
    let config = u32::try_from(config).map_err(|_| hip::HipError::InvalidValue)?;
    device::hipDeviceSetSharedMemConfig(config)
}

/// # Safety
/// `config` must be NULL or writable for a `hipSharedMemConfig`.
pub unsafe fn hipCtxGetSharedMemConfig(config: *mut c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller (`hipSharedMemConfig` is an unsigned int enum).
    unsafe { device::hipDeviceGetSharedMemConfig(config.cast()) }
}

pub fn hipCtxSynchronize() -> HipResult<()> {
    backend().synchronize(context::current_device()?)
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipCtxGetFlags(flags: *mut c_uint) -> HipResult<()> {
    crate::entry::usable(flags)?;
    let f = backend().flags(context::current_device()?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, f) }
}

pub fn hipCtxEnablePeerAccess(peer_ctx: hipCtx_t, flags: c_uint) -> HipResult<()> {
    let peer = context::device_of(peer_ctx)?;
    backend().enable_peer_access(context::current_device()?, peer, flags)
}

pub fn hipCtxDisablePeerAccess(peer_ctx: hipCtx_t) -> HipResult<()> {
    let peer = context::device_of(peer_ctx)?;
    backend().disable_peer_access(context::current_device()?, peer)
}

/// # Safety
/// Both pointers must be NULL or writable.
pub unsafe fn hipDevicePrimaryCtxGetState(
    dev: c_int,
    flags: *mut c_uint,
    active: *mut c_int,
) -> HipResult<()> {
    crate::entry::usable(flags)?;
    non_null(active)?;
    let (f, a) = context::primary_state(dev)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(flags, f)?;
        write_out(active, c_int::from(a))
    }
}

pub fn hipDevicePrimaryCtxRelease(dev: c_int) -> HipResult<()> {
    context::primary_release(dev)
}

/// # Safety
/// `pctx` must be NULL or writable.
pub unsafe fn hipDevicePrimaryCtxRetain(pctx: *mut hipCtx_t, dev: c_int) -> HipResult<()> {
    non_null(pctx)?;
    let c = context::primary_retain(dev)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pctx, c) }
}

pub fn hipDevicePrimaryCtxReset(dev: c_int) -> HipResult<()> {
    context::primary_reset(dev)
}

pub fn hipDevicePrimaryCtxSetFlags(dev: c_int, flags: c_uint) -> HipResult<()> {
    context::primary_set_flags(dev, flags)
}
