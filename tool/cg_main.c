/* cg_main.c: placeholder, replaced by the real tool. */
#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"
static void post_clo_init(void) {}
static IRSB *instrument(VgCallbackClosure *c, IRSB *sb, const VexGuestLayout *l,
                        const VexGuestExtents *e, const VexArchInfo *a, IRType g, IRType h)
{
    return sb;
}
static void fini(Int exitcode) {}
static void pre_clo_init(void)
{
    VG_(details_name)("Cachegrind");
    VG_(details_description)("a high-precision tracing profiler");
    VG_(details_copyright_author)("x");
    VG_(details_bug_reports_to)(VG_BUGS_TO);
    VG_(basic_tool_funcs)(post_clo_init, instrument, fini);
}
VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
