//! What the page draws, derived from a [`BoardView`]: one flag byte per cell,
//! each queen's attackers, and a sentence about the last step for the status
//! line and screen readers.

use crate::algorithms::info::AlgorithmInfo;
use crate::algorithms::vocabulary::{BoardView, Counters, LastStep, StepKind};
use crate::board::attacks;

/// A queen stands here.
pub const QUEEN: u8 = 1;
/// Some placed queen's row, column or diagonal runs through here.
pub const THREATENED: u8 = 2;
/// The last step tested, placed or removed a queen here.
pub const PROBED: u8 = 4;
/// The probed square and the queens attacking it, when it is attacked; for
/// a search for one solution, every queen another attacks.
pub const CONFLICT: u8 = 8;
/// A queen of the board under test that is not placed yet.
pub const GHOST: u8 = 16;
/// A square still to be tried in the current row (min-conflicts: one of the
/// row's least attacked squares, which the step chose among).
pub const CANDIDATE: u8 = 32;

/// How many queens attack each row's queen (0 where a row has none), from
/// `queens` (each row's column or -1), by counting the queens on each line:
/// O(N).
pub fn queen_conflicts(queens: &[i32]) -> Vec<i32> {
    let n = queens.len();
    let mut cols = vec![0i32; n];
    let mut downs = vec![0i32; 2 * n];
    let mut ups = vec![0i32; 2 * n];
    let lines = |row: usize, col: i32| (col as usize, row + col as usize, row + n - col as usize);
    for (row, &col) in queens.iter().enumerate() {
        if (0..n as i32).contains(&col) {
            let (c, d, u) = lines(row, col);
            cols[c] += 1;
            downs[d] += 1;
            ups[u] += 1;
        }
    }
    // Rows hold one queen each, so a row's other queens share no line with it.
    queens
        .iter()
        .enumerate()
        .map(|(row, &col)| {
            if (0..n as i32).contains(&col) {
                let (c, d, u) = lines(row, col);
                cols[c] + downs[d] + ups[u] - 3
            } else {
                0
            }
        })
        .collect()
}

/// The attacking pairs among `queens`: each pair attacks both its queens.
pub fn conflicts(queens: &[i32]) -> u64 {
    queen_conflicts(queens)
        .iter()
        .map(|&k| k as u64)
        .sum::<u64>()
        / 2
}

/// The flag byte of every cell, row-major.
pub fn cells(view: &BoardView) -> Vec<u8> {
    let n = view.n;
    let mut cells = vec![0u8; n * n];
    // Mark lines once, then read them per cell: O(n²), not O(n³).
    let mut rows = vec![false; n];
    let mut cols = vec![false; n];
    let mut downs = vec![false; 2 * n]; // row + col
    let mut ups = vec![false; 2 * n]; // row - col + n
    for (row, &col) in view.queens.iter().enumerate() {
        if col >= 0 {
            let col = col as usize;
            rows[row] = true;
            cols[col] = true;
            downs[row + col] = true;
            ups[row + n - col] = true;
            cells[row * n + col] |= QUEEN;
        }
    }
    for row in 0..n {
        for col in 0..n {
            if rows[row] || cols[col] || downs[row + col] || ups[row + n - col] {
                cells[row * n + col] |= THREATENED;
            }
        }
    }
    for (row, &col) in view.ghosts.iter().enumerate() {
        if col >= 0 {
            cells[row * n + col as usize] |= GHOST;
        }
    }
    if let Some((row, columns)) = &view.candidates {
        for &col in columns {
            cells[row * n + col] |= CANDIDATE;
        }
    }
    if view.every_conflict {
        for (row, attackers) in queen_conflicts(&view.queens).into_iter().enumerate() {
            if attackers > 0 {
                cells[row * n + view.queens[row] as usize] |= CONFLICT;
            }
        }
    }
    if let Some(probe) = view.probe {
        cells[probe.0 * n + probe.1] |= PROBED;
        let attackers = attackers(view, probe);
        if !attackers.is_empty() {
            cells[probe.0 * n + probe.1] |= CONFLICT;
            for (row, col) in attackers {
                cells[row * n + col] |= CONFLICT;
            }
        }
    }
    cells
}

