//! The bookkeeping every find-one engine shares: one queen per row, a count of
//! queens on every column and on both diagonals through every square, and the
//! number of attacking pairs, so that the attackers of any square cost three
//! reads.
//!
//! Rows `0..placed` are on the board. The rest of `queens` is a pool: the
//! columns not yet used, while a board is being placed as a permutation (the
//! greedy start of min-conflicts and queen search, Sosic and Gu's "initial
//! search"). A board has 4 bytes per queen for its columns and 4 + 8 + 8 for
//! the column and diagonal counts (there are 2N − 1 diagonals each way): 24
//! bytes per queen.
//!
//! A permutation board ([`Tally::permutation`], queen search's) never holds
//! two queens on a column: it is filled from the pool and changed only by
//! exchanging two rows' columns. Its column counts are then 0 or 1, kept as
//! one bit a column (N / 8 bytes, which stay in the processor's cache where
//! N four-byte counts would not), and an exchange leaves them as they were:
//! 20 bytes per queen, and one memory access fewer per queen placed. Each of
//! its diagonals has a bit too, set while the diagonal holds a queen (N / 2
//! bytes for all 4·N − 2, which stay in the cache as well): the greedy start
//! ([`Tally::place_rows`]) asks the bits whether a drawn square is free, and
//! reads the counts only when none of its draws is.
//!
//! [`Suspects`] is the list of queens that may be attacked, which the repair
//! searches draw from instead of scanning all N rows.

use std::borrow::Cow;

use super::rng::Rng;

/// How many pool columns min-conflicts' greedy start draws for one row
/// before it takes the least attacked of them.
pub const GREEDY_TRIES: u32 = 32;

/// The same for queen search's greedy start. With 32 draws a row, the last
/// few hundred rows of a large board find no free column and are placed
/// attacked (about 570 at N = 1,000,000), and repairing them takes about 100
/// swaps tried each; with 64 the start leaves about 15 attacked, as Sosic
/// and Gu's QS4 does with its 3.08·N draws in all, for the same number of
/// draws.
pub const QS_GREEDY_TRIES: u32 = 64;

/// A board with one queen per row on rows `0..placed`, and its line counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Column of each row's queen; past `placed`, the pool of free columns.
    queens: Vec<u32>,
    placed: usize,
    /// Queens on each column; empty on a permutation board.
    cols: Vec<u32>,
    /// On a permutation board, one bit per column: a placed row's column.
    used: Vec<u64>,
    /// On a permutation board, one bit per falling / rising diagonal: set
    /// when it holds a queen (its count in `downs` / `ups` is not 0).
    down_bits: Vec<u64>,
    up_bits: Vec<u64>,
    /// True for a permutation board: `used` stands for `cols`.
    permutation: bool,
    /// Queens on each falling diagonal, row + col.
    downs: Vec<u32>,
    /// Queens on each rising diagonal, row + (n − 1) − col.
    ups: Vec<u32>,
    /// Attacking pairs: the sum over all lines of C(count, 2).
    pairs: u64,
}

impl Tally {
    /// An empty n×n board whose pool is every column, in order.
    pub fn new(n: usize) -> Tally {
        Tally::build(n, false)
    }

    /// An empty n×n permutation board: filled only from the pool
    /// ([`Tally::place_greedy`]) and changed only by [`Tally::swap`], so no
    /// column ever holds two queens and a bit a column counts them.
    pub fn permutation(n: usize) -> Tally {
        Tally::build(n, true)
    }

    fn build(n: usize, permutation: bool) -> Tally {
        let lines = (2 * n).saturating_sub(1);
        let (cols, used, line_bits) = if permutation {
            (Vec::new(), vec![0; n.div_ceil(64)], lines.div_ceil(64))
        } else {
            (vec![0; n], Vec::new(), 0)
        };
        Tally {
            queens: (0..n as u32).collect(),
            placed: 0,
            cols,
            used,
            down_bits: vec![0; line_bits],
            up_bits: vec![0; line_bits],
            permutation,
            downs: vec![0; lines],
            ups: vec![0; lines],
            pairs: 0,
        }
    }

