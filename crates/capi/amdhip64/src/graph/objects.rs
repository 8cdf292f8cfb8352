//! User objects, instantiation with a parameter structure, capture into an existing graph
//! and DOT output: C marshalling over [`GraphBackend`](hip::backend::GraphBackend).

use std::ffi::{c_char, c_int, c_uint, c_void};

use hip::{backend, HipError, HipResult};

use super::{handles, value_out, ExecT, GraphT, NodeT};
use crate::entry::{c_array, c_str, non_null, usable, write_out};
use crate::stream::StreamT;
use crate::types::{hipHostFn_t, hipUserObject_t};

// ------------------------------------------------------------------------------------
// User objects

/// # Safety
/// `object_out` must be NULL or writable.
pub unsafe fn hipUserObjectCreate(
    object_out: *mut hipUserObject_t,
    ptr: *mut c_void,
    destroy: hipHostFn_t,
    initial_refcount: c_uint,
    flags: c_uint,
) -> HipResult<()> {
    let create = || backend().user_object_create(ptr, destroy, initial_refcount, flags);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(object_out, create) }
}

pub fn hipUserObjectRelease(object: hipUserObject_t, count: c_uint) -> HipResult<()> {
    backend().user_object_release(object, count)
}

pub fn hipUserObjectRetain(object: hipUserObject_t, count: c_uint) -> HipResult<()> {
    backend().user_object_retain(object, count)
}

pub fn hipGraphRetainUserObject(
    graph: GraphT,
    object: hipUserObject_t,
    count: c_uint,
    flags: c_uint,
) -> HipResult<()> {
    backend().graph_retain_user_object(graph, object, count, flags)
}

pub fn hipGraphReleaseUserObject(
    graph: GraphT,
    object: hipUserObject_t,
    count: c_uint,
) -> HipResult<()> {
    backend().graph_release_user_object(graph, object, count)
}

// ------------------------------------------------------------------------------------
// Instantiation with parameters

/// `hipGraphInstantiateParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct InstantiateParams {
    pub err_node_out: NodeT,
    pub flags: u64,
    /// `hipGraphInstantiateResult`
    pub result_out: c_int,
    pub upload_stream: StreamT,
}

/// `hipGraphInstantiateFlagUpload`
const INSTANTIATE_UPLOAD: u64 = 2;

/// `hipGraphInstantiateWithParams`: `flags` as `hipGraphInstantiateWithFlags` takes them;
/// with `hipGraphInstantiateFlagUpload` the graph is also uploaded to `uploadStream`.
/// `result_out` is `hipGraphInstantiateSuccess` or `hipGraphInstantiateError`
/// (`errNode_out` stays NULL: no node is named).
///
/// # Safety
/// `exec` must be NULL or writable; `params` NULL or readable and writable.
pub unsafe fn hipGraphInstantiateWithParams(
    exec: *mut ExecT,
    graph: GraphT,
    params: *mut c_void,
) -> HipResult<()> {
    non_null(exec)?;
    let p = params.cast::<InstantiateParams>();
    usable(p)?;
    // SAFETY: checked usable; readable per the caller.
    let given = unsafe { p.read_unaligned() };
    let result = if given.flags & INSTANTIATE_UPLOAD != 0 {
        backend().graph_instantiate_upload(graph, given.flags, given.upload_stream)
    } else {
        backend().graph_instantiate(graph, given.flags)
    };
    let mut out = given;
    out.err_node_out = std::ptr::null_mut();
    out.result_out = c_int::from(result.is_err());
    // SAFETY: checked usable; writable per the caller.
    unsafe { p.write_unaligned(out) };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(exec, result?) }
}

// ------------------------------------------------------------------------------------
// Capture into a graph

/// `hipGraphEdgeData`
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphEdgeData {
    pub from_port: u8,
    pub reserved: [u8; 5],
    pub to_port: u8,
    pub type_: u8,
}

/// `hipStreamBeginCaptureToGraph`: only default edges (`dependencyData` NULL, or every
/// entry zero) are supported; programmatic edges are `hipErrorNotSupported`.
///
/// # Safety
/// `deps` must be NULL or hold `count` handles; `dependency_data` NULL or `count` entries.
pub unsafe fn hipStreamBeginCaptureToGraph(
    stream: StreamT,
    graph: GraphT,
    deps: *const NodeT,
    dependency_data: *const c_void,
    count: usize,
    mode: c_int,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let nodes = unsafe { handles(deps, count)? };
    if !dependency_data.is_null() {
        // SAFETY: forwarded from the caller.
        let data = unsafe { c_array(dependency_data.cast::<GraphEdgeData>(), count)? };
        let default = GraphEdgeData {
            from_port: 0,
            reserved: [0; 5],
            to_port: 0,
            type_: 0,
        };
        if data.iter().any(|d| *d != default) {
            return Err(HipError::NotSupported);
        }
    }
    backend().graph_begin_capture_to_graph(stream, graph, nodes, mode)
}

// ------------------------------------------------------------------------------------
// DOT output

/// # Safety
/// `path` must be NULL or a NUL-terminated string.
pub unsafe fn hipGraphDebugDotPrint(
    graph: GraphT,
    path: *const c_char,
    flags: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let path = unsafe { c_str(path)? };
    let path = path.to_str().map_err(|_| HipError::InvalidValue)?;
    if path.is_empty() {
        return Err(HipError::InvalidValue);
    }
    backend().graph_debug_dot_print(graph, std::path::Path::new(path), flags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_header() {
        assert_eq!(size_of::<InstantiateParams>(), 32);
        assert_eq!(offset_of!(InstantiateParams, result_out), 16);
        assert_eq!(size_of::<GraphEdgeData>(), 8);
        assert_eq!(offset_of!(GraphEdgeData, to_port), 6);
    }
}
