//! One CUDA device: its properties (read once, when the driver is loaded), its primary
//! context (retained on first use and kept for the life of the process, as cudart does),
//! and the context guard every driver call on an application thread runs under.

use std::ffi::{c_char, c_int};
use std::sync::atomic::{AtomicPtr, Ordering};

use parking_lot::Mutex;

use super::cu;
use super::driver::{check, NvError, Optional};

/// What the agent, its ISA and its pools report, read from `cuDeviceGetAttribute`.
#[derive(Debug, Clone, Default)]
pub struct DeviceProps {
    pub compute_capability: (u32, u32),
    pub multiprocessors: u32,
    pub warp_size: u32,
    pub max_threads_per_block: u32,
    pub max_block_dim: [u32; 3],
    /// Maximum grid size in blocks.
    pub max_grid_dim: [u32; 3],
    /// Shared memory a block may use without opting in (48 KiB).
    pub max_shared_per_block: u32,
    /// Shared memory a block may use after `cuFuncSetAttribute` (227 KiB on sm_90).
    pub max_shared_per_block_optin: u32,
    pub max_threads_per_multiprocessor: u32,
    pub l2_cache_bytes: u32,
    pub clock_khz: u32,
    pub memory_clock_khz: u32,
    pub memory_bus_width: u32,
    pub pci_domain: u32,
    pub pci_bus: u32,
    pub pci_device: u32,
    pub total_memory: u64,
    /// UVA: device and host pointers share one address space (all 64-bit Linux systems).
    pub unified_addressing: bool,
    /// `cuStreamWaitValue64` is usable (`CAN_USE_64_BIT_STREAM_MEM_OPS` and the entry point).
    pub stream_wait_value64: bool,
    /// Registered host memory has the same address on the device.
    pub host_pointer_for_registered_memory: bool,
}

impl DeviceProps {
    /// The ISA name reported for the device: `nvptx64-nvidia-cuda--sm_<major><minor>`
    /// (LLVM's triple for CUDA, with the target after a double dash as in AMD's
    /// `amdgcn-amd-amdhsa--gfx90a`).
    pub fn isa_name(&self) -> String {
        format!(
            "nvptx64-nvidia-cuda--sm_{}{}",
            self.compute_capability.0, self.compute_capability.1
        )
    }

    /// Largest grid, in work-items, per dimension (blocks × threads per block), clamped
    /// to what a packet's 32-bit grid size can hold.
    pub fn grid_max_dim_work_items(&self) -> [u32; 3] {
        let mut out = [0u32; 3];
        for (d, o) in out.iter_mut().enumerate() {
            let items = u64::from(self.max_grid_dim[d]) * u64::from(self.max_block_dim[d]);
            *o = items.min(u64::from(u32::MAX)) as u32;
        }
        out
    }
}

/// A CUDA device exposed as an HSA agent.
#[derive(Debug)]
pub struct NvDevice {
    /// Position among the NVIDIA agents (0-based).
    pub index: usize,
    /// The driver's device ordinal.
    pub ordinal: i32,
    pub device: cu::CUdevice,
    /// `cuDeviceGetName`.
    pub name: String,
    /// `GPU-` followed by the first 8 bytes of the device UUID in hex (ROCR's format).
    pub uuid: String,
    pub props: DeviceProps,
    /// The retained primary context (null until the first use).
    context: AtomicPtr<cu::CUctx_st>,
    retain_lock: Mutex<()>,
}

// SAFETY: the context pointer is a driver handle usable from any thread; it is only
// published through the atomic.
unsafe impl Send for NvDevice {}
// SAFETY: as above; all mutation goes through the atomic and the mutex.
unsafe impl Sync for NvDevice {}

fn attribute(device: cu::CUdevice, attr: cu::CUdevice_attribute) -> Result<u32, NvError> {
    let mut v: c_int = 0;
    // SAFETY: `cuDeviceGetAttribute` is a required symbol; `v` is an out-parameter.
    check("cuDeviceGetAttribute", unsafe {
        cu::cuDeviceGetAttribute(&mut v, attr, device)
    })?;
    Ok(v.max(0) as u32)
}

/// An attribute some drivers no longer report (e.g. clock rates): 0 when unavailable.
fn attribute_or_zero(device: cu::CUdevice, attr: cu::CUdevice_attribute) -> u32 {
    attribute(device, attr).unwrap_or(0)
}

