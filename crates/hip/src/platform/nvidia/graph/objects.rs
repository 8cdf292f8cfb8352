//! The rest of the graph API on the driver: event nodes' events, graph memory nodes and
//! statistics, child graphs, node enabling, executable graph flags, kernel node
//! attributes, user objects, DOT output and capture into an existing graph. Each is the
//! driver's call of the same name (`cuGraph*`, `cuUserObject*`, `cuDevice*GraphMem*`),
//! behind the same handle checks as the rest of this module.

use std::ffi::{c_void, CString};
use std::ptr::null_mut;

use super::driver::{ready, EDGE, EVENT_RECORD, KERNEL, MEM_ALLOC, MEM_FREE, WAIT_EVENT};
use super::nodes::typed;
use super::{exec, graph, known, live, members, node, noted};
use crate::backend::graph::{AccessPolicyWindow, KernelAttr, MemAllocSpec};
use crate::backend::stream::HostFn;
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::context::cu_device;
use crate::platform::nvidia::{check, cu, live_stream, ordinal};

// ------------------------------------------------------------------------------------
// Event nodes

/// `hipGraphEventRecordNodeGetEvent` / `hipGraphEventWaitNodeGetEvent`.
pub fn event_of(handle: Handle, record: bool) -> HipResult<Handle> {
    let n = typed(handle, if record { EVENT_RECORD } else { WAIT_EVENT })?;
    let mut e = null_mut();
    // SAFETY: a live node of the getter's type; out-parameter.
    check(unsafe {
        if record {
            cu::cuGraphEventRecordNodeGetEvent(n, &mut e)
        } else {
            cu::cuGraphEventWaitNodeGetEvent(n, &mut e)
        }
    })?;
    Ok(e.cast())
}

// ------------------------------------------------------------------------------------
// Graph memory

fn access_flags(raw: u32) -> HipResult<cu::CUmemAccess_flags> {
    use cu::CUmemAccess_flags as F;
    Ok(match raw {
        0 => F::CU_MEM_ACCESS_FLAGS_PROT_NONE,
        1 => F::CU_MEM_ACCESS_FLAGS_PROT_READ,
        3 => F::CU_MEM_ACCESS_FLAGS_PROT_READWRITE,
        _ => return Err(HipError::InvalidValue),
    })
}

/// A device location of `id` (device locations are all graph memory can name).
fn device_location(ty: u32, id: i32) -> HipResult<cu::CUmemLocation> {
    if ty != 1 {
        return Err(HipError::InvalidValue);
    }
    ordinal(id).map_err(|_| HipError::InvalidValue)?;
    // SAFETY: a plain C structure of integers; zero is a valid value of each field.
    let mut loc: cu::CUmemLocation = unsafe { std::mem::zeroed() };
    loc.type_ = cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE;
    loc.id = id;
    Ok(loc)
}

/// `hipGraphAddMemAllocNode`: the node and the address the driver reserved.
pub fn add_mem_alloc(
    g: Handle,
    deps: &[Handle],
    spec: &MemAllocSpec,
) -> HipResult<(Handle, usize)> {
    let h = graph(g)?;
    let deps = members(h, deps, true)?;
    ready()?;
    if spec.alloc_type != 1 || spec.handle_types != 0 || spec.bytesize == 0 {
        return Err(HipError::InvalidValue);
    }
    let access = spec
        .access
        .iter()
        .map(|&(ty, id, flags)| {
            Ok(cu::CUmemAccessDesc {
                location: device_location(ty, id)?,
                flags: access_flags(flags)?,
            })
        })
        .collect::<HipResult<Vec<_>>>()?;
    // SAFETY: a plain C structure (integers, pointers, enums whose 0 is a value); zero is
    // the driver's default for every field not set below.
    let mut p: cu::CUDA_MEM_ALLOC_NODE_PARAMS = unsafe { std::mem::zeroed() };
    p.poolProps.allocType = cu::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED;
    p.poolProps.location = device_location(spec.location_type, spec.device)?;
    p.accessDescs = if access.is_empty() {
        std::ptr::null()
    } else {
        access.as_ptr()
    };
    p.accessDescCount = access.len();
    p.bytesize = spec.bytesize;
    let mut n = null_mut();
    let d = if deps.is_empty() {
        std::ptr::null()
    } else {
        deps.as_ptr()
    };
    // SAFETY: a context is current; a live graph and `deps.len()` of its nodes; complete
    // parameters whose access array lives until the driver returns; out-parameters.
    check(unsafe { cu::cuGraphAddMemAllocNode(&mut n, h, d, deps.len(), &mut p) })?;
    noted(g as usize, &[n]);
    Ok((n.cast(), p.dptr as usize))
}

