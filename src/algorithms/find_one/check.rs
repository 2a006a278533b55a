//! The independent judge of a finished board: one queen per row given as its
//! column, checked with plain marks per column and diagonal, sharing nothing
//! with the engines' tallies. O(N) time, 5 bytes of marks per queen.

/// Ok when `queens` (the column of each row's queen) puts N queens on an N×N
/// board with no two attacking; otherwise a sentence naming the first clash.
pub fn verify(queens: &[u32]) -> Result<(), String> {
    let n = queens.len();
    let mut col_used = vec![false; n];
    let mut sum_used = vec![false; 2 * n];
    let mut diff_used = vec![false; 2 * n];
    for (row, &col) in queens.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Err(format!(
                "Row {} has its queen on column {}, off the {n}×{n} board.",
                row + 1,
                col + 1
            ));
        }
        let (sum, diff) = (row + col, row + n - col);
        let line = if col_used[col] {
            Some("column")
        } else if sum_used[sum] || diff_used[diff] {
            Some("diagonal")
        } else {
            None
        };
        if let Some(line) = line {
            return Err(format!(
                "The queen on row {}, column {} shares a {line} with a queen above it.",
                row + 1,
                col + 1
            ));
        }
        col_used[col] = true;
        sum_used[sum] = true;
        diff_used[diff] = true;
    }
    Ok(())
}
