//! The Cortex-M SysTick as an instruction counter (Arm parts only), as the C firmware's
//! `c/semihost.h` reads it: under qemu's `-icount shift=0` one instruction is one nanosecond of
//! the virtual clock, and the SysTick (processor clock, free-running from 2^24 − 1) counts that
//! clock down, so the ticks a call takes grow with its instructions. `scripts/embedded-check`
//! runs the vector firmware under `-icount` on the parts it counts instructions on and turns
//! ticks into instructions with the C firmware's calibration on the same part (`instructions per
//! 1,000 counter ticks`); elsewhere (RISC-V, or without `-icount`) the figures mean nothing.
//!
//! No exception is enabled: a call is measured modulo 2^24 ticks (about 0.67 G instructions on
//! the M4F's board, 1.3 G on the M0's), far above any round call.

/// The 24-bit counter's mask.
const MASK: u32 = 0x00FF_FFFF;

#[cfg(all(target_arch = "arm", target_os = "none"))]
mod regs {
    /// SYST_CSR: control and status.
    pub const CSR: *mut u32 = 0xE000_E010 as *mut u32;
    /// SYST_RVR: reload value.
    pub const RVR: *mut u32 = 0xE000_E014 as *mut u32;
    /// SYST_CVR: current value.
    pub const CVR: *mut u32 = 0xE000_E018 as *mut u32;
}

/// Starts the counter: reload 2^24 − 1, processor clock, no exception.
pub fn start() {
    #[cfg(all(target_arch = "arm", target_os = "none"))]
    // SAFETY: the SysTick registers exist on every Cortex-M; the firmware uses them for nothing
    // else.
    unsafe {
        regs::RVR.write_volatile(MASK);
        regs::CVR.write_volatile(0);
        regs::CSR.write_volatile(0b101);
    }
}

/// The counter now (it counts down).
#[inline(always)]
pub fn now() -> u32 {
    #[cfg(all(target_arch = "arm", target_os = "none"))]
    {
        // SAFETY: reads a SysTick register (see `start`).
        unsafe { regs::CVR.read_volatile() }
    }
    #[cfg(not(all(target_arch = "arm", target_os = "none")))]
    {
        0
    }
}

/// The ticks since `from` (a [`now`] reading), modulo 2^24.
#[inline(always)]
pub fn since(from: u32) -> u32 {
    from.wrapping_sub(now()) & MASK
}
