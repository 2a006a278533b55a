//! What the page, the errors and the catalogue know about an algorithm
//! without running it: [`AlgorithmInfo`] (its id, name, goal, sizes, what a
//! step looks at, what a step, a check and a placement or move are, how many
//! checks one step makes, its registers' glossary and its pseudocode),
//! [`Goal`], [`Bound`] and [`SearchSpace`]. The lowest layer of
//! `algorithms`: it depends only on [`crate::limits`], so that `error.rs`
//! can name an algorithm without depending on any search or the catalogue.
//!
//! The rules an `AlgorithmInfo` must keep are checked when the crate compiles
//! ([`AlgorithmInfo::broken_rule`], called by the `catalogue!` macro for
//! every entry); the ones that need the search to run are in
//! [`super::vocabulary::Algorithm`]'s contract and `tests/contract.rs`.

use crate::limits::{power, FIND_MAX_N, MAX_N, MAX_WHOLE_N, STEP_MAX_N};

/// What one step of a search looks at, and so how long the search is.
///
/// Every search accounts for the N^N boards with one queen in each row: at
/// every step each is ruled out, found as a solution, or pending.
/// - Brute force: each step rules out the board it tests, or finds it.
/// - Permutations: the N^N − N! boards that repeat a column are ruled out from
///   the start, as never generated; then each step rules out or finds one.
/// - Backtracking: entering row r, the r columns in use rule out
///   r·N^(N−r−1) boards at once; a candidate rejected at row r rules out
///   N^(N−r−1); the last queen placed finds one solution.
/// - Bitwise: entering row r, each column not in `poss` rules out N^(N−r−1).
/// - Bitboard scan: an `ok()` that fails at (r, c) while rows 0..r−1 all hold a
///   queen rules out N^(N−r−1); its probes past a row left empty lie outside
///   the space and are counted in `Counters::outside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSpace {
    /// Partial boards, row by row or square by square: the search tree. How
    /// many steps it takes is only known by running it.
    Tree,
    /// Every board with one queen per row, one per step: N^N steps.
    AllBoards,
    /// Every board with one queen per row and column, one per step: N! steps.
    Permutations,
    /// None: a search for one solution ([`Goal::One`]) does not account for
    /// the N^N boards (a repair search visits boards again, and stops at
    /// the first solution).
    Unaccounted,
}

impl SearchSpace {
    pub fn id(self) -> &'static str {
        match self {
            SearchSpace::Tree => "tree",
            SearchSpace::AllBoards => "all-boards",
            SearchSpace::Permutations => "permutations",
            SearchSpace::Unaccounted => "none",
        }
    }

    /// True when each step tests a whole board (queens go on row by row until
    /// the first threatened one, the rest stay ghosts).
    pub const fn tests_whole_boards(self) -> bool {
        matches!(self, SearchSpace::AllBoards | SearchSpace::Permutations)
    }

    /// The boards of the space ruled out before the first step: those that
    /// repeat a column, for a search that only generates permutations.
    pub fn never_generated(self, n: usize) -> u128 {
        match self {
            SearchSpace::Permutations => power(n, n) - (1..=n as u128).product::<u128>(),
            _ => 0,
        }
    }

    /// The search's length in steps, where it is known before running it.
    pub fn length(self, n: usize) -> Option<u64> {
        let n = n as u64;
        match self {
            SearchSpace::Tree | SearchSpace::Unaccounted => None,
            SearchSpace::AllBoards => Some(n.pow(n as u32)),
            SearchSpace::Permutations => Some((1..=n).product()),
        }
    }
}

/// What a search is for: every solution, or one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every solution, and the proof that there are no more: the sources'
    /// searches, exponential, up to [`MAX_N`].
    All,
    /// One solution, at any N: the repair searches and the construction,
    /// steppable up to [`STEP_MAX_N`] and run to the end by `find_one` up to
    /// their `find_max_n`.
    One,
}

impl Goal {
    /// `"all"` or `"one"`.
    pub fn id(self) -> &'static str {
        match self {
            Goal::All => "all",
            Goal::One => "one",
        }
    }
}

/// The most checks one step can add, as a polynomial in N, and at least
/// `least`: max(`squares`·N² + `queens`·N + `constant`, `least`). Race
/// mode gives each lane a budget of checks and needs this to know how far a
/// step may overshoot; `tests/contract.rs` checks every step against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub squares: u64,
    pub queens: u64,
    pub constant: u64,
    pub least: u64,
}

impl Bound {
    /// The sources' bound: N (brute force tests at most N − 1 rows of a
    /// board, permutations at most N, bitwise's first step 2, the others 1),
    /// and 2 on the smallest boards.
    pub const PER_QUEEN: Bound = Bound {
        squares: 0,
        queens: 1,
        constant: 0,
        least: 2,
    };

