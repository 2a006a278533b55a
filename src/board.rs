//! Bit sets of squares: [`RowMask`], the columns of one row as a `u32` (the
//! row searches and count mode), and [`Bitboard`], a whole board of at most
//! 8×8 in one `u64` (the small-board sources), with the per-square attack masks
//! they AND against.
//!
//! Squares of a `Bitboard` are numbered row-major with stride `n`: square
//! `row * n + col` is bit `row * n + col`. For n = 8 this is exactly the layout
//! of sources 000 and 003 (bit 0 is the top-left square, bit 7 the end of the
//! first row). Bit `col` of a `RowMask` is column `col`.
//!
//! Both types pop their lowest bit first when iterated, the order every source
//! scans in, and draw themselves in `Debug` so a failing test shows a picture:
//! `{:?}` draws a `Bitboard` 8 wide, `{:5?}` draws it 5 wide.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// The largest board a single `u64` can hold.
pub const BITBOARD_MAX_N: usize = 8;

/// Implements the bit operators for a one-field bit-set newtype.
macro_rules! bit_set_ops {
    ($name:ident) => {
        impl BitAnd for $name {
            type Output = $name;
            #[inline(always)]
            fn bitand(self, rhs: $name) -> $name {
                $name(self.0 & rhs.0)
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline(always)]
            fn bitor(self, rhs: $name) -> $name {
                $name(self.0 | rhs.0)
            }
        }

        impl BitXor for $name {
            type Output = $name;
            #[inline(always)]
            fn bitxor(self, rhs: $name) -> $name {
                $name(self.0 ^ rhs.0)
            }
        }

        impl BitAndAssign for $name {
            #[inline(always)]
            fn bitand_assign(&mut self, rhs: $name) {
                self.0 &= rhs.0;
            }
        }

        impl BitOrAssign for $name {
            #[inline(always)]
            fn bitor_assign(&mut self, rhs: $name) {
                self.0 |= rhs.0;
            }
        }

        impl Not for $name {
            type Output = $name;
            #[inline(always)]
            fn not(self) -> $name {
                $name(!self.0)
            }
        }

        /// Pops the lowest set bit first, the order every source scans in.
        impl Iterator for $name {
            type Item = usize;
            #[inline(always)]
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    return None;
                }
                let index = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some(index)
            }
        }
    };
}

/// The columns of one row, bit `col` for column `col`: the row searches'
/// `ld`, `col`, `rd` and `poss`, and count mode's rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RowMask(pub u32);

impl RowMask {
    /// The widest row a mask holds.
    pub const WIDTH: usize = u32::BITS as usize;
    pub const EMPTY: RowMask = RowMask(0);

    /// Every column of an n-wide row.
    #[inline(always)]
    pub const fn full(n: usize) -> RowMask {
        if n >= RowMask::WIDTH {
            RowMask(u32::MAX)
        } else {
            RowMask((1u32 << n) - 1)
        }
    }

    /// The row holding only `col`.
    #[inline(always)]
    pub const fn column(col: usize) -> RowMask {
        RowMask(1u32 << col)
    }

    #[inline(always)]
    pub const fn contains(self, col: usize) -> bool {
        self.0 >> col & 1 == 1
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest set column alone (`x & -x`), or empty.
    #[inline(always)]
    pub const fn lowest(self) -> RowMask {
        RowMask(self.0 & self.0.wrapping_neg())
    }

    /// The column of the lowest set bit; `WIDTH` for an empty mask.
    #[inline(always)]
    pub const fn first(self) -> usize {
        self.0.trailing_zeros() as usize
    }
}

bit_set_ops!(RowMask);

impl Shl<usize> for RowMask {
    type Output = RowMask;
    #[inline(always)]
    fn shl(self, by: usize) -> RowMask {
        RowMask(self.0 << by)
    }
}

impl Shr<usize> for RowMask {
    type Output = RowMask;
    #[inline(always)]
    fn shr(self, by: usize) -> RowMask {
        RowMask(self.0 >> by)
    }
}

/// Draws the row, column 0 on the left: `{:?}` as wide as its highest set
/// column (at least 8), `{:5?}` 5 wide.
impl fmt::Debug for RowMask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = RowMask::WIDTH - self.0.leading_zeros() as usize;
        let width = f.width().unwrap_or(used.max(8)).min(RowMask::WIDTH);
        let row: String = (0..width)
            .map(|col| if self.contains(col) { 'x' } else { '.' })
            .collect();
        write!(f, "RowMask({row})")
    }
}

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

    /// The bits as `n` rows of `n` squares, top row first.
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

bit_set_ops!(Bitboard);

/// Draws the grid, top row first: `{:?}` 8 wide, `{:5?}` on a 5×5 board.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = f.width().unwrap_or(BITBOARD_MAX_N).min(BITBOARD_MAX_N);
        write!(f, "Bitboard({:#018x})\n{}", self.0, self.grid(n))
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
/// Built with the sources' shifting construction (a full first row, a full first
/// column, the two long diagonals, shifted into place and clipped), then
/// cross-checked against [`attacks`] in the tests.
#[derive(Clone, Debug)]
pub struct AttackMasks {
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
        AttackMasks { masks }
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
        // Five wide: square 6 is row 1, column 1.
        let text = format!("{:5?}", Bitboard::square(6));
        assert!(
            text.ends_with(".....\n.x...\n.....\n.....\n.....\n"),
            "{text}"
        );
    }

    #[test]
    fn row_masks_pop_lowest_first_and_draw_the_row() {
        let row = RowMask::column(1) | RowMask::column(4) | RowMask::column(9);
        assert_eq!(row.collect::<Vec<_>>(), vec![1, 4, 9]);
        assert_eq!(row.lowest(), RowMask::column(1));
        assert_eq!(row.first(), 1);
        assert_eq!(row.count(), 3);
        assert_eq!(format!("{:?}", RowMask::column(2)), "RowMask(..x.....)");
        assert_eq!(format!("{:4?}", RowMask::full(3)), "RowMask(xxx.)");
        assert_eq!(RowMask::full(32), RowMask(u32::MAX));
        assert_eq!(RowMask::full(0), RowMask::EMPTY);
        assert_eq!((RowMask::full(5) << 1) & RowMask::full(5), RowMask(0b11110));
        assert_eq!(!RowMask::full(31), RowMask::column(31));
    }
}
