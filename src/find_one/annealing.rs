//! Simulated annealing (Kirkpatrick, Gelatt and Vecchi, 1983) from a random
//! board. Each step proposes moving a uniformly random queen to a uniformly
//! random other column of its row; a move that does not add attacking pairs
//! is always made, one that adds Δ pairs with chance e^(−Δ/T).
//!
//! The schedule: T starts at 0.5 (a move adding one pair is taken with
//! chance 0.14) and is multiplied by 1 − 1/(4·N²) after every step (geometric
//! cooling, one multiplication, the same bits everywhere; e^(−Δ/T) is
//! [`exp_neg`]). When T falls below 0.02 (chance e^(−50)) without a solution,
//! after about 4·ln(25)·N² ≈ 12.9·N² steps, the schedule has run out: a
//! restart takes a fresh random board and T = 0.5 again. These were chosen by
//! trying a few schedules at N = 50 to 500: hotter starts or longer schedules
//! were slower.
//!
//! Steps: a proposal (made or not) or a restart. `moves` counts proposals
//! made. Checks: reads of a square's attackers from the tallies, 2 a
//! proposal (the queen's square and the proposed one), none for a restart.
//! Bound: 2. A solution at N = 1,000 takes about 11 million steps (a third
//! of a second natively) and at N = 2,000 up to 250 million, so `find_one`
//! stops at N = 1,000.

use super::rng::{exp_neg, Rng};
use super::tally::Tally;
use super::{check_size, Bound, Counters, Engine, Event, FindError, Info, Last};

pub const ID: &str = "annealing";

/// The temperature at the start of a schedule.
pub const T_START: f64 = 0.5;
/// The temperature below which a schedule has run out.
pub const T_END: f64 = 0.02;

pub const INFO: Info = Info {
    id: ID,
    name: "Simulated annealing",
    min_n: 4,
    find_max_n: 1_000,
    step_is: "One step proposes moving a random queen to a random column of its row and makes \
              the move if it adds no conflicts, or by chance if it does: less often as the \
              temperature falls.",
    check_is: "One check reads how many queens attack one square.",
    bound: Bound {
        squares: 0,
        queens: 0,
        constant: 2,
    },
};

/// Simulated annealing with geometric cooling and restarts.
#[derive(Clone, Debug)]
pub struct Annealing {
    tally: Tally,
    rng: Rng,
    temperature: f64,
    cooling: f64,
    counters: Counters,
    last: Last,
}

impl Annealing {
    /// The temperature now.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    fn restart(&mut self) {
        self.tally.randomize(&mut self.rng);
        self.temperature = T_START;
        self.counters.restarts += 1;
        self.last = Last::only(Event::Restart);
    }

    fn propose(&mut self) {
        let n = self.tally.n() as u32;
        let row = self.rng.below(n) as usize;
        let here = self.tally.queens()[row];
        let mut col = self.rng.below(n - 1);
        if col >= here {
            col += 1;
        }
        let change =
            i64::from(self.tally.attackers(row, col)) - i64::from(self.tally.attackers(row, here));
        self.counters.checks += 2;
        let take = change <= 0 || self.rng.unit() < exp_neg(change as f64 / self.temperature);
        if take {
            self.tally.move_queen(row, col);
            self.counters.moves += 1;
            self.last = Last::at(Event::Move, row, col);
        } else {
            self.last = Last::at(Event::Stay, row, col);
        }
        self.temperature *= self.cooling;
    }
}

impl Engine for Annealing {
    const INFO: Info = INFO;

    fn new(n: usize, seed: u64) -> Result<Annealing, FindError> {
        check_size(&INFO, n)?;
        let mut rng = Rng::new(seed);
        let mut tally = Tally::new(n);
        tally.randomize(&mut rng);
        let squares = (n * n) as f64;
        Ok(Annealing {
            tally,
            rng,
            temperature: T_START,
            cooling: 1.0 - 1.0 / (4.0 * squares),
            counters: Counters::default(),
            last: Last::START,
        })
    }

    fn step(&mut self) -> bool {
        if self.tally.is_solution() {
            return false;
        }
        if self.temperature < T_END {
            self.restart();
        } else {
            self.propose();
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
