/* Entry stubs of the kernel runtime. The simulator starts a thread at one
 * of them with sp at the top of the thread's own stack and the arguments
 * in a0..a3; the thread ends at the stub's ecall (a0 holds the result of
 * simt_next). Calls are `jal` (linker relaxation is on): the simulator
 * supports no other indirect jump than a return. */
    .section .text.simt_entry, "ax"
    .globl _simt_setup, _simt_next, _simt_kernel, _simt_kernel_exit

.macro set_gp
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
.endm

/* a0 = &simt_launch, a1 = size, a2 = seed, a3 = heap limit */
    .type _simt_setup, @function
_simt_setup:
    set_gp
    la t0, simt_heap_limit
    sw a3, 0(t0)
    jal ra, simt_setup
    ecall
    .size _simt_setup, . - _simt_setup

/* a0 = &simt_launch, a1 = launch number */
    .type _simt_next, @function
_simt_next:
    set_gp
    jal ra, simt_next
    ecall
    .size _simt_next, . - _simt_next

/* a0 = tid, a1 = nthreads, a2 = args; every thread ends at
 * _simt_kernel_exit, the warp's exit PC */
    .type _simt_kernel, @function
_simt_kernel:
    set_gp
    jal ra, simt_kernel
_simt_kernel_exit:
    ecall
    .size _simt_kernel, . - _simt_kernel
