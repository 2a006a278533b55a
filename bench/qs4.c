/*
 * A plain C queen search of Sosic and Gu's QS4 family (IEEE TKDE 6(5), 1994),
 * written for the benchmarks as the native baseline of findOne('queen-search'):
 *
 *   1. the board is a permutation (one queen per row and per column), so only
 *      the diagonals can clash; each diagonal keeps a count of its queens;
 *   2. initial search: row after row, draw a column from those not used yet
 *      and keep it if no queen on a diagonal through the square, else draw
 *      again, up to 3.08 N draws in all (QS4's constant); the rows left after
 *      that take the unused columns in the random order the draws left them;
 *   3. final search: go round the rows that may be attacked (those placed
 *      with a clash, and any row a swap leaves attacked); for an attacked
 *      queen i draw a random row j and exchange their columns if that lowers
 *      the number of attacking pairs, else exchange them back. After 16 N + 64
 *      tries it starts again with the next numbers from the generator.
 *
 * Random numbers: xoshiro256** seeded by SplitMix64, bounded by Lemire's
 * method (the same family of generator as the Rust core, written here from
 * the published reference code; the boards differ from the Rust ones, which
 * is not the point: the cost is).
 *
 * Prints one JSON object: {"n","seed","ms","cpu_ms","swaps","restarts"}; the
 * time (wall clock, and the process's CPU time) runs from before the first
 * allocation to the solution (allocation, zeroing and the search, not the
 * output). With a third argument, writes the board to that
 * file as N little-endian uint32 columns, for an independent check.
 *
 *   gcc -O2 -o qs4 qs4.c && ./qs4 N SEED [board.bin]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t s[4];

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next(void) {
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A uniform number in 0..bound-1 (bound >= 1), Lemire's method. */
static inline uint32_t below(uint32_t bound) {
    uint64_t m = (uint64_t)(uint32_t)(next() >> 32) * bound;
    if ((uint32_t)m < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while ((uint32_t)m < threshold) m = (uint64_t)(uint32_t)(next() >> 32) * bound;
    }
    return (uint32_t)(m >> 32);
}

static uint32_t n;
static uint32_t *queen; /* queen[row] = column */
static uint32_t *down;  /* queens on diagonal row + col */
static uint32_t *up;    /* queens on diagonal row - col + n - 1 */
static uint64_t pairs;  /* attacking pairs */

static inline void lift(uint32_t r) {
    uint32_t d = r + queen[r], u = r + n - 1 - queen[r];
    down[d]--;
    up[u]--;
    pairs -= down[d] + up[u];
}

static inline void drop_on(uint32_t r, uint32_t c) {
    uint32_t d = r + c, u = r + n - 1 - c;
    pairs += down[d] + up[u];
    down[d]++;
    up[u]++;
    queen[r] = c;
}

static inline int attacked(uint32_t r) {
    return down[r + queen[r]] + up[r + n - 1 - queen[r]] > 2;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: qs4 N SEED [board.bin]\n");
        return 2;
    }
    n = (uint32_t)strtoul(argv[1], 0, 10);
    uint64_t seed = strtoull(argv[2], 0, 10), x = seed;
    if (n < 4) {
        fprintf(stderr, "N must be at least 4\n");
        return 2;
    }
    for (int i = 0; i < 4; i++) s[i] = splitmix64(&x);

    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    queen = malloc(sizeof *queen * n);
    down = calloc(2 * (size_t)n, sizeof *down);
    up = calloc(2 * (size_t)n, sizeof *up);
    uint32_t *list = malloc(sizeof *list * n);  /* rows that may be attacked */
    uint8_t *listed = calloc(n, 1);
    if (!queen || !down || !up || !list || !listed) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    uint64_t swaps = 0, restarts = 0;
    for (;;) {
        /* Initial search. */
        for (uint32_t c = 0; c < n; c++) queen[c] = c;
        pairs = 0;
        uint32_t row = 0, len = 0;
        uint64_t draws = 0, budget = (uint64_t)(3.08 * n);
        while (row < n && draws < budget) {
            draws++;
            uint32_t pick = row + below(n - row), c = queen[pick];
            if (down[row + c] == 0 && up[row + n - 1 - c] == 0) {
                queen[pick] = queen[row];
                drop_on(row, c);
                row++;
            }
        }
        for (; row < n; row++) {
            uint64_t before = pairs;
            drop_on(row, queen[row]);
            if (pairs > before) {
                /* This queen and the ones it hits: list it (they are earlier
                   rows, each of whose clashes also has this row in it). */
                list[len++] = row;
                listed[row] = 1;
            }
        }
        /* Final search. */
        uint64_t tries = 0, limit = 16 * (uint64_t)n + 64;
        uint32_t at = 0;
        while (pairs > 0 && tries < limit) {
            if (at >= len) at = 0;
            uint32_t i = list[at];
            if (!attacked(i)) {
                listed[i] = 0;
                list[at] = list[--len];
                continue;
            }
            tries++;
            uint32_t j = below(n - 1);
            if (j >= i) j++;
            uint32_t ci = queen[i], cj = queen[j];
            uint64_t before = pairs;
            lift(i);
            lift(j);
            drop_on(i, cj);
            drop_on(j, ci);
            if (pairs < before) {
                swaps++;
                if (!listed[j] && attacked(j)) {
                    listed[j] = 1;
                    list[len++] = j;
                }
            } else {
                lift(i);
                lift(j);
                drop_on(i, ci);
                drop_on(j, cj);
            }
            at++;
        }
        if (pairs == 0) break;
        restarts++;
        for (uint32_t k = 0; k < len; k++) listed[list[k]] = 0;
        for (uint32_t k = 0; k < 2 * n; k++) down[k] = up[k] = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    double cpu = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
    printf("{\"n\":%u,\"seed\":%llu,\"ms\":%.3f,\"cpu_ms\":%.3f,\"swaps\":%llu,\"restarts\":%llu}\n", n,
           (unsigned long long)seed, ms, cpu, (unsigned long long)swaps, (unsigned long long)restarts);
    if (argc > 3) {
        FILE *f = fopen(argv[3], "wb");
        if (!f || fwrite(queen, sizeof *queen, n, f) != n || fclose(f)) {
            fprintf(stderr, "could not write %s\n", argv[3]);
            return 1;
        }
    }
    free(queen);
    free(down);
    free(up);
    free(list);
    free(listed);
    return 0;
}
