//! Board geometry: the 64-bit `Bitboard` the small-board seeds work with, and the
//! per-square attack masks they AND against.
//!
//! Squares are numbered row-major with stride `n`: square `row * n + col` is bit
//! `row * n + col`. For n = 8 this is exactly the layout of seeds 000 and 003
//! (bit 0 is the top-left square, bit 7 the end of the first row).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// The largest board a single `u64` can hold.
pub const BITBOARD_MAX_N: usize = 8;

/// A set of squares on a board of at most 8×8, one bit per square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The board holding only `square`.
    pub const fn square(square: usize) -> Bitboard {
        Bitboard(1u64 << square)
    }

    pub const fn contains(self, square: usize) -> bool {
        self.0 >> square & 1 == 1
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn with(self, square: usize) -> Bitboard {
        Bitboard(self.0 | 1u64 << square)
    }

    pub const fn without(self, square: usize) -> Bitboard {
        Bitboard(self.0 & !(1u64 << square))
    }

    /// The bits as `rows` rows of `n` squares: what the register panel draws.
    pub fn grid(self, n: usize) -> String {
        let mut text = String::with_capacity(n * (n + 1));
        for row in 0..n {
            for col in 0..n {
                text.push(if self.contains(row * n + col) {
                    'x'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        text
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Pops the lowest set square first, the order every seed scans in.
impl Iterator for Bitboard {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let square = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(square)
    }
}

/// Draws the 8×8 grid, top row first, so a failing test shows a picture.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Bitboard({:#018x})\n{}",
            self.0,
            self.grid(BITBOARD_MAX_N)
        )
    }
}

/// True when a queen on `a` attacks square `b` (or stands on it): same row,
/// column or diagonal. The slow, obvious definition the fast paths are tested
/// against.
pub const fn attacks(a: (usize, usize), b: (usize, usize)) -> bool {
    let (ar, ac) = (a.0 as isize, a.1 as isize);
    let (br, bc) = (b.0 as isize, b.1 as isize);
    ar == br || ac == bc || ar - br == ac - bc || ar - br == bc - ac
}

/// For every square of an n×n board (n ≤ 8), the squares a queen there
/// attacks, its own square included: row | column | both diagonals.
///
/// Built with the seeds' shifting construction (a full first row, a full first
/// column, the two long diagonals, shifted into place and clipped), then
/// cross-checked against [`attacks`] in the tests.
#[derive(Clone, Debug)]
pub struct AttackMasks {
    n: usize,
    masks: [Bitboard; 64],
}

impl AttackMasks {
    pub fn new(n: usize) -> AttackMasks {
        assert!(
            (1..=BITBOARD_MAX_N).contains(&n),
            "AttackMasks needs 1 <= n <= 8"
        );
        let mut masks = [Bitboard::EMPTY; 64];
        for row in 0..n {
            for col in 0..n {
                masks[row * n + col] = Self::build(n, row, col);
            }
        }
        AttackMasks { n, masks }
    }

    fn build(n: usize, row: usize, col: usize) -> Bitboard {
        let all: u64 = if n * n == 64 {
            !0
        } else {
            (1u64 << (n * n)) - 1
        };
        let first_row: u64 = (1u64 << n) - 1;
        let first_col: u64 = (0..n).fold(0, |m, r| m | 1u64 << (r * n));
        // Main diagonal (top-left to bottom-right) and anti-diagonal.
        let main: u64 = (0..n).fold(0, |m, i| m | 1u64 << (i * n + i));
        let anti: u64 = (0..n).fold(0, |m, i| m | 1u64 << (i * n + (n - 1 - i)));
        // Moving a diagonal one column right is a shift by one; clip the bits that
        // wrapped into the next row by keeping only columns >= shift.
        let cols_from = |from: usize| -> u64 {
            (0..n).fold(0, |m, r| m | (first_row >> from << from) << (r * n))
        };
        let cols_to =
            |to: usize| -> u64 { (0..n).fold(0, |m, r| m | (first_row >> (n - to)) << (r * n)) };
        let shift_cols = |mask: u64, by: isize| -> u64 {
            if by >= 0 {
                (mask << by) & cols_from(by as usize)
            } else {
                (mask >> -by) & cols_to(n - (-by) as usize)
            }
        };
        let main_here = shift_cols(main, col as isize - row as isize);
        let anti_here = shift_cols(anti, col as isize + row as isize - (n as isize - 1));
        Bitboard(((first_row << (row * n)) | (first_col << col) | main_here | anti_here) & all)
    }

    pub fn n(&self) -> usize {
        self.n
    }

    #[inline(always)]
    pub fn get(&self, square: usize) -> Bitboard {
        self.masks[square]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_match_the_obvious_definition_for_every_n() {
        for n in 1..=8 {
            let masks = AttackMasks::new(n);
            for a in 0..n * n {
                for b in 0..n * n {
                    let expected = attacks((a / n, a % n), (b / n, b % n));
                    assert_eq!(masks.get(a).contains(b), expected, "n={n} a={a} b={b}");
                }
                assert_eq!(
                    masks.get(a).0.checked_shr((n * n) as u32).unwrap_or(0),
                    0,
                    "mask leaves the board"
                );
            }
        }
    }

    #[test]
    fn corner_mask_is_row_column_and_long_diagonal() {
        let masks = AttackMasks::new(8);
        // Square 0: first row 0xff, first column, main diagonal.
        assert_eq!(
            masks.get(0).0,
            0xff | 0x0101_0101_0101_0101 | 0x8040_2010_0804_0201
        );
        assert_eq!(masks.get(0).count(), 22);
        // A centre square sees 27 others plus itself.
        assert_eq!(masks.get(27).count(), 28);
    }

    #[test]
    fn iterator_pops_lowest_first() {
        let squares: Vec<usize> = Bitboard(0b1010_0110).collect();
        assert_eq!(squares, vec![1, 2, 5, 7]);
    }

    #[test]
    fn debug_draws_the_grid() {
        let text = format!("{:?}", Bitboard::square(0).with(63));
        assert!(text.contains("x.......\n"));
        assert!(text.ends_with(".......x\n"));
    }
}
