//! Arrays, mipmapped arrays, texture objects and surface objects: what a platform provides.
//! Handles, validation and the descriptors reported back live in the core
//! ([`crate::texture::objects`]); a backend only makes and frees storage and objects and
//! copies texels.

use super::Handle;
use crate::error::HipResult;
use crate::memory::Sync;
use crate::texture::{
    ArrayCopy, ArrayDesc, ArrayStorage, MipmapStorage, Resource, TextureDesc, ViewDesc,
};

/// Array storage, texture and surface objects, copies to and from arrays.
pub trait TextureBackend {
    /// Storage for a new array of the (validated) shape, on the current device.
    fn array_alloc(&self, desc: &ArrayDesc) -> HipResult<ArrayStorage>;
    /// Frees what [`TextureBackend::array_alloc`] made (after the device is idle).
    ///
    /// # Safety
    /// No object or pending work may use the array afterwards.
    unsafe fn array_free(&self, storage: &ArrayStorage) -> HipResult<()>;
    /// A mipmapped array of `levels` levels (at most [`ArrayDesc::max_levels`]).
    fn mipmap_alloc(&self, desc: &ArrayDesc, levels: u32) -> HipResult<MipmapStorage>;
    /// Frees a mipmapped array and its levels.
    ///
    /// # Safety
    /// As for [`TextureBackend::array_free`].
    unsafe fn mipmap_free(&self, storage: &MipmapStorage) -> HipResult<()>;
    /// A copy with at least one array side, ordered on `stream` (NULL when blocking).
    ///
    /// # Safety
    /// The linear sides must be valid memory for the copy (until it has run, if async).
    unsafe fn array_copy(&self, copy: &ArrayCopy, stream: Handle, sync: Sync) -> HipResult<()>;
    /// A texture object over a (validated) resource, seen through a (validated) view if one
    /// is given: the value of `hipTextureObject_t`.
    fn texture_create(
        &self,
        res: &Resource,
        tex: &TextureDesc,
        view: Option<&ViewDesc>,
    ) -> HipResult<u64>;
    /// Destroys a texture object this backend made.
    ///
    /// # Safety
    /// No pending work may use the object.
    unsafe fn texture_destroy(&self, object: u64) -> HipResult<()>;
    /// A surface object over an array: the value of `hipSurfaceObject_t`.
    fn surface_create(&self, res: &Resource) -> HipResult<u64>;
    /// Destroys a surface object this backend made.
    ///
    /// # Safety
    /// No pending work may use the object.
    unsafe fn surface_destroy(&self, object: u64) -> HipResult<()>;
}
