//! Fiber annotations for AddressSanitizer and ThreadSanitizer (`scripts/sanitize.sh`).
//!
//! Compiled only with `--cfg ferrocm_sanitize="address"` or `="thread"` (set by the script
//! next to `-Zsanitizer=...`). Without them a sanitizer sees a thread whose stack pointer
//! jumps into memory it does not know: ASan reports stack-use-after-scope on the fiber stacks
//! (its `__asan_handle_no_return` unpoisons the wrong range) and TSan mixes the shadow call
//! stacks and clocks of unrelated work-items. The sanitizer runtimes have an API for exactly
//! this (`<sanitizer/common_interface_defs.h>`, `<sanitizer/tsan_interface.h>`):
//!
//! - ASan: `__sanitizer_start_switch_fiber(save, bottom, size)` just before a switch, with
//!   the bounds of the stack being resumed, and `__sanitizer_finish_switch_fiber(save, ..)`
//!   just after landing; a null `save` says that the fiber being left is finished.
//! - TSan: one TSan fiber per context made by [`super::prepare`]
//!   (`__tsan_create_fiber`), `__tsan_switch_to_fiber` just before each switch (flags 0: the
//!   switch orders the two fibers, as running them on one thread does), and
//!   `__tsan_destroy_fiber` for a finished fiber once another one runs.
//!
//! Each context records the bounds and TSan fiber of the execution saved in it ([`Regs`]'s
//! `san` field); a fresh context starts in [`start`], which finishes the switch and then
//! calls the real entry function. A normal build has none of this (the cfg is off), so the
//! fast path stays the plain register switch.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::ptr;

use parking_lot::Mutex;

use super::{Context, Entry, Regs};

/// What a context records for the sanitizers (see the module docs).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct San {
    /// Lowest usable address of the stack the saved execution runs on.
    bottom: usize,
    /// Its size in bytes (0: not known yet).
    size: usize,
    /// The TSan fiber of the saved execution (0 under ASan; an address, so that contexts
    /// stay `Send` like the plain build's).
    fiber: usize,
    /// The real entry function and argument of a fresh context (see [`start`]).
    entry: usize,
    arg: usize,
}

impl San {
    pub(crate) const fn new() -> San {
        San {
            bottom: 0,
            size: 0,
            fiber: 0,
            entry: 0,
            arg: 0,
        }
    }
}

impl Default for San {
    fn default() -> San {
        San::new()
    }
}

#[cfg(ferrocm_sanitize = "address")]
extern "C" {
    fn __sanitizer_start_switch_fiber(
        fake_stack_save: *mut *mut c_void,
        bottom: *const c_void,
        size: usize,
    );
    fn __sanitizer_finish_switch_fiber(
        fake_stack_save: *mut c_void,
        bottom_old: *mut *const c_void,
        size_old: *mut usize,
    );
    fn __asan_unpoison_memory_region(addr: *const c_void, size: usize);
}

#[cfg(ferrocm_sanitize = "thread")]
extern "C" {
    fn __tsan_get_current_fiber() -> *mut c_void;
    fn __tsan_create_fiber(flags: u32) -> *mut c_void;
    fn __tsan_destroy_fiber(fiber: *mut c_void);
    fn __tsan_switch_to_fiber(fiber: *mut c_void, flags: u32);
}

thread_local! {
    /// Bounds of the stack this thread runs on now ((0, 0): its own, not asked yet).
    static CURRENT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// A finished TSan fiber to destroy once another fiber runs (a fiber cannot destroy
    /// itself).
    static FINISHED: Cell<*mut c_void> = const { Cell::new(ptr::null_mut()) };
}

/// Fiber stacks by end address: (end of mapping) -> (usable bottom). [`super::prepare`] gets
/// only a stack's top; this finds the stack it lies in.
static STACKS: Mutex<BTreeMap<usize, usize>> = Mutex::new(BTreeMap::new());

/// Records a fiber stack: usable bytes `bottom..end`.
pub(crate) fn stack_made(bottom: usize, end: usize) {
    STACKS.lock().insert(end, bottom);
}

/// Forgets a fiber stack (unmapped next).
pub(crate) fn stack_dropped(end: usize) {
    STACKS.lock().remove(&end);
}

/// Bounds of the thread's own stack (pthread_getattr_np, as the sanitizers find it).
fn thread_stack() -> (usize, usize) {
    let mut bounds = (0, 0);
    // SAFETY: `attr` is initialised by pthread_getattr_np before use and destroyed after;
    // the out-pointers are valid locals.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) == 0 {
            let mut addr: *mut c_void = ptr::null_mut();
            let mut size: usize = 0;
            if libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0 {
                bounds = (addr as usize, size);
            }
            libc::pthread_attr_destroy(&mut attr);
        }
    }
    bounds
}

/// Bounds of the stack running now.
fn current() -> (usize, usize) {
    CURRENT.with(|c| {
        let b = c.get();
        if b.1 != 0 {
            return b;
        }
        let b = thread_stack();
        c.set(b);
        b
    })
}

