//! Seed 000: brute force. An odometer counts through all N^N boards with one
//! queen per row; each board is built row by row on a 64-bit field and rejected
//! at the first queen whose attack mask ANDs non-zero with the field.
//!
//! The odometer packs one digit per row, row 0 in the lowest bits, so row 0
//! changes fastest — the order the source tests its 16,777,216 boards in. At N=8
//! a digit is exactly 3 bits and the odometer is a plain counter.

use std::ops::Range;
use std::rc::Rc;

use super::info::{AlgorithmInfo, Bound, Goal, SearchSpace};
use super::vocabulary::{Register, RegisterValue};
use super::whole_board::{BoardSource, Tested, WholeBoard};
use crate::board::{AttackMasks, Bitboard, BITBOARD_MAX_N};
use crate::tree::Decided;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "brute-force",
    name: "Brute force (odometer)",
    source: "000",
    goal: Goal::All,
    min_n: 1,
    max_n: BITBOARD_MAX_N,
    find_max_n: 0,
    seeded: false,
    space: SearchSpace::AllBoards,
    takes_fixed_queens: false,
    description: "Tests every board with one queen per row: N^N of them, 16,777,216 at N=8. \
        An odometer picks each row's column, the first row turning fastest. The queens go onto a \
        64-bit field one row at a time; a queen's attack mask (its row, column and both \
        diagonals) ANDed with the field is non-zero as soon as it threatens an earlier queen, \
        and the board is rejected there.",
    step_is: "one candidate board, built row by row until the first threatened queen",
    check_is: "One check tests one queen of the board against the queens above it (one AND of its attack mask with the board).",
    placement_is: "One placement is one queen put on the field, the threatened one included. Row \
        0's queen needs no check, so a board rejected at row r makes r checks and r + 1 \
        placements: placements = checks + boards tested.",
    move_is: "",
    conflicts_note: "",
    glossary: &[
        ("state", "the odometer's reading: the board's number, 0 to N^N − 1"),
        ("digits", "state in base N, one digit a row, the first row lowest: each row's column"),
        ("field", "the queens of this board placed so far, the tested one included"),
        ("queenMask", "queenMask(row, col) of the queen tested: its row, column and both diagonals"),
        ("field & queenMask", "the test: the field before that queen, ANDed with its queenMask; \
            not 0 means a queen above threatens it"),
    ],
    most_checks: Bound::PER_QUEEN,
    pseudocode: &[
        "for state in 0 .. N^N:                 # the odometer; digits = state in base N",
        "    field = 0",
        "    for row in 0 .. N:",
        "        col = digits[row]",
        "        if field != 0 and field & queenMask(row, col) != 0:",
        "            reject this board              # a queen is threatened",
        "        field |= bit(row, col)",
        "    solutions += 1                         # no queen threatened",
    ],
};

const LINE_REJECT: usize = 5;
const LINE_SOLUTION: usize = 7;

/// How many low rows the prefix table covers: 8^4 = 4096 entries at N=8.
const PREFIX_ROWS: usize = 4;

/// How a board is packed: one odometer digit per row, row 0 lowest. Small and
/// `Copy`, so the hot loops keep it in registers.
#[derive(Clone, Copy, Debug)]
struct Digits {
    n: usize,
    /// Bits per digit: the smallest b with 2^b >= N.
    bits: u32,
    /// How many low rows the prefix tables cover.
    prefix_rows: usize,
}

impl Digits {
    const fn new(n: usize) -> Digits {
        let bits = usize::BITS - (n - 1).leading_zeros();
        Digits {
            n,
            bits: if bits == 0 { 1 } else { bits },
            prefix_rows: if n < PREFIX_ROWS { n } else { PREFIX_ROWS },
        }
    }

    #[inline(always)]
    fn digit(self, packed: u64, row: usize) -> usize {
        (packed >> (row as u32 * self.bits)) as usize & ((1 << self.bits) - 1)
    }

    /// The packed value of the low `prefix_rows` digits.
    #[inline(always)]
    fn prefix(self, packed: u64) -> usize {
        (packed & ((1u64 << (self.bits as usize * self.prefix_rows)) - 1)) as usize
    }

