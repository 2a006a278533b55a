//! The N-Queens search, made visible: a steppable solver core for WebAssembly.
//!
//! `board` has the bit sets, `limits` the board sizes the searches are built
//! for (each named once), `algorithms` the five seed searches as state
//! machines, `session` adds time travel over them, `view` turns a state into
//! cells to draw, `count` counts solutions fast without drawing, `find_one`
//! has the searches that look for one solution at any N, and `wasm` is
//! the only module that knows about JavaScript. See ARCHITECTURE.md.

pub mod algorithms;
pub mod board;
pub mod count;
mod error;
pub mod limits;
pub mod puzzle;
pub mod runs;
pub mod session;
pub mod tree;
pub mod view;
pub mod wasm;

pub use error::Error;
