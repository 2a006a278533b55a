//! The bookkeeping every find-one engine shares: one queen per row, a count of
//! queens on every column and on both diagonals through every square, and the
//! number of attacking pairs, so that the attackers of any square cost three
//! reads.
//!
//! Rows `0..placed` are on the board. The rest of `queens` is a pool: the
//! columns not yet used, while a board is being placed as a permutation (the
//! greedy start of min-conflicts and queen search, Sosic and Gu's "initial
//! search"). A board has 4 bytes per queen for its columns, 4 for its column
//! counts and one byte for each of the 2N − 1 diagonals each way: 12 bytes a
//! queen.
//!
//! A diagonal's byte counts its queens up to 254; [`SATURATED`] (255) stands
//! for 255 or more. A saturated byte is never trusted: whoever needs the
//! number counts the queens on that diagonal from the board itself, one read
//! a square of it (`recount`), and a queen leaving it is counted the same
//! way. No board below 255 rows gets there, and on a large one a diagonal
//! that holds 255 queens is thousands of attacking pairs that no search
//! keeps for long: the slow path is there so that no count can be wrong, not
//! because it is taken.
//!
//! A permutation board ([`Tally::permutation`], queen search's) never holds
//! two queens on a column: it is filled from the pool and changed only by
//! exchanging two rows' columns. Its column counts are then 0 or 1, kept as
//! one bit a column (N / 8 bytes), and an exchange leaves them as they were.
//! Each of its diagonals has a bit too, set while the diagonal holds a queen
//! (N / 2 bytes for all 4·N − 2): the greedy start ([`Tally::place_rows`])
//! asks the bits whether a drawn square is free, and reads the counts only
//! when none of its draws is. A diagonal with one queen keeps its byte at 0
//! and its bit set, so that a queen placed on free diagonals writes bits
//! alone (N / 2 bytes, which stay in the processor's cache far longer than
//! the 4·N bytes of counts); a byte is written once a second queen comes. In
//! all 8 bytes and 5 bits a queen: 100,000,000 queens fit in 870 MB.
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

/// The count a diagonal's byte holds for 255 queens or more: the exact number
/// is then counted from the queens themselves (`recount`), walking the
/// diagonal's squares. No board below 255 rows can reach it.
pub const SATURATED: u8 = u8::MAX;

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
    /// Queens on each falling diagonal, row + col, one byte each: the count,
    /// or [`SATURATED`] for 255 and more.
    downs: Vec<u8>,
    /// Queens on each rising diagonal, row + (n − 1) − col, the same way.
    ups: Vec<u8>,
    /// Attacking pairs: the sum over all lines of C(count, 2).
    pairs: u64,
}

/// A vector of `len` copies of `value`, or None when the memory is refused
/// (a browser that will not grow the module's memory that far).
fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).ok()?;
    vec.resize(len, value);
    Some(vec)
}

/// The queens of rows `0..placed` other than row `skip` that stand on
/// falling diagonal `line` (row + col; `up` false) or rising diagonal `line`
/// (row + n − 1 − col; `up` true): the exact count behind a saturated byte,
/// one read a square of the diagonal.
#[cold]
#[inline(never)]
fn recount(queens: &[u32], placed: usize, line: usize, up: bool, skip: usize) -> u32 {
    let n = queens.len();
    let first = line.saturating_sub(n - 1);
    let last = line.min(n - 1).min(placed.saturating_sub(1));
    if placed == 0 || first > last {
        return 0;
    }
    (first..=last)
        .filter(|&row| {
            let col = if up { row + n - 1 - line } else { line - row };
            row != skip && queens[row] as usize == col
        })
        .count() as u32
}

impl Tally {
    /// An empty n×n board whose pool is every column, in order; None when
    /// the memory is refused.
    pub fn new(n: usize) -> Option<Tally> {
        Tally::build(n, false)
    }

    /// An empty n×n permutation board: filled only from the pool
    /// ([`Tally::place_greedy`]) and changed only by [`Tally::swap`], so no
    /// column ever holds two queens and a bit a column counts them. None
    /// when the memory is refused.
    pub fn permutation(n: usize) -> Option<Tally> {
        Tally::build(n, true)
    }

