//! Deduction: what a person can conclude on a puzzle board by reasoning
//! alone, one step at a time, and why. A [`Board`] holds queens and squares
//! marked as ruled out; [`deduce`] finds the simplest conclusion one of the
//! [`Rule`]s allows (a queen that must go on a square, or a square no queen
//! can take), with a sentence naming the lines it used, or `None` when a
//! guess would be needed.
//!
//! The rules, simple to hard ([`Rule::ALL`]): `attacked` (a queen attacks the
//! square), `last-in-row` and `last-in-column` (a line with one square left),
//! `empties-line` (a queen there would leave a row or column with no square),
//! the confinements (Hall's condition: k rows whose squares lie in the same
//! k columns claim them, and the same with columns; `pair` for two,
//! `triple` for three, `confinement` for more), `diagonal-confinement` (k
//! rows or columns whose squares lie on k diagonals of one direction claim
//! those diagonals), and `look-ahead` (a queen there forces a short chain of
//! last squares that empties a line). Each is sound: a square it rules out
//! holds a queen in no completion of the board, and a queen it places is in
//! every one. Every row and every column of a solution holds exactly one
//! queen, and every diagonal at most one; every rule rests on that alone.
//! (A diagonal need not hold a queen, so no rule claims that one must,
//! except as the conclusion of a diagonal confinement.)
//!
//! The levels: easy (attacked squares and last squares), medium (a queen
//! that empties a line), hard (the confinements, no look-ahead) and expert
//! (look-ahead).
//!
//! [`solves`] runs the rules up to a [`Level`] to the end, fast, for the
//! puzzle generator (`puzzle::generate`): a board it solves has exactly one
//! completion, reached without a guess.

use crate::board::{attacks, RowMask};
use crate::error::Error;
use crate::limits::MAX_N;

/// How many forced queens a look-ahead follows before it gives up: a chain
/// short enough to say in one sentence and to follow in one's head.
pub const LOOK_AHEAD_QUEENS: usize = 3;

/// A puzzle's difficulty: the hardest rules it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's id, as the page and `puzzle()` name it.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level named `id` ("easy", "medium", "hard" or "expert").
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.id() == id)
    }

    /// The level below this one, if any.
    pub fn below(self) -> Option<Level> {
        match self {
            Level::Easy => None,
            Level::Medium => Some(Level::Easy),
            Level::Hard => Some(Level::Medium),
            Level::Expert => Some(Level::Hard),
        }
    }
}

/// A rule of deduction, simple to hard in the order declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    Attacked,
    LastInRow,
    LastInColumn,
    EmptiesLine,
    Pair,
    Triple,
    DiagonalConfinement,
    Confinement,
    LookAhead,
}

impl Rule {
    /// Every rule, simple to hard.
    pub const ALL: [Rule; 9] = [
        Rule::Attacked,
        Rule::LastInRow,
        Rule::LastInColumn,
        Rule::EmptiesLine,
        Rule::Pair,
        Rule::Triple,
        Rule::DiagonalConfinement,
        Rule::Confinement,
        Rule::LookAhead,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Rule::Attacked => "attacked",
            Rule::LastInRow => "last-in-row",
            Rule::LastInColumn => "last-in-column",
            Rule::EmptiesLine => "empties-line",
            Rule::Pair => "pair",
            Rule::Triple => "triple",
            Rule::DiagonalConfinement => "diagonal-confinement",
            Rule::Confinement => "confinement",
            Rule::LookAhead => "look-ahead",
        }
    }

    /// The rule's name for a person.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Attacked => "Attacked square",
            Rule::LastInRow => "Last square in a row",
            Rule::LastInColumn => "Last square in a column",
            Rule::EmptiesLine => "Empties a line",
            Rule::Pair => "Pair",
            Rule::Triple => "Triple",
            Rule::DiagonalConfinement => "Diagonal confinement",
            Rule::Confinement => "Confinement",
            Rule::LookAhead => "Look-ahead",
        }
    }

    /// The lowest level whose puzzles may need this rule.
    pub fn level(self) -> Level {
        match self {
            Rule::Attacked | Rule::LastInRow | Rule::LastInColumn => Level::Easy,
            Rule::EmptiesLine => Level::Medium,
            Rule::Pair | Rule::Triple | Rule::DiagonalConfinement | Rule::Confinement => {
                Level::Hard
            }
            Rule::LookAhead => Level::Expert,
        }
    }

    /// The rule in one sentence.
    pub fn summary(self) -> &'static str {
        match self {
            Rule::Attacked => "A square an existing queen attacks cannot hold another queen.",
            Rule::LastInRow => "A row with one square left must take its queen there.",
            Rule::LastInColumn => "A column with one square left must take its queen there.",
            Rule::EmptiesLine => {
                "A queen cannot go on a square if it would leave some row or column with no \
                 square left."
            }
            Rule::Pair => {
                "When two rows have squares left only in the same two columns, their two \
                 queens take both columns, so no other queen can go in them (and the same \
                 with two columns and two rows)."
            }
            Rule::Triple => {
                "When three rows have squares left only in the same three columns, their three \
                 queens take all three columns, so no other queen can go in them (and the same \
                 with three columns and three rows)."
            }
            Rule::DiagonalConfinement => {
                "When k rows (or columns) have squares left only on k diagonals of one \
                 direction, their k queens stand on all k diagonals, and a diagonal holds at \
                 most one queen, so no other queen can go on them."
            }
            Rule::Confinement => {
                "When k rows have squares left only in the same k columns, their k queens take \
                 all k columns, so no other queen can go in them (and the same with columns \
                 and rows)."
            }
            Rule::LookAhead => {
                "A queen cannot go on a square if it would force a short chain of queens on \
                 last squares that leaves some row or column with no square left."
            }
        }
    }
}

