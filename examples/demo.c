/* demo.c: the bundled example profiled by `sh scripts/demo.sh`: a row-major
 * and a column-major walk of one matrix, so the report shows the difference. */
#include <stdio.h>
#include <stdlib.h>

#define N 256

static double m[N][N];

static double sum_rows(void)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) s += m[i][j];
    return s;
}

static double sum_columns(void)
{
    double s = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) s += m[i][j];
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) m[i][j] = (i * 7 + j * 3) % 11;
    double a = sum_rows();
    double b = sum_columns();
    printf("sums: %.0f %.0f\n", a, b);
    return a == b ? 0 : 1;
}
