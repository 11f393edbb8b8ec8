/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_repeat.c: repeatable counts (docs/cachegrind.md, "Repeatable counts
 * in CI").
 *
 * Two things make a program's counts move when its code did not.  Between
 * machines: glibc's ifunc resolvers and the program's own feature checks
 * choose code from what CPUID says, and VEX's synthetic CPUID follows the
 * host.  Between runs: programs seed hashes and shuffles from the kernel's
 * randomness.  VEX implements CPUID, RDRAND and RDSEED as calls of dirty
 * helpers in the IR, so this file re-points those calls: CPUID at the helper
 * of the chosen model with fixed arguments (--cpu), RDRAND and RDSEED at a
 * seeded stream (--seed).  The syscall hooks put the same stream in place
 * of what getrandom(2) and reads of the random devices return.  Without the
 * options nothing here changes anything. */
#include "cg_repeat.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

/* VEX's CPUID models, in libvex (which every tool links).  Their first
 * argument is the guest state; the AVX2 model also takes whether to report
 * F16C, RDRAND and RDSEED.  The same in 3.19, 3.24 and 3.27 (seen in their
 * IR: `amd64g_dirtyhelper_CPUID_avx2(GSPTR,0x1:I64,0x1:I64,0x1:I64)`). */
extern void amd64g_dirtyhelper_CPUID_baseline(void *st);
extern void amd64g_dirtyhelper_CPUID_sse42_and_cx16(void *st);
extern void amd64g_dirtyhelper_CPUID_avx2(void *st, ULong f16c, ULong rdrand, ULong rdseed);

#define CPUID_PREFIX "amd64g_dirtyhelper_CPUID_"

typedef struct {
    const HChar *name;  /* as --cpu and the fingerprint spell it */
    const HChar *model; /* VEX's helper */
    void *helper;
    Bool avx2_flags; /* the helper takes F16C, RDRAND, RDSEED: 1, 0, 0 */
    UInt needs;      /* host capabilities VEX needs to run such code */
    const HChar *needs_text;
} CpuLevel;

static const CpuLevel levels[] = {
    [CG_CPU_HOST] = {"host", NULL, NULL, False, 0, NULL},
    [CG_CPU_V1] = {"x86-64", CPUID_PREFIX "baseline", amd64g_dirtyhelper_CPUID_baseline, False, 0,
                   NULL},
    [CG_CPU_V2] = {"x86-64-v2", CPUID_PREFIX "sse42_and_cx16",
                   amd64g_dirtyhelper_CPUID_sse42_and_cx16, False,
                   VEX_HWCAPS_AMD64_SSE3 | VEX_HWCAPS_AMD64_SSSE3 | VEX_HWCAPS_AMD64_CX16,
                   "SSE3, SSSE3 and CMPXCHG16B"},
    [CG_CPU_V3] = {"x86-64-v3", CPUID_PREFIX "avx2", amd64g_dirtyhelper_CPUID_avx2, True,
                   VEX_HWCAPS_AMD64_SSE3 | VEX_HWCAPS_AMD64_SSSE3 | VEX_HWCAPS_AMD64_CX16 |
                       VEX_HWCAPS_AMD64_AVX | VEX_HWCAPS_AMD64_AVX2 | VEX_HWCAPS_AMD64_BMI |
                       VEX_HWCAPS_AMD64_LZCNT | VEX_HWCAPS_AMD64_F16C,
                   "AVX, AVX2, BMI, LZCNT and F16C"},
};

/* ------------------------------------------------------------------ */
/* Levels by name                                                      */
/* ------------------------------------------------------------------ */

Int cg_repeat_cpu_level(const HChar *name)
{
    for (Int i = 0; i < (Int)(sizeof levels / sizeof *levels); i++)
        if (VG_(strcmp)(name, levels[i].name) == 0) return i;
    return -1;
}

/* ------------------------------------------------------------------ */
/* The seeded stream                                                   */
/* ------------------------------------------------------------------ */

/* A counter-based generator: word i is a bijective mix of key + i * gamma
 * (the SplitMix64 finaliser), so the stream depends only on the seed and on
 * how many bytes were taken before. */
static ULong mix64(ULong z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static ULong next_word(void)
{
    return mix64(cg.seed_key + ++cg.seed_counter * 0x9E3779B97F4A7C15ULL);
}

static void fill(UChar *p, SizeT n)
{
    for (SizeT i = 0; i < n; i++) {
        if (cg.seed_left == 0) {
            cg.seed_word = next_word();
            cg.seed_left = 8;
        }
        p[i] = (UChar)cg.seed_word;
        cg.seed_word >>= 8;
        cg.seed_left--;
    }
}

/* A forked child gets a stream of its own, keyed by the parent's next word
 * at the fork; the parent's stream goes on as if there had been no fork. */
static void seed_child(ThreadId tid)
{
    (void)tid;
    ULong key = mix64((cg.seed_key + (cg.seed_counter + 1) * 0x9E3779B97F4A7C15ULL) ^ 0xC4ULL);
    cg.seed_key = key;
    cg.seed_counter = 0;
    cg.seed_left = 0;
}

/* RDRAND and RDSEED: the helpers' result is the value in the low 32 bits
 * and the carry flag (success) in bit 32. */
static ULong seeded_rdrand(void)
{
    return (1ULL << 32) | (next_word() & 0xFFFFFFFFULL);
}

/* Whether `fd` is /dev/random (1:9) or /dev/urandom (1:8), by the device,
 * whatever its path and however the descriptor was made (open, dup, fcntl,
 * inherited over fork). */
static Bool is_random_device(UWord fd)
{
    struct vg_stat st;
    if (VG_(fstat)((Int)fd, &st) != 0 || !VKI_S_ISCHR(st.mode)) return False;
    return st.rdev == 0x108 || st.rdev == 0x109;
}

static void fill_iov(const struct vki_iovec *iov, UWord count, SizeT n)
{
    for (UWord i = 0; i < count && n > 0; i++) {
        SizeT k = iov[i].iov_len < n ? iov[i].iov_len : n;
        fill(iov[i].iov_base, k);
        n -= k;
    }
}

void cg_repeat_pre_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs)
{
    (void)tid, (void)sysno, (void)args, (void)nargs;
}

void cg_repeat_post_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs, SysRes res)
{
    (void)tid, (void)nargs;
    if (!cg.clo.have_seed || sr_isError(res) || sr_Res(res) == 0) return;
    SizeT n = sr_Res(res);
    switch (sysno) {
    case __NR_getrandom:
        fill((UChar *)args[0], n);
        break;
    case __NR_read:
    case __NR_pread64:
        if (is_random_device(args[0])) fill((UChar *)args[1], n);
        break;
    case __NR_readv:
    case __NR_preadv:
    case __NR_preadv2:
        if (is_random_device(args[0])) fill_iov((const struct vki_iovec *)args[1], args[2], n);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Start-up and the IR                                                 */
/* ------------------------------------------------------------------ */

void cg_repeat_init(void)
{
    const CpuLevel *l = &levels[cg.clo.cpu];
    VexArch arch;
    VexArchInfo info;
    VG_(machine_get_VexArchInfo)(&arch, &info);
    if (arch != VexArchAMD64 && cg.clo.cpu != CG_CPU_HOST) {
        VG_(fmsg)("--cpu=%s: only amd64 hosts can choose the CPU model\n", l->name);
        VG_(exit)(1);
    }
    if ((info.hwcaps & l->needs) != l->needs) {
        VG_(fmsg)
        ("--cpu=%s: this host cannot run code of that level (it needs %s)\n", l->name,
         l->needs_text);
        VG_(exit)(1);
    }
    cg.seed_key = cg.clo.seed;
    if (cg.clo.have_seed) VG_(atfork)(NULL, NULL, seed_child);
}

/* The host's model, as VEX chose it: the helper's name and, for the models
 * that take them, the flags it passes (e.g. host-avx2+f16c+rdrand). */
static void note_host_model(const IRDirty *d)
{
    static const HChar *const flags[] = {"f16c", "rdrand", "rdseed"};
    const HChar *m = d->cee->name + VG_(strlen)(CPUID_PREFIX);
    SizeT n = sizeof cg.host_cpu;
    const HChar *shortname = VG_(strcmp)(m, "baseline") == 0         ? "baseline"
                             : VG_(strcmp)(m, "sse3_and_cx16") == 0  ? "sse3"
                             : VG_(strcmp)(m, "sse42_and_cx16") == 0 ? "sse42"
                             : VG_(strcmp)(m, "avx_and_cx16") == 0   ? "avx"
                                                                     : m;
    VG_(snprintf)(cg.host_cpu, n, "host-%s", shortname);
    for (Int i = 1; i <= 3 && d->args[i]; i++) {
        const IRExpr *a = d->args[i];
        if (a->tag == Iex_Const && a->Iex.Const.con->tag == Ico_U64 && a->Iex.Const.con->Ico.U64) {
            SizeT used = VG_(strlen)(cg.host_cpu);
            VG_(snprintf)(cg.host_cpu + used, n - used, "+%s", flags[i - 1]);
        }
    }
}

static void *fnentry(void *fn)
{
    return (void *)VG_(fnptr_to_fnentry)(fn);
}

void cg_repeat_rewrite(IRSB *sb)
{
    Bool want_host = cg.clo.fingerprint && cg.clo.cpu == CG_CPU_HOST && cg.host_cpu[0] == 0;
    if (cg.clo.cpu == CG_CPU_HOST && !cg.clo.have_seed && !want_host) return;
    const CpuLevel *l = &levels[cg.clo.cpu];
    for (Int i = 0; i < sb->stmts_used; i++) {
        IRStmt *st = sb->stmts[i];
        if (!st || st->tag != Ist_Dirty) continue;
        IRDirty *d = st->Ist.Dirty.details;
        const HChar *name = d->cee->name;
        if (VG_(strncmp)(name, CPUID_PREFIX, VG_(strlen)(CPUID_PREFIX)) == 0) {
            if (cg.clo.cpu == CG_CPU_HOST) {
                if (cg.host_cpu[0] == 0) note_host_model(d);
                continue;
            }
            /* Same guest-state effects (reads RAX and RCX, writes RAX to
             * RDX) for every model: only the callee and its arguments. */
            d->cee = mkIRCallee(0, l->model, fnentry(l->helper));
            d->args = l->avx2_flags ? mkIRExprVec_4(IRExpr_GSPTR(), IRExpr_Const(IRConst_U64(1)),
                                                    IRExpr_Const(IRConst_U64(0)),
                                                    IRExpr_Const(IRConst_U64(0)))
                                    : mkIRExprVec_1(IRExpr_GSPTR());
        } else if (cg.clo.have_seed && (VG_(strcmp)(name, "amd64g_dirtyhelper_RDRAND") == 0 ||
                                        VG_(strcmp)(name, "amd64g_dirtyhelper_RDSEED") == 0)) {
            d->cee = mkIRCallee(0, "cg_seeded_rdrand", fnentry(seeded_rdrand));
        }
    }
}

void cg_repeat_fingerprint(HChar *buf, SizeT n)
{
    const HChar *cpu = cg.clo.cpu != CG_CPU_HOST ? levels[cg.clo.cpu].name
                       : cg.host_cpu[0]          ? cg.host_cpu
                                                 : "host"; /* no CPUID ran */
    HChar seed[24] = "none";
    if (cg.clo.have_seed) VG_(snprintf)(seed, sizeof seed, "%llu", cg.clo.seed);
    /* Counts follow the host's caches unless all three are given. */
    Bool all_given = True;
    for (Int i = 0; i < CG_N_CACHES; i++)
        all_given &= cg.cache_clo[i].size != -1 || cg.cache_clo[i].assoc != -1 ||
                     cg.cache_clo[i].line_size != -1;
    const HChar *caches = !cg.clo.cache_sim ? "none" : all_given ? "given" : "auto";
    VG_(snprintf)
    (buf, n, "desc: fingerprint: tool=%s core=%s cpu=%s seed=%s caches=%s", PACKAGE_VERSION,
     CG_CORE_VERSION, cpu, seed, caches);
}
