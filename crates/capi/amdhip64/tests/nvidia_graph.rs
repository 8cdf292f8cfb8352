//! The graph entry points on the NVIDIA platform (`HIP_PLATFORM=nvidia`), in a child process
//! (the platform is chosen once per process). With a GPU: a graph of memset, 1-D copy,
//! host, empty and child-graph nodes (the child with a 3-D copy) is built, queried,
//! instantiated, launched, changed through its executable copy and through
//! `hipGraphExecUpdate`, cloned; a capture is extended by hand through
//! `hipStreamGetCaptureInfo_v2` and `hipStreamUpdateCaptureDependencies`; bad arguments,
//! cycles, foreign nodes and destroyed handles are rejected. Kernel nodes need an
//! nvcc-built kernel: the conformance programs (`tests/hip/graph_*.hip`) cover them.
//!
//! Without a usable CUDA driver or GPU (the usual case in CI) the child checks the
//! argument validation that needs no device and the test passes with a visible
//! `skipped: no NVIDIA GPU` line.

use std::ffi::{c_int, c_ulonglong, c_void};
use std::io::Write;
use std::process::Command;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use amdhip64::exports::*;
use amdhip64::graph::{ExecT, GraphT, HostNodeParams, KernelNodeParams, MemsetParams, NodeT};
use amdhip64::memory3d::{HipExtent, HipMemcpy3DParms, HipPitchedPtr, HipPos};
use amdhip64::stream::StreamT;
use hip::HipError as E;

/// `hipGraphNodeType` (the values used here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NodeType {
    Memcpy = 1,
    Memset = 2,
    Host = 3,
    Graph = 4,
    Empty = 5,
}

const CHILD: &str = "FERROCM_NVIDIA_GRAPH_CHILD";
const SKIPPED: &str = "skipped: no NVIDIA GPU";

#[test]
fn nvidia_graph_entry_points() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    let out = Command::new(std::env::current_exe().expect("test executable"))
        .args(["--exact", "nvidia_graph_entry_points", "--nocapture"])
        .envs([(CHILD, "1"), ("HIP_PLATFORM", "nvidia")])
        .output()
        .expect("child runs");
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    print!("{text}");
    let finished = text.contains("nvidia graph child: ok");
    assert!(
        out.status.success() && finished,
        "child: {:?}\n{text}",
        out.status
    );
    if text.contains(SKIPPED) {
        // Straight to the stream, past the test harness's capture: visible in every run.
        let _ = writeln!(std::io::stderr(), "nvidia_graph: {SKIPPED}");
    }
}

fn child() {
    assert_eq!(
        hip::platform::current(),
        hip::platform::Platform::Nvidia,
        "HIP_PLATFORM=nvidia selects the NVIDIA platform"
    );
    if hip::platform::nvidia::device_count() == 0 {
        println!("{SKIPPED}");
        without_gpu();
    } else {
        with_gpu();
    }
    println!("nvidia graph child: ok");
}

/// No driver or no GPU: argument and handle checks come first; what needs the device is
/// `hipErrorNoDevice`.
fn without_gpu() {
    let bogus = 0x1000usize as *mut c_void;
    // SAFETY: every pointer passed is NULL, a local, or a handle never dereferenced here.
    unsafe {
        let mut g: GraphT = null_mut();
        fails(hipGraphCreate(&mut g, 0), E::NoDevice);
        let mut node: NodeT = null_mut();
        fails(
            hipGraphAddEmptyNode(null_mut(), g, null(), 0),
            E::InvalidValue,
        );
        fails(
            hipGraphAddEmptyNode(&mut node, null_mut(), null(), 0),
            E::InvalidValue,
        );
        fails(
            hipGraphAddEmptyNode(&mut node, bogus, null(), 1),
            E::InvalidValue,
        );
        let mut count = 0usize;
        fails(
            hipGraphGetNodes(bogus, null_mut(), &mut count),
            E::InvalidValue,
        );
        fails(
            hipGraphNodeGetDependencies(bogus, null_mut(), &mut count),
            E::InvalidValue,
        );
        let mut t: c_int = 0;
        fails(hipGraphNodeGetType(bogus, &mut t), E::InvalidValue);
        fails(hipGraphDestroyNode(bogus), E::InvalidValue);
        fails(hipGraphDestroy(bogus), E::InvalidValue);
        fails(hipGraphExecDestroy(bogus), E::InvalidValue);
        fails(hipGraphLaunch(bogus, null_mut()), E::InvalidValue);
        let (mut result, mut err): (c_int, NodeT) = (0, null_mut());
        fails(
            hipGraphExecUpdate(bogus, bogus, &mut err, &mut result),
            E::InvalidValue,
        );
        let mut st: c_int = -1;
        let mut id: c_ulonglong = 0;
        fails(
            hipStreamGetCaptureInfo(null_mut(), &mut st, &mut id),
            E::NoDevice,
        );
        fails(
            hipStreamGetCaptureInfo(null_mut(), null_mut(), &mut id),
            E::InvalidValue,
        );
        fails(
            hipStreamUpdateCaptureDependencies(null_mut(), null_mut(), 0, 2),
            E::InvalidValue,
        );
        fails(hipGetLastError(), E::InvalidValue);
    }
}

