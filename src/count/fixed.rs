//! Solutions that a symmetry of the square leaves unchanged, for Burnside's
//! lemma: the number of classes of solutions distinct up to rotation and
//! reflection (OEIS A002562) is the mean, over the eight symmetries, of the
//! solutions each one fixes:
//!
//! ```text
//! classes = (T + R180 + 2·R90 + M) / 8
//! ```
//!
//! where T is the total (every solution is fixed by the identity), R90 and
//! R180 count the solutions fixed by a quarter and a half turn (a quarter
//! turn either way fixes the same ones), and M the solutions fixed by one of
//! the four reflections (none for N > 1: a reflection in a side's bisector
//! puts two queens in a row or column, one in a diagonal two on that diagonal).
//!
//! Each is counted by its own search, which places a queen together with all
//! its images under the symmetry, so the search covers a half (R180) or a
//! quarter (R90) of the board and is far smaller than the full count.

use super::MAX_N;
use crate::board::RowMask;

// Diagonal r + c of an N×N board is at most 2N − 2: bit 2N − 2 of a `u64`.
const _: () = assert!(2 * MAX_N - 2 < u64::BITS as usize);

/// How many solutions each kind of symmetry fixes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedPoints {
    /// Solutions equal to their 90° rotation (A033148 for even, 0 unless N ≡ 0 or 1 mod 4).
    pub rot90: u64,
    /// Solutions equal to their 180° rotation (A032522).
    pub rot180: u64,
    /// Solutions fixed by a reflection, summed over the four reflections.
    pub mirror: u64,
}

impl FixedPoints {
    /// Burnside's count of classes from the total T.
    pub fn classes(self, total: u64) -> u64 {
        (total + self.rot180 + 2 * self.rot90 + self.mirror) / 8
    }
}

/// The eight symmetries of the square, as maps of a square `(row, column)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    Rot90,
    Rot180,
    /// Reflection in the vertical axis (columns reversed).
    FlipColumns,
    /// Reflection in the horizontal axis (rows reversed).
    FlipRows,
    /// Reflection in the main diagonal.
    Transpose,
    /// Reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    pub const REFLECTIONS: [Symmetry; 4] = [
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square `(r, c)` goes on an N×N board.
    pub fn apply(self, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
        let last = n - 1;
        match self {
            Symmetry::Rot90 => (c, last - r),
            Symmetry::Rot180 => (last - r, last - c),
            Symmetry::FlipColumns => (r, last - c),
            Symmetry::FlipRows => (last - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (last - c, last - r),
        }
    }
}

/// The lines a partial board has taken: rows, columns and both diagonals.
#[derive(Clone, Copy)]
struct Taken {
    rows: u32,
    columns: u32,
    /// Diagonal `r + c`.
    sums: u64,
    /// Diagonal `r - c + N - 1`.
    differences: u64,
}

impl Taken {
    fn with(self, n: usize, (r, c): (usize, usize)) -> Option<Taken> {
        let (row, column) = (1u32 << r, 1u32 << c);
        let sum = 1u64 << (r + c);
        let difference = 1u64 << (r + n - 1 - c);
        if self.rows & row != 0
            || self.columns & column != 0
            || self.sums & sum != 0
            || self.differences & difference != 0
        {
            return None;
        }
        Some(Taken {
            rows: self.rows | row,
            columns: self.columns | column,
            sums: self.sums | sum,
            differences: self.differences | difference,
        })
    }
}

/// Solutions of the N×N board that `symmetry` maps onto themselves. Each step
/// fills the lowest empty row: it tries each column there, and places the
/// queen together with its whole orbit under the symmetry, every image on a
/// line of its own.
///
/// # Panics
/// If `n` > [`MAX_N`], the counters' limit: rows and columns are `u32`
/// masks, and the 2N − 1 diagonals of either direction fit a `u64`.
pub fn count_fixed(n: usize, symmetry: Symmetry) -> u64 {
    assert!(n <= MAX_N, "N must be at most {MAX_N}; got {n}");
    if n == 0 {
        return 1;
    }
    let full = RowMask::full(n).0;
    fn go(n: usize, full: u32, symmetry: Symmetry, taken: Taken) -> u64 {
        if taken.rows == full {
            return 1;
        }
        let r = (!taken.rows).trailing_zeros() as usize;
        let mut found = 0;
        for c in 0..n {
            let mut next = Some(taken);
            let mut square = (r, c);
            loop {
                next = next.and_then(|t| t.with(n, square));
                square = symmetry.apply(n, square);
                if next.is_none() || square == (r, c) {
                    break;
                }
            }
            if let Some(next) = next {
                found += go(n, full, symmetry, next);
            }
        }
        found
    }
    let empty = Taken {
        rows: 0,
        columns: 0,
        sums: 0,
        differences: 0,
    };
    go(n, full, symmetry, empty)
}

/// The fixed points of every kind of symmetry, for Burnside's lemma.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn fixed_points(n: usize) -> FixedPoints {
    FixedPoints {
        rot90: count_fixed(n, Symmetry::Rot90),
        rot180: count_fixed(n, Symmetry::Rot180),
        mirror: Symmetry::REFLECTIONS
            .iter()
            .map(|&s| count_fixed(n, s))
            .sum(),
    }
}