/// What a deduction concludes about its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A queen goes there.
    Place,
    /// No queen can go there.
    RuleOut,
}

/// A line of the board. Rows and columns count from 0; a diagonal (↘) is
/// numbered `row - col + n - 1`, an anti-diagonal (↙) `row + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Row(usize),
    Column(usize),
    Diagonal(usize),
    AntiDiagonal(usize),
}

impl Line {
    /// The line's kind, as the page names it.
    pub fn kind(self) -> &'static str {
        match self {
            Line::Row(_) => "row",
            Line::Column(_) => "column",
            Line::Diagonal(_) => "diagonal",
            Line::AntiDiagonal(_) => "anti-diagonal",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Line::Row(i) | Line::Column(i) | Line::Diagonal(i) | Line::AntiDiagonal(i) => i,
        }
    }

    /// The line in a sentence: "row 3", "column 5", "a diagonal".
    fn words(self) -> String {
        match self {
            Line::Row(row) => format!("row {}", row + 1),
            Line::Column(col) => format!("column {}", col + 1),
            Line::Diagonal(_) => "a diagonal".to_string(),
            Line::AntiDiagonal(_) => "an anti-diagonal".to_string(),
        }
    }
}

/// One step of reasoning: what it concludes, by which rule, and why. On a
/// regions board (`regions::Deduction`) the rule is a `RegionRule` and the
/// lines are `Unit`s: rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction<R = Rule, L = Line> {
    pub kind: Kind,
    pub row: usize,
    pub col: usize,
    pub rule: R,
    /// One sentence naming the lines used.
    pub reason: String,
    /// The lines the deduction used (where to look).
    pub lines: Vec<L>,
    /// The other squares it used: the attacking queen, the squares a queen
    /// would take from the emptied line, the pair's squares, the squares of
    /// the confined lines, the queens a look-ahead forces.
    pub squares: Vec<(usize, usize)>,
    /// For a look-ahead, the queens it forces, in order; else empty.
    pub chain: Vec<(usize, usize)>,
}

/// "row 2, column 5" (counting from 1), as the page names a square.
fn square_words((row, col): (usize, usize)) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// Queens on `squares` (`row * n + col`), checked: an error for a bad N, a
/// square off the board or a square given twice.
pub fn queens_on_board(n: usize, squares: &[usize]) -> Result<Vec<(usize, usize)>, Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::BoardSizeOutOfRange { n, max: MAX_N });
    }
    queens_on(n, squares)
}

/// Queens on `squares` of an n×n board (N checked already): an error for a
/// square off the board or given twice. Shared with `regions`.
pub(crate) fn queens_on(n: usize, squares: &[usize]) -> Result<Vec<(usize, usize)>, Error> {
    let mut queens: Vec<(usize, usize)> = Vec::with_capacity(squares.len());
    for &square in squares {
        if square >= n * n {
            return Err(Error::SquareOffBoard { square, n });
        }
        let queen = (square / n, square % n);
        if queens.contains(&queen) {
            return Err(Error::RepeatedSquare {
                row: queen.0,
                col: queen.1,
            });
        }
        queens.push(queen);
    }
    Ok(queens)
}

