//! [`TextureBackend`] for NVIDIA GPUs: the driver's arrays and objects
//! ([`crate::platform::nvidia::texture`]) on the calling thread's current device.

use super::{live_stream, Nvidia};
use crate::backend::{Handle, TextureBackend};
use crate::error::HipResult;
use crate::memory::Sync;
use crate::platform::nvidia::{current_device, texture};
use crate::texture::{
    ArrayCopy, ArrayDesc, ArrayStorage, MipmapStorage, Resource, TextureDesc, ViewDesc,
};

impl TextureBackend for Nvidia {
    fn array_alloc(&self, desc: &ArrayDesc) -> HipResult<ArrayStorage> {
        texture::array_create(current_device()?, desc)
    }

    unsafe fn array_free(&self, storage: &ArrayStorage) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { texture::array_destroy(current_device()?, storage) }
    }

    fn mipmap_alloc(&self, desc: &ArrayDesc, levels: u32) -> HipResult<MipmapStorage> {
        texture::mipmap_create(current_device()?, desc, levels)
    }

    unsafe fn mipmap_free(&self, storage: &MipmapStorage) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { texture::mipmap_destroy(current_device()?, storage) }
    }

    unsafe fn array_copy(&self, copy: &ArrayCopy, stream: Handle, sync: Sync) -> HipResult<()> {
        let s = match sync {
            Sync::Async => Some(live_stream(stream)?),
            Sync::Blocking => None,
        };
        // SAFETY: forwarded from the caller; checked stream.
        unsafe { texture::array_copy(current_device()?, copy, s) }
    }

    fn texture_create(
        &self,
        res: &Resource,
        tex: &TextureDesc,
        view: Option<&ViewDesc>,
    ) -> HipResult<u64> {
        texture::texture_create(current_device()?, res, tex, view)
    }

    unsafe fn texture_destroy(&self, object: u64) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { texture::texture_destroy(current_device()?, object) }
    }

    fn surface_create(&self, res: &Resource) -> HipResult<u64> {
        texture::surface_create(current_device()?, res)
    }

    unsafe fn surface_destroy(&self, object: u64) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { texture::surface_destroy(current_device()?, object) }
    }
}
