/*
 * The seed-000 approach, natively: test every board with one queen per row
 * (N^N of them, an odometer with row 0 turning fastest), building each on a
 * 64-bit field row by row and rejecting it at the first queen whose attack
 * mask (row, column, both diagonals) meets the field. Written for the
 * benchmarks; prints one JSON object with the boards tested and the time.
 *
 *   gcc -O2 -o seed000 seed000.c && ./seed000 [N]      (N = 1..8, default 8)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t attack[8][8]; /* attack[row][col]: the squares a queen there hits */

static void make_masks(int n) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            uint64_t m = 0;
            for (int r2 = 0; r2 < n; r2++)
                for (int c2 = 0; c2 < n; c2++)
                    if (r2 == r || c2 == c || r2 - c2 == r - c || r2 + c2 == r + c)
                        m |= UINT64_C(1) << (r2 * 8 + c2);
            attack[r][c] = m;
        }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 8) {
        fprintf(stderr, "N must be from 1 to 8\n");
        return 2;
    }
    make_masks(n);
    uint64_t boards = 1;
    for (int i = 0; i < n; i++) boards *= (uint64_t)n;

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int digit[8] = {0};
    uint64_t solutions = 0;
    for (uint64_t b = 0; b < boards; b++) {
        uint64_t field = 0;
        int row = 0;
        for (; row < n; row++) {
            int c = digit[row];
            if (field & attack[row][c]) break;
            field |= UINT64_C(1) << (row * 8 + c);
        }
        if (row == n) solutions++;
        /* odometer: row 0 is the lowest digit */
        for (int i = 0; i < n; i++) {
            if (++digit[i] < n) break;
            digit[i] = 0;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("{\"n\":%d,\"boards\":%llu,\"solutions\":%llu,\"ms\":%.3f}\n", n,
           (unsigned long long)boards, (unsigned long long)solutions, ms);
    return 0;
}
