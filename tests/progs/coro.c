/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coro.c: code that switches stacks, and a very deep recursion (tests/tool,
 * callgraph-coro).  main resumes a coroutine 1000 times with swapcontext;
 * the coroutine, on a stack of its own, calls co_work once per resumption
 * and switches back.  Then a thread with a 256 MiB stack recurses a
 * million calls deep (deep) and main joins it.  main prints the sums and
 * returns 0.  cflags: -O0 -pthread */
#include <pthread.h>
#include <stdio.h>
#include <ucontext.h>

static ucontext_t main_ctx, co_ctx;
static char co_stack[64 * 1024];
static long co_sum;

static long co_work(long i)
{
    return i * 3 % 7;
}

static void co_body(void)
{
    for (long i = 0;; i++) {
        co_sum += co_work(i);
        swapcontext(&co_ctx, &main_ctx);
    }
}

/* Not a tail call: the addition comes after it. */
static long deep(long n)
{
    if (n == 0) return 0;
    return 1 + deep(n - 1);
}

static void *deep_thread(void *arg)
{
    return (void *)deep((long)arg);
}

int main(void)
{
    getcontext(&co_ctx);
    co_ctx.uc_stack.ss_sp = co_stack;
    co_ctx.uc_stack.ss_size = sizeof co_stack;
    co_ctx.uc_link = &main_ctx;
    makecontext(&co_ctx, co_body, 0);
    for (int i = 0; i < 1000; i++) swapcontext(&main_ctx, &co_ctx);

    pthread_attr_t a;
    pthread_t t;
    void *r;
    pthread_attr_init(&a);
    pthread_attr_setstacksize(&a, 256UL << 20);
    if (pthread_create(&t, &a, deep_thread, (void *)1000000L) != 0) return 1;
    pthread_join(t, &r);
    printf("%ld %ld\n", co_sum, (long)r);
    return 0;
}