/// The placed queens, other than one on `square` itself, that attack `square`.
pub fn attackers(view: &BoardView, square: (usize, usize)) -> Vec<(usize, usize)> {
    view.queens
        .iter()
        .enumerate()
        .filter(|&(_, &col)| col >= 0)
        .map(|(row, &col)| (row, col as usize))
        .filter(|&queen| queen != square && attacks(queen, square))
        .collect()
}

/// Numbers in sentences are grouped by threes (`error.rs` holds the one way).
pub use crate::error::grouped;

/// One sentence about the last step, 1-based rows and columns as people count.
pub fn message(
    info: &AlgorithmInfo,
    last: &LastStep,
    view: &BoardView,
    counters: &Counters,
) -> String {
    let mut text = sentence(info, last, view, counters);
    if let Some(first) = text.get(..1) {
        let upper = first.to_ascii_uppercase();
        text.replace_range(..1, &upper);
    }
    text
}

fn sentence(
    info: &AlgorithmInfo,
    last: &LastStep,
    view: &BoardView,
    counters: &Counters,
) -> String {
    let n = view.n;
    let at = |(row, col): (usize, usize)| format!("row {}, column {}", row + 1, col + 1);
    let whole_boards = info.space.tests_whole_boards();
    let board_prefix = if whole_boards {
        format!("Board {}: ", grouped(counters.steps))
    } else {
        String::new()
    };
    let ready = || {
        format!(
            "Ready: {}, {n}×{n} board. Each step is {}.",
            info.name, info.step_is
        )
    };
    // Only the state after reset() has no square.
    let Some(square) = last.square else {
        return ready();
    };
    match last.kind {
        StepKind::Start => ready(),
        StepKind::Place => format!("Placed a queen on {}.", at(square)),
        StepKind::Reject => {
            let by = attackers(view, square);
            let subject = if whole_boards {
                format!("the queen on {}", at(square))
            } else {
                at(square).to_string()
            };
            match by.first() {
                Some(&queen) => format!(
                    "{board_prefix}{subject} is attacked by the queen on {}.",
                    at(queen)
                ),
                None => format!("{board_prefix}{subject} is attacked."),
            }
        }
        StepKind::Solution => {
            let columns: Vec<String> = view.queens.iter().map(|c| (c + 1).to_string()).collect();
            format!(
                "{board_prefix}solution {} found: columns {} from the top row down.",
                grouped(counters.solutions),
                columns.join(" ")
            )
        }
        // The last row's queen comes off after a solution: no row below it ran out.
        StepKind::Backtrack if square.0 + 1 >= n => format!(
            "The solution is counted: took the queen off {} to look for the next one.",
            at(square)
        ),
        StepKind::Backtrack => {
            format!(
                "Row {} has nothing left to try: took the queen off {}.",
                square.0 + 2,
                at(square)
            )
        }
        // The searches for one solution say their own sentences
        // (`Algorithm::message`), as may any search with a kind of step of
        // its own; a kind no search says is named by its id.
        other => format!("A {} step on {}.", other.id(), at(square)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::RowMask;

    #[test]
    fn threats_conflicts_and_candidates_are_flagged() {
        let mut view = BoardView::empty(4);
        view.queens[0] = 1;
        view.queens[1] = 3;
        view.probe = Some((1, 3));
        view.candidates = Some((2, RowMask::column(0).into_iter().collect()));
        let cells = cells(&view);
        assert_eq!(cells[1] & QUEEN, QUEEN);
        // (1,3) is not attacked by (0,1): no conflict, only the probe.
        assert_eq!(cells[4 + 3], QUEEN | THREATENED | PROBED);
        // (2,0): column 0 is free, but the anti-diagonal of (0,1)... (0,1)->(1,0) only.
        assert_eq!(cells[8] & THREATENED, 0);
        assert_eq!(cells[8] & CANDIDATE, CANDIDATE);
        // (3,1) shares column 1 with the first queen.
        assert_eq!(cells[12 + 1] & THREATENED, THREATENED);
    }

    #[test]
    fn attacked_probe_marks_its_attackers() {
        let mut view = BoardView::empty(4);
        view.queens[0] = 0;
        view.queens[1] = 1;
        view.probe = Some((1, 1));
        let cells = cells(&view);
        assert_eq!(cells[0] & CONFLICT, CONFLICT);
        assert_eq!(cells[5] & (CONFLICT | PROBED), CONFLICT | PROBED);
    }
}
