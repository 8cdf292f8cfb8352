//! Occupancy: `hipOccupancy*` (kernels named by their host function) and
//! `hipModuleOccupancy*` (module functions), answered once per platform by [`Occupant`].

use std::ffi::{c_int, c_uint, c_void};
use std::sync::Arc;

use hip::module::Function;
use hip::platform::nvidia::{self, module as nvmodule, registry};
use hip::{kernel, HipError, HipResult, Kernel, Runtime};

use crate::entry::{current_device, non_null, write_out};
use crate::module::FunctionT;
use crate::nv;

/// `hipOccupancyDefault` / `hipOccupancyDisableCachingOverride`: the only flags HIP defines.
const MAX_FLAGS: c_uint = 1;

/// The kernel an occupancy question is about, on the platform in effect.
enum Occupant {
    /// A CUDA function on device `dev`.
    Nvidia { dev: usize, f: nvidia::Function },
    /// A kernel of the CPU engine: registered by hipcc, or a module's.
    Cpu(CpuKernel),
}

/// Where a CPU kernel lives: the registry of host functions or a loaded module.
enum CpuKernel {
    Registered(Arc<Kernel>),
    Module(Arc<Function>),
}

impl CpuKernel {
    fn kernel(&self) -> &Kernel {
        match self {
            CpuKernel::Registered(k) => k,
            CpuKernel::Module(f) => &f.kernel,
        }
    }
}

impl Occupant {
    /// A kernel named by its host function (`hipOccupancy*`).
    fn of_host_function(function: *const c_void) -> HipResult<Occupant> {
        if nv::active() {
            let dev = nv::device()?;
            let f = registry::function(dev, function as usize)?;
            return Ok(Occupant::Nvidia { dev, f });
        }
        Ok(Occupant::Cpu(CpuKernel::Registered(kernel::function(
            function as usize,
        )?)))
    }

    /// A module function (`hipModuleOccupancy*`).
    fn of_module_function(function: FunctionT) -> HipResult<Occupant> {
        if function.is_null() {
            return Err(HipError::InvalidHandle);
        }
        if nv::active() {
            return Ok(Occupant::Nvidia {
                dev: nv::device()?,
                f: nv::function(function),
            });
        }
        Ok(Occupant::Cpu(CpuKernel::Module(Function::lookup(
            function as u64,
        )?)))
    }

    /// Blocks of `block_size` work-items that one multiprocessor (on the CPU: one worker
    /// thread, which runs one work-group at a time) holds at once.
    fn max_active_blocks(
        &self,
        block_size: c_int,
        dynamic_shared: usize,
        flags: c_uint,
    ) -> HipResult<c_int> {
        if flags > MAX_FLAGS || block_size <= 0 {
            return Err(HipError::InvalidValue);
        }
        match self {
            // SAFETY: a function of a module the driver loaded.
            Occupant::Nvidia { dev, f } => unsafe {
                nvmodule::occupancy_max_active_blocks(*dev, *f, block_size, dynamic_shared, flags)
            },
            Occupant::Cpu(k) => {
                let k = k.kernel();
                let p = Runtime::get()?.device(current_device()?)?.properties();
                let fits = block_size as u32
                    <= k.max_threads_per_block(p.max_threads_per_block as u32)
                    && k.static_shared_size() + dynamic_shared as u64 <= p.shared_mem_per_block;
                Ok(c_int::from(fits))
            }
        }
    }

    /// The block size with the best occupancy and the grid size that fills the device with it.
    fn max_potential_block_size(
        &self,
        dynamic_shared: usize,
        block_size_limit: c_int,
        flags: c_uint,
    ) -> HipResult<(c_int, c_int)> {
        if flags > MAX_FLAGS || block_size_limit < 0 {
            return Err(HipError::InvalidValue);
        }
        match self {
            // SAFETY: a function of a module the driver loaded.
            Occupant::Nvidia { dev, f } => unsafe {
                nvmodule::occupancy_max_potential_block_size(
                    *dev,
                    *f,
                    dynamic_shared,
                    block_size_limit,
                    flags,
                )
            },
            Occupant::Cpu(k) => {
                let k = k.kernel();
                let p = Runtime::get()?.device(current_device()?)?.properties();
                if k.static_shared_size() + dynamic_shared as u64 > p.shared_mem_per_block {
                    return Err(HipError::InvalidValue);
                }
                // One work-group per worker at a time: the largest block the kernel allows
                // does the most work per group; one group per worker fills the device.
                let mut block = k.max_threads_per_block(p.max_threads_per_block as u32) as c_int;
                if block_size_limit > 0 {
                    block = block.min(block_size_limit);
                }
                Ok((p.multi_processor_count, block))
            }
        }
    }
}

