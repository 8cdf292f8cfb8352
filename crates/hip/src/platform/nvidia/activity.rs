//! Kernel-dispatch and memory-copy times on NVIDIA for `rocprofv3 --kernel-trace` and
//! `--memory-copy-trace` ([`crate::activity`]): a pair of CUDA events recorded around the
//! launch or copy on its stream, read back later and put on the host's `CLOCK_MONOTONIC`
//! clock. Copies traced: `hipMemcpy`/`hipMemcpyAsync` and what goes through them (symbol
//! copies), `hipMemcpy2D`/`hipMemcpy2DAsync`; 3-D and peer copies are not traced on NVIDIA
//! yet.
//!
//! **Clock alignment.** Event times are only known relative to each other
//! (`cuEventElapsedTime`). Once per device (and again after [`RECALIBRATE_NS`], so that the
//! `f32` milliseconds the driver returns stay precise), an event is recorded on a private
//! non-blocking stream with nothing queued before it, bracketed by two host clock reads
//! `t0` (before the record) and `t1` (after `cuEventSynchronize` returned): the GPU passed
//! the event between them, and its host time is taken as `(t0 + t1) / 2`. The best (shortest
//! bracket) of [`CALIBRATION_TRIES`] is kept. A kernel's start is then that time plus
//! `cuEventElapsedTime(calibration, start event)`.
//!
//! **Error bound**: ± half the bracket (typically a few microseconds: the record's launch
//! latency plus the synchronisation's wake-up), plus `cuEventElapsedTime`'s resolution
//! (about 0.5 µs), plus the `f32` rounding of the elapsed milliseconds (below 0.1 µs within
//! [`RECALIBRATE_NS`]), plus GPU/host clock drift over at most that interval (ppm:
//! nanoseconds). The bound of each calibration is kept ([`Calibration::error_ns`]).
//!
//! Launches on a capturing stream are not traced (an event record there would become a
//! node of the application's graph), and nor are graph launches (`cuGraphLaunch` runs the
//! nodes inside the driver).

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::context::make_current;
use super::cu;
use super::driver::{check, Driver};
use crate::activity::{
    self, ActivitySink, KernelDispatch, MemoryCopy, Place, Resolved, Resolver, Span,
};
use crate::error::HipResult;

/// Calibration attempts per device; the shortest bracket wins.
const CALIBRATION_TRIES: usize = 5;
/// A calibration older than this (host time) is renewed before the next traced launch.
pub const RECALIBRATE_NS: u64 = 1_000_000_000;

/// An event whose GPU time is known on the host clock.
pub struct Calibration {
    event: cu::CUevent,
    /// Its host time, `CLOCK_MONOTONIC` ns.
    pub host_ns: u64,
    /// Half the bracket the host time was taken in.
    pub error_ns: u64,
}

// SAFETY: a CUevent is a driver handle usable from any thread.
unsafe impl Send for Calibration {}
// SAFETY: as above; the fields are never changed.
unsafe impl Sync for Calibration {}

/// The current calibration of each device. Calibration events are never destroyed (one
/// per device per second of tracing at most): pending spans refer to them.
static CALIBRATIONS: Mutex<Vec<Option<Arc<Calibration>>>> = Mutex::new(Vec::new());
/// Kernel names by `CUfunction`, noted as functions are looked up while tracing.
static NAMES: RwLock<Option<HashMap<usize, Arc<str>>>> = RwLock::new(None);

/// Notes the name of `f` (from `cuModuleGetFunction`) when activity is traced.
pub(super) fn note_name(f: cu::CUfunction, name: &std::ffi::CStr) {
    if activity::sink().is_none() {
        return;
    }
    NAMES
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(f as usize, Arc::from(name.to_string_lossy().as_ref()));
}

fn name_of(f: cu::CUfunction) -> Arc<str> {
    NAMES
        .read()
        .as_ref()
        .and_then(|m| m.get(&(f as usize)).cloned())
        .unwrap_or_else(|| Arc::from("<kernel>"))
}

/// Records `e` on `s` (a context of the device is current).
///
/// # Safety
/// `e` a live event, `s` a live or default stream of the current context.
unsafe fn record(e: cu::CUevent, s: cu::CUstream) -> HipResult<()> {
    // SAFETY: per the contract.
    check(unsafe { cu::cuEventRecord(e, s) })
}

fn new_event() -> HipResult<cu::CUevent> {
    let mut e = std::ptr::null_mut();
    // SAFETY: a context is current (callers made it so); out-parameter; timing enabled.
    check(unsafe { cu::cuEventCreate(&mut e, 0) })?;
    Ok(e)
}

