//! Symmetric fibers: pooled stacks and a direct context switch.
//!
//! A fiber is a stack plus a saved [`Context`]. [`switch`] saves the running context and
//! resumes another one directly: there is no scheduler in between, so handing the CPU from one
//! work-item to the next costs one switch (about ten instructions, inlined at the call site).
//! [`jump`] resumes a context without saving the current one (a fiber that has finished).
//! [`prepare`] makes a fresh context on a stack that calls an entry function when resumed.
//!
//! The callee-saved registers of the platform's C ABI survive a switch: two of them are saved
//! by hand, the others are declared clobbered so that the compiler saves what it needs. The
//! floating point control state (MXCSR, x87 control word, FPCR) is *not* switched: fibers of a
//! thread share it, as work-items that run on one OS thread always did. Tested on x86-64; the
//! AArch64 version follows the same scheme (`x19`, `x29` by hand).
//!
//! Nothing unwinds across a switch: entry functions never return and never unwind (they are
//! `extern "C"`, so a panic inside aborts).

use std::ffi::c_void;
use std::ptr;

#[cfg(ferrocm_sanitize)]
mod sanitizer;

/// Entry function of a fresh context: receives the argument given to [`prepare`].
pub(crate) type Entry = unsafe extern "C" fn(arg: *mut c_void) -> !;

// The switch is inline assembly at each call site rather than a function: a suspended context
// is resumed with an indirect `jmp` to the label where it suspended, which the branch target
// buffer predicts per site (in a barrier ring every switch goes to the same label), and no
// `call`/`ret` pair is split between two stacks (a `ret` on another stack than its `call`
// defeats the return-stack predictor). The context is saved in a `Regs` block owned by the
// engine (not pushed on the fiber's stack), so a switch touches no stack memory: only the
// stack pointer, the resume address and the two registers that the compiler cannot treat as
// clobbered (`rbx`, `rbp`; `x19`, `x29`) are stored. Every other register is declared
// clobbered, so the compiler keeps whatever is live in the frame.
//
// A fresh context (`prepare`) resumes at `ferrocm_cpu_fiber_start_v2`, with the entry
// function and its argument in those two registers; it calls the entry.

#[cfg(target_arch = "x86_64")]
std::arch::global_asm!(
    ".pushsection .text.ferrocm_cpu_fiber,\"ax\",@progbits",
    ".balign 16",
    ".globl ferrocm_cpu_fiber_start_v2",
    ".hidden ferrocm_cpu_fiber_start_v2",
    ".type ferrocm_cpu_fiber_start_v2,@function",
    "ferrocm_cpu_fiber_start_v2:",
    ".cfi_startproc",
    ".cfi_undefined rip",
    "mov rdi, rbp",
    "xor ebp, ebp",
    "call rbx",
    "ud2",
    ".cfi_endproc",
    ".size ferrocm_cpu_fiber_start_v2, .-ferrocm_cpu_fiber_start_v2",
    ".popsection",
);

#[cfg(target_arch = "aarch64")]
std::arch::global_asm!(
    ".pushsection .text.ferrocm_cpu_fiber,\"ax\",%progbits",
    ".balign 16",
    ".globl ferrocm_cpu_fiber_start_v2",
    ".hidden ferrocm_cpu_fiber_start_v2",
    ".type ferrocm_cpu_fiber_start_v2,%function",
    "ferrocm_cpu_fiber_start_v2:",
    "mov x0, x29",
    "mov x29, #0",
    "mov x30, #0",
    "blr x19",
    "brk #0",
    ".size ferrocm_cpu_fiber_start_v2, .-ferrocm_cpu_fiber_start_v2",
    ".popsection",
);

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("ferrocm-cpu-engine: fibers are implemented for x86_64 and aarch64 only");

extern "C" {
    fn ferrocm_cpu_fiber_start_v2();
}

/// A suspended context: stack pointer, resume address and the two registers the switch saves
/// by hand (x86-64: rbx, rbp; AArch64: x19, x29). Fields are read by the assembly at fixed
/// offsets.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Regs {
    sp: usize,
    pc: usize,
    r0: usize,
    r1: usize,
    /// Sanitizer builds only: what ASan/TSan need to follow the switches (after the fields
    /// the assembly reads).
    #[cfg(ferrocm_sanitize)]
    san: sanitizer::San,
}

/// The saved state of a context, owned by the engine (a `Cell`-like slot that the assembly
/// reads and writes through a raw pointer).
pub(crate) type Context = std::cell::UnsafeCell<Regs>;