    pub fn n(&self) -> usize {
        self.queens.len()
    }

    /// True for a permutation board ([`Tally::permutation`]).
    pub fn is_permutation(&self) -> bool {
        self.permutation
    }

    /// Rows on the board: `0..placed`.
    pub fn placed(&self) -> usize {
        self.placed
    }

    /// The column of each placed row's queen.
    pub fn queens(&self) -> &[u32] {
        &self.queens[..self.placed]
    }

    /// The whole column array, pool included (for `into_queens`).
    pub fn into_queens(self) -> Vec<u32> {
        self.queens
    }

    /// Attacking pairs on the board now.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    /// True when every row holds a queen and none attacks another.
    pub fn is_solution(&self) -> bool {
        self.placed == self.n() && self.pairs == 0
    }

    /// Queens on each column, each falling diagonal (row + col) and each
    /// rising diagonal (row + n − 1 − col): the registers of the page.
    pub fn lines(&self) -> (Cow<'_, [u32]>, &[u32], &[u32]) {
        let cols = if self.permutation {
            Cow::Owned((0..self.n() as u32).map(|c| self.column(c)).collect())
        } else {
            Cow::Borrowed(&self.cols[..])
        };
        (cols, &self.downs, &self.ups)
    }

    /// Queens on column `col`.
    #[inline(always)]
    fn column(&self, col: u32) -> u32 {
        if self.permutation {
            ((self.used[col as usize / 64] >> (col % 64)) & 1) as u32
        } else {
            self.cols[col as usize]
        }
    }

    #[inline(always)]
    fn index(&self, row: usize, col: u32) -> (usize, usize, usize) {
        let col = col as usize;
        (col, row + col, row + self.n() - 1 - col)
    }

    /// The placed queens other than row `row`'s own that attack (row, col):
    /// one check. Rows hold one queen each, so only columns and diagonals
    /// count, and row `row`'s own queen lies on none of the lines through
    /// another square of its row.
    #[inline(always)]
    pub fn attackers(&self, row: usize, col: u32) -> u32 {
        let (c, d, u) = self.index(row, col);
        let on_lines = self.column(c as u32) + self.downs[d] + self.ups[u];
        if row < self.placed && self.queens[row] == col {
            on_lines - 3
        } else {
            on_lines
        }
    }

    /// True when row `row`'s (placed) queen is attacked: one check.
    #[inline(always)]
    pub fn attacked(&self, row: usize) -> bool {
        self.attackers(row, self.queens[row]) > 0
    }

    /// The attackers of each placed queen, for drawing.
    pub fn conflicts_per_queen(&self) -> Vec<u32> {
        (0..self.placed)
            .map(|row| self.attackers(row, self.queens[row]))
            .collect()
    }

    /// Takes row `row`'s queen off its lines; `queens[row]` keeps its column
    /// until [`Tally::drop_on`] puts it back, and `attackers` of that row mean
    /// nothing in between. On a permutation board the column is left alone:
    /// the caller ([`Tally::swap`], [`Tally::pop`]) keeps the column bits.
    #[inline(always)]
    fn lift(&mut self, row: usize) {
        let (c, d, u) = self.index(row, self.queens[row]);
        self.downs[d] -= 1;
        self.ups[u] -= 1;
        let mut left = self.downs[d] + self.ups[u];
        if self.permutation {
            if self.downs[d] == 0 {
                set_bit(&mut self.down_bits, d, false);
            }
            if self.ups[u] == 0 {
                set_bit(&mut self.up_bits, u, false);
            }
        } else {
            self.cols[c] -= 1;
            left += self.cols[c];
        }
        self.pairs -= u64::from(left);
    }

    /// Puts row `row`'s queen on (row, col)'s lines. On a permutation board
    /// `col` is a column no other placed row holds, and its bit is the
    /// caller's to set.
    #[inline(always)]
    fn drop_on(&mut self, row: usize, col: u32) {
        let (c, d, u) = self.index(row, col);
        let mut there = self.downs[d] + self.ups[u];
        if self.permutation {
            set_bit(&mut self.down_bits, d, true);
            set_bit(&mut self.up_bits, u, true);
        } else {
            there += self.cols[c];
            self.cols[c] += 1;
        }
        self.pairs += u64::from(there);
        self.downs[d] += 1;
        self.ups[u] += 1;
        self.queens[row] = col;
    }