static CALLS: AtomicUsize = AtomicUsize::new(0);
static SEEN: AtomicI32 = AtomicI32::new(-1);
static OTHER_CALLS: AtomicUsize = AtomicUsize::new(0);

/// Host node: counts, and records element 3 of the host buffer (`user`).
unsafe extern "C" fn host_fn(user: *mut c_void) {
    CALLS.fetch_add(1, Ordering::SeqCst);
    // SAFETY: `user` is the pinned buffer of `N` ints; the copy before it has completed.
    let v = unsafe { user.cast::<i32>().add(3).read_volatile() };
    SEEN.store(v, Ordering::SeqCst);
}

unsafe extern "C" fn other_host_fn(_user: *mut c_void) {
    OTHER_CALLS.fetch_add(1, Ordering::SeqCst);
}

const N: usize = 1024;
const BYTES: usize = N * 4;

fn ok(code: u32) {
    assert_eq!(code, 0, "hipSuccess expected");
}

fn fails(code: u32, e: E) {
    assert_eq!(code, e.code(), "{e:?} expected");
}

fn memset_params(dst: *mut c_void, value: u32) -> MemsetParams {
    MemsetParams {
        dst,
        element_size: 4,
        height: 1,
        pitch: 0,
        value,
        width: N,
    }
}

/// The node list a query gives (checking HIP's list convention on the way).
fn listed(query: impl Fn(*mut NodeT, *mut usize) -> u32) -> Vec<NodeT> {
    let mut n = 0usize;
    ok(query(null_mut(), &mut n));
    let mut v = vec![null_mut(); n + 2];
    let mut cap = v.len();
    ok(query(v.as_mut_ptr(), &mut cap));
    assert_eq!(cap, n);
    assert!(
        v[n..].iter().all(|p| p.is_null()),
        "entries past the end are NULL"
    );
    v.truncate(n);
    v
}

fn node_type(node: NodeT) -> NodeType {
    let mut t: c_int = -1;
    // SAFETY: a local out-parameter.
    ok(unsafe { hipGraphNodeGetType(node, &mut t) });
    let all = [
        NodeType::Memcpy,
        NodeType::Memset,
        NodeType::Host,
        NodeType::Graph,
        NodeType::Empty,
    ];
    let found = all.into_iter().find(|&k| k as c_int == t);
    found.unwrap_or_else(|| panic!("unexpected node type {t}"))
}

/// The `n` ints at `p` (read through the pointer: the GPU writes there too).
///
/// # Safety
/// `p` must be readable for `n` ints, with no copy into it in flight.
unsafe fn ints(p: *mut c_void, n: usize) -> Vec<i32> {
    // SAFETY: forwarded from the caller.
    (0..n)
        .map(|i| unsafe { p.cast::<i32>().add(i).read_volatile() })
        .collect()
}

/// Sets the `n` ints at `p` to -1.
///
/// # Safety
/// `p` must be writable for `n` ints, with no copy into it in flight.
unsafe fn poison(p: *mut c_void, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { p.write_bytes(0xff, n * 4) };
}

