a
b
static int f(void) { return 1; }