    /// Marks column `col` used or free on a permutation board.
    #[inline(always)]
    fn mark(&mut self, col: u32, used: bool) {
        if self.permutation {
            set_bit(&mut self.used, col as usize, used);
        }
    }

    /// Moves the queen of placed row `row` to column `col`. Returns, for the
    /// column and the two diagonals of the new square in that order, whether
    /// exactly one other queen stood on it: that queen is attacked now.
    #[inline]
    pub fn move_queen(&mut self, row: usize, col: u32) -> [bool; 3] {
        debug_assert!(!self.permutation, "a queen moved on a permutation board");
        self.lift(row);
        let (c, d, u) = self.index(row, col);
        let lone = [self.cols[c] == 1, self.downs[d] == 1, self.ups[u] == 1];
        self.drop_on(row, col);
        lone
    }

    /// Exchanges the columns of placed rows `a` and `b` (a permutation stays
    /// one).
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.queens[a], self.queens[b]);
        self.lift(a);
        self.lift(b);
        self.drop_on(a, cb);
        self.drop_on(b, ca);
    }

    /// Places the next row's queen on column `col` (on a permutation board,
    /// a column no placed row holds).
    #[inline]
    pub fn push(&mut self, col: u32) {
        let row = self.placed;
        self.placed += 1;
        self.drop_on(row, col);
        self.mark(col, true);
    }

    /// Takes the last placed row's queen off; returns its column.
    #[inline]
    pub fn pop(&mut self) -> u32 {
        self.placed -= 1;
        let row = self.placed;
        self.lift(row);
        self.mark(self.queens[row], false);
        self.queens[row]
    }

    /// Empties the board and refills the pool with every column in order.
    pub fn reset(&mut self) {
        for (col, queen) in self.queens.iter_mut().enumerate() {
            *queen = col as u32;
        }
        self.placed = 0;
        self.cols.fill(0);
        self.used.fill(0);
        self.down_bits.fill(0);
        self.up_bits.fill(0);
        self.downs.fill(0);
        self.ups.fill(0);
        self.pairs = 0;
    }

    /// A fresh board with every queen on a uniformly random column of its row
    /// (AIMA's random restart).
    pub fn randomize(&mut self, rng: &mut Rng) {
        debug_assert!(!self.permutation, "a random board is no permutation");
        self.reset();
        let n = self.n() as u32;
        for _ in 0..n {
            self.push(rng.below(n));
        }
    }

    /// Places the next row greedily from the pool, which must hold the
    /// columns not used yet: draws up to `tries` of them at random
    /// (with replacement), takes the first one no queen attacks, or else the
    /// least attacked of those drawn (the first of them). Returns the row, its
    /// column, the checks spent and the queen's attackers. The last rows have
    /// few columns left and take what comes.
    pub fn place_greedy(&mut self, rng: &mut Rng, tries: u32) -> (usize, u32, u32, u32) {
        if self.permutation {
            return self.place_greedy_permutation(rng, tries);
        }
        let row = self.placed;
        let left = (self.n() - row) as u32;
        let mut best = (u32::MAX, row);
        let mut checks = 0;
        for _ in 0..tries.min(left) {
            let pick = row + rng.below(left) as usize;
            let col = self.queens[pick];
            debug_assert_eq!(self.column(col), 0, "the pool holds a used column");
            // A pool column is free, so only the diagonals can attack.
            let (_, d, u) = self.index(row, col);
            let attackers = self.downs[d] + self.ups[u];
            checks += 1;
            if attackers < best.0 {
                best = (attackers, pick);
                if attackers == 0 {
                    break;
                }
            }
        }
        self.queens.swap(row, best.1);
        let col = self.queens[row];
        self.push(col);
        (row, col, checks, best.0)
    }

    /// [`Tally::place_greedy`] for one row of a permutation board.
    fn place_greedy_permutation(&mut self, rng: &mut Rng, tries: u32) -> (usize, u32, u32, u32) {
        let row = self.placed;
        let mut attackers = 0;
        let (checks, col) = self.place_rows(rng, tries, row + 1, |_, a| attackers = a);
        (row, col, checks as u32, attackers)
    }

    /// Places rows `placed..end` of a permutation board greedily, each as
    /// [`Tally::place_greedy`] would (the same draws, the same choice), in
    /// one loop: the greedy start's fast path. Whether a diagonal holds a
    /// queen is read from its bit (the bits of all 4·N diagonals fit in the
    /// processor's cache, where the counts do not), and a free square is
    /// taken without reading its counts. Only when no drawn square is free
    /// are the draws made again, from a copy of the generator as it was, to
    /// read their counts and take the least attacked. Calls `attacked(row,
    /// attackers)` for each row placed attacked; returns the checks spent
    /// (one a draw) and the last row's column.
    pub fn place_rows(
        &mut self,
        rng: &mut Rng,
        tries: u32,
        end: usize,
        mut attacked: impl FnMut(usize, u32),
    ) -> (u64, u32) {
        debug_assert!(self.permutation, "place_rows is for a permutation board");
        let n = self.queens.len();
        let end = end.min(n);
        // Each array as a slice of its own, so that the loop keeps where
        // they are in registers.
        let Tally {
            queens,
            placed,
            used,
            down_bits,
            up_bits,
            downs,
            ups,
            pairs,
            ..
        } = self;
        let (queens, used, down_bits, up_bits) = (
            &mut queens[..],
            &mut used[..],
            &mut down_bits[..],
            &mut up_bits[..],
        );
        let (downs, ups) = (&mut downs[..], &mut ups[..]);
        let (mut checks, mut last) = (0u64, 0u32);
        for row in *placed..end {
            let left = (n - row) as u32;
            let draws = tries.min(left);
            let replay = rng.clone();
            let mut free = None;
            for k in 1..=draws {
                let pick = row + rng.below(left) as usize;
                let col = queens[pick] as usize;
                if !bit(down_bits, row + col) && !bit(up_bits, row + n - 1 - col) {
                    free = Some((pick, k));
                    break;
                }
            }
            let (col, d, u) = if let Some((pick, k)) = free {
                checks += u64::from(k);
                queens.swap(row, pick);
                let col = queens[row];
                let (d, u) = (row + col as usize, row + n - 1 - col as usize);
                // Free: its diagonals' counts go from 0 to 1, the pairs stay.
                downs[d] = 1;
                ups[u] = 1;
                (col, d, u)
            } else {
                checks += u64::from(draws);
                let mut replay = replay;
                let mut best = (u32::MAX, row);
                for _ in 0..draws {
                    let pick = row + replay.below(left) as usize;
                    let col = queens[pick] as usize;
                    let there = downs[row + col] + ups[row + n - 1 - col];
                    if there < best.0 {
                        best = (there, pick);
                    }
                }
                queens.swap(row, best.1);
                let col = queens[row];
                let (d, u) = (row + col as usize, row + n - 1 - col as usize);
                *pairs += u64::from(best.0);
                downs[d] += 1;
                ups[u] += 1;
                attacked(row, best.0);
                (col, d, u)
            };
            set_bit(down_bits, d, true);
            set_bit(up_bits, u, true);
            set_bit(used, col as usize, true);
            last = col;
        }
        *placed = end.max(*placed);
        (checks, last)
    }
}

