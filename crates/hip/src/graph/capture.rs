//! Stream capture: capture sequences (begun on a stream, joined by others through events),
//! the nodes captured operations become, and HIP's rules for what may happen while a
//! sequence is active (capture modes, "potentially unsafe" calls, events and waits).

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::thread::ThreadId;

use hsa::signal::MemoryOrder;
use parking_lot::Mutex;

use super::graphs::{GraphCore, GRAPHS};
use super::nodes::NodeKind;
use super::register;
use crate::error::{HipError, HipResult};
use crate::event::EventRecord;
use crate::stream::{self, StreamCore, StreamKind};

/// `hipStreamCaptureMode`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureMode {
    Global = 0,
    ThreadLocal = 1,
    Relaxed = 2,
}

impl CaptureMode {
    pub fn from_raw(raw: u32) -> HipResult<CaptureMode> {
        Ok(match raw {
            0 => CaptureMode::Global,
            1 => CaptureMode::ThreadLocal,
            2 => CaptureMode::Relaxed,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// `hipStreamCaptureStatus`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureStatus {
    None = 0,
    Active = 1,
    Invalidated = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SessionStatus {
    Active,
    Invalidated,
    Ended,
}

struct Member {
    /// The nodes the stream's next captured operation depends on.
    tail: Vec<u64>,
    /// `tail` as handed out by `hipStreamGetCaptureInfo_v2` (valid until the next call).
    exported: Box<[u64]>,
}

struct SessionState {
    status: SessionStatus,
    /// Streams in the sequence, by handle.
    members: HashMap<u64, Member>,
}

/// A capture sequence: begun on `origin`, joined by other streams through events.
pub struct CaptureSession {
    /// `hipStreamGetCaptureInfo`'s unique id.
    pub id: u64,
    pub mode: CaptureMode,
    origin: u64,
    thread: ThreadId,
    graph: Arc<GraphCore>,
    /// Capturing into a graph the program made (`hipStreamBeginCaptureToGraph`): the nodes
    /// it had before are not the capture's, and the graph stays the program's.
    existing: Option<std::collections::HashSet<u64>>,
    state: Mutex<SessionState>,
}

static NEXT_CAPTURE_ID: AtomicU64 = AtomicU64::new(1);
/// Capture sequences not ended yet (for the "potentially unsafe API call" rule).
static ACTIVE: Mutex<Vec<Weak<CaptureSession>>> = Mutex::new(Vec::new());
static ACTIVE_COUNT: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// `hipThreadExchangeStreamCaptureMode`'s per-thread mode.
    static THREAD_MODE: Cell<CaptureMode> = const { Cell::new(CaptureMode::Global) };
}

/// Events recorded in a capture sequence: which nodes they stand for.
struct CapturedRecord {
    record: Weak<EventRecord>,
    session: Weak<CaptureSession>,
    nodes: Vec<u64>,
}
static CAPTURED_EVENTS: Mutex<Option<HashMap<usize, CapturedRecord>>> = Mutex::new(None);

impl CaptureSession {
    /// Marks the sequence invalid: later captured operations fail with
    /// `hipErrorStreamCaptureInvalidated` and ending it gives no graph.
    pub fn invalidate(&self) {
        let mut st = self.state.lock();
        if st.status == SessionStatus::Active {
            st.status = SessionStatus::Invalidated;
        }
    }

    pub fn status(&self) -> CaptureStatus {
        match self.state.lock().status {
            SessionStatus::Active => CaptureStatus::Active,
            SessionStatus::Invalidated => CaptureStatus::Invalidated,
            SessionStatus::Ended => CaptureStatus::None,
        }
    }

    /// The graph being built.
    pub fn graph(&self) -> &Arc<GraphCore> {
        &self.graph
    }

    /// Adds a node for an operation on member `stream`: `None` when the sequence has
    /// ended meanwhile (the operation runs normally).
    pub(crate) fn add_node(&self, stream: &StreamCore, kind: NodeKind) -> Option<HipResult<()>> {
        let mut st = self.state.lock();
        match st.status {
            SessionStatus::Ended => return None,
            SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
            SessionStatus::Active => {}
        }
        let member = st.members.get_mut(&stream.handle)?;
        let result = self.graph.add_node(kind, &member.tail).map(|h| {
            member.tail = vec![h];
        });
        Some(result)
    }

    /// Ends the sequence: every member stream leaves it. Returns the status before and
    /// the origin's tail.
    fn finish(self: &Arc<Self>) -> (SessionStatus, Vec<u64>) {
        let (status, members) = {
            let mut st = self.state.lock();
            let status = st.status;
            st.status = SessionStatus::Ended;
            (status, std::mem::take(&mut st.members))
        };
        for handle in members.keys() {
            if let Ok(s) = stream::lookup(*handle) {
                s.leave_capture(self);
            }
        }
        if status != SessionStatus::Ended {
            let mut active = ACTIVE.lock();
            active.retain(|w| w.strong_count() > 0 && !std::ptr::eq(w.as_ptr(), Arc::as_ptr(self)));
            ACTIVE_COUNT.store(active.len(), Ordering::Release);
        }
        let me = Arc::as_ptr(self);
        if let Some(m) = CAPTURED_EVENTS.lock().as_mut() {
            m.retain(|_, r| !std::ptr::eq(r.session.as_ptr(), me));
        }
        let tail = members
            .get(&self.origin)
            .map(|m| m.tail.clone())
            .unwrap_or_default();
        (status, tail)
    }

    fn add_member(&self, stream: &StreamCore, tail: Vec<u64>) -> bool {
        let mut st = self.state.lock();
        if st.status == SessionStatus::Ended {
            return false;
        }
        st.members.insert(
            stream.handle,
            Member {
                tail,
                exported: Box::new([]),
            },
        );
        true
    }
}

/// `hipStreamBeginCapture`.
pub fn begin_capture(stream: &Arc<StreamCore>, mode: CaptureMode) -> HipResult<()> {
    begin(
        stream,
        mode,
        GraphCore::new_unregistered(),
        None,
        Vec::new(),
    )
}

/// `hipStreamBeginCaptureToGraph`: captured operations become nodes of `graph`, the first
/// one depending on `deps` (nodes of `graph`, each once); ending the capture returns
/// `graph`.
pub fn begin_capture_to_graph(
    stream: &Arc<StreamCore>,
    mode: CaptureMode,
    graph: Arc<GraphCore>,
    deps: &[u64],
) -> HipResult<()> {
    let before: std::collections::HashSet<u64> = graph.nodes().into_iter().collect();
    let mut seen = std::collections::HashSet::new();
    if deps.iter().any(|d| !before.contains(d) || !seen.insert(*d)) {
        return Err(HipError::InvalidValue);
    }
    begin(stream, mode, graph, Some(before), deps.to_vec())
}

fn begin(
    stream: &Arc<StreamCore>,
    mode: CaptureMode,
    graph: Arc<GraphCore>,
    existing: Option<std::collections::HashSet<u64>>,
    tail: Vec<u64>,
) -> HipResult<()> {
    if stream.kind == StreamKind::Null {
        // The legacy null stream cannot be captured.
        return Err(HipError::StreamCaptureUnsupported);
    }
    if stream.is_capturing() {
        return Err(HipError::IllegalState);
    }
    let session = Arc::new(CaptureSession {
        id: NEXT_CAPTURE_ID.fetch_add(1, Ordering::Relaxed),
        mode,
        origin: stream.handle,
        thread: std::thread::current().id(),
        graph,
        existing,
        state: Mutex::new(SessionState {
            status: SessionStatus::Active,
            members: HashMap::new(),
        }),
    });
    session.add_member(stream, tail);
    stream.set_capture(Some(Arc::clone(&session)));
    let mut active = ACTIVE.lock();
    active.push(Arc::downgrade(&session));
    ACTIVE_COUNT.store(active.len(), Ordering::Release);
    Ok(())
}

/// `hipStreamEndCapture`: the captured graph (registered, owned by the caller).
/// `hipErrorIllegalState` if the stream is not capturing, `...Unmatched` if it did not
/// begin the sequence, `...WrongThread` for a global or thread-local sequence ended on
/// another thread, `...Invalidated` if an operation invalidated it, `...Unjoined` if a
/// stream that joined it has work the origin stream did not wait for.
pub fn end_capture(stream: &Arc<StreamCore>) -> HipResult<Arc<GraphCore>> {
    let session = stream.capture_session().ok_or(HipError::IllegalState)?;
    if session.origin != stream.handle {
        return Err(HipError::StreamCaptureUnmatched);
    }
    if session.mode != CaptureMode::Relaxed && session.thread != std::thread::current().id() {
        return Err(HipError::StreamCaptureWrongThread);
    }
    let (status, origin_tail) = session.finish();
    stream.leave_capture(&session);
    let graph = Arc::clone(&session.graph);
    // A graph the program made stays its own, whatever the outcome (CUDA leaves what was
    // captured into it so far).
    let own = session.existing.is_none();
    if status == SessionStatus::Invalidated {
        if own {
            graph.forget_nodes();
        }
        return Err(HipError::StreamCaptureInvalidated);
    }
    let before = session.existing.clone().unwrap_or_default();
    let joined = graph
        .sink_nodes()
        .iter()
        .filter(|n| !before.contains(n))
        .all(|n| origin_tail.contains(n));
    if !joined {
        if own {
            graph.forget_nodes();
        }
        return Err(HipError::StreamCaptureUnjoined);
    }
    if own {
        register(&GRAPHS, graph.handle, &graph);
    }
    Ok(graph)
}

/// A member stream of `session` is being destroyed: the sequence is invalidated, and
/// ended when the stream began it (nobody could end it any more).
pub(crate) fn stream_destroyed(stream: &StreamCore, session: &Arc<CaptureSession>) {
    session.invalidate();
    if session.origin == stream.handle {
        let _ = session.finish();
        if session.existing.is_none() {
            session.graph.forget_nodes();
        }
    }
}

/// `hipStreamGetCaptureInfo` / `hipStreamIsCapturing`: status and sequence id (0 when not
/// capturing). On the legacy stream, `hipErrorStreamCaptureImplicit` while a blocking
/// stream of the device is capturing.
pub fn capture_info(stream: &StreamCore) -> HipResult<(CaptureStatus, u64)> {
    if stream.kind == StreamKind::Null {
        stream.check_legacy_capture_quiet()?;
    }
    Ok(match stream.capture_session() {
        Some(s) => match s.status() {
            CaptureStatus::None => (CaptureStatus::None, 0),
            status => (status, s.id),
        },
        None => (CaptureStatus::None, 0),
    })
}

/// `hipStreamGetCaptureInfo_v2`'s extra outputs: the graph being built and the stream's
/// current dependencies (a pointer valid until the next capture call on the stream).
pub fn capture_dependencies(stream: &StreamCore) -> Option<(u64, *const u64, usize)> {
    let session = stream.capture_session()?;
    let mut st = session.state.lock();
    if st.status == SessionStatus::Ended {
        return None;
    }
    let member = st.members.get_mut(&stream.handle)?;
    member.exported = member.tail.clone().into_boxed_slice();
    Some((
        session.graph.handle,
        member.exported.as_ptr(),
        member.exported.len(),
    ))
}

/// `hipStreamUpdateCaptureDependencies`: `set` replaces the stream's dependencies,
/// otherwise they are added to. Nodes must belong to the graph being captured.
pub fn update_capture_dependencies(stream: &StreamCore, nodes: &[u64], set: bool) -> HipResult<()> {
    let session = stream.capture_session().ok_or(HipError::IllegalState)?;
    let mut st = session.state.lock();
    match st.status {
        SessionStatus::Ended => return Err(HipError::IllegalState),
        SessionStatus::Invalidated => return Err(HipError::StreamCaptureInvalidated),
        SessionStatus::Active => {}
    }
    {
        let inner = session.graph.inner.lock();
        for n in nodes {
            inner.node(*n)?;
        }
    }
    let member = st
        .members
        .get_mut(&stream.handle)
        .ok_or(HipError::IllegalState)?;
    if set {
        member.tail.clear();
    }
    for n in nodes {
        if !member.tail.contains(n) {
            member.tail.push(*n);
        }
    }
    Ok(())
}

/// An event record on a capturing stream: the record stands for the stream's current
/// captured work. Its signal is completed at once so that host waits on it never hang
/// (the record has no work of its own to wait for).
pub(crate) fn capture_record(
    stream: &StreamCore,
    session: &Arc<CaptureSession>,
    record: &Arc<EventRecord>,
) -> Option<HipResult<()>> {
    let tail = {
        let st = session.state.lock();
        match st.status {
            SessionStatus::Ended => return None,
            SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
            SessionStatus::Active => {}
        }
        st.members.get(&stream.handle)?.tail.clone()
    };
    CAPTURED_EVENTS
        .lock()
        .get_or_insert_with(HashMap::new)
        .insert(
            Arc::as_ptr(record) as usize,
            CapturedRecord {
                record: Arc::downgrade(record),
                session: Arc::downgrade(session),
                nodes: tail,
            },
        );
    if let Ok(signal) = hsa::Signal::from_handle(record.signal_handle()) {
        signal.store(0, MemoryOrder::Release);
    }
    Some(Ok(()))
}

/// The capture sequence and nodes an event record stands for, if it was recorded in a
/// sequence that has not ended.
fn captured_record(record: &Arc<EventRecord>) -> Option<(Arc<CaptureSession>, Vec<u64>)> {
    let events = CAPTURED_EVENTS.lock();
    let r = events.as_ref()?.get(&(Arc::as_ptr(record) as usize))?;
    if !std::ptr::eq(r.record.as_ptr(), Arc::as_ptr(record)) {
        return None;
    }
    Some((r.session.upgrade()?, r.nodes.clone()))
}

/// Whether `record` was made by an event record on a capturing stream whose capture has
/// not ended (HIP reports `hipErrorCapturedEvent` for queries and waits on such events).
pub fn is_captured_record(record: &Arc<EventRecord>) -> bool {
    captured_record(record).is_some()
}

/// `hipStreamWaitEvent` during capture: `Some` when capture rules apply.
/// - event recorded in a sequence, stream not capturing: the stream joins the sequence
///   with the event's nodes as its dependencies (fork);
/// - both in the same sequence: the event's nodes are added to the stream's (join);
/// - different sequences: `hipErrorStreamCaptureMerge`;
/// - event not captured, stream capturing: `hipErrorStreamCaptureIsolation` (CUDA's rule
///   for waits on uncaptured work).
///
/// The two errors invalidate the stream's sequence.
pub(crate) fn capture_wait_event(
    stream: &StreamCore,
    record: &Arc<EventRecord>,
) -> Option<HipResult<()>> {
    let captured = captured_record(record);
    let own = stream.capture_session();
    match (captured, own) {
        (None, None) => None,
        (None, Some(own)) => {
            own.invalidate();
            Some(Err(HipError::StreamCaptureIsolation))
        }
        (Some((session, nodes)), None) => {
            if stream.kind == StreamKind::Null {
                session.invalidate();
                return Some(Err(HipError::StreamCaptureImplicit));
            }
            let Ok(arc) = stream::lookup(stream.handle) else {
                return Some(Err(HipError::InvalidHandle));
            };
            if !session.add_member(&arc, nodes) {
                return None;
            }
            arc.set_capture(Some(session));
            Some(Ok(()))
        }
        (Some((session, nodes)), Some(own)) => {
            if !Arc::ptr_eq(&session, &own) {
                own.invalidate();
                return Some(Err(HipError::StreamCaptureMerge));
            }
            let mut st = own.state.lock();
            match st.status {
                SessionStatus::Ended => return None,
                SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
                SessionStatus::Active => {}
            }
            let member = st.members.get_mut(&stream.handle)?;
            for n in nodes {
                if !member.tail.contains(&n) {
                    member.tail.push(n);
                }
            }
            Some(Ok(()))
        }
    }
}

/// `hipMallocAsync` on a capturing stream: an allocation node of `size` bytes on the
/// stream's device (the address is the node's, valid in the graph from that node on).
/// `None` when the sequence has ended meanwhile (the allocation happens normally).
pub(crate) fn capture_alloc(
    stream: &StreamCore,
    session: &Arc<CaptureSession>,
    size: usize,
) -> Option<HipResult<*mut u8>> {
    if session.status() == CaptureStatus::Invalidated {
        return Some(Err(HipError::StreamCaptureInvalidated));
    }
    let alloc = match super::memnodes::GraphAlloc::new(stream.device, size) {
        Ok(a) => a,
        Err(e) => return Some(Err(e)),
    };
    let ptr = alloc.ptr as *mut u8;
    let done = session.add_node(stream, NodeKind::MemAlloc(alloc))?;
    Some(done.map(|()| ptr))
}

/// `hipFreeAsync` on a capturing stream: a free node for graph memory; any other memory
/// cannot be freed during capture (`hipErrorStreamCaptureUnsupported`, which invalidates
/// the sequence, as in CUDA). `None` when the sequence has ended meanwhile.
pub(crate) fn capture_free(
    stream: &StreamCore,
    session: &Arc<CaptureSession>,
    ptr: usize,
) -> Option<HipResult<()>> {
    if super::memnodes::allocation(ptr).is_none() {
        session.invalidate();
        return Some(Err(HipError::StreamCaptureUnsupported));
    }
    session.add_node(stream, NodeKind::MemFree(ptr))
}

/// Whether any capture sequence has begun and not ended (a cheap check for hot paths).
pub(crate) fn any_capture_active() -> bool {
    ACTIVE_COUNT.load(Ordering::Acquire) != 0
}

/// `hipThreadExchangeStreamCaptureMode`: sets the calling thread's mode, returns the old.
pub fn exchange_capture_mode(mode: CaptureMode) -> CaptureMode {
    THREAD_MODE.with(|m| m.replace(mode))
}

/// HIP's check for "potentially unsafe" calls (allocations, synchronous copies and fills)
/// while capture sequences are active: with the thread's mode Global, any Global sequence
/// (from any thread) or a non-Relaxed sequence begun by this thread forbids them; with
/// ThreadLocal only the latter; Relaxed never. `hipErrorStreamCaptureUnsupported`.
pub fn check_unsafe_call() -> HipResult<()> {
    if ACTIVE_COUNT.load(Ordering::Acquire) == 0 {
        return Ok(());
    }
    let mode = THREAD_MODE.with(|m| m.get());
    if mode == CaptureMode::Relaxed {
        return Ok(());
    }
    let me = std::thread::current().id();
    let active = ACTIVE.lock();
    let forbidden = active.iter().filter_map(|w| w.upgrade()).any(|s| {
        let open = s.state.lock().status != SessionStatus::Ended;
        open && ((s.thread == me && s.mode != CaptureMode::Relaxed)
            || (mode == CaptureMode::Global && s.mode == CaptureMode::Global))
    });
    if forbidden {
        Err(HipError::StreamCaptureUnsupported)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::exec::GraphExec;
    use super::*;
    use crate::runtime::Runtime;

    fn stream() -> Arc<StreamCore> {
        let rt = Runtime::get().unwrap();
        StreamCore::create(rt, 0, crate::STREAM_NON_BLOCKING, 0).unwrap()
    }

    #[test]
    fn capture_forks_and_joins_through_events() {
        use crate::event::EventCore;
        use std::sync::atomic::AtomicUsize;
        let (s1, s2) = (stream(), stream());
        let hits = Arc::new(AtomicUsize::new(0));
        let host = |h: &Arc<AtomicUsize>| -> Arc<dyn Fn() + Send + Sync> {
            let h = Arc::clone(h);
            Arc::new(move || {
                h.fetch_add(1, Ordering::SeqCst);
            })
        };
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(
            begin_capture(&s1, CaptureMode::Relaxed),
            Err(HipError::IllegalState)
        );
        s1.host_fn_shared(host(&hits)).unwrap();
        let fork = EventCore::create(0).unwrap();
        fork.record(&s1).unwrap();
        s2.wait_event(&fork.current_record().unwrap()).unwrap();
        assert!(s2.is_capturing());
        s2.host_fn_shared(host(&hits)).unwrap();
        s1.host_fn_shared(host(&hits)).unwrap();
        // Not joined yet: the origin cannot end the capture.
        let join = EventCore::create(0).unwrap();
        join.record(&s2).unwrap();
        assert_eq!(
            end_capture(&s2).err(),
            Some(HipError::StreamCaptureUnmatched)
        );
        s1.wait_event(&join.current_record().unwrap()).unwrap();
        s1.host_fn_shared(host(&hits)).unwrap();
        let g = end_capture(&s1).unwrap();
        assert!(!s2.is_capturing());
        assert_eq!(hits.load(Ordering::SeqCst), 0, "captured work must not run");
        let nodes = g.nodes();
        assert_eq!(nodes.len(), 4);
        assert_eq!(g.node_dependencies(nodes[3]).unwrap().len(), 2);
        assert_eq!(g.root_nodes(), vec![nodes[0]]);
        let exec = GraphExec::instantiate(&g, 0).unwrap();
        exec.launch(&s2).unwrap();
        exec.launch(&s1).unwrap();
        s1.synchronize().unwrap();
        assert_eq!(hits.load(Ordering::SeqCst), 8);
        // An unjoined fork.
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        fork.record(&s1).unwrap();
        s2.wait_event(&fork.current_record().unwrap()).unwrap();
        s2.host_fn_shared(host(&hits)).unwrap();
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureUnjoined)
        );
        assert!(!s1.is_capturing() && !s2.is_capturing());
        // One-shot host functions and synchronisation invalidate a capture.
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(s1.host_fn(|| ()), Err(HipError::StreamCaptureUnsupported));
        assert_eq!(capture_info(&s1).unwrap().0, CaptureStatus::Invalidated);
        assert_eq!(
            s1.host_fn_shared(host(&hits)),
            Err(HipError::StreamCaptureInvalidated)
        );
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureInvalidated)
        );
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(s1.synchronize(), Err(HipError::StreamCaptureUnsupported));
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureInvalidated)
        );
        s1.synchronize().unwrap();
        assert_eq!(hits.load(Ordering::SeqCst), 8);
        GraphExec::destroy(exec.handle).unwrap();
        GraphCore::destroy(g.handle).unwrap();
        EventCore::destroy(fork.handle).unwrap();
        EventCore::destroy(join.handle).unwrap();
        StreamCore::destroy(s1.handle).unwrap();
        StreamCore::destroy(s2.handle).unwrap();
    }

    #[test]
    fn capture_modes_parse_and_exchange() {
        assert_eq!(CaptureMode::from_raw(2), Ok(CaptureMode::Relaxed));
        assert_eq!(CaptureMode::from_raw(3), Err(HipError::InvalidValue));
        let old = exchange_capture_mode(CaptureMode::Relaxed);
        assert_eq!(old, CaptureMode::Global);
        assert_eq!(exchange_capture_mode(old), CaptureMode::Relaxed);
    }
}
