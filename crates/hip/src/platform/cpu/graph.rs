//! [`GraphBackend`] for the CPU platform, over the runtime core's graphs
//! ([`crate::graph`]): graphs, nodes and executable graphs are registry numbers; a node
//! holds the packets it publishes (a kernel node its own copy of the packed arguments).

use std::any::Any;
use std::ffi::c_void;
use std::sync::Arc;

use super::Cpu;
use crate::backend::graph::{
    AccessPolicyWindow, CaptureInfo, ExecUpdate, HostSpec, KernelAttr, KernelSpec, MemAllocSpec,
    MemcpyNodeParams, MemsetSpec, NodeSpec,
};
use crate::backend::stream::HostFn;
use crate::backend::{DeviceBackend, GraphBackend, Handle};
use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::graph::{
    self, CaptureMode, CaptureStatus, GraphAlloc, GraphCore, GraphExec, GraphMemAttr, HostNode,
    KernelAttrs, KernelNode, MemcpyNode, MemsetNode, NodeKind, UpdateResult, UserObject,
};
use crate::kernel::{self, Kernel};
use crate::module::Function;
use crate::runtime::Runtime;
use crate::stream::resolve;

fn graph_of(g: Handle) -> HipResult<Arc<GraphCore>> {
    GraphCore::lookup(g as u64)
}

fn exec_of(e: Handle) -> HipResult<Arc<GraphExec>> {
    GraphExec::lookup(e as u64)
}

/// The CPU core's node handles.
fn numbers(list: &[Handle]) -> Vec<u64> {
    list.iter().map(|&h| h as u64).collect()
}

/// The C handles of the CPU core's nodes.
fn handles(list: Vec<u64>) -> Vec<Handle> {
    list.into_iter().map(|h| h as Handle).collect()
}

/// The graph node `node` belongs to, and a copy of its kind.
fn kind_of(node: Handle) -> HipResult<NodeKind> {
    GraphCore::of_node(node as u64)?.node_kind(node as u64)
}

/// A kernel named by [`KernelSpec::func`]: registered (its host function) or a module's
/// (`hipFunction_t`), as HIP accepts both.
enum Resolved {
    Registered(Arc<Kernel>),
    Module(Arc<Function>),
}

/// A kernel node: arguments from `kernel_params` or `extra` (not both), copied now; the
/// configuration checked as a launch on the current device checks it.
///
/// # Safety
/// The argument pointers must be valid for the kernel.
unsafe fn kernel_node(p: KernelSpec) -> HipResult<NodeKind> {
    let resolved = match kernel::function(p.func) {
        Ok(k) => Resolved::Registered(k),
        Err(_) => Resolved::Module(
            Function::lookup(p.func as u64).map_err(|_| HipError::InvalidDeviceFunction)?,
        ),
    };
    let (k, keep): (&Kernel, Arc<dyn Any + Send + Sync>) = match &resolved {
        Resolved::Registered(k) => (k, Arc::clone(k) as _),
        Resolved::Module(f) => (&f.kernel, Arc::clone(f) as _),
    };
    let args = match (p.kernel_params.is_null(), p.extra.is_null()) {
        (false, false) => return Err(HipError::InvalidValue),
        // SAFETY: forwarded from the caller.
        (true, false) => unsafe { k.pack_extra(p.extra)? },
        // SAFETY: forwarded from the caller.
        (false, true) => unsafe { k.pack_params(p.kernel_params as *const *const u8)? },
        (true, true) => {
            if k.explicit_size > 0 {
                return Err(HipError::InvalidValue);
            }
            vec![0u8; k.kernarg_size as usize]
        }
    };
    let mut node = KernelNode::new(
        k,
        Cpu.current_device()?,
        p.grid,
        p.block,
        p.shared_mem_bytes,
        &args,
    )?;
    node.func = p.func;
    node.keep = Some(keep);
    Ok(NodeKind::Kernel(node))
}

/// The application's host function and its argument, called on the stream's thread.
#[derive(Clone, Copy)]
struct HostCall {
    f: unsafe extern "C" fn(*mut c_void),
    user: usize,
}

