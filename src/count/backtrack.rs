//! The backtracking counters of count mode: the search tree walked with bit
//! masks, with no symmetry, the mirror, or all eight symmetries of the square.
//!
//! Three counters, from plainest to fastest, all on the same bitwise idea (a
//! row's free squares are `!(left | down | right)` as one `u32`):
//!
//! - [`count_plain`] walks the whole search tree.
//! - [`count_total`] uses the left–right mirror: the first row's queen goes in
//!   the left half and each such solution is counted twice; for odd N the
//!   middle column is walked once and counted once.
//! - [`count_with_symmetry`] uses all eight symmetries of the square
//!   (takaken's method) and so gives both the total (OEIS A000170) and the
//!   number of solutions distinct up to rotation and reflection (A002562).
//!
//! [`subtasks`] cuts the symmetric search into independent pieces, the first
//! two or three rows fixed, so that a pool of workers can share it:
//! [`count_subtask`] counts one piece, and the pieces' [`Counts`] add up to
//! [`count_with_symmetry`] exactly.
//!
//! # The symmetric search
//!
//! Every solution (N ≥ 2) has one of two shapes.
//!
//! **A queen in a corner.** Only one corner can hold a queen, and no solution
//! with a corner queen is symmetric, so its class has eight members. Exactly
//! two of them have the queen at (0, 0): a board and its transpose. The search
//! puts row 0's queen at column 0 and row 1's at column `b1`, and keeps
//! column 1 free in rows `1..b1`: of the two, that picks the one whose row-1
//! queen is nearer the corner than its column-1 queen. Each find is one class
//! of eight.
//!
//! **No queen in a corner.** Each edge of the board then has exactly one queen
//! off its corners; call its distance to the nearer corner its depth. The
//! search picks the top row as the edge with the smallest depth `b` (with its
//! queen in the left half, `b < N-1-b`): the left and right columns keep their
//! queens within rows `b..=N-1-b` and the bottom row within columns
//! `b..=N-1-b`. A tie with another edge at the same depth can only come from a
//! rotation of the board (a reflected tie would put two queens on one line),
//! so at a leaf the board is compared with those of its rotations that also
//! have their top queen at column `b`, and is counted only if it is the
//! smallest. If it equals its 90° rotation its class has two members, else if
//! it equals its 180° rotation four, else eight.

use super::{check_n, Counts, MAX_N};
use crate::board::RowMask;

/// Classes found, by the number of boards in each class.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    eight: u64,
    four: u64,
    two: u64,
}

impl Tally {
    fn counts(self) -> Counts {
        Counts {
            total: 8 * self.eight + 4 * self.four + 2 * self.two,
            fundamental: self.eight + self.four + self.two,
        }
    }
}

/// The rules of one search: which columns each row may use, and, for the
/// no-corner shape, the depth `b` of the top queen.
struct Rules {
    n: usize,
    /// Columns row `y` may use at all (board mask less the excluded edges).
    row_mask: [u32; MAX_N],
    /// No-corner shape only: row `N-1-b`, by which both side columns must be
    /// taken, or `usize::MAX`.
    bound2: usize,
    /// The two side columns.
    sides: u32,
}

impl Rules {
    /// No constraints: every row may use every column.
    fn plain(n: usize) -> Rules {
        Rules {
            n,
            row_mask: [RowMask::full(n).0; MAX_N],
            bound2: usize::MAX,
            sides: 0,
        }
    }

    /// A queen at (0, 0), row 1's queen at column `b1`: column 1 stays free
    /// in rows before `b1`.
    fn corner(n: usize, b1: usize) -> Rules {
        let mut rules = Rules::plain(n);
        for mask in rules.row_mask.iter_mut().take(b1) {
            *mask &= !0b10;
        }
        rules
    }