/// The squares marked as ruled out (`row * n + col`), one mask a row,
/// checked against the board's `queens`: an error for a square off the
/// board, a square marked twice, or a square that also holds a queen.
pub fn marks(
    n: usize,
    queens: &[(usize, usize)],
    excluded: &[usize],
) -> Result<[RowMask; MAX_N], Error> {
    let mut marked = [RowMask::EMPTY; MAX_N];
    for &square in excluded {
        if square >= n * n {
            return Err(Error::SquareOffBoard { square, n });
        }
        let (row, col) = (square / n, square % n);
        if marked[row].contains(col) {
            return Err(Error::RepeatedMark { row, col });
        }
        if queens.contains(&(row, col)) {
            return Err(Error::QueenRuledOut { row, col });
        }
        marked[row] |= RowMask::column(col);
    }
    Ok(marked)
}

/// A puzzle board as a person works on it: queens, and squares marked as
/// ruled out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    queens: Vec<(usize, usize)>,
    excluded: [RowMask; MAX_N],
}

impl Board {
    /// The board with queens on `queens` and `excluded` marked as ruled out
    /// (squares `row * n + col`). Errors for a bad N, a square off the board,
    /// a square repeated, a square both a queen and ruled out. Queens that
    /// attack each other are allowed (the board has no completion then).
    pub fn new(n: usize, queens: &[usize], excluded: &[usize]) -> Result<Board, Error> {
        let queens = queens_on_board(n, queens)?;
        let excluded = marks(n, &queens, excluded)?;
        Ok(Board {
            n,
            queens,
            excluded,
        })
    }

    /// The board with queens on `queens`, `(row, col)`, each on the board
    /// and given once (a generated puzzle's givens).
    fn from_queens(n: usize, queens: &[(usize, usize)]) -> Board {
        Board {
            n,
            queens: queens.to_vec(),
            excluded: [RowMask::EMPTY; MAX_N],
        }
    }

    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens, `(row, col)`, in the order given and placed.
    pub fn queens(&self) -> &[(usize, usize)] {
        &self.queens
    }

    /// True when the square is marked as ruled out.
    pub fn is_excluded(&self, row: usize, col: usize) -> bool {
        self.excluded[row].contains(col)
    }

    /// True when every row holds a queen.
    pub fn is_full(&self) -> bool {
        let rows = self
            .queens
            .iter()
            .fold(0u32, |rows, &(row, _)| rows | 1 << row);
        rows == RowMask::full(self.n).0
    }

    /// Applies a deduction, on a classic or a regions board: a queen on its
    /// square, or its square marked.
    pub fn apply<R, L>(&mut self, deduction: &Deduction<R, L>) {
        let square = (deduction.row, deduction.col);
        match deduction.kind {
            Kind::Place => {
                if !self.queens.contains(&square) {
                    self.queens.push(square);
                }
                self.excluded[square.0] &= !RowMask::column(square.1);
            }
            Kind::RuleOut => {
                if !self.queens.contains(&square) {
                    self.excluded[square.0] |= RowMask::column(square.1);
                }
            }
        }
    }

    /// The squares of `row` some queen attacks (a queen's own square too).
    fn attacked(&self, row: usize) -> RowMask {
        let mut hit = RowMask::EMPTY;
        for &(qr, qc) in &self.queens {
            if qr == row {
                return RowMask::full(self.n);
            }
            hit |= RowMask::column(qc);
            let d = qr.abs_diff(row);
            if qc >= d {
                hit |= RowMask::column(qc - d);
            }
            if qc + d < self.n {
                hit |= RowMask::column(qc + d);
            }
        }
        hit & RowMask::full(self.n)
    }

    /// The squares of `row` with no queen and no mark.
    fn open(&self, row: usize) -> RowMask {
        let mut open = RowMask::full(self.n) & !self.excluded[row];
        for &(qr, qc) in &self.queens {
            if qr == row {
                open &= !RowMask::column(qc);
            }
        }
        open
    }

    /// Where the queens may still go, for the rules after `attacked`.
    fn grid(&self) -> Grid {
        let mut grid = Grid {
            n: self.n,
            cand: [RowMask::EMPTY; MAX_N],
            rows_done: 0,
            cols_done: 0,
        };
        for &(row, col) in &self.queens {
            grid.rows_done |= 1 << row;
            grid.cols_done |= 1 << col;
        }
        for row in (0..self.n).filter(|&r| grid.rows_done >> r & 1 == 0) {
            grid.cand[row] = self.open(row) & !self.attacked(row);
        }
        grid
    }
}

