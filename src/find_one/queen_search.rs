//! Queen search, after Sosic and Gu's QS4 (1994): the board is a permutation,
//! so no two queens ever share a column, and only diagonal clashes are
//! repaired, by exchanging the columns of two rows.
//!
//! The start is their "initial search": rows are placed in order, each on the
//! first of up to 32 columns drawn from those not used yet that no queen
//! attacks, or else the least attacked of them ([`Tally::place_greedy`]).
//! Most rows find a free column at once; the clashes left are few and near
//! the bottom.
//!
//! Then the search goes round [`Suspects`], the rows that may be attacked
//! (every clash has a listed queen: a row is listed when it is placed or
//! swapped into a clash, and unlisted only when found unattacked). Each step
//! takes the next listed queen that is attacked, draws another row at random
//! and exchanges their columns if that lowers the number of attacking pairs.
//! After `16·N + 64` swaps tried since the start, it restarts.
//!
//! Memory: the board's 24 bytes a queen, plus 4 for the list and one bit for
//! its index: about 28 bytes a queen, 280 MB for 10,000,000.
//!
//! Steps: placing a row; a swap tried (made or not); a restart. `moves`
//! counts swaps made. Checks: reads of a square's attackers from the
//! tallies; a swap tried is 4 (two squares left, two entered) and 1 more to
//! see whether the other row is attacked after a swap made. Bound: a placing
//! step ≤ 32; a swap step ≤ N for skipping listed rows that are no longer
//! attacked, + 5; a restart 0. So ≤ N + 32.

use super::rng::Rng;
use super::tally::{Suspects, Tally, GREEDY_TRIES};
use super::{check_size, Bound, Counters, Engine, Event, FindError, Info, Last, FIND_MAX_N};

pub const ID: &str = "queen-search";

pub const INFO: Info = Info {
    id: ID,
    name: "Queen search (Sosic–Gu)",
    min_n: 4,
    find_max_n: FIND_MAX_N,
    step_is: "One step places a row of the greedy start, or tries exchanging the columns of an \
              attacked queen and a random other, keeping the exchange if fewer queens attack.",
    check_is: "One check reads how many queens attack one square.",
    bound: Bound {
        squares: 0,
        queens: 1,
        constant: GREEDY_TRIES as u64,
    },
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
    tally: Tally,
    rng: Rng,
    suspects: Suspects,
    /// Where in the list the next swap step looks.
    cursor: usize,
    phase: Phase,
    /// Swaps tried since the last (re)start.
    tries: u64,
    counters: Counters,
    last: Last,
}

impl QueenSearch {
    fn budget(&self) -> u64 {
        16 * self.tally.n() as u64 + 64
    }

    fn place(&mut self) {
        let (row, col, checks, attackers) = self.tally.place_greedy(&mut self.rng);
        self.counters.checks += u64::from(checks);
        if attackers > 0 {
            self.suspects.insert(row);
        }
        self.last = Last::at(Event::Place, row, col);
        if self.tally.placed() == self.tally.n() {
            self.phase = Phase::Swapping;
            self.cursor = 0;
        }
    }

    fn restart(&mut self) {
        self.tally.reset();
        self.suspects.clear();
        self.tries = 0;
        self.counters.restarts += 1;
        self.last = Last::only(Event::Restart);
        self.phase = Phase::Placing;
    }

    /// The next listed row that is attacked, unlisting those that are not.
    fn next_attacked(&mut self) -> Option<usize> {
        while !self.suspects.is_empty() {
            if self.cursor >= self.suspects.len() {
                self.cursor = 0;
            }
            let row = self.suspects.get(self.cursor);
            self.counters.checks += 1;
            if self.tally.attacked(row) {
                return Some(row);
            }
            self.suspects.remove_at(self.cursor);
        }
        None
    }

    fn try_swap(&mut self) {
        self.tries += 1;
        let Some(row) = self.next_attacked() else {
            // Every clash has a listed queen, so this cannot happen on a
            // board with conflicts; start afresh rather than trust it.
            self.restart();
            return;
        };
        let n = self.tally.n() as u32;
        let mut other = self.rng.below(n - 1) as usize;
        if other >= row {
            other += 1;
        }
        let before = self.tally.pairs();
        self.tally.swap(row, other);
        self.counters.checks += 4;
        if self.tally.pairs() < before {
            self.counters.moves += 1;
            self.counters.checks += 1;
            if self.tally.attacked(other) {
                self.suspects.insert(other);
            }
            self.last = Last::swap(Event::Move, row, self.tally.queens()[row], other);
        } else {
            self.tally.swap(row, other);
            self.last = Last::swap(Event::Stay, row, self.tally.queens()[row], other);
        }
        self.cursor += 1;
    }
}

impl Engine for QueenSearch {
    const INFO: Info = INFO;

    fn new(n: usize, seed: u64) -> Result<QueenSearch, FindError> {
        check_size(&INFO, n)?;
        Ok(QueenSearch {
            tally: Tally::new(n),
            rng: Rng::new(seed),
            suspects: Suspects::new(n),
            cursor: 0,
            phase: Phase::Placing,
            tries: 0,
            counters: Counters::default(),
            last: Last::START,
        })
    }

    fn step(&mut self) -> bool {
        match self.phase {
            Phase::Solved => return false,
            Phase::Placing => self.place(),
            Phase::Swapping if self.tries >= self.budget() => self.restart(),
            Phase::Swapping => self.try_swap(),
        }
        self.counters.steps += 1;
        if self.tally.is_solution() {
            self.phase = Phase::Solved;
        }
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