    /// No queen in a corner, the top queen at depth `b`: side columns stay
    /// free in rows before `b`, both are taken by row `N-1-b`, and the bottom
    /// queen keeps to columns `b..=N-1-b`.
    fn inner(n: usize, b: usize) -> Rules {
        let mut rules = Rules::plain(n);
        let sides = 1 | (1u32 << (n - 1));
        for mask in rules.row_mask.iter_mut().take(b) {
            *mask &= !sides;
        }
        let mut near_corners = 0u32;
        for d in 0..b {
            near_corners |= (1 << d) | (1 << (n - 1 - d));
        }
        rules.row_mask[n - 1] &= !near_corners;
        rules.bound2 = n - 1 - b;
        rules.sides = sides;
        rules
    }

    /// The free columns of row `y`, given the attacks from the rows above.
    #[inline(always)]
    fn options(&self, y: usize, left: u32, down: u32, right: u32) -> u32 {
        let mut free = !(left | down | right) & self.row_mask[y % MAX_N];
        if y == self.bound2 {
            let taken = down & self.sides;
            if taken == 0 {
                free = 0;
            } else if taken != self.sides {
                free &= self.sides;
            }
        }
        free
    }
}

/// Where a search starts: the rows already placed and the attacks they make
/// on the next row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Start {
    row: usize,
    left: u32,
    down: u32,
    right: u32,
    /// The queen of each placed row, as a one-bit mask.
    board: [u32; MAX_N],
}

impl Start {
    fn empty() -> Start {
        Start {
            row: 0,
            left: 0,
            down: 0,
            right: 0,
            board: [0; MAX_N],
        }
    }

    fn place(&self, bit: u32) -> Start {
        let mut next = *self;
        next.board[self.row % MAX_N] = bit;
        next.row += 1;
        next.left = (self.left | bit) << 1;
        next.down = self.down | bit;
        next.right = (self.right | bit) >> 1;
        next
    }

    fn place_column(&self, column: usize) -> Start {
        self.place(1 << column)
    }
}

/// One level of the explicit stack: the attacks on a row and the columns of
/// it still to try.
#[derive(Clone, Copy, Default)]
struct Frame {
    left: u32,
    down: u32,
    right: u32,
    free: u32,
}

