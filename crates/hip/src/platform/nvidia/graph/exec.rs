//! Executable graphs: instantiated, launched (into a capturing stream as a child graph
//! node), changed node by node or from a graph, destroyed.

use std::ptr::null_mut;

use super::capture::{capture_info, is_capturing};
use super::driver::{ready, UpdateInfo, CAPTURE_ACTIVE, EDGE};
use super::{exec, graph, live, noted};
use crate::backend::graph::ExecUpdate;
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{check, cu, current_device, live_stream, make_current};

/// `hipGraphInstantiate(WithFlags)`.
pub fn instantiate(g: Handle, flags: u64) -> HipResult<Handle> {
    instantiate_with(g, flags, None)
}

/// `hipGraphInstantiateWithParams`: with `upload`, through the driver's
/// `cuGraphInstantiateWithParams` (the only form that takes
/// `CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD`, uploading to that stream).
pub fn instantiate_with(g: Handle, flags: u64, upload: Option<Handle>) -> HipResult<Handle> {
    let h = graph(g)?;
    let stream = upload.map(live_stream).transpose()?;
    let dev = current_device()?;
    make_current(dev)?;
    let mut e = null_mut();
    match stream {
        None => {
            // SAFETY: a context is current; a live graph; out-parameter.
            check(unsafe { cu::cuGraphInstantiateWithFlags(&mut e, h, flags) })?
        }
        Some(s) => {
            // The entry point is among those checked once (an old driver: an error, not a
            // panic in the loader).
            ready()?;
            let mut p = cu::CUDA_GRAPH_INSTANTIATE_PARAMS {
                flags,
                hUploadStream: s,
                hErrNode_out: null_mut(),
                result_out: cu::CUgraphInstantiateResult::CUDA_GRAPH_INSTANTIATE_SUCCESS,
            };
            // SAFETY: a context is current; a live graph; a live or default stream; complete
            // parameters (the driver writes the outputs); out-parameter.
            check(unsafe { cu::cuGraphInstantiateWithParams(&mut e, h, &mut p) })?
        }
    }
    // The clone a captured launch adds as a child graph. The driver clones no graph with
    // memory allocation or free nodes (`cuGraphClone`: CUDA_ERROR_NOT_SUPPORTED), so such an
    // executable graph has none: it launches, but launching it into a capturing stream is
    // refused (as CUDA refuses a child graph with memory nodes).
    let source = match private_clone(g) {
        Ok(c) => Some(c),
        Err(HipError::NotSupported) => None,
        Err(err) => {
            // SAFETY: just instantiated, handed to nobody.
            let _ = unsafe { cu::cuGraphExecDestroy(e) };
            return Err(err);
        }
    };
    live(|l| {
        l.execs.insert(e as usize, dev);
        l.exec_flags.insert(e as usize, flags);
        if let Some(source) = source {
            l.exec_sources.insert(e as usize, source as usize);
        }
    });
    Ok(e.cast())
}

/// A clone of live graph `g` that is never handed out (not a live handle).
fn private_clone(g: Handle) -> HipResult<cu::CUgraph> {
    let mut c = null_mut();
    // SAFETY: a context is current (the caller instantiated or updated with `g`); a live
    // graph; out-parameter.
    check(unsafe { cu::cuGraphClone(&mut c, g.cast()) })?;
    Ok(c)
}

/// Destroys a [`private_clone`].
fn destroy_private(c: usize) {
    // SAFETY: a private clone, destroyed once (its owner entry was just removed).
    let _ = unsafe { cu::cuGraphDestroy(c as cu::CUgraph) };
}

/// `hipGraphLaunch` / `hipGraphUpload`. Into a capturing stream, a launch is captured as
/// a child graph node holding the executable graph's graph (as HIP does; the driver itself
/// refuses `cuGraphLaunch` during capture).
pub fn launch(e: Handle, stream: Handle, upload: bool) -> HipResult<()> {
    let x = exec(e)?;
    let s = live_stream(stream)?;
    // SAFETY: a live stream or a default one.
    if !upload && unsafe { is_capturing(s)? } == CAPTURE_ACTIVE {
        return capture_launch(e, stream, s);
    }
    make_current(current_device()?)?;
    // SAFETY: a context is current; a live executable graph; a live stream or a default one.
    check(unsafe {
        if upload {
            cu::cuGraphUpload(x, s)
        } else {
            cu::cuGraphLaunch(x, s)
        }
    })
}

/// [`launch`] into capturing stream `s`: a child graph node after the stream's current
/// dependencies, which it then replaces.
fn capture_launch(e: Handle, stream: Handle, s: cu::CUstream) -> HipResult<()> {
    // None: a graph with memory nodes, which cannot be a child graph.
    let source =
        live(|l| l.exec_sources.get(&(e as usize)).copied()).ok_or(HipError::NotSupported)?;
    let info = capture_info(stream)?;
    let mut n = null_mut();
    // SAFETY: the capture's live graph and its dependency array (count entries) as the
    // driver just reported them; the private clone stays alive with the executable graph
    // (the driver copies a child graph into the node); out-parameter.
    check(unsafe {
        cu::cuGraphAddChildGraphNode(
            &mut n,
            info.graph.cast(),
            info.deps.cast(),
            info.count,
            source as cu::CUgraph,
        )
    })?;
    noted(info.graph as usize, &[n]);
    let data = [EDGE];
    // SAFETY: a capturing stream; one node and one edge datum; 1 = set (replace).
    check(unsafe { cu::cuStreamUpdateCaptureDependencies_v2(s, &mut n, data.as_ptr(), 1, 1) })
}

/// `hipGraphExecDestroy`.
pub fn exec_destroy(e: Handle) -> HipResult<()> {
    let key = e as usize;
    let dev = live(|l| l.execs.remove(&key)).ok_or(HipError::InvalidValue)?;
    // SAFETY: a live executable graph (taken out of the live set: destroyed only here).
    if let Err(err) = check(unsafe { cu::cuGraphExecDestroy(e.cast()) }) {
        live(|l| l.execs.insert(key, dev));
        return Err(err);
    }
    live(|l| l.exec_flags.remove(&key));
    if let Some(c) = live(|l| l.exec_sources.remove(&key)) {
        destroy_private(c);
    }
    Ok(())
}

/// `hipGraphExecUpdate`: (`hipGraphExecUpdateResult`, error node). A failed update is
/// `Ok` with a result other than success; other errors are errors.
pub fn exec_update(e: Handle, g: Handle) -> HipResult<ExecUpdate> {
    let (e, h) = (exec(e)?, graph(g)?);
    ready()?;
    let mut info = UpdateInfo {
        result: 0,
        error_node: null_mut(),
        error_from: null_mut(),
    };
    // SAFETY: live handles; `UpdateInfo` has the layout of CUgraphExecUpdateResultInfo
    // (the result read as an integer).
    let r = unsafe { cu::cuGraphExecUpdate_v2(e, h, (&mut info as *mut UpdateInfo).cast()) };
    if r == cu::CUresult::CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE {
        info.result = info.result.max(1);
    } else {
        check(r)?;
        // Updated: a captured launch now adds the new graph.
        if let Ok(c) = private_clone(g) {
            if let Some(old) = live(|l| l.exec_sources.insert(e as usize, c as usize)) {
                destroy_private(old);
            }
        }
    }
    if !info.error_node.is_null() {
        live(|l| {
            l.nodes
                .entry(info.error_node as usize)
                .or_insert(g as usize);
        });
    }
    Ok(ExecUpdate {
        result: info.result as i32,
        error_node: info.error_node.cast(),
    })
}
