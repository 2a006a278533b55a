//! The algorithms as steppable state machines, in three layers whose
//! imports run one way:
//!
//! 1. the vocabulary below every search: [`info`] (what a search is, without
//!    running it: [`AlgorithmInfo`] and the rules the catalogue checks) and
//!    [`vocabulary`] (the [`Algorithm`] trait and its contract, [`Counters`],
//!    [`StepKind`], [`LastStep`], [`BoardView`], the registers, [`run_steps`]);
//! 2. the searches, each in its own file, on what they share:
//!    [`depth_first`] and [`whole_board`] (the books of the searches for
//!    every solution), [`mod@find_one`] (the engines of the searches for one
//!    solution) and [`one_solution`] (an engine as a steppable `Algorithm`);
//! 3. the [`catalogue`] above them: the one list (`catalogued!`), from which
//!    come [`ALGORITHMS`], [`FAMILY`], [`Solver`], [`AnyEngine`], [`find`] and
//!    [`find_one()`].
//!
//! A search imports the vocabulary and what the searches share, never the
//! catalogue. This module only declares the modules (each search's from the
//! list) and re-exports, so that `algorithms::ALGORITHMS`,
//! `algorithms::Solver` and the like name the same things wherever they
//! live. Adding an algorithm: a new file and one line in the list in
//! [`catalogue`].

#[macro_use]
pub mod catalogue;
pub mod depth_first;
pub mod find_one;
pub mod info;
pub mod one_solution;
pub mod vocabulary;
pub mod whole_board;

// `pub mod brute_force;` and the rest: one module for each listed search.
catalogued!(declare_searches);

pub use catalogue::{find, find_one, find_one_info, AnyEngine, Solver, ALGORITHMS, FAMILY};
pub use info::{AlgorithmInfo, Bound, Goal, SearchSpace};
pub use one_solution::OneSolution;
pub use vocabulary::{
    run_steps, Algorithm, BoardView, Counters, LastStep, Register, RegisterRole, RegisterValue,
    StepKind,
};