/// Walks the tree below `start` with an explicit stack (in wasm and natively
/// this beats recursion). `CHECK` is the no-corner shape: the row `N-1-b` rule
/// applies and a leaf is compared with its rotations. Without it every leaf
/// is one find, counted in `Tally::eight` (the caller knows what a find is
/// worth).
fn walk<const CHECK: bool>(rules: &Rules, start: &Start) -> Tally {
    let n = rules.n;
    let mut tally = Tally::default();
    if start.row >= n {
        tally.eight += 1;
        return tally;
    }
    let last = n - 1;
    let mut board = start.board;
    let first = options::<CHECK>(rules, start.row, start.left, start.down, start.right);
    if start.row == last {
        if first != 0 {
            board[last % MAX_N] = first;
            record::<CHECK>(&mut tally, n, &board);
        }
        return tally;
    }

    // The current row's frame lives in locals; the stack holds its ancestors.
    let mut stack = [Frame::default(); MAX_N];
    let mut depth = 0usize;
    let mut y = start.row;
    let (mut left, mut down, mut right, mut free) = (start.left, start.down, start.right, first);
    loop {
        if free == 0 {
            if depth == 0 {
                break;
            }
            depth -= 1;
            let f = stack[depth % MAX_N];
            (left, down, right, free) = (f.left, f.down, f.right, f.free);
            y -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        free ^= bit;
        if CHECK {
            board[y % MAX_N] = bit;
        }
        let l = (left | bit) << 1;
        let d = down | bit;
        let r = (right | bit) >> 1;
        let next = options::<CHECK>(rules, y + 1, l, d, r);
        if y + 1 == last {
            if next != 0 {
                if CHECK {
                    board[last % MAX_N] = next;
                }
                record::<CHECK>(&mut tally, n, &board);
            }
            continue;
        }
        if next == 0 {
            continue;
        }
        stack[depth % MAX_N] = Frame {
            left,
            down,
            right,
            free,
        };
        depth += 1;
        y += 1;
        (left, down, right, free) = (l, d, r, next);
    }
    tally
}

/// [`Rules::options`], with the row `N-1-b` rule only where it can apply.
#[inline(always)]
fn options<const CHECK: bool>(rules: &Rules, y: usize, left: u32, down: u32, right: u32) -> u32 {
    if CHECK {
        rules.options(y, left, down, right)
    } else {
        !(left | down | right) & rules.row_mask[y % MAX_N]
    }
}

#[inline(always)]
fn record<const CHECK: bool>(tally: &mut Tally, n: usize, board: &[u32; MAX_N]) {
    if !CHECK {
        tally.eight += 1;
        return;
    }
    match class_size(n, board) {
        8 => tally.eight += 1,
        4 => tally.four += 1,
        2 => tally.two += 1,
        _ => {}
    }
}

/// For a no-corner leaf: 0 if a rotation of the board that the search also
/// finds is smaller (that one is counted instead), else the size of the
/// board's class under the eight symmetries.
fn class_size(n: usize, board: &[u32; MAX_N]) -> u32 {
    let mut cols = [0usize; MAX_N];
    for (col, bit) in cols.iter_mut().zip(board.iter()).take(n) {
        *col = bit.trailing_zeros() as usize;
    }
    let b = cols[0];
    let last = n - 1;
    let mut rotated = [0usize; MAX_N];
    // 90° clockwise, (r, c) -> (c, N-1-r): its top queen comes from the
    // left column's queen, at column b when that queen is in row N-1-b.
    if cols[last - b] == 0 {
        for r in 0..n {
            rotated[cols[r]] = last - r;
        }
        match rotated[..n].cmp(&cols[..n]) {
            std::cmp::Ordering::Less => return 0,
            std::cmp::Ordering::Equal => return 2,
            std::cmp::Ordering::Greater => {}
        }
    }
    // 180°, (r, c) -> (N-1-r, N-1-c): from the bottom queen.
    if cols[last] == last - b {
        for r in 0..n {
            rotated[last - r] = last - cols[r];
        }
        match rotated[..n].cmp(&cols[..n]) {
            std::cmp::Ordering::Less => return 0,
            std::cmp::Ordering::Equal => return 4,
            std::cmp::Ordering::Greater => {}
        }
    }
    // 270°, (r, c) -> (N-1-c, r): from the right column's queen. It cannot
    // equal the board here, or the 90° test would have.
    if cols[b] == last {
        for r in 0..n {
            rotated[last - cols[r]] = r;
        }
        if rotated[..n] < cols[..n] {
            return 0;
        }
    }
    8
}

/// All solutions, walking the whole tree with no symmetry at all (the source
/// bitwise algorithm, iterative). `count_plain(0)` is 1: the empty board.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_plain(n: usize) -> u64 {
    check_n(n);
    walk::<false>(&Rules::plain(n), &Start::empty()).eight
}

/// All solutions, using the left–right mirror only.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_total(n: usize) -> u64 {
    check_n(n);
    if n == 0 {
        return 1;
    }
    let rules = Rules::plain(n);
    let empty = Start::empty();
    let mut total = 0;
    for column in 0..n / 2 {
        total += 2 * walk::<false>(&rules, &empty.place_column(column)).eight;
    }
    if n % 2 == 1 {
        total += walk::<false>(&rules, &empty.place_column(n / 2)).eight;
    }
    total
}