/// Where each row's queen may still go, in the rules' eyes: no queen attacks
/// these squares and none is marked. A row or column with a queen is done.
#[derive(Clone, Copy)]
struct Grid {
    n: usize,
    /// Each row's squares left (none in a done row).
    cand: [RowMask; MAX_N],
    rows_done: u32,
    cols_done: u32,
}

impl Grid {
    fn row_open(&self, row: usize) -> bool {
        self.rows_done >> row & 1 == 0
    }

    fn col_open(&self, col: usize) -> bool {
        self.cols_done >> col & 1 == 0
    }

    /// The rows where column `col` has squares left, as a mask of rows.
    fn column(&self, col: usize) -> RowMask {
        let mut rows = RowMask::EMPTY;
        for row in 0..self.n {
            if self.cand[row].contains(col) {
                rows |= RowMask::column(row);
            }
        }
        rows
    }

    /// The squares of `line` left (a row or a column).
    fn line_squares(&self, line: Line) -> Vec<(usize, usize)> {
        match line {
            Line::Row(row) => self.cand[row].map(|col| (row, col)).collect(),
            Line::Column(col) => self.column(col).map(|row| (row, col)).collect(),
            Line::Diagonal(_) | Line::AntiDiagonal(_) => Vec::new(),
        }
    }
}

/// A board in progress as the rules see it, on either kind of board: the
/// squares left, the units that still need a queen (rows and columns; on a
/// regions board, regions too), and a queen put on a square or a square
/// ruled out. The rules that need no more than that are written once, over
/// it: a queen that empties a unit ([`empties`]), the chain of last squares
/// ([`forced_queens`]), look-ahead ([`look_ahead_on`]) and a solve to the end
/// ([`solve`]).
pub(crate) trait Progress: Copy {
    /// A row, column or region.
    type Unit: Copy;
    /// A square, as the board numbers it.
    type Square: Copy;
    /// Every square left, row by row.
    fn squares_left(&self) -> impl Iterator<Item = Self::Square> + '_;
    /// A unit still to fill with one square left: the unit and the square.
    fn last_square(&self) -> Option<(Self::Unit, Self::Square)>;
    /// A unit still to fill with no square left.
    fn empty_unit(&self) -> Option<Self::Unit>;
    /// A queen on `square`: its units are done, and it takes what it
    /// attacks.
    fn place(&mut self, square: Self::Square);
    fn rule_out(&mut self, square: Self::Square);
    /// True when every row holds a queen.
    fn is_full(&self) -> bool;
}

/// The first square left where a queen would leave a unit with no square:
/// the square and that unit.
pub(crate) fn empties<G: Progress>(grid: &G) -> Option<(G::Square, G::Unit)> {
    grid.squares_left().find_map(|square| {
        let mut after = *grid;
        after.place(square);
        after.empty_unit().map(|unit| (square, unit))
    })
}

/// Places last squares on `grid` one by one, up to `most` of them, until a
/// unit is left empty: the queens placed (each with the unit it was the last
/// square of) and the empty unit, if one turned up.
pub(crate) fn forced_queens<G: Progress>(grid: &mut G, most: usize) -> Chain<G> {
    let mut forced = Vec::new();
    loop {
        if let Some(unit) = grid.empty_unit() {
            return (forced, Some(unit));
        }
        if forced.len() == most {
            return (forced, None);
        }
        let Some((unit, square)) = grid.last_square() else {
            return (forced, None);
        };
        grid.place(square);
        forced.push((unit, square));
    }
}

/// The queens a chain of last squares forces, each with the unit it was the
/// last square of, and the unit left empty, if one turned up.
pub(crate) type Chain<G> = (
    Vec<(<G as Progress>::Unit, <G as Progress>::Square)>,
    Option<<G as Progress>::Unit>,
);

/// A look-ahead: the first square left where a queen would force up to
/// [`LOOK_AHEAD_QUEENS`] queens on last squares (at least one) and then
/// leave a unit empty; the square, the queens forced and that unit.
pub(crate) type Ahead<G> = (
    <G as Progress>::Square,
    Vec<(<G as Progress>::Unit, <G as Progress>::Square)>,
    <G as Progress>::Unit,
);

/// The first look-ahead on `grid` ([`Ahead`]), if any.
pub(crate) fn look_ahead_on<G: Progress>(grid: &G) -> Option<Ahead<G>> {
    grid.squares_left().find_map(|square| {
        let mut after = *grid;
        after.place(square);
        match forced_queens(&mut after, LOOK_AHEAD_QUEENS) {
            (forced, Some(unit)) if !forced.is_empty() => Some((square, forced, unit)),
            _ => None,
        }
    })
}

