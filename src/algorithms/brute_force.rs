//! Seed 000: brute force. An odometer counts through all N^N boards with one
//! queen per row; each board is built row by row on a 64-bit field and rejected
//! at the first queen whose attack mask ANDs non-zero with the field.
//!
//! The odometer packs one digit per row, row 0 in the lowest bits, so row 0
//! changes fastest — the order the seed tests its 16,777,216 boards in. At N=8
//! a digit is exactly 3 bits and the odometer is a plain counter.

use std::rc::Rc;

use super::{
    run_steps, Algorithm, AlgorithmInfo, BoardUnderTest, BoardView, Counters, LastStep, Register,
    RegisterValue,
};
use crate::board::{AttackMasks, Bitboard};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "brute-force",
    name: "Brute force (odometer)",
    seed: "000",
    min_n: 1,
    max_n: 8,
    description: "Tests every board with one queen per row: N^N of them, 16,777,216 at N=8. \
        An odometer picks each row's column, row 0 turning fastest. The queens go onto a \
        64-bit field one row at a time; a queen's attack mask (its row, column and both \
        diagonals) ANDed with the field is non-zero as soon as it threatens an earlier queen, \
        and the board is rejected there.",
    step_is: "one candidate board, built row by row until the first threatened queen",
    pseudocode: &[
        "for state in 0 .. N^N:                 # the odometer",
        "    field = 0",
        "    for row in 0 .. N:",
        "        col = digit(state, row)",
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
    /// Running totals over the prefixes that are threatened, of the checks and
    /// placements their boards cost: entry i sums prefixes 0..i.
    threatened_checks: Vec<u64>,
    threatened_placements: Vec<u64>,
}

#[derive(Clone, Debug)]
pub struct BruteForce {
    n: usize,
    /// Bits per odometer digit: the smallest b with 2^b >= N.
    digit_bits: u32,
    prefix_rows: usize,
    tables: Rc<Tables>,
    /// N^N: how many boards there are.
    total: u64,
    /// The packed odometer of the next board to test.
    next: u64,
    /// The packed odometer of the board the last step tested.
    last: u64,
    /// First threatened row of that board, or N for a solution.
    last_bad_row: u8,
    counters: Counters,
}

impl BruteForce {
    pub fn new(n: usize) -> BruteForce {
        assert!((INFO.min_n..=INFO.max_n).contains(&n));
        let digit_bits = usize::BITS - (n - 1).leading_zeros();
        let digit_bits = digit_bits.max(1);
        let prefix_rows = n.min(PREFIX_ROWS);
        let masks = AttackMasks::new(n);
        let size = 1usize << (digit_bits as usize * prefix_rows);
        let mut prefix_bad = vec![0u8; size];
        let mut prefix_field = vec![0u64; size];
        for packed in 0..size {
            let (bad, field) =
                evaluate_rows(&masks, n, digit_bits, packed as u64, 0, prefix_rows, 0);
            prefix_bad[packed] = bad as u8;
            prefix_field[packed] = field.0;
        }
        let safe_prefixes = (0..size as u32)
            .filter(|&p| prefix_bad[p as usize] as usize == prefix_rows)
            .collect();
        let mut threatened_checks = vec![0u64; size + 1];
        let mut threatened_placements = vec![0u64; size + 1];
        for (p, &bad) in prefix_bad.iter().enumerate() {
            let bad = bad as u64;
            let threatened = (bad as usize) < prefix_rows;
            threatened_checks[p + 1] = threatened_checks[p] + if threatened { bad } else { 0 };
            threatened_placements[p + 1] =
                threatened_placements[p] + if threatened { bad + 1 } else { 0 };
        }
        let tables = Tables {
            masks,
            prefix_bad,
            prefix_field,
            safe_prefixes,
            threatened_checks,
            threatened_placements,
        };
        BruteForce {
            n,
            digit_bits,
            prefix_rows,
            tables: Rc::new(tables),
            total: (n as u64).pow(n as u32),
            next: 0,
            last: 0,
            last_bad_row: 0,
            counters: Counters::default(),
        }
    }

    #[inline(always)]
    fn digit(&self, packed: u64, row: usize) -> usize {
        (packed >> (row as u32 * self.digit_bits)) as usize & ((1 << self.digit_bits) - 1)
    }

