//! Min-conflicts (Minton, Johnston, Philips and Laird, 1992): pick an
//! attacked queen uniformly at random and move it to the column of its row
//! that the fewest queens attack, ties broken uniformly at random (staying
//! put is one of the choices).
//!
//! The start is Minton's greedy one, made linear: rows are placed in order,
//! each on the least attacked of up to 32 columns drawn from those not used
//! yet ([`Tally::place_greedy`]), so the start is a permutation with few
//! diagonal clashes. Minton's own greedy start looked at all N columns of
//! every row, N² work that 10,000,000 queens cannot afford.
//!
//! The attacked queens are drawn from [`Suspects`], a list that holds every
//! attacked queen and perhaps some that no longer are: a draw that lands on
//! one of those unlists it and draws again, so the queen chosen is uniform
//! among the attacked ones. The list stays complete because a move can only
//! make a queen attacked that stands alone on a line the moved queen joins,
//! and then a scan of the rows finds it.
//!
//! If `16·N + 64` repairs have not solved the board, the search restarts
//! from a fresh greedy start.
//!
//! Speed: every repair reads the counts of a whole row, so a repair is O(N),
//! and the greedy start leaves about N/2,000 attacking pairs, each taking
//! about one repair: the whole run is O(N²)/2,000. Natively that is 1.6 s at
//! N = 1,000,000 and over two minutes at 10,000,000 (queen search, whose
//! swaps cost O(1), takes 3 s there).
//!
//! Steps: placing a row; once, listing the attacked queens (the survey); a
//! repair (one move considered and made, or a stay); a restart. `moves`
//! counts repairs that moved a queen. Checks: reads of a square's attackers
//! from the tallies, and in the partner scan, one per row compared.
//! Bound: a placing step ≤ 32 checks; the survey N; a repair ≤ N draws +
//! N for the least attacked value + N to find the chosen tie + N for the
//! partner scan; a restart 0. So ≤ 4N + 32.

use super::rng::Rng;
use super::tally::{Suspects, Tally, GREEDY_TRIES};
use super::{check_size, Bound, Counters, Engine, Event, FindError, Info, Last, FIND_MAX_N};

pub const ID: &str = "min-conflicts";

pub const INFO: Info = Info {
    id: ID,
    name: "Min-conflicts",
    min_n: 4,
    find_max_n: FIND_MAX_N,
    step_is: "One step places a row of the greedy start, lists the attacked queens once, or \
              repairs: a random attacked queen moves to its row's least attacked column.",
    check_is: "One check reads how many queens attack one square.",
    bound: Bound {
        squares: 0,
        queens: 4,
        constant: GREEDY_TRIES as u64,
    },
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Placing,
    Survey,
    Repairing,
    Solved,
}

/// Min-conflicts from a greedy start.
#[derive(Clone, Debug)]
pub struct MinConflicts {
    tally: Tally,
    rng: Rng,
    suspects: Suspects,
    phase: Phase,
    /// Repairs since the last (re)start.
    repairs: u64,
    counters: Counters,
    last: Last,
}

impl MinConflicts {
    /// Repairs allowed before a restart.
    fn budget(&self) -> u64 {
        16 * self.tally.n() as u64 + 64
    }

    fn place(&mut self) {
        let (row, col, checks, _) = self.tally.place_greedy(&mut self.rng);
        self.counters.checks += u64::from(checks);
        self.last = Last::at(Event::Place, row, col);
        if self.tally.placed() == self.tally.n() {
            self.phase = Phase::Survey;
        }
    }

    fn survey(&mut self) {
        self.suspects.clear();
        for row in 0..self.tally.n() {
            if self.tally.attacked(row) {
                self.suspects.insert(row);
            }
        }
        self.counters.checks += self.tally.n() as u64;
        self.last = Last::only(Event::Survey);
        self.phase = Phase::Repairing;
    }

    fn restart(&mut self) {
        self.tally.reset();
        self.suspects.clear();
        self.repairs = 0;
        self.counters.restarts += 1;
        self.last = Last::only(Event::Restart);
        self.phase = Phase::Placing;
    }

    /// Draws attacked queens until one is: uniform among the attacked ones.
    fn draw(&mut self) -> Option<usize> {
        while !self.suspects.is_empty() {
            let index = self.rng.below(self.suspects.len() as u32) as usize;
            let row = self.suspects.get(index);
            self.counters.checks += 1;
            if self.tally.attacked(row) {
                return Some(row);
            }
            self.suspects.remove_at(index);
        }
        None
    }

    fn repair(&mut self) {
        self.repairs += 1;
        let Some(row) = self.draw() else {
            // The list holds every attacked queen, so this cannot happen on
            // a board with conflicts; survey again rather than trust it.
            self.phase = Phase::Survey;
            self.last = Last::only(Event::Stay);
            return;
        };
        let n = self.tally.n() as u32;
        // Pass one: the fewest attackers, and how many columns have them.
        let mut least = u32::MAX;
        let mut ties = 0;
        for col in 0..n {
            let attackers = self.tally.attackers(row, col);
            if attackers < least {
                least = attackers;
                ties = 1;
            } else if attackers == least {
                ties += 1;
            }
        }
        // Pass two: the chosen one of them.
        let mut pick = self.rng.below(ties);
        let mut target = 0;
        for col in 0..n {
            self.counters.checks += 1;
            if self.tally.attackers(row, col) == least {
                if pick == 0 {
                    target = col;
                    break;
                }
                pick -= 1;
            }
        }
        self.counters.checks += u64::from(n);
        if target == self.tally.queens()[row] {
            self.last = Last::at(Event::Stay, row, target);
            return;
        }
        let lone = self.tally.move_queen(row, target);
        self.counters.moves += 1;
        self.last = Last::at(Event::Move, row, target);
        if lone.iter().any(|&l| l) {
            self.list_partners(row, target, lone);
        }
    }

    /// Lists the queens that stood alone on a line `row`'s queen has just
    /// joined at `col`: they are attacked now.
    fn list_partners(&mut self, row: usize, col: u32, lone: [bool; 3]) {
        let (down, up) = (row + col as usize, row as i64 - i64::from(col));
        for (other, &c) in self.tally.queens().iter().enumerate() {
            let shares = (lone[0] && c == col)
                || (lone[1] && other + c as usize == down)
                || (lone[2] && other as i64 - i64::from(c) == up);
            if shares && other != row {
                self.suspects.insert(other);
            }
        }
        self.counters.checks += self.tally.n() as u64;
    }
}

impl Engine for MinConflicts {
    const INFO: Info = INFO;

    fn new(n: usize, seed: u64) -> Result<MinConflicts, FindError> {
        check_size(&INFO, n)?;
        Ok(MinConflicts {
            tally: Tally::new(n),
            rng: Rng::new(seed),
            suspects: Suspects::new(n),
            phase: Phase::Placing,
            repairs: 0,
            counters: Counters::default(),
            last: Last::START,
        })
    }

    fn step(&mut self) -> bool {
        match self.phase {
            Phase::Solved => return false,
            Phase::Placing => self.place(),
            Phase::Survey => self.survey(),
            Phase::Repairing if self.repairs >= self.budget() => self.restart(),
            Phase::Repairing => self.repair(),
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
