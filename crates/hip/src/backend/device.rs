//! Devices: enumeration, the current device, properties, limits, flags, peers.

use crate::device::{DeviceProperties, Limit};
use crate::device_prop::DeviceProp;
use crate::error::HipResult;

/// What a platform says about its devices. `dev` is always an ordinal that
/// [`DeviceBackend::ordinal`] accepted.
pub trait DeviceBackend {
    /// `hipInit`: the platform can run (driver present, runtime started).
    fn init(&self) -> HipResult<()>;
    /// `hipDriverGetVersion`.
    fn driver_version(&self) -> i32;
    /// `hipRuntimeGetVersion`.
    fn runtime_version(&self) -> i32;
    /// Number of devices (`hipGetDeviceCount`).
    fn device_count(&self) -> HipResult<usize>;
    /// A device ordinal from C: `hipErrorNoDevice` without devices, `hipErrorInvalidDevice`
    /// out of range.
    fn ordinal(&self, device: i32) -> HipResult<usize>;
    /// The calling thread's current device.
    fn current_device(&self) -> HipResult<usize>;
    /// `hipSetDevice`.
    fn set_current_device(&self, dev: usize) -> HipResult<()>;
    /// The platform-neutral properties.
    fn properties(&self, dev: usize) -> HipResult<&'static DeviceProperties>;
    /// `hipGetDeviceProperties` (R0600 layout), with everything the platform knows.
    fn device_prop(&self, dev: usize) -> HipResult<DeviceProp>;
    /// `hipDeviceGetAttribute`.
    fn attribute(&self, dev: usize, attr: u32) -> HipResult<i32>;
    /// `hipDeviceGetName`.
    fn name(&self, dev: usize) -> HipResult<String>;
    /// `hipDeviceGetPCIBusId` (`domain:bus:device.function`).
    fn pci_bus_id(&self, dev: usize) -> HipResult<String>;
    /// `hipDeviceTotalMem`.
    fn total_mem(&self, dev: usize) -> HipResult<usize>;
    /// `hipDeviceComputeCapability`.
    fn compute_capability(&self, dev: usize) -> HipResult<(i32, i32)>;
    /// `hipChooseDevice`: the device that best matches `want`.
    fn choose_device(&self, want: &DeviceProp) -> HipResult<usize>;
    /// `hipDeviceSynchronize`.
    fn synchronize(&self, dev: usize) -> HipResult<()>;
    /// `hipDeviceReset`: every resource of `dev` in this process destroyed, after its work.
    fn reset(&self, dev: usize) -> HipResult<()>;
    /// `hipDeviceGetLimit`.
    fn limit(&self, dev: usize, limit: Limit) -> HipResult<usize>;
    /// `hipDeviceSetLimit`.
    fn set_limit(&self, dev: usize, limit: Limit, value: usize) -> HipResult<()>;
    /// `hipGetDeviceFlags`.
    fn flags(&self, dev: usize) -> HipResult<u32>;
    /// `hipSetDeviceFlags`.
    fn set_flags(&self, dev: usize, flags: u32) -> HipResult<()>;
    /// `hipDeviceGetStreamPriorityRange`: (least, greatest).
    fn stream_priority_range(&self, dev: usize) -> HipResult<(i32, i32)>;
    /// `hipDeviceGetCacheConfig`.
    fn cache_config(&self, dev: usize) -> HipResult<u32>;
    /// `hipDeviceSetCacheConfig`.
    fn set_cache_config(&self, dev: usize, config: u32) -> HipResult<()>;
    /// `hipMemGetInfo`: (free, total) bytes.
    fn mem_info(&self, dev: usize) -> HipResult<(usize, usize)>;
    /// `hipDeviceCanAccessPeer`.
    fn can_access_peer(&self, dev: usize, peer: usize) -> HipResult<bool>;
    /// `hipDeviceEnablePeerAccess` from `dev` to `peer`.
    fn enable_peer_access(&self, dev: usize, peer: usize, flags: u32) -> HipResult<()>;
    /// `hipDeviceDisablePeerAccess`.
    fn disable_peer_access(&self, dev: usize, peer: usize) -> HipResult<()>;
}
