//! Min-conflicts (Minton, Johnston, Philips and Laird, 1992): pick an
//! attacked queen uniformly at random and move it to the column of its row
//! that the fewest queens attack, ties broken uniformly at random (staying
//! put is one of the choices).
//!
//! The start is Minton's greedy one, made linear: rows are placed in order,
//! each on the least attacked of up to 32 columns drawn from those not used
//! yet ([`crate::algorithms::find_one::tally::Tally::place_greedy`]), so the start is a permutation with few
//! diagonal clashes. Minton's own greedy start looked at all N columns of
//! every row, N² work that 10,000,000 queens cannot afford.
//!
//! The attacked queens are drawn from [`crate::algorithms::find_one::tally::Suspects`], a list that holds every
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
//! N = 1,000,000 and 137 s at 10,000,000, so `find_one` stops it at
//! 1,000,000 (its `find_max_n`, which its description states); queen
//! search, whose swaps cost O(1), takes 3 s at 10,000,000.
//!
//! Steps: placing a row; once, listing the attacked queens (the survey); a
//! repair (one move considered and made, or a stay); a restart. `moves`
//! counts repairs that moved a queen. Checks: reads of a square's attackers
//! from the tallies, and in the partner scan, one per row compared.
//! Bound: a placing step ≤ 32 checks; the survey N; a repair ≤ N draws +
//! N for the least attacked value + N to find the chosen tie + N for the
//! partner scan; a restart 0. So ≤ 4N + 32.

use super::info::{AlgorithmInfo, Bound};
use super::one_solution::BASE;
use crate::algorithms::find_one::repair::Repair;
use crate::algorithms::find_one::tally::GREEDY_TRIES;
use crate::algorithms::find_one::{check_size, core_at, words, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::grouped;
use crate::error::Error;

pub const ID: &str = "min-conflicts";

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Min-conflicts",
    find_max_n: 1_000_000,
    description: "Local search on a full board (Minton, Johnston, Philips and Laird, 1992). A greedy start \
        puts each row's queen on the least attacked of up to 32 free columns; then each repair \
        picks an attacked queen at random and moves it to the column of its row that the \
        fewest queens attack, ties broken at random. The number of repairs hardly grows with \
        N (at N = 1,000 typically 40 to 120), but each costs about 2½·N checks (its row read \
        square by square, then the attacked queens listed again), so a run at N = 1,000 takes \
        some 100,000 to 300,000 checks, most of them in the repairs. Natively a million queens \
        take 1.6 s and ten million over two minutes, which is why Solve big stops it at \
        1,000,000 (queen search goes on to a hundred million). It cannot prove that no solution \
        exists; it restarts after 16·N + 64 repairs.",
    step_is: "a row of the greedy start placed, the attacked queens listed once, or one repair: \
              a random attacked queen moved to its row's least attacked column",
    move_is: "One move is a repair that takes a queen to another column; a repair whose least \
        attacked column is the queen's own moves nothing and is no move.",
    most_checks: Bound {
        squares: 0,
        queens: 4,
        constant: GREEDY_TRIES as u64,
        least: 0,
    },
    pseudocode: &[
        "board = greedy start: each row on the least attacked of 32 free columns",
        "attacked = every queen that some queen attacks   # from the columns, down diagonals and up diagonals tallies",
        "while attacked is not empty:                     # pairs > 0",
        "    if 16·N + 64 repairs since the start: restart from a fresh greedy start   # restarts += 1",
        "    q = a random queen of attacked",
        "    c = a least attacked column of q's row (ties at random)   # attackers of each square",
        "    move q to c; list the queens it attacks there",
        "solution: no queen is attacked",
    ],
    ..BASE
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
    base: Repair,
    phase: Phase,
}

impl MinConflicts {
    /// Lists every attacked queen, so that draws from the list are uniform.
    fn survey(&mut self) {
        let Repair { core, suspects, .. } = &mut self.base;
        suspects.clear();
        for row in 0..core.tally.n() {
            if core.tally.attacked(row) {
                suspects.insert(row);
            }
        }
        core.counters.checks += core.tally.n() as u64;
        core.last = Last::only(StepKind::Survey);
        self.phase = Phase::Repairing;
    }

