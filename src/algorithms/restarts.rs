//! Randomised backtracking with restarts (Gomes, Selman and Kautz, 1998).
//! Rows are filled in order; each row tries its columns in a seeded random
//! order, a queen goes on the first square no queen attacks, and a row that
//! runs out of columns takes its parent's queen off (a backtrack).
//!
//! The random order of a row is a rotation and a stride: columns
//! `start, start + stride, start + 2·stride, …` modulo N, with `start`
//! uniform and `stride` uniform among the numbers below N that share no
//! factor with it. Not every order can come out (there are N·φ(N) of them,
//! not N!), but two numbers a row keep a time-travel checkpoint small.
//!
//! Restarts: the search gives up and starts from an empty board once it has
//! backtracked `N · luby(i)` times since the i-th start, where Luby's sequence
//! is 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (Luby, Sinclair and Zuckerman, 1993:
//! optimal, within a log factor, when nothing is known of the run-time
//! distribution). With restarts off ([`Restarts::without_restarts`]) it is a
//! plain randomised depth-first search: the heavy-tailed baseline.
//!
//! Steps: a square tried (placed or rejected), a backtrack, or a restart.
//! `moves` counts queens placed. Checks: reads of a square's attackers from
//! the tallies, one a square tried, none otherwise. Bound: 1. At N = 2,000
//! a run takes up to about 200 million steps (under a second natively), at
//! N = 5,000 up to 5 billion, so `find_one` stops at N = 2,000.

use super::info::{AlgorithmInfo, Bound};
use super::one_solution::BASE;
use crate::algorithms::find_one::{check_size, core_at, words, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::Error;

pub const ID: &str = "restarts";

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Backtracking with restarts",
    find_max_n: 2_000,
    description: "Randomised backtracking with restarts (Gomes, Selman and Kautz, 1998). Rows are filled in \
        order, each trying its columns in a seeded random order (a random start and a random \
        stride prime to N); a queen goes on the first square no queen attacks, and a row that \
        runs out takes its parent's queen off. Randomised backtracking has heavy-tailed run \
        times: after N · luby(i) backtracks in its i-th start (Luby's sequence 1, 1, 2, 1, 1, \
        2, 4, …) it gives up and starts again from an empty board, which cuts the tail. \
        Solve big takes it to N = 2,000.",
    step_is: "the next square of the row tried in its random order, a queen taken off when the \
              row has run out, or a restart from an empty board after too many backtracks",
    move_is: "One move is a queen placed on a square no queen attacks; a square refused, a \
        backtrack or a restart is no move.",
    conflicts_note: "Backtracking with restarts places only queens no other attacks, so the \
        chart stays at 0; it stops at its first solution.",
    most_checks: Bound {
        squares: 0,
        queens: 0,
        constant: 1,
        least: 0,
    },
    pseudocode: &[
        "row = 0; each row gets a random column order (start, stride)",
        "while row < N:                           # until pairs = 0 with N queens",
        "    if backtracks since the start reach N · luby(starts): restart, empty board   # restarts += 1",
        "    if row has columns left: c = the next in its order",
        "        if no queen attacks (row, c): place it; row += 1   # attackers of (row, c) = 0; the columns, down diagonals and up diagonals tallies",
        "        else: reject c",
        "    else: take the queen off row − 1 (backtrack)",
    ],
    ..BASE
};

/// The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, …
pub fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with 2^k − 1 ≥ i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// One row's column order and how far along it the row is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Order {
    next: u32,
    stride: u32,
    tried: u32,
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Randomised backtracking, with or without Luby restarts.
#[derive(Clone, Debug)]
pub struct Restarts {
    core: Core,
    orders: Vec<Order>,
    restarts_on: bool,
    /// Backtracks since the last (re)start, and the number of starts so far.
    backtracks: u64,
    starts: u64,
    /// The cutoff was reached: the next step restarts.
    restart_due: bool,
    /// Every order of row 0 tried: no solution (only for N = 2 or 3).
    exhausted: bool,
}