/// Measures a calibration of the current context's device.
fn calibrate() -> HipResult<Calibration> {
    let mut s = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter; CU_STREAM_NON_BLOCKING (1) keeps the
    // legacy default stream's work out of the way.
    check(unsafe { cu::cuStreamCreate(&mut s, 1) })?;
    let mut best: Option<Calibration> = None;
    let mut result = Ok(());
    for _ in 0..CALIBRATION_TRIES {
        let e = match new_event() {
            Ok(e) => e,
            Err(err) => {
                result = Err(err);
                break;
            }
        };
        let t0 = activity::now_ns();
        // SAFETY: a fresh event and stream of the current context.
        let recorded = unsafe { record(e, s) }
            // SAFETY: `e` was just recorded.
            .and_then(|()| check(unsafe { cu::cuEventSynchronize(e) }));
        let t1 = activity::now_ns();
        let candidate = Calibration {
            event: e,
            host_ns: t0 + (t1 - t0) / 2,
            error_ns: (t1 - t0).div_ceil(2),
        };
        let worse = match (&recorded, &best) {
            (Err(_), _) => true,
            (Ok(()), Some(b)) => b.error_ns <= candidate.error_ns,
            (Ok(()), None) => false,
        };
        let drop_event = if worse {
            candidate.event
        } else {
            best.replace(candidate)
                .map_or(std::ptr::null_mut(), |b| b.event)
        };
        if !drop_event.is_null() {
            // SAFETY: an event of ours no one else refers to.
            let _ = unsafe { cu::cuEventDestroy_v2(drop_event) };
        }
        if let Err(err) = recorded {
            result = Err(err);
            break;
        }
    }
    // SAFETY: our stream; its only work (the records) has completed.
    let _ = unsafe { cu::cuStreamDestroy_v2(s) };
    result?;
    best.ok_or(crate::error::HipError::Unknown)
}

/// The calibration of device `dev` (context current), renewed when old.
fn calibration(dev: usize) -> HipResult<Arc<Calibration>> {
    let mut all = CALIBRATIONS.lock();
    if all.len() <= dev {
        all.resize(dev + 1, None);
    }
    if let Some(c) = &all[dev] {
        if activity::now_ns().saturating_sub(c.host_ns) < RECALIBRATE_NS {
            return Ok(Arc::clone(c));
        }
    }
    let c = Arc::new(calibrate()?);
    all[dev] = Some(Arc::clone(&c));
    Ok(c)
}

/// A launch's start and end events, owned until their times are read.
struct Pending {
    dev: usize,
    start: cu::CUevent,
    end: cu::CUevent,
    calibration: Arc<Calibration>,
}

// SAFETY: driver handles usable from any thread.
unsafe impl Send for Pending {}