    /// The odometer's next reading: add one, then carry any digit that reached N
    /// (never needed when N is a power of two).
    #[inline(always)]
    fn advance(&mut self) {
        self.next += 1;
        if !self.n.is_power_of_two() {
            for row in 0..self.n {
                if self.digit(self.next, row) == self.n {
                    let shift = row as u32 * self.digit_bits;
                    self.next += (1u64 << (shift + self.digit_bits)) - ((self.n as u64) << shift);
                } else {
                    break;
                }
            }
        }
    }

    /// Tests one packed board: the first threatened row, or N for a solution.
    #[inline(always)]
    fn test_board(&self, packed: u64) -> usize {
        let tables = &*self.tables;
        let low = (packed & ((1u64 << (self.digit_bits as usize * self.prefix_rows)) - 1)) as usize;
        let bad = tables.prefix_bad[low] as usize;
        if bad < self.prefix_rows {
            return bad;
        }
        let field = Bitboard(tables.prefix_field[low]);
        evaluate_rows(
            &tables.masks,
            self.n,
            self.digit_bits,
            packed,
            self.prefix_rows,
            self.n,
            field.0,
        )
        .0
    }

    /// Tests the boards from `next` up to the end of its block of prefixes (all
    /// boards sharing the rows above the prefix), or fewer: at most `max`, and
    /// stopping after a solution if asked. Threatened prefixes are settled from
    /// the running totals, so only boards with a safe prefix are looked at.
    /// Only for N = 8, where every packed value is an odometer reading.
    #[inline(always)]
    fn run_block(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        let tables = &*self.tables;
        let prefix_bits = self.digit_bits as usize * self.prefix_rows;
        let block_size = 1u64 << prefix_bits;
        let start = (self.next & (block_size - 1)) as usize;
        let high = self.next >> prefix_bits << prefix_bits;
        let mut end = (start as u64 + max).min(block_size) as usize;
        let (mut checks, mut placements, mut solutions) = (0u64, 0u64, 0u64);
        let first = tables
            .safe_prefixes
            .partition_point(|&p| (p as usize) < start);
        for &prefix in &tables.safe_prefixes[first..] {
            let prefix = prefix as usize;
            if prefix >= end {
                break;
            }
            let packed = high | prefix as u64;
            let field = tables.prefix_field[prefix];
            let bad = evaluate_rows(
                &tables.masks,
                self.n,
                self.digit_bits,
                packed,
                self.prefix_rows,
                self.n,
                field,
            )
            .0;
            if bad < self.n {
                checks += bad as u64;
                placements += bad as u64 + 1;
            } else {
                checks += self.n as u64 - 1;
                placements += self.n as u64;
                solutions += 1;
                if stop_on_solution {
                    end = prefix + 1;
                    break;
                }
            }
        }
        checks += tables.threatened_checks[end] - tables.threatened_checks[start];
        placements += tables.threatened_placements[end] - tables.threatened_placements[start];
        let taken = (end - start) as u64;
        self.counters.steps += taken;
        self.counters.checks += checks;
        self.counters.placements += placements;
        self.counters.solutions += solutions;
        self.last = high | (end - 1) as u64;
        self.last_bad_row = self.test_board(self.last) as u8;
        self.next = self.last + 1;
        taken
    }

    /// The board the last step tested, if there was a step.
    fn under_test(&self) -> Option<BoardUnderTest> {
        (self.counters.steps > 0).then(|| BoardUnderTest {
            columns: self.last_columns(),
            bad_row: self.last_bad_row as usize,
            reject_line: LINE_REJECT,
            solution_line: LINE_SOLUTION,
        })
    }

    /// The columns of the last tested board, row by row.
    fn last_columns(&self) -> Vec<usize> {
        (0..self.n).map(|row| self.digit(self.last, row)).collect()
    }