impl NvDevice {
    /// Reads a device's name, UUID and properties (no context is created).
    pub(super) fn probe(
        index: usize,
        ordinal: i32,
        device: cu::CUdevice,
        optional: Optional,
    ) -> Result<NvDevice, NvError> {
        use cu::CUdevice_attribute as A;
        let mut name_buf = [0 as c_char; 256];
        // SAFETY: required symbol; the buffer holds 256 bytes and the driver writes a
        // NUL-terminated name of at most `len` bytes.
        check("cuDeviceGetName", unsafe {
            cu::cuDeviceGetName(name_buf.as_mut_ptr(), name_buf.len() as c_int, device)
        })?;
        let name = {
            let bytes: Vec<u8> = name_buf
                .iter()
                .take_while(|&&c| c != 0)
                .map(|&c| c as u8)
                .collect();
            String::from_utf8_lossy(&bytes).into_owned()
        };
        // SAFETY: CUuuid is a plain byte array; all-zero is a valid value.
        let mut uuid: cu::CUuuid = unsafe { std::mem::zeroed() };
        // SAFETY: required symbol; `uuid` is an out-parameter.
        check("cuDeviceGetUuid_v2", unsafe {
            cu::cuDeviceGetUuid_v2(&mut uuid, device)
        })?;
        let uuid = format!(
            "GPU-{}",
            uuid.bytes[..8]
                .iter()
                .map(|b| format!("{:02x}", *b as u8))
                .collect::<String>()
        );
        let mut total: usize = 0;
        // SAFETY: required symbol; out-parameter.
        check("cuDeviceTotalMem_v2", unsafe {
            cu::cuDeviceTotalMem_v2(&mut total, device)
        })?;
        let a = |attr| attribute(device, attr);
        let props = DeviceProps {
            compute_capability: (
                a(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
                a(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
            ),
            multiprocessors: a(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?,
            warp_size: a(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE)?,
            max_threads_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            max_block_dim: [
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?,
            ],
            max_grid_dim: [
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)?,
            ],
            max_shared_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?,
            max_shared_per_block_optin: a(
                A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            )?,
            max_threads_per_multiprocessor: a(
                A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            )?,
            l2_cache_bytes: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
            clock_khz: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
            memory_clock_khz: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE),
            memory_bus_width: attribute_or_zero(
                device,
                A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
            ),
            pci_domain: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
            pci_bus: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
            pci_device: attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID),
            total_memory: total as u64,
            unified_addressing: a(A::CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING)? != 0,
            stream_wait_value64: optional.wait_value64
                && attribute_or_zero(device, A::CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS)
                    != 0,
            host_pointer_for_registered_memory: attribute_or_zero(
                device,
                A::CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM,
            ) != 0,
        };
        Ok(NvDevice {
            index,
            ordinal,
            device,
            name,
            uuid,
            props,
            context: AtomicPtr::new(std::ptr::null_mut()),
            retain_lock: Mutex::new(()),
        })
    }

    /// The primary context, retained on first use (one atomic load afterwards). It is
    /// never released: queues, modules and registrations of this process use it until
    /// the process ends.
    pub fn context(&self) -> Result<cu::CUcontext, NvError> {
        let c = self.context.load(Ordering::Acquire);
        if !c.is_null() {
            return Ok(c);
        }
        let _guard = self.retain_lock.lock();
        let c = self.context.load(Ordering::Acquire);
        if !c.is_null() {
            return Ok(c);
        }
        let mut ctx: cu::CUcontext = std::ptr::null_mut();
        // SAFETY: the driver is initialised (a device exists only then); out-parameter.
        check("cuDevicePrimaryCtxRetain", unsafe {
            cu::cuDevicePrimaryCtxRetain(&mut ctx, self.device)
        })?;
        self.context.store(ctx, Ordering::Release);
        Ok(ctx)
    }

    /// Whether the primary context has been retained by this runtime.
    pub fn context_retained(&self) -> bool {
        !self.context.load(Ordering::Acquire).is_null()
    }

    /// Makes the primary context current on the calling thread for good (for threads
    /// the runtime owns, such as queue processors).
    pub fn make_current(&self) -> Result<(), NvError> {
        let ctx = self.context()?;
        // SAFETY: `ctx` is a retained primary context, valid for the life of the process.
        check("cuCtxSetCurrent", unsafe { cu::cuCtxSetCurrent(ctx) })
    }

    /// `cuMemGetInfo` in the device's context: `(free, total)` bytes.
    pub fn memory_info(&self) -> Result<(u64, u64), NvError> {
        let _ctx = ContextGuard::push(self)?;
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: required symbol, a context is current; out-parameters.
        check("cuMemGetInfo_v2", unsafe {
            cu::cuMemGetInfo_v2(&mut free, &mut total)
        })?;
        Ok((free as u64, total as u64))
    }
}

/// Pushes a device's primary context on the calling thread's context stack and pops it
/// when dropped, so that application threads (which may use CUDA or HIP themselves) find
/// their current context unchanged after an HSA call.
#[must_use]
pub struct ContextGuard(());

impl ContextGuard {
    pub fn push(device: &NvDevice) -> Result<ContextGuard, NvError> {
        let ctx = device.context()?;
        // SAFETY: `ctx` is a retained primary context.
        check("cuCtxPushCurrent_v2", unsafe {
            cu::cuCtxPushCurrent_v2(ctx)
        })?;
        Ok(ContextGuard(()))
    }
}

impl Drop for ContextGuard {
    fn drop(&mut self) {
        let mut old: cu::CUcontext = std::ptr::null_mut();
        // SAFETY: pops the context `push` pushed; `old` is an out-parameter. A failure
        // cannot be handled in a destructor and leaves at most an extra stack entry.
        let _ = unsafe { cu::cuCtxPopCurrent_v2(&mut old) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isa_name_and_grid_limits() {
        let p = DeviceProps {
            compute_capability: (9, 0),
            max_block_dim: [1024, 1024, 64],
            max_grid_dim: [i32::MAX as u32, 65535, 65535],
            ..DeviceProps::default()
        };
        assert_eq!(p.isa_name(), "nvptx64-nvidia-cuda--sm_90");
        assert_eq!(
            p.grid_max_dim_work_items(),
            [u32::MAX, 65535 * 1024, 65535 * 64]
        );
    }
}