    /// The bytes an n×n board holds (its vectors' lengths), for a sentence
    /// when they are refused.
    pub fn bytes(n: usize, permutation: bool) -> u64 {
        let lines = (2 * n).saturating_sub(1) as u64;
        let n = n as u64;
        let (cols, bits) = if permutation {
            (0, 8 * (n.div_ceil(64) + 2 * (lines.div_ceil(64) + 1)))
        } else {
            (4 * n, 0)
        };
        4 * n + cols + bits + 2 * lines
    }

    fn build(n: usize, permutation: bool) -> Option<Tally> {
        let lines = (2 * n).saturating_sub(1);
        // A permutation board's diagonal bits have one word more than they
        // need, which [`draw_open`] may read past the last diagonal.
        let (cols, used, line_bits) = if permutation {
            (
                Vec::new(),
                filled(n.div_ceil(64), 0)?,
                lines.div_ceil(64) + 1,
            )
        } else {
            (filled(n, 0)?, Vec::new(), 0)
        };
        let mut queens = Vec::new();
        queens.try_reserve_exact(n).ok()?;
        queens.extend(0..n as u32);
        Some(Tally {
            queens,
            placed: 0,
            cols,
            used,
            down_bits: filled(line_bits, 0)?,
            up_bits: filled(line_bits, 0)?,
            permutation,
            downs: filled(lines, 0)?,
            ups: filled(lines, 0)?,
            pairs: 0,
        })
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
    /// rising diagonal (row + n − 1 − col), exact: the registers of the page.
    pub fn lines(&self) -> (Cow<'_, [u32]>, Vec<u32>, Vec<u32>) {
        let cols = if self.permutation {
            Cow::Owned((0..self.n() as u32).map(|c| self.column(c)).collect())
        } else {
            Cow::Borrowed(&self.cols[..])
        };
        let exact = |counts: &[u8], up: bool| -> Vec<u32> {
            (0..counts.len())
                .map(|line| self.exact(counts, line, up, usize::MAX))
                .collect()
        };
        (cols, exact(&self.downs, false), exact(&self.ups, true))
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

    /// The queens other than row `skip`'s on diagonal `line` of `counts`
    /// (`self.downs`, or `self.ups` with `up` true): the byte, or the
    /// queens counted when it is saturated, or on a permutation board, for
    /// a byte of 0, the diagonal's bit (a lone queen's byte is left at 0).
    #[inline(always)]
    fn exact(&self, counts: &[u8], line: usize, up: bool, skip: usize) -> u32 {
        match counts[line] {
            SATURATED => recount(&self.queens, self.placed, line, up, skip),
            0 if self.permutation => {
                u32::from(bit(if up { &self.up_bits } else { &self.down_bits }, line))
            }
            count => u32::from(count),
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
        let on_lines = self.column(c as u32)
            + self.exact(&self.downs, d, false, usize::MAX)
            + self.exact(&self.ups, u, true, usize::MAX);
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

    /// The least attackers of a square of placed row `row`, and how many of
    /// its columns have that many: min-conflicts' scan of a row, in two
    /// passes the compiler turns into vector code (the bytes added with
    /// saturation). A square on a saturated diagonal reads 255 or more, so
    /// the least is exact whenever it is below 255; otherwise the row is
    /// read again square by square.
    pub fn row_least(&self, row: usize) -> (u32, u32) {
        let n = self.n();
        let own = self.queens[row];
        let own_attackers = self.attackers(row, own);
        let (cols, downs) = (&self.cols[..n], &self.downs[row..row + n]);
        // Rising diagonals run backwards along a row: (row, col) is on
        // row + n − 1 − col.
        let ups = &self.ups[row..row + n];
        let sum = |c: usize| -> u32 {
            cols[c].saturating_add(u32::from(downs[c].saturating_add(ups[n - 1 - c])))
        };
        let least_raw = (0..n).map(sum).min().unwrap_or(u32::MAX);
        // Row `row`'s own square reads its queen three times over: the least
        // is the smaller of the other squares' and its own true count.
        let least = least_raw.min(own_attackers);
        if least >= u32::from(SATURATED) {
            return self.row_least_exact(row);
        }
        let mut ties = (0..n).filter(|&c| sum(c) == least).count() as u32;
        if sum(own as usize) == least {
            ties -= 1;
        }
        if own_attackers == least {
            ties += 1;
        }
        (least, ties)
    }

    /// [`Tally::row_least`] one square at a time, exact whatever the counts.
    #[cold]
    fn row_least_exact(&self, row: usize) -> (u32, u32) {
        let (mut least, mut ties) = (u32::MAX, 0);
        for col in 0..self.n() as u32 {
            let attackers = self.attackers(row, col);
            if attackers < least {
                (least, ties) = (attackers, 1);
            } else if attackers == least {
                ties += 1;
            }
        }
        (least, ties)
    }

    /// The `pick`-th (from 0) column of placed row `row`, left to right,
    /// whose square `least` queens attack, and the columns looked at to
    /// find it; `least` and the ties are [`Tally::row_least`]'s.
    pub fn row_pick(&self, row: usize, least: u32, mut pick: u32) -> (u32, u32) {
        let n = self.n();
        let own = self.queens[row] as usize;
        let (cols, downs, ups) = (
            &self.cols[..n],
            &self.downs[row..row + n],
            &self.ups[row..row + n],
        );
        let exact = least >= u32::from(SATURATED);
        for c in 0..n {
            let attackers = if c == own || exact {
                self.attackers(row, c as u32)
            } else {
                cols[c].saturating_add(u32::from(downs[c].saturating_add(ups[n - 1 - c])))
            };
            if attackers == least {
                if pick == 0 {
                    return (c as u32, c as u32 + 1);
                }
                pick -= 1;
            }
        }
        (0, n as u32)
    }

    /// Takes row `row`'s queen off its lines; `queens[row]` keeps its column
    /// until [`Tally::drop_on`] puts it back, and `attackers` of that row mean
    /// nothing in between. On a permutation board the column is left alone:
    /// the caller ([`Tally::swap`], [`Tally::pop`]) keeps the column bits.
    /// Every other placed row is where its counts say.
    #[inline(always)]
    fn lift(&mut self, row: usize) {
        let (c, d, u) = self.index(row, self.queens[row]);
        let down = self.lower(d, false, row);
        let up = self.lower(u, true, row);
        let mut left = down + up;
        if self.permutation {
            if down == 0 {
                set_bit(&mut self.down_bits, d, false);
            }
            if up == 0 {
                set_bit(&mut self.up_bits, u, false);
            }
        } else {
            self.cols[c] -= 1;
            left += self.cols[c];
        }
        self.pairs -= u64::from(left);
    }

    /// One queen (row `row`'s) fewer on diagonal `line`; returns the queens
    /// left there. A saturated byte is counted again from the queens,
    /// leaving row `row` out.
    #[inline(always)]
    fn lower(&mut self, line: usize, up: bool, row: usize) -> u32 {
        let counts = if up { &self.ups } else { &self.downs };
        let left = match counts[line] {
            SATURATED => recount(&self.queens, self.placed, line, up, row),
            // A permutation board's lone queen: its byte stays 0.
            0 => return 0,
            count => u32::from(count) - 1,
        };
        let counts = if up { &mut self.ups } else { &mut self.downs };
        counts[line] = left.min(u32::from(SATURATED)) as u8;
        left
    }

    /// One queen (row `row`'s) more on diagonal `line`; returns the queens
    /// that were there before, row `row` left out.
    #[inline(always)]
    fn raise(&mut self, line: usize, up: bool, row: usize) -> u32 {
        let there = if up {
            self.exact(&self.ups, line, true, row)
        } else {
            self.exact(&self.downs, line, false, row)
        };
        let counts = if up { &mut self.ups } else { &mut self.downs };
        counts[line] = (there + 1).min(u32::from(SATURATED)) as u8;
        there
    }

    /// Puts row `row`'s queen on (row, col)'s lines. On a permutation board
    /// `col` is a column no other placed row holds, and its bit is the
    /// caller's to set. Every placed row but `row` is where its counts say.
    #[inline(always)]
    fn drop_on(&mut self, row: usize, col: u32) {
        let (c, d, u) = self.index(row, col);
        let mut there = self.raise(d, false, row) + self.raise(u, true, row);
        if self.permutation {
            set_bit(&mut self.down_bits, d, true);
            set_bit(&mut self.up_bits, u, true);
        } else {
            there += self.cols[c];
            self.cols[c] += 1;
        }
        self.pairs += u64::from(there);
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
    /// one). One row moves at a time, so that a saturated diagonal's recount
    /// sees every other queen where its counts say.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.queens[a], self.queens[b]);
        self.lift(a);
        self.drop_on(a, cb);
        self.lift(b);
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
        let row = self.placed - 1;
        self.lift(row);
        self.placed = row;
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
            let attackers = self.exact(&self.downs, d, false, usize::MAX)
                + self.exact(&self.ups, u, true, usize::MAX);
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
    /// queen is read from its bit (the bits of all 4·N diagonals are an
    /// eighth of the counts' bytes, and stay in the processor's cache longer),
    /// and a free square is taken without reading its counts. Only when no
    /// drawn square is free are the draws made again, from a copy of the
    /// generator as it was, to read their counts and take the least attacked.
    /// Calls `attacked(row, attackers)` for each row placed attacked; returns
    /// the checks spent (one a draw) and the last row's column.
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
        let pool_from = pool_start(n);
        for row in *placed..end {
            if row == pool_from && row > 0 {
                refill_pool(queens, used, row);
            }
            let left = (n - row) as u32;
            let draws = tries.min(left);
            let from_pool = row >= pool_from;
            let replay = rng.clone();
            let mut free = None;
            for k in 1..=draws {
                let (pick, col, open) = if from_pool {
                    let (pick, col) = draw_column(rng, queens, used, row, true);
                    let open = !bit(down_bits, row + col) && !bit(up_bits, row + n - 1 - col);
                    (pick, col, open)
                } else {
                    draw_open(rng, used, down_bits, up_bits, row, n)
                };
                if open {
                    free = Some((pick, col, k));
                    break;
                }
            }
            let (col, d, u) = if let Some((pick, col, k)) = free {
                checks += u64::from(k);
                take(queens, row, pick, col);
                let (d, u) = (row + col, row + n - 1 - col);
                // Free: its diagonals hold one queen now, which their bits
                // say (their bytes stay 0, unread and unwritten), and the
                // pairs stay.
                (col as u32, d, u)
            } else {
                checks += u64::from(draws);
                let mut replay = replay;
                let mut best = (u32::MAX, row, 0);
                // Rows 0..row are placed; a saturated byte is counted again,
                // and a byte of 0 is the diagonal's bit.
                let count = |counts: &[u8], bits: &[u64], line: usize, up: bool, queens: &[u32]| {
                    match counts[line] {
                        SATURATED => recount(queens, row, line, up, usize::MAX),
                        0 => u32::from(bit(bits, line)),
                        count => u32::from(count),
                    }
                };
                for _ in 0..draws {
                    let (pick, col) = draw_column(&mut replay, queens, used, row, from_pool);
                    let there = count(downs, down_bits, row + col, false, queens)
                        + count(ups, up_bits, row + n - 1 - col, true, queens);
                    if there < best.0 {
                        best = (there, pick, col);
                    }
                }
                let (there, pick, col) = best;
                take(queens, row, pick, col);
                let (d, u) = (row + col, row + n - 1 - col);
                *pairs += u64::from(there);
                let (on_d, on_u) = (
                    count(downs, down_bits, d, false, queens),
                    count(ups, up_bits, u, true, queens),
                );
                downs[d] = (on_d + 1).min(u32::from(SATURATED)) as u8;
                ups[u] = (on_u + 1).min(u32::from(SATURATED)) as u8;
                attacked(row, there);
                (col as u32, d, u)
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

/// The first row of a permutation board's greedy start that draws from the
/// pool. The rows before it draw a column at random from all N and take
/// the first unused one from there on in its word of 64 columns' bits
/// ([`draw_column`]), which reads only the columns' bits (N / 8 bytes) where
/// a draw from the pool reads a random place in N four-byte columns (a miss
/// of the cache a draw on a large board); by then an eighth of the columns
/// are left, and the pool is written out once ([`refill_pool`]). The pool
/// draws each unused column with the same chance; the bits favour a little
/// the unused columns that follow used ones in their word.
#[inline(always)]
fn pool_start(n: usize) -> usize {
    n - n / 8
}

/// Writes the columns not used yet, in order, into `queens[from..]`: the
/// pool, for the rows from [`pool_start`] on.
#[cold]
fn refill_pool(queens: &mut [u32], used: &[u64], from: usize) {
    let n = queens.len();
    let mut at = from;
    for (w, &word) in used.iter().enumerate() {
        let mut free = !word;
        while free != 0 {
            let col = w * 64 + free.trailing_zeros() as usize;
            if col >= n || at >= n {
                break;
            }
            queens[at] = col as u32;
            at += 1;
            free &= free - 1;
        }
    }
}

/// A column not used yet, drawn for row `row` of a permutation board's
/// greedy start: from the pool `queens[row..]` (`from_pool`; its index and
/// column), or else a column drawn from all N, or if it is used the next
/// unused one in its word of 64 columns' bits, going round the word (one
/// read of the bits whatever the share of columns used; a word with no
/// unused column that is on the board draws again). No index: `usize::MAX`.
#[inline(always)]
fn draw_column(
    rng: &mut Rng,
    queens: &[u32],
    used: &[u64],
    row: usize,
    from_pool: bool,
) -> (usize, usize) {
    let n = queens.len();
    if from_pool {
        let pick = row + rng.below((n - row) as u32) as usize;
        (pick, queens[pick] as usize)
    } else {
        loop {
            let col = rng.below(n as u32) as usize;
            let (base, shift) = (col - col % 64, (col % 64) as u32);
            let free = (!used[col / 64]).rotate_right(shift);
            if free != 0 {
                let at = base + ((shift + free.trailing_zeros()) % 64) as usize;
                if at < n {
                    return (usize::MAX, at);
                }
            }
        }
    }
}

/// [`draw_column`] before the pool, with whether the drawn square's two
/// diagonals are free. The diagonals that the drawn word's 64 columns reach
/// from `row` lie in two adjacent words of each kind's bits, and those are
/// read together with the columns' word, their addresses known from the
/// draw alone: on a board too large for the cache the three misses are
/// waited for at once, not the diagonals' after the column's. The same
/// draws and the same column as [`draw_column`].
#[inline(always)]
fn draw_open(
    rng: &mut Rng,
    used: &[u64],
    down_bits: &[u64],
    up_bits: &[u64],
    row: usize,
    n: usize,
) -> (usize, usize, bool) {
    loop {
        let col = rng.below(n as u32) as usize;
        let (base, shift) = (col - col % 64, (col % 64) as u32);
        // Falling diagonals row + base ..= row + base + 63; rising ones
        // row + n - 1 - last ..= row + n - 1 - base for the word's last
        // column on the board. Each range spans at most two words.
        let down_word = (row + base) / 64;
        let (down_a, down_b) = (down_bits[down_word], down_bits[down_word + 1]);
        let up_word = (row + n - 1 - (base + 63).min(n - 1)) / 64;
        let (up_a, up_b) = (up_bits[up_word], up_bits[up_word + 1]);
        let free = (!used[col / 64]).rotate_right(shift);
        if free != 0 {
            let at = base + ((shift + free.trailing_zeros()) % 64) as usize;
            if at < n {
                let (down, up) = (row + at, row + n - 1 - at);
                let down_bits = if down / 64 == down_word {
                    down_a
                } else {
                    down_b
                };
                let up_bits = if up / 64 == up_word { up_a } else { up_b };
                let open = ((down_bits >> (down % 64)) | (up_bits >> (up % 64))) & 1 == 0;
                return (usize::MAX, at, open);
            }
        }
    }
}

/// Puts column `col`, drawn by [`draw_column`] (from the pool at `pick`, or
/// not), on row `row`.
#[inline(always)]
fn take(queens: &mut [u32], row: usize, pick: usize, col: usize) {
    if pick == usize::MAX {
        queens[row] = col as u32;
    } else {
        queens.swap(row, pick);
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

/// Rows that may hold an attacked queen, each listed once, with room for
/// `room` of them allocated up front so that no step allocates (a clone keeps
/// that room). A row that finds the list full is not listed, and the list
/// remembers that it overflowed: whoever empties it then looks at every row
/// again ([`Suspects::overflowed`]).
#[derive(Debug, PartialEq, Eq)]
pub struct Suspects {
    rows: Vec<u32>,
    /// One bit per row: listed or not.
    listed: Vec<u64>,
    /// The most rows listed at once.
    room: usize,
    /// A row was left out for want of room since the last [`Suspects::clear`].
    overflowed: bool,
}

impl Clone for Suspects {
    fn clone(&self) -> Suspects {
        let mut rows = Vec::with_capacity(self.room);
        rows.extend_from_slice(&self.rows);
        Suspects {
            rows,
            listed: self.listed.clone(),
            room: self.room,
            overflowed: self.overflowed,
        }
    }
}

impl Suspects {
    /// A list for an n-row board with room for `room` rows (at most n);
    /// None when the memory is refused.
    pub fn with_room(n: usize, room: usize) -> Option<Suspects> {
        let room = room.max(1).min(n);
        let mut rows = Vec::new();
        rows.try_reserve_exact(room).ok()?;
        Some(Suspects {
            rows,
            listed: filled(n.div_ceil(64), 0)?,
            room,
            overflowed: false,
        })
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// True when some row was left out for want of room since the list was
    /// last cleared: an empty list then does not mean that no row is
    /// attacked.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    pub fn get(&self, index: usize) -> usize {
        self.rows[index] as usize
    }

    /// Lists `row` unless it is listed already; with no room left, notes
    /// that the list overflowed instead.
    #[inline]
    pub fn insert(&mut self, row: usize) {
        let (word, bit) = (row / 64, 1u64 << (row % 64));
        if self.listed[word] & bit == 0 {
            if self.rows.len() == self.room {
                self.overflowed = true;
                return;
            }
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
        self.overflowed = false;
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
            let (mut general, mut permutation) = (
                Tally::new(n).expect("a small board"),
                Tally::permutation(n).expect("a small board"),
            );
            // The permutation board draws its columns its own way (from all
            // N while most are free); the general board takes the same ones.
            let mut rng = Rng::new(seed);
            let mut taken = vec![false; n];
            for step in 0..n {
                let (row, col, _, attackers) = permutation.place_greedy(&mut rng, QS_GREEDY_TRIES);
                assert_eq!(
                    (row, taken[col as usize]),
                    (step, false),
                    "N = {n}: a used column"
                );
                taken[col as usize] = true;
                assert_eq!(attackers, counted(&permutation.queens()[..row], row, col));
                general.push(col);
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
                let (_, downs, ups) = permutation.lines();
                for (counts, bits) in [
                    (&downs, &permutation.down_bits),
                    (&ups, &permutation.up_bits),
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

    #[test]
    fn draw_open_draws_as_draw_column_and_reads_the_bits_as_bit() {
        // Random boards' bits at many sizes (word edges included), each
        // with some column unused: the fast draw against the plain one.
        let mut fill = Rng::new(11);
        for n in [1usize, 2, 3, 5, 63, 64, 65, 127, 128, 129, 200, 1000] {
            let mut tally = Tally::permutation(n).expect("a small board");
            for density in [0u32, 1, 4, 8, 15, 16] {
                let lines = 2 * n - 1;
                for line in 0..lines {
                    set_bit(&mut tally.down_bits, line, fill.below(16) < density);
                    set_bit(&mut tally.up_bits, line, fill.below(16) < density);
                }
                let mut unused = 0;
                for col in 0..n {
                    let on = fill.below(16) < density;
                    set_bit(&mut tally.used, col, on);
                    unused += usize::from(!on);
                }
                if unused == 0 {
                    set_bit(&mut tally.used, fill.below(n as u32) as usize, false);
                }
                for _ in 0..200 {
                    let row = fill.below(n as u32) as usize;
                    let (mut fast, mut plain) = (fill.clone(), fill.clone());
                    let got = draw_open(
                        &mut fast,
                        &tally.used,
                        &tally.down_bits,
                        &tally.up_bits,
                        row,
                        n,
                    );
                    let (pick, col) =
                        draw_column(&mut plain, &tally.queens, &tally.used, row, false);
                    let open = !bit(&tally.down_bits, row + col)
                        && !bit(&tally.up_bits, row + n - 1 - col);
                    assert_eq!(got, (pick, col, open), "N = {n}, row {row}");
                    assert!(!bit(&tally.used, col), "N = {n}: a used column drawn");
                    assert_eq!(fast, plain, "N = {n}: the draws spent");
                    fill.below(2);
                }
            }
        }
    }

    /// The lines' counts and the attacking pairs from the queens alone.
    fn truth(queens: &[u32]) -> (Vec<u32>, Vec<u32>, Vec<u32>, u64) {
        let n = queens.len();
        let (mut cols, mut downs, mut ups) = (vec![0; n], vec![0; 2 * n - 1], vec![0; 2 * n - 1]);
        for (row, &col) in queens.iter().enumerate() {
            cols[col as usize] += 1;
            downs[row + col as usize] += 1;
            ups[row + n - 1 - col as usize] += 1;
        }
        let pairs = [&cols, &downs, &ups]
            .iter()
            .flat_map(|line| line.iter())
            .map(|&k| u64::from(k) * u64::from(k.max(1) - 1) / 2)
            .sum();
        (cols, downs, ups, pairs)
    }

    #[test]
    fn a_diagonal_of_255_queens_and_more_is_counted_from_the_board() {
        // 600 queens on the squares (row, row): all on one rising diagonal,
        // whose byte saturates; then moves and swaps take queens off it and
        // (for the general board) put some back, across 255 both ways.
        let n = 600;
        for permutation in [false, true] {
            let mut tally = if permutation {
                Tally::permutation(n)
            } else {
                Tally::new(n)
            }
            .expect("a small board");
            for row in 0..n {
                tally.push(row as u32);
            }
            let mut rng = Rng::new(9);
            let mut crossed = (false, false);
            for step in 0..1_500 {
                let (cols, downs, ups, pairs) = truth(tally.queens());
                let (t_cols, t_downs, t_ups) = tally.lines();
                assert_eq!(tally.pairs(), pairs, "step {step}");
                assert_eq!(
                    (&t_cols[..], &t_downs[..], &t_ups[..]),
                    (&cols[..], &downs[..], &ups[..])
                );
                let most = ups[n - 1];
                crossed = (crossed.0 || most > 255, crossed.1 || most < 255);
                for row in [0, step % n, n - 1] {
                    let col = rng.below(n as u32);
                    assert_eq!(tally.attackers(row, col), counted(tally.queens(), row, col));
                }
                let a = rng.below(n as u32) as usize;
                if permutation {
                    let b = (a + 1 + rng.below(n as u32 - 1) as usize) % n;
                    tally.swap(a, b);
                } else if step % 3 == 0 {
                    // Back onto the crowded diagonal.
                    tally.move_queen(a, a as u32);
                } else {
                    tally.move_queen(a, rng.below(n as u32));
                }
            }
            assert_eq!(
                crossed,
                (true, true),
                "permutation {permutation}: the count crossed 255 both ways"
            );
        }
    }
}
