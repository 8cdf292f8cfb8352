//! Per-thread execution context: group-memory and private-segment buffers, fiber stacks and
//! fiber-mode tables, kept thread-local and reused by every dispatch.

use std::cell::Cell;
use std::ptr;

use super::dispatch::round_up;
use super::group::Group;
use super::{DispatchError, GROUP_ALIGN, MAX_WAVES};
use crate::abi::{WorkItem, MAX_WORKGROUP_SIZE};
use crate::fiber;
use crate::fiber::{Context, Stack};

/// A growable, aligned, uninitialised byte buffer.
pub(super) struct AlignedBuf {
    pub(super) ptr: *mut u8,
    pub(super) cap: usize,
    pub(super) align: usize,
}

impl AlignedBuf {
    const fn new(align: usize) -> AlignedBuf {
        AlignedBuf {
            ptr: ptr::null_mut(),
            cap: 0,
            align,
        }
    }

    /// A pointer to at least `len` bytes (null if `len == 0`); the contents are unspecified.
    pub(super) fn get(&mut self, len: usize) -> Result<*mut u8, DispatchError> {
        if len == 0 {
            return Ok(ptr::null_mut());
        }
        if len > self.cap {
            self.free();
            let cap = round_up(len, self.align);
            let layout = std::alloc::Layout::from_size_align(cap, self.align)
                .map_err(|e| DispatchError::OutOfResources(e.to_string()))?;
            // SAFETY: `layout` has a non-zero size.
            let p = unsafe { std::alloc::alloc(layout) };
            if p.is_null() {
                return Err(DispatchError::OutOfResources(format!(
                    "cannot allocate {cap} bytes"
                )));
            }
            self.ptr = p;
            self.cap = cap;
        }
        Ok(self.ptr)
    }

    pub(super) fn free(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: `ptr` was allocated in `get` with exactly this layout (it was valid then).
            unsafe {
                std::alloc::dealloc(
                    self.ptr,
                    std::alloc::Layout::from_size_align_unchecked(self.cap, self.align),
                )
            };
            self.ptr = ptr::null_mut();
            self.cap = 0;
        }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        self.free();
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum SlotState {
    NotStarted,
    /// Runnable (or running).
    Ready,
    AtBarrier,
    AtWave,
    Exited,
}

/// Fiber-mode state of one work-item (indexed by flat local id). Shared by the fibers of a
/// group through `Cell`s; only one of them runs at a time on a thread.
pub(super) struct Slot {
    pub(super) state: Cell<SlotState>,
    /// The saved context while the work-item is suspended.
    pub(super) ctx: Context,
    /// Result of the last barrier / wave exchange.
    pub(super) result: Cell<u64>,
    /// Value contributed to the pending wave exchange.
    pub(super) value: Cell<u64>,
    /// Where the pending wave exchange writes the lanes.
    pub(super) lanes: Cell<*mut u64>,
}

impl Slot {
    const fn new() -> Slot {
        Slot {
            state: Cell::new(SlotState::NotStarted),
            ctx: fiber::context(),
            result: Cell::new(0),
            value: Cell::new(0),
            lanes: Cell::new(ptr::null_mut()),
        }
    }
}

#[derive(Default)]
pub(super) struct Wave {
    /// Lanes that have not returned.
    pub(super) live: Cell<u64>,
    /// Lanes waiting in the pending exchange.
    pub(super) arrived: Cell<u64>,
}

/// Work-item structs whose addresses are handed to kernels. They are owned through a raw
/// pointer (never reborrowed as a whole `&mut` slice while kernels hold pointers into it).
pub(super) struct RawItems {
    pub(super) ptr: *mut WorkItem,
    pub(super) len: usize,
}

impl RawItems {
    #[inline]
    pub(super) fn new(len: usize) -> RawItems {
        let items: Box<[WorkItem]> = (0..len).map(|_| WorkItem::zeroed()).collect();
        RawItems {
            len: items.len(),
            ptr: Box::into_raw(items).cast::<WorkItem>(),
        }
    }