/// `hipGraphMemAllocNodeGetParams` (the access list is not given back: HIP's structure
/// would point into the driver's copy).
pub fn mem_alloc_params(handle: Handle) -> HipResult<(MemAllocSpec, usize)> {
    let n = typed(handle, MEM_ALLOC)?;
    // SAFETY: as in `add_mem_alloc`: zero is valid for every field.
    let mut p: cu::CUDA_MEM_ALLOC_NODE_PARAMS = unsafe { std::mem::zeroed() };
    // SAFETY: a live allocation node; out-parameter.
    check(unsafe { cu::cuGraphMemAllocNodeGetParams(n, &mut p) })?;
    Ok((
        MemAllocSpec {
            alloc_type: p.poolProps.allocType as u32,
            handle_types: p.poolProps.handleTypes.0,
            location_type: p.poolProps.location.type_ as u32,
            device: p.poolProps.location.id,
            access: Vec::new(),
            bytesize: p.bytesize,
        },
        p.dptr as usize,
    ))
}

/// `hipGraphMemFreeNodeGetParams`.
pub fn mem_free_ptr(handle: Handle) -> HipResult<usize> {
    let n = typed(handle, MEM_FREE)?;
    let mut p = 0;
    // SAFETY: a live free node; out-parameter.
    check(unsafe { cu::cuGraphMemFreeNodeGetParams(n, &mut p) })?;
    Ok(p as usize)
}

/// `hipDeviceGraphMemTrim`.
pub fn mem_trim(device: i32) -> HipResult<()> {
    let d = cu_device(ordinal(device)?)?;
    ready()?;
    // SAFETY: a device of the driver.
    check(unsafe { cu::cuDeviceGraphMemTrim(d) })
}