/// Bit `i` of a bit set kept in 64-bit words.
#[inline(always)]
fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 != 0
}

/// Sets or clears bit `i` of a bit set kept in 64-bit words.
#[inline(always)]
fn set_bit(words: &mut [u64], i: usize, on: bool) {
    let mask = 1u64 << (i % 64);
    if on {
        words[i / 64] |= mask;
    } else {
        words[i / 64] &= !mask;
    }
}

/// Rows that may hold an attacked queen, each listed once, with room for all
/// N allocated up front so that no step allocates (a clone keeps that room).
#[derive(Debug, PartialEq, Eq)]
pub struct Suspects {
    rows: Vec<u32>,
    /// One bit per row: listed or not.
    listed: Vec<u64>,
}

impl Clone for Suspects {
    fn clone(&self) -> Suspects {
        let mut rows = Vec::with_capacity(self.listed.len() * 64);
        rows.extend_from_slice(&self.rows);
        Suspects {
            rows,
            listed: self.listed.clone(),
        }
    }
}

impl Suspects {
    pub fn new(n: usize) -> Suspects {
        Suspects {
            rows: Vec::with_capacity(n),
            listed: vec![0; n.div_ceil(64)],
        }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn get(&self, index: usize) -> usize {
        self.rows[index] as usize
    }

    /// Lists `row` unless it is listed already.
    #[inline]
    pub fn insert(&mut self, row: usize) {
        let (word, bit) = (row / 64, 1u64 << (row % 64));
        if self.listed[word] & bit == 0 {
            self.listed[word] |= bit;
            self.rows.push(row as u32);
        }
    }

    /// Unlists the row at `index`; the last one takes its place.
    #[inline]
    pub fn remove_at(&mut self, index: usize) {
        let row = self.rows.swap_remove(index) as usize;
        self.listed[row / 64] &= !(1u64 << (row % 64));
    }

    pub fn clear(&mut self) {
        for &row in &self.rows {
            self.listed[row as usize / 64] = 0;
        }
        self.rows.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attackers of (row, col) counted from the queens alone, square by
    /// square: the truth the tallies must agree with.
    fn counted(queens: &[u32], row: usize, col: u32) -> u32 {
        let (r, c) = (row as i64, i64::from(col));
        queens
            .iter()
            .enumerate()
            .filter(|&(other, &q)| {
                let (o, q) = (other as i64, i64::from(q));
                other != row && (q == c || o + q == r + c || o - q == r - c)
            })
            .count() as u32
    }

    #[test]
    fn a_permutation_board_counts_as_the_general_one_and_as_the_queens_say() {
        for (n, seed) in [(8, 1), (13, 7), (40, 3)] {
            let (mut general, mut permutation) = (Tally::new(n), Tally::permutation(n));
            let (mut rng_g, mut rng_p) = (Rng::new(seed), Rng::new(seed));
            for step in 0..n {
                let g = general.place_greedy(&mut rng_g, QS_GREEDY_TRIES);
                let p = permutation.place_greedy(&mut rng_p, QS_GREEDY_TRIES);
                assert_eq!(g, p, "N = {n}, row {step}");
            }
            let mut swaps = Rng::new(seed + 100);
            for _ in 0..3 * n {
                let (a, b) = (
                    swaps.below(n as u32) as usize,
                    swaps.below(n as u32) as usize,
                );
                if a == b {
                    continue;
                }
                general.swap(a, b);
                permutation.swap(a, b);
                let queens = permutation.queens().to_vec();
                assert_eq!(general.queens(), &queens[..]);
                assert_eq!(general.pairs(), permutation.pairs(), "N = {n}");
                assert_eq!(general.lines().0, permutation.lines().0, "N = {n}: columns");
                for (counts, bits) in [
                    (&permutation.downs, &permutation.down_bits),
                    (&permutation.ups, &permutation.up_bits),
                ] {
                    for (line, &count) in counts.iter().enumerate() {
                        assert_eq!(bit(bits, line), count > 0, "N = {n}: line {line}'s bit");
                    }
                }
                for row in 0..n {
                    for col in 0..n as u32 {
                        let truth = counted(&queens, row, col);
                        assert_eq!(
                            permutation.attackers(row, col),
                            truth,
                            "N = {n} ({row}, {col})"
                        );
                        assert_eq!(general.attackers(row, col), truth, "N = {n} ({row}, {col})");
                    }
                }
            }
            let pairs = (0..n)
                .map(|row| {
                    u64::from(counted(
                        permutation.queens(),
                        row,
                        permutation.queens()[row],
                    ))
                })
                .sum::<u64>();
            assert_eq!(permutation.pairs(), pairs / 2, "N = {n}: pairs");
            assert_eq!(permutation.lines().0.iter().sum::<u32>(), n as u32);
        }
    }
}