/// Writes both results of a potential-block-size query.
///
/// # Safety
/// `grid_size` and `block_size` must be NULL (rejected) or writable.
unsafe fn write_potential(
    grid_size: *mut c_int,
    block_size: *mut c_int,
    occupant: HipResult<Occupant>,
    dynamic_shared: usize,
    block_size_limit: c_int,
    flags: c_uint,
) -> HipResult<()> {
    non_null(grid_size)?;
    non_null(block_size)?;
    let (grid, block) =
        occupant?.max_potential_block_size(dynamic_shared, block_size_limit, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(block_size, block)?;
        write_out(grid_size, grid)
    }
}

/// Writes the result of an active-blocks query.
///
/// # Safety
/// `blocks` must be NULL (rejected) or writable.
unsafe fn write_active(
    blocks: *mut c_int,
    occupant: HipResult<Occupant>,
    block_size: c_int,
    dynamic_shared: usize,
    flags: c_uint,
) -> HipResult<()> {
    non_null(blocks)?;
    let n = occupant?.max_active_blocks(block_size, dynamic_shared, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(blocks, n) }
}

/// # Safety
/// `grid_size` and `block_size` must be NULL or writable.
pub unsafe fn hipOccupancyMaxPotentialBlockSize(
    grid_size: *mut c_int,
    block_size: *mut c_int,
    function: *const c_void,
    dynamic_shared: usize,
    block_size_limit: c_int,
) -> HipResult<()> {
    let occupant = Occupant::of_host_function(function);
    // SAFETY: forwarded from the caller.
    unsafe {
        write_potential(
            grid_size,
            block_size,
            occupant,
            dynamic_shared,
            block_size_limit,
            0,
        )
    }
}

/// # Safety
/// `blocks` must be NULL or writable.
pub unsafe fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    blocks: *mut c_int,
    function: *const c_void,
    block_size: c_int,
    dynamic_shared: usize,
) -> HipResult<()> {
    let occupant = Occupant::of_host_function(function);
    // SAFETY: forwarded from the caller.
    unsafe { write_active(blocks, occupant, block_size, dynamic_shared, 0) }
}

/// # Safety
/// `blocks` must be NULL or writable.
pub unsafe fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    blocks: *mut c_int,
    function: *const c_void,
    block_size: c_int,
    dynamic_shared: usize,
    flags: c_uint,
) -> HipResult<()> {
    let occupant = Occupant::of_host_function(function);
    // SAFETY: forwarded from the caller.
    unsafe { write_active(blocks, occupant, block_size, dynamic_shared, flags) }
}

/// # Safety
/// `grid_size` and `block_size` must be NULL or writable.
pub unsafe fn hipModuleOccupancyMaxPotentialBlockSize(
    grid_size: *mut c_int,
    block_size: *mut c_int,
    f: FunctionT,
    dynamic_shared: usize,
    block_size_limit: c_int,
) -> HipResult<()> {
    let occupant = Occupant::of_module_function(f);
    // SAFETY: forwarded from the caller.
    unsafe {
        write_potential(
            grid_size,
            block_size,
            occupant,
            dynamic_shared,
            block_size_limit,
            0,
        )
    }
}

/// # Safety
/// `grid_size` and `block_size` must be NULL or writable.
pub unsafe fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    grid_size: *mut c_int,
    block_size: *mut c_int,
    f: FunctionT,
    dynamic_shared: usize,
    block_size_limit: c_int,
    flags: c_uint,
) -> HipResult<()> {
    let occupant = Occupant::of_module_function(f);
    // SAFETY: forwarded from the caller.
    unsafe {
        write_potential(
            grid_size,
            block_size,
            occupant,
            dynamic_shared,
            block_size_limit,
            flags,
        )
    }
}

/// # Safety
/// `blocks` must be NULL or writable.
pub unsafe fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    blocks: *mut c_int,
    f: FunctionT,
    block_size: c_int,
    dynamic_shared: usize,
) -> HipResult<()> {
    let occupant = Occupant::of_module_function(f);
    // SAFETY: forwarded from the caller.
    unsafe { write_active(blocks, occupant, block_size, dynamic_shared, 0) }
}

/// # Safety
/// `blocks` must be NULL or writable.
pub unsafe fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    blocks: *mut c_int,
    f: FunctionT,
    block_size: c_int,
    dynamic_shared: usize,
    flags: c_uint,
) -> HipResult<()> {
    let occupant = Occupant::of_module_function(f);
    // SAFETY: forwarded from the caller.
    unsafe { write_active(blocks, occupant, block_size, dynamic_shared, flags) }
}
