//! Kernel-dispatch, memory-copy and memory-allocation records for `rocprofv3
//! --kernel-trace`, `--memory-copy-trace` and `--memory-allocation-trace`
//! (`docs/PROFILING.md`).
//!
//! [`ActivityRecorder`] is the runtime core's [`ActivitySink`]: the platforms report each
//! kernel dispatch and copy as they submit it, and fill the [`Span`] it hands back with the
//! times the work ran on its stream. Allocations are reported by the C entry points
//! ([`allocated`], [`freed`]). Each record carries the correlation id of the HIP call that
//! made it (the innermost call open on the thread, [`crate::profiler`]). At `exit` the
//! records are written to `<dir>/<pid>.activity`:
//!
//! ```text
//! ferrocm-activity 1 <pid>
//! kernel\t<corr>\t<tid>\t<device>\t<stream>\t<start>\t<end>\t<private>\t<group>\t<wg x>\t<wg y>\t<wg z>\t<grid x>\t<grid y>\t<grid z>\t<name>
//! copy\t<corr>\t<tid>\t<src>\t<dst>\t<stream>\t<bytes>\t<start>\t<end>
//! alloc\t<corr>\t<tid>\t<alloc|free>\t<place>\t<address>\t<size>\t<start>\t<end>
//! ```
//!
//! `<src>`, `<dst>` and `<place>` are `host` or a device ordinal; times `CLOCK_MONOTONIC` ns;
//! a kernel name never holds a tab or newline (they would be written as spaces). Work that
//! had not ended by `exit` (not synchronised) is not written.

use std::collections::{HashMap, HashSet};
use std::ffi::c_void;
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hip::activity::{ActivitySink, KernelDispatch, MemoryCopy, Place, Span};
use parking_lot::Mutex;

use crate::profiler;

/// The domain words of `FERROCM_PROFILE_DOMAINS` this recorder serves.
pub const KERNEL_DOMAIN: &str = "kernel";
pub const COPY_DOMAIN: &str = "memory_copy";
pub const ALLOCATION_DOMAIN: &str = "memory_allocation";
/// The first word of the activity file.
pub const MAGIC: &str = "ferrocm-activity";

struct KernelRecord {
    correlation_id: u64,
    thread_id: u64,
    name: Arc<str>,
    device: usize,
    stream: u64,
    workgroup: [u32; 3],
    grid: [u32; 3],
    group_segment_size: u32,
    private_segment_size: u32,
    span: Arc<Span>,
}

struct CopyRecord {
    correlation_id: u64,
    thread_id: u64,
    src: Place,
    dst: Place,
    bytes: u64,
    stream: u64,
    span: Arc<Span>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct AllocRecord {
    correlation_id: u64,
    thread_id: u64,
    free: bool,
    place: Place,
    address: usize,
    size: usize,
    start_ns: u64,
    end_ns: u64,
}

#[derive(Default)]
struct Records {
    kernels: Vec<KernelRecord>,
    copies: Vec<CopyRecord>,
    allocations: Vec<AllocRecord>,
    /// Kernel names, shared by their records.
    names: HashSet<Arc<str>>,
    /// Live allocations seen: address -> (size, place), for the frees' records.
    live: HashMap<usize, (usize, Place)>,
}

/// Collects activity records until `exit`.
pub struct ActivityRecorder {
    kernels: bool,
    copies: bool,
    allocations: bool,
    records: Mutex<Records>,
}

/// The correlation id and thread of the HIP call the calling thread is in (0 outside one).
fn origin() -> (u64, u64, Option<u64>) {
    let (corr, start) = profiler::current_call().map_or((0, None), |(c, s)| (c, Some(s)));
    // A start of 0: calls are numbered but not timed.
    let start = start.filter(|&s| s != 0);
    (corr, profiler::thread_id(), start)
}

impl ActivityRecorder {
    /// A recorder of the given kinds of activity.
    pub fn new(kernels: bool, copies: bool, allocations: bool) -> Self {
        ActivityRecorder {
            kernels,
            copies,
            allocations,
            records: Mutex::new(Records::default()),
        }
    }

    fn intern(records: &mut Records, name: &str) -> Arc<str> {
        // A launch loop launches one kernel again and again: compare with the thread's last
        // name before hashing.
        let last = LAST_NAME
            .try_with(|l| l.borrow().as_ref().filter(|n| &***n == name).cloned())
            .ok()
            .flatten();
        if let Some(n) = last {
            return n;
        }
        let k = match records.names.get(name) {
            Some(k) => Arc::clone(k),
            None => {
                let k: Arc<str> = Arc::from(name);
                records.names.insert(Arc::clone(&k));
                k
            }
        };
        let _ = LAST_NAME.try_with(|l| *l.borrow_mut() = Some(Arc::clone(&k)));
        k
    }

