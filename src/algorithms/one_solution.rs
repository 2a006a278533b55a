//! A search for one solution as a steppable [`Algorithm`]: an
//! [`Engine`] in [`OneSolution`], which adds what stepping needs and the
//! fast path does not (the queens that landed on each row, the step kinds,
//! the board, registers and the first and last sentences the page shows).
//! The fast path by id, `find_one`, is the catalogue's.

use super::info::{AlgorithmInfo, Bound, Goal, SearchSpace};
use super::vocabulary::{
    Algorithm, BoardView, Counters, LastStep, Register, RegisterValue, StepKind,
};
use crate::algorithms::find_one::{Engine, READS_A_SQUARE};
use crate::error::grouped;
use crate::limits::STEP_MAX_N;

/// What the searches for one solution share, for their `INFO`s to take the
/// rest from (`..one_solution::BASE`): goal one, stepped from N = 4 to
/// `STEP_MAX_N`, seeded, no books over the N^N boards, no fixed queens, and
/// checks that read the tallies. Not an algorithm: its id is empty.
pub const BASE: AlgorithmInfo = AlgorithmInfo {
    id: "",
    name: "",
    source: "",
    goal: Goal::One,
    min_n: 4,
    max_n: STEP_MAX_N,
    find_max_n: STEP_MAX_N,
    seeded: true,
    space: SearchSpace::Unaccounted,
    takes_fixed_queens: false,
    description: "",
    step_is: "",
    check_is: READS_A_SQUARE,
    placement_is: "",
    move_is: "",
    conflicts_note: "A local search cannot prove that a board has no solution: it only stops \
        when it finds one.",
    glossary: GLOSSARY,
    most_checks: Bound {
        squares: 0,
        queens: 0,
        constant: 0,
        least: 0,
    },
    pseudocode: &[],
};

/// The registers every search for one solution shows
/// ([`OneSolution::registers`]), with what each holds.
pub const GLOSSARY: &[(&str, &str)] = &[
    (
        "attackers",
        "for each square of the row the last step worked on, how many queens attack \
        it; the column chosen is marked",
    ),
    (
        "columns",
        "how many queens stand on each column (boards up to 64)",
    ),
    (
        "down diagonals",
        "how many queens stand on each down diagonal, row + column (boards up to 64)",
    ),
    (
        "up diagonals",
        "how many queens stand on each up diagonal, column − row + N − 1 (boards up \
        to 64)",
    ),
    (
        "pairs",
        "how many pairs of queens attack each other now: 0 is a solution",
    ),
    (
        "restarts",
        "how many times the search gave up on its board and started again",
    ),
];

/// What `each` of [`OneSolution::run_watched`] is called with after every
/// step: the counters and the attacking pairs.
pub type Watch<'a> = &'a mut dyn FnMut(&Counters, u64);

/// The largest board whose line tallies (columns and both diagonals) the
/// registers show; past it, only the counts of the current row.
pub const TALLIES_MAX_N: usize = 64;

/// The most bytes a clone of a [`OneSolution`] keeps on the heap per queen:
/// the tally's 24, the landings' 8, and an engine's own at most 12 (the
/// restarts' column orders).
pub const HEAP_BYTES_PER_QUEEN: usize = 44;

/// An engine stepped in a session.
#[derive(Clone, Debug)]
pub struct OneSolution<E> {
    engine: E,
    /// For each row, how many times a queen landed on it (placed, moved or
    /// swapped there) since the start.
    landed: Vec<u64>,
}

impl<E: Engine> OneSolution<E> {
    pub fn new(mut engine: E) -> OneSolution<E> {
        let n = engine.tally().n();
        // A first board that is already a solution is the one solution, found at step 0.
        if engine.is_solved() {
            engine.core_mut().counters.solutions = 1;
        }
        OneSolution {
            engine,
            landed: vec![0; n],
        }
    }

    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// Books the step just taken: the rows a queen landed on.
    #[inline]
    fn book(&mut self) {
        let last = self.engine.last();
        if !last.event.lands_a_queen() {
            return;
        }
        let rows = [last.row, last.other];
        let core = self.engine.core_mut();
        for row in rows.into_iter().flatten() {
            self.landed[row] += 1;
            core.counters.placements += 1;
        }
    }

    /// `run` with `each` called after every step with the counters and the
    /// attacking pairs.
    pub fn run_watched(&mut self, max: u64, stop: bool, each: Watch) -> u64 {
        let mut taken = 0;
        while taken < max && self.step() {
            taken += 1;
            let core = self.engine.core();
            each(&core.counters, core.tally.pairs());
            if stop && core.counters.solutions > 0 {
                break;
            }
        }
        taken
    }

