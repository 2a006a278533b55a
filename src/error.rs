//! The core's one error type: everything a caller can ask for that the core
//! must refuse, each with a sentence a person understands. The core takes
//! plain integers; reading JavaScript values is `wasm`'s job.

use std::fmt;

// The type alone, not the catalogue: the errors that list algorithms carry
// the list, so that the modules below the catalogue (puzzle, whose
// `FixedQueens` the searches take) can return an `Error` without a cycle.
use crate::algorithms::info::AlgorithmInfo;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No algorithm has this id; `known` is the catalogue, to choose from.
    UnknownAlgorithm {
        id: String,
        known: &'static [AlgorithmInfo],
    },
    /// The algorithm cannot search an n×n board.
    SizeOutOfRange {
        algorithm: &'static AlgorithmInfo,
        n: usize,
    },
    /// A seek past the end of the search, once the end is known.
    PastTheEnd { requested: u64, end: u64 },
    /// A board size outside what puzzles and fixed queens take.
    BoardSizeOutOfRange { n: usize, max: usize },
    /// A square number that is not on the n×n board.
    SquareOffBoard { square: usize, n: usize },
    /// A square number that is not on the n×n regions board (said in the
    /// words the regions exports have always used).
    SquareOffRegionsBoard { square: usize, n: usize },
    /// A regions board size outside `min..=max`.
    RegionsSizeOutOfRange { n: usize, min: usize, max: usize },
    /// A region map whose length is not n².
    RegionMapLength { n: usize, got: usize },
    /// A region number of n or more, on `square`.
    RegionNumberOutOfRange { n: usize, square: usize, id: usize },
    /// A region of the n regions with no square.
    EmptyRegion { n: usize, region: usize },
    /// The same square given twice.
    RepeatedSquare { row: usize, col: usize },
    /// The same square marked as ruled out twice.
    RepeatedMark { row: usize, col: usize },
    /// A square given as a queen and also marked as ruled out.
    QueenRuledOut { row: usize, col: usize },
    /// Two fixed queens attack each other: no search can start from them.
    FixedQueensAttack {
        a: (usize, usize),
        b: (usize, usize),
    },
    /// This search cannot start from fixed queens; `known` is the
    /// catalogue, to name the ones that can.
    FixedQueensUnsupported {
        algorithm: &'static AlgorithmInfo,
        known: &'static [AlgorithmInfo],
    },
    /// A seek further past the furthest step reached than one call may go.
    TooFarAhead {
        requested: u64,
        furthest: u64,
        reach: u64,
    },
    /// `find_one` does not take an n×n board for this search (outside its
    /// `min_n..=find_max_n`).
    FindSizeOutOfRange {
        algorithm: &'static AlgorithmInfo,
        n: usize,
    },
    /// N = 2 or 3: no solution exists to construct.
    NoSolution { n: usize },
    /// The memory for an n×n board (`bytes` of it) was refused: a browser
    /// that will not grow the module's memory that far.
    OutOfMemory { n: usize, bytes: u64 },
    /// `find_one` was asked for a search for every solution.
    NotFindOne { algorithm: &'static AlgorithmInfo },
    /// A seek by work (a race's clock) that would go further past the
    /// furthest step reached than one call may go.
    WorkTooFarAhead {
        work: &'static str,
        budget: u64,
        furthest: u64,
        reach: u64,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownAlgorithm { id, known } => {
                let known: Vec<&str> = known.iter().map(|a| a.id).collect();
                write!(
                    f,
                    "There is no algorithm called \"{id}\". Choose one of: {}.",
                    known.join(", ")
                )
            }
            Error::SizeOutOfRange { algorithm, n } => write!(
                f,
                "{}; N = {} is {} that range.",
                algorithm.range_text(),
                grouped(*n as u64),
                if *n < algorithm.min_n {
                    "below"
                } else {
                    "above"
                }
            ),
            Error::PastTheEnd { requested, end } => write!(
                f,
                "Step {requested} is past the end: this search is over after {end} steps."
            ),
            Error::BoardSizeOutOfRange { n, max } => write!(
                f,
                "Queens can be placed on boards from 1×1 to {max}×{max}; N = {n} is not in \
                 that range."
            ),
            Error::SquareOffBoard { square, n } => write!(
                f,
                "Square {square} is off the {n}×{n} board: squares are numbered row × {n} + \
                 column, from 0 to {}.",
                n * n - 1
            ),
            Error::SquareOffRegionsBoard { square, n } => write!(
                f,
                "Square {square} is not on the {n}×{n} board: squares run from 0 to {} (row × N \
                 + column).",
                n * n - 1
            ),
            Error::RegionsSizeOutOfRange { n, min, max } => write!(
                f,
                "Regions puzzles come in sizes from {min}×{min} to {max}×{max}; got N = {n}."
            ),
            Error::RegionMapLength { n, got } => write!(
                f,
                "The {n}×{n} board needs {} region numbers, one for each square (row × N + \
                 column); got {got}.",
                n * n
            ),
            Error::RegionNumberOutOfRange { n, square, id } => write!(
                f,
                "Region numbers on the {n}×{n} board run from 0 to {}; square {square} (row {}, \
                 column {}) has {id}.",
                n - 1,
                square / n + 1,
                square % n + 1
            ),
            Error::EmptyRegion { n, region } => write!(
                f,
                "The {n}×{n} board needs {n} regions, numbered 0 to {}, each with a square; \
                 region {region} has none.",
                n - 1
            ),
            Error::RepeatedSquare { row, col } => write!(
                f,
                "The square on row {}, column {} is given twice; each queen needs a square of \
                 its own.",
                row + 1,
                col + 1
            ),
            Error::RepeatedMark { row, col } => write!(
                f,
                "The square on row {}, column {} is marked as ruled out twice; list each \
                 square once.",
                row + 1,
                col + 1
            ),
            Error::QueenRuledOut { row, col } => write!(
                f,
                "The square on row {}, column {} holds a queen and is also marked as ruled \
                 out; a square can be only one of the two.",
                row + 1,
                col + 1
            ),
            Error::FixedQueensAttack { a, b } => write!(
                f,
                "The queens on row {}, column {} and row {}, column {} attack each other: no \
                 solution holds them both, so there is nothing for a search to finish.",
                a.0 + 1,
                a.1 + 1,
                b.0 + 1,
                b.1 + 1
            ),
            Error::FixedQueensUnsupported { algorithm, known } => {
                let able: Vec<&str> = known
                    .iter()
                    .filter(|a| a.takes_fixed_queens)
                    .map(|a| a.id)
                    .collect();
                write!(
                    f,
                    "{} ({}) cannot start from queens already on the board; {} can.",
                    algorithm.name,
                    algorithm.id,
                    able.join(" and ")
                )
            }
            Error::FindSizeOutOfRange { algorithm, n } => {
                let (min, max) = (algorithm.min_n, grouped(algorithm.find_max_n as u64));
                write!(
                    f,
                    "{} ({}) finds a solution on boards from {min}×{min} to {max}×{max}; \
                     N = {} is not in that range.",
                    algorithm.name,
                    algorithm.id,
                    grouped(*n as u64)
                )
            }
            Error::NoSolution { n } => write!(
                f,
                "No {n} queens can stand on a {n}×{n} board without attacking each other: \
                 N = 2 and N = 3 have no solution, so there is none to find."
            ),
            Error::OutOfMemory { n, bytes } => write!(
                f,
                "A board of {} queens needs about {} MB of memory, and it was refused (the \
                 browser or the device has no more to give this page): try a smaller N, or \
                 close other tabs and try again.",
                grouped(*n as u64),
                grouped(bytes.div_ceil(1_000_000))
            ),
            Error::NotFindOne { algorithm } => write!(
                f,
                "{} ({}) finds every solution, not one: findOne() and Finder take the \
                 searches for one solution (goal \"one\" in algorithms()).",
                algorithm.name, algorithm.id
            ),
            Error::TooFarAhead {
                requested,
                furthest,
                reach,
            } => write!(
                f,
                "Step {requested} is too far ahead to jump to in one call: this search has \
                 reached step {furthest} so far, and a jump goes at most {reach} steps past \
                 that. Use run() to go further a slice at a time."
            ),
            Error::WorkTooFarAhead {
                work,
                budget,
                furthest,
                reach,
            } => write!(
                f,
                "{budget} {work} is too far ahead to jump to in one call: this search has \
                 reached step {furthest} so far, and a jump goes at most {reach} steps past \
                 that. Use runWithin() to go further a slice at a time."
            ),
        }
    }
}

impl std::error::Error for Error {}

/// `1234567` as "1,234,567".
pub fn grouped(value: u64) -> String {
    grouped_wide(value.into())
}

/// As [`grouped`], for any `u128`.
pub fn grouped_wide(value: u128) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