/// A context that was never saved.
pub(crate) const fn context() -> Context {
    std::cell::UnsafeCell::new(Regs {
        sp: 0,
        pc: 0,
        r0: 0,
        r1: 0,
        #[cfg(ferrocm_sanitize)]
        san: sanitizer::San::new(),
    })
}

/// Makes `ctx` a fresh context on the stack below `top` (16-byte aligned, the highest usable
/// address + 1) that calls `entry(arg)` when it is first resumed.
///
/// # Safety
/// `ctx` is not being resumed; `top` is the top of a stack owned by the caller with no live
/// context on it.
#[inline]
pub(crate) unsafe fn prepare(ctx: &Context, top: *mut u8, entry: Entry, arg: *mut c_void) {
    debug_assert_eq!(top as usize % 16, 0);
    let start = ferrocm_cpu_fiber_start_v2 as *const () as usize;
    // x86-64: the start code's `call` needs rsp 16-byte aligned; the word at the stack pointer
    // is left for a (null) return address that stops unwinders.
    #[cfg(target_arch = "x86_64")]
    let sp = top as usize - 16;
    #[cfg(target_arch = "aarch64")]
    let sp = top as usize;
    #[cfg(not(ferrocm_sanitize))]
    let (r0, r1) = (entry as usize, arg as usize);
    // SAFETY: forwarded caller contract.
    #[cfg(ferrocm_sanitize)]
    let (r0, r1) = unsafe { sanitizer::prepare(ctx, top as usize, entry, arg) };
    // SAFETY: the caller guarantees nobody uses `ctx` now; the stack words written lie below
    // `top`, inside the caller's stack.
    unsafe {
        let r = ctx.get();
        (*r).sp = sp;
        (*r).pc = start;
        (*r).r0 = r0;
        (*r).r1 = r1;
        #[cfg(target_arch = "x86_64")]
        (sp as *mut usize).write(0);
    }
}

