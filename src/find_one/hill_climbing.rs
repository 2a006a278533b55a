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

use super::rng::Rng;
use super::tally::Tally;
use super::{check_size, Bound, Counters, Engine, Event, FindError, Info, Last};

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
    check_is: "One check reads how many queens attack one square.",
    bound: Bound {
        squares: 1,
        queens: 0,
        constant: 0,
    },
};

/// Steepest ascent with sideways moves and random restarts.
#[derive(Clone, Debug)]
pub struct HillClimbing {
    tally: Tally,
    rng: Rng,
    sideways_left: u32,
    counters: Counters,
    last: Last,
}

impl HillClimbing {
    fn restart(&mut self) {
        self.tally.randomize(&mut self.rng);
        self.sideways_left = SIDEWAYS;
        self.counters.restarts += 1;
        self.last = Last::only(Event::Restart);
    }

    /// The best move's change in pairs, and the move (one of the best, each
    /// equally likely).
    fn best_move(&mut self) -> (i64, usize, u32) {
        let n = self.tally.n();
        let mut best = (i64::MAX, 0, 0);
        let mut ties = 0;
        for row in 0..n {
            let here = self.tally.queens()[row];
            let now = i64::from(self.tally.attackers(row, here));
            for col in 0..n as u32 {
                if col == here {
                    continue;
                }
                let change = i64::from(self.tally.attackers(row, col)) - now;
                if change < best.0 {
                    best = (change, row, col);
                    ties = 1;
                } else if change == best.0 {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        best = (change, row, col);
                    }
                }
            }
        }
        self.counters.checks += (n * n) as u64;
        best
    }
}

impl Engine for HillClimbing {
    const INFO: Info = INFO;

    fn new(n: usize, seed: u64) -> Result<HillClimbing, FindError> {
        check_size(&INFO, n)?;
        let mut rng = Rng::new(seed);
        let mut tally = Tally::new(n);
        tally.randomize(&mut rng);
        Ok(HillClimbing {
            tally,
            rng,
            sideways_left: SIDEWAYS,
            counters: Counters::default(),
            last: Last::START,
        })
    }

    fn step(&mut self) -> bool {
        if self.tally.is_solution() {
            return false;
        }
        let (change, row, col) = self.best_move();
        if change < 0 || (change == 0 && self.sideways_left > 0) {
            if change == 0 {
                self.sideways_left -= 1;
            } else {
                self.sideways_left = SIDEWAYS;
            }
            self.tally.move_queen(row, col);
            self.counters.moves += 1;
            self.last = Last::at(Event::Move, row, col);
        } else {
            self.restart();
        }
        self.counters.steps += 1;
        true
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn last(&self) -> Last {
        self.last
    }

    fn into_queens(self) -> Vec<u32> {
        self.tally.into_queens()
    }
}
