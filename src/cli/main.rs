//! `nqueens`: count mode's core on the command line, natively, on every core
//! of one machine or in pieces on many (docs/cluster.md).
//!
//! ```text
//! nqueens count N [--threads T] [--method M]   every solution of N, with the classes
//! nqueens plan N --pieces K [--method M]       N's plan as JSON lines, one a piece
//! nqueens piece FILE ID [--threads T]          counts one piece of a plan: one JSON line
//! nqueens join FILES...                        adds the pieces' results
//! ```
//!
//! The pieces are count mode's own (`nqueens::count::shares`). Bad input is
//! a sentence on stderr and exit status 1 (2 for a malformed command line),
//! never a panic.

// The program is native: built for wasm32 (as `cargo clippy --all-targets
// --target wasm32-unknown-unknown` and the wasm tests build every target) it
// is an empty one, and serde_json, a native-only dependency, is not needed.
#[cfg(not(target_arch = "wasm32"))]
mod program;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    program::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