/// Fills in the sanitizer part of a fresh context on the stack below `top` and returns the
/// (entry, argument) pair the start code must call instead: [`start`] with the context.
///
/// # Safety
/// As for [`super::prepare`].
pub(crate) unsafe fn prepare(
    ctx: &Context,
    top: usize,
    entry: Entry,
    arg: *mut c_void,
) -> (usize, usize) {
    let bottom = STACKS
        .lock()
        .range(top..)
        .next()
        .map_or(top, |(_, &bottom)| bottom);
    let size = top - bottom.min(top);
    // A stack is reused by later fibers whose frames differ from the abandoned ones.
    #[cfg(ferrocm_sanitize = "address")]
    // SAFETY: `bottom..top` is fiber stack memory owned by the caller with no live frames.
    unsafe {
        __asan_unpoison_memory_region(bottom as *const c_void, size);
    }
    #[cfg(ferrocm_sanitize = "thread")]
    // SAFETY: creating a fiber has no preconditions.
    let fiber = unsafe { __tsan_create_fiber(0) } as usize;
    #[cfg(not(ferrocm_sanitize = "thread"))]
    let fiber = 0;
    // SAFETY: the caller guarantees nobody uses `ctx` now.
    unsafe {
        (*ctx.get()).san = San {
            bottom,
            size,
            fiber,
            entry: entry as *const () as usize,
            arg: arg as usize,
        };
    }
    (start as *const () as usize, ctx.get() as usize)
}

/// Before a switch that saves the running execution in `save` and resumes `to`. Returns
/// what [`after_switch`] needs: ASan's fake-stack handle and the running stack's bounds.
///
/// # Safety
/// As for [`super::switch`].
#[inline(always)]
pub(crate) unsafe fn before_switch(
    save: *mut Regs,
    to: *const Regs,
) -> (*mut c_void, (usize, usize)) {
    let (bottom, size) = current();
    // SAFETY: caller contract: `save` is ours to write, `to` a saved or fresh context.
    unsafe {
        (*save).san.bottom = bottom;
        (*save).san.size = size;
        #[cfg(ferrocm_sanitize = "thread")]
        {
            (*save).san.fiber = __tsan_get_current_fiber() as usize;
        }
        (leave(&raw mut (*save).san, &(*to).san), (bottom, size))
    }
}

/// After landing back in a switch (the execution saved by [`before_switch`] resumes).
///
/// # Safety
/// Called right after the switch, on the resumed execution.
#[inline(always)]
pub(crate) unsafe fn after_switch(fake: *mut c_void, bounds: (usize, usize)) {
    // SAFETY: forwarded.
    unsafe { land(fake, bounds) }
}

/// Before a jump that abandons the running execution (a finished fiber) and resumes `to`.
///
/// # Safety
/// As for [`super::jump`].
#[inline(always)]
pub(crate) unsafe fn before_jump(to: *const Regs) {
    #[cfg(ferrocm_sanitize = "thread")]
    // SAFETY: only fibers made by `prepare` jump away (a thread's own context is only ever
    // saved and resumed), so the running fiber is ours to destroy once another runs.
    unsafe {
        let me = __tsan_get_current_fiber();
        FINISHED.with(|f| f.set(me));
    }
    // SAFETY: caller contract.
    unsafe {
        leave(ptr::null_mut(), &(*to).san);
    }
}

/// The sanitizer calls just before the stack pointer moves to `to`'s stack; `fake` null
/// when the running fiber is finished. Returns ASan's fake-stack handle for `land`.
#[inline(always)]
unsafe fn leave(save: *mut San, to: &San) -> *mut c_void {
    let _ = save;
    #[cfg(ferrocm_sanitize = "address")]
    // SAFETY: `to`'s bounds are those of the stack the switch resumes.
    let fake = unsafe {
        let mut fake: *mut c_void = ptr::null_mut();
        let slot = if save.is_null() {
            ptr::null_mut()
        } else {
            &raw mut fake
        };
        __sanitizer_start_switch_fiber(slot, to.bottom as *const c_void, to.size);
        fake
    };
    #[cfg(not(ferrocm_sanitize = "address"))]
    let fake = ptr::null_mut();
    #[cfg(ferrocm_sanitize = "thread")]
    // SAFETY: `to.fiber` was made by `prepare` or saved from a running execution.
    unsafe {
        if to.fiber != 0 {
            __tsan_switch_to_fiber(to.fiber as *mut c_void, 0);
        }
    }
    let _ = to;
    fake
}

/// The sanitizer calls right after landing on a stack with bounds `bounds`.
#[inline(always)]
unsafe fn land(fake: *mut c_void, bounds: (usize, usize)) {
    let _ = fake;
    #[cfg(ferrocm_sanitize = "address")]
    // SAFETY: paired with the `start_switch_fiber` of the switch that resumed us.
    unsafe {
        __sanitizer_finish_switch_fiber(fake, ptr::null_mut(), ptr::null_mut());
    }
    CURRENT.with(|c| c.set(bounds));
    let finished = FINISHED.with(|f| f.replace(ptr::null_mut()));
    let _ = finished;
    #[cfg(ferrocm_sanitize = "thread")]
    // SAFETY: a fiber that jumped away and is never resumed; we run on another one now.
    unsafe {
        if !finished.is_null() {
            __tsan_destroy_fiber(finished);
        }
    }
}

/// Where every fresh context starts: finishes the switch, then calls the real entry.
unsafe extern "C" fn start(regs: *mut c_void) -> ! {
    // SAFETY: `prepare` passed the context, which nobody writes until this fiber suspends.
    let san = unsafe { (*regs.cast::<Regs>()).san };
    // SAFETY: first thing on the new stack.
    unsafe { land(ptr::null_mut(), (san.bottom, san.size)) };
    // SAFETY: `prepare` stored an `Entry` as usize.
    let entry: Entry = unsafe { std::mem::transmute::<usize, Entry>(san.entry) };
    // SAFETY: the entry's contract was the caller of `prepare`'s.
    unsafe { entry(san.arg as *mut c_void) }
}