/// True when the conclusions `find` draws, applied one by one, fill the
/// board: it then has exactly one completion, found with no guess. False at
/// a unit with no square left, or when `find` has nothing more.
pub(crate) fn solve<G: Progress>(
    mut grid: G,
    find: impl Fn(&G) -> Option<(Kind, G::Square)>,
) -> bool {
    loop {
        if grid.is_full() {
            return true;
        }
        if grid.empty_unit().is_some() {
            return false;
        }
        match find(&grid) {
            Some((Kind::Place, square)) => grid.place(square),
            Some((Kind::RuleOut, square)) => grid.rule_out(square),
            None => return false,
        }
    }
}

impl Progress for Grid {
    type Unit = Line;
    type Square = (usize, usize);

    fn squares_left(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.n).flat_map(move |row| self.cand[row].map(move |col| (row, col)))
    }

    /// A row, else a column, with exactly one square left.
    fn last_square(&self) -> Option<(Line, (usize, usize))> {
        for row in (0..self.n).filter(|&r| self.row_open(r)) {
            if self.cand[row].count() == 1 {
                return Some((Line::Row(row), (row, self.cand[row].first())));
            }
        }
        for col in (0..self.n).filter(|&c| self.col_open(c)) {
            let rows = self.column(col);
            if rows.count() == 1 {
                return Some((Line::Column(col), (rows.first(), col)));
            }
        }
        None
    }

    /// A row or column with no square left, rows first.
    fn empty_unit(&self) -> Option<Line> {
        if let Some(row) = (0..self.n).find(|&r| self.row_open(r) && self.cand[r].is_empty()) {
            return Some(Line::Row(row));
        }
        (0..self.n)
            .find(|&c| self.col_open(c) && self.column(c).is_empty())
            .map(Line::Column)
    }

    fn place(&mut self, (row, col): (usize, usize)) {
        self.rows_done |= 1 << row;
        self.cols_done |= 1 << col;
        for r in 0..self.n {
            if r == row {
                self.cand[r] = RowMask::EMPTY;
                continue;
            }
            let d = r.abs_diff(row);
            let mut hit = RowMask::column(col);
            if col >= d {
                hit |= RowMask::column(col - d);
            }
            if col + d < self.n {
                hit |= RowMask::column(col + d);
            }
            self.cand[r] &= !hit;
        }
    }

    fn rule_out(&mut self, (row, col): (usize, usize)) {
        self.cand[row] &= !RowMask::column(col);
    }

    fn is_full(&self) -> bool {
        self.rows_done == RowMask::full(self.n).0
    }
}

/// What a rule found, before it is put in words, on either kind of board:
/// its units `U` are lines (rows, columns, diagonals) or regions boards'
/// rows, columns and regions, its squares `S` are `(row, col)` or
/// `row * n + col`.
pub(crate) enum Why<U, S> {
    /// A queen takes the square, through the unit they share (`None` on a
    /// regions board when they only touch).
    Attacked {
        queen: (usize, usize),
        unit: Option<U>,
    },
    /// The unit's last square.
    Last(U),
    /// A queen there would leave `unit` with no square; `taken` are the
    /// squares it would take from it.
    Empties { unit: U, taken: Vec<(usize, usize)> },
    /// k units `confined` whose squares left lie on the k units `claimed`;
    /// `squares` are theirs.
    Confined {
        confined: Vec<U>,
        claimed: Vec<U>,
        squares: Vec<(usize, usize)>,
    },
    /// The queens forced, each with the unit it was the last square of, and
    /// the unit left empty.
    LookAhead { forced: Vec<(U, S)>, unit: U },
}

/// A rule's finding: the rule `R`, what it concludes about `square`, and
/// why.
pub(crate) struct Found<R, U, S> {
    pub(crate) rule: R,
    pub(crate) kind: Kind,
    pub(crate) square: S,
    pub(crate) why: Why<U, S>,
}

/// A unit's last square, placed: found by the rule `rule` names for the
/// unit (last in a row, a column, a region).
pub(crate) fn last_found<G: Progress, R>(
    grid: &G,
    rule: impl Fn(G::Unit) -> R,
) -> Option<Found<R, G::Unit, G::Square>> {
    let (unit, square) = grid.last_square()?;
    Some(Found {
        rule: rule(unit),
        kind: Kind::Place,
        square,
        why: Why::Last(unit),
    })
}

