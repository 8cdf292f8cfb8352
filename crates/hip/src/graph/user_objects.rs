//! User objects (`hipUserObjectCreate` ...): a reference-counted resource whose destructor
//! runs when the last reference goes. The program holds references, graphs hold them
//! (`hipGraphRetainUserObject`), and executable graphs hold their graph's references from
//! instantiation until they are destroyed and their last launch has completed (each launch
//! keeps its executable graph's references until the stream has run it).

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::{lookup_in, next_handle, Registry};
use crate::error::{HipError, HipResult};

/// `hipUserObjectNoDestructorSync`: the only flag, and required (as in CUDA).
pub const USER_OBJECT_NO_DESTRUCTOR_SYNC: u32 = 1;
/// `hipGraphUserObjectMove`: the graph takes over the caller's references.
pub const GRAPH_USER_OBJECT_MOVE: u32 = 1;
const USER_OBJECT_HANDLE_BASE: u64 = 0x554f_0000_0000_0000;

/// The application's destructor and its argument.
#[derive(Clone, Copy)]
struct Destructor {
    f: unsafe extern "C" fn(*mut c_void),
    ptr: usize,
}

/// A user object (the `hipUserObject_t` behind the handle).
pub struct UserObject {
    pub handle: u64,
    refs: AtomicU64,
    destructor: Mutex<Option<Destructor>>,
}

static OBJECTS: Registry<Arc<UserObject>> = RwLock::new(None);

impl UserObject {
    /// `hipUserObjectCreate`: `initial` references (at least 1) held by the caller.
    pub fn create(
        ptr: *mut c_void,
        destroy: Option<unsafe extern "C" fn(*mut c_void)>,
        initial: u32,
        flags: u32,
    ) -> HipResult<Arc<UserObject>> {
        let f = destroy.ok_or(HipError::InvalidValue)?;
        if initial == 0 || flags != USER_OBJECT_NO_DESTRUCTOR_SYNC {
            return Err(HipError::InvalidValue);
        }
        let o = Arc::new(UserObject {
            handle: next_handle(USER_OBJECT_HANDLE_BASE),
            refs: AtomicU64::new(initial as u64),
            destructor: Mutex::new(Some(Destructor {
                f,
                ptr: ptr as usize,
            })),
        });
        super::register(&OBJECTS, o.handle, &o);
        Ok(o)
    }

    /// The live object with this handle (`hipErrorInvalidValue` otherwise).
    pub fn lookup(handle: u64) -> HipResult<Arc<UserObject>> {
        lookup_in(&OBJECTS, handle).ok_or(HipError::InvalidValue)
    }

    /// `hipUserObjectRetain` (`count` ≥ 1).
    pub fn retain(&self, count: u32) -> HipResult<()> {
        if count == 0 {
            return Err(HipError::InvalidValue);
        }
        self.refs.fetch_add(count as u64, Ordering::AcqRel);
        Ok(())
    }

    /// `hipUserObjectRelease` (`count` ≥ 1, at most the references there are): the
    /// destructor runs, and the handle becomes invalid, when none is left.
    pub fn release(&self, count: u32) -> HipResult<()> {
        let count = count as u64;
        if count == 0 {
            return Err(HipError::InvalidValue);
        }
        let before = self
            .refs
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |r| {
                r.checked_sub(count)
            })
            .map_err(|_| HipError::InvalidValue)?;
        if before == count {
            if let Some(m) = OBJECTS.write().as_mut() {
                m.remove(&self.handle);
            }
            if let Some(d) = self.destructor.lock().take() {
                // SAFETY: the application's destructor with its own argument, called once,
                // as HIP calls it.
                unsafe { (d.f)(d.ptr as *mut c_void) };
            }
        }
        Ok(())
    }
}

/// References a graph or an executable graph holds, by object.
#[derive(Default)]
pub struct UserRefs {
    held: Mutex<HashMap<u64, (Arc<UserObject>, u32)>>,
}