fn mem_attr(attr: i32) -> HipResult<cu::CUgraphMem_attribute> {
    use cu::CUgraphMem_attribute as A;
    Ok(match attr {
        0 => A::CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT,
        1 => A::CU_GRAPH_MEM_ATTR_USED_MEM_HIGH,
        2 => A::CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT,
        3 => A::CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipDeviceGetGraphMemAttribute` (every attribute is a 64-bit byte count).
pub fn mem_attribute(device: i32, attr: i32) -> HipResult<u64> {
    let d = cu_device(ordinal(device)?)?;
    let a = mem_attr(attr)?;
    ready()?;
    let mut v = 0u64;
    // SAFETY: a device of the driver; a known attribute, whose value is a cuuint64_t.
    check(unsafe { cu::cuDeviceGetGraphMemAttribute(d, a, (&mut v as *mut u64).cast()) })?;
    Ok(v)
}

/// `hipDeviceSetGraphMemAttribute`: the high watermarks, reset to 0.
pub fn mem_set_attribute(device: i32, attr: i32, value: u64) -> HipResult<()> {
    let d = cu_device(ordinal(device)?)?;
    if value != 0 || !matches!(attr, 1 | 3) {
        return Err(HipError::InvalidValue);
    }
    let a = mem_attr(attr)?;
    ready()?;
    let mut v = value;
    // SAFETY: a device of the driver; a settable attribute, whose value is a cuuint64_t.
    check(unsafe { cu::cuDeviceSetGraphMemAttribute(d, a, (&mut v as *mut u64).cast()) })
}

// ------------------------------------------------------------------------------------
// Child graphs, enabling, flags

/// `hipGraphChildGraphNodeGetGraph`: the node's own graph, known from now on (with its
/// nodes) until the node or its graph goes.
pub fn child_graph(handle: Handle) -> HipResult<Handle> {
    let n = typed(handle, super::driver::CHILD)?;
    let mut g = null_mut();
    // SAFETY: a live child graph node; out-parameter.
    check(unsafe { cu::cuGraphChildGraphNodeGetGraph(n, &mut g) })?;
    live(|l| {
        l.graphs.insert(g as usize);
        l.children.insert(g as usize, handle as usize);
    });
    Ok(g.cast())
}

/// A live node that belongs to the graph `e` was instantiated from (the driver's check
/// happens too, but only for handles it knows).
fn exec_node(e: Handle, handle: Handle) -> HipResult<(cu::CUgraphExec, cu::CUgraphNode)> {
    let x = exec(e)?;
    let (n, _) = node(handle)?;
    ready()?;
    Ok((x, n))
}

/// `hipGraphNodeSetEnabled` (kernel, copy and fill nodes: the driver checks).
pub fn set_enabled(e: Handle, handle: Handle, enabled: bool) -> HipResult<()> {
    let (x, n) = exec_node(e, handle)?;
    // SAFETY: a live executable graph and node.
    check(unsafe { cu::cuGraphNodeSetEnabled(x, n, enabled as u32) })
}

/// `hipGraphNodeGetEnabled`.
pub fn enabled(e: Handle, handle: Handle) -> HipResult<bool> {
    let (x, n) = exec_node(e, handle)?;
    let mut v = 0u32;
    // SAFETY: a live executable graph and node; out-parameter.
    check(unsafe { cu::cuGraphNodeGetEnabled(x, n, &mut v) })?;
    Ok(v != 0)
}

/// `hipGraphExecGetFlags`.
pub fn exec_flags(e: Handle) -> HipResult<u64> {
    let x = exec(e)?;
    if let Some(f) = live(|l| l.exec_flags.get(&(e as usize)).copied()) {
        return Ok(f);
    }
    ready()?;
    let mut f = 0u64;
    // SAFETY: a live executable graph; out-parameter.
    check(unsafe { cu::cuGraphExecGetFlags(x, &mut f) })?;
    Ok(f)
}

// ------------------------------------------------------------------------------------
// Kernel node attributes

fn access_property(raw: u32) -> HipResult<cu::CUaccessProperty> {
    use cu::CUaccessProperty as P;
    Ok(match raw {
        0 => P::CU_ACCESS_PROPERTY_NORMAL,
        1 => P::CU_ACCESS_PROPERTY_STREAMING,
        2 => P::CU_ACCESS_PROPERTY_PERSISTING,
        _ => return Err(HipError::InvalidValue),
    })
}

fn attr_id(id: i32) -> HipResult<cu::CUkernelNodeAttrID> {
    use cu::CUlaunchAttributeID as A;
    Ok(match id {
        1 => A::CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW,
        2 => A::CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
        8 => A::CU_LAUNCH_ATTRIBUTE_PRIORITY,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipGraphKernelNodeSetAttribute`.
pub fn set_kernel_attribute(handle: Handle, attr: KernelAttr) -> HipResult<()> {
    let n = typed(handle, KERNEL)?;
    let id = attr_id(attr.id())?;
    // SAFETY: a C union of plain values; zero is valid for every member.
    let mut v: cu::CUkernelNodeAttrValue = unsafe { std::mem::zeroed() };
    match attr {
        KernelAttr::AccessPolicyWindow(w) => {
            if !(0.0..=1.0).contains(&w.hit_ratio) {
                return Err(HipError::InvalidValue);
            }
            v.accessPolicyWindow = cu::CUaccessPolicyWindow {
                base_ptr: w.base_ptr as *mut c_void,
                num_bytes: w.num_bytes,
                hitRatio: w.hit_ratio,
                hitProp: access_property(w.hit_prop)?,
                missProp: access_property(w.miss_prop)?,
            };
        }
        KernelAttr::Cooperative(c) => v.cooperative = c as i32,
        KernelAttr::Priority(p) => v.priority = p,
    }
    // SAFETY: a live kernel node; a known attribute with its value.
    check(unsafe { cu::cuGraphKernelNodeSetAttribute(n, id, &v) })
}

/// `hipGraphKernelNodeGetAttribute`.
pub fn kernel_attribute(handle: Handle, id: i32) -> HipResult<KernelAttr> {
    let n = typed(handle, KERNEL)?;
    let a = attr_id(id)?;
    // SAFETY: as in `set_kernel_attribute`.
    let mut v: cu::CUkernelNodeAttrValue = unsafe { std::mem::zeroed() };
    // SAFETY: a live kernel node; a known attribute; out-parameter (a union large enough
    // for every attribute's value).
    check(unsafe { cu::cuGraphKernelNodeGetAttribute(n, a, &mut v) })?;
    // SAFETY: the member the driver wrote for this attribute (the window's enums are read
    // as the integers they are).
    Ok(unsafe {
        match id {
            1 => {
                let w = v.accessPolicyWindow;
                KernelAttr::AccessPolicyWindow(AccessPolicyWindow {
                    base_ptr: w.base_ptr as usize,
                    hit_prop: w.hitProp as u32,
                    hit_ratio: w.hitRatio,
                    miss_prop: w.missProp as u32,
                    num_bytes: w.num_bytes,
                })
            }
            2 => KernelAttr::Cooperative(v.cooperative != 0),
            _ => KernelAttr::Priority(v.priority),
        }
    })
}

/// `hipGraphKernelNodeCopyAttributes`.
pub fn copy_kernel_attributes(src: Handle, dst: Handle) -> HipResult<()> {
    let s = typed(src, KERNEL)?;
    let d = typed(dst, KERNEL)?;
    // SAFETY: two live kernel nodes (the driver's order: destination first).
    check(unsafe { cu::cuGraphKernelNodeCopyAttributes(d, s) })
}

// ------------------------------------------------------------------------------------
// User objects

/// A user object this module handed out and that the program can still name.
fn user_object(o: Handle) -> HipResult<cu::CUuserObject> {
    known(live(|l| l.user_objects.contains_key(&(o as usize))))?;
    Ok(o.cast())
}

/// Adds `delta` references to the count kept for `o` (forgotten at 0).
fn count_refs(o: Handle, delta: i64) {
    live(|l| {
        if let Some(c) = l.user_objects.get_mut(&(o as usize)) {
            *c = c.saturating_add_signed(delta);
            if *c == 0 {
                l.user_objects.remove(&(o as usize));
            }
        }
    });
}

/// `hipUserObjectCreate` (`ptr`: the destructor's argument, never read here).
pub fn user_object_create(
    ptr: usize,
    destroy: HostFn,
    initial: u32,
    flags: u32,
) -> HipResult<Handle> {
    if destroy.is_none() || initial == 0 || flags != 1 {
        return Err(HipError::InvalidValue);
    }
    ready()?;
    let mut o = null_mut();
    // SAFETY: a context is current; the application's destructor and argument, which the
    // driver calls once; out-parameter.
    check(unsafe { cu::cuUserObjectCreate(&mut o, ptr as *mut c_void, destroy, initial, flags) })?;
    live(|l| l.user_objects.insert(o as usize, initial as u64));
    Ok(o.cast())
}

/// `hipUserObjectRetain`.
pub fn user_object_retain(o: Handle, count: u32) -> HipResult<()> {
    let u = user_object(o)?;
    if count == 0 {
        return Err(HipError::InvalidValue);
    }
    ready()?;
    // SAFETY: a live user object.
    check(unsafe { cu::cuUserObjectRetain(u, count) })?;
    count_refs(o, count as i64);
    Ok(())
}

/// `hipUserObjectRelease` (no more than the references known: the driver would free the
/// object with references still owed).
pub fn user_object_release(o: Handle, count: u32) -> HipResult<()> {
    let u = user_object(o)?;
    let held = live(|l| l.user_objects.get(&(o as usize)).copied()).unwrap_or(0);
    if count == 0 || count as u64 > held {
        return Err(HipError::InvalidValue);
    }
    ready()?;
    // SAFETY: a live user object with at least `count` references.
    check(unsafe { cu::cuUserObjectRelease(u, count) })?;
    count_refs(o, -(count as i64));
    Ok(())
}

/// `hipGraphRetainUserObject`.
pub fn graph_retain(g: Handle, o: Handle, count: u32, flags: u32) -> HipResult<()> {
    let h = graph(g)?;
    let u = user_object(o)?;
    if count == 0 || flags > 1 {
        return Err(HipError::InvalidValue);
    }
    ready()?;
    // SAFETY: a live graph and user object.
    check(unsafe { cu::cuGraphRetainUserObject(h, u, count, flags) })?;
    if flags == 0 {
        // A move keeps the total; a retain adds references.
        count_refs(o, count as i64);
    }
    live(|l| {
        let held = l.graph_objects.entry(g as usize).or_default();
        *held.entry(o as usize).or_default() += count as u64;
    });
    Ok(())
}

/// `hipGraphReleaseUserObject`.
pub fn graph_release(g: Handle, o: Handle, count: u32) -> HipResult<()> {
    let h = graph(g)?;
    let u = user_object(o)?;
    let held = live(|l| {
        let by_graph = l.graph_objects.get(&(g as usize));
        by_graph.and_then(|m| m.get(&(o as usize))).copied()
    });
    if count == 0 || count as u64 > held.unwrap_or(0) {
        return Err(HipError::InvalidValue);
    }
    ready()?;
    // SAFETY: a live graph and user object; the graph holds at least `count` references.
    check(unsafe { cu::cuGraphReleaseUserObject(h, u, count) })?;
    live(|l| {
        if let Some(m) = l.graph_objects.get_mut(&(g as usize)) {
            if let Some(n) = m.get_mut(&(o as usize)) {
                *n -= count as u64;
                if *n == 0 {
                    m.remove(&(o as usize));
                }
            }
        }
    });
    count_refs(o, -(count as i64));
    Ok(())
}

/// Graph `g` was destroyed: the references it held are given back (the driver released
/// them).
pub(super) fn graph_destroyed(g: usize) {
    let held = live(|l| l.graph_objects.remove(&g)).unwrap_or_default();
    for (o, n) in held {
        count_refs(o as Handle, -(n as i64));
    }
}

// ------------------------------------------------------------------------------------
// DOT output, capture into a graph

/// `hipGraphDebugDotPrint` (the driver's flags have HIP's values).
pub fn dot_print(g: Handle, path: &std::path::Path, flags: u32) -> HipResult<()> {
    let h = graph(g)?;
    let path = path.to_str().ok_or(HipError::InvalidValue)?;
    let path = CString::new(path).map_err(|_| HipError::InvalidValue)?;
    ready()?;
    // SAFETY: a live graph; a NUL-terminated path.
    check(unsafe { cu::cuGraphDebugDotPrint(h, path.as_ptr(), flags) })
}

/// `hipStreamBeginCaptureToGraph` (edge data: the defaults).
pub fn begin_capture_to_graph(
    stream: Handle,
    g: Handle,
    deps: &[Handle],
    mode: i32,
) -> HipResult<()> {
    let s = live_stream(stream)?;
    let h = graph(g)?;
    let deps = members(h, deps, true)?;
    let m = super::capture::mode_of(mode)?;
    ready()?;
    let data = vec![EDGE; deps.len()];
    let (d, e) = if deps.is_empty() {
        (std::ptr::null(), std::ptr::null())
    } else {
        (deps.as_ptr(), data.as_ptr())
    };
    // SAFETY: a context is current; a live stream or a default one, a live graph and
    // `deps.len()` of its nodes with as many edge data.
    check(unsafe { cu::cuStreamBeginCaptureToGraph(s, h, d, e, deps.len(), m) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Handles this module never handed out are refused before the driver sees them (no
    /// GPU needed).
    #[test]
    fn unknown_handles_and_values_are_refused() {
        let bogus = 0x20usize as *mut c_void;
        assert_eq!(user_object_retain(bogus, 1), Err(HipError::InvalidValue));
        assert_eq!(user_object_release(bogus, 1), Err(HipError::InvalidValue));
        assert_eq!(
            graph_retain(bogus, bogus, 1, 0),
            Err(HipError::InvalidValue)
        );
        assert_eq!(child_graph(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(exec_flags(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(event_of(bogus, true).err(), Some(HipError::InvalidValue));
        assert_eq!(
            set_kernel_attribute(bogus, KernelAttr::Priority(1)),
            Err(HipError::InvalidValue)
        );
        assert!(attr_id(3).is_err() && attr_id(8).is_ok());
        assert!(access_flags(2).is_err() && access_flags(3).is_ok());
        assert!(access_property(3).is_err());
        assert!(mem_attr(4).is_err());
        let no_fn: HostFn = None;
        assert_eq!(
            user_object_create(0, no_fn, 1, 1).err(),
            Some(HipError::InvalidValue)
        );
    }
}