    fn repair(&mut self) {
        self.base.since_start += 1;
        let Some((_, row)) = self
            .base
            .attacked(|rng, len| rng.below(len as u32) as usize)
        else {
            // The list holds every attacked queen, so this cannot happen on
            // a board with conflicts; survey again rather than trust it.
            self.phase = Phase::Survey;
            self.base.core.last = Last::only(StepKind::Stay);
            return;
        };
        let core = &mut self.base.core;
        let n = core.tally.n() as u32;
        // Pass one: the fewest attackers, and how many columns have them;
        // pass two: the chosen one of them.
        let (least, ties) = core.tally.row_least(row);
        let pick = core.rng.below(ties);
        let (target, looked) = core.tally.row_pick(row, least, pick);
        core.counters.checks += u64::from(looked) + u64::from(n);
        if target == core.tally.queens()[row] {
            core.last = Last::at(StepKind::Stay, row, target);
            return;
        }
        let lone = core.tally.move_queen(row, target);
        core.counters.moves += 1;
        core.last = Last::at(StepKind::Move, row, target);
        if lone.iter().any(|&l| l) {
            self.list_partners(row, target, lone);
        }
    }

    /// Lists the queens that stood alone on a line `row`'s queen has just
    /// joined at `col`: they are attacked now.
    fn list_partners(&mut self, row: usize, col: u32, lone: [bool; 3]) {
        let Repair { core, suspects, .. } = &mut self.base;
        let (down, up) = (row + col as usize, row as i64 - i64::from(col));
        for (other, &c) in core.tally.queens().iter().enumerate() {
            let shares = (lone[0] && c == col)
                || (lone[1] && other + c as usize == down)
                || (lone[2] && other as i64 - i64::from(c) == up);
            if shares && other != row {
                suspects.insert(other);
            }
        }
        core.counters.checks += core.tally.n() as u64;
    }
}

impl Engine for MinConflicts {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<MinConflicts, Error> {
        check_size(&INFO, n)?;
        Ok(MinConflicts {
            base: Repair::new(n, seed)?,
            phase: Phase::Placing,
        })
    }

    fn step(&mut self) -> bool {
        match self.phase {
            Phase::Solved => return false,
            Phase::Placing if self.base.place() => self.phase = Phase::Survey,
            Phase::Placing => {}
            Phase::Survey => self.survey(),
            Phase::Repairing if self.base.out_of_time() => {
                self.base.restart();
                self.phase = Phase::Placing;
            }
            Phase::Repairing => self.repair(),
        }
        if self.base.core.stepped() {
            self.phase = Phase::Solved;
        }
        true
    }

    fn line(event: StepKind) -> usize {
        match event {
            StepKind::Survey => 1,
            StepKind::Restart => 3,
            StepKind::Stay => 5,
            StepKind::Move => 6,
            _ => 0,
        }
    }

    /// After a repair, the squares of its row that the fewest queens attack:
    /// the ones it chose among (a queen's own row's counts do not depend on
    /// where in the row it stands).
    fn candidates(&self) -> Option<(usize, Vec<usize>)> {
        let last = self.base.core.last;
        if !matches!(last.event, StepKind::Move | StepKind::Stay) {
            return None;
        }
        let row = last.row?;
        let tally = &self.base.core.tally;
        let counts: Vec<u32> = (0..tally.n() as u32)
            .map(|c| tally.attackers(row, c))
            .collect();
        let least = *counts.iter().min()?;
        Some((
            row,
            (0..counts.len()).filter(|&c| counts[c] == least).collect(),
        ))
    }

    core_at!(base.core);

    /// A survey is min-conflicts' own step: the other kinds are said as
    /// the engines share them.
    fn sentence(&self, event: StepKind) -> String {
        let core = &self.base.core;
        match event {
            StepKind::Survey => {
                let attacked = (0..core.tally.placed())
                    .filter(|&row| core.tally.attacked(row))
                    .count();
                format!(
                    "Listed the attacked queens: {} of them; {}.",
                    grouped(attacked as u64),
                    words::left(core)
                )
            }
            _ => words::said(core, event),
        }
    }
}
