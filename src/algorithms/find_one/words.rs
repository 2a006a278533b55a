//! The sentences about a step that the searches for one solution share: a
//! queen placed, moved or kept where it was, a restart, and what every
//! sentence ends with ([`left`]). [`said`] is [`super::Engine::sentence`]'s
//! default; an engine with a kind of step of its own (a survey, a sideways
//! move, a swap, a backtrack) says it in its own file and passes the other
//! kinds on to [`said`]. The first sentence ("Ready: …") and the last
//! ("Solved after …") are every engine's, said by `OneSolution`.

use super::{Core, StepKind};
use crate::error::grouped;

/// The sentence about the last step, of kind `event`, as the engines share
/// them; a kind of step no engine shares is named by its id.
pub fn said(core: &Core, event: StepKind) -> String {
    match event {
        StepKind::Place => placed(core),
        StepKind::Move => moved(core),
        StepKind::Stay => stayed(core),
        StepKind::Restart => restarted(core),
        other => format!("A {} step on {}; {}.", other.id(), square(core), left(core)),
    }
}

/// "3 attacking pairs left", "1 attacking pair left".
pub fn left(core: &Core) -> String {
    match core.tally.pairs() {
        1 => "1 attacking pair left".to_string(),
        pairs => format!("{} attacking pairs left", grouped(pairs)),
    }
}

/// "row 2, column 5": the last step's square, counted from 1.
pub fn at(row: usize, col: u32) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// The last step's row and column (0 where it had none).
pub fn row_col(core: &Core) -> (usize, u32) {
    (core.last.row.unwrap_or(0), core.last.col.unwrap_or(0))
}

/// The last step's square, as [`at`] writes it.
fn square(core: &Core) -> String {
    let (row, col) = row_col(core);
    at(row, col)
}

/// A queen put on the board, and how many attack it there.
pub fn placed(core: &Core) -> String {
    let (row, col) = row_col(core);
    match core.tally.attackers(row, col) {
        0 => format!("Placed a queen on {}; no queen attacks it.", at(row, col)),
        1 => format!("Placed a queen on {}; 1 queen attacks it.", at(row, col)),
        k => format!("Placed a queen on {}; {k} queens attack it.", at(row, col)),
    }
}

/// A queen moved to another column of its row.
pub fn moved(core: &Core) -> String {
    let (row, col) = row_col(core);
    format!(
        "Moved the queen of row {} to column {}; {}.",
        row + 1,
        col + 1,
        left(core)
    )
}

/// A move considered and not made: nothing to repair, no better square, or
/// a square that would add conflicts.
pub fn stayed(core: &Core) -> String {
    let (row, col) = row_col(core);
    let here = core.tally.queens().get(row).copied();
    if core.last.row.is_none() {
        format!("Nothing to repair; {}.", left(core))
    } else if here == Some(col) {
        format!(
            "The queen of row {} stays on column {}: no square of its row is attacked \
             less; {}.",
            row + 1,
            col + 1,
            left(core)
        )
    } else {
        format!(
            "Did not move the queen of row {} to column {}: it would add conflicts; {}.",
            row + 1,
            col + 1,
            left(core)
        )
    }
}

/// The board given up for a fresh one.
pub fn restarted(core: &Core) -> String {
    format!(
        "Restart {}: gave the board up for a fresh one.",
        grouped(core.counters.restarts)
    )
}
