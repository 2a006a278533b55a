//! Puzzle mode's core: queens a person put on the board, and what can still
//! become of them. [`FixedQueens`] checks the squares and says, row by row,
//! where a queen may still go (squares marked as ruled out left out, with
//! [`FixedQueens::excluding`]); [`completions`] counts the solutions that
//! contain them all, [`first_completion`] finds one fast, [`hint`] picks a
//! square that keeps a solution possible and says why, [`culprit`] names the
//! queen to move on a dead board, and [`generate`] makes puzzles that the
//! rules of deduction (`deduce`) up to a level solve with no guess, and the
//! rules below it do not ([`levels`] says which levels each N offers). The
//! backtracking and bitwise searches can start from fixed queens too
//! (`Session::with_fixed`).

use crate::algorithms::find_one::rng::XorShift;
use crate::board::{attacks, RowMask};
use crate::deduce::{self, Level};
use crate::error::Error;
use crate::limits::{power, MAX_N};

/// Queens fixed on an n×n board, and what they leave for each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedQueens {
    n: usize,
    /// Every fixed queen, in the order given.
    queens: Vec<(usize, usize)>,
    /// The fixed queen's column in each row, if any.
    columns: [Option<u8>; MAX_N],
    /// Where each row may hold a queen: its fixed queen's square (if no other
    /// fixed queen attacks it), or every square no fixed queen attacks.
    allowed: [RowMask; MAX_N],
    /// Whether two fixed queens attack each other.
    conflict: bool,
    /// For each row, how many squares the space counts in it: 1 with a fixed
    /// queen, N without.
    width: [u8; MAX_N],
    /// For each row, the boards of the space below a node that sets rows
    /// `0..=row`: N to the power of the free rows below.
    below: [u128; MAX_N],
}

impl FixedQueens {
    /// The queens on `squares` (`row * n + col`). An error for a square off
    /// the board or a square given twice; two queens in one row or on one line
    /// are allowed here (the board is then dead: no completion).
    pub fn new(n: usize, squares: &[usize]) -> Result<FixedQueens, Error> {
        let queens = deduce::queens_on_board(n, squares)?;
        let mut fixed = FixedQueens::none(n);
        for (i, &(row, col)) in queens.iter().enumerate() {
            fixed.conflict |= queens[i + 1..].iter().any(|&q| attacks(q, (row, col)));
            fixed.columns[row] = Some(col as u8);
        }
        for row in 0..n {
            let own = fixed.columns[row].map(usize::from);
            let mut allowed = own.map_or(RowMask::full(n), RowMask::column);
            for col in 0..n {
                let attacked = queens
                    .iter()
                    .any(|&q| q != (row, col) && attacks(q, (row, col)));
                if attacked {
                    allowed &= !RowMask::column(col);
                }
            }
            fixed.allowed[row] = allowed;
        }
        fixed.queens = queens;
        let mut free = 0;
        for row in (0..n).rev() {
            fixed.below[row] = power(n, free);
            if fixed.columns[row].is_none() {
                free += 1;
            } else {
                fixed.width[row] = 1;
            }
        }
        Ok(fixed)
    }

    /// The same queens, with no queen allowed on `excluded` (squares
    /// `row * n + col`, marked as ruled out): an error for a square off the
    /// board, marked twice, or holding a queen. `toggled` forgets the marks.
    pub fn excluding(mut self, excluded: &[usize]) -> Result<FixedQueens, Error> {
        let marked = deduce::marks(self.n, &self.queens, excluded)?;
        for (allowed, marked) in self.allowed.iter_mut().zip(marked) {
            *allowed &= !marked;
        }
        Ok(self)
    }

    /// No queens fixed.
    pub fn none(n: usize) -> FixedQueens {
        FixedQueens {
            n,
            queens: Vec::new(),
            columns: [None; MAX_N],
            allowed: [RowMask::full(n); MAX_N],
            conflict: false,
            width: [n as u8; MAX_N],
            below: std::array::from_fn(|row| power(n, n.saturating_sub(row + 1))),
        }
    }

    pub fn n(&self) -> usize {
        self.n
    }

    /// The fixed queen of `row`, if any.
    pub fn column(&self, row: usize) -> Option<usize> {
        self.columns[row].map(usize::from)
    }

    /// Where `row` may hold a queen, as far as the fixed queens tell.
    #[inline(always)]
    pub fn allowed(&self, row: usize) -> RowMask {
        self.allowed[row]
    }

    /// True when two fixed queens attack each other (or share a row).
    pub fn in_conflict(&self) -> bool {
        self.conflict
    }

    /// Two fixed queens that attack each other (or share a row), if any: a
    /// search cannot start from them, and no solution holds them both.
    pub fn attacking_pair(&self) -> Option<((usize, usize), (usize, usize))> {
        let queens = &self.queens;
        queens.iter().enumerate().find_map(|(i, &a)| {
            queens[i + 1..]
                .iter()
                .find(|&&b| attacks(a, b))
                .map(|&b| (a, b))
        })
    }

