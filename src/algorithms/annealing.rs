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

use super::info::{AlgorithmInfo, Bound};
use super::one_solution::{BASE, GLOSSARY};
use super::vocabulary::{Register, RegisterValue};
use crate::algorithms::find_one::rng::exp_neg;
use crate::algorithms::find_one::{check_size, core_at, Core, Engine, Last};
use crate::algorithms::vocabulary::StepKind;
use crate::error::Error;

pub const ID: &str = "annealing";

/// The temperature at the start of a schedule.
pub const T_START: f64 = 0.5;
/// The temperature below which a schedule has run out.
pub const T_END: f64 = 0.02;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: ID,
    name: "Simulated annealing",
    find_max_n: 1_000,
    description: "Simulated annealing (Kirkpatrick, Gelatt and Vecchi, 1983) from a random board. Each step \
        proposes moving a random queen to a random other column of its row: a move that adds \
        no attacking pairs is made, one that adds Δ is made with chance e^(−Δ/T). T starts at \
        0.5 and is multiplied by 1 − 1/(4N²) every step; when it falls below 0.02 without a \
        solution, a restart takes a fresh random board and T = 0.5 again. A solution at N = \
        1,000 takes about 11 million steps, so Solve big stops there. It cannot prove that no \
        solution exists.",
    step_is: "one proposed move of a random queen to a random column of its row, made if it \
              adds no conflicts, or by a chance that falls with the temperature",
    move_is: "One move is a proposal that is made: the queen goes to the other column. A \
        proposal turned down is a step but no move.",
    most_checks: Bound {
        squares: 0,
        queens: 0,
        constant: 2,
        least: 0,
    },
    pseudocode: &[
        "board = a random queen in each row; T = 0.5",
        "while some queens attack each other:      # pairs > 0",
        "    if T < 0.02: restart from a random board; T = 0.5   # restarts += 1",
        "    pick a random queen and a random other column of its row",
        "    Δ = conflicts there − conflicts here   # attackers, from the columns, down diagonals and up diagonals tallies",
        "    if Δ ≤ 0 or random() < e^(−Δ/T): move the queen",
        "    T = T · (1 − 1/(4N²))",
    ],
    glossary: &[
        GLOSSARY[0],
        GLOSSARY[1],
        GLOSSARY[2],
        GLOSSARY[3],
        GLOSSARY[4],
        GLOSSARY[5],
        (
            "T",
            "the temperature: a move that adds Δ attacking pairs is made with chance e^(−Δ/T), \
            so the cooler, the fewer bad moves; below 0.02 the search restarts",
        ),
    ],
    ..BASE
};

/// Simulated annealing with geometric cooling and restarts.
#[derive(Clone, Debug)]
pub struct Annealing {
    core: Core,
    temperature: f64,
    cooling: f64,
}

impl Annealing {
    /// The temperature now.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    fn propose(&mut self) {
        let Core {
            tally,
            rng,
            counters,
            last,
        } = &mut self.core;
        let n = tally.n() as u32;
        let row = rng.below(n) as usize;
        let here = tally.queens()[row];
        let mut col = rng.below(n - 1);
        if col >= here {
            col += 1;
        }
        let change = i64::from(tally.attackers(row, col)) - i64::from(tally.attackers(row, here));
        counters.checks += 2;
        let take = change <= 0 || rng.unit() < exp_neg(change as f64 / self.temperature);
        *last = if take {
            tally.move_queen(row, col);
            counters.moves += 1;
            Last::at(StepKind::Move, row, col)
        } else {
            Last::at(StepKind::Stay, row, col)
        };
        self.temperature *= self.cooling;
    }
}

impl Engine for Annealing {
    const INFO: AlgorithmInfo = INFO;

    fn new(n: usize, seed: u64) -> Result<Annealing, Error> {
        check_size(&INFO, n)?;
        let squares = (n * n) as f64;
        Ok(Annealing {
            core: Core::random(n, seed)?,
            temperature: T_START,
            cooling: 1.0 - 1.0 / (4.0 * squares),
        })
    }

    fn step(&mut self) -> bool {
        if self.core.tally.is_solution() {
            return false;
        }
        if self.temperature < T_END {
            self.core.restart_random();
            self.temperature = T_START;
        } else {
            self.propose();
        }
        self.core.stepped();
        true
    }

    fn registers(&self) -> Vec<Register> {
        vec![Register::new(
            "",
            "T",
            RegisterValue::Real(self.temperature),
        )]
    }

    fn line(event: StepKind) -> usize {
        match event {
            StepKind::Restart => 2,
            StepKind::Stay => 4,
            StepKind::Move => 5,
            _ => 0,
        }
    }

    core_at!(core);
}