impl UserRefs {
    /// `hipGraphRetainUserObject`: `count` more references (taken from the caller's with
    /// `GRAPH_USER_OBJECT_MOVE`).
    pub fn retain(&self, o: &Arc<UserObject>, count: u32, flags: u32) -> HipResult<()> {
        if count == 0 || flags & !GRAPH_USER_OBJECT_MOVE != 0 {
            return Err(HipError::InvalidValue);
        }
        if flags & GRAPH_USER_OBJECT_MOVE == 0 {
            o.retain(count)?;
        }
        let mut held = self.held.lock();
        let e = held.entry(o.handle).or_insert_with(|| (Arc::clone(o), 0));
        e.1 += count;
        Ok(())
    }

    /// `hipGraphReleaseUserObject`: at most the references the graph holds.
    pub fn release(&self, o: &UserObject, count: u32) -> HipResult<()> {
        if count == 0 {
            return Err(HipError::InvalidValue);
        }
        let obj = {
            let mut held = self.held.lock();
            let e = held.get_mut(&o.handle).ok_or(HipError::InvalidValue)?;
            if e.1 < count {
                return Err(HipError::InvalidValue);
            }
            e.1 -= count;
            let obj = Arc::clone(&e.0);
            if e.1 == 0 {
                held.remove(&o.handle);
            }
            obj
        };
        obj.release(count)
    }

    /// A copy holding one more reference of each object held (for an executable graph or a
    /// clone).
    pub fn duplicate(&self) -> UserRefs {
        let held = self.held.lock();
        let copy: HashMap<u64, (Arc<UserObject>, u32)> = held
            .iter()
            .filter(|(_, (o, n))| o.retain(*n).is_ok())
            .map(|(k, (o, n))| (*k, (Arc::clone(o), *n)))
            .collect();
        UserRefs {
            held: Mutex::new(copy),
        }
    }

    /// Whether no reference is held.
    pub fn is_empty(&self) -> bool {
        self.held.lock().is_empty()
    }

    /// Takes every reference out (the caller now owns them).
    pub fn take(&self) -> Vec<(Arc<UserObject>, u32)> {
        self.held.lock().drain().map(|(_, v)| v).collect()
    }

    /// Holds references the caller owned.
    pub fn adopt(&self, o: Arc<UserObject>, count: u32) {
        let mut held = self.held.lock();
        let e = held.entry(o.handle).or_insert_with(|| (o, 0));
        e.1 += count;
    }

    /// Drops every reference held.
    pub fn release_all(&self) {
        let all: Vec<(Arc<UserObject>, u32)> = self.held.lock().drain().map(|(_, v)| v).collect();
        for (o, n) in all {
            let _ = o.release(n);
        }
    }
}

impl Drop for UserRefs {
    fn drop(&mut self) {
        self.release_all();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    unsafe extern "C" fn bump(p: *mut c_void) {
        // SAFETY: the test's counter.
        unsafe { (*p.cast::<AtomicUsize>()).fetch_add(1, Ordering::SeqCst) };
    }

    #[test]
    fn destructor_runs_when_the_last_reference_goes() {
        let hits = Box::leak(Box::new(AtomicUsize::new(0)));
        let p = (hits as *const AtomicUsize).cast_mut().cast::<c_void>();
        assert!(UserObject::create(p, Some(bump), 1, 0).is_err());
        assert!(UserObject::create(p, None, 1, 1).is_err());
        assert!(UserObject::create(p, Some(bump), 0, 1).is_err());
        let o = UserObject::create(p, Some(bump), 2, 1).unwrap();
        let graph = UserRefs::default();
        graph.retain(&o, 1, GRAPH_USER_OBJECT_MOVE).unwrap();
        let exec = graph.duplicate();
        o.release(1).unwrap();
        assert_eq!(o.release(5), Err(HipError::InvalidValue));
        drop(graph);
        assert_eq!(hits.load(Ordering::SeqCst), 0);
        assert!(UserObject::lookup(o.handle).is_ok());
        drop(exec);
        assert_eq!(hits.load(Ordering::SeqCst), 1);
        assert_eq!(
            UserObject::lookup(o.handle).err(),
            Some(HipError::InvalidValue)
        );
    }
}
