//! The slow, obvious truth the integration tests share: every non-attacking
//! partial board, found with nested loops and the plain attack rule
//! (`board::attacks`), sharing no bit tricks with the searches under test.
#![allow(dead_code)] // each test crate uses its own part

use nqueens::board::attacks;

/// Calls `visit` on every non-attacking board with queens on rows `0..k`, for
/// every k from 1 to n, as the column of each row's queen, in row-by-row,
/// lowest-column-first order.
pub fn each_safe_board(n: usize, visit: &mut impl FnMut(&[usize])) {
    fn extend(n: usize, board: &mut Vec<usize>, visit: &mut impl FnMut(&[usize])) {
        let row = board.len();
        if row == n {
            return;
        }
        for col in 0..n {
            if board
                .iter()
                .enumerate()
                .all(|(r, &c)| !attacks((r, c), (row, col)))
            {
                board.push(col);
                visit(board);
                extend(n, board, visit);
                board.pop();
            }
        }
    }
    extend(n, &mut Vec::new(), visit);
}

/// Every solution of the n-queens puzzle, in row-by-row, lowest-column-first
/// order.
pub fn slow_solutions(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    each_safe_board(n, &mut |board| {
        if board.len() == n {
            out.push(board.to_vec());
        }
    });
    if n == 0 {
        out.push(Vec::new());
    }
    out
}

/// How many non-attacking boards have queens on exactly rows `0..=r`, for
/// each r.
pub fn slow_level_sizes(n: usize) -> Vec<u64> {
    let mut levels = vec![0; n];
    each_safe_board(n, &mut |board| levels[board.len() - 1] += 1);
    levels
}

/// True when `queens` (each row's column) puts a queen on every row and no
/// two attack, pair by pair by the plain rule.
pub fn no_two_attack(queens: &[i32]) -> bool {
    let n = queens.len() as i32;
    queens.iter().all(|&c| (0..n).contains(&c))
        && (0..queens.len()).all(|a| {
            (a + 1..queens.len())
                .all(|b| !attacks((a, queens[a] as usize), (b, queens[b] as usize)))
        })
}

/// The placed queens as (row, column), from each row's column or -1.
pub fn placed(queens: &[i32]) -> Vec<(usize, usize)> {
    queens
        .iter()
        .enumerate()
        .filter(|(_, &c)| c >= 0)
        .map(|(r, &c)| (r, c as usize))
        .collect()
}

/// The attacking pairs among the placed queens (-1: none on that row), pair
/// by pair by the plain rule.
pub fn attacking_pairs(queens: &[i32]) -> u64 {
    let placed = placed(queens);
    let mut pairs = 0;
    for (i, &a) in placed.iter().enumerate() {
        pairs += placed[i + 1..].iter().filter(|&&b| attacks(a, b)).count() as u64;
    }
    pairs
}

/// The books over the N^N boards of a session of a search for every
/// solution (the searches for one keep none).
pub fn books(s: &nqueens::session::Session) -> nqueens::session::Space {
    s.space().expect("a search for every solution keeps books")
}

/// The searches for every solution, in page order.
pub fn every_solution() -> impl Iterator<Item = &'static nqueens::algorithms::AlgorithmInfo> {
    nqueens::algorithms::ALGORITHMS
        .iter()
        .filter(|info| info.goal == nqueens::algorithms::Goal::All)
}

/// A small seeded generator for the tests' random boards.
pub struct Rng(pub u64);
impl Rng {
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

/// What a session's state shows, to compare two sessions: its step, counters,
/// cells, queens, sentence, boards ruled out and conflicts.
pub type Snapshot = (u64, String, Vec<u8>, Vec<i32>, String, Option<u128>, u64);

/// The [`Snapshot`] of `s`.
pub fn snapshot(s: &nqueens::session::Session) -> Snapshot {
    (
        s.step_index(),
        format!("{:?}", s.counters()),
        s.cells(),
        s.queens(),
        s.message(),
        s.space().map(|space| space.ruled_out),
        s.conflicts(),
    )
}

/// Where a sentence names a row or column and then, as the next thing it
/// names, a square on that same line with no other queen in between, as in
/// "Row 4 has one square left, row 4, column 2": the words around the repeat.
/// A square on the line that is another queen's ("shares row 1 with the
/// queen on row 1, column 4") is not a repeat.
pub fn line_named_twice(sentence: &str) -> Option<String> {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> = lower.split(' ').collect();
    let number = |at: usize| -> Option<usize> {
        words
            .get(at)?
            .trim_end_matches([',', '.', ':', ')'])
            .parse()
            .ok()
    };
    // Each mention: where it starts, where it ends, and the row and column it
    // names (a whole line names one of them).
    let mut mentions: Vec<(usize, usize, Option<usize>, Option<usize>)> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let word = words[at].trim_start_matches('(');
        match (word, number(at + 1)) {
            ("row", Some(r))
                if words[at + 1].ends_with(',') && words.get(at + 2) == Some(&"column") =>
            {
                mentions.push((at, at + 4, Some(r), number(at + 3)));
                at += 4;
            }
            ("row", Some(r)) => {
                mentions.push((at, at + 2, Some(r), None));
                at += 2;
            }
            ("column", Some(c)) => {
                mentions.push((at, at + 2, None, Some(c)));
                at += 2;
            }
            _ => at += 1,
        }
    }
    mentions.windows(2).find_map(|pair| {
        let (start, end, row, col) = pair[0];
        let (next, last, next_row, next_col) = pair[1];
        let whole_line = row.is_none() || col.is_none();
        let square = next_row.is_some() && next_col.is_some();
        let same = (row.is_some() && row == next_row) || (col.is_some() && col == next_col);
        let between = words[end..next].join(" ");
        (whole_line && square && same && !between.contains("queen"))
            .then(|| words[start..last].join(" "))
    })
}