    /// The bound on an n×n board (saturating: never wraps).
    pub const fn at(self, n: usize) -> u64 {
        let n = n as u64;
        let value = self
            .squares
            .saturating_mul(n.saturating_mul(n))
            .saturating_add(self.queens.saturating_mul(n))
            .saturating_add(self.constant);
        if value > self.least {
            value
        } else {
            self.least
        }
    }
}

/// What the page and the errors say about an algorithm.
///
/// The rules an entry keeps, which the crate checks as it compiles
/// ([`AlgorithmInfo::broken_rule`], [`ids_unique`]):
/// - `id` is unique in the catalogue, and made of lowercase letters, digits
///   and hyphens (it goes into URLs and `data-` attributes as it is);
/// - 1 ≤ `min_n` ≤ `max_n`;
/// - a search for every solution ([`Goal::All`]) keeps `max_n` ≤ [`MAX_N`]
///   (the sessions' books and fixed queens are sized by it), has
///   `find_max_n` = 0, accounts for the N^N boards and is not `seeded`;
/// - a search for one ([`Goal::One`]) keeps `max_n` ≤ [`STEP_MAX_N`] and
///   `max_n` ≤ `find_max_n` ≤ [`FIND_MAX_N`], accounts for no boards
///   ([`SearchSpace::Unaccounted`]) and takes no fixed queens;
/// - a search whose `space` tests whole boards has `max_n` ≤
///   [`MAX_WHOLE_N`] (`whole_board::Tested` keeps a tally per row sized by
///   it, and the search's length must be a `u64`);
/// - `pseudocode` has at least one line (every `LastStep::line` indexes it);
/// - `step_is` and `check_is` are not empty, nor the third counter's
///   definition: `placement_is` for a search for every solution, `move_is`
///   for a search for one (and `move_is` is empty for a search for every
///   solution);
/// - `conflicts_note` is empty exactly for a search for every solution.
///
/// `takes_fixed_queens` must also say the truth about the search: true
/// exactly when its [`super::vocabulary::Algorithm::with_fixed`] gives a search, which
/// `tests/contract.rs` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgorithmInfo {
    /// The name in URLs and the API (`?algo=bitwise`).
    pub id: &'static str,
    pub name: &'static str,
    /// Which source write-up it follows, e.g. "000"; "" for the searches
    /// that follow none.
    pub source: &'static str,
    /// Every solution, or one.
    pub goal: Goal,
    pub min_n: usize,
    /// The largest board a stepping session takes.
    pub max_n: usize,
    /// The largest board `find_one` takes; 0 for a search for every
    /// solution, which `find_one` refuses.
    pub find_max_n: usize,
    /// True when the seed changes the run (`tests/contract.rs` runs each
    /// search from several seeds to check it); never for a search for
    /// every solution.
    pub seeded: bool,
    /// What one step looks at.
    pub space: SearchSpace,
    /// True when a session can start it from fixed queens.
    pub takes_fixed_queens: bool,
    /// One paragraph on how it searches, for the description panel.
    pub description: &'static str,
    /// What "one step" is, in a sentence.
    pub step_is: &'static str,
    /// What one check (the counter `checks`) is, in a sentence.
    pub check_is: &'static str,
    /// What one placement (the counter `placements`) is, in a sentence: the
    /// third counter of a search for every solution. May be empty for a
    /// search for one, which shows moves instead.
    pub placement_is: &'static str,
    /// What one move (the counter `moves`) is, in a sentence: the third
    /// counter of a search for one solution; empty for a search for every
    /// solution, which never moves a queen.
    pub move_is: &'static str,
    /// What the conflicts chart of a search for one solution says of it, in
    /// a sentence under the chart (what a search of its kind can prove, or
    /// why its chart stays at 0); empty for a search for every solution,
    /// which has no such chart.
    pub conflicts_note: &'static str,
    /// Each register the search shows ([`super::vocabulary::Algorithm::registers`]), by
    /// name, with what it holds: a name the pseudocode uses, so the
    /// registers panel and the code read alike (`tests/contract.rs` checks
    /// both).
    pub glossary: &'static [(&'static str, &'static str)],
    /// The most checks one step adds.
    pub most_checks: Bound,
    pub pseudocode: &'static [&'static str],
}

impl AlgorithmInfo {
    /// What the searches for every solution by rows (backtracking, bitwise)
    /// say alike: N from 1 to [`MAX_N`], the search tree, fixed queens
    /// taken, one check or so a queen. Each fills in the rest, its own
    /// words, as `AlgorithmInfo { id: …, ..AlgorithmInfo::ROW_SEARCH }`; an
    /// entry that leaves one out breaks a rule ([`Self::broken_rule`]: the
    /// id, `step_is`, `check_is`, `placement_is` and `pseudocode` are empty
    /// here).
    pub const ROW_SEARCH: AlgorithmInfo = AlgorithmInfo {
        id: "",
        name: "",
        source: "",
        goal: Goal::All,
        min_n: 1,
        max_n: MAX_N,
        find_max_n: 0,
        seeded: false,
        space: SearchSpace::Tree,
        takes_fixed_queens: true,
        description: "",
        step_is: "",
        check_is: "",
        placement_is: "",
        move_is: "",
        conflicts_note: "",
        glossary: &[],
        most_checks: Bound::PER_QUEEN,
        pseudocode: &[],
    };