    /// Places `rows` of a packed board onto `field`, checking each queen
    /// against the field first, as the source does. Returns the first threatened
    /// row (or the end of `rows`) and the field built so far.
    #[inline(always)]
    fn place_rows(
        self,
        masks: &AttackMasks,
        packed: u64,
        rows: Range<usize>,
        field: Bitboard,
    ) -> (usize, Bitboard) {
        let mut field = field;
        let end = rows.end;
        let digit_mask = (1u64 << self.bits) - 1;
        for row in rows {
            let col = (packed >> (row as u32 * self.bits) & digit_mask) as usize;
            if col >= self.n {
                // Only reachable while filling the prefix table for N not a power
                // of two: such packed values are never odometer readings.
                return (row, field);
            }
            let square = row * self.n + col;
            if !field.is_empty() && !(field & masks.get(square)).is_empty() {
                return (row, field);
            }
            field = field.with(square);
        }
        (end, field)
    }
}

/// Read-only tables shared by every clone of one search.
#[derive(Debug)]
struct Tables {
    masks: AttackMasks,
    /// For each packed value of the low `prefix_rows` digits: the first
    /// threatened row among them, or `prefix_rows` if none is.
    prefix_bad: Vec<u8>,
    /// The field of those rows, for prefixes with no threatened row.
    prefix_field: Vec<u64>,
    /// The prefixes with no threatened row, ascending.
    safe_prefixes: Vec<u32>,
    /// Running counts of the prefixes that are threatened, by their first
    /// threatened row: entry i counts prefixes 0..i.
    threatened: Vec<[u32; PREFIX_ROWS]>,
}

impl Tables {
    fn new(digits: Digits) -> Tables {
        let masks = AttackMasks::new(digits.n);
        let prefix_rows = digits.prefix_rows;
        let size = 1usize << (digits.bits as usize * prefix_rows);
        let mut prefix_bad = vec![0u8; size];
        let mut prefix_field = vec![0u64; size];
        for packed in 0..size {
            let (bad, field) =
                digits.place_rows(&masks, packed as u64, 0..prefix_rows, Bitboard::EMPTY);
            prefix_bad[packed] = bad as u8;
            prefix_field[packed] = field.0;
        }
        let safe_prefixes = (0..size as u32)
            .filter(|&p| prefix_bad[p as usize] as usize == prefix_rows)
            .collect();
        let mut threatened = vec![[0u32; PREFIX_ROWS]; size + 1];
        for (p, &bad) in prefix_bad.iter().enumerate() {
            threatened[p + 1] = threatened[p];
            if (bad as usize) < prefix_rows {
                threatened[p + 1][bad as usize] += 1;
            }
        }
        Tables {
            masks,
            prefix_bad,
            prefix_field,
            safe_prefixes,
            threatened,
        }
    }
}

/// Brute force: every board of the odometer, tested whole.
pub type BruteForce = WholeBoard<Odometer>;

/// The boards in odometer order, and how to test one.
#[derive(Clone, Debug)]
pub struct Odometer {
    digits: Digits,
    tables: Rc<Tables>,
    /// The packed odometer of the next board to test.
    next: u64,
    /// The packed odometer of the board the last step tested.
    last: u64,
}

impl Odometer {
    /// Tests one packed board: the first threatened row, or N for a solution.
    #[inline(always)]
    fn test_board(&self, packed: u64) -> usize {
        let (digits, tables) = (self.digits, &*self.tables);
        let low = digits.prefix(packed);
        let bad = tables.prefix_bad[low] as usize;
        if bad < digits.prefix_rows {
            return bad;
        }
        let field = Bitboard(tables.prefix_field[low]);
        digits
            .place_rows(&tables.masks, packed, digits.prefix_rows..digits.n, field)
            .0
    }

    /// The odometer's next reading: add one, then carry any digit that reached N
    /// (never needed when N is a power of two).
    #[inline(always)]
    fn advance(&mut self) {
        let Digits { n, bits, .. } = self.digits;
        let mut next = self.next + 1;
        if !n.is_power_of_two() {
            let digit_mask = (1u64 << bits) - 1;
            for row in 0..n {
                let shift = row as u32 * bits;
                if (next >> shift & digit_mask) as usize == n {
                    next += (1u64 << (shift + bits)) - ((n as u64) << shift);
                } else {
                    break;
                }
            }
        }
        self.next = next;
    }