fn host_node(p: HostSpec) -> HipResult<NodeKind> {
    let call = HostCall {
        f: p.f.ok_or(HipError::InvalidValue)?,
        user: p.user as usize,
    };
    let mut node = HostNode::new(Arc::new(move || {
        let c = call;
        // SAFETY: calling the application's host function with its own argument, as HIP.
        unsafe { (c.f)(c.user as *mut c_void) }
    }));
    node.raw = Some((call.f as usize, call.user));
    Ok(NodeKind::Host(node))
}

/// An event for a node (a bad handle is `hipErrorInvalidValue`, as HIP checks node
/// parameters).
fn event_of(e: Handle) -> HipResult<Arc<EventCore>> {
    EventCore::lookup(e as u64).map_err(|_| HipError::InvalidValue)
}

/// A node's parameters with the memory they name: for a graph (`exec` false: a child graph
/// becomes the node's own copy of the graph) or an executable graph (the child's nodes).
///
/// # Safety
/// The kernel argument pointers must be valid for the kernel.
unsafe fn node_kind_for(spec: NodeSpec, exec: bool) -> HipResult<NodeKind> {
    Ok(match spec {
        NodeSpec::Child(g) if !exec => NodeKind::Child(graph_of(g)?.clone_graph()),
        NodeSpec::EventRecord(e) => NodeKind::EventRecord(event_of(e)?),
        NodeSpec::EventWait(e) => NodeKind::EventWait(event_of(e)?),
        NodeSpec::MemFree(p) => {
            // Only graph memory is freed by a free node.
            graph::memnodes::allocation(p).ok_or(HipError::InvalidValue)?;
            NodeKind::MemFree(p)
        }
        // SAFETY: forwarded from the caller.
        other => unsafe { node_kind(other)? },
    })
}

/// The CPU core's node for `spec`, validated as HIP validates it.
///
/// # Safety
/// The kernel argument pointers must be valid for the kernel.
unsafe fn node_kind(spec: NodeSpec) -> HipResult<NodeKind> {
    Ok(match spec {
        // SAFETY: forwarded from the caller.
        NodeSpec::Kernel(p) => unsafe { kernel_node(p)? },
        NodeSpec::Memcpy(p) => NodeKind::Memcpy(MemcpyNode::new(p)?),
        NodeSpec::Memcpy1d {
            dst,
            src,
            size,
            kind,
        } => NodeKind::Memcpy(MemcpyNode::new_1d(dst, src, size, kind)?),
        NodeSpec::Memset(m) => NodeKind::Memset(MemsetNode::new(
            m.dst,
            m.element_size,
            m.height,
            m.pitch,
            m.value,
            m.width,
        )?),
        NodeSpec::Host(h) => host_node(h)?,
        NodeSpec::Empty => NodeKind::Empty,
        NodeSpec::Child(g) => graph_of(g)?.as_child()?,
        // SAFETY: forwarded from the caller.
        other => unsafe { node_kind_for(other, true)? },
    })
}

/// Checks that kernel node `k` may run as a cooperative launch: all its blocks co-resident
/// (`hipErrorCooperativeLaunchTooLarge` otherwise, as `hipLaunchCooperativeKernel`).
fn check_cooperative(k: &KernelNode) -> HipResult<()> {
    let device = Cpu.current_device()?;
    let (block, shared) = (k.block, k.dynamic_shared as usize);
    let max = match kernel::function(k.func) {
        Ok(kernel) => kernel.max_cooperative_blocks(device, block, shared)?,
        Err(_) => match Function::lookup(k.func as u64) {
            Ok(f) => f.kernel.max_cooperative_blocks(device, block, shared)?,
            // A captured launch names no kernel: nothing to check it against.
            Err(_) => return Ok(()),
        },
    };
    let blocks: u64 = k.grid.iter().map(|&g| u64::from(g)).product();
    if blocks > max {
        return Err(HipError::CooperativeLaunchTooLarge);
    }
    Ok(())
}

