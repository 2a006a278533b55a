//! Steepest-ascent hill climbing (Russell and Norvig's AIMA): from a random
//! board (each queen on a uniformly random column of its row), look at every
//! move of one queen within its row and make the one that removes the most
//! attacking pairs, ties broken uniformly at random. When the best move
//! removes none, up to 100 sideways moves in a row are allowed (a sideways
//! move keeps the count; an improving move resets the allowance); when no
//! move helps and no sideways move is left, a random restart throws the board
//! away for a fresh random one. Restarts are steps of their own.
//!
//! Steps: a move (the best one, made) or a restart. `moves` counts moves made.
//! Checks: reads of a square's attackers from the tallies: every square of
//! the board once per move step, N², and none for a restart. Bound: N².
//! Each step is N² work and N = 1,000 takes about 500 steps (two thirds of
//! a second natively), so `find_one` stops at N = 1,000.

use super::info::{AlgorithmInfo, Bound};
use super::one_solution::BASE;
use crate::algorithms::find_one::{check_size, core_at, words, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::Error;

pub const ID: &str = "hill-climbing";

/// Sideways moves allowed in a row.
pub const SIDEWAYS: u32 = 100;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Hill climbing",
    find_max_n: 1_000,
    description: "Steepest-ascent hill climbing (Russell and Norvig's AIMA) from a random board, one queen \
        in each row. Each step looks at every move of one queen within its row and makes the \
        one that removes the most attacking pairs, ties at random. When the best move removes \
        none, up to 100 sideways moves in a row are allowed; when none is left, a random \
        restart begins again. Each step reads all N² squares, so Solve big stops it at N = 1,000. \
        It cannot prove that no solution exists.",
    step_is: "the best of every move of one queen within its row made (or a sideways move), or a \
              restart from a random board when no move helps and no sideways move is left",
    move_is: "One move is a queen taken to another column of its row, the best move or a \
        sideways one; a restart is no move.",
    most_checks: Bound {
        squares: 1,
        queens: 0,
        constant: 0,
        least: 0,
    },
    pseudocode: &[
        "board = a random queen in each row",
        "while some queens attack each other:          # pairs > 0",
        "    best = the move of one queen within its row that removes the most conflicts   # from the attackers of every square",
        "    if best removes some: make it; sideways = 100",
        "    else if sideways > 0: make it anyway (a sideways move); sideways -= 1",
        "    else: restart from a random board; sideways = 100   # restarts += 1; the columns, down diagonals and up diagonals tallies anew",
    ],
    ..BASE
};

/// Steepest ascent with sideways moves and random restarts.
#[derive(Clone, Debug)]
pub struct HillClimbing {
    core: Core,
    sideways_left: u32,
}

impl HillClimbing {
    /// The best move's change in pairs, and the move (one of the best, each
    /// equally likely).
    fn best_move(&mut self) -> (i64, usize, u32) {
        let Core { tally, rng, .. } = &mut self.core;
        let n = tally.n();
        let mut best = (i64::MAX, 0, 0);
        let mut ties = 0;
        for row in 0..n {
            let here = tally.queens()[row];
            let now = i64::from(tally.attackers(row, here));
            for col in (0..n as u32).filter(|&col| col != here) {
                let change = i64::from(tally.attackers(row, col)) - now;
                if change < best.0 {
                    best = (change, row, col);
                    ties = 1;
                } else if change == best.0 {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best = (change, row, col);
                    }
                }
            }
        }
        self.core.counters.checks += (n * n) as u64;
        best
    }
}

impl Engine for HillClimbing {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<HillClimbing, Error> {
        check_size(&INFO, n)?;
        Ok(HillClimbing {
            core: Core::random(n, seed)?,
            sideways_left: SIDEWAYS,
        })
    }

    fn step(&mut self) -> bool {
        if self.core.tally.is_solution() {
            return false;
        }
        let (change, row, col) = self.best_move();
        if change < 0 || (change == 0 && self.sideways_left > 0) {
            self.sideways_left = if change == 0 {
                self.sideways_left - 1
            } else {
                SIDEWAYS
            };
            self.core.tally.move_queen(row, col);
            self.core.counters.moves += 1;
            let event = if change == 0 {
                StepKind::Sideways
            } else {
                StepKind::Move
            };
            self.core.last = Last::at(event, row, col);
        } else {
            self.core.restart_random();
            self.sideways_left = SIDEWAYS;
        }
        self.core.stepped();
        true
    }

    fn line(event: StepKind) -> usize {
        match event {
            StepKind::Move => 3,
            StepKind::Sideways => 4,
            StepKind::Restart => 5,
            _ => 0,
        }
    }

    core_at!(core);

    /// A sideways move is hill climbing's own step: the other kinds are
    /// said as the engines share them.
    fn sentence(&self, event: StepKind) -> String {
        let core = &self.core;
        match event {
            StepKind::Sideways => {
                let (row, col) = words::row_col(core);
                format!(
                    "No move lowers the conflicts: moved the queen of row {} sideways to \
                     column {}; {}.",
                    row + 1,
                    col + 1,
                    words::left(core)
                )
            }
            _ => words::said(core, event),
        }
    }
}