/// Total and fundamental counts with all eight symmetries (takaken's method).
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_with_symmetry(n: usize) -> Counts {
    check_n(n);
    if n <= 1 {
        return Counts {
            total: 1,
            fundamental: 1,
        };
    }
    let mut tally = Tally::default();
    let origin = Start::empty().place_column(0);
    for b1 in 2..n.saturating_sub(1) {
        tally.eight += walk::<false>(&Rules::corner(n, b1), &origin.place_column(b1)).eight;
    }
    let mut b = 1;
    while b < n - 1 - b {
        let t = walk::<true>(&Rules::inner(n, b), &Start::empty().place_column(b));
        tally.eight += t.eight;
        tally.four += t.four;
        tally.two += t.two;
        b += 1;
    }
    tally.counts()
}

/// Which part of the symmetric search a subtask belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// N = 0 or 1: the one board, counted whole.
    Trivial,
    /// A queen at (0, 0) and row 1's queen at column `b1`; rows 0..=2 fixed.
    Corner { b1: usize },
    /// No corner queen, row 0's queen at column `b`; rows 0..=1 fixed.
    Inner { b: usize },
}

/// One independent piece of the symmetric search: the subtree under a fixed
/// placement of the first rows. The pieces of [`subtasks`] cover the search
/// exactly once, so their [`Counts`] add up to [`count_with_symmetry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtask {
    pub n: usize,
    pub shape: Shape,
    /// The column of each fixed row's queen, from row 0.
    pub prefix: Vec<usize>,
}

impl Subtask {
    /// Counts this piece.
    pub fn count(&self) -> Counts {
        let n = self.n;
        match self.shape {
            Shape::Trivial => Counts {
                total: 1,
                fundamental: 1,
            },
            Shape::Corner { b1 } => {
                let start = self.start();
                let finds = walk::<false>(&Rules::corner(n, b1), &start).eight;
                Counts {
                    total: 8 * finds,
                    fundamental: finds,
                }
            }
            Shape::Inner { b } => walk::<true>(&Rules::inner(n, b), &self.start()).counts(),
        }
    }

    /// An estimate of the work [`count`](Subtask::count) does on this piece:
    /// the size of its search tree (partial boards), by Knuth's method of
    /// random probes under the same rules. Each probe walks down from the
    /// prefix taking a random free column in each row, and adds up the
    /// products of the numbers of choices met on the way; the mean over
    /// `probes` probes is an unbiased estimate of the tree's size. The probes
    /// are seeded by the piece, so the estimate is the same every time.
    pub fn estimate(&self, probes: u32) -> u64 {
        let n = self.n;
        match self.shape {
            Shape::Trivial => 1,
            Shape::Corner { b1 } => self.probe::<false>(&Rules::corner(n, b1), probes),
            Shape::Inner { b } => self.probe::<true>(&Rules::inner(n, b), probes),
        }
    }

    fn probe<const CHECK: bool>(&self, rules: &Rules, probes: u32) -> u64 {
        let start = self.start();
        let mut seed = self
            .prefix
            .iter()
            .fold(0x9E37_79B9_7F4A_7C15u64 ^ self.n as u64, |h, &c| {
                (h ^ c as u64).wrapping_mul(0x0100_0000_01B3)
            });
        let mut random = move || {
            // xorshift64*
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
        };
        let mut total = 0.0f64;
        for _ in 0..probes.max(1) {
            let (mut left, mut down, mut right) = (start.left, start.down, start.right);
            let (mut width, mut size) = (1.0f64, 1.0f64);
            for y in start.row..rules.n {
                let mut free = options::<CHECK>(rules, y, left, down, right);
                let choices = free.count_ones();
                if choices == 0 {
                    break;
                }
                width *= f64::from(choices);
                size += width;
                for _ in 0..random() % u64::from(choices) {
                    free &= free - 1;
                }
                let bit = free & free.wrapping_neg();
                (left, down, right) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            }
            total += size;
        }
        (total / f64::from(probes.max(1))).round() as u64
    }