    /// The fixed queens as `(row, col)`, in the order given.
    pub fn queens(&self) -> &[(usize, usize)] {
        &self.queens
    }

    /// How many squares of `row` the space of boards counts: one for a row
    /// with a fixed queen, N for the others.
    #[inline(always)]
    pub fn width(&self, row: usize) -> usize {
        self.width[row] as usize
    }

    /// The boards of the space below a node whose rows `0..=row` are set:
    /// N to the power of the free rows below `row`.
    #[inline(always)]
    pub fn boards_below(&self, row: usize) -> u128 {
        self.below[row]
    }

    /// What entering `row` with only `kept` left to try rules out: every
    /// other square of the row the space counts, with the boards below it.
    #[inline(always)]
    pub fn ruled_out_entering(&self, row: usize, kept: RowMask) -> u128 {
        (self.width[row] as u32 - kept.count()) as u128 * self.below[row]
    }

    /// The space of boards the fixed queens leave: one queen in each row,
    /// the fixed ones where they are.
    pub fn space_total(&self) -> u128 {
        let free = (0..self.n).filter(|&r| self.columns[r].is_none()).count();
        power(self.n, free)
    }

    /// The same queens with `queen` taken off, or put on if it is not there.
    pub fn toggled(&self, queen: (usize, usize)) -> FixedQueens {
        let mut queens = self.queens.clone();
        match queens.iter().position(|&q| q == queen) {
            Some(at) => {
                queens.remove(at);
            }
            None => queens.push(queen),
        }
        let squares: Vec<usize> = queens.iter().map(|&(r, c)| r * self.n + c).collect();
        // Squares of this board, each once: always valid.
        FixedQueens::new(self.n, &squares).unwrap_or_else(|_| FixedQueens::none(self.n))
    }
}

/// Walks the completions of `fixed` row by row, calling `leaf` on each with
/// the columns of the solution; stops when `leaf` returns false.
fn walk_completions(fixed: &FixedQueens, mut leaf: impl FnMut(&[usize]) -> bool) {
    let n = fixed.n;
    if fixed.conflict || n == 0 {
        return;
    }
    let full = RowMask::full(n);
    // One frame per row: the attacks from above and the columns left to try.
    let mut cols = [0usize; MAX_N];
    let mut left = [RowMask::EMPTY; MAX_N + 1];
    let mut down = [RowMask::EMPTY; MAX_N + 1];
    let mut right = [RowMask::EMPTY; MAX_N + 1];
    let mut todo = [RowMask::EMPTY; MAX_N];
    let mut row = 0;
    todo[0] = fixed.allowed(0);
    loop {
        if todo[row].is_empty() {
            if row == 0 {
                return;
            }
            row -= 1;
            continue;
        }
        let bit = todo[row].lowest();
        todo[row] = todo[row] ^ bit;
        cols[row] = bit.first();
        if row + 1 == n {
            if !leaf(&cols[..n]) {
                return;
            }
            continue;
        }
        left[row + 1] = (left[row] | bit) << 1;
        down[row + 1] = down[row] | bit;
        right[row + 1] = (right[row] | bit) >> 1;
        row += 1;
        todo[row] = !(left[row] | down[row] | right[row]) & full & fixed.allowed(row);
    }
}

/// How many solutions contain every fixed queen (0 if two attack each other).
pub fn completions(fixed: &FixedQueens) -> u64 {
    let mut count = 0;
    walk_completions(fixed, |_| {
        count += 1;
        true
    });
    count
}

/// The first solution (in row-by-row, lowest-column-first order) that
/// contains every fixed queen: its column in each row.
pub fn first_completion(fixed: &FixedQueens) -> Option<Vec<usize>> {
    let mut found = None;
    walk_completions(fixed, |cols| {
        found = Some(cols.to_vec());
        false
    });
    found
}

/// A square to put a queen on next, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub row: usize,
    pub col: usize,
    pub reason: String,
}

/// A square in an empty row that keeps a completion possible: the row where
/// fewest squares do (so the hint teaches the most), its first such square.
/// `None` when the board is solved or has no completion.
pub fn hint(fixed: &FixedQueens) -> Option<Hint> {
    let n = fixed.n;
    first_completion(fixed)?;
    let mut best: Option<(usize, Vec<usize>, usize)> = None; // (row, good columns, free squares)
    for row in (0..n).filter(|&r| fixed.column(r).is_none()) {
        // A queen of its own would make a second in no row: free rows only.
        let free: Vec<usize> = fixed.allowed(row).collect();
        let good: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&col| first_completion(&fixed.toggled((row, col))).is_some())
            .collect();
        if !good.is_empty() && best.as_ref().is_none_or(|(_, b, _)| good.len() < b.len()) {
            best = Some((row, good, free.len()));
        }
    }
    let (row, good, free) = best?;
    let col = good[0];
    let reason = if good.len() == 1 && free > 1 {
        format!(
            "Every other free square in row {} leaves no solution.",
            row + 1
        )
    } else if good.len() == 1 {
        format!("It is the only free square in row {}.", row + 1)
    } else if good.len() == free {
        format!(
            "Every free square in row {} still leads to a solution; this is the first of them.",
            row + 1
        )
    } else {
        format!(
            "Row {} has the fewest squares that still lead to a solution: {} of its {} free squares.",
            row + 1,
            good.len(),
            free
        )
    };
    Some(Hint { row, col, reason })
}

