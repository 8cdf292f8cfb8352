//! Devices: what HIP reports about them (`hipDeviceProp_t`, attributes) and their limits.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use crate::error::{HipError, HipResult};

/// Which platform a device belongs to.
pub use crate::platform::Platform;

/// Platform-neutral device properties (the C layer maps them onto `hipDeviceProp_t`).
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceProperties {
    pub name: String,
    /// `gcnArchName`: the HSA ISA name of the agent.
    pub arch_name: String,
    pub total_global_mem: u64,
    pub shared_mem_per_block: u64,
    pub regs_per_block: i32,
    pub warp_size: i32,
    pub max_threads_per_block: i32,
    pub max_threads_dim: [i32; 3],
    pub max_grid_size: [i32; 3],
    pub clock_rate_khz: i32,
    pub memory_clock_rate_khz: i32,
    pub memory_bus_width: i32,
    pub total_const_mem: u64,
    pub major: i32,
    pub minor: i32,
    pub multi_processor_count: i32,
    pub l2_cache_size: i32,
    pub max_threads_per_multiprocessor: i32,
    pub max_shared_memory_per_multiprocessor: u64,
    pub concurrent_kernels: bool,
    pub can_map_host_memory: bool,
    pub integrated: bool,
    pub managed_memory: bool,
    pub concurrent_managed_access: bool,
    pub pageable_memory_access: bool,
    pub host_native_atomic_supported: bool,
    pub unified_addressing: bool,
    pub cooperative_launch: bool,
    /// `hipLaunchCooperativeKernelMultiDevice` works (grids synchronised across devices).
    pub cooperative_multi_device_launch: bool,
    pub async_engine_count: i32,
    /// Rate of `wall_clock64()` in kHz.
    pub wall_clock_rate_khz: i32,
    pub pci_bus_id: i32,
    pub pci_device_id: i32,
    pub pci_domain_id: i32,
    pub mem_pitch: u64,
    pub texture_alignment: u64,
    pub uuid: [u8; 16],
}

/// `hipLimit_t` values this runtime honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `hipLimitStackSize` (0): per-work-item stack bytes.
    StackSize,
    /// `hipLimitPrintfFifoSize` (1).
    PrintfFifoSize,
    /// `hipLimitMallocHeapSize` (2).
    MallocHeapSize,
}

impl Limit {
    pub fn from_raw(raw: u32) -> HipResult<Limit> {
        match raw {
            0 => Ok(Limit::StackSize),
            1 => Ok(Limit::PrintfFifoSize),
            2 => Ok(Limit::MallocHeapSize),
            _ => Err(HipError::NotSupported),
        }
    }
}

/// A device of the runtime.
#[derive(Debug)]
pub struct Device {
    pub(crate) ordinal: usize,
    pub(crate) platform: Platform,
    pub(crate) props: DeviceProperties,
    flags: AtomicU32,
    printf_fifo: AtomicUsize,
    malloc_heap: AtomicUsize,
}

impl Device {
    pub(crate) fn new(ordinal: usize, platform: Platform, props: DeviceProperties) -> Device {
        Device {
            ordinal,
            platform,
            props,
            flags: AtomicU32::new(0),
            // Device printf and malloc use the host's stdio and heap; these are what a program
            // sees when it reads the limits back (AMD's defaults).
            printf_fifo: AtomicUsize::new(4 << 20),
            malloc_heap: AtomicUsize::new(8 << 20),
        }
    }

    /// The device ordinal (after `HIP_VISIBLE_DEVICES`).
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    pub fn platform(&self) -> Platform {
        self.platform
    }

    pub fn properties(&self) -> &DeviceProperties {
        &self.props
    }

    /// `hipSetDeviceFlags` value (`hipDeviceSchedule*`, `hipDeviceMapHost`, ...).
    pub fn flags(&self) -> u32 {
        self.flags.load(Ordering::Relaxed)
    }

    /// `hipSetDeviceFlags`: only the documented bits are accepted.
    pub fn set_flags(&self, flags: u32) -> HipResult<()> {
        // hipDeviceScheduleMask (0x7) | hipDeviceMapHost (0x8) | hipDeviceLmemResizeToMax (0x10)
        const VALID: u32 = 0x7 | 0x8 | 0x10;
        if flags & !VALID != 0 || matches!(flags & 0x7, 3 | 5 | 6 | 7) {
            return Err(HipError::InvalidValue);
        }
        self.flags.store(flags, Ordering::Relaxed);
        Ok(())
    }

    /// Back to the state of a fresh device (`hipDeviceReset`): flags and limits.
    pub(crate) fn reset_settings(&self) {
        self.flags.store(0, Ordering::Relaxed);
        self.printf_fifo.store(4 << 20, Ordering::Relaxed);
        self.malloc_heap.store(8 << 20, Ordering::Relaxed);
    }

    /// `hipDeviceGetLimit`.
    pub fn limit(&self, limit: Limit) -> usize {
        match limit {
            Limit::StackSize => crate::platform::cpu::stack_size(),
            Limit::PrintfFifoSize => self.printf_fifo.load(Ordering::Relaxed),
            Limit::MallocHeapSize => self.malloc_heap.load(Ordering::Relaxed),
        }
    }

    /// `hipDeviceSetLimit`. The stack size is fixed when the engine starts (set
    /// `FERROCM_CPU_STACK_SIZE` to change it): asking for at most the current size
    /// succeeds, more is `hipErrorNotSupported` rather than a silent no-op.
    pub fn set_limit(&self, limit: Limit, value: usize) -> HipResult<()> {
        match limit {
            Limit::StackSize => {
                if value <= crate::platform::cpu::stack_size() {
                    Ok(())
                } else {
                    Err(HipError::NotSupported)
                }
            }
            Limit::PrintfFifoSize => {
                self.printf_fifo.store(value, Ordering::Relaxed);
                Ok(())
            }
            Limit::MallocHeapSize => {
                self.malloc_heap.store(value, Ordering::Relaxed);
                Ok(())
            }
        }
    }
}
