//! The native tests of the core, one test program: each module below is a
//! file of `tests/`, and `common` is the slow, obvious truth they share.
//! Built as one program, the crate's generic searches are compiled and
//! linked once for all of them (`tests/web.rs`, the wasm API in a browser,
//! is the other test program).
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod cli;
mod contract;
mod count;
mod deduce;
mod find_one;
mod puzzle;
mod race;
mod refusals;
mod regions;
mod runs;
mod seeded_runs;
mod sliced_seek;
mod solver;
mod source_loops;
mod space;
mod tree;
