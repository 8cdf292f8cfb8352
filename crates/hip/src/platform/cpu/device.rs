//! [`DeviceBackend`] for the CPU platform: one device per HSA CPU agent
//! (`FERROCM_CPU_DEVICES`), peers of each other.

use std::collections::BTreeSet;

use parking_lot::Mutex;

use super::Cpu;
use crate::backend::DeviceBackend;
use crate::device::{DeviceProperties, Limit};
use crate::device_prop::{self, DeviceProp};
use crate::error::{HipError, HipResult};
use crate::runtime::Runtime;

impl DeviceBackend for Cpu {
    fn init(&self) -> HipResult<()> {
        Runtime::get().map(|_| ())
    }

    fn driver_version(&self) -> i32 {
        crate::HIP_VERSION
    }

    fn runtime_version(&self) -> i32 {
        crate::HIP_VERSION
    }

    fn device_count(&self) -> HipResult<usize> {
        Ok(Runtime::get()?.device_count())
    }

    fn ordinal(&self, device: i32) -> HipResult<usize> {
        let rt = Runtime::get()?;
        if rt.device_count() == 0 {
            return Err(HipError::NoDevice);
        }
        let ordinal = usize::try_from(device).map_err(|_| HipError::InvalidDevice)?;
        rt.device(ordinal)?;
        Ok(ordinal)
    }

    fn current_device(&self) -> HipResult<usize> {
        Runtime::get()?.current_device()
    }

    fn set_current_device(&self, dev: usize) -> HipResult<()> {
        Runtime::get()?.set_current_device(dev)
    }

    fn properties(&self, dev: usize) -> HipResult<&'static DeviceProperties> {
        Ok(Runtime::get()?.device(dev)?.properties())
    }

    fn device_prop(&self, dev: usize) -> HipResult<DeviceProp> {
        Ok(device_prop::fill(self.properties(dev)?))
    }

    fn attribute(&self, dev: usize, attr: u32) -> HipResult<i32> {
        device_prop::attribute(self.properties(dev)?, attr)
    }

    fn name(&self, dev: usize) -> HipResult<String> {
        Ok(self.properties(dev)?.name.clone())
    }

    fn pci_bus_id(&self, dev: usize) -> HipResult<String> {
        let p = self.properties(dev)?;
        Ok(format!(
            "{:04x}:{:02x}:{:02x}.0",
            p.pci_domain_id, p.pci_bus_id, p.pci_device_id
        ))
    }

    fn total_mem(&self, dev: usize) -> HipResult<usize> {
        Ok(self.properties(dev)?.total_global_mem as usize)
    }

    fn compute_capability(&self, dev: usize) -> HipResult<(i32, i32)> {
        let p = self.properties(dev)?;
        Ok((p.major, p.minor))
    }

    fn choose_device(&self, _want: &DeviceProp) -> HipResult<usize> {
        if self.device_count()? == 0 {
            return Err(HipError::NoDevice);
        }
        // Every visible device is the same kind here: the first one matches best.
        Ok(0)
    }

    fn synchronize(&self, dev: usize) -> HipResult<()> {
        Runtime::get()?.synchronize_device(dev)
    }

    fn reset(&self, dev: usize) -> HipResult<()> {
        Runtime::get()?.reset_device(dev)?;
        forget_peers(dev);
        Ok(())
    }

    fn limit(&self, dev: usize, limit: Limit) -> HipResult<usize> {
        Ok(Runtime::get()?.device(dev)?.limit(limit))
    }

    fn set_limit(&self, dev: usize, limit: Limit, value: usize) -> HipResult<()> {
        Runtime::get()?.device(dev)?.set_limit(limit, value)
    }

    fn flags(&self, dev: usize) -> HipResult<u32> {
        Ok(Runtime::get()?.device(dev)?.flags())
    }

    fn set_flags(&self, dev: usize, flags: u32) -> HipResult<()> {
        Runtime::get()?.device(dev)?.set_flags(flags)
    }

    fn stream_priority_range(&self, _dev: usize) -> HipResult<(i32, i32)> {
        Ok((
            crate::STREAM_PRIORITY_LEAST,
            crate::STREAM_PRIORITY_GREATEST,
        ))
    }

    fn cache_config(&self, _dev: usize) -> HipResult<u32> {
        // hipFuncCachePreferNone: the CPU's caches are not configurable.
        Ok(0)
    }

    fn set_cache_config(&self, _dev: usize, config: u32) -> HipResult<()> {
        // Every documented preference (hipFuncCachePreferNone..Equal) is accepted.
        if config <= 3 {
            Ok(())
        } else {
            Err(HipError::InvalidValue)
        }
    }

    fn mem_info(&self, dev: usize) -> HipResult<(usize, usize)> {
        let share = self.properties(dev)?.total_global_mem;
        let (free, total) = crate::memory::device_mem_info(dev, share);
        Ok((free as usize, total as usize))
    }

    fn can_access_peer(&self, dev: usize, peer: usize) -> HipResult<bool> {
        let rt = Runtime::get()?;
        rt.device(dev)?;
        rt.device(peer)?;
        // Every CPU device's memory is host memory that every other one reaches; a device
        // is not its own peer (HIP reports 0).
        Ok(dev != peer)
    }

    fn enable_peer_access(&self, dev: usize, peer: usize, flags: u32) -> HipResult<()> {
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        if !self.can_access_peer(dev, peer)? {
            return Err(HipError::InvalidDevice);
        }
        if PEERS.lock().insert((dev, peer)) {
            Ok(())
        } else {
            Err(HipError::PeerAccessAlreadyEnabled)
        }
    }

    fn disable_peer_access(&self, dev: usize, peer: usize) -> HipResult<()> {
        if !self.can_access_peer(dev, peer)? {
            return Err(HipError::InvalidDevice);
        }
        if PEERS.lock().remove(&(dev, peer)) {
            Ok(())
        } else {
            Err(HipError::PeerAccessNotEnabled)
        }
    }
}

/// The (device, peer) pairs with peer access enabled. The CPU devices reach each other's
/// memory whether or not it is (it is all host memory); the table keeps HIP's rules about
/// enabling twice and disabling what was never enabled.
static PEERS: Mutex<BTreeSet<(usize, usize)>> = Mutex::new(BTreeSet::new());

/// Forgets the peer access `dev` enabled (`hipDeviceReset`: a reset device starts with
/// none, as a fresh context does).
pub(crate) fn forget_peers(dev: usize) {
    PEERS.lock().retain(|&(d, _)| d != dev);
}
