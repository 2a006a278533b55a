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

use super::{check_size, Bound, Core, Engine, Event, FindError, Info, Last, READS_A_SQUARE};

pub const ID: &str = "hill-climbing";

/// Sideways moves allowed in a row.
pub const SIDEWAYS: u32 = 100;

pub const INFO: Info = Info {
    id: ID,
    name: "Hill climbing",
    min_n: 4,
    find_max_n: 1_000,
    step_is: "One step looks at every move of one queen within its row and makes the best, or \
              restarts from a random board when no move helps and no sideways move is left.",
    check_is: READS_A_SQUARE,
    bound: Bound {
        squares: 1,
        queens: 0,
        constant: 0,
    },
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
    const INFO: Info = INFO;

    fn new(n: usize, seed: u64) -> Result<HillClimbing, FindError> {
        check_size(&INFO, n)?;
        Ok(HillClimbing {
            core: Core::random(n, seed),
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
            self.core.last = Last::at(Event::Move, row, col);
        } else {
            self.core.restart_random();
            self.sideways_left = SIDEWAYS;
        }
        self.core.stepped();
        true
    }

    core_at!(core);
}
