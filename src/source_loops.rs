//! The sources' own loops, without the core's shortcuts, for timing. Brute
//! force's stepping settles whole blocks of boards from a table of prefixes;
//! source 000's program does not: it tests every one of the N^N boards, row by
//! row, ANDing each queen's 64-bit attack mask with the field of the queens
//! above it. [`brute_force_every_board`] is that loop, so race mode can say
//! what brute force costs when it pays for every board.

use crate::board::{AttackMasks, BITBOARD_MAX_N};

/// What the source's loop did: the boards it tested and the solutions among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EveryBoard {
    pub boards: u64,
    pub solutions: u64,
}

/// Tests all N^N boards with one queen per row, one by one, in the source's
/// order (row 0's digit turning fastest), each rejected at its first queen
/// whose attack mask meets the field. None outside 1..=8 (a board is a u64).
pub fn brute_force_every_board(n: usize) -> Option<EveryBoard> {
    if !(1..=BITBOARD_MAX_N).contains(&n) {
        return None;
    }
    let masks = AttackMasks::new(n);
    let mut digits = [0usize; BITBOARD_MAX_N];
    let mut result = EveryBoard {
        boards: 0,
        solutions: 0,
    };
    loop {
        result.boards += 1;
        let mut field = 0u64;
        let mut safe = true;
        for (row, &col) in digits.iter().enumerate().take(n) {
            let square = row * n + col;
            if masks.get(square).0 & field != 0 {
                safe = false;
                break;
            }
            field |= 1u64 << square;
        }
        if safe {
            result.solutions += 1;
        }
        // The odometer: row 0 fastest; past the last board, done.
        let mut row = 0;
        loop {
            if row == n {
                return Some(result);
            }
            digits[row] += 1;
            if digits[row] < n {
                break;
            }
            digits[row] = 0;
            row += 1;
        }
    }
}
