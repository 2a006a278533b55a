//! The N-Queens search, made visible: a steppable solver core for WebAssembly.
//!
//! `algorithms` holds the five seed searches as state machines, `session` adds
//! time travel over them, `view` turns a state into cells to draw, and `wasm` is
//! the only module that knows about JavaScript.

pub mod algorithms;
pub mod board;
pub mod count;
pub mod session;
pub mod view;
pub mod wasm;
