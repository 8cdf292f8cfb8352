//! [`DeviceBackend`] for NVIDIA GPUs.

use super::{ordinal, Nvidia};
use crate::backend::DeviceBackend;
use crate::device::{DeviceProperties, Limit};
use crate::device_prop::DeviceProp;
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{self, device, Driver};

impl DeviceBackend for Nvidia {
    fn init(&self) -> HipResult<()> {
        Driver::require().map(|_| ())
    }

    fn driver_version(&self) -> i32 {
        // cuDriverGetVersion; 0 without a driver (as CUDA reports it).
        Driver::get().map_or(0, Driver::version)
    }

    fn runtime_version(&self) -> i32 {
        // HIP on NVIDIA reports the CUDA version it runs on: the driver's (there is no
        // cudart), else this runtime's HIP version.
        Driver::get().map_or(crate::HIP_VERSION, Driver::version)
    }

    fn device_count(&self) -> HipResult<usize> {
        Ok(nvidia::device_count())
    }

    fn ordinal(&self, device: i32) -> HipResult<usize> {
        ordinal(device)
    }

    fn current_device(&self) -> HipResult<usize> {
        nvidia::current_device()
    }

    fn set_current_device(&self, dev: usize) -> HipResult<()> {
        nvidia::set_current_device(dev)
    }

    fn properties(&self, dev: usize) -> HipResult<&'static DeviceProperties> {
        device::properties(dev)
    }

    fn device_prop(&self, dev: usize) -> HipResult<DeviceProp> {
        device::device_prop(dev)
    }

    fn attribute(&self, dev: usize, attr: u32) -> HipResult<i32> {
        device::attribute(dev, attr)
    }

    fn name(&self, dev: usize) -> HipResult<String> {
        device::name(dev)
    }

    fn pci_bus_id(&self, dev: usize) -> HipResult<String> {
        device::pci_bus_id(dev)
    }

    fn total_mem(&self, dev: usize) -> HipResult<usize> {
        device::total_mem(dev)
    }

    fn compute_capability(&self, dev: usize) -> HipResult<(i32, i32)> {
        device::compute_capability(dev)
    }

    /// The device whose compute capability is closest to the requested one (an empty
    /// request, major 0, matches the first device).
    fn choose_device(&self, want: &DeviceProp) -> HipResult<usize> {
        let n = nvidia::device_count();
        if n == 0 {
            return Err(HipError::NoDevice);
        }
        if want.major <= 0 {
            return Ok(0);
        }
        let target = want.major * 10 + want.minor.max(0);
        let mut best = (i32::MAX, 0);
        for d in 0..n {
            let (major, minor) = device::compute_capability(d)?;
            let dist = (major * 10 + minor - target).abs();
            if dist < best.0 {
                best = (dist, d);
            }
        }
        Ok(best.1)
    }

    fn synchronize(&self, dev: usize) -> HipResult<()> {
        device::synchronize(dev)
    }

    fn reset(&self, dev: usize) -> HipResult<()> {
        device::reset(dev)?;
        // The reset destroyed the device's executable graphs with its primary context.
        nvidia::graph::forget_device(dev);
        Ok(())
    }

    fn limit(&self, dev: usize, limit: Limit) -> HipResult<usize> {
        device::get_limit(dev, limit)
    }

    fn set_limit(&self, dev: usize, limit: Limit, value: usize) -> HipResult<()> {
        device::set_limit(dev, limit, value)
    }

    fn flags(&self, dev: usize) -> HipResult<u32> {
        device::device_flags(dev)
    }

    fn set_flags(&self, dev: usize, flags: u32) -> HipResult<()> {
        device::set_device_flags(dev, flags)
    }

    fn stream_priority_range(&self, dev: usize) -> HipResult<(i32, i32)> {
        device::stream_priority_range(dev)
    }

    fn cache_config(&self, dev: usize) -> HipResult<u32> {
        device::cache_config(dev)
    }

    fn set_cache_config(&self, dev: usize, config: u32) -> HipResult<()> {
        device::set_cache_config(dev, config)
    }

    fn mem_info(&self, dev: usize) -> HipResult<(usize, usize)> {
        device::mem_info(dev)
    }

    fn can_access_peer(&self, dev: usize, peer: usize) -> HipResult<bool> {
        device::can_access_peer(dev, peer)
    }

    fn enable_peer_access(&self, dev: usize, peer: usize, flags: u32) -> HipResult<()> {
        if peer == dev {
            return Err(HipError::InvalidDevice);
        }
        device::enable_peer_access(dev, peer, flags)
    }

    fn disable_peer_access(&self, dev: usize, peer: usize) -> HipResult<()> {
        if peer == dev {
            return Err(HipError::InvalidDevice);
        }
        device::disable_peer_access(dev, peer)
    }
}