    /// The field before the probed queen went on, and the probed queen's mask.
    fn field_and_mask(&self) -> (Bitboard, Bitboard) {
        if self.counters.steps == 0 {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let cols = self.last_columns();
        let probe_row = (self.last_bad_row as usize).min(self.n - 1);
        let field = (0..probe_row).fold(Bitboard::EMPTY, |f, row| f.with(row * self.n + cols[row]));
        (
            field,
            self.tables.masks.get(probe_row * self.n + cols[probe_row]),
        )
    }
}

/// Places rows `from..to` of a packed board onto `field`, checking each queen
/// against the field first, as the seed does. Returns the first threatened row
/// (or `to`) and the field built so far.
#[inline(always)]
fn evaluate_rows(
    masks: &AttackMasks,
    n: usize,
    digit_bits: u32,
    packed: u64,
    from: usize,
    to: usize,
    field: u64,
) -> (usize, Bitboard) {
    let mut field = Bitboard(field);
    let digit_mask = (1u64 << digit_bits) - 1;
    for row in from..to {
        let col = (packed >> (row as u32 * digit_bits) & digit_mask) as usize;
        if col >= n {
            // Only reachable while filling the prefix table for N not a power
            // of two: such packed values are never odometer readings.
            return (row, field);
        }
        let square = row * n + col;
        if !field.is_empty() && !(field & masks.get(square)).is_empty() {
            return (row, field);
        }
        field = field.with(square);
    }
    (to, field)
}

impl Algorithm for BruteForce {
    #[inline]
    fn step(&mut self) -> bool {
        if self.counters.steps == self.total {
            return false;
        }
        let packed = self.next;
        let bad = self.test_board(packed);
        let n = self.n as u64;
        // Row 0 is never tested (the field is empty then), so a board rejected
        // at row r took r tests and placed r + 1 queens.
        if bad < self.n {
            self.counters.checks += bad as u64;
            self.counters.placements += bad as u64 + 1;
        } else {
            self.counters.checks += n - 1;
            self.counters.placements += n;
            self.counters.solutions += 1;
        }
        self.counters.steps += 1;
        self.last = packed;
        self.last_bad_row = bad as u8;
        self.advance();
        true
    }

    fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        if self.n != 8 {
            return run_steps(self, max, stop_on_solution);
        }
        let mut taken = 0;
        while taken < max && !self.is_done() {
            let before = self.counters.solutions;
            taken += self.run_block(max - taken, stop_on_solution);
            if stop_on_solution && self.counters.solutions != before {
                break;
            }
        }
        taken
    }

    fn is_done(&self) -> bool {
        self.counters.steps == self.total
    }

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn last_step(&self) -> LastStep {
        match self.under_test() {
            Some(test) => test.last_step(),
            None => LastStep::START,
        }
    }

    fn board(&self) -> BoardView {
        match self.under_test() {
            Some(test) => test.board(),
            None => BoardView::empty(self.n),
        }
    }

    fn registers(&self) -> Vec<Register> {
        // `before` is the field the probed queen was tested against; like the
        // seed, the queen goes onto the field either way, so after a solution
        // `field` is the solution's board.
        let (before, mask) = self.field_and_mask();
        let field = match self.last_step().square {
            Some((row, col)) => before.with(row * self.n + col),
            None => before,
        };
        let digits = if self.counters.steps == 0 {
            vec![0; self.n]
        } else {
            self.last_columns().into_iter().map(|c| c as i32).collect()
        };
        let n = self.n;
        let board = |value: Bitboard| RegisterValue::Board { value: value.0, n };
        vec![
            Register::new("", "state", RegisterValue::Number(self.last)),
            Register::new("", "digits", RegisterValue::List(digits)),
            Register::new("", "field", board(field)),
            Register::new("", "queenMask", board(mask)),
            Register::new("", "tested & queenMask", board(before & mask)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odometer_visits_every_board_once_in_row0_fastest_order() {
        for n in 1..=5 {
            let mut search = BruteForce::new(n);
            let mut seen = Vec::new();
            while search.step() {
                seen.push(search.last_columns());
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
            let search = BruteForce::new(n);
            let mut packed = 0u64;
            let mut probe = search.clone();
            for _ in 0..20_000.min((n as u64).pow(n as u32)) {
                let plain =
                    evaluate_rows(&search.tables.masks, n, search.digit_bits, packed, 0, n, 0).0;
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
        while !blocked.is_done() && blocked.counters.steps < 600_000 {
            let budget = *budgets.next().unwrap();
            let stop = budget % 2 == 1;
            let taken = blocked.run(budget, stop);
            let before = stepped.counters.solutions;
            for _ in 0..taken {
                assert!(stepped.step());
            }
            assert_eq!(blocked.counters, stepped.counters);
            assert_eq!(
                (blocked.last, blocked.last_bad_row, blocked.next),
                (stepped.last, stepped.last_bad_row, stepped.next)
            );
            if stop && taken < budget {
                assert_eq!(
                    stepped.counters.solutions,
                    before + 1,
                    "stopped early without a solution"
                );
            }
        }
    }
}
