/* RISC-V start-up for the C firmware (qemu `virt`, `-bios none`; link_riscv.ld puts everything
 * in RAM, where qemu loads it, so .data needs no copy): stack pointer, trap vector, zeroed .bss,
 * main(), and its status through semihosting. A trap reports a failure. */
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
2:  call main
    seqz a0, a0
    call host_exit
3:  j 3b
    .balign 4
trap:
    la a0, trap_message
    call host_puts
    li a0, 0
    call host_exit
4:  j 4b
    .section .rodata
trap_message:
    .asciz "FAULT: a trap (exception)\n0 passed, 1 failed\n"
