//! The explicit solution (Hoffman, Loessi and Moore, 1969; Bernhardsson,
//! 1991): no search at all. Reading columns from 1, the rows take the even
//! columns in order and then the odd ones, with two repairs:
//! - N mod 6 = 2: the odd list starts 3, 1 and its 5 moves to the end
//!   (3, 1, 7, 9, …, 5);
//! - N mod 6 = 3: the even list's 2 moves to its end, and the odd list's
//!   1 and 3 to its end (4, 6, …, 2, 5, 7, …, 1, 3).
//!
//! This holds for every N ≥ 4 and for N = 1; N = 2 and 3 have no solution
//! and are refused with a sentence. The seed is ignored: there is one board.
//!
//! One step places the next row's queen on its formula column. One check: none
//! is made, a step adds 0 checks. `moves` counts queens placed.

use super::info::AlgorithmInfo;
use super::one_solution::BASE;
use crate::algorithms::find_one::{check_size, core_at, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::Error;

pub const ID: &str = "construction";

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Explicit construction",
    min_n: 1,
    // Its board is the engines' general one (12 bytes a queen), and the
    // formula's board comes back through the same copy: ten million.
    find_max_n: 10_000_000,
    seeded: false,
    description: "No search at all: the explicit solution of Hoffman, Loessi and Moore (1969) and \
        Bernhardsson (1991). Reading columns from 1, the rows take the even columns in order \
        and then the odd ones, with two repairs: when N mod 6 = 2 the odd list starts 3, 1 \
        and its 5 moves to the end; when N mod 6 = 3 the even list's 2 and the odd list's 1 \
        and 3 move to their ends. It holds for N = 1 and every N ≥ 4; N = 2 and 3 have no \
        solution. The seed changes nothing: there is one board.",
    step_is: "the next row's queen put on the column the formula gives it",
    check_is: "No checks: the formula needs none.",
    move_is: "One move is one queen put on the board, on the column the formula gives: N moves \
        in all, one a step.",
    conflicts_note: "The construction searches nothing: a formula gives each row its column, \
        so no queen is ever attacked and the chart stays at 0.",
    pseudocode: &[
        "evens = 2, 4, 6, …; odds = 1, 3, 5, … (columns from 1)",
        "if N mod 6 = 2: odds = 3, 1, 7, 9, …, 5",
        "if N mod 6 = 3: evens = 4, 6, …, 2; odds = 5, 7, …, 1, 3",
        "for each row in order: its queen on the next column of evens, then odds",
        "# attackers, the columns, down diagonals and up diagonals tallies, pairs and restarts are",
        "# shown as for the searches: the formula never makes a pair, nor restarts",
    ],
    ..BASE
};

/// The formula's column (from 0) for `row` (from 0) of an n×n board, for
/// n = 1 or n ≥ 4.
pub fn column(n: usize, row: usize) -> u32 {
    let evens = n / 2;
    let odds = n - evens;
    let one_based = if row < evens {
        let k = row;
        if n % 6 == 3 && k == evens - 1 {
            2
        } else if n % 6 == 3 {
            2 * k + 4
        } else {
            2 * k + 2
        }
    } else {
        let k = row - evens;
        match n % 6 {
            2 if k == 0 => 3,
            2 if k == 1 => 1,
            2 if k == odds - 1 => 5,
            2 => 2 * k + 3,
            3 if k == odds - 2 => 1,
            3 if k == odds - 1 => 3,
            3 => 2 * k + 5,
            _ => 2 * k + 1,
        }
    };
    (one_based - 1) as u32
}

/// The construction, one row per step.
#[derive(Clone, Debug)]
pub struct Construction {
    core: Core,
}

impl Engine for Construction {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<Construction, Error> {
        if n == 2 || n == 3 {
            return Err(Error::NoSolution { n });
        }
        check_size(&INFO, n)?;
        Ok(Construction {
            core: Core::new(n, seed)?,
        })
    }

    fn step(&mut self) -> bool {
        let core = &mut self.core;
        let (row, n) = (core.tally.placed(), core.tally.n());
        if row == n {
            return false;
        }
        let col = column(n, row);
        core.tally.push(col);
        core.counters.moves += 1;
        core.last = Last::at(StepKind::Place, row, col);
        core.stepped();
        true
    }

    fn line(_event: StepKind) -> usize {
        3
    }

    core_at!(core);
}