/// A GPU: graphs built by hand and by capture, run on it.
fn with_gpu() {
    println!("nvidia graph child: running on an NVIDIA GPU");
    // SAFETY: every pointer passed is valid for its use (locals, live allocations and
    // handles the calls created); the graph only touches the allocations below.
    unsafe {
        ok(hipSetDevice(0));
        let (mut d, mut d2, mut h, mut box_) = (null_mut(), null_mut(), null_mut(), null_mut());
        ok(hipMalloc(&mut d, BYTES));
        ok(hipMalloc(&mut d2, BYTES));
        ok(hipHostMalloc(&mut h, BYTES, 0));
        ok(hipHostMalloc(&mut box_, 16 * 4, 0));
        let mut s: StreamT = null_mut();
        ok(hipStreamCreate(&mut s));

        // The child graph: d2 filled with bytes 9, then a 2x2x2 box of 16-byte rows copied
        // from it into `box_`.
        let mut c: GraphT = null_mut();
        ok(hipGraphCreate(&mut c, 0));
        let (mut cset, mut c3d) = (null_mut(), null_mut());
        let fill9 = MemsetParams {
            dst: d2,
            element_size: 1,
            height: 1,
            pitch: 0,
            value: 9,
            width: BYTES,
        };
        ok(hipGraphAddMemsetNode(&mut cset, c, null(), 0, &fill9));
        let p3 = HipMemcpy3DParms {
            src_array: null_mut(),
            src_pos: HipPos { x: 16, y: 1, z: 0 },
            src_ptr: HipPitchedPtr {
                ptr: d2,
                pitch: 64,
                xsize: 64,
                ysize: 4,
            },
            dst_array: null_mut(),
            dst_pos: HipPos { x: 0, y: 0, z: 0 },
            dst_ptr: HipPitchedPtr {
                ptr: box_,
                pitch: 16,
                xsize: 16,
                ysize: 2,
            },
            extent: HipExtent {
                width: 16,
                height: 2,
                depth: 2,
            },
            kind: 2,
        };
        ok(hipGraphAddMemcpyNode(&mut c3d, c, &cset, 1, &p3));
        let mut back: HipMemcpy3DParms = std::mem::zeroed();
        ok(hipGraphMemcpyNodeGetParams(c3d, &mut back));
        assert_eq!(back.dst_ptr.ptr, box_);
        assert_eq!(back.src_ptr.ptr, d2);
        assert_eq!((back.src_pos.x, back.src_pos.y), (16, 1));
        assert_eq!(back.src_ptr.pitch, 64);
        assert_eq!(
            (back.extent.width, back.extent.height, back.extent.depth),
            (16, 2, 2)
        );

        // g: memset(d, 7) -> {copy d -> h -> host -> empty, child}.
        let mut g: GraphT = null_mut();
        ok(hipGraphCreate(&mut g, 0));
        let (mut nset, mut ncopy, mut nhost, mut nempty, mut nchild) =
            (null_mut(), null_mut(), null_mut(), null_mut(), null_mut());
        let ms = memset_params(d, 7);
        ok(hipGraphAddMemsetNode(&mut nset, g, null(), 0, &ms));
        ok(hipGraphAddMemcpyNode1D(
            &mut ncopy, g, &nset, 1, h, d, BYTES, 2,
        ));
        let hp = HostNodeParams {
            fn_: Some(host_fn),
            user_data: h,
        };
        ok(hipGraphAddHostNode(&mut nhost, g, &ncopy, 1, &hp));
        ok(hipGraphAddEmptyNode(&mut nempty, g, &nhost, 1));
        ok(hipGraphAddChildGraphNode(&mut nchild, g, &nset, 1, c));

        // Queries.
        let nodes = listed(|p, n| hipGraphGetNodes(g, p, n));
        assert_eq!(nodes.len(), 5);
        for n in [nset, ncopy, nhost, nempty, nchild] {
            assert!(nodes.contains(&n));
        }
        assert_eq!(listed(|p, n| hipGraphGetRootNodes(g, p, n)), vec![nset]);
        assert_eq!(
            listed(|p, n| hipGraphNodeGetDependencies(ncopy, p, n)),
            vec![nset]
        );
        let after_set = listed(|p, n| hipGraphNodeGetDependentNodes(nset, p, n));
        assert_eq!(after_set.len(), 2);
        assert!(after_set.contains(&ncopy) && after_set.contains(&nchild));
        let mut count = 0usize;
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 4);
        let (mut from, mut to) = ([null_mut(); 6], [null_mut(); 6]);
        count = 6;
        ok(hipGraphGetEdges(
            g,
            from.as_mut_ptr(),
            to.as_mut_ptr(),
            &mut count,
        ));
        assert_eq!(count, 4);
        assert!((0..4).any(|i| from[i] == nhost && to[i] == nempty));
        assert!(from[4].is_null() && to[5].is_null());
        fails(
            hipGraphGetEdges(g, from.as_mut_ptr(), null_mut(), &mut count),
            E::InvalidValue,
        );
        assert_eq!(node_type(nset), NodeType::Memset);
        assert_eq!(node_type(ncopy), NodeType::Memcpy);
        assert_eq!(node_type(nhost), NodeType::Host);
        assert_eq!(node_type(nempty), NodeType::Empty);
        assert_eq!(node_type(nchild), NodeType::Graph);
        let mut got_ms: MemsetParams = std::mem::zeroed();
        ok(hipGraphMemsetNodeGetParams(nset, &mut got_ms));
        assert_eq!((got_ms.dst, got_ms.value, got_ms.element_size), (d, 7, 4));
        assert_eq!((got_ms.width, got_ms.height), (N, 1));
        let mut got_hp: HostNodeParams = std::mem::zeroed();
        ok(hipGraphHostNodeGetParams(nhost, &mut got_hp));
        assert_eq!(got_hp.user_data, h);
        assert_eq!(
            got_hp.fn_.map(|f| f as usize),
            Some(host_fn as *const () as usize)
        );
        // A getter of another type, and a NULL output.
        fails(
            hipGraphHostNodeGetParams(nset, &mut got_hp),
            E::InvalidValue,
        );
        fails(
            hipGraphMemsetNodeGetParams(nset, null_mut()),
            E::InvalidValue,
        );

        // Edges: cycles, duplicates, foreign and unknown nodes are rejected; a new edge can
        // be added and removed again.
        fails(
            hipGraphAddDependencies(g, &nempty, &nset, 1),
            E::InvalidValue,
        );
        fails(
            hipGraphAddDependencies(g, &nset, &ncopy, 1),
            E::InvalidValue,
        );
        fails(hipGraphAddDependencies(g, &nset, &nset, 1), E::InvalidValue);
        fails(
            hipGraphAddDependencies(g, &cset, &nempty, 1),
            E::InvalidValue,
        );
        fails(
            hipGraphAddDependencies(g, null(), &nempty, 1),
            E::InvalidValue,
        );
        fails(
            hipGraphRemoveDependencies(g, &nchild, &nempty, 1),
            E::InvalidValue,
        );
        ok(hipGraphAddDependencies(g, &nchild, &nempty, 1));
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 5);
        ok(hipGraphRemoveDependencies(g, &nchild, &nempty, 1));
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 4);

        // Bad nodes: nothing is added.
        let mut x: NodeT = null_mut();
        fails(hipGraphAddEmptyNode(&mut x, c, &nset, 1), E::InvalidValue);
        fails(hipGraphAddEmptyNode(&mut x, g, null(), 1), E::InvalidValue);
        let deps = [nset, nset];
        fails(
            hipGraphAddEmptyNode(&mut x, g, deps.as_ptr(), 2),
            E::InvalidValue,
        );
        let mut bad = ms;
        bad.element_size = 3;
        fails(
            hipGraphAddMemsetNode(&mut x, g, null(), 0, &bad),
            E::InvalidValue,
        );
        fails(
            hipGraphAddMemcpyNode1D(&mut x, g, null(), 0, h, d, 4, 77),
            E::InvalidMemcpyDirection,
        );
        let no_fn = HostNodeParams {
            fn_: None,
            user_data: null_mut(),
        };
        fails(
            hipGraphAddHostNode(&mut x, g, null(), 0, &no_fn),
            E::InvalidValue,
        );
        let kp = KernelNodeParams {
            block_dim: amdhip64::entry::Dim3 { x: 1, y: 1, z: 1 },
            extra: null_mut(),
            func: other_host_fn as *mut c_void,
            grid_dim: amdhip64::entry::Dim3 { x: 1, y: 1, z: 1 },
            kernel_params: null_mut(),
            shared_mem_bytes: 0,
        };
        fails(
            hipGraphAddKernelNode(&mut x, g, null(), 0, &kp),
            E::InvalidDeviceFunction,
        );
        assert_eq!(listed(|p, n| hipGraphGetNodes(g, p, n)).len(), 5);

        // Run it twice.
        let mut ge: ExecT = null_mut();
        ok(hipGraphInstantiate(&mut ge, g, null_mut(), null_mut(), 0));
        for r in 1..=2 {
            poison(h, N);
            poison(box_, 16);
            ok(hipGraphLaunch(ge, s));
            ok(hipStreamSynchronize(s));
            assert!(ints(h, N).iter().all(|&v| v == 7), "launch {r}");
            let b = ints(box_, 16);
            assert!(b.iter().all(|&v| v == 0x0909_0909), "launch {r}: {b:?}");
            assert_eq!(CALLS.load(Ordering::SeqCst), r);
            assert_eq!(SEEN.load(Ordering::SeqCst), 7);
        }

        // The executable copy changes alone; the graph's change reaches it through
        // hipGraphExecUpdate.
        ok(hipGraphExecMemsetNodeSetParams(
            ge,
            nset,
            &memset_params(d, 11),
        ));
        fails(
            hipGraphExecMemsetNodeSetParams(ge, ncopy, &memset_params(d, 11)),
            E::InvalidValue,
        );
        ok(hipGraphLaunch(ge, s));
        ok(hipStreamSynchronize(s));
        assert!(ints(h, N).iter().all(|&v| v == 11));
        ok(hipGraphMemsetNodeGetParams(nset, &mut got_ms));
        assert_eq!(got_ms.value, 7);
        ok(hipGraphMemsetNodeSetParams(nset, &memset_params(d, 13)));
        ok(hipGraphLaunch(ge, s));
        ok(hipStreamSynchronize(s));
        assert!(ints(h, N).iter().all(|&v| v == 11));
        let (mut result, mut err_node): (c_int, NodeT) = (-1, null_mut());
        ok(hipGraphExecUpdate(ge, g, &mut err_node, &mut result));
        assert_eq!(result, 0);
        ok(hipGraphLaunch(ge, s));
        ok(hipStreamSynchronize(s));
        assert!(ints(h, N).iter().all(|&v| v == 13));
        let mut empty: GraphT = null_mut();
        ok(hipGraphCreate(&mut empty, 0));
        fails(
            hipGraphExecUpdate(ge, empty, &mut err_node, &mut result),
            E::GraphExecUpdateFailure,
        );
        // The driver's verdict, passed through: CUDA 13 reports PARAMETERS_CHANGED (5) for
        // an update from an empty graph, older drivers TOPOLOGY_CHANGED (2).
        assert!(result == 2 || result == 5, "update result {result}");
        let other = HostNodeParams {
            fn_: Some(other_host_fn),
            user_data: null_mut(),
        };
        ok(hipGraphExecHostNodeSetParams(ge, nhost, &other));
        ok(hipGraphExecMemcpyNodeSetParams1D(
            ge,
            ncopy,
            h,
            d,
            BYTES / 2,
            2,
        ));
        poison(h, N);
        ok(hipGraphLaunch(ge, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(OTHER_CALLS.load(Ordering::SeqCst), 1);
        // Two launches in the loop and three since, none after the host function changed.
        assert_eq!(CALLS.load(Ordering::SeqCst), 5);
        let hv = ints(h, N);
        assert!(hv[..N / 2].iter().all(|&v| v == 13) && hv[N / 2..].iter().all(|&v| v == -1));

        // Clone.
        let mut g2: GraphT = null_mut();
        ok(hipGraphClone(&mut g2, g));
        let mut cset2: NodeT = null_mut();
        ok(hipGraphNodeFindInClone(&mut cset2, nset, g2));
        assert!(!cset2.is_null() && cset2 != nset);
        assert_eq!(node_type(cset2), NodeType::Memset);
        assert_eq!(listed(|p, n| hipGraphGetNodes(g2, p, n)).len(), 5);

        // Destroyed handles are invalid.
        ok(hipGraphDestroyNode(nempty));
        let mut t: c_int = 0;
        fails(hipGraphNodeGetType(nempty, &mut t), E::InvalidValue);
        fails(hipGraphDestroyNode(nempty), E::InvalidValue);
        assert_eq!(listed(|p, n| hipGraphGetNodes(g, p, n)).len(), 4);

        // Capture, extended by hand: memset -> (empty node added to the capture graph) ->
        // copy.
        ok(hipStreamBeginCapture(s, 0));
        ok(hipMemsetAsync(d, 0, BYTES, s));
        let (mut st, mut id, mut cg): (c_int, c_ulonglong, GraphT) = (-1, 0, null_mut());
        let (mut cdeps, mut ndeps): (*const NodeT, usize) = (null(), 0);
        ok(hipStreamGetCaptureInfo_v2(
            s, &mut st, &mut id, &mut cg, &mut cdeps, &mut ndeps,
        ));
        assert_eq!(st, 1, "hipStreamCaptureStatusActive");
        assert!(!cg.is_null());
        assert_eq!(ndeps, 1);
        let mut join: NodeT = null_mut();
        ok(hipGraphAddEmptyNode(&mut join, cg, cdeps, ndeps));
        ok(hipStreamUpdateCaptureDependencies(s, &mut join, 1, 1));
        let mut id1: c_ulonglong = 0;
        ok(hipStreamGetCaptureInfo(s, &mut st, &mut id1));
        assert_eq!(id1, id);
        ok(hipMemcpyAsync(h, d, BYTES, 2, s));
        let mut captured: GraphT = null_mut();
        ok(hipStreamEndCapture(s, &mut captured));
        assert_eq!(captured, cg);
        ok(hipStreamGetCaptureInfo(s, &mut st, &mut id1));
        assert_eq!(st, 0, "hipStreamCaptureStatusNone");
        let cnodes = listed(|p, n| hipGraphGetNodes(captured, p, n));
        assert_eq!(cnodes.len(), 3);
        assert_eq!(
            listed(|p, n| hipGraphNodeGetDependentNodes(join, p, n)).len(),
            1
        );
        ok(hipGraphGetEdges(
            captured,
            null_mut(),
            null_mut(),
            &mut count,
        ));
        assert_eq!(count, 2);
        let mut ce: ExecT = null_mut();
        ok(hipGraphInstantiateWithFlags(&mut ce, captured, 0));
        poison(h, N);
        ok(hipGraphLaunch(ce, s));
        ok(hipStreamSynchronize(s));
        assert!(ints(h, N).iter().all(|&v| v == 0));

        // Tear down; second destroys and launches of destroyed graphs are invalid.
        ok(hipGraphExecDestroy(ce));
        fails(hipGraphLaunch(ce, s), E::InvalidValue);
        fails(hipGraphExecDestroy(ce), E::InvalidValue);
        for graph in [captured, g2, empty, c, g] {
            ok(hipGraphDestroy(graph));
            fails(hipGraphDestroy(graph), E::InvalidValue);
        }
        fails(hipGraphNodeGetType(nset, &mut t), E::InvalidValue);
        // The executable graph outlives its graph.
        ok(hipGraphLaunch(ge, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(OTHER_CALLS.load(Ordering::SeqCst), 2);
        ok(hipGraphExecDestroy(ge));
        let _ = hipGetLastError();

        ok(hipStreamDestroy(s));
        ok(hipFree(d));
        ok(hipFree(d2));
        ok(hipHostFree(h));
        ok(hipHostFree(box_));
    }
}