impl Restarts {
    /// The plain randomised depth-first search, never restarting.
    pub fn without_restarts(n: usize, seed: u64) -> Result<Restarts, Error> {
        let mut search = <Restarts as Engine>::new(n, seed)?;
        search.restarts_on = false;
        Ok(search)
    }

    /// Whether this search restarts.
    pub fn restarts_on(&self) -> bool {
        self.restarts_on
    }

    /// Backtracks allowed since the current start.
    pub fn cutoff(&self) -> u64 {
        self.core.tally.n() as u64 * luby(self.starts)
    }

    fn fresh_order(&mut self, row: usize) {
        let rng = &mut self.core.rng;
        let n = self.core.tally.n() as u32;
        let next = rng.below(n);
        let mut stride = 1 + rng.below(n - 1);
        while gcd(stride, n) != 1 {
            stride = 1 + rng.below(n - 1);
        }
        self.orders[row] = Order {
            next,
            stride,
            tried: 0,
        };
    }

    fn restart(&mut self) {
        while self.core.tally.placed() > 0 {
            self.core.tally.pop();
        }
        self.fresh_order(0);
        self.backtracks = 0;
        self.starts += 1;
        self.restart_due = false;
        self.core.restarted();
    }

    fn try_square(&mut self, row: usize) {
        let core = &mut self.core;
        let n = core.tally.n() as u32;
        let order = &mut self.orders[row];
        let col = order.next;
        order.next = (order.next + order.stride) % n;
        order.tried += 1;
        core.counters.checks += 1;
        if core.tally.attackers(row, col) == 0 {
            core.tally.push(col);
            core.counters.moves += 1;
            core.last = Last::at(StepKind::Place, row, col);
            if row + 1 < n as usize {
                self.fresh_order(row + 1);
            }
        } else {
            core.last = Last::at(StepKind::Reject, row, col);
        }
    }

    fn backtrack(&mut self) {
        let col = self.core.tally.pop();
        let row = self.core.tally.placed();
        self.backtracks += 1;
        self.core.last = Last::at(StepKind::Backtrack, row, col);
        if self.restarts_on && self.backtracks >= self.cutoff() {
            self.restart_due = true;
        }
    }
}

impl Engine for Restarts {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<Restarts, Error> {
        check_size(&INFO, n)?;
        let mut search = Restarts {
            core: Core::new(n, seed)?,
            orders: vec![Order::default(); n],
            restarts_on: true,
            backtracks: 0,
            starts: 1,
            restart_due: false,
            exhausted: false,
        };
        search.fresh_order(0);
        Ok(search)
    }

    fn step(&mut self) -> bool {
        if self.exhausted || self.core.tally.is_solution() {
            return false;
        }
        let row = self.core.tally.placed();
        if self.restart_due {
            self.restart();
        } else if self.orders[row].tried < self.core.tally.n() as u32 {
            self.try_square(row);
        } else if row == 0 {
            self.exhausted = true;
            return false;
        } else {
            self.backtrack();
        }
        self.core.stepped();
        true
    }

    fn line(event: StepKind) -> usize {
        match event {
            StepKind::Restart => 2,
            StepKind::Place => 4,
            StepKind::Reject => 5,
            StepKind::Backtrack => 6,
            _ => 0,
        }
    }

    core_at!(core);

    /// A rejected square and a backtrack are this search's own steps: the
    /// other kinds are said as the engines share them.
    fn sentence(&self, event: StepKind) -> String {
        let core = &self.core;
        let (row, col) = words::row_col(core);
        match event {
            StepKind::Reject => format!("{} is attacked: the next column.", words::at(row, col)),
            StepKind::Backtrack => format!(
                "Row {} has nothing left to try: took the queen off {}.",
                row + 2,
                words::at(row, col)
            ),
            _ => words::said(core, event),
        }
    }
}