/// A square ruled out by `rule` because a queen there empties a unit
/// ([`empties`]); `taken` lists a unit's squares left.
pub(crate) fn empties_found<G: Progress, R>(
    grid: &G,
    rule: R,
    taken: impl Fn(G::Unit) -> Vec<(usize, usize)>,
) -> Option<Found<R, G::Unit, G::Square>> {
    let (square, unit) = empties(grid)?;
    Some(Found {
        rule,
        kind: Kind::RuleOut,
        square,
        why: Why::Empties {
            unit,
            taken: taken(unit),
        },
    })
}

/// A square ruled out by `rule` through a look-ahead ([`look_ahead_on`]).
pub(crate) fn look_ahead_found<G: Progress, R>(
    grid: &G,
    rule: R,
) -> Option<Found<R, G::Unit, G::Square>> {
    let (square, forced, unit) = look_ahead_on(grid)?;
    Some(Found {
        rule,
        kind: Kind::RuleOut,
        square,
        why: Why::LookAhead { forced, unit },
    })
}

/// A finding on a classic board.
type ClassicFound = Found<Rule, Line, (usize, usize)>;

/// The simplest deduction on `grid` by a rule after `attacked` of at most
/// level `most`.
fn find(grid: &Grid, most: Level) -> Option<ClassicFound> {
    let last = |line| match line {
        Line::Row(_) => Rule::LastInRow,
        _ => Rule::LastInColumn,
    };
    if let Some(found) = last_found(grid, last) {
        return Some(found);
    }
    if most >= Level::Medium {
        let taken = |line| grid.line_squares(line);
        if let Some(found) = empties_found(grid, Rule::EmptiesLine, taken) {
            return Some(found);
        }
    }
    if most >= Level::Hard {
        let cross = [Onto::Cross];
        let diagonals = [Onto::Diagonal, Onto::AntiDiagonal];
        let tiers: [(&[Onto], usize, usize); 4] = [
            (&cross, 2, 2),
            (&cross, 3, 3),
            (&diagonals, 2, CONFINEMENT_MOST),
            (&cross, 4, CONFINEMENT_MOST),
        ];
        for (onto, least, most_k) in tiers {
            for k in least..=most_k {
                for &onto in onto {
                    for from_rows in [true, false] {
                        if let Some(found) = confinement(grid, k, from_rows, onto) {
                            return Some(found);
                        }
                    }
                }
            }
        }
    }
    if most >= Level::Expert {
        return look_ahead_found(grid, Rule::LookAhead);
    }
    None
}

/// The most rows or columns a confinement names (a larger set's complement
/// is found instead, and the search stays quick on the largest boards).
const CONFINEMENT_MOST: usize = 6;

/// A row or column a confinement may name: the line, its squares left,
/// and the lines of the other kind those squares lie on (bit per line).
type Confinable = (Line, Vec<(usize, usize)>, u64);

/// The lines a confinement's rows or columns are confined to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Onto {
    /// Rows confined to columns, or columns to rows.
    Cross,
    Diagonal,
    AntiDiagonal,
}

