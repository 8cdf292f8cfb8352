//! Stream capture: sequences begun and ended, their status, the dependencies of a
//! capturing stream, the calling thread's capture mode.

use std::ptr::{null, null_mut};

use super::driver::{ready, CAPTURE_ACTIVE, EDGE};
use super::{known, live, noted};
use crate::backend::graph::CaptureInfo;
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{check, cu, current_device, live_stream, make_current, Driver};

/// `hipStreamCaptureMode` → `CUstreamCaptureMode` (the same values).
pub(super) fn mode_of(mode: i32) -> HipResult<cu::CUstreamCaptureMode> {
    use cu::CUstreamCaptureMode as M;
    Ok(match mode {
        0 => M::CU_STREAM_CAPTURE_MODE_GLOBAL,
        1 => M::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
        2 => M::CU_STREAM_CAPTURE_MODE_RELAXED,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipStreamBeginCapture` (a default stream is the driver's to reject).
pub fn begin_capture(stream: Handle, mode: i32) -> HipResult<()> {
    let s = live_stream(stream)?;
    let m = mode_of(mode)?;
    make_current(current_device()?)?;
    // SAFETY: a context is current; a live stream or a default one (checked).
    check(unsafe { cu::cuStreamBeginCapture_v2(s, m) })
}

/// `hipStreamEndCapture`: the captured graph.
pub fn end_capture(stream: Handle) -> HipResult<Handle> {
    let s = live_stream(stream)?;
    make_current(current_device()?)?;
    let mut g = null_mut();
    // SAFETY: a context is current; a live stream or a default one (checked); out-parameter.
    check(unsafe { cu::cuStreamEndCapture(s, &mut g) })?;
    live(|l| l.graphs.insert(g as usize));
    Ok(g.cast())
}

/// `hipStreamCaptureStatus` of stream `s` (0 none, 1 active, 2 invalidated).
///
/// # Safety
/// `s` must be a live stream or a default one.
pub(super) unsafe fn is_capturing(s: cu::CUstream) -> HipResult<u32> {
    make_current(current_device()?)?;
    let mut st = cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamIsCapturing(s, &mut st) })?;
    Ok(st as u32)
}

/// `hipStreamIsCapturing`.
pub fn status(stream: Handle) -> HipResult<i32> {
    let s = live_stream(stream)?;
    // SAFETY: a live stream or a default one (checked).
    Ok(unsafe { is_capturing(s)? } as i32)
}

/// `hipThreadExchangeStreamCaptureMode`: the previous mode.
pub fn exchange_capture_mode(mode: i32) -> HipResult<i32> {
    let mut m = mode_of(mode)?;
    Driver::require()?;
    // SAFETY: in/out parameter.
    check(unsafe { cu::cuThreadExchangeStreamCaptureMode(&mut m) })?;
    Ok(m as i32)
}

/// `hipStreamGetCaptureInfo(_v2)`: status and id; while active also the graph being
/// captured into and the stream's current dependencies (the driver's array, valid until
/// the next capture call on the stream), which become known handles.
pub fn capture_info(stream: Handle) -> HipResult<CaptureInfo> {
    let s = live_stream(stream)?;
    ready()?;
    let (mut status, mut id, mut g) = (0u32, 0u64, null_mut());
    let (mut deps, mut data, mut n): (*const cu::CUgraphNode, *const cu::CUgraphEdgeData, usize) =
        (null(), null(), 0);
    // SAFETY: a live stream or a default one; every out-parameter is local storage (the
    // status a u32, the size of CUstreamCaptureStatus, read as an integer).
    check(unsafe {
        cu::cuStreamGetCaptureInfo_v3(
            s,
            (&mut status as *mut u32).cast(),
            &mut id,
            &mut g,
            &mut deps,
            &mut data,
            &mut n,
        )
    })?;
    let mut info = CaptureInfo {
        status: status as i32,
        id,
        graph: null_mut(),
        deps: null(),
        count: 0,
    };
    if status == CAPTURE_ACTIVE && !g.is_null() {
        live(|l| l.graphs.insert(g as usize));
        if n > 0 && !deps.is_null() {
            // SAFETY: the driver returned `n` dependencies at `deps`.
            noted(g as usize, unsafe { std::slice::from_raw_parts(deps, n) });
        }
        info.graph = g.cast();
        info.deps = deps.cast();
        info.count = if deps.is_null() { 0 } else { n };
    }
    Ok(info)
}

/// `hipStreamUpdateCaptureDependencies` (`set`: replace rather than add).
pub fn update_capture_dependencies(stream: Handle, nodes: &[Handle], set: bool) -> HipResult<()> {
    let s = live_stream(stream)?;
    let mut list: Vec<cu::CUgraphNode> = live(|l| {
        nodes
            .iter()
            .map(|&n| known(l.nodes.contains_key(&(n as usize))).map(|()| n.cast()))
            .collect::<HipResult<_>>()
    })?;
    ready()?;
    let data = vec![EDGE; list.len()];
    // SAFETY: a live stream or a default one; live nodes; both arrays hold `len` entries.
    check(unsafe {
        cu::cuStreamUpdateCaptureDependencies_v2(
            s,
            list.as_mut_ptr(),
            data.as_ptr(),
            list.len(),
            u32::from(set),
        )
    })
}