fn attr_of(a: &KernelAttrs, id: i32) -> HipResult<KernelAttr> {
    use crate::backend::graph::{
        KERNEL_ATTR_ACCESS_POLICY_WINDOW, KERNEL_ATTR_COOPERATIVE, KERNEL_ATTR_PRIORITY,
    };
    Ok(match id {
        KERNEL_ATTR_ACCESS_POLICY_WINDOW => {
            KernelAttr::AccessPolicyWindow(window_from_bytes(&a.access_policy_window))
        }
        KERNEL_ATTR_COOPERATIVE => KernelAttr::Cooperative(a.cooperative),
        KERNEL_ATTR_PRIORITY => KernelAttr::Priority(a.priority),
        _ => return Err(HipError::InvalidValue),
    })
}

/// The window kept as bytes in the core's attributes (base, bytes, ratio, hit, miss).
fn window_to_bytes(w: &AccessPolicyWindow) -> [u8; 32] {
    let mut b = [0u8; 32];
    b[0..8].copy_from_slice(&(w.base_ptr as u64).to_le_bytes());
    b[8..16].copy_from_slice(&(w.num_bytes as u64).to_le_bytes());
    b[16..20].copy_from_slice(&w.hit_ratio.to_le_bytes());
    b[20..24].copy_from_slice(&w.hit_prop.to_le_bytes());
    b[24..28].copy_from_slice(&w.miss_prop.to_le_bytes());
    b
}

fn window_from_bytes(b: &[u8; 32]) -> AccessPolicyWindow {
    let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
    let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap_or([0; 4]));
    AccessPolicyWindow {
        base_ptr: u64_at(0) as usize,
        num_bytes: u64_at(8) as usize,
        hit_ratio: f32::from_bits(u32_at(16)),
        hit_prop: u32_at(20),
        miss_prop: u32_at(24),
    }
}