    /// True when the algorithm can search an n×n board.
    pub const fn fits(&self, n: usize) -> bool {
        n >= self.min_n && n <= self.max_n
    }

    /// True when `find_one` takes an n×n board for it (never for a search
    /// for every solution).
    pub const fn find_fits(&self, n: usize) -> bool {
        matches!(self.goal, Goal::One) && n >= self.min_n && n <= self.find_max_n
    }

    /// "Bitwise (ld / col / rd) (bitwise) works on boards from 1×1 to 20×20".
    pub fn range_text(&self) -> String {
        let (min, max) = (self.min_n, self.max_n);
        format!(
            "{} ({}) works on boards from {min}×{min} to {max}×{max}",
            self.name, self.id
        )
    }

    /// The first rule of the type's contract (see [`AlgorithmInfo`]) this
    /// entry breaks, as a sentence; `None` when it keeps them all. A `const
    /// fn`, so that `catalogue!` refuses to compile a broken entry.
    pub const fn broken_rule(&self) -> Option<&'static str> {
        if !id_is_plain(self.id) {
            return Some("an algorithm's id must be lowercase letters, digits and hyphens");
        }
        if !(1 <= self.min_n && self.min_n <= self.max_n) {
            return Some("an algorithm's sizes must keep 1 <= min_n <= max_n");
        }
        match self.goal {
            Goal::All => {
                if self.max_n > MAX_N {
                    return Some(
                        "a search for every solution must keep max_n <= limits::MAX_N \
                         (its books are sized by it)",
                    );
                }
                if self.find_max_n != 0 {
                    return Some("a search for every solution has find_max_n = 0");
                }
                if matches!(self.space, SearchSpace::Unaccounted) {
                    return Some("a search for every solution accounts for the N^N boards");
                }
                if self.seeded {
                    return Some(
                        "a search for every solution is not seeded (it finds them all, the \
                         same way from any seed)",
                    );
                }
            }
            Goal::One => {
                if !(self.max_n <= STEP_MAX_N
                    && self.max_n <= self.find_max_n
                    && self.find_max_n <= FIND_MAX_N)
                {
                    return Some(
                        "a search for one solution must keep max_n <= limits::STEP_MAX_N and \
                         max_n <= find_max_n <= limits::FIND_MAX_N",
                    );
                }
                if !matches!(self.space, SearchSpace::Unaccounted) || self.takes_fixed_queens {
                    return Some(
                        "a search for one solution accounts for no boards \
                         (SearchSpace::Unaccounted) and takes no fixed queens",
                    );
                }
            }
        }
        if self.space.tests_whole_boards() && self.max_n > MAX_WHOLE_N {
            return Some(
                "a search that tests whole boards must keep max_n <= limits::MAX_WHOLE_N \
                 (its books are sized by it)",
            );
        }
        if self.pseudocode.is_empty() {
            return Some("an algorithm needs at least one line of pseudocode");
        }
        if self.step_is.is_empty() || self.check_is.is_empty() {
            return Some(
                "an algorithm must say what one step and one check are (step_is, check_is)",
            );
        }
        let third = match self.goal {
            Goal::All => !self.placement_is.is_empty() && self.move_is.is_empty(),
            Goal::One => !self.move_is.is_empty(),
        };
        if !third {
            return Some(
                "a search for every solution says what a placement is (placement_is, and no \
                 move_is); a search for one what a move is (move_is)",
            );
        }
        if self.conflicts_note.is_empty() != matches!(self.goal, Goal::All) {
            return Some(
                "a search for one solution says what its conflicts chart shows \
                 (conflicts_note); a search for every solution has no such chart (empty)",
            );
        }
        None
    }
}

/// True when `id` is not empty and holds only `a-z`, `0-9` and `-`.
const fn id_is_plain(id: &str) -> bool {
    let bytes = id.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            return false;
        }
        i += 1;
    }
    !bytes.is_empty()
}

/// True when no two entries of `catalogue` share an id (a `const fn`, for
/// `catalogue!`).
pub const fn ids_unique(catalogue: &[AlgorithmInfo]) -> bool {
    let mut i = 0;
    while i < catalogue.len() {
        let mut j = i + 1;
        while j < catalogue.len() {
            if same(catalogue[i].id, catalogue[j].id) {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// The largest `find_max_n` in `catalogue` (a `const fn`, for
/// `catalogue!`: some search must take [`FIND_MAX_N`], the largest board
/// the API says `findOne()` takes).
pub const fn largest_find_n(catalogue: &[AlgorithmInfo]) -> usize {
    let mut largest = 0;
    let mut i = 0;
    while i < catalogue.len() {
        if catalogue[i].find_max_n > largest {
            largest = catalogue[i].find_max_n;
        }
        i += 1;
    }
    largest
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
