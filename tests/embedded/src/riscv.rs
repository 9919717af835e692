//! The RISC-V start-up (qemu `virt`, `-bios none`): `riscv.ld` places everything in RAM at
//! 0x8000_0000 (qemu loads the ELF there, so `.data` needs no copy); `_start` sets the stack
//! pointer, zeroes `.bss` and calls the firmware's `parlor_firmware_main`. A trap (any exception)
//! ends the run as a failure.

core::arch::global_asm!(
    r#"
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, _stack_start
    la t0, trap
    csrw mtvec, t0
    la t0, _sbss
    la t1, _ebss
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call parlor_firmware_main
3:  j 3b
    .balign 4
trap:
    call parlor_firmware_trap
4:  j 4b
"#
);

/// Called from the trap vector: reports the cause and fails the run.
#[unsafe(no_mangle)]
extern "C" fn parlor_firmware_trap() -> ! {
    let cause: usize;
    let pc: usize;
    // SAFETY: reads machine-mode CSRs.
    unsafe {
        core::arch::asm!("csrr {}, mcause", out(reg) cause);
        core::arch::asm!("csrr {}, mepc", out(reg) pc);
    }
    crate::hprintln!("TRAP: mcause {cause:#x} at pc {pc:#010x}");
    crate::hprintln!("0 passed, 1 failed");
    crate::semihosting::exit(false)
}