    /// The piece under the placement of the first rows given by `prefix`
    /// (each row's column, from row 0), for any depth short of the whole
    /// board: `None` unless it is a
    /// placement the symmetric search visits (N from 4, no two queens on a
    /// line, row 0's queen in the corner with row 1's placed too, or left
    /// of the middle, and every row within its rules).
    pub fn from_prefix(n: usize, prefix: &[usize]) -> Option<Subtask> {
        if !(4..=MAX_N).contains(&n) || prefix.is_empty() || prefix.len() >= n {
            return None;
        }
        let shape = match prefix {
            [0, b1, ..] if (2..n - 1).contains(b1) => Shape::Corner { b1: *b1 },
            [b, ..] if *b >= 1 && *b < n - 1 - *b => Shape::Inner { b: *b },
            _ => return None,
        };
        let rules = match shape {
            Shape::Corner { b1 } => Rules::corner(n, b1),
            Shape::Inner { b } => Rules::inner(n, b),
            Shape::Trivial => return None,
        };
        let mut start = Start::empty();
        for &column in prefix {
            let bit = 1u32.checked_shl(u32::try_from(column).ok()?)?;
            let free = match shape {
                Shape::Inner { .. } => {
                    options::<true>(&rules, start.row, start.left, start.down, start.right)
                }
                _ => options::<false>(&rules, start.row, start.left, start.down, start.right),
            };
            if free & bit == 0 {
                return None;
            }
            start = start.place(bit);
        }
        Some(Subtask {
            n,
            shape,
            prefix: prefix.to_vec(),
        })
    }

    fn start(&self) -> Start {
        self.prefix
            .iter()
            .fold(Start::empty(), |s, &column| s.place_column(column))
    }
}

/// The pieces of the symmetric search for an N×N board, in a fixed order:
/// the no-corner pieces (the bigger ones, shallow `b` first) before the corner
/// pieces, which helps a work queue finish evenly.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn subtasks(n: usize) -> Vec<Subtask> {
    check_n(n);
    if n <= 1 {
        return vec![Subtask {
            n,
            shape: Shape::Trivial,
            prefix: Vec::new(),
        }];
    }
    let mut out = Vec::new();
    let mut b = 1;
    while b < n - 1 - b {
        let rules = Rules::inner(n, b);
        let start = Start::empty().place_column(b);
        for column in RowMask(rules.options(1, start.left, start.down, start.right)) {
            out.push(Subtask {
                n,
                shape: Shape::Inner { b },
                prefix: vec![b, column],
            });
        }
        b += 1;
    }
    let origin = Start::empty().place_column(0);
    for b1 in 2..n.saturating_sub(1) {
        let rules = Rules::corner(n, b1);
        let start = origin.place_column(b1);
        for column in RowMask(rules.options(2, start.left, start.down, start.right)) {
            out.push(Subtask {
                n,
                shape: Shape::Corner { b1 },
                prefix: vec![0, b1, column],
            });
        }
    }
    out
}

/// How many random probes [`work_estimates`] sends into each piece: enough
/// for count mode's time left to come within ±30% once a tenth of the work is
/// done, few enough to cost a small fraction of the count.
pub const ESTIMATE_PROBES: u32 = 400;

/// One work estimate per piece of [`subtasks`]`(n)`, in the same order: how
/// count mode weighs the pieces for its progress bar and time left.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn work_estimates(n: usize) -> Vec<u64> {
    subtasks(n)
        .iter()
        .map(|task| task.estimate(ESTIMATE_PROBES))
        .collect()
}

