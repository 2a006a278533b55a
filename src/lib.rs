//! The N-Queens search, made visible: a steppable solver core for WebAssembly.
//!
//! `board` has the bit sets, `limits` the board sizes the searches are built
//! for, the seeds' range and the defaults (each named once), `algorithms`
//! the searches as state machines (those that find every solution, from the
//! source write-ups, and those that find one at any N, on the engines of
//! `algorithms::find_one`; `ALGORITHMS` lists them), `session` adds time
//! travel over them, `view` turns a state into cells to draw, `runs`
//! measures many seeded runs, `count` counts solutions fast without drawing,
//! and `wasm` is the only module that knows about JavaScript. See
//! ARCHITECTURE.md.
//!
//! The modules depend one way, each using only those before it: the order
//! is stated once, in ARCHITECTURE.md ("Modules depend one way"), and
//! `tests/lint/rooms.test.mjs` checks every `crate::` path against it.

pub mod algorithms;
pub mod board;
pub mod count;
pub mod deduce;
mod error;
pub mod limits;
pub mod puzzle;
pub mod regions;
pub mod runs;
pub mod session;
pub mod source_loops;
pub mod tree;
pub mod view;
pub mod wasm;

pub use error::Error;