    /// Tests the boards from `next` up to the end of its block of prefixes (all
    /// boards sharing the rows above the prefix), or fewer: at most `max`, and
    /// stopping after a solution if asked. Threatened prefixes are settled from
    /// the running totals, so only boards with a safe prefix are looked at.
    /// Only for N = 8, where every packed value is an odometer reading.
    #[inline(always)]
    fn run_block(&mut self, tested: &mut Tested, max: u64, stop_on_solution: bool) -> u64 {
        // Only for N = 8: with the shape a constant, the loop keeps every
        // value it needs in registers.
        const EIGHT: Digits = Digits::new(8);
        debug_assert_eq!(self.digits.n, 8);
        let (digits, tables) = (EIGHT, &*self.tables);
        let n = digits.n;
        let prefix_bits = digits.bits as usize * digits.prefix_rows;
        let block_size = 1u64 << prefix_bits;
        let start = (self.next & (block_size - 1)) as usize;
        let high = self.next >> prefix_bits << prefix_bits;
        let mut end = (start as u64 + max).min(block_size) as usize;
        // Boards by their first threatened row (8: a solution). The running
        // counts settle the threatened prefixes; the others are tested here.
        let mut by_bad_row = [0u64; 16];
        let first = tables
            .safe_prefixes
            .partition_point(|&p| (p as usize) < start);
        for &prefix in &tables.safe_prefixes[first..] {
            let prefix = prefix as usize;
            if prefix >= end {
                break;
            }
            let packed = high | prefix as u64;
            let field = Bitboard(tables.prefix_field[prefix]);
            let bad = digits
                .place_rows(&tables.masks, packed, digits.prefix_rows..n, field)
                .0;
            by_bad_row[bad & 15] += 1;
            if bad == n && stop_on_solution {
                end = prefix + 1;
                break;
            }
        }
        let (from, to) = (&tables.threatened[start], &tables.threatened[end]);
        for row in 0..digits.prefix_rows {
            by_bad_row[row] += (to[row] - from[row]) as u64;
        }
        let taken = (end - start) as u64;
        let solutions = by_bad_row[n];
        for (row, &boards) in by_bad_row[..=n].iter().enumerate() {
            let (checks, placements) = Odometer::cost(n, row);
            tested.counters.checks += checks * boards;
            tested.counters.placements += placements * boards;
            tested.by_bad_row[row] += boards;
        }
        let counters = &mut tested.counters;
        counters.steps += taken;
        counters.solutions += solutions;
        counters.ruled_out += (taken - solutions) as u128;
        self.last = high | (end - 1) as u64;
        tested.bad_row = self.test_board(self.last) as u8;
        self.next = self.last + 1;
        taken
    }

    /// The field before the probed queen went on, and the probed queen's mask.
    fn field_and_mask(&self, tested: &Tested) -> (Bitboard, Bitboard) {
        if tested.counters.steps == 0 {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let n = tested.n;
        let cols = self.columns();
        let probe_row = (tested.bad_row as usize).min(n - 1);
        let field = (0..probe_row).fold(Bitboard::EMPTY, |f, row| f.with(row * n + cols[row]));
        (
            field,
            self.tables.masks.get(probe_row * n + cols[probe_row]),
        )
    }
}

impl BoardSource for Odometer {
    const INFO: AlgorithmInfo = INFO;
    const REJECT_LINE: usize = LINE_REJECT;
    const SOLUTION_LINE: usize = LINE_SOLUTION;

    fn new(n: usize) -> Odometer {
        let digits = Digits::new(n);
        Odometer {
            digits,
            tables: Rc::new(Tables::new(digits)),
            next: 0,
            last: 0,
        }
    }

    #[inline(always)]
    fn test_next(&mut self, _tested: &Tested) -> usize {
        let packed = self.next;
        self.last = packed;
        self.advance();
        self.test_board(packed)
    }

    /// Row 0 is never tested (the field is empty then), so a board rejected
    /// at row r took r tests and placed r + 1 queens.
    #[inline(always)]
    fn cost(n: usize, bad_row: usize) -> (u64, u64) {
        // A solution (bad_row = N) tested rows 1..N and placed all N.
        let tested = bad_row.min(n - 1) as u64;
        (tested, tested + 1)
    }

