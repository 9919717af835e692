//! Stack high-water measurement by painting: fill the free stack below the caller's frame with
//! a pattern, run the call, then find the lowest word the call overwrote.
//!
//! The free stack is `[_stack_end, sp)`, where `_stack_end` is the end of static RAM (cortex-m-rt's, or `riscv.ld`'s)
//! (`.bss`/`.uninit`). AAPCS has no red zone and the firmware enables no interrupts, so the
//! memory below the stack pointer is ours to paint. The figure counts every byte the call
//! pushed, including the frame of the closure that wraps it (a few words).

use core::sync::atomic::{Ordering, compiler_fence};

/// The paint: a word a call is unlikely to store by chance.
const PAINT: u32 = 0x5AFE_57AC;

unsafe extern "C" {
    /// The end of static RAM, the lowest address the stack may grow to (cortex-m-rt's symbol on
    /// Arm; `riscv.ld` defines it on RISC-V).
    static _stack_end: u32;
}

/// The current stack pointer.
#[inline(always)]
fn stack_pointer() -> usize {
    #[cfg(all(target_arch = "arm", target_os = "none"))]
    {
        let sp: usize;
        // SAFETY: reads a register.
        unsafe { core::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags)) };
        sp
    }
    #[cfg(all(target_arch = "riscv32", target_os = "none"))]
    {
        let sp: usize;
        // SAFETY: reads a register.
        unsafe { core::arch::asm!("mv {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags)) };
        sp
    }
    #[cfg(not(all(any(target_arch = "arm", target_arch = "riscv32"), target_os = "none")))]
    {
        0
    }
}

/// Calls `f` through a frame of its own, so that everything it pushes is below our frame.
#[inline(never)]
fn outlined<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// Runs `f` and returns its result and the stack it used, in bytes (measured from the stack
/// pointer of this function's frame down to the lowest overwritten word).
#[inline(never)]
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let (result, used, _) = measure_timed(f);
    (result, used)
}

/// [`measure`], and the SysTick ticks of the call itself ([`crate::ticks`]: read around `f`'s own
/// frame, after the painting, so neither the painting nor the reading counts, and `f`'s frame is
/// the one [`measure`] measures).
#[inline(never)]
pub fn measure_timed<R>(f: impl FnOnce() -> R) -> (R, usize, u32) {
    let sp = stack_pointer() & !3;
    let bottom = core::ptr::addr_of!(_stack_end) as usize;
    let mut word = bottom;
    while word < sp {
        // SAFETY: `[bottom, sp)` is free stack RAM (see the module docs).
        unsafe { (word as *mut u32).write_volatile(PAINT) };
        word += 4;
    }
    compiler_fence(Ordering::SeqCst);
    let from = crate::ticks::now();
    let result = outlined(f);
    let ticks = crate::ticks::since(from);
    compiler_fence(Ordering::SeqCst);
    let mut lowest = bottom;
    // SAFETY: reads back the same free stack RAM.
    while lowest < sp && unsafe { (lowest as *const u32).read_volatile() } == PAINT {
        lowest += 4;
    }
    (result, sp - lowest, ticks)
}

/// The free stack in bytes at the caller: from the current stack pointer down to `_stack_end`.
pub fn free() -> usize {
    stack_pointer().saturating_sub(core::ptr::addr_of!(_stack_end) as usize)
}
