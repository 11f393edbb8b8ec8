#include "util.h"

int table[100];

static int fill(int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        table[i] = twice(i);
        sum += table[i];
    }
    return sum;
}

/* A long comment
   that pads the file
   so that a gap
   appears between
   the two functions
   in the annotation. */

int main(void)
{
    int total = 0;
    for (int r = 0; r < 10; r++)
        total += fill(100);

    return total & 0xff;
}
