/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_stack.c: the activation stacks (docs/tool.md, "The call graph"), on
 * which the call graph of --call-graph=yes and the regions of
 * --toggle-collect both ride.
 *
 * Entries.  An activation of a function opens when execution reaches its
 * first instruction by any jump (a call, a tail call, a PLT stub's jump, the
 * dynamic linker's), and not when the instruction before it falls through
 * into it: that code runs on in the activation it ran in.  With VEX's
 * chasing on (the default, which upstream's counts are made with) a jump
 * does not always end a superblock, so an entry is found wherever it is:
 * at a superblock's start (the prologue), and at any instruction of a
 * superblock that the one before it does not fall through to (a jump VEX
 * followed).  The second kind is opened at the flush point that follows,
 * between the counts of the events before the entry and those after it
 * (cg_instrument.c splits the flush group there), so the running totals
 * and the region gate change exactly at the entry while the flush points
 * stay upstream's.  Whether a superblock's start was reached by falling
 * through is known only at run time: a superblock whose end (or side
 * exit) goes to the address right after its last instruction, when that
 * is an entry, leaves the function in cg.fell_into, which the entry's
 * helper takes instead of opening an activation.  So an entry does not
 * depend on where VEX cut the code into superblocks.  The activation
 * remembers the stack pointer at its entry, where a call left its return
 * address.
 *
 * Returns.  An activation has returned (or was left by longjmp, an
 * exception unwinding past it or a switch of stacks) when the stack
 * pointer is above its entry's, and so has every activation whose entry
 * lies below the stack pointer.  The stack pointer changes only where code
 * writes it, so only a superblock that may write it (cg_stack_writes_sp)
 * compares it with cg.stack_limit, the innermost activation's entry stack
 * pointer, where it leaves: at its end, and at each side exit after the
 * write when that exit is taken; it calls a helper only when the pointer
 * is above.  That is where the next superblock would start: the
 * instructions after a rise run in the activation up to the exit that
 * leaves, a return (which VEX never follows) is the last instruction of
 * its superblock, and a superblock that does not write the pointer leaves
 * it where the last check saw it (checking at every superblock's start
 * cost more: docs/tool.md, "The call graph").  An entry's helper unwinds first
 * too.  At the end of a superblock that returns from a function with a
 * symbol, generated code ends the innermost activation itself when that
 * is all there is to do (cg_stack_ir.c): each frame says whether it may
 * (pop_limit), and the running thread's innermost frame, its limit and
 * its depth are kept in cg.top, cg.stack_limit and *cg.stack_n for it
 * (load_top()).
 *
 * Costs.  Generated code and helpers add every count to the running
 * thread's running totals (cg.run) as they add it to a line; an activation
 * keeps the totals at its entry, and when it ends the difference is the
 * inclusive cost of its call, added to its arc.  Nothing walks the stack
 * to charge a cost, so a 60,000-deep recursion costs what a flat loop does.
 *
 * Loops and tail calls.  A jump to the entry of a function that is already
 * open at the same stack pointer (a loop back to its first instruction, or
 * a chain of tail calls that comes back to it) opens nothing: the stack
 * stays bounded, and the costs run on in the open activation.
 *
 * Paths.  Each activation also adds its cost to its call path's node
 * (cg_callgraph.h), the child of its caller's, which an activation owns
 * when no open activation of its thread has the node: so a path's cost is
 * never counted twice.  When the table is full, a call into a function
 * that is open folds into that function's innermost open path (recursion
 * stays one node deep), and any other new path into its caller's, whose
 * self cost it then becomes: the folded activation owns nothing.  Without
 * a fold on the stack (CgStack.folds), a caller's child node is never
 * open below it (each frame's node is its caller's child, so deeper than
 * every node of the frames below, up to a root), and without an open root
 * (CgStack.roots) no node is open: only the other cases look at the frames.
 *
 * Recursion.  A call into a function open on its thread goes to its level
 * 2 (cg_callgraph.h); each thread counts its own open activations of each
 * function (CgStack.active), so a thread switch walks no stack.
 *
 * Regions.  An activation of a function that matches a --toggle-collect
 * pattern opens its thread's region when none is open, and the region ends
 * with it (cg_regions_set() gives the gate its value).  Without
 * --call-graph the stacks follow activations the same way and record
 * nothing else.
 *
 * Signals.  A handler's stack pointer says nothing about the code it
 * interrupted (on an alternate stack above an activation's entry it would
 * look like its return).  So delivery puts up a fence, above which the
 * handler's activations are roots of their own and the handler runs outside
 * every region; the fence keeps the running totals and the region of the
 * moment of delivery and gives them back when the handler returns, so the
 * handler's cost is in no activation it interrupted (it is in the flat
 * lines and in the handler's own activations).  A handler left by longjmp
 * gets no sigreturn, so a fence has a top: the highest stack pointer the
 * handler itself can have, learnt when the scheduler is about to run the
 * handler's thread (its frame built, the stack pointer its first) or at
 * the first check before that (fence_top()), above which the handler has
 * been left.  Exact when the handler ran below
 * the stack pointer where the signal came (its thread's stack, or an
 * alternate stack below it); one on an alternate stack above the code it
 * jumps back to is seen leaving only when the stack pointer rises above
 * that stack. */
#include "cg_stack.h"
#include "cg_callgraph.h"
#include "cg_lines.h"
#include "cg_regions.h"
#include "cg_run.h"
#include "cg_skip.h"
#include "cg_threads.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"

/* The limit with no activation open: no stack pointer is above it. */
#define NONE (~(UWord)0)

/* A fence's top before the handler first runs (every stack pointer is
 * above it, so any check calls a helper), and the top the handler's first
 * stack pointer `sp` gives it, with the one the signal came at: the
 * highest stack pointer the handler itself can have (it may pop its
 * return address and, on some platforms, one word more before its
 * sigreturn). */
#define FENCE_PENDING ((UWord)0)
static UWord fence_top(UWord sp, UWord interrupted)
{
    UWord top = sp + 2 * sizeof(UWord);
    return interrupted - 1 > top ? interrupted - 1 : top;
}

void cg_stack_init(void)
{
    cg.stack_limit = NONE;
    cg.no_frame.sp = NONE;
    cg.no_frame.arc_incl = cg.no_frame.node_incl = cg.sink;
    cg.no_frame.active = (UInt *)cg.sink;
    cg.top = &cg.no_frame;
    cg.stack_n = &cg.no_depth;
    if (!cg_stack_on()) return;
    cg_callgraph_init();
    if (cg_graph_on()) cg_run_init();
    cg.frame_bytes = offsetof(CgFrame, start) + cg.graph_nev * sizeof(ULong);
    tl_assert(cg.frame_bytes % sizeof(ULong) == 0 && cg.frame_bytes <= sizeof(CgFrame));
}

static CgStack *stack_of(ThreadId tid)
{
    return &cg.threads[tid].stack;
}

/* Frames are cg.frame_bytes apart: their running totals hold the recorded
 * events only, so with Ir alone a frame is 56 bytes, not 152. */
static CgFrame *frame(const CgStack *s, UInt i)
{
    return (CgFrame *)((HChar *)s->frames + (SizeT)i * cg.frame_bytes);
}

/* A thread's running totals: cg.run while it is the loaded one, with the
 * hot tier's packed words folded in (cg_run.h). */
static ULong *run_of(ThreadId tid)
{
    if (tid != cg.stack_tid) return stack_of(tid)->run;
    cg_run_fold();
    return cg.run;
}

/* A thread's call site of skipped code: cg.skip_site while it runs. */
static LineCC **site_of(ThreadId tid)
{
    return tid == cg.stack_tid ? &cg.skip_site : &stack_of(tid)->skip_site;
}

/* After any change to the running thread's stack, its region or the
 * thread that runs: what generated code reads of them. */
static inline __attribute__((always_inline)) void load_top(CgStack *s, CgFrame *top)
{
    cg.stack_limit = top ? top->sp : NONE;
    cg.top = top ? top : &cg.no_frame;
    cg.pop_limit = cg.top->pop_limit;
    cg.stack_n = &s->n;
    if (cg_levels_on()) cg.rec_gate = top && top->fn && top->rec ? cg.collect : 0;
}
static void reload(void)
{
    CgStack *s = stack_of(cg.stack_tid);
    load_top(s, s->n > 0 ? frame(s, s->n - 1) : NULL);
}

/* Frames, arcs and nodes keep the recorded events only, in their order
 * (cg.graph_ev): with Ir alone, one word each. */
static inline __attribute__((always_inline)) void take(ULong *dst, const ULong *run)
{
    if (cg.graph_first >= 0) {
        const ULong *from = run + cg.graph_first;
        for (Int i = 0; i < cg.graph_nev; i++) dst[i] = from[i];
        return;
    }
    for (Int i = 0; i < cg.graph_nev; i++) dst[i] = run[cg.graph_ev[i]];
}

/* An activation's cost up to `now` (the recorded events' running totals)
 * goes to its arc and its path. */
static inline __attribute__((always_inline)) void credit(CgFrame *f, const ULong *now)
{
    if (f->arc)
        for (Int i = 0; i < cg.graph_nev; i++) f->arc->incl[i] += now[i] - f->start[i];
    if (f->owns_node)
        for (Int i = 0; i < cg.graph_nev; i++) f->node->incl[i] += now[i] - f->start[i];
}

/* The thread is inside a region now, or not (counting follows if it runs). */
static void set_region(ThreadId tid, CgStack *s, Bool in)
{
    s->in_region = in;
    if (tid == cg.stack_tid && cg_regions_on()) cg_regions_set(in);
}

/* The thread's count of open activations of `fn` (made on first use). */
static inline __attribute__((always_inline)) UInt *active_slot(CgStack *s, const CgFn *fn)
{
    if (fn->id >= s->n_active) {
        UInt n = s->n_active ? s->n_active : 64;
        while (n <= fn->id) n *= 2;
        s->active = VG_(realloc)("cg.stack.active", s->active, n * sizeof *s->active);
        VG_(memset)(s->active + s->n_active, 0, (n - s->n_active) * sizeof *s->active);
        s->n_active = n;
        /* The open frames point at their functions' counts. */
        for (UInt i = 0; i < s->n; i++)
            if (frame(s, i)->fn) frame(s, i)->active = &s->active[frame(s, i)->fn->id];
    }
    return &s->active[fn->id];
}

/* Whether an open activation of the thread has path node `node`. */
static Bool node_open(const CgStack *s, const CgPath *node)
{
    for (UInt i = s->n; i-- > 0;)
        if (frame(s, i)->node == node) return True;
    return False;
}

static void pop(ThreadId tid, CgStack *s)
{
    CgFrame *f = frame(s, --s->n);
    ULong *run = run_of(tid);
    /* What skipped code counted went to the site the activation ends with. */
    if (tid == cg.stack_tid) cg_skip_settle();
    *site_of(tid) = f->skip_site;
    if (!f->fn) {
        for (Int i = 0; i < cg.graph_nev; i++) run[cg.graph_ev[i]] = f->start[i];
        set_region(tid, s, f->opened_region);
        return;
    }
    cg.stat_helper_ends++;
    ULong now[N_EVENTS];
    take(now, run);
    credit(f, now);
    if (f->opened_region) set_region(tid, s, False);
    tl_assert(f->fn->id < s->n_active && s->active[f->fn->id] > 0);
    s->active[f->fn->id]--;
    if (f->node && !f->owns_node) s->folds--;
    if (f->owns_node && !f->node->parent) s->roots--;
}

/* Ends what the stack pointer `sp` where a superblock leaves has left: the
 * activations whose entry lies below it, and the handler whose fence top
 * lies below it; a fence met for the first time learns its top. */
static void unwind(ThreadId tid, CgStack *s, UWord sp)
{
    while (s->n > 0) {
        CgFrame *f = frame(s, s->n - 1);
        if (!f->fn && f->sp == FENCE_PENDING) {
            f->sp = fence_top(sp, f->interrupted);
            return;
        }
        if (sp <= f->sp) return;
        /* A handler left by longjmp: a fall-through it left pending was
         * its own. */
        if (!f->fn) cg.fell_into = NULL;
        pop(tid, s);
    }
}

/* A new frame on thread `tid`'s stack `s`, which keeps the thread's call
 * site of skipped code until it ends (the activation has none yet). */
static inline __attribute__((always_inline)) CgFrame *push(ThreadId tid, CgStack *s)
{
    if (s->n == s->max) {
        s->max = s->max ? 2 * s->max : 64;
        s->frames = VG_(realloc)("cg.stack.frames", s->frames, s->max * (SizeT)cg.frame_bytes);
    }
    if (s->n + 1 > cg.stat_max_depth) cg.stat_max_depth = s->n + 1;
    CgFrame *f = frame(s, s->n++);
    if (tid == cg.stack_tid) cg_skip_settle();
    f->skip_site = *site_of(tid);
    *site_of(tid) = NULL;
    return f;
}

/* The word at `sp`, where a call leaves its return address; 0 when it
 * cannot be read.  The stretch of stack last found readable is kept, so
 * this seldom asks the address-space manager. */
static inline __attribute__((always_inline)) Addr return_address(CgStack *s, UWord sp)
{
    if (sp < s->seg_lo || sp + sizeof(UWord) - 1 > s->seg_hi) {
        if (!VG_(am_is_valid_for_client)(sp, sizeof(UWord), VKI_PROT_READ)) return 0;
        const NSegment *seg = VG_(am_find_nsegment)(sp);
        s->seg_lo = seg->start;
        s->seg_hi = seg->end;
    }
    return *(const UWord *)sp;
}

/* The path of the innermost open activation of `fn` (one is open): where a
 * recursive call folds when the path table is full. */
static CgPath *open_node_of(const CgStack *s, const CgFn *fn)
{
    for (UInt i = s->n; i-- > 0;)
        if (frame(s, i)->fn == fn) return frame(s, i)->node;
    return NULL;
}

/* Whether generated code may end `f` (cg_stack_ir.c): when its end changes
 * nothing but its costs and counters (and an activation is open below it,
 * which the caller checks). */
static Bool inline_end(const CgFrame *f)
{
    if (cg_levels_on() || cg_skip_on() || f->opened_region) return False;
    return !f->node || (f->owns_node && f->node->parent); /* not a fold, not a root */
}

void cg_stack_slow_returns(void)
{
    for (ThreadId tid = 1; tid < VG_N_THREADS; tid++)
        for (UInt i = 0; i < stack_of(tid)->n; i++) frame(stack_of(tid), i)->pop_limit = 0;
    cg.pop_limit = 0;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

VG_REGPARM(1) void cg_stack_leave(UWord sp)
{
    unwind(cg.stack_tid, stack_of(cg.stack_tid), sp);
    reload();
}

VG_REGPARM(1) void cg_stack_skip_enter(UWord sp)
{
    if (sp > cg.stack_limit) cg_stack_leave(sp);
    cg_skip_entered(return_address(stack_of(cg.stack_tid), sp));
}

VG_REGPARM(2) void cg_stack_enter(UWord sp, CgFn *fn)
{
    CgStack *s = stack_of(cg.stack_tid);
    /* Nothing has ended unless the stack pointer is above the limit. */
    if (sp > cg.stack_limit) {
        unwind(cg.stack_tid, s, sp);
        reload();
    }
    if (cg.fell_into == fn) {
        /* The superblock before fell through to this entry: no call. */
        cg.fell_into = NULL;
        cg.stat_fell++;
        return;
    }
    /* The innermost frame (cg.top, loaded: a pointer into s->frames until
     * the push below moves them). */
    const CgFrame *top = s->n > 0 ? cg.top : NULL;
    for (const CgFrame *g = top; g && g->fn && g->sp == sp;
         g = g == s->frames ? NULL : (const CgFrame *)((const HChar *)g - cg.frame_bytes)) {
        if (g->fn == fn) {
            cg.stat_loops++;
            return;
        }
    }
    /* A function of --toggle-collect opens its thread's region unless one
     * is open; the region ends with this activation. */
    Bool opens = fn->region && !s->in_region;
    if (opens) set_region(cg.stack_tid, s, True);
    /* The caller: the innermost activation, unless a fence or nothing is
     * below (the root of a thread or a handler).  Outside every
     * --toggle-collect region nothing is recorded, and a call from outside
     * into a region is a root of it. */
    const CgFrame *caller = top && top->fn ? top : NULL;
    Bool counted = cg.collect != 0;
    /* Between a STOP request and a START (or before the START of
     * --instr-at-start=no) activations are followed, so that the stack is
     * right when counting starts, but no call is recorded. */
    Bool record = counted && cg.instr_enabled && cg_graph_on();
    UInt *active = active_slot(s, fn);
    Bool rec = *active > 0;
    CgPath *node = NULL, *path = NULL;
    Bool owns = False;
    if (record) {
        CgPath *parent = caller && caller->counted ? caller->node : NULL;
        node = path = cg_callgraph_path(cg_thread_key(cg.stack_tid), parent, fn);
        /* A node adds up the activations along its path, each once: the
         * outermost open one owns it, and any inside that (after a fold)
         * adds nothing more. */
        if (node) {
            owns = (s->folds == 0 && (parent || s->roots == 0)) || !node_open(s, node);
        } else if (rec) {
            node = open_node_of(s, fn);
            cg.stat_folded++;
        } else {
            node = parent;
            cg.stat_truncated++;
        }
        if (owns) {
            node->calls++;
            if (!parent) s->roots++;
        } else if (node) {
            s->folds++;
        }
    }
    CgArc *arc = NULL;
    if (record && caller && caller->counted) {
        /* A call from skipped code comes from the line its site is. */
        Addr ret = return_address(s, sp);
        const LineCC *site = cg.skip_site && ret && cg_skip_at(ret - 1) ? cg.skip_site : NULL;
        arc = cg_callgraph_arc(cg_thread_key(cg.stack_tid), path, caller->fn, caller->rec, fn, rec,
                               ret, site);
        arc->calls++;
    }
    /* Generated code may end it when an activation stays open below. */
    UWord after = caller ? caller->sp : 0;
    CgFrame *f = push(cg.stack_tid, s);
    f->sp = sp;
    f->interrupted = 0;
    f->fn = fn;
    f->arc = arc;
    f->node = node;
    f->owns_node = owns;
    f->rec = rec;
    f->counted = counted;
    f->opened_region = opens;
    f->arc_incl = arc ? arc->incl : cg.sink;
    f->node_incl = owns ? node->incl : cg.sink;
    f->active = active;
    f->pop_limit = after && inline_end(f) ? after : 0;
    take(f->start, run_of(cg.stack_tid));
    (*active)++;
    cg.stat_calls++;
    load_top(s, f);
}

/* ------------------------------------------------------------------ */
/* Threads, signals, dumps                                             */
/* ------------------------------------------------------------------ */

void cg_stack_thread_runs(ThreadId tid)
{
    if (!cg_stack_on()) return;
    /* Once a scheduling quantum at least (cg_run.c, "Invariants"). */
    cg_run_fold();
    /* A handler about to run for the first time: its frame is built, and
     * its stack pointer now is its first (see "Signals"). */
    CgStack *s = stack_of(tid);
    if (s->n > 0 && !frame(s, s->n - 1)->fn && frame(s, s->n - 1)->sp == FENCE_PENDING) {
        CgFrame *f = frame(s, s->n - 1);
        f->sp = fence_top(VG_(get_SP)(tid), f->interrupted);
        if (tid == cg.stack_tid) reload();
    }
    if (tid == cg.stack_tid) return;
    if (cg.stack_tid != VG_INVALID_THREADID) {
        CgStack *old = stack_of(cg.stack_tid);
        cg_skip_settle();
        VG_(memcpy)(old->run, run_of(cg.stack_tid), sizeof cg.run);
        old->fell_into = cg.fell_into;
        old->skip_site = cg.skip_site;
    }
    VG_(memcpy)(cg.run, stack_of(tid)->run, sizeof cg.run);
    cg.fell_into = stack_of(tid)->fell_into;
    cg.skip_site = stack_of(tid)->skip_site;
    cg.stack_tid = tid;
    set_region(tid, stack_of(tid), stack_of(tid)->in_region);
    reload();
}

/* Walks a thread's stack from the innermost activation out, crediting each
 * activation's cost so far to its arc and path (when `credit_too`) and starting it
 * afresh.  Below a fence the totals are the fence's: the handler's cost is
 * not the interrupted activations'. */
static void rebase(ThreadId tid, Bool credit_too)
{
    CgStack *s = stack_of(tid);
    ULong at[N_EVENTS];
    take(at, run_of(tid));
    for (UInt i = s->n; i-- > 0;) {
        CgFrame *f = frame(s, i);
        if (!f->fn) {
            VG_(memcpy)(at, f->start, cg.graph_nev * sizeof at[0]);
            continue;
        }
        if (credit_too) credit(f, at);
        VG_(memcpy)(f->start, at, cg.graph_nev * sizeof at[0]);
    }
}

void cg_stack_thread_created(ThreadId parent, ThreadId child)
{
    (void)parent;
    if (!cg_stack_on()) return;
    /* A thread that had this slot may have died with activations open:
     * their cost so far is theirs. */
    rebase(child, True);
    CgStack *s = stack_of(child);
    s->n = s->folds = s->roots = 0;
    *site_of(child) = NULL;
    if (s->n_active) VG_(memset)(s->active, 0, s->n_active * sizeof *s->active);
    set_region(child, s, False);
    VG_(memset)(run_of(child), 0, sizeof s->run);
    if (child == cg.stack_tid) reload();
}

void cg_stack_signal_delivered(ThreadId tid, Int sigNo, Bool alt_stack)
{
    (void)sigNo;
    (void)alt_stack; /* the handler's first stack pointer tells the same */
    if (!cg_stack_on()) return;
    CgStack *s = stack_of(tid);
    CgFrame *f = push(tid, s);
    /* Field by field: a frame is shorter than CgFrame (see frame()). */
    f->sp = FENCE_PENDING;
    f->interrupted = VG_(get_SP)(tid);
    f->fn = NULL;
    f->arc = NULL;
    f->node = NULL;
    f->owns_node = f->rec = f->counted = False;
    f->opened_region = s->in_region;
    f->pop_limit = 0;
    f->arc_incl = f->node_incl = cg.sink;
    f->active = (UInt *)cg.sink;
    take(f->start, run_of(tid));
    set_region(tid, s, False);
    if (tid == cg.stack_tid) reload();
}

void cg_stack_signal_returned(ThreadId tid, Int sigNo)
{
    (void)sigNo;
    if (!cg_stack_on()) return;
    CgStack *s = stack_of(tid);
    UInt fence = s->n;
    while (fence > 0 && frame(s, fence - 1)->fn) fence--;
    if (fence == 0) return; /* its fence went when it was left by longjmp */
    while (s->n >= fence) pop(tid, s);
    if (tid == cg.stack_tid) reload();
}

/* The threads a profile of `key` (a cg_thread_key()) holds: one, or all. */
static Bool in_profile(ThreadId tid, ThreadId key)
{
    return key == 0 || tid == key;
}

void cg_stack_settle_open(ThreadId key)
{
    if (!cg_stack_on()) return;
    for (ThreadId tid = 1; tid < VG_N_THREADS; tid++)
        if (in_profile(tid, key)) rebase(tid, True);
}

void cg_stack_count(ThreadId tid, Int ev, ULong n)
{
    if (cg_graph_on()) run_of(tid)[ev] += n;
}

void cg_stack_end_all(void)
{
    if (!cg_stack_on()) return;
    for (ThreadId tid = 1; tid < VG_N_THREADS; tid++) unwind(tid, stack_of(tid), NONE - 1);
    reload();
}

void cg_stack_toggle_collect(void)
{
    cg_regions_toggle();
    reload();
}

void cg_stack_zero(ThreadId key)
{
    if (!cg_stack_on()) return;
    for (ThreadId tid = 1; tid < VG_N_THREADS; tid++)
        if (in_profile(tid, key)) rebase(tid, False);
    cg_callgraph_zero(key);
}

ULong cg_stack_bytes(void)
{
    ULong b = 0;
    if (cg_stack_on())
        for (ThreadId tid = 1; tid < VG_N_THREADS; tid++)
            b += stack_of(tid)->max * (ULong)cg.frame_bytes +
                 stack_of(tid)->n_active * (ULong)sizeof(UInt);
    return b;
}