    /// Pointer to item `i` (`i < len`).
    pub(super) fn at(&self, i: usize) -> *mut WorkItem {
        debug_assert!(i < self.len);
        // SAFETY: `i < len` (callers index by flat id < MAX_WORKGROUP_SIZE = len, or 0 < 1).
        unsafe { self.ptr.add(i.min(self.len - 1)) }
    }
}

impl Drop for RawItems {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`len` come from `Box::into_raw` of a boxed slice in `new`, freed once.
        drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(self.ptr, self.len)) });
    }
}

/// Fiber-mode tables, allocated on a thread's first fiber-mode group and reused.
pub(super) struct FiberTables {
    pub(super) slots: Box<[Slot]>,
    pub(super) items: RawItems,
    pub(super) waves: Box<[Wave]>,
    /// The stack of work-item `i`'s fiber, made the first time a group needs it, then kept.
    pub(super) stacks: Vec<Option<Stack>>,
    /// Their tops (null where none was made).
    pub(super) tops: Box<[*mut u8]>,
    /// `stacks[1..ready]` all exist.
    pub(super) ready: u32,
}

impl FiberTables {
    #[inline]
    pub(super) fn new() -> FiberTables {
        let n = MAX_WORKGROUP_SIZE as usize;
        FiberTables {
            slots: (0..n).map(|_| Slot::new()).collect(),
            items: RawItems::new(n),
            waves: (0..MAX_WAVES).map(|_| Wave::default()).collect(),
            stacks: (0..n).map(|_| None).collect(),
            tops: (0..n).map(|_| ptr::null_mut()).collect(),
            ready: 1,
        }
    }
}

/// Everything a thread reuses from one work-group to the next.
pub(super) struct WorkerCtx {
    pub(super) stack_size: usize,
    /// Stacks created by this context (for their colours).
    pub(super) stacks_made: usize,
    /// The stack of the runner fiber (groups run on it until one needs fibers).
    pub(super) runner: Option<Stack>,
    pub(super) group_mem: AlignedBuf,
    /// Private segment of work-item 0 and of the loop (one slot).
    pub(super) private0: AlignedBuf,
    /// Private segments of fiber-mode work-items (one slot per work-item).
    pub(super) private_fibers: AlignedBuf,
    /// Work-item 0 / the loop's work-item (its address is handed to kernels).
    pub(super) wi0: RawItems,
    pub(super) tables: Option<Box<FiberTables>>,
}

impl WorkerCtx {
    #[inline]
    pub(super) fn new(stack_size: usize) -> WorkerCtx {
        WorkerCtx {
            stack_size,
            stacks_made: 0,
            runner: None,
            group_mem: AlignedBuf::new(GROUP_ALIGN),
            private0: AlignedBuf::new(GROUP_ALIGN),
            private_fibers: AlignedBuf::new(GROUP_ALIGN),
            wi0: RawItems::new(1),
            tables: None,
        }
    }

    pub(super) fn new_stack(&mut self) -> Result<Stack, DispatchError> {
        self.stacks_made += 1;
        Stack::new(self.stack_size, self.stacks_made).map_err(DispatchError::OutOfResources)
    }

    /// Drops every stack (their size changed).
    #[inline]
    pub(super) fn drop_stacks(&mut self) {
        self.runner = None;
        if let Some(t) = self.tables.as_mut() {
            for (s, top) in t.stacks.iter_mut().zip(t.tops.iter_mut()) {
                *s = None;
                *top = ptr::null_mut();
            }
            t.ready = 1;
        }
    }
}

thread_local! {
    static CTX: Cell<Option<Box<WorkerCtx>>> = const { Cell::new(None) };
    /// The work-group running on this thread (for `barrier` / `wave_exchange` called with a
    /// work-item that does not name its group).
    pub(super) static CURRENT_GROUP: Cell<*const Group> = const { Cell::new(ptr::null()) };
}

#[inline]
pub(super) fn take_ctx(stack_size: usize) -> Box<WorkerCtx> {
    let ctx = CTX.try_with(Cell::take).ok().flatten();
    match ctx {
        Some(mut c) => {
            if c.stack_size != stack_size {
                c.drop_stacks();
                c.stack_size = stack_size;
            }
            c
        }
        None => Box::new(WorkerCtx::new(stack_size)),
    }
}

#[inline]
pub(super) fn put_ctx(ctx: Box<WorkerCtx>) {
    // If the thread-local is being destroyed, the context is simply dropped.
    let _ = CTX.try_with(|c| c.set(Some(ctx)));
}