/// k open rows (or columns, `from_rows` false) whose squares left lie on k
/// lines of kind `onto`, when those lines have a square left outside them:
/// that square, ruled out. Sound because the k lines hold at most one queen
/// each (exactly one for columns and rows) and the k rows hold k queens.
fn confinement(grid: &Grid, k: usize, from_rows: bool, onto: Onto) -> Option<ClassicFound> {
    let n = grid.n;
    let line_of = |(row, col): (usize, usize)| match onto {
        Onto::Cross if from_rows => col,
        Onto::Cross => row,
        Onto::Diagonal => row + n - 1 - col,
        Onto::AntiDiagonal => row + col,
    };
    let units: Vec<Confinable> = (0..n)
        .filter_map(|i| {
            let line = if from_rows {
                grid.row_open(i).then_some(Line::Row(i))?
            } else {
                grid.col_open(i).then_some(Line::Column(i))?
            };
            let squares = grid.line_squares(line);
            let meets = squares.iter().fold(0u64, |m, &sq| m | 1 << line_of(sq));
            (!squares.is_empty()).then_some((line, squares, meets))
        })
        .collect();
    if units.len() <= k {
        return None;
    }
    fn grow(
        units: &[Confinable],
        k: usize,
        from: usize,
        meets: u64,
        chosen: &mut Vec<usize>,
        check: &mut impl FnMut(&[usize], u64) -> Option<ClassicFound>,
    ) -> Option<ClassicFound> {
        if chosen.len() == k {
            return check(chosen, meets);
        }
        for i in from..units.len() {
            let joined = meets | units[i].2;
            if joined.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            let found = grow(units, k, i + 1, joined, chosen, check);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    let mut check = |chosen: &[usize], meets: u64| {
        let inside = |sq: &(usize, usize)| {
            chosen.iter().any(|&i| {
                if from_rows {
                    sq.0 == units[i].0.index()
                } else {
                    sq.1 == units[i].0.index()
                }
            })
        };
        let square = grid
            .squares_left()
            .find(|sq| meets >> line_of(*sq) & 1 == 1 && !inside(sq))?;
        let claimed = (0..2 * n - 1)
            .filter(|&j| meets >> j & 1 == 1)
            .map(|j| match onto {
                Onto::Cross if from_rows => Line::Column(j),
                Onto::Cross => Line::Row(j),
                Onto::Diagonal => Line::Diagonal(j),
                Onto::AntiDiagonal => Line::AntiDiagonal(j),
            })
            .collect();
        let rule = match (onto, k) {
            (Onto::Cross, 2) => Rule::Pair,
            (Onto::Cross, 3) => Rule::Triple,
            (Onto::Cross, _) => Rule::Confinement,
            _ => Rule::DiagonalConfinement,
        };
        Some(Found {
            rule,
            kind: Kind::RuleOut,
            square,
            why: Why::Confined {
                confined: chosen.iter().map(|&i| units[i].0).collect(),
                claimed,
                squares: chosen.iter().flat_map(|&i| units[i].1.clone()).collect(),
            },
        })
    };
    grow(&units, k, 0, 0, &mut Vec::with_capacity(k), &mut check)
}

/// "rows 3 and 6", "columns 2, 4 and 5", "two diagonals".
fn line_list(lines: &[Line]) -> String {
    let kind = match lines.first() {
        Some(Line::Row(_)) => "row",
        Some(Line::Column(_)) => "column",
        Some(Line::Diagonal(_)) => "diagonal",
        _ => "anti-diagonal",
    };
    let count = match lines.len() {
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => "six",
    };
    match lines.first() {
        Some(Line::Diagonal(_) | Line::AntiDiagonal(_)) => format!("{count} {kind}s"),
        _ => numbered(kind, lines.iter().map(|l| l.index())),
    }
}

/// Lines of one kind by their numbers from 1: "row 3", "rows 3 and 6",
/// "columns 2, 4 and 5"; "" for none. Shared with `regions`.
pub(crate) fn numbered(kind: &str, indices: impl Iterator<Item = usize>) -> String {
    let numbers: Vec<String> = indices.map(|i| (i + 1).to_string()).collect();
    match numbers.split_last() {
        Some((last, [])) => format!("{kind} {last}"),
        Some((last, rest)) => format!("{kind}s {} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A look-ahead in words, on a classic or a regions board: a queen on
/// `here` would force the queens of `forced` in order (each with the words
/// of the line whose last square it took), and then leave `emptied` with
/// no square.
pub(crate) fn look_ahead_reason(
    here: &str,
    forced: &[(String, (usize, usize))],
    emptied: &str,
) -> String {
    let steps: Vec<String> = forced
        .iter()
        .map(|(last, queen)| {
            let queen = square_words(*queen);
            format!("a queen on {queen} (the last square of {last})")
        })
        .collect();
    format!(
        "A queen on {here} would force {}, and then {emptied} would have no square left, so no \
         queen can go there.",
        steps.join(", then ")
    )
}

/// The sentence for a row, column or region with one square left: `unit` is
/// its name with a capital ("Row 4", "Region 2") and `place` the square named
/// by what the unit leaves open ("column 2" in a row, "row 5" in a column).
pub(crate) fn last_square(unit: &str, place: &str) -> String {
    format!("{unit} has one square left: {place}, so its queen goes there.")
}

/// The found deduction in words.
fn explain(found: ClassicFound) -> Deduction {
    let Found {
        rule,
        kind,
        square,
        why,
    } = found;
    let here = square_words(square);
    let chain = match &why {
        Why::LookAhead { forced, .. } => forced.iter().map(|&(_, queen)| queen).collect(),
        _ => Vec::new(),
    };
    let (reason, lines, squares) = match why {
        Why::Attacked { queen, unit } => (
            format!(
                "The queen on {} attacks {here} along {}, so no queen can go there.",
                square_words(queen),
                unit.map_or_else(|| "a line".to_string(), |line| line.words())
            ),
            unit.into_iter().collect(),
            vec![queen],
        ),
        Why::Last(line) => {
            let (words, place) = match line {
                Line::Row(_) => ("Row", format!("column {}", square.1 + 1)),
                _ => ("Column", format!("row {}", square.0 + 1)),
            };
            (
                last_square(&format!("{words} {}", line.index() + 1), &place),
                vec![line],
                Vec::new(),
            )
        }
        Why::Empties { unit: line, taken } => (
            format!(
                "A queen on {here} would leave {} with no square left, so no queen can go there.",
                line.words()
            ),
            vec![line],
            taken,
        ),
        Why::Confined {
            confined: lines,
            claimed,
            squares,
        } => {
            let mut reason = line_list(&lines);
            reason[..1].make_ascii_uppercase();
            let (count, all) = match lines.len() {
                2 => ("two", "both"),
                3 => ("three", "all three"),
                4 => ("four", "all four"),
                5 => ("five", "all five"),
                _ => ("six", "all six"),
            };
            let plural = match claimed.first() {
                Some(Line::Column(_)) => "columns",
                Some(Line::Row(_)) => "rows",
                _ => "diagonals",
            };
            let (on, take) = match claimed.first() {
                Some(Line::Diagonal(_) | Line::AntiDiagonal(_)) => ("on", "stand on"),
                _ => ("in", "take"),
            };
            let reason = format!(
                "{reason} have squares left only {on} {}, so their {count} queens {take} {all} \
                 {plural} and no other queen can go on {here}.",
                line_list(&claimed),
            );
            let mut used = lines;
            used.extend(claimed);
            (reason, used, squares)
        }
        Why::LookAhead { forced, unit: line } => {
            let words: Vec<_> = forced.iter().map(|&(last, q)| (last.words(), q)).collect();
            let mut lines: Vec<Line> = forced.iter().map(|&(last, _)| last).collect();
            lines.push(line);
            (
                look_ahead_reason(&here, &words, &line.words()),
                lines,
                forced.iter().map(|&(_, queen)| queen).collect(),
            )
        }
    };
    Deduction {
        kind,
        row: square.0,
        col: square.1,
        rule,
        reason,
        lines,
        squares,
        chain,
    }
}

/// The line two squares share: their row, column, diagonal or anti-diagonal
/// (in that order); `None` if they share none.
fn shared_line(n: usize, a: (usize, usize), b: (usize, usize)) -> Option<Line> {
    if a.0 == b.0 {
        Some(Line::Row(a.0))
    } else if a.1 == b.1 {
        Some(Line::Column(a.1))
    } else if a.0 + b.1 == b.0 + a.1 {
        Some(Line::Diagonal(a.0 + n - 1 - a.1))
    } else if a.0 + a.1 == b.0 + b.1 {
        Some(Line::AntiDiagonal(a.0 + a.1))
    } else {
        None
    }
}

/// The simplest deduction on `board` by a rule of at most level `most`, or
/// `None` when the board is full or none of those rules applies.
pub fn deduce(board: &Board, most: Level) -> Option<Deduction> {
    if board.is_full() {
        return None;
    }
    let n = board.n;
    for row in 0..n {
        let hit = board.open(row) & board.attacked(row);
        if hit.is_empty() {
            continue;
        }
        let square = (row, hit.first());
        let found = board.queens.iter().find_map(|&queen| {
            let line = shared_line(n, queen, square)?;
            attacks(queen, square).then_some(Why::Attacked {
                queen,
                unit: Some(line),
            })
        })?;
        return Some(explain(Found {
            rule: Rule::Attacked,
            kind: Kind::RuleOut,
            square,
            why: found,
        }));
    }
    find(&board.grid(), most).map(explain)
}

/// A queen forced on the last square of a line: the line and the square.
pub type Forced = (Line, (usize, usize));

/// On `board`, the queens its last squares force one by one (each with the
/// line it was the last square of), up to `most` of them, until a row or
/// column still to fill has no square left: the queens forced and that
/// line, if one turned up. A dead end, shown as a chain a person can follow.
pub fn forced_chain(board: &Board, most: usize) -> (Vec<Forced>, Option<Line>) {
    forced_queens(&mut board.grid(), most)
}

/// True when the rules of at most level `most`, applied one by one from the
/// queens `givens` (each on the board once), fill the board: the givens then
/// have exactly one completion (if any), found with no guess.
pub fn solves(n: usize, givens: &[(usize, usize)], most: Level) -> bool {
    solve(Board::from_queens(n, givens).grid(), |grid| {
        find(grid, most).map(|found| (found.kind, found.square))
    })
}
