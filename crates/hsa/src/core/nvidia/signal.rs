//! Making HSA signals visible to the GPU, for waits done by the GPU itself
//! (`cuStreamWaitValue64` on the signal's value).
//!
//! A signal's value lives in its 64-byte `amd_signal_t` in ordinary host memory (the
//! signal registry allocates it, and never frees it: a destroyed slot is reused by a later
//! signal). The first time a GPU queue waits on a signal, the host page holding it is
//! registered with the driver (`cuMemHostRegister(PORTABLE | DEVICEMAP)`, one page, once
//! per process) so that every device can read it at the same address (UVA, with
//! `CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM`). Since signal objects are never freed, a
//! registered page always holds a live signal and is never returned to the system
//! allocator, so the registration stays valid for the life of the process.
//!
//! A page the driver refuses to register (for instance because the application already
//! registered a range containing it: `CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED`) is
//! remembered as unusable, and waits on its signals fall back to host waits.
//! Side effect: a later `cuMemHostRegister`/`hipHostRegister` by the application of a
//! range that contains one of these pages fails with "already registered".

use std::collections::HashMap;

use parking_lot::Mutex;

use super::cu;
use super::device::NvDevice;
use crate::core::signal::SignalObject;

/// Host pages registered for GPU access (`true`) or refused by the driver (`false`).
static PAGES: Mutex<Option<HashMap<usize, bool>>> = Mutex::new(None);

/// Whether GPU-side signal waits are allowed by the environment:
/// `FERROCM_HSA_NVIDIA_GPU_WAITS=0` makes every barrier wait on the host.
pub fn gpu_waits_enabled() -> bool {
    match std::env::var("FERROCM_HSA_NVIDIA_GPU_WAITS") {
        Ok(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "off" | "false" | "no"
        ),
        Err(_) => true,
    }
}

/// Whether `dev` can wait on host signals by itself.
pub fn device_can_wait(dev: &NvDevice) -> bool {
    dev.props.stream_wait_value64
        && dev.props.unified_addressing
        && dev.props.host_pointer_for_registered_memory
}

/// The address the GPU reads `signal`'s value at, registering its page on first use;
/// `None` when the page cannot be registered. A context must be current on the calling
/// thread (queue processors keep their device's context current).
pub fn device_value_address(signal: &SignalObject) -> Option<u64> {
    let value = signal.value_ptr() as usize;
    let page_size = crate::core::memory::page_size();
    let page = value & !(page_size - 1);
    let mut pages = PAGES.lock();
    let pages = pages.get_or_insert_with(HashMap::new);
    let usable = *pages.entry(page).or_insert_with(|| {
        // SAFETY: `page` is the host page holding a live signal object, which the
        // registry never frees, so the whole page stays mapped for the life of the
        // process; the required symbol was checked at load.
        let r = unsafe {
            cu::cuMemHostRegister_v2(
                page as *mut std::ffi::c_void,
                page_size,
                cu::CU_MEMHOSTREGISTER_PORTABLE | cu::CU_MEMHOSTREGISTER_DEVICEMAP,
            )
        };
        r == cu::CUresult::CUDA_SUCCESS
    });
    // With CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM the device address is the host address.
    usable.then_some(value as u64)
}
