/* SPDX-License-Identifier: GPL-2.0-or-later */
/* interp.c: benchmark kernel that is a branchy interpreter loop: a small
   register bytecode machine, switch-dispatched, running Collatz and a sieve. */
#include <stdio.h>
#include <stdlib.h>

enum op { LI, ADD, ADDI, MUL3, SHR1, ANDI, LD, ST, INC, JZ, JNZ, JLT, JMP, HALT };

struct insn {
    unsigned char op, a, b, c; /* register operands */
    long imm;                  /* immediate or jump target */
};

#define I(o, a, b, c, imm)                                                                         \
    {                                                                                              \
        o, a, b, c, imm                                                                            \
    }

/* Registers: r0 n, r1 limit, r2 x, r3 steps, r4 tmp, r5 one. */
static const struct insn collatz[] = {
    /* 0 */ I(LI, 0, 0, 0, 1),   /* n = 1 */
    /* 1 */ I(LI, 5, 0, 0, 1),   /* one = 1 */
    /* 2 */ I(ADDI, 2, 0, 0, 0), /* loop: x = n */
    /* 3 */ I(LI, 3, 0, 0, 0),   /* steps = 0 */
    /* 4 */ I(JLT, 5, 2, 0, 6),  /* inner: if 1 < x goto 6 */
    /* 5 */ I(JMP, 0, 0, 0, 13), /* else done */
    /* 6 */ I(ANDI, 4, 2, 0, 1), /* tmp = x & 1 */
    /* 7 */ I(JZ, 4, 0, 0, 10),  /* even? */
    /* 8 */ I(MUL3, 2, 2, 0, 0), /* x = 3x + 1 */
    /* 9 */ I(JMP, 0, 0, 0, 11),
    /* 10 */ I(SHR1, 2, 2, 0, 0),   /* x = x / 2 */
    /* 11 */ I(ADDI, 3, 3, 0, 1),   /* steps++ */
    /* 12 */ I(JMP, 0, 0, 0, 4),    /* back to inner */
    /* 13 */ I(ANDI, 4, 3, 0, 255), /* done: hist[steps & 255]++ */
    /* 14 */ I(INC, 4, 0, 0, 0),
    /* 15 */ I(ADDI, 0, 0, 0, 1), /* n++ */
    /* 16 */ I(JLT, 0, 1, 0, 2),  /* if n < limit goto loop */
    /* 17 */ I(HALT, 0, 0, 0, 0),
};

/* Registers: r7 i, r8 multiple, r9 limit, r5 one, r4 tmp. */
static const struct insn sieve[] = {
    /* 0 */ I(LI, 7, 0, 0, 2),  /* i = 2 */
    /* 1 */ I(JLT, 7, 9, 0, 3), /* outer: if i < limit goto 3 */
    /* 2 */ I(HALT, 0, 0, 0, 0),
    /* 3 */ I(LD, 4, 7, 0, 0),   /* tmp = mem[i] */
    /* 4 */ I(JNZ, 4, 0, 0, 11), /* composite: next i */
    /* 5 */ I(ADD, 8, 7, 7, 0),  /* m = i + i */
    /* 6 */ I(JLT, 8, 9, 0, 8),  /* inner: if m < limit goto 8 */
    /* 7 */ I(JMP, 0, 0, 0, 11),
    /* 8 */ I(ST, 8, 5, 0, 0),  /* mem[m] = 1 */
    /* 9 */ I(ADD, 8, 8, 7, 0), /* m += i */
    /* 10 */ I(JMP, 0, 0, 0, 6),
    /* 11 */ I(ADDI, 7, 7, 0, 1), /* i++ */
    /* 12 */ I(JMP, 0, 0, 0, 1),
};

static long run(const struct insn *code, long *r, long *mem)
{
    long pc = 0, executed = 0;
    for (;;) {
        const struct insn *in = &code[pc++];
        executed++;
        switch (in->op) {
        case LI:
            r[in->a] = in->imm;
            break;
        case ADD:
            r[in->a] = r[in->b] + r[in->c];
            break;
        case ADDI:
            r[in->a] = r[in->b] + in->imm;
            break;
        case MUL3:
            r[in->a] = 3 * r[in->b] + 1;
            break;
        case SHR1:
            r[in->a] = r[in->b] >> 1;
            break;
        case ANDI:
            r[in->a] = r[in->b] & in->imm;
            break;
        case LD:
            r[in->a] = mem[r[in->b]];
            break;
        case ST:
            mem[r[in->a]] = r[in->b];
            break;
        case INC:
            mem[r[in->a]]++;
            break;
        case JZ:
            if (r[in->a] == 0) pc = in->imm;
            break;
        case JNZ:
            if (r[in->a] != 0) pc = in->imm;
            break;
        case JLT:
            if (r[in->a] < r[in->b]) pc = in->imm;
            break;
        case JMP:
            pc = in->imm;
            break;
        case HALT:
            return executed;
        default:
            abort();
        }
    }
}

/* usage: interp N SIEVE: Collatz step counts for 1..N-1, then a sieve of
   Eratosthenes up to SIEVE, both interpreted. Prints checksums. */
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    long lim = argc > 2 ? atol(argv[2]) : 1000000;
    long r[16] = {0};
    long *hist = calloc(256, sizeof(long));
    long *mem = calloc((size_t)lim + 1, sizeof(long));
    long h = 0, primes = 0;

    if (!hist || !mem) return 1;
    r[1] = n;
    long e1 = run(collatz, r, hist);
    for (int i = 0; i < 256; i++) h = h * 31 + hist[i];
    for (int i = 0; i < 16; i++) r[i] = 0;
    r[5] = 1;
    r[9] = lim;
    long e2 = run(sieve, r, mem);
    for (long i = 2; i < lim; i++) primes += mem[i] == 0;
    printf("%ld %ld %ld %ld\n", e1, h, e2, primes);
    free(hist);
    free(mem);
    return 0;
}