    /// Notes an allocation (or a free, `size` then looked up) that the calling HIP call made.
    fn allocation(&self, free: bool, address: usize, size: usize, place: Place) {
        if !self.allocations {
            return;
        }
        let end_ns = hip::activity::now_ns();
        let (correlation_id, thread_id, start) = origin();
        let mut r = self.records.lock();
        let (size, place) = if free {
            r.live.remove(&address).unwrap_or((size, place))
        } else {
            r.live.insert(address, (size, place));
            (size, place)
        };
        r.allocations.push(AllocRecord {
            correlation_id,
            thread_id,
            free,
            place,
            address,
            size,
            start_ns: start.unwrap_or(end_ns).min(end_ns),
            end_ns,
        });
    }

    /// Appends the records so far to `<dir>/<pid>.activity`; returns its path. Spans still
    /// waiting for device times are waited for (NVIDIA); work that never ran is left out.
    pub fn write(&self, dir: &Path) -> io::Result<PathBuf> {
        let pid = std::process::id();
        let path = dir.join(format!("{pid}.activity"));
        let records = std::mem::take(&mut *self.records.lock());
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        let mut out = BufWriter::new(file);
        write_records(&mut out, pid, &records)?;
        out.flush()?;
        Ok(path)
    }
}

fn place(p: Place) -> String {
    match p {
        Place::Host => "host".to_string(),
        Place::Device(d) => d.to_string(),
    }
}

fn write_records(out: &mut impl Write, pid: u32, r: &Records) -> io::Result<()> {
    writeln!(out, "{MAGIC} 1 {pid}")?;
    for k in &r.kernels {
        let Some((start, end)) = k.span.times(true) else {
            continue;
        };
        let name: String = k
            .name
            .chars()
            .map(|c| {
                if matches!(c, '\t' | '\n' | '\r') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let [wx, wy, wz] = k.workgroup;
        let [gx, gy, gz] = k.grid;
        writeln!(
            out,
            "kernel\t{}\t{}\t{}\t{}\t{start}\t{end}\t{}\t{}\t{wx}\t{wy}\t{wz}\t{gx}\t{gy}\t{gz}\t{name}",
            k.correlation_id,
            k.thread_id,
            k.device,
            k.stream,
            k.private_segment_size,
            k.group_segment_size,
        )?;
    }
    for c in &r.copies {
        let Some((start, end)) = c.span.times(true) else {
            continue;
        };
        writeln!(
            out,
            "copy\t{}\t{}\t{}\t{}\t{}\t{}\t{start}\t{end}",
            c.correlation_id,
            c.thread_id,
            place(c.src),
            place(c.dst),
            c.stream,
            c.bytes
        )?;
    }
    for a in &r.allocations {
        writeln!(
            out,
            "alloc\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            a.correlation_id,
            a.thread_id,
            if a.free { "free" } else { "alloc" },
            place(a.place),
            a.address,
            a.size,
            a.start_ns,
            a.end_ns
        )?;
    }
    Ok(())
}

impl ActivitySink for ActivityRecorder {
    fn kernel_dispatch(&self, k: &KernelDispatch<'_>) -> Arc<Span> {
        let span = Arc::new(Span::default());
        if !self.kernels {
            return span;
        }
        let (correlation_id, thread_id, _) = origin();
        let mut r = self.records.lock();
        let name = Self::intern(&mut r, k.name);
        r.kernels.push(KernelRecord {
            correlation_id,
            thread_id,
            name,
            device: k.device,
            stream: k.stream,
            workgroup: k.workgroup,
            grid: k.grid,
            group_segment_size: k.group_segment_size,
            private_segment_size: k.private_segment_size,
            span: Arc::clone(&span),
        });
        span
    }

    fn memory_copy(&self, c: &MemoryCopy) -> Arc<Span> {
        let span = Arc::new(Span::default());
        if !self.copies {
            return span;
        }
        let (correlation_id, thread_id, _) = origin();
        self.records.lock().copies.push(CopyRecord {
            correlation_id,
            thread_id,
            src: c.src,
            dst: c.dst,
            bytes: c.bytes,
            stream: c.stream,
            span: Arc::clone(&span),
        });
        span
    }
}

thread_local! {
    /// The kernel name this thread's last dispatch record used.
    static LAST_NAME: std::cell::RefCell<Option<Arc<str>>> = const { std::cell::RefCell::new(None) };
}

/// The recorder, when rocprofv3 asked for activity.
static RECORDER: std::sync::OnceLock<ActivityRecorder> = std::sync::OnceLock::new();
/// Whether allocations are recorded: the one relaxed load the allocation entry points pay.
static ALLOCATIONS: AtomicBool = AtomicBool::new(false);

/// Installs the recorder for the domains in `domains` (any of [`KERNEL_DOMAIN`],
/// [`COPY_DOMAIN`], [`ALLOCATION_DOMAIN`]); returns it, or `None` when none is asked for.
pub fn install(domains: &[&str]) -> Option<&'static ActivityRecorder> {
    let has = |d: &str| domains.contains(&d);
    let (kernels, copies, allocations) =
        (has(KERNEL_DOMAIN), has(COPY_DOMAIN), has(ALLOCATION_DOMAIN));
    if !(kernels || copies || allocations) {
        return None;
    }
    let recorder = RECORDER.get_or_init(|| ActivityRecorder::new(kernels, copies, allocations));
    if kernels || copies {
        hip::activity::install(recorder);
    }
    ALLOCATIONS.store(allocations, Ordering::Release);
    Some(recorder)
}

/// Stops recording (at exit, before the records are written).
pub fn stop() {
    hip::activity::uninstall();
    ALLOCATIONS.store(false, Ordering::Release);
}

/// The memory a successful allocation entry point returned: `device` memory of the current
/// device (`true`) or host memory (`false`).
#[inline]
pub fn allocated(ptr: *mut c_void, size: usize, device: bool) {
    if !ALLOCATIONS.load(Ordering::Relaxed) || ptr.is_null() {
        return;
    }
    let place = if device {
        crate::entry::current_device().map_or(Place::Host, Place::Device)
    } else {
        Place::Host
    };
    if let Some(r) = RECORDER.get() {
        r.allocation(false, ptr as usize, size, place);
    }
}

/// Memory a successful free entry point released (its size and place are the allocation's
/// when it was recorded; 0 and the host otherwise).
#[inline]
pub fn freed(ptr: *mut c_void) {
    if !ALLOCATIONS.load(Ordering::Relaxed) || ptr.is_null() {
        return;
    }
    if let Some(r) = RECORDER.get() {
        r.allocation(true, ptr as usize, 0, Place::Host);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_written_with_times_sizes_and_names() {
        let r = ActivityRecorder::new(true, true, true);
        let k = r.kernel_dispatch(&KernelDispatch {
            name: "_Z4fillPfi\tx",
            device: 0,
            stream: 7,
            workgroup: [64, 1, 1],
            grid: [256, 1, 1],
            group_segment_size: 16,
            private_segment_size: 8,
        });
        k.set(100, 200);
        let never = r.kernel_dispatch(&KernelDispatch {
            name: "_Z4fillPfi\tx",
            device: 0,
            stream: 7,
            workgroup: [1, 1, 1],
            grid: [1, 1, 1],
            group_segment_size: 0,
            private_segment_size: 0,
        });
        never.cancel();
        let c = r.memory_copy(&MemoryCopy {
            src: Place::Device(1),
            dst: Place::Host,
            bytes: 1024,
            stream: 7,
        });
        c.set(300, 350);
        r.allocation(false, 0x1000, 64, Place::Device(0));
        r.allocation(true, 0x1000, 0, Place::Host);
        let mut out = Vec::new();
        let records = r.records.lock();
        write_records(&mut out, 42, &records).expect("write");
        assert!(Arc::ptr_eq(
            &records.kernels[0].name,
            &records.kernels[1].name
        ));
        drop(records);
        let text = String::from_utf8(out).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "ferrocm-activity 1 42");
        let kernel = format!(
            "kernel\t0\t{}\t0\t7\t100\t200\t8\t16\t64\t1\t1\t256\t1\t1\t_Z4fillPfi x",
            profiler::thread_id()
        );
        assert_eq!(lines[1], kernel, "the cancelled dispatch is left out");
        assert!(lines[2].starts_with("copy\t0\t"));
        assert!(lines[2].ends_with("\t1\thost\t7\t1024\t300\t350"));
        assert!(lines[3].contains("\talloc\t0\t4096\t64\t"));
        assert!(
            lines[4].contains("\tfree\t0\t4096\t64\t"),
            "the free has the allocation's size and device: {}",
            lines[4]
        );
        assert_eq!(lines.len(), 5);
    }
}