/// `hipAccessProperty` values (normal, streaming, persisting).
fn check_window(w: &AccessPolicyWindow) -> HipResult<()> {
    let ratio_ok = (0.0..=1.0).contains(&w.hit_ratio);
    if !ratio_ok || w.hit_prop > 2 || w.miss_prop > 2 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

fn user_object(o: Handle) -> HipResult<Arc<UserObject>> {
    UserObject::lookup(o as u64)
}

fn device_index(device: i32) -> HipResult<usize> {
    let rt = Runtime::get()?;
    if device < 0 || device as usize >= rt.device_count() {
        return Err(HipError::InvalidDevice);
    }
    Ok(device as usize)
}

impl GraphBackend for Cpu {
    fn graph_create(&self) -> HipResult<Handle> {
        Runtime::get()?;
        Ok(GraphCore::create().handle as Handle)
    }

    fn graph_destroy(&self, graph: Handle) -> HipResult<()> {
        GraphCore::destroy(graph as u64)
    }

    fn graph_clone(&self, graph: Handle) -> HipResult<Handle> {
        Ok(graph_of(graph)?.clone_graph().handle as Handle)
    }

    fn graph_find_in_clone(&self, original: Handle, clone: Handle) -> HipResult<Handle> {
        Ok(graph_of(clone)?.find_clone_of(original as u64)? as Handle)
    }

    unsafe fn graph_add_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: NodeSpec,
    ) -> HipResult<Handle> {
        let g = graph_of(graph)?;
        // SAFETY: forwarded from the caller.
        let kind = unsafe { node_kind_for(spec, false)? };
        Ok(g.add_node(kind, &numbers(deps))? as Handle)
    }

    unsafe fn graph_set_node_params(&self, node: Handle, spec: NodeSpec) -> HipResult<()> {
        let g = GraphCore::of_node(node as u64)?;
        if let NodeSpec::Kernel(_) = spec {
            // New parameters keep the node's attributes.
            // SAFETY: forwarded from the caller.
            let NodeKind::Kernel(mut k) = (unsafe { node_kind(spec)? }) else {
                return Err(HipError::InvalidValue);
            };
            k.attrs = match g.node_kind(node as u64)? {
                NodeKind::Kernel(old) => old.attrs,
                _ => return Err(HipError::InvalidValue),
            };
            return g.set_node_kind(node as u64, NodeKind::Kernel(k));
        }
        // SAFETY: forwarded from the caller.
        g.set_node_kind(node as u64, unsafe { node_kind_for(spec, false)? })
    }

    fn graph_add_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()> {
        graph_of(graph)?.add_dependencies(&numbers(from), &numbers(to))
    }

    fn graph_remove_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()> {
        graph_of(graph)?.remove_dependencies(&numbers(from), &numbers(to))
    }

    fn graph_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>> {
        Ok(handles(graph_of(graph)?.nodes()))
    }

    fn graph_root_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>> {
        Ok(handles(graph_of(graph)?.root_nodes()))
    }

    fn graph_edges(&self, graph: Handle) -> HipResult<Vec<(Handle, Handle)>> {
        let edges = graph_of(graph)?.edges();
        Ok(edges
            .into_iter()
            .map(|(f, t)| (f as Handle, t as Handle))
            .collect())
    }

    fn graph_node_dependencies(&self, node: Handle) -> HipResult<Vec<Handle>> {
        let n = node as u64;
        Ok(handles(GraphCore::of_node(n)?.node_dependencies(n)?))
    }

    fn graph_node_dependents(&self, node: Handle) -> HipResult<Vec<Handle>> {
        let n = node as u64;
        Ok(handles(GraphCore::of_node(n)?.node_dependents(n)?))
    }

    fn graph_node_type(&self, node: Handle) -> HipResult<i32> {
        Ok(kind_of(node)?.node_type() as i32)
    }

    fn graph_destroy_node(&self, node: Handle) -> HipResult<()> {
        let n = node as u64;
        GraphCore::of_node(n)?.destroy_node(n)
    }

    fn graph_kernel_node_params(&self, node: Handle) -> HipResult<KernelSpec> {
        let (k, args) = GraphCore::of_node(node as u64)?.kernel_node_params(node as u64)?;
        Ok(KernelSpec {
            func: k.func,
            grid: k.grid,
            block: k.block,
            shared_mem_bytes: k.dynamic_shared,
            kernel_params: args.map_or(std::ptr::null_mut(), |a| a as *mut *mut c_void),
            extra: std::ptr::null_mut(),
        })
    }

    fn graph_memcpy_node_params(&self, node: Handle) -> HipResult<MemcpyNodeParams> {
        match kind_of(node)? {
            NodeKind::Memcpy(m) => Ok(MemcpyNodeParams {
                copy: m.params,
                src_array: std::ptr::null_mut(),
                dst_array: std::ptr::null_mut(),
            }),
            _ => Err(HipError::InvalidValue),
        }
    }

    fn graph_memset_node_params(&self, node: Handle) -> HipResult<MemsetSpec> {
        match kind_of(node)? {
            NodeKind::Memset(m) => Ok(MemsetSpec {
                dst: m.dst,
                element_size: m.element_size,
                height: m.height,
                pitch: m.pitch,
                value: m.value,
                width: m.width,
            }),
            _ => Err(HipError::InvalidValue),
        }
    }

    fn graph_host_node_params(&self, node: Handle) -> HipResult<HostSpec> {
        let (f, user) = match kind_of(node)? {
            NodeKind::Host(h) => h.raw.unwrap_or((0, 0)),
            _ => return Err(HipError::InvalidValue),
        };
        // SAFETY: `f` is 0 or the address of the application's `hipHostFn_t`.
        let f = unsafe { std::mem::transmute::<usize, HostFn>(f) };
        Ok(HostSpec {
            f,
            user: user as *mut c_void,
        })
    }

    fn graph_instantiate(&self, graph: Handle, flags: u64) -> HipResult<Handle> {
        let g = graph_of(graph)?;
        Ok(GraphExec::instantiate(&g, flags)?.handle as Handle)
    }

    fn graph_launch(&self, exec: Handle, stream: Handle) -> HipResult<()> {
        let e = exec_of(exec)?;
        e.launch(&resolve(stream as u64)?)
    }

    fn graph_upload(&self, exec: Handle, stream: Handle) -> HipResult<()> {
        let e = exec_of(exec)?;
        e.upload(&*resolve(stream as u64)?)
    }

    fn graph_exec_destroy(&self, exec: Handle) -> HipResult<()> {
        GraphExec::destroy(exec as u64)
    }

    unsafe fn graph_exec_set_node_params(
        &self,
        exec: Handle,
        node: Handle,
        spec: NodeSpec,
    ) -> HipResult<()> {
        let e = exec_of(exec)?;
        let old = e.node_kind(node as u64)?;
        // SAFETY: forwarded from the caller.
        let mut kind = unsafe { node_kind(spec)? };
        // New kernel parameters keep the node's attributes (a cooperative node stays one).
        if let (NodeKind::Kernel(new), NodeKind::Kernel(old)) = (&mut kind, &old) {
            new.attrs = old.attrs;
        }
        e.set_node_kind(node as u64, kind)
    }

    fn graph_exec_update(&self, exec: Handle, graph: Handle) -> HipResult<ExecUpdate> {
        let e = exec_of(exec)?;
        let g = graph_of(graph)?;
        let (result, node) = match e.update(&g) {
            Ok(()) => (UpdateResult::Success, None),
            Err((r, n)) => (r, n),
        };
        Ok(ExecUpdate {
            result: result as i32,
            error_node: node.unwrap_or(0) as Handle,
        })
    }

    fn graph_begin_capture(&self, stream: Handle, mode: i32) -> HipResult<()> {
        let mode = CaptureMode::from_raw(mode as u32)?;
        graph::begin_capture(&resolve(stream as u64)?, mode)
    }

    fn graph_end_capture(&self, stream: Handle) -> HipResult<Handle> {
        let s = resolve(stream as u64)?;
        Ok(graph::end_capture(&s)?.handle as Handle)
    }

    fn graph_capture_status(&self, stream: Handle) -> HipResult<i32> {
        let (status, _) = graph::capture_info(&*resolve(stream as u64)?)?;
        Ok(status as i32)
    }

    fn graph_capture_info(&self, stream: Handle, with_deps: bool) -> HipResult<CaptureInfo> {
        let s = resolve(stream as u64)?;
        let (status, id) = graph::capture_info(&s)?;
        let extra = if with_deps && status == CaptureStatus::Active {
            graph::capture_dependencies(&s)
        } else {
            None
        };
        let (g, deps, count) = extra.unwrap_or((0, std::ptr::null(), 0));
        Ok(CaptureInfo {
            status: status as i32,
            id,
            graph: g as Handle,
            // Node handles are numbers the size of a pointer.
            deps: deps.cast(),
            count,
        })
    }

    fn graph_update_capture_dependencies(
        &self,
        stream: Handle,
        nodes: &[Handle],
        set: bool,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        graph::update_capture_dependencies(&s, &numbers(nodes), set)
    }

    fn graph_exchange_capture_mode(&self, mode: i32) -> HipResult<i32> {
        let new = CaptureMode::from_raw(mode as u32)?;
        Ok(graph::exchange_capture_mode(new) as i32)
    }

    fn graph_instantiate_upload(
        &self,
        graph: Handle,
        flags: u64,
        stream: Handle,
    ) -> HipResult<Handle> {
        let s = resolve(stream as u64)?;
        let e = GraphExec::instantiate(&*graph_of(graph)?, flags)?;
        if let Err(err) = e.upload(&s) {
            let _ = GraphExec::destroy(e.handle);
            return Err(err);
        }
        Ok(e.handle as Handle)
    }

    fn graph_begin_capture_to_graph(
        &self,
        stream: Handle,
        graph: Handle,
        deps: &[Handle],
        mode: i32,
    ) -> HipResult<()> {
        let mode = CaptureMode::from_raw(mode as u32)?;
        let g = graph_of(graph)?;
        graph::begin_capture_to_graph(&resolve(stream as u64)?, mode, g, &numbers(deps))
    }

    fn graph_event_node_event(&self, node: Handle, record: bool) -> HipResult<Handle> {
        match (kind_of(node)?, record) {
            (NodeKind::EventRecord(e), true) | (NodeKind::EventWait(e), false) => {
                Ok(e.handle as Handle)
            }
            _ => Err(HipError::InvalidValue),
        }
    }

    fn graph_add_mem_alloc_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: &MemAllocSpec,
    ) -> HipResult<(Handle, usize)> {
        let g = graph_of(graph)?;
        // Pinned device memory, no shareable handles: what graph memory can be.
        if spec.alloc_type != 1 || spec.handle_types != 0 || spec.location_type != 1 {
            return Err(HipError::InvalidValue);
        }
        let device = device_index(spec.device).map_err(|_| HipError::InvalidValue)?;
        for &(ty, id, flags) in &spec.access {
            // Device locations with no access, read or read-write.
            if ty != 1 || device_index(id).is_err() || flags > 3 || flags == 2 {
                return Err(HipError::InvalidValue);
            }
        }
        let alloc = GraphAlloc::new(device, spec.bytesize)?;
        let ptr = alloc.ptr;
        let node = g.add_node(NodeKind::MemAlloc(alloc), &numbers(deps))?;
        Ok((node as Handle, ptr))
    }

    fn graph_mem_alloc_node_params(&self, node: Handle) -> HipResult<(MemAllocSpec, usize)> {
        match kind_of(node)? {
            NodeKind::MemAlloc(a) => Ok((
                MemAllocSpec {
                    alloc_type: 1,
                    handle_types: 0,
                    location_type: 1,
                    device: a.device as i32,
                    access: Vec::new(),
                    bytesize: a.size,
                },
                a.ptr,
            )),
            _ => Err(HipError::InvalidValue),
        }
    }

    fn graph_mem_free_node_ptr(&self, node: Handle) -> HipResult<usize> {
        match kind_of(node)? {
            NodeKind::MemFree(p) => Ok(p),
            _ => Err(HipError::InvalidValue),
        }
    }

    fn graph_mem_trim(&self, device: i32) -> HipResult<()> {
        // Graph memory is reserved per allocation node and returned when the node goes:
        // no memory is cached beyond what live nodes hold, so there is nothing to trim.
        device_index(device).map(|_| ())
    }

    fn graph_mem_attribute(&self, device: i32, attr: i32) -> HipResult<u64> {
        let d = device_index(device)?;
        Ok(graph::memnodes::attribute(d, GraphMemAttr::from_raw(attr)?))
    }

    fn graph_mem_set_attribute(&self, device: i32, attr: i32, value: u64) -> HipResult<()> {
        let d = device_index(device)?;
        graph::memnodes::reset_attribute(d, GraphMemAttr::from_raw(attr)?, value)
    }

    fn graph_child_graph(&self, node: Handle) -> HipResult<Handle> {
        let n = node as u64;
        Ok(GraphCore::of_node(n)?.child_graph(n)? as Handle)
    }

    fn graph_node_set_enabled(&self, exec: Handle, node: Handle, enabled: bool) -> HipResult<()> {
        exec_of(exec)?.set_enabled(node as u64, enabled)
    }

    fn graph_node_enabled(&self, exec: Handle, node: Handle) -> HipResult<bool> {
        exec_of(exec)?.enabled(node as u64)
    }

    fn graph_exec_flags(&self, exec: Handle) -> HipResult<u64> {
        Ok(exec_of(exec)?.flags)
    }

    fn graph_kernel_node_set_attribute(&self, node: Handle, attr: KernelAttr) -> HipResult<()> {
        let n = node as u64;
        let g = GraphCore::of_node(n)?;
        g.with_kernel_node(n, |k| {
            match attr {
                KernelAttr::AccessPolicyWindow(w) => {
                    check_window(&w)?;
                    k.attrs.access_policy_window = window_to_bytes(&w);
                }
                KernelAttr::Cooperative(c) => {
                    if c {
                        check_cooperative(k)?;
                    }
                    k.attrs.cooperative = c;
                }
                KernelAttr::Priority(p) => k.attrs.priority = p,
            }
            Ok(())
        })?
    }

    fn graph_kernel_node_attribute(&self, node: Handle, id: i32) -> HipResult<KernelAttr> {
        let n = node as u64;
        let attrs = GraphCore::of_node(n)?.with_kernel_node(n, |k| k.attrs)?;
        attr_of(&attrs, id)
    }

    fn graph_kernel_node_copy_attributes(&self, src: Handle, dst: Handle) -> HipResult<()> {
        let (s, d) = (src as u64, dst as u64);
        let attrs = GraphCore::of_node(s)?.with_kernel_node(s, |k| k.attrs)?;
        GraphCore::of_node(d)?.with_kernel_node(d, |k| {
            if attrs.cooperative {
                check_cooperative(k)?;
            }
            k.attrs = attrs;
            Ok(())
        })?
    }

    fn user_object_create(
        &self,
        ptr: *mut c_void,
        destroy: HostFn,
        initial_refcount: u32,
        flags: u32,
    ) -> HipResult<Handle> {
        Runtime::get()?;
        Ok(UserObject::create(ptr, destroy, initial_refcount, flags)?.handle as Handle)
    }

    fn user_object_retain(&self, object: Handle, count: u32) -> HipResult<()> {
        user_object(object)?.retain(count)
    }

    fn user_object_release(&self, object: Handle, count: u32) -> HipResult<()> {
        user_object(object)?.release(count)
    }

    fn graph_retain_user_object(
        &self,
        graph: Handle,
        object: Handle,
        count: u32,
        flags: u32,
    ) -> HipResult<()> {
        let g = graph_of(graph)?;
        g.user_refs.retain(&user_object(object)?, count, flags)
    }

    fn graph_release_user_object(
        &self,
        graph: Handle,
        object: Handle,
        count: u32,
    ) -> HipResult<()> {
        let g = graph_of(graph)?;
        g.user_refs.release(&*user_object(object)?, count)
    }

    fn graph_debug_dot_print(
        &self,
        graph: Handle,
        path: &std::path::Path,
        flags: u32,
    ) -> HipResult<()> {
        let dot = graph::dot::to_dot(&*graph_of(graph)?, flags);
        std::fs::write(path, dot).map_err(|_| HipError::OperatingSystem)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::backend::StreamBackend;

    unsafe extern "C" fn bump(user: *mut c_void) {
        // SAFETY: `user` is the test's counter.
        unsafe { (*user.cast::<AtomicUsize>()).fetch_add(1, Ordering::SeqCst) };
    }

    #[test]
    fn nodes_round_trip_through_the_backend() {
        let b = Cpu;
        let calls = Box::leak(Box::new(AtomicUsize::new(0)));
        let user = (calls as *const AtomicUsize).cast_mut().cast::<c_void>();
        let g = b.graph_create().unwrap();
        let host = HostSpec {
            f: Some(bump),
            user,
        };
        // SAFETY: no kernel arguments.
        let (h, e) = unsafe {
            let h = b.graph_add_node(g, &[], NodeSpec::Host(host)).unwrap();
            let e = b.graph_add_node(g, &[h], NodeSpec::Empty).unwrap();
            (h, e)
        };
        assert_eq!(b.graph_node_type(h), Ok(3));
        assert_eq!(b.graph_node_type(e), Ok(5));
        assert_eq!(b.graph_edges(g).unwrap(), vec![(h, e)]);
        let back = b.graph_host_node_params(h).unwrap();
        let expected: unsafe extern "C" fn(*mut c_void) = bump;
        assert_eq!((back.f, back.user), (Some(expected), user));
        assert_eq!(
            b.graph_memset_node_params(h).err(),
            Some(HipError::InvalidValue)
        );
        // SAFETY: no kernel arguments.
        let twice = unsafe { b.graph_add_node(g, &[h, h], NodeSpec::Empty) };
        assert_eq!(twice.err(), Some(HipError::InvalidValue));
        let no_fn = HostSpec { f: None, user };
        // SAFETY: no kernel arguments.
        let bad = unsafe { b.graph_set_node_params(h, NodeSpec::Host(no_fn)) };
        assert_eq!(bad, Err(HipError::InvalidValue));

        let x = b.graph_instantiate(g, 0).unwrap();
        let stream = std::ptr::null_mut();
        b.graph_launch(x, stream).unwrap();
        b.graph_launch(x, stream).unwrap();
        b.stream_synchronize(stream).unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        let update = b.graph_exec_update(x, g).unwrap();
        assert_eq!(
            (update.result, update.error_node),
            (0, std::ptr::null_mut())
        );
        b.graph_exec_destroy(x).unwrap();
        b.graph_destroy(g).unwrap();
        assert_eq!(b.graph_node_type(h).err(), Some(HipError::InvalidValue));
        assert_eq!(b.graph_exec_destroy(x), Err(HipError::InvalidValue));
    }
}