    fn columns(&self) -> Vec<usize> {
        (0..self.digits.n)
            .map(|row| self.digits.digit(self.last, row))
            .collect()
    }

    fn run_fast(&mut self, tested: &mut Tested, max: u64, stop: bool) -> Option<u64> {
        if tested.n != 8 {
            return None;
        }
        let mut taken = 0;
        while taken < max && tested.counters.steps < tested.total {
            let before = tested.counters.solutions;
            taken += self.run_block(tested, max - taken, stop);
            if stop && tested.counters.solutions != before {
                break;
            }
        }
        Some(taken)
    }

    fn decided(&self, tested: &Tested) -> Option<Decided> {
        Some(Decided::odometer(tested.n, tested.counters.steps))
    }

    fn registers(&self, tested: &Tested) -> Vec<Register> {
        // `before` is the field the probed queen was tested against; like the
        // seed, the queen goes onto the field either way, so after a solution
        // `field` is the solution's board.
        let n = tested.n;
        let (before, mask) = self.field_and_mask(tested);
        let mut field = before;
        let mut digits = vec![0; n];
        if tested.counters.steps > 0 {
            let cols = self.columns();
            let row = (tested.bad_row as usize).min(n - 1);
            field = before.with(row * n + cols[row]);
            digits = cols.into_iter().map(|c| c as i32).collect();
        }
        let board = |value: Bitboard| RegisterValue::Board { value: value.0, n };
        vec![
            Register::new("", "state", RegisterValue::Number(self.last)),
            Register::new("", "digits", RegisterValue::List(digits)),
            Register::new("", "field", board(field)),
            Register::new("", "queenMask", board(mask)),
            Register::new("", "field & queenMask", board(before & mask)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::vocabulary::Algorithm;

    #[test]
    fn odometer_visits_every_board_once_in_row0_fastest_order() {
        for n in 1..=5 {
            let mut search = BruteForce::new(n);
            let mut seen = Vec::new();
            while search.step() {
                seen.push(search.source.columns());
            }
            assert_eq!(seen.len() as u64, (n as u64).pow(n as u32));
            // Reading the digits with row 0 as the least significant gives 0, 1, 2, ...
            for (index, cols) in seen.iter().enumerate() {
                let value = cols.iter().rev().fold(0usize, |v, &c| v * n + c);
                assert_eq!(value, index, "n={n}");
            }
        }
    }

    #[test]
    fn prefix_table_agrees_with_plain_row_by_row_test() {
        for n in [5, 6, 8] {
            let search = Odometer::new(n);
            let mut packed = 0u64;
            let mut probe = search.clone();
            for _ in 0..20_000.min((n as u64).pow(n as u32)) {
                let plain = search
                    .digits
                    .place_rows(&search.tables.masks, packed, 0..n, Bitboard::EMPTY)
                    .0;
                assert_eq!(search.test_board(packed), plain);
                probe.next = packed;
                probe.advance();
                packed = probe.next;
            }
        }
    }

    #[test]
    fn block_runs_equal_single_steps() {
        let mut stepped = BruteForce::new(8);
        let mut blocked = BruteForce::new(8);
        let mut budgets = [1u64, 7, 4096, 5000, 12_345, 3, 70_000].iter().cycle();
        while !blocked.is_done() && blocked.counters().steps < 600_000 {
            let budget = *budgets.next().unwrap();
            let stop = budget % 2 == 1;
            let taken = blocked.run(budget, stop);
            let before = stepped.counters().solutions;
            for _ in 0..taken {
                assert!(stepped.step());
            }
            assert_eq!(blocked.counters(), stepped.counters());
            assert_eq!(
                (
                    blocked.source.last,
                    blocked.tested.bad_row,
                    blocked.source.next
                ),
                (
                    stepped.source.last,
                    stepped.tested.bad_row,
                    stepped.source.next
                )
            );
            if stop && taken < budget {
                assert_eq!(
                    stepped.counters().solutions,
                    before + 1,
                    "stopped early without a solution"
                );
            }
        }
    }
}