/// Counts the `index`th piece of [`subtasks`]`(n)`, or `None` if there is no
/// such piece.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_subtask(n: usize, index: usize) -> Option<Counts> {
    subtasks(n).get(index).map(Subtask::count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_from_any_prefix_add_up() {
        // Every placement of the first three rows that from_prefix takes, counted, gives the whole count;
        // it takes no placement the search does not visit.
        for n in 6..=10 {
            let mut sum = Counts::default();
            for a in 0..n {
                for b in 0..n {
                    for c in 0..n {
                        if let Some(task) = Subtask::from_prefix(n, &[a, b, c]) {
                            sum += task.count();
                        }
                    }
                }
            }
            let whole = count_with_symmetry(n);
            assert_eq!(
                (sum.total, sum.fundamental),
                (whole.total, whole.fundamental),
                "n={n}"
            );
        }
        assert!(
            Subtask::from_prefix(8, &[7, 1]).is_none(),
            "row 0 right of the middle"
        );
        assert!(
            Subtask::from_prefix(8, &[1, 2]).is_none(),
            "two queens on a diagonal"
        );
        assert!(
            Subtask::from_prefix(8, &[0]).is_none(),
            "a corner without row 1"
        );
        assert!(
            Subtask::from_prefix(8, &[1, 40]).is_none(),
            "a column off the board"
        );
        assert!(Subtask::from_prefix(3, &[1]).is_none(), "N below 4");
    }

    #[test]
    fn small_boards() {
        let totals = [1, 1, 0, 0, 2, 10, 4, 40, 92];
        for (n, &t) in totals.iter().enumerate() {
            assert_eq!(count_plain(n), t, "plain n={n}");
            assert_eq!(count_total(n), t, "mirror n={n}");
            assert_eq!(count_with_symmetry(n).total, t, "takaken n={n}");
        }
    }

    #[test]
    fn class_sizes_of_four() {
        // N=4: 2 boards, one class of two (each is its own 90° rotation).
        assert_eq!(
            count_with_symmetry(4),
            Counts {
                total: 2,
                fundamental: 1
            }
        );
    }

    #[test]
    fn work_estimates_cover_every_piece_and_follow_the_work() {
        for n in 0..=12 {
            let estimates = work_estimates(n);
            assert_eq!(estimates.len(), subtasks(n).len(), "n={n}");
            assert!(
                estimates.iter().all(|&e| e >= 1),
                "n={n}: every piece weighs something"
            );
            assert_eq!(estimates, work_estimates(n), "n={n}: the same every time");
        }
        // Against the true tree sizes (partial boards, counted by walking each
        // piece with a counter): each piece's share of the estimated work is
        // near its share of the real work where it matters, and the running
        // shares (what the progress bar shows) stay within a few points.
        let n = 12;
        let exact: Vec<f64> = subtasks(n).iter().map(|t| tree_size(t) as f64).collect();
        let estimated: Vec<f64> = work_estimates(n).into_iter().map(|w| w as f64).collect();
        let (exact_sum, estimated_sum) = (exact.iter().sum::<f64>(), estimated.iter().sum::<f64>());
        let (mut exact_run, mut estimated_run) = (0.0, 0.0);
        for (e, w) in exact.iter().zip(&estimated) {
            exact_run += e / exact_sum;
            estimated_run += w / estimated_sum;
            assert!(
                (exact_run - estimated_run).abs() < 0.05,
                "running shares {exact_run:.3} vs {estimated_run:.3}"
            );
        }
    }

    /// Partial boards in a piece's tree, the prefix's own included (slow: for tests).
    fn tree_size(task: &Subtask) -> u64 {
        fn nodes<const CHECK: bool>(rules: &Rules, y: usize, attacks: (u32, u32, u32)) -> u64 {
            if y >= rules.n {
                return 1;
            }
            let (left, down, right) = attacks;
            let mut free = options::<CHECK>(rules, y, left, down, right);
            let mut sum = 1;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                sum += nodes::<CHECK>(
                    rules,
                    y + 1,
                    ((left | bit) << 1, down | bit, (right | bit) >> 1),
                );
            }
            sum
        }
        let start = task.start();
        let at = (start.left, start.down, start.right);
        match task.shape {
            Shape::Trivial => 1,
            Shape::Corner { b1 } => nodes::<false>(&Rules::corner(task.n, b1), start.row, at),
            Shape::Inner { b } => nodes::<true>(&Rules::inner(task.n, b), start.row, at),
        }
    }
}
