//! Semihosting (the host-call interface that qemu implements with
//! `-semihosting-config enable=on,target=native`): text output and the exit status. On Arm the
//! call is `bkpt 0xab`; on RISC-V it is the `slli x0, x0, 0x1f; ebreak; srai x0, x0, 7` sequence
//! (uncompressed), with the same operation numbers.
//!
//! Only two calls are needed, so they are written here instead of pulling in a crate:
//! `SYS_WRITE0` (0x04, print a NUL-terminated string) and `SYS_EXIT` (0x18).

use core::fmt;

const SYS_WRITE0: usize = 0x04;
const SYS_EXIT: usize = 0x18;
/// `ADP_Stopped_ApplicationExit`: qemu exits with status 0.
const ADP_STOPPED_APPLICATION_EXIT: usize = 0x20026;
/// `ADP_Stopped_RunTimeErrorUnknown`: qemu exits with status 1.
const ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN: usize = 0x20023;

/// One semihosting call: operation `op`, parameter `arg` (a pointer or a value).
///
/// # Safety
/// `arg` must be what the operation expects (for `SYS_WRITE0`, a NUL-terminated string).
unsafe fn call(op: usize, arg: usize) -> usize {
    #[cfg(all(target_arch = "arm", target_os = "none"))]
    {
        let mut r0 = op;
        // SAFETY: the semihosting ABI: r0 = operation, r1 = parameter, result in r0.
        unsafe { core::arch::asm!("bkpt #0xab", inout("r0") r0, in("r1") arg, options(nostack)) };
        r0
    }
    #[cfg(all(target_arch = "riscv32", target_os = "none"))]
    {
        let mut a0 = op;
        // SAFETY: the RISC-V semihosting ABI: a0 = operation, a1 = parameter, result in a0; the
        // three instructions must be uncompressed for the host to recognise the sequence.
        unsafe {
            core::arch::asm!(
                ".option push",
                ".option norvc",
                ".balign 16",
                "slli x0, x0, 0x1f",
                "ebreak",
                "srai x0, x0, 7",
                ".option pop",
                inout("a0") a0,
                in("a1") arg,
                options(nostack)
            )
        };
        a0
    }
    #[cfg(not(all(any(target_arch = "arm", target_arch = "riscv32"), target_os = "none")))]
    {
        let _ = (op, arg);
        0
    }
}

/// The host's standard output: a `fmt::Write` that sends text in NUL-terminated chunks.
pub struct HostOut;

impl fmt::Write for HostOut {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut chunk = [0u8; 129];
        for part in s.as_bytes().chunks(128) {
            let Some(dst) = chunk.get_mut(..part.len()) else {
                continue;
            };
            dst.copy_from_slice(part);
            // NUL bytes inside the text would cut it short; they never occur in our output.
            if let Some(end) = chunk.get_mut(part.len()) {
                *end = 0;
            }
            // SAFETY: `chunk` is NUL-terminated and lives across the call.
            unsafe { call(SYS_WRITE0, chunk.as_ptr() as usize) };
        }
        Ok(())
    }
}

/// Ends the emulation: qemu exits with status 0 when `success`, 1 otherwise.
pub fn exit(success: bool) -> ! {
    let reason = if success {
        ADP_STOPPED_APPLICATION_EXIT
    } else {
        ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN
    };
    loop {
        // SAFETY: SYS_EXIT takes the reason code as its parameter on 32-bit Arm and RISC-V.
        unsafe { call(SYS_EXIT, reason) };
    }
}
