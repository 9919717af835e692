//! Bare-metal support for Parlor's embedded tests (Cortex-M, run under
//! `qemu-system-arm -machine lm3s6965evb`): semihosting output and exit, a fixed text buffer,
//! and stack high-water measurement by painting.
//!
//! Nothing here allocates; the firmware is `#![no_std]` and uses only `core`.
#![no_std]

pub mod games;
#[cfg(feature = "ffi")]
pub mod harness;
#[cfg(all(target_arch = "riscv32", target_os = "none"))]
pub mod riscv;
pub mod rounds;
pub mod semihosting;
pub mod stack;
pub mod text;
pub mod ticks;

/// Writes formatted text to the host's standard output through semihosting.
#[macro_export]
macro_rules! hprint {
    ($($arg:tt)*) => {{
        use core::fmt::Write as _;
        let _ = write!($crate::semihosting::HostOut, $($arg)*);
    }};
}

/// Writes formatted text and a line break to the host's standard output through semihosting.
#[macro_export]
macro_rules! hprintln {
    ($($arg:tt)*) => {{
        use core::fmt::Write as _;
        let _ = writeln!($crate::semihosting::HostOut, $($arg)*);
    }};
}