/// Saves the running context into `save` and resumes `to`. Returns when someone resumes the
/// saved context.
///
/// # Safety
/// `to` holds a context saved by [`switch`] or made by [`prepare`] that nobody else resumes;
/// `save` is not `to`; the stacks of both stay alive until they are resumed or abandoned.
#[inline(always)]
pub(crate) unsafe fn switch(save: &Context, to: &Context) {
    let save = save.get();
    let to = to.get().cast_const();
    // SAFETY: forwarded caller contract.
    #[cfg(ferrocm_sanitize)]
    let (fake, bounds) = unsafe { sanitizer::before_switch(save, to) };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: caller contract. The block stores rsp, its resume address, rbx and rbp in
    // `save` and loads the same from `to`; it pushes nothing; every other register is
    // declared clobbered, so nothing the compiler keeps in registers is lost.
    unsafe {
        std::arch::asm!(
            "lea rax, [rip + 2f]",
            "mov [rdi], rsp",
            "mov [rdi + 8], rax",
            "mov [rdi + 16], rbx",
            "mov [rdi + 24], rbp",
            "mov rsp, [rsi]",
            "mov rbx, [rsi + 16]",
            "mov rbp, [rsi + 24]",
            "jmp qword ptr [rsi + 8]",
            "2:",
            // Fixed registers: an operand in rbx or rbp would be overwritten.
            in("rdi") save,
            in("rsi") to,
            out("rax") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
            clobber_abi("C"),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as for x86-64, with sp, the resume address, x19 and x29.
    unsafe {
        std::arch::asm!(
            "adr x9, 2f",
            "mov x10, sp",
            "stp x10, x9, [x0]",
            "stp x19, x29, [x0, #16]",
            "ldp x10, x9, [x1]",
            "ldp x19, x29, [x1, #16]",
            "mov sp, x10",
            "br x9",
            "2:",
            // Fixed registers: an operand in x19 or x29 would be overwritten.
            in("x0") save,
            in("x1") to,
            out("x9") _,
            out("x10") _,
            out("x20") _,
            out("x21") _,
            out("x22") _,
            out("x23") _,
            out("x24") _,
            out("x25") _,
            out("x26") _,
            out("x27") _,
            out("x28") _,
            clobber_abi("C"),
        );
    }
    // SAFETY: we landed back on the execution saved above.
    #[cfg(ferrocm_sanitize)]
    unsafe {
        sanitizer::after_switch(fake, bounds)
    };
}

/// Resumes `to`, abandoning the running context (its stack may be reused afterwards).
///
/// # Safety
/// As for [`switch`]; nothing may ever resume the abandoned context, and its frames are not
/// unwound (no destructors run for them).
#[inline(always)]
pub(crate) unsafe fn jump(to: &Context) -> ! {
    let to = to.get().cast_const();
    // SAFETY: forwarded caller contract.
    #[cfg(ferrocm_sanitize)]
    unsafe {
        sanitizer::before_jump(to)
    };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: caller contract.
    unsafe {
        std::arch::asm!(
            "mov rsp, [rdi]",
            "mov rbx, [rdi + 16]",
            "mov rbp, [rdi + 24]",
            "jmp qword ptr [rdi + 8]",
            in("rdi") to,
            options(noreturn),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above.
    unsafe {
        std::arch::asm!(
            "ldp x9, x10, [x0]",
            "ldp x19, x29, [x0, #16]",
            "mov sp, x9",
            "br x10",
            in("x0") to,
            options(noreturn),
        );
    }
}

/// Bytes reserved at the top of fiber stacks for cache colouring.
const STACK_COLOURS: usize = 16 * 1024;

/// A fiber stack: an anonymous mapping with a guard page at its low end. Stacks are
/// page-aligned, so the hot top frames of every fiber would fall into the same cache sets;
/// each stack's usable top is therefore shifted down by its own multiple of a cache line
/// ("colour"), below `STACK_COLOURS`.
pub(crate) struct Stack {
    base: *mut u8,
    len: usize,
    top: *mut u8,
}

// SAFETY: a stack is plain memory owned by this value; which thread uses it is up to the owner.
unsafe impl Send for Stack {}

fn page_size() -> usize {
    // SAFETY: sysconf has no memory-safety preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

impl Stack {
    /// A stack with `size` usable bytes; `serial` picks its colour.
    pub(crate) fn new(size: usize, serial: usize) -> Result<Stack, String> {
        let page = page_size();
        let usable = (size + STACK_COLOURS).div_ceil(page) * page;
        let len = usable + page;
        // SAFETY: an anonymous private mapping of `len` bytes at an address of the kernel's
        // choice; no existing memory is affected.
        let base = unsafe {
            libc::mmap(
                ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(format!(
                "fiber stack of {size} bytes: {}",
                std::io::Error::last_os_error()
            ));
        }
        let base = base.cast::<u8>();
        // SAFETY: the first page lies inside the mapping just made.
        if unsafe { libc::mprotect(base.cast(), page, libc::PROT_NONE) } != 0 {
            let e = std::io::Error::last_os_error();
            // SAFETY: unmapping the mapping made above, which nothing else uses.
            unsafe { libc::munmap(base.cast(), len) };
            return Err(format!("fiber stack guard page: {e}"));
        }
        // 17 is odd: 256 consecutive stacks get 256 different colours.
        let colour = (serial * 17 * 64) % STACK_COLOURS;
        // SAFETY: `len - colour` is within the mapping (colour < STACK_COLOURS < usable).
        let top = unsafe { base.add(len - colour) };
        #[cfg(ferrocm_sanitize)]
        sanitizer::stack_made(base as usize + page, base as usize + len);
        Ok(Stack { base, len, top })
    }

    /// The (16-byte aligned) top of the stack.
    pub(crate) fn top(&self) -> *mut u8 {
        self.top
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        #[cfg(ferrocm_sanitize)]
        sanitizer::stack_dropped(self.base as usize + self.len);
        // SAFETY: `base`/`len` describe the mapping made in `new`, unmapped once; no context
        // lives on it any more (the owner drops stacks only between work-groups).
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct PingPong {
        main: Context,
        fiber: Context,
        log: Cell<u32>,
    }

    unsafe extern "C" fn ping(arg: *mut c_void) -> ! {
        // SAFETY: the test passes a live `PingPong` that outlives the fiber.
        let p = unsafe { &*arg.cast::<PingPong>() };
        for i in 1..=3 {
            p.log.set(p.log.get() * 10 + i);
            // SAFETY: `main` was saved by the switch that started or resumed us.
            unsafe { switch(&p.fiber, &p.main) };
        }
        // SAFETY: as above; this fiber is never resumed again.
        unsafe { jump(&p.main) }
    }

    #[test]
    fn switch_and_jump_round_trip() {
        let stack = Stack::new(64 * 1024, 3).expect("stack");
        let p = PingPong {
            main: context(),
            fiber: context(),
            log: Cell::new(0),
        };
        let arg = ptr::from_ref(&p).cast_mut().cast();
        // SAFETY: a fresh stack, `p` outlives the fiber (it finishes before the test ends).
        unsafe {
            prepare(&p.fiber, stack.top(), ping, arg);
            for _ in 0..4 {
                switch(&p.main, &p.fiber);
            }
        }
        assert_eq!(p.log.get(), 123);
    }
}
