//! [`LaunchBackend`] for the CPU platform: kernels are the CPU kernel descriptors hipcc
//! compiled into the program ([`crate::kernel`]'s registry, filled by
//! `__ferrocmRegisterFunction`), launched as AQL kernel-dispatch packets on the stream's
//! queue; device symbols are host memory ([`crate::kernel::variable`]).

use std::ffi::{c_char, c_void};

use cpu_engine::KernelDescriptor;

use super::{cooperative, Cpu};
use crate::backend::launch::{
    check_active_blocks_args, check_potential_block_size_args, CooperativeLaunch, FuncAttributes,
    LaunchBackend, LaunchMode,
};
use crate::backend::Handle;
use crate::device::DeviceProperties;
use crate::error::{HipError, HipResult};
use crate::kernel::{self, Kernel};
use crate::memory::{CopyKind, Sync};
use crate::runtime::Runtime;
use crate::stream::resolve;

/// The properties of the calling thread's current device.
pub(super) fn current_properties() -> HipResult<&'static DeviceProperties> {
    let rt = Runtime::get()?;
    Ok(rt.device(rt.current_device()?)?.properties())
}

/// A byte count as a C `int` attribute (saturating).
pub(super) fn clamp_int(v: u64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// `hipFuncGetAttributes` of a CPU kernel on a device with properties `p`.
pub(super) fn attributes(k: &Kernel, p: &DeviceProperties) -> FuncAttributes {
    FuncAttributes {
        local_size_bytes: k.private_segment_size as usize,
        max_dynamic_shared_size_bytes: clamp_int(k.max_dynamic_shared(p.shared_mem_per_block)),
        max_threads_per_block: k.max_threads_per_block(p.max_threads_per_block as u32) as i32,
        preferred_shmem_carveout: k.shared_carveout(),
        shared_size_bytes: k.static_shared_size() as usize,
        // No constant bank, registers, PTX or cache modes on the CPU.
        ..FuncAttributes::default()
    }
}

/// Blocks of `block_size` work-items that one multiprocessor (one worker thread, which
/// runs one work-group at a time) holds at once: 1 if the block fits, else 0.
pub(super) fn max_active_blocks(
    k: &Kernel,
    block_size: i32,
    dynamic_shared: usize,
    flags: u32,
) -> HipResult<i32> {
    check_active_blocks_args(block_size, flags)?;
    let p = current_properties()?;
    let fits = block_size as u32 <= k.max_threads_per_block(p.max_threads_per_block as u32)
        && k.static_shared_size() + dynamic_shared as u64 <= p.shared_mem_per_block;
    Ok(i32::from(fits))
}

/// (grid size, block size) with the best occupancy: one work-group per worker at a time,
/// so the largest block the kernel allows does the most work per group, and one group per
/// worker fills the device.
pub(super) fn max_potential_block_size(
    k: &Kernel,
    dynamic_shared: usize,
    block_size_limit: i32,
    flags: u32,
) -> HipResult<(i32, i32)> {
    check_potential_block_size_args(block_size_limit, flags)?;
    let p = current_properties()?;
    if k.static_shared_size() + dynamic_shared as u64 > p.shared_mem_per_block {
        return Err(HipError::InvalidValue);
    }
    let mut block = k.max_threads_per_block(p.max_threads_per_block as u32) as i32;
    if block_size_limit > 0 {
        block = block.min(block_size_limit);
    }
    Ok((p.multi_processor_count, block))
}

impl LaunchBackend for Cpu {
    unsafe fn launch_kernel(
        &self,
        host_fn: *const c_void,
        grid: [u32; 3],
        block: [u32; 3],
        args: *mut *mut c_void,
        dynamic_shared: usize,
        stream: Handle,
        mode: LaunchMode,
    ) -> HipResult<()> {
        let k = kernel::function_ref(host_fn as usize)?;
        // SAFETY: forwarded from the caller.
        let block_bytes = unsafe { k.pack_params(args as *const *const u8)? };
        let s = resolve(stream as u64)?;
        match mode {
            LaunchMode::Normal => k.enqueue(grid, block, dynamic_shared, &s, &block_bytes),
            // Every work-group resident at once (cooperative.rs).
            LaunchMode::Cooperative => k.enqueue_cooperative(
                grid,
                block,
                dynamic_shared,
                &s,
                &block_bytes,
                cpu_engine::Cooperative::default(),
            ),
        }
    }

    unsafe fn launch_cooperative_multi_device(
        &self,
        parts: &[CooperativeLaunch],
        flags: u32,
    ) -> HipResult<()> {
        cooperative::check_list(parts.len(), flags)?;
        let mut seen = Vec::with_capacity(parts.len());
        let mut resolved = Vec::with_capacity(parts.len());
        for p in parts {
            let kernel = kernel::function_ref(p.host_fn as usize)?;
            let stream = cooperative::part_stream(p.stream as u64, &mut seen)?;
            // SAFETY: forwarded from the caller.
            let args = unsafe { kernel.pack_params(p.args as *const *const u8)? };
            resolved.push(cooperative::Part {
                kernel,
                grid: p.grid,
                block: p.block,
                dynamic_shared: p.dynamic_shared,
                stream,
                args,
            });
        }
        cooperative::launch_multi(&resolved, flags)
    }

    unsafe fn launch_descriptor(
        &self,
        kd: *const KernelDescriptor,
        name: *const c_char,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        stream: Handle,
        kernarg: *const u8,
    ) -> HipResult<()> {
        if kd.is_null() {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: the headers' descriptors are static and valid; `name` per the caller.
        let k = unsafe { kernel::program_kernel_ref(kd, || kernel::registered_name(name))? };
        let size = k.kernarg_size as usize;
        let args = if size == 0 {
            &[][..]
        } else {
            if kernarg.is_null() {
                return Err(HipError::InvalidValue);
            }
            // SAFETY: the caller guarantees `size` readable bytes.
            unsafe { std::slice::from_raw_parts(kernarg, size) }
        };
        let s = resolve(stream as u64)?;
        k.enqueue(grid, block, dynamic_shared, &s, args)
    }

    fn func_attributes(&self, host_fn: *const c_void) -> HipResult<FuncAttributes> {
        let k = kernel::function(host_fn as usize)?;
        Ok(attributes(&k, current_properties()?))
    }

    fn function_of_symbol(&self, host_fn: *const c_void) -> HipResult<Handle> {
        Ok(crate::module::Function::of_symbol(host_fn as usize)? as Handle)
    }

    fn kernel_name(&self, host_fn: *const c_void) -> HipResult<*const c_char> {
        kernel::c_name(&kernel::function(host_fn as usize)?.name)
    }

    fn func_set_attribute(&self, host_fn: *const c_void, attr: u32, value: i32) -> HipResult<()> {
        let k = kernel::function(host_fn as usize)?;
        let p = current_properties()?;
        match attr {
            // hipFuncAttributeMaxDynamicSharedMemorySize: up to what the device allows.
            8 => k.set_max_dynamic_shared(value, p.shared_mem_per_block),
            // hipFuncAttributePreferredSharedMemoryCarveout: -1 or a percentage.
            9 => k.set_shared_carveout(value),
            _ => Err(HipError::InvalidValue),
        }
    }

    fn func_set_cache_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()> {
        kernel::function(host_fn as usize)?;
        // Validated and accepted: the CPU has no L1/shared split to configure.
        if config > 3 {
            return Err(HipError::InvalidValue);
        }
        Ok(())
    }

    fn func_set_shared_mem_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()> {
        kernel::function(host_fn as usize)?;
        // Validated and accepted: no shared-memory banks on the CPU.
        if config > 2 {
            return Err(HipError::InvalidValue);
        }
        Ok(())
    }

    fn occupancy_max_active_blocks(
        &self,
        host_fn: *const c_void,
        block_size: i32,
        dynamic_shared: usize,
        flags: u32,
    ) -> HipResult<i32> {
        let k = kernel::function(host_fn as usize)?;
        max_active_blocks(&k, block_size, dynamic_shared, flags)
    }

    fn occupancy_max_potential_block_size(
        &self,
        host_fn: *const c_void,
        dynamic_shared: usize,
        block_size_limit: i32,
        flags: u32,
    ) -> HipResult<(i32, i32)> {
        let k = kernel::function(host_fn as usize)?;
        max_potential_block_size(&k, dynamic_shared, block_size_limit, flags)
    }

    fn symbol(&self, symbol: *const c_void) -> HipResult<(usize, usize)> {
        let v = kernel::variable(symbol as usize)?;
        Ok((v.address, v.size))
    }

    unsafe fn symbol_copy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        count: usize,
        _kind: CopyKind,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        // Device symbols are host memory: the direction only mattered for the checks.
        let s = resolve(stream as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { crate::memory::copy(dst.cast(), src.cast(), count, &s, sync) }
    }
}