    fn kind(&self) -> StepKind {
        let event = self.engine.last().event;
        if event != StepKind::Start && self.engine.is_solved() {
            StepKind::Solution
        } else {
            event
        }
    }

    /// The sentence about the last step: the first and the last are every
    /// engine's; the engine says the others ([`Engine::sentence`]).
    fn sentence(&self) -> String {
        let info = &E::INFO;
        let core = self.engine.core();
        let n = core.tally.n();
        match self.kind() {
            StepKind::Start if self.engine.is_solved() => format!(
                "Solved at the start: {}'s first {n}×{n} board is already a solution, no two \
                 of its {} queens attacking each other.",
                info.name,
                grouped(n as u64)
            ),
            StepKind::Start => format!(
                "Ready: {}, {n}×{n} board. Each step is {}.",
                info.name, info.step_is
            ),
            StepKind::Solution => format!(
                "Solved after {} and {}: no two of the {} queens attack each other.",
                counted(core.counters.steps, "step", "steps"),
                counted(core.counters.restarts, "restart", "restarts"),
                grouped(n as u64)
            ),
            kind => self.engine.sentence(kind),
        }
    }
}

impl<E: Engine> Algorithm for OneSolution<E> {
    #[inline]
    fn step(&mut self) -> bool {
        if !self.engine.step() {
            return false;
        }
        self.book();
        true
    }

    fn is_done(&self) -> bool {
        self.engine.is_solved()
    }

    fn counters(&self) -> &Counters {
        self.engine.counters()
    }

    fn last_step(&self) -> LastStep {
        let last = self.engine.last();
        if last.event == StepKind::Start {
            return LastStep::START;
        }
        LastStep {
            kind: self.kind(),
            line: Some(E::line(last.event)),
            square: last.row.zip(last.col.map(|c| c as usize)),
        }
    }

    fn board(&self) -> BoardView {
        let tally = self.engine.tally();
        let mut view = BoardView::empty(tally.n());
        for (row, &col) in tally.queens().iter().enumerate() {
            view.queens[row] = col as i32;
        }
        view.probe = self.last_step().square;
        view.candidates = self.engine.candidates();
        view.every_conflict = true;
        view
    }

    /// The attackers of each square of the last step's row (the chosen
    /// column marked), and for boards up to [`TALLIES_MAX_N`] the queens on
    /// each column and diagonal; the attacking pairs and restarts.
    fn registers(&self) -> Vec<Register> {
        let core = self.engine.core();
        let tally = &core.tally;
        let n = tally.n();
        let mut registers = Vec::new();
        if let (Some(row), Some(col)) = (core.last.row, core.last.col) {
            let values = (0..n as u32)
                .map(|c| tally.attackers(row, c) as i32)
                .collect();
            registers.push(Register::new(
                format!("row {}", row + 1),
                "attackers",
                RegisterValue::Counts {
                    values,
                    highlight: Some(col as usize),
                },
            ));
        }
        if n <= TALLIES_MAX_N {
            let (cols, downs, ups) = tally.lines();
            for (name, line) in [
                ("columns", &cols[..]),
                ("down diagonals", &downs[..]),
                ("up diagonals", &ups[..]),
            ] {
                let values = line.iter().map(|&c| c as i32).collect();
                registers.push(Register::new(
                    "tallies",
                    name,
                    RegisterValue::Counts {
                        values,
                        highlight: None,
                    },
                ));
            }
        }
        registers.push(Register::new(
            "",
            "pairs",
            RegisterValue::Number(tally.pairs()),
        ));
        registers.push(Register::new(
            "",
            "restarts",
            RegisterValue::Number(core.counters.restarts),
        ));
        registers.extend(self.engine.registers());
        registers
    }

    fn nodes_by_depth(&self) -> Vec<u64> {
        self.landed.clone()
    }

    fn message(&self) -> Option<String> {
        Some(self.sentence())
    }

    fn heap_bytes(&self) -> usize {
        self.landed.len() * HEAP_BYTES_PER_QUEEN
    }
}

/// "1 step", "2 steps", "1,000 steps": a count with its noun, singular only for one.
fn counted(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(count))
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn a_count_of_one_takes_the_singular() {
        assert_eq!(counted(1, "restart", "restarts"), "1 restart");
        assert_eq!(counted(0, "restart", "restarts"), "0 restarts");
        assert_eq!(counted(2, "step", "steps"), "2 steps");
        assert_eq!(counted(1_000, "step", "steps"), "1,000 steps");
    }
}
