//! The board sizes the searches are built for, each named once, the
//! seeds' range and the defaults (seed and board) the page and the core
//! share, and the powers N^k that size their books. Everything that sizes an array by a
//! board's rows or checks an N against a limit reads it here; this module
//! depends on nothing but [`crate::board`], so every other one can use it.
//!
//! The other limits belong to what they measure and stay there:
//! [`BITBOARD_MAX_N`] (a whole board in one `u64`), [`RowMask::WIDTH`] (count
//! mode's rows), `count::PAGE_MAX_N`, `count::GPU_MAX_N` and
//! `count::halves::MAX_N` (count mode's time and memory), and the session's
//! `MAX_CHECKPOINTS` and
//! `MAX_REMEMBERED_SOLUTIONS`.

use crate::board::{RowMask, BITBOARD_MAX_N};

/// The largest board the row-by-row searches step through, and the largest
/// that fixed queens and puzzles take. Rows are [`RowMask`]s, so 32 would
/// fit; 20 keeps a whole board legible on a canvas.
pub const MAX_N: usize = 20;

/// The largest board a stepping session of a search for one solution takes
/// (`Goal::One`): its clones are a few tens of kilobytes there, and a board
/// of a million squares is still drawn each frame.
pub const STEP_MAX_N: usize = 1_000;

/// The largest board `find_one` takes: 10,000,000 queens need about 250 MB
/// (queen search's 25 bytes a queen, see `algorithms::queen_search`).
pub const FIND_MAX_N: usize = 10_000_000;

/// The largest seed: 2^53 − 1 (`Number.MAX_SAFE_INTEGER`), the largest
/// whole number a JS number holds exactly, so that every seed the page
/// shows or puts in a link is the seed the core ran. Every reader of a seed
/// (`wasm::args::seed`, `runs::run_lengths`) refuses past it.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The seed a session or `find_one` uses when none is given
/// (`Session::new`, a session from fixed queens, `findOne(id, n)`).
pub const DEFAULT_SEED: u64 = 1;

/// The board the page opens on: 8×8, the classic puzzle (92 solutions).
pub const DEFAULT_N: usize = 8;

/// The largest board a search that tests whole boards takes (brute force,
/// permutations): 12! = 479,001,600 boards already take seconds, and the
/// books of such a search (`whole_board::Tested`) are sized by it.
pub const MAX_WHOLE_N: usize = 12;

// The limits nest: a bitboard and a whole-board search fit the row searches'
// arrays, and a row of them fits a `RowMask`.
const _: () = assert!(BITBOARD_MAX_N <= MAX_N && MAX_WHOLE_N <= MAX_N);
const _: () = assert!(MAX_N <= RowMask::WIDTH);
// A stepping session of any search is within what `find_one` takes.
const _: () = assert!(MAX_N <= STEP_MAX_N && STEP_MAX_N <= FIND_MAX_N);
// The default seed is a seed; the default board has solutions and fits a
// bitboard, the smallest board a search is built for.
const _: () = assert!(DEFAULT_SEED <= MAX_SEED);
const _: () = assert!(4 <= DEFAULT_N && DEFAULT_N <= BITBOARD_MAX_N);
// A whole-board search's length, N^N steps at most, is a `u64` (the step
// count, `SearchSpace::length`, the tree view's leaf index).
const _: () = assert!(power(MAX_WHOLE_N, MAX_WHOLE_N) <= u64::MAX as u128);

/// `POWERS[n][k]` = n^k, for every board size and exponent the searches use:
/// a lookup on the hot path instead of a multiplication loop.
const POWERS: [[u128; MAX_N + 1]; MAX_N + 1] = {
    let mut table = [[0u128; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        let mut k = 0;
        let mut value = 1u128;
        while k <= MAX_N {
            table[n][k] = value;
            value *= n as u128;
            k += 1;
        }
        n += 1;
    }
    table
};

/// n^k as a u128, for n, k ≤ [`MAX_N`]: 20^20 is past 2^64.
#[inline(always)]
pub const fn power(n: usize, k: usize) -> u128 {
    POWERS[n][k]
}

/// How many boards a subtree holds whose rows `0..=row` are fixed: N^(N-row-1).
#[inline(always)]
pub const fn boards_below(n: usize, row: usize) -> u128 {
    power(n, n - row - 1)
}
