//! Queen search, after Sosic and Gu's QS4 (1994): the board is a permutation,
//! so no two queens ever share a column, and only diagonal clashes are
//! repaired, by exchanging the columns of two rows.
//!
//! The start is their "initial search": rows are placed in order, each on the
//! first of up to 64 columns drawn from those not used yet that no queen
//! attacks, or else the least attacked of them ([`crate::algorithms::find_one::tally::Tally::place_greedy`]).
//! Most rows find a free column at once; the clashes left are few and near
//! the bottom.
//!
//! Then the search goes round [`crate::algorithms::find_one::tally::Suspects`], the rows that may be attacked
//! (every clash has a listed queen: a row is listed when it is placed or
//! swapped into a clash, and unlisted only when found unattacked). Each step
//! takes the next listed queen that is attacked, draws another row at random
//! and exchanges their columns if that lowers the number of attacking pairs.
//! After `16·N + 64` swaps tried since the start, it restarts.
//!
//! Memory: the permutation board's 8 bytes a queen and five bits
//! ([`crate::algorithms::find_one::tally::Tally::permutation`]: the columns
//! in `u32`, a byte a diagonal), plus the list of suspects, with room for
//! every row up to 65,536 rows and for N / 64 beyond
//! ([`crate::algorithms::find_one::repair::list_room`]), and a bit a row for
//! its index: under 9 bytes a queen, about 870 MB for 100,000,000. A list
//! that overflows is filled again by a pass over the rows once it runs empty,
//! so no clash is forgotten.
//!
//! The fast path ([`Engine::run`]) places the greedy start's rows in one loop
//! ([`crate::algorithms::find_one::tally::Tally::place_rows`]) and takes the
//! swaps a step at a time; it ends where as many calls of `step` would.
//!
//! Steps: placing a row; a swap tried (made or not); a restart. `moves`
//! counts swaps made. Checks: reads of a square's attackers from the
//! tallies; a swap tried is 4 (two squares left, two entered) and 1 more to
//! see whether the other row is attacked after a swap made. Bound: a placing
//! step ≤ 64; a swap step ≤ N for skipping listed rows that are no longer
//! attacked, + N to list the attacked rows again after the list overflowed,
//! + 5; a restart 0. So ≤ 2·N + 64.

use super::info::{AlgorithmInfo, Bound};
use super::one_solution::BASE;
use crate::algorithms::find_one::repair::Repair;
use crate::algorithms::find_one::tally::QS_GREEDY_TRIES;
use crate::algorithms::find_one::{check_size, core_at, words, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::Error;
use crate::limits::FIND_MAX_N;

pub const ID: &str = "queen-search";

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Queen search (Sosic–Gu)",
    find_max_n: FIND_MAX_N,
    description: "Sosic and Gu's queen search (1991, 1994): the board is a permutation, so no two queens \
        ever share a column, and only diagonal clashes are repaired. The start places each row \
        on a free column that no queen attacks, of up to 64 drawn at random; then each step \
        takes the next attacked queen, draws another row at random and exchanges their \
        columns if that lowers the number of attacking pairs. A swap costs a few reads \
        whatever N is, so ten million queens take seconds and a hundred million under a minute. It restarts after 16·N + 64 swaps \
        tried, and cannot prove that no solution exists.",
    step_is: "a row of the greedy start placed, or one exchange of the columns of an attacked \
              queen and a random other tried, kept if fewer queens attack",
    move_is: "One move is an exchange kept because fewer pairs attack after it; an exchange \
        swapped back is a step but no move.",
    most_checks: Bound {
        squares: 0,
        queens: 2,
        constant: QS_GREEDY_TRIES as u64,
        least: 0,
    },
    pseudocode: &[
        "board = greedy permutation: each row on a free column no queen attacks, of 64 drawn",
        "while some queens attack each other:      # pairs > 0",
        "    if 16·N + 64 swaps tried since the start: restart   # restarts += 1",
        "    i = the next attacked queen; j = a random other row   # attackers of i's square > 0",
        "    swap the columns of rows i and j        # the columns, down diagonals and up diagonals tallies follow",
        "    if the conflicts did not fall: swap them back   # pairs did not fall",
    ],
    ..BASE
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Placing,
    Swapping,
    Solved,
}