/// On a board with no completion, a queen whose removal makes one possible
/// (the last placed such queen, reading top to bottom); `None` if the board
/// can be completed, or if no single queen's removal helps.
pub fn culprit(fixed: &FixedQueens) -> Option<(usize, usize)> {
    if first_completion(fixed).is_some() {
        return None;
    }
    fixed
        .queens()
        .iter()
        .rev()
        .copied()
        .find(|&queen| first_completion(&fixed.toggled(queen)).is_some())
}

/// A generated puzzle's level: the hardest rules of deduction it needs
/// (`deduce::Level`).
pub type Difficulty = Level;

/// How many solutions and orders [`generate`] tries for a puzzle that needs
/// its level's own rules before it gives up.
const ATTEMPTS: usize = 400;

/// A board that the rules of deduction up to `difficulty` solve with no
/// guess (so it has exactly one completion), and that the rules below it do
/// not: a solution, thinned queen by queen (in an order drawn from `seed`)
/// while those rules still solve it, drawn again until the rules below fall
/// short. `None` if no such puzzle turned up (see [`levels`]). The same seed
/// gives the same puzzle.
pub fn generate(n: usize, difficulty: Difficulty, seed: u64) -> Option<Vec<(usize, usize)>> {
    let mut random = XorShift::from_seed(seed);
    for _ in 0..ATTEMPTS {
        // A solution, found with the rows' columns tried in a shuffled order.
        let solution = random_solution(n, &mut random);
        let mut given: Vec<(usize, usize)> = solution.iter().copied().enumerate().collect();
        let mut order: Vec<usize> = (0..n).collect();
        random.shuffle(&mut order);
        for row in order {
            let trial: Vec<(usize, usize)> = given.iter().copied().filter(|q| q.0 != row).collect();
            if deduce::solves(n, &trial, difficulty) {
                given = trial;
            }
        }
        let needs_own = difficulty
            .below()
            .is_none_or(|below| !deduce::solves(n, &given, below));
        if needs_own && given.len() < n {
            given.sort_unstable();
            return Some(given);
        }
    }
    None
}

/// The levels [`generate`] offers at N, easy to hard: those whose puzzles
/// it finds for every seed (the smallest boards have too few solutions for
/// a puzzle to need the harder rules; `tests/deduce.rs` checks both).
pub fn levels(n: usize) -> &'static [Level] {
    match n {
        4 => &[Level::Easy],
        5 => &[Level::Easy, Level::Medium],
        6 | 7 => &[Level::Easy, Level::Medium, Level::Expert],
        _ => &Level::ALL,
    }
}

fn random_solution(n: usize, random: &mut XorShift) -> Vec<usize> {
    // N-Queens has a solution for every N >= 4, and a depth-first search
    // finds one quickly.
    random_rows(n, random, |cols, row, col| {
        cols.iter()
            .enumerate()
            .all(|(r, &c)| !attacks((r, c), (row, col)))
    })
}

/// One queen a row, each row's column the first in a random order (drawn
/// for every row first) that `fits` beside the columns of the rows above
/// it, depth first; shorter than N when no placement fits. Shared with
/// `regions`, whose queens must not touch.
pub(crate) fn random_rows(
    n: usize,
    random: &mut XorShift,
    fits: impl Fn(&[usize], usize, usize) -> bool,
) -> Vec<usize> {
    let orders: Vec<Vec<usize>> = (0..n)
        .map(|_| {
            let mut cols: Vec<usize> = (0..n).collect();
            random.shuffle(&mut cols);
            cols
        })
        .collect();
    fn place(
        orders: &[Vec<usize>],
        cols: &mut Vec<usize>,
        fits: &impl Fn(&[usize], usize, usize) -> bool,
    ) -> bool {
        let row = cols.len();
        if row == orders.len() {
            return true;
        }
        for &col in &orders[row] {
            if fits(cols, row, col) {
                cols.push(col);
                if place(orders, cols, fits) {
                    return true;
                }
                cols.pop();
            }
        }
        false
    }
    let mut cols = Vec::with_capacity(n);
    place(&orders, &mut cols, &fits);
    cols
}
