//! Occupancy: `hipOccupancy*` (kernels named by their host function) and
//! `hipModuleOccupancy*` (module functions): argument marshalling over [`hip::backend`].

use std::ffi::{c_int, c_uint, c_void};

use hip::HipResult;

use crate::entry::{non_null, write_out};
use crate::module::FunctionT;

/// The kernel an occupancy question is about.
#[derive(Clone, Copy)]
enum Occupant {
    /// A kernel named by its host function (`hipOccupancy*`).
    HostFunction(*const c_void),
    /// A module function (`hipModuleOccupancy*`).
    ModuleFunction(FunctionT),
}

impl Occupant {
    fn max_active_blocks(
        self,
        block_size: c_int,
        dynamic_shared: usize,
        flags: c_uint,
    ) -> HipResult<c_int> {
        let b = hip::backend();
        match self {
            Occupant::HostFunction(f) => {
                b.occupancy_max_active_blocks(f, block_size, dynamic_shared, flags)
            }
            // SAFETY: HIP's contract: a function of a module the program loaded.
            Occupant::ModuleFunction(f) => unsafe {
                b.module_occupancy_max_active_blocks(f, block_size, dynamic_shared, flags)
            },
        }
    }

    fn max_potential_block_size(
        self,
        dynamic_shared: usize,
        block_size_limit: c_int,
        flags: c_uint,
    ) -> HipResult<(c_int, c_int)> {
        let b = hip::backend();
        match self {
            Occupant::HostFunction(f) => {
                b.occupancy_max_potential_block_size(f, dynamic_shared, block_size_limit, flags)
            }
            // SAFETY: HIP's contract: a function of a module the program loaded.
            Occupant::ModuleFunction(f) => unsafe {
                b.module_occupancy_max_potential_block_size(
                    f,
                    dynamic_shared,
                    block_size_limit,
                    flags,
                )
            },
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
    occupant: Occupant,
    dynamic_shared: usize,
    block_size_limit: c_int,
    flags: c_uint,
) -> HipResult<()> {
    non_null(grid_size)?;
    non_null(block_size)?;
    let (grid, block) =
        occupant.max_potential_block_size(dynamic_shared, block_size_limit, flags)?;
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
    occupant: Occupant,
    block_size: c_int,
    dynamic_shared: usize,
    flags: c_uint,
) -> HipResult<()> {
    non_null(blocks)?;
    let n = occupant.max_active_blocks(block_size, dynamic_shared, flags)?;
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
    let occupant = Occupant::HostFunction(function);
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
    let occupant = Occupant::HostFunction(function);
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
    let occupant = Occupant::HostFunction(function);
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
    let occupant = Occupant::ModuleFunction(f);
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
    let occupant = Occupant::ModuleFunction(f);
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
    let occupant = Occupant::ModuleFunction(f);
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
    let occupant = Occupant::ModuleFunction(f);
    // SAFETY: forwarded from the caller.
    unsafe { write_active(blocks, occupant, block_size, dynamic_shared, flags) }
}