/// Queen search: a greedy permutation, then improving swaps.
#[derive(Clone, Debug)]
pub struct QueenSearch {
    base: Repair,
    /// Where in the list the next swap step looks.
    cursor: usize,
    phase: Phase,
}

impl QueenSearch {
    fn on(base: Repair) -> QueenSearch {
        QueenSearch {
            base,
            cursor: 0,
            phase: Phase::Placing,
        }
    }

    /// Queen search with room for only `room` rows in its list of suspects,
    /// so that tests can watch the list overflow and be filled again; the
    /// same search otherwise.
    pub fn with_list_room(n: usize, seed: u64, room: usize) -> Result<QueenSearch, Error> {
        check_size(&INFO, n)?;
        Ok(QueenSearch::on(Repair::permutation_with_room(
            n, seed, room,
        )?))
    }

    fn restart(&mut self) {
        self.base.restart();
        self.phase = Phase::Placing;
    }

    /// Every row is placed: the swaps start at the head of the list.
    fn start_swapping(&mut self) {
        self.phase = Phase::Swapping;
        self.cursor = 0;
    }

    fn try_swap(&mut self) {
        self.base.since_start += 1;
        let cursor = &mut self.cursor;
        let found = self.base.attacked(|_, len| {
            if *cursor >= len {
                *cursor = 0;
            }
            *cursor
        });
        let Some((_, row)) = found else {
            // Every clash has a listed queen, so this cannot happen on a
            // board with conflicts; start afresh rather than trust it.
            self.restart();
            return;
        };
        let Repair { core, suspects, .. } = &mut self.base;
        let n = core.tally.n() as u32;
        let mut other = core.rng.below(n - 1) as usize;
        if other >= row {
            other += 1;
        }
        let before = core.tally.pairs();
        core.tally.swap(row, other);
        core.counters.checks += 4;
        let event = if core.tally.pairs() < before {
            core.counters.moves += 1;
            core.counters.checks += 1;
            if core.tally.attacked(other) {
                suspects.insert(other);
            }
            StepKind::Move
        } else {
            core.tally.swap(row, other);
            StepKind::Stay
        };
        core.last = Last::swap(event, row, core.tally.queens()[row], other);
        self.cursor += 1;
    }
}

impl Engine for QueenSearch {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<QueenSearch, Error> {
        check_size(&INFO, n)?;
        Ok(QueenSearch::on(Repair::permutation(n, seed)?))
    }

    fn step(&mut self) -> bool {
        match self.phase {
            Phase::Solved => return false,
            Phase::Placing if self.base.place() => self.start_swapping(),
            Phase::Placing => {}
            Phase::Swapping if self.base.out_of_time() => self.restart(),
            Phase::Swapping => self.try_swap(),
        }
        if self.base.core.stepped() {
            self.phase = Phase::Solved;
        }
        true
    }

    /// The greedy start's rows in one loop ([`Repair::place_rows`]); the
    /// swaps one `step` at a time.
    fn run(&mut self, max: u64) -> u64 {
        let mut taken = 0;
        while taken < max {
            if self.phase == Phase::Placing {
                let placed = self.base.place_rows(max - taken);
                taken += placed;
                let tally = &self.base.core.tally;
                if tally.placed() == tally.n() {
                    self.start_swapping();
                }
                if self.base.core.stepped_by(placed) {
                    self.phase = Phase::Solved;
                }
            } else if self.step() {
                taken += 1;
            } else {
                break;
            }
        }
        taken
    }

    fn line(event: StepKind) -> usize {
        match event {
            StepKind::Restart => 2,
            StepKind::Move => 4,
            StepKind::Stay => 5,
            _ => 0,
        }
    }

    core_at!(base.core);

    /// Queen search's moves and stays are swaps of two rows' columns: said
    /// here; a placement and a restart as the engines share them.
    fn sentence(&self, event: StepKind) -> String {
        let core = &self.base.core;
        let row = core.last.row.unwrap_or(0);
        match (event, core.last.other) {
            (StepKind::Move, Some(other)) => format!(
                "Exchanged the columns of rows {} and {}: fewer queens attack; {}.",
                row + 1,
                other + 1,
                words::left(core)
            ),
            (StepKind::Stay, Some(other)) => format!(
                "Exchanging the columns of rows {} and {} would not lower the conflicts: \
                 kept as they were; {}.",
                row + 1,
                other + 1,
                words::left(core)
            ),
            _ => words::said(core, event),
        }
    }
}