impl Pending {
    /// The host times of the events once both completed (`wait`: block until they have).
    fn times(&self, wait: bool) -> Resolved {
        if make_current(self.dev).is_err() {
            return Resolved::Never;
        }
        let done = if wait {
            // SAFETY: our recorded event.
            unsafe { cu::cuEventSynchronize(self.end) }
        } else {
            // SAFETY: as above.
            unsafe { cu::cuEventQuery(self.end) }
        };
        match done {
            cu::CUresult::CUDA_SUCCESS => {}
            cu::CUresult::CUDA_ERROR_NOT_READY => return Resolved::Pending,
            _ => return Resolved::Never,
        }
        let Some(driver) = Driver::get() else {
            return Resolved::Never;
        };
        let at = |e: cu::CUevent| -> Option<u64> {
            let mut ms = 0f32;
            // SAFETY: both events recorded and complete, timing enabled.
            let r = unsafe { driver.event_elapsed_time(&mut ms, self.calibration.event, e) };
            (r == cu::CUresult::CUDA_SUCCESS).then(|| {
                let ns = (f64::from(ms) * 1e6).round() as i64;
                self.calibration.host_ns.saturating_add_signed(ns)
            })
        };
        match (at(self.start), at(self.end)) {
            (Some(start), Some(end)) => Resolved::Times(start, end),
            _ => Resolved::Never,
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // SAFETY: our events, referred to by nothing else once the times are read (a
        // pending record still completes: the driver defers the destruction).
        unsafe {
            let _ = cu::cuEventDestroy_v2(self.start);
            let _ = cu::cuEventDestroy_v2(self.end);
        }
    }
}

/// Runs `launch` (a driver launch of `f` on `s`, device `dev` current) and, when an
/// activity sink is installed and `s` is not capturing, reports it with its event times.
/// Tracing never changes the launch's result: if the events cannot be made, the launch
/// runs untraced.
///
/// # Safety
/// `s` must be a live or default stream of device `dev`; `f` a live function.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(super) unsafe fn traced(
    dev: usize,
    f: cu::CUfunction,
    s: cu::CUstream,
    grid: [u32; 3],
    block: [u32; 3],
    shared_mem: u32,
    launch: impl FnOnce() -> HipResult<()>,
) -> HipResult<()> {
    if activity::sink().is_none() {
        return launch();
    }
    let report = |sink: &dyn ActivitySink| {
        let attribute = |a| {
            let mut v = 0;
            // SAFETY: a live function (caller); out-parameter.
            let _ = unsafe { cu::cuFuncGetAttribute(&mut v, a, f) };
            v.max(0) as u32
        };
        let private = attribute(cu::CUfunction_attribute::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
        let static_shared =
            attribute(cu::CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
        let name = name_of(f);
        sink.kernel_dispatch(&KernelDispatch {
            name: &name,
            device: dev,
            stream: s as u64,
            workgroup: block,
            grid: [
                grid[0].saturating_mul(block[0]),
                grid[1].saturating_mul(block[1]),
                grid[2].saturating_mul(block[2]),
            ],
            group_segment_size: shared_mem.saturating_add(static_shared),
            private_segment_size: private,
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { traced_op(dev, s, launch, report) }
}

/// Where `ptr` is for a copy's direction: device (or managed) memory of `dev`, else the
/// host.
fn place_of(dev: usize, ptr: usize) -> Place {
    let mut memory_type: u32 = 0;
    // SAFETY: the driver only looks the address up and writes one unsigned int.
    let r = unsafe {
        cu::cuPointerGetAttribute(
            (&mut memory_type as *mut u32).cast(),
            cu::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
            ptr as cu::CUdeviceptr,
        )
    };
    let device = cu::CUmemorytype::CU_MEMORYTYPE_DEVICE as u32;
    if r == cu::CUresult::CUDA_SUCCESS && memory_type == device {
        Place::Device(dev)
    } else {
        Place::Host
    }
}

/// Runs `copy` (a driver copy of `bytes` from `src` to `dst`, stream-ordered on `s`, or on
/// the legacy default stream when `s` is `None`) and reports it like [`traced`] does a
/// launch.
///
/// # Safety
/// `s` must be a live or default stream of device `dev` (current).
#[inline]
pub(super) unsafe fn traced_copy(
    dev: usize,
    s: Option<cu::CUstream>,
    dst: usize,
    src: usize,
    bytes: u64,
    copy: impl FnOnce() -> HipResult<()>,
) -> HipResult<()> {
    if activity::sink().is_none() {
        return copy();
    }
    let stream = s.unwrap_or(std::ptr::null_mut());
    let report = |sink: &dyn ActivitySink| {
        sink.memory_copy(&MemoryCopy {
            src: place_of(dev, src),
            dst: place_of(dev, dst),
            bytes,
            stream: stream as u64,
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { traced_op(dev, stream, copy, report) }
}

/// `run` between a start and an end event on `s`; on success `report` files the record
/// whose span the events resolve.
///
/// # Safety
/// As for [`traced`].
unsafe fn traced_op(
    dev: usize,
    s: cu::CUstream,
    run: impl FnOnce() -> HipResult<()>,
    report: impl FnOnce(&dyn ActivitySink) -> Arc<Span>,
) -> HipResult<()> {
    let Some(sink) = activity::sink() else {
        return run();
    };
    // SAFETY: forwarded from the caller.
    let Some(pending) = (unsafe { prepare(dev, s) }) else {
        return run();
    };
    run()?;
    // SAFETY: the stream is the caller's; the event is ours.
    if unsafe { record(pending.end, s) }.is_err() {
        return Ok(());
    }
    let span = report(sink);
    let resolver: Resolver = Box::new(move |wait| pending.times(wait));
    span.set_resolver(resolver);
    settle(span);
    Ok(())
}

/// Spans whose events have not been read yet, oldest first.
static UNSETTLED: Mutex<VecDeque<Arc<Span>>> = Mutex::new(VecDeque::new());
/// Spans looked at per traced operation: enough to keep up with one new span each.
const SETTLE_PER_OP: usize = 4;

/// Queues `span` and reads the times of the oldest queued spans whose work has completed,
/// so that their events are destroyed during the run (a long traced run would otherwise
/// hold two events per launch until `exit`) and few are left for `exit` to read.
fn settle(span: Arc<Span>) {
    let mut queue = UNSETTLED.lock();
    queue.push_back(span);
    for _ in 0..SETTLE_PER_OP {
        match queue.front() {
            // Resolved (its resolver and events dropped) or never to be: done with it.
            Some(s) if s.times(false).is_some() || s.is_cancelled() => {
                queue.pop_front();
            }
            _ => break,
        }
    }
}

/// The events of a traced launch, the start one recorded on `s`; `None` (launch untraced)
/// while `s` captures or when the events cannot be made.
///
/// # Safety
/// As for [`traced`].
unsafe fn prepare(dev: usize, s: cu::CUstream) -> Option<Pending> {
    make_current(dev).ok()?;
    let mut st = cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamIsCapturing(s, &mut st) }).ok()?;
    if st != cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE {
        return None;
    }
    let calibration = calibration(dev).ok()?;
    let start = new_event().ok()?;
    let end = match new_event() {
        Ok(e) => e,
        Err(_) => {
            // SAFETY: our event, unused.
            let _ = unsafe { cu::cuEventDestroy_v2(start) };
            return None;
        }
    };
    let pending = Pending {
        dev,
        start,
        end,
        calibration,
    };
    // SAFETY: our event; the caller's stream. On failure `pending` destroys both.
    unsafe { record(pending.start, s) }.ok()?;
    Some(pending)
}
