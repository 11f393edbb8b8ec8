/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sigstack.c: signals that interrupt a --toggle-collect region.  main calls
 * sigwork(), which raises SIGUSR1 three times between stretches of work and
 * calls after_sig() after each; the handler on_usr1() calls hwork().  None
 * of these functions is called from anywhere else.  argv[1]:
 *   above  the handler runs on an alternate stack (SA_ONSTACK) carved out
 *          of a large array in main's frame: sigwork's frame lies below
 *          main's, so the handler's stack pointer is above sigwork's entry
 *          stack pointer while it runs;
 *   same   no alternate stack: the handler runs below sigwork's frame;
 *   jump   no alternate stack, and main calls jumpwork() instead, whose
 *          handler leaves by siglongjmp back into jumpwork.
 * The program prints whether the handler's stack was above or below the
 * interrupted frame, so a test can see that the layout is the one meant.
 * cflags: -O1 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NOINLINE __attribute__((noipa, noinline))

static volatile unsigned table[4096];
static volatile unsigned long handled;
static volatile unsigned long sink;
static volatile uintptr_t handler_frame; /* an address in on_usr1's frame */
static volatile int jump_back;
static sigjmp_buf env;

NOINLINE static unsigned long hwork(int sig)
{
    unsigned long s = 0;
    for (int i = 0; i < 4096; i += 8) {
        table[i] += (unsigned)sig;
        s += table[(i * 11) & 4095];
    }
    return s;
}

static void on_usr1(int sig)
{
    volatile unsigned char here = 0;
    handler_frame = (uintptr_t)&here;
    sink += hwork(sig);
    handled++;
    if (jump_back) siglongjmp(env, 1);
}

NOINLINE static unsigned long after_sig(int n)
{
    unsigned long s = 0;
    for (int i = 0; i < n; i++) s += table[(i * 37) & 4095] ^ (unsigned)i;
    return s;
}

NOINLINE static unsigned long sigwork(int n, volatile uintptr_t *frame)
{
    volatile unsigned char here = 0;
    unsigned long s = 0;
    *frame = (uintptr_t)&here;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < n; i++) s += table[(i * 13) & 4095] + (unsigned)round;
        raise(SIGUSR1);
        s += after_sig(n); /* runs after the handler has returned */
    }
    return s;
}

NOINLINE static unsigned long jumpwork(int n, volatile uintptr_t *frame)
{
    volatile unsigned char here = 0;
    volatile unsigned long s = 0;
    *frame = (uintptr_t)&here;
    for (volatile int round = 0; round < 3; round++) {
        for (int i = 0; i < n; i++) s += table[(i * 13) & 4095] + (unsigned)round;
        if (sigsetjmp(env, 1) == 0) raise(SIGUSR1);
        s += after_sig(n); /* runs after the handler has jumped back */
    }
    return s;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "above";
    /* Above sigwork's frame, since sigwork is called from here. */
    static const size_t area_size = 1 << 18;
    unsigned char area[1 << 18];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    if (strcmp(mode, "above") == 0) {
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_sp = area;
        ss.ss_size = area_size;
        if (sigaltstack(&ss, NULL) != 0) return 2;
        sa.sa_flags = SA_ONSTACK;
    } else if (strcmp(mode, "jump") == 0) {
        jump_back = 1;
    } else if (strcmp(mode, "same") != 0) {
        return 2;
    }
    if (sigaction(SIGUSR1, &sa, NULL) != 0) return 1;
    volatile uintptr_t frame;
    unsigned long r = jump_back ? jumpwork(2000, &frame) : sigwork(2000, &frame);
    printf("%lu %lu handler %s the interrupted frame\n", r, handled,
           handler_frame > frame ? "above" : "below");
    return 0;
}
