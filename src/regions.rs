//! Queens in regions: an N×N board (N from [`MIN_N`] to [`MAX_N`]) cut into
//! N regions, to be filled with one queen in every row, every column and
//! every region, no two queens touching (side or corner). A queen does not
//! attack along a diagonal beyond the squares touching it.
//!
//! [`Layout`] checks a board's regions; [`completions`] counts the solutions
//! that hold given queens; [`deduce()`] finds the simplest conclusion one of
//! the [`RegionRule`]s allows, with the units it uses and, for a look-ahead,
//! the forced queens in order; [`dead_end`] names the queen to move on a
//! board with no completion and the chain of forced queens that shows it;
//! [`generate`] makes a puzzle with exactly one solution, graded by the
//! hardest tier of rules a solve needs ([`grade`]); [`search`] records the
//! row-by-row backtracking search on a board, step by step, for the page to
//! play.
//!
//! Every rule rests on one fact: each row, column and region holds exactly
//! one queen. So when k units of one kind (rows, columns or regions) have
//! their squares left inside k units of another kind, those k queens fill
//! the k units of the other kind, and no other square of them can hold a
//! queen (confinement, Hall's condition).

use crate::algorithms::find_one::rng::XorShift;
use crate::algorithms::vocabulary::StepKind;
use crate::deduce::{
    self, empties_found, forced_queens, last_found, look_ahead_found, look_ahead_reason, numbered,
    solve, Kind, Level, Progress, Why,
};
use crate::error::Error;
use crate::puzzle::random_rows;

/// The smallest board a regions puzzle takes.
pub const MIN_N: usize = 5;
/// The largest board a regions puzzle takes (its squares fit one `u128`).
pub const MAX_N: usize = 11;

/// The most units of one kind a confinement names: enough for every board
/// up to [`MAX_N`] (a larger set's complement is found instead).
const CONFINEMENT_MOST: usize = MAX_N / 2;

/// A set of squares, bit `row * n + col`.
type Set = u128;

/// A unit of the board: a row, a column or a region, each holding exactly
/// one queen in a solution. Counting from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Region(usize),
}

impl Unit {
    /// The unit's kind, as the page names it: "row", "column", "region".
    pub fn kind(self) -> &'static str {
        match self {
            Unit::Row(_) => "row",
            Unit::Column(_) => "column",
            Unit::Region(_) => "region",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Unit::Row(i) | Unit::Column(i) | Unit::Region(i) => i,
        }
    }

    /// "row 3", "column 5", "region 2" (counting from 1).
    pub fn words(self) -> String {
        format!("{} {}", self.kind(), self.index() + 1)
    }

    /// The unit's place among a layout's 3N units: rows, columns, regions.
    fn slot(self, n: usize) -> usize {
        match self {
            Unit::Row(i) => i,
            Unit::Column(i) => n + i,
            Unit::Region(i) => 2 * n + i,
        }
    }

    fn from_slot(slot: usize, n: usize) -> Unit {
        match slot / n {
            0 => Unit::Row(slot),
            1 => Unit::Column(slot - n),
            _ => Unit::Region(slot - 2 * n),
        }
    }
}

/// A board's regions, checked, with each unit's squares and each square's
/// reach (what a queen there takes) worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    n: usize,
    region: Vec<u8>,
    /// The squares of each unit, by slot: rows, then columns, then regions.
    units: Vec<Set>,
    /// For each square: its row, column and region and the squares touching
    /// it, itself included.
    reach: Vec<Set>,
}

impl Layout {
    /// The layout whose square `row * n + col` lies in region
    /// `regions[row * n + col]`. An error for N outside [`MIN_N`]..=[`MAX_N`],
    /// a list of the wrong length, a region number of N or more, or a region
    /// with no square.
    pub fn new(n: usize, regions: &[usize]) -> Result<Layout, Error> {
        check_size(n)?;
        if regions.len() != n * n {
            return Err(Error::RegionMapLength {
                n,
                got: regions.len(),
            });
        }
        if let Some((square, &id)) = regions.iter().enumerate().find(|(_, &id)| id >= n) {
            return Err(Error::RegionNumberOutOfRange { n, square, id });
        }
        if let Some(region) = (0..n).find(|id| !regions.contains(id)) {
            return Err(Error::EmptyRegion { n, region });
        }
        let region: Vec<u8> = regions.iter().map(|&id| id as u8).collect();
        let mut units = vec![0 as Set; 3 * n];
        for square in 0..n * n {
            let bit = 1 << square;
            units[Unit::Row(square / n).slot(n)] |= bit;
            units[Unit::Column(square % n).slot(n)] |= bit;
            units[Unit::Region(region[square] as usize).slot(n)] |= bit;
        }
        let reach = (0..n * n)
            .map(|square| {
                let (row, col) = (square / n, square % n);
                let mut set = units[Unit::Row(row).slot(n)]
                    | units[Unit::Column(col).slot(n)]
                    | units[Unit::Region(region[square] as usize).slot(n)];
                for r in row.saturating_sub(1)..=(row + 1).min(n - 1) {
                    for c in col.saturating_sub(1)..=(col + 1).min(n - 1) {
                        set |= 1 << (r * n + c);
                    }
                }
                set
            })
            .collect();
        Ok(Layout {
            n,
            region,
            units,
            reach,
        })
    }

    pub fn n(&self) -> usize {
        self.n
    }

    /// The region of each square, `row * n + col`.
    pub fn regions(&self) -> Vec<usize> {
        self.region.iter().map(|&id| id as usize).collect()
    }

    /// The region of a square.
    pub fn region(&self, row: usize, col: usize) -> usize {
        self.region[row * self.n + col] as usize
    }

    /// The units a square lies in: its row, column and region.
    fn units_of(&self, square: usize) -> [Unit; 3] {
        let n = self.n;
        [
            Unit::Row(square / n),
            Unit::Column(square % n),
            Unit::Region(self.region[square] as usize),
        ]
    }

    /// True when queens on squares `a` and `b` cannot both stand: the same
    /// row, column or region, or touching.
    pub fn clash(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        let n = self.n;
        a != b && self.reach[a.0 * n + a.1] >> (b.0 * n + b.1) & 1 == 1
    }

    /// Queens on `squares` (`row * n + col`), checked: an error for a square
    /// off the board or given twice. Queens that clash are allowed (the
    /// board then has no completion).
    pub fn queens(&self, squares: &[usize]) -> Result<Vec<(usize, usize)>, Error> {
        on_board(self.n, squares)?;
        deduce::queens_on(self.n, squares)
    }
}

/// An error for the first of `squares` off the n×n board.
fn on_board(n: usize, squares: &[usize]) -> Result<(), Error> {
    match squares.iter().find(|&&square| square >= n * n) {
        Some(&square) => Err(Error::SquareOffRegionsBoard { square, n }),
        None => Ok(()),
    }
}

/// An error unless N is from [`MIN_N`] to [`MAX_N`].
pub fn check_size(n: usize) -> Result<(), Error> {
    if (MIN_N..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::RegionsSizeOutOfRange {
            n,
            min: MIN_N,
            max: MAX_N,
        })
    }
}

/// A regions board as a person works on it: queens, and squares marked as
/// ruled out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    layout: Layout,
    /// The queens and marks, as on a classic board.
    marks: deduce::Board,
}

impl Board {
    /// The board with queens on `queens` and `excluded` marked (squares
    /// `row * n + col`): an error for a square off the board, repeated, or
    /// both a queen and marked.
    pub fn new(layout: Layout, queens: &[usize], excluded: &[usize]) -> Result<Board, Error> {
        on_board(layout.n, queens)?;
        on_board(layout.n, excluded)?;
        let marks = deduce::Board::new(layout.n, queens, excluded)?;
        Ok(Board { layout, marks })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn queens(&self) -> &[(usize, usize)] {
        self.marks.queens()
    }

    /// Applies a deduction: a queen on its square, or its square marked.
    pub fn apply(&mut self, deduction: &Deduction) {
        self.marks.apply(deduction);
    }

    /// The squares marked as ruled out.
    fn excluded(&self) -> Set {
        let n = self.layout.n;
        (0..n * n)
            .filter(|&s| self.marks.is_excluded(s / n, s % n))
            .fold(0, |set, s| set | 1 << s)
    }

    fn queen_set(&self) -> Set {
        let n = self.layout.n;
        self.queens()
            .iter()
            .fold(0, |set, &(r, c)| set | 1 << (r * n + c))
    }

    /// True when every row holds a queen.
    pub fn is_full(&self) -> bool {
        self.marks.is_full()
    }

    fn grid(&self) -> Grid<'_> {
        Grid::with_queens(
            &self.layout,
            all(self.layout.n) & !self.excluded(),
            self.queens(),
        )
    }
}

/// Every square of an n×n board.
fn all(n: usize) -> Set {
    if n * n == 128 {
        Set::MAX
    } else {
        (1 << (n * n)) - 1
    }
}

/// Where queens may still go on a layout, in the rules' eyes, and the units
/// that hold one.
#[derive(Clone, Copy, Debug)]
struct Grid<'a> {
    layout: &'a Layout,
    cand: Set,
    /// Bit `slot` for each unit that holds a queen.
    done: u64,
}

impl<'a> Grid<'a> {
    /// The grid with queens on `queens`, and else only squares of `open`.
    fn with_queens(layout: &'a Layout, open: Set, queens: &[(usize, usize)]) -> Grid<'a> {
        let mut grid = Grid {
            layout,
            cand: open,
            done: 0,
        };
        for &(row, col) in queens {
            grid.place(row * layout.n + col);
        }
        grid
    }

    fn open(&self, slot: usize) -> bool {
        self.done >> slot & 1 == 0
    }

    fn left(&self, slot: usize) -> Set {
        self.cand & self.layout.units[slot]
    }
}

impl Progress for Grid<'_> {
    type Unit = Unit;
    type Square = usize;

    fn squares_left(&self) -> impl Iterator<Item = usize> + '_ {
        let mut rest = self.cand;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                square
            })
        })
    }

    fn last_square(&self) -> Option<(Unit, usize)> {
        let n = self.layout.n;
        (0..3 * n)
            .find(|&s| self.open(s) && self.left(s).count_ones() == 1)
            .map(|s| {
                (
                    Unit::from_slot(s, n),
                    self.left(s).trailing_zeros() as usize,
                )
            })
    }

    fn empty_unit(&self) -> Option<Unit> {
        let n = self.layout.n;
        (0..3 * n)
            .find(|&s| self.open(s) && self.left(s) == 0)
            .map(|s| Unit::from_slot(s, n))
    }

    /// Its units are done and it takes its reach (its own square too).
    fn place(&mut self, square: usize) {
        let layout = self.layout;
        self.cand &= !layout.reach[square];
        for unit in layout.units_of(square) {
            self.done |= 1 << unit.slot(layout.n);
        }
    }

    fn rule_out(&mut self, square: usize) {
        self.cand &= !(1 << square);
    }

    fn is_full(&self) -> bool {
        (0..self.layout.n).all(|row| !self.open(row))
    }
}

/// A rule of deduction for regions, simple to hard in the order declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegionRule {
    Attacked,
    LastInRow,
    LastInColumn,
    LastInRegion,
    RegionInLine,
    LineInRegion,
    EmptiesLine,
    Confinement,
    LookAhead,
}

impl RegionRule {
    /// Every rule, simple to hard.
    pub const ALL: [RegionRule; 9] = [
        RegionRule::Attacked,
        RegionRule::LastInRow,
        RegionRule::LastInColumn,
        RegionRule::LastInRegion,
        RegionRule::RegionInLine,
        RegionRule::LineInRegion,
        RegionRule::EmptiesLine,
        RegionRule::Confinement,
        RegionRule::LookAhead,
    ];

    pub fn id(self) -> &'static str {
        match self {
            RegionRule::Attacked => "attacked",
            RegionRule::LastInRow => "last-in-row",
            RegionRule::LastInColumn => "last-in-column",
            RegionRule::LastInRegion => "last-in-region",
            RegionRule::RegionInLine => "region-in-line",
            RegionRule::LineInRegion => "line-in-region",
            RegionRule::EmptiesLine => "empties-line",
            RegionRule::Confinement => "confinement",
            RegionRule::LookAhead => "look-ahead",
        }
    }

    /// The rule's name for a person.
    pub fn name(self) -> &'static str {
        match self {
            RegionRule::Attacked => "Taken square",
            RegionRule::LastInRow => "Last square in a row",
            RegionRule::LastInColumn => "Last square in a column",
            RegionRule::LastInRegion => "Last square in a region",
            RegionRule::RegionInLine => "Region in a line",
            RegionRule::LineInRegion => "Line in a region",
            RegionRule::EmptiesLine => "Empties a line",
            RegionRule::Confinement => "Confinement",
            RegionRule::LookAhead => "Look-ahead",
        }
    }

    /// The lowest level whose puzzles may need this rule.
    pub fn level(self) -> Level {
        match self {
            RegionRule::Attacked
            | RegionRule::LastInRow
            | RegionRule::LastInColumn
            | RegionRule::LastInRegion => Level::Easy,
            RegionRule::RegionInLine | RegionRule::LineInRegion | RegionRule::EmptiesLine => {
                Level::Medium
            }
            RegionRule::Confinement => Level::Hard,
            RegionRule::LookAhead => Level::Expert,
        }
    }

    /// The rule in one sentence.
    pub fn summary(self) -> &'static str {
        match self {
            RegionRule::Attacked => {
                "A queen's row, column and region, and the eight squares touching it, hold no \
                 other queen."
            }
            RegionRule::LastInRow => "A row with one square left must take its queen there.",
            RegionRule::LastInColumn => "A column with one square left must take its queen there.",
            RegionRule::LastInRegion => "A region with one square left must take its queen there.",
            RegionRule::RegionInLine => {
                "When a region's squares left all lie in one row (or column), its queen is in \
                 that line, so the line's other squares hold no queen."
            }
            RegionRule::LineInRegion => {
                "When a row's (or column's) squares left all lie in one region, its queen is \
                 that region's, so the region's other squares hold no queen."
            }
            RegionRule::EmptiesLine => {
                "A queen cannot go on a square if it would leave some row, column or region \
                 with no square left."
            }
            RegionRule::Confinement => {
                "When the squares left in k rows, columns or regions all lie inside k units of \
                 another kind, those k queens fill those k units, so their other squares hold \
                 no queen."
            }
            RegionRule::LookAhead => {
                "A queen cannot go on a square if it would force a short chain of queens on \
                 last squares that leaves some row, column or region with no square left."
            }
        }
    }
}

/// One step of reasoning on a regions board: what it concludes, by which
/// rule, and why; its lines are the units it uses.
pub type Deduction = crate::deduce::Deduction<RegionRule, Unit>;

/// What a rule found on a regions board, before it is put in words.
type Found = deduce::Found<RegionRule, Unit, usize>;

fn squares_of(set: Set, n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut rest = set;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        out.push((square / n, square % n));
        rest &= rest - 1;
    }
    out
}

/// The kinds of unit, by the first slot of each.
const KINDS: [usize; 3] = [0, 1, 2];

/// The simplest deduction on `grid` by a rule after `attacked`, of at most
/// level `most`.
fn find(grid: &Grid, most: Level) -> Option<Found> {
    let n = grid.layout.n;
    let last = |unit| match unit {
        Unit::Row(_) => RegionRule::LastInRow,
        Unit::Column(_) => RegionRule::LastInColumn,
        Unit::Region(_) => RegionRule::LastInRegion,
    };
    if let Some(found) = last_found(grid, last) {
        return Some(found);
    }
    if most >= Level::Medium {
        if let Some(found) = confinement(grid, 1) {
            return Some(found);
        }
        let taken = |unit: Unit| squares_of(grid.left(unit.slot(n)), n);
        if let Some(found) = empties_found(grid, RegionRule::EmptiesLine, taken) {
            return Some(found);
        }
    }
    if most >= Level::Hard {
        if let Some(found) = (2..=CONFINEMENT_MOST).find_map(|k| confinement(grid, k)) {
            return Some(found);
        }
    }
    if most >= Level::Expert {
        return look_ahead_found(grid, RegionRule::LookAhead);
    }
    None
}

/// k open units of one kind whose squares left lie inside k open units of
/// another kind, when those k units have a square left outside the first k:
/// that square, ruled out. Rows and columns are not paired at k = 1 (a line
/// inside one line is a last square).
fn confinement(grid: &Grid, k: usize) -> Option<Found> {
    let layout = grid.layout;
    let n = layout.n;
    for a in KINDS {
        for b in KINDS {
            if a == b || (k == 1 && a < 2 && b < 2) {
                continue;
            }
            // Each open unit of kind `a`, with the units of kind `b` its
            // squares left meet.
            let open: Vec<(usize, u32)> = (a * n..a * n + n)
                .filter(|&s| grid.open(s))
                .map(|s| {
                    let left = grid.left(s);
                    let meets = (0..n)
                        .filter(|&j| left & layout.units[b * n + j] != 0)
                        .fold(0u32, |m, j| m | 1 << j);
                    (s, meets)
                })
                .collect();
            if open.len() <= k {
                continue;
            }
            let mut chosen = Vec::with_capacity(k);
            if let Some(found) = hall(grid, &open, k, 0, 0, &mut chosen, b) {
                return Some(found);
            }
        }
    }
    None
}

/// Grows `chosen` (indices into `open`) to k units whose meets together
/// number k, pruning as soon as they number more; returns the first whose
/// claimed units have a square left outside the chosen units.
#[allow(clippy::too_many_arguments)]
fn hall(
    grid: &Grid,
    open: &[(usize, u32)],
    k: usize,
    from: usize,
    meets: u32,
    chosen: &mut Vec<usize>,
    b: usize,
) -> Option<Found> {
    let layout = grid.layout;
    let n = layout.n;
    if chosen.len() == k {
        let inside = chosen
            .iter()
            .fold(0 as Set, |set, &i| set | layout.units[open[i].0]);
        let claimed: Vec<usize> = (0..n).filter(|&j| meets >> j & 1 == 1).collect();
        let cover = claimed
            .iter()
            .fold(0 as Set, |set, &j| set | layout.units[b * n + j]);
        let outside = grid.cand & cover & !inside;
        if outside == 0 {
            return None;
        }
        let confined: Vec<Unit> = chosen
            .iter()
            .map(|&i| Unit::from_slot(open[i].0, n))
            .collect();
        let rule = match (confined[0], k) {
            (_, 2..) => RegionRule::Confinement,
            (Unit::Region(_), _) => RegionRule::RegionInLine,
            _ => RegionRule::LineInRegion,
        };
        return Some(Found {
            rule,
            kind: Kind::RuleOut,
            square: outside.trailing_zeros() as usize,
            why: Why::Confined {
                confined,
                claimed: claimed
                    .iter()
                    .map(|&j| Unit::from_slot(b * n + j, n))
                    .collect(),
                squares: squares_of(grid.cand & inside, n),
            },
        });
    }
    for i in from..open.len() {
        let joined = meets | open[i].1;
        if joined.count_ones() as usize > k || open[i].1 == 0 {
            continue;
        }
        chosen.push(i);
        let found = hall(grid, open, k, i + 1, joined, chosen, b);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

fn square_words(n: usize, square: usize) -> String {
    format!("row {}, column {}", square / n + 1, square % n + 1)
}

/// "rows 3 and 6", "regions 1, 2 and 4".
fn unit_list(units: &[Unit]) -> String {
    let kind = units.first().map_or("unit", |u| u.kind());
    numbered(kind, units.iter().map(|u| u.index()))
}

fn explain(found: Found, layout: &Layout) -> Deduction {
    let n = layout.n;
    let square = found.square;
    let here = square_words(n, square);
    let mut chain = Vec::new();
    let (reason, lines, squares) = match found.why {
        Why::Attacked { queen, unit } => {
            let q = queen.0 * n + queen.1;
            let how = match unit {
                Some(unit) => format!("shares {} with", unit.words()),
                None => "touches".to_string(),
            };
            (
                format!(
                    "The square {here} {how} the queen on {}, so no queen can go there.",
                    square_words(n, q)
                ),
                unit.into_iter().collect(),
                vec![queen],
            )
        }
        Why::Last(unit) => (
            // A row's square by its column, a column's by its row: the unit
            // already says the other.
            crate::deduce::last_square(
                &capitalised(&unit.words()),
                &match unit {
                    Unit::Row(_) => format!("column {}", square % n + 1),
                    Unit::Column(_) => format!("row {}", square / n + 1),
                    Unit::Region(_) => here.clone(),
                },
            ),
            vec![unit],
            Vec::new(),
        ),
        Why::Confined {
            confined,
            claimed,
            squares,
        } => {
            let k = confined.len();
            let (have, their, take) = if k == 1 {
                ("has", "its queen", "takes")
            } else {
                ("have", "their queens", "take")
            };
            let reason = format!(
                "{} {have} squares left only in {}, so {their} {take} {} and no other queen can \
                 go on {here}.",
                capitalised(&unit_list(&confined)),
                unit_list(&claimed),
                if k == 1 { "it" } else { "them all" }
            );
            let mut lines = confined;
            lines.extend(claimed);
            (reason, lines, squares)
        }
        Why::Empties { unit, taken } => (
            format!(
                "A queen on {here} would leave {} with no square left, so no queen can go there.",
                unit.words()
            ),
            vec![unit],
            taken,
        ),
        Why::LookAhead { forced, unit } => {
            let words: Vec<_> = forced
                .iter()
                .map(|&(last, q)| (last.words(), (q / n, q % n)))
                .collect();
            let mut lines: Vec<Unit> = forced.iter().map(|&(last, _)| last).collect();
            lines.push(unit);
            chain = words.iter().map(|&(_, queen)| queen).collect();
            (
                look_ahead_reason(&here, &words, &unit.words()),
                lines,
                chain.clone(),
            )
        }
    };
    Deduction {
        kind: found.kind,
        row: square / n,
        col: square % n,
        rule: found.rule,
        reason,
        lines,
        squares,
        chain,
    }
}

fn capitalised(words: &str) -> String {
    let mut words = words.to_string();
    if let Some(first) = words.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    words
}

/// The simplest deduction on `board` by a rule of at most level `most`, or
/// `None` when the board is full or none of those rules applies.
pub fn deduce(board: &Board, most: Level) -> Option<Deduction> {
    if board.is_full() {
        return None;
    }
    let layout = &board.layout;
    let n = layout.n;
    let open = all(n) & !board.excluded() & !board.queen_set();
    for &(qr, qc) in board.queens() {
        let q = qr * n + qc;
        let hit = open & layout.reach[q];
        if hit != 0 {
            let square = hit.trailing_zeros() as usize;
            let shared = layout
                .units_of(q)
                .into_iter()
                .zip(layout.units_of(square))
                .find(|(a, b)| a == b)
                .map(|(a, _)| a);
            return Some(explain(
                Found {
                    rule: RegionRule::Attacked,
                    kind: Kind::RuleOut,
                    square,
                    why: Why::Attacked {
                        queen: (qr, qc),
                        unit: shared,
                    },
                },
                layout,
            ));
        }
    }
    find(&board.grid(), most).map(|found| explain(found, layout))
}

/// The hardest level a solve of the layout with queens `givens` needs: the
/// lowest level whose rules, applied one by one, fill the board; `None` when
/// even look-ahead falls short.
pub fn grade(layout: &Layout, givens: &[(usize, usize)]) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|&level| solves(layout, givens, level))
}

/// True when the rules of at most level `most`, applied one by one from
/// `givens`, fill the board: it then has exactly one completion, found with
/// no guess.
pub fn solves(layout: &Layout, givens: &[(usize, usize)], most: Level) -> bool {
    let grid = Grid::with_queens(layout, all(layout.n), givens);
    solve(grid, |grid| {
        find(grid, most).map(|found| (found.kind, found.square))
    })
}

/// Walks the solutions that hold every queen of `queens` (and no square of
/// `excluded`), row by row, calling `leaf` with each row's column; stops when
/// `leaf` returns false.
fn walk(
    layout: &Layout,
    queens: &[(usize, usize)],
    excluded: Set,
    leaf: &mut impl FnMut(&[usize]) -> bool,
) {
    let n = layout.n;
    let mut fixed = [None; MAX_N];
    for &(row, col) in queens {
        if fixed[row].is_some_and(|c| c != col) {
            return;
        }
        fixed[row] = Some(col);
    }
    // Two given queens that clash leave nothing.
    for (i, &a) in queens.iter().enumerate() {
        if queens[i + 1..].iter().any(|&b| layout.clash(a, b)) {
            return;
        }
    }
    let mut given: Set = 0;
    for &(row, col) in queens {
        given |= layout.reach[row * n + col];
    }
    fn go(
        layout: &Layout,
        fixed: &[Option<usize>; MAX_N],
        allowed: Set,
        cols: &mut Vec<usize>,
        leaf: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        let n = layout.n;
        let row = cols.len();
        if row == n {
            return leaf(cols);
        }
        for col in 0..n {
            let square = row * n + col;
            let ok = match fixed[row] {
                Some(c) => c == col,
                None => allowed >> square & 1 == 1,
            };
            if !ok {
                continue;
            }
            let below = allowed & !layout.reach[square];
            if !room_below(layout, fixed, row + 1, below) {
                continue;
            }
            cols.push(col);
            let more = go(layout, fixed, below, cols, leaf);
            cols.pop();
            if !more {
                return false;
            }
        }
        true
    }
    /// False when the free rows from `from` down cannot all take a queen
    /// on `allowed`: a row with no square, or fewer columns or regions with
    /// a square than rows to fill (each needs its own).
    fn room_below(
        layout: &Layout,
        fixed: &[Option<usize>; MAX_N],
        from: usize,
        allowed: Set,
    ) -> bool {
        let n = layout.n;
        let mut free = 0;
        for (row, given) in fixed.iter().enumerate().take(n).skip(from) {
            if given.is_none() {
                if allowed & layout.units[row] == 0 {
                    return false;
                }
                free += 1;
            }
        }
        let rest = allowed & !(layout.units[0..from].iter().fold(0, |set, &u| set | u));
        let count =
            |slots: std::ops::Range<usize>| slots.filter(|&s| rest & layout.units[s] != 0).count();
        count(n..2 * n) >= free && count(2 * n..3 * n) >= free
    }
    // Squares a free row may use: not excluded, not reached by a given
    // queen; a given queen's own row is fixed to it.
    let allowed = all(n) & !excluded & !given;
    // A given queen's reach is applied when its row is reached too, so the
    // rows above it must avoid it: they do, through `given`.
    go(layout, &fixed, allowed, &mut Vec::with_capacity(n), leaf);
}

/// How many solutions hold every queen of `queens`, counting up to `most`.
pub fn completions(layout: &Layout, queens: &[(usize, usize)], most: u64) -> u64 {
    let mut count = 0;
    walk(layout, queens, 0, &mut |_| {
        count += 1;
        count < most
    });
    count
}

/// The first solution (row by row, lowest column first) holding every queen
/// of `queens`: each row's column.
pub fn first_completion(layout: &Layout, queens: &[(usize, usize)]) -> Option<Vec<usize>> {
    let mut found = None;
    walk(layout, queens, 0, &mut |cols| {
        found = Some(cols.to_vec());
        false
    });
    found
}

/// Why a board has no completion: the queen to move, and what shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadEnd {
    /// A queen whose removal makes a completion possible (the last placed
    /// such queen); `None` if no single queen's removal helps.
    pub culprit: Option<(usize, usize)>,
    /// The queens the board forces, in order, before a unit is left empty
    /// (empty when a unit is empty already or when the chain is longer than
    /// the board).
    pub chain: Vec<(usize, usize)>,
    /// The unit left with no square at the end of the chain, if the chain
    /// shows one.
    pub unit: Option<Unit>,
    /// The reason in one sentence.
    pub reason: String,
}

/// On a board with no completion, the queen to move and the chain of forced
/// queens that leads to a unit with no square left; `None` when the board
/// can be completed.
pub fn dead_end(board: &Board) -> Option<DeadEnd> {
    let layout = &board.layout;
    let n = layout.n;
    let queens = board.queens();
    if first_completion(layout, queens).is_some() {
        return None;
    }
    let culprit = queens.iter().rev().copied().find(|&queen| {
        let others: Vec<(usize, usize)> = queens.iter().copied().filter(|&q| q != queen).collect();
        first_completion(layout, &others).is_some()
    });
    let clash = queens.iter().enumerate().find_map(|(i, &a)| {
        queens[i + 1..]
            .iter()
            .find(|&&b| layout.clash(a, b))
            .map(|&b| (a, b))
    });
    let mut grid = Grid::with_queens(layout, all(n), queens);
    let (forced, unit) = forced_queens(&mut grid, n);
    let move_words = match culprit {
        Some(q) => format!("; move the queen on {}", square_words(n, q.0 * n + q.1)),
        None => String::new(),
    };
    let (chain, unit, reason) = if let Some((a, b)) = clash {
        (
            Vec::new(),
            None,
            format!(
                "The queens on {} and {} share a row, column or region or touch{move_words}.",
                square_words(n, a.0 * n + a.1),
                square_words(n, b.0 * n + b.1)
            ),
        )
    } else if let Some(unit) = unit {
        let chain: Vec<(usize, usize)> = forced.iter().map(|&(_, q)| (q / n, q % n)).collect();
        let steps = if chain.is_empty() {
            String::new()
        } else {
            let words: Vec<String> = forced
                .iter()
                .map(|&(last, q)| {
                    format!(
                        "a queen on {} (the last square of {})",
                        square_words(n, q),
                        last.words()
                    )
                })
                .collect();
            format!("The queens force {}, and then ", words.join(", then "))
        };
        let tail = format!("{} has no square left{move_words}.", unit.words());
        let reason = if steps.is_empty() {
            capitalised(&tail)
        } else {
            format!("{steps}{tail}")
        };
        (chain, Some(unit), reason)
    } else {
        (
            Vec::new(),
            None,
            format!("No solution holds all these queens{move_words}."),
        )
    };
    Some(DeadEnd {
        culprit,
        chain,
        unit,
        reason,
    })
}

/// A generated regions puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub layout: Layout,
    /// Queens given at the start (none in most puzzles).
    pub givens: Vec<(usize, usize)>,
    /// The one solution: each row's column.
    pub solution: Vec<usize>,
    pub level: Level,
}

/// How many layouts [`generate`] draws before it gives up.
const ATTEMPTS: usize = 3_000;

/// A puzzle with exactly one solution: a solution drawn first (one queen in
/// each row and column, none touching), regions grown around its queens
/// square by square and then reshaped until an exact search finds no other
/// solution (`make_unique`). Its grade ([`grade`]) is the level its solve
/// needs; while that is harder than `level` (or beyond look-ahead), queens
/// of the solution are given one by one in a drawn order. With `level`,
/// drawn again until the grade is that level; without, the first layout
/// graded at all. The same (n, seed, level) gives the same puzzle. `None` if none
/// turned up (see [`levels`]).
pub fn generate(n: usize, seed: u64, level: Option<Level>) -> Option<Puzzle> {
    if check_size(n).is_err() {
        return None;
    }
    // The seed and N, through one SplitMix64 step.
    let mut random = XorShift::split_mixed(seed ^ ((n as u64) << 56));
    for _ in 0..ATTEMPTS {
        let solution = random_solution(n, &mut random);
        let mut regions = grow(n, &solution, &mut random);
        if !make_unique(n, &solution, &mut regions, &mut random) {
            continue;
        }
        let Ok(layout) = Layout::new(n, &regions) else {
            continue;
        };
        // Queens of the solution to give, in a drawn order, while the
        // puzzle is harder than wanted.
        let mut order: Vec<(usize, usize)> = solution.iter().copied().enumerate().collect();
        random.shuffle(&mut order);
        let mut givens = Vec::new();
        loop {
            let grade = grade(&layout, &givens);
            let harder = match (grade, level) {
                (None, _) => true,
                (Some(grade), Some(want)) => grade > want,
                (Some(_), None) => false,
            };
            if !harder {
                if let Some(grade) = grade.filter(|&g| level.is_none_or(|want| want == g)) {
                    givens.sort_unstable();
                    return Some(Puzzle {
                        layout,
                        givens,
                        solution,
                        level: grade,
                    });
                }
                break;
            }
            let Some(queen) = order.pop() else {
                break;
            };
            givens.push(queen);
        }
    }
    None
}

/// How many squares [`make_unique`] moves from region to region before it
/// gives up on a layout.
const REPAIRS: usize = 300;

/// Moves squares between regions until `solution` is the layout's only
/// solution: while another solution exists, one of its queens off the
/// first solution's squares joins a region beside it (a side shared), so
/// that region holds two of its queens; the region it leaves must stay in
/// one piece. True when the layout ends with one solution.
fn make_unique(n: usize, solution: &[usize], regions: &mut [usize], random: &mut XorShift) -> bool {
    let seeds: Vec<usize> = solution
        .iter()
        .enumerate()
        .map(|(row, &col)| row * n + col)
        .collect();
    for _ in 0..REPAIRS {
        let Ok(layout) = Layout::new(n, regions) else {
            return false;
        };
        let mut other = None;
        walk(&layout, &[], 0, &mut |cols| {
            if cols != solution {
                other = Some(cols.to_vec());
            }
            other.is_none()
        });
        let Some(other) = other else {
            return true;
        };
        // Each move that breaks the other solution: a square of it, a
        // region beside it.
        let mut moves: Vec<(usize, usize)> = Vec::new();
        for (row, &col) in other.iter().enumerate() {
            let square = row * n + col;
            if seeds.contains(&square) {
                continue;
            }
            for next in beside(n, square) {
                if regions[next] != regions[square]
                    && !moves.contains(&(square, regions[next]))
                    && stays_whole(n, regions, square)
                {
                    moves.push((square, regions[next]));
                }
            }
        }
        if moves.is_empty() {
            return false;
        }
        let (square, id) = moves[(random.next() % moves.len() as u64) as usize];
        regions[square] = id;
    }
    false
}

/// The squares sharing a side with `square`.
fn beside(n: usize, square: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (square / n, square % n);
    [
        (row > 0).then(|| square - n),
        (row + 1 < n).then(|| square + n),
        (col > 0).then(|| square - 1),
        (col + 1 < n).then(|| square + 1),
    ]
    .into_iter()
    .flatten()
}

/// True when the region of `square` stays in one piece (squares joined by
/// sides) without it.
fn stays_whole(n: usize, regions: &[usize], square: usize) -> bool {
    let id = regions[square];
    let members: Vec<usize> = (0..n * n)
        .filter(|&s| s != square && regions[s] == id)
        .collect();
    let Some(&start) = members.first() else {
        return false;
    };
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some(at) = todo.pop() {
        for next in beside(n, at) {
            if next != square && regions[next] == id && !seen.contains(&next) {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    seen.len() == members.len()
}

/// The levels [`generate`] offers at N, easy to hard: those it finds
/// quickly for every seed tried (`tests/regions.rs` checks them; an expert
/// grade is rare on the 5×5, 6×6 and 11×11 boards).
pub fn levels(n: usize) -> &'static [Level] {
    match n {
        7..=10 => &Level::ALL,
        _ => &[Level::Easy, Level::Medium, Level::Hard],
    }
}

/// One queen in each row and column, none touching: each row's column,
/// drawn at random.
fn random_solution(n: usize, random: &mut XorShift) -> Vec<usize> {
    random_rows(n, random, |cols, _, col| {
        !cols.contains(&col) && cols.last().is_none_or(|&c| c.abs_diff(col) > 1)
    })
}

/// Regions grown around the solution's queens: each starts as its queen's
/// square, and square by square a region drawn at random takes a free
/// square beside it (sharing a side) until none is free.
fn grow(n: usize, solution: &[usize], random: &mut XorShift) -> Vec<usize> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; n * n];
    for (row, &col) in solution.iter().enumerate() {
        region[row * n + col] = row;
    }
    let mut left = n * n - n;
    while left > 0 {
        // The free squares beside some region, with that region.
        let mut edge: Vec<(usize, usize)> = Vec::new();
        for square in (0..n * n).filter(|&s| region[s] == FREE) {
            for next in beside(n, square) {
                if region[next] != FREE {
                    edge.push((square, region[next]));
                }
            }
        }
        if edge.is_empty() {
            break;
        }
        let (square, id) = edge[(random.next() % edge.len() as u64) as usize];
        region[square] = id;
        left -= 1;
    }
    region
}

/// A traced search: its steps, and the solution if it found one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub steps: Vec<(StepKind, usize, usize)>,
    pub solution: Option<Vec<usize>>,
    /// True when the step limit stopped the search first.
    pub cut: bool,
}

/// The backtracking search for the first solution holding the `givens`,
/// row by row, lowest column first: a square is safe when no queen placed
/// or given shares its column or region or touches it (a given queen's row
/// takes only that queen). Each square looked at is a `Probe`, then a
/// `Place` if it is safe; a queen whose row below led nowhere comes off in
/// a `Backtrack`; the full board is a `Solution` (on the last queen's
/// square). Stops after
/// `max_steps` steps.
pub fn search(layout: &Layout, givens: &[(usize, usize)], max_steps: usize) -> Trace {
    let n = layout.n;
    let mut fixed = [None; MAX_N];
    // What the given queens take, less their own squares: two that clash
    // take each other's, and the search then finds no safe square in one
    // of their rows.
    let mut blocked: Set = 0;
    for &(row, col) in givens {
        fixed[row] = Some(col);
        blocked |= layout.reach[row * n + col] & !(1 << (row * n + col));
    }
    let mut trace = Trace {
        steps: Vec::new(),
        solution: None,
        cut: false,
    };
    let mut cols: Vec<usize> = Vec::with_capacity(n);
    // For each row entered, the next column to try and the squares still
    // safe from it down.
    let mut next = vec![0usize; n + 1];
    let mut allowed = vec![0 as Set; n + 1];
    allowed[0] = all(n) & !blocked;
    let mut row = 0;
    loop {
        if trace.steps.len() >= max_steps {
            trace.cut = true;
            return trace;
        }
        if row == n {
            let last = cols[n - 1];
            trace.steps.push((StepKind::Solution, n - 1, last));
            trace.solution = Some(cols.clone());
            return trace;
        }
        let col = next[row];
        if col == n {
            // The row is spent: back to the row above, its queen off.
            if row == 0 {
                return trace;
            }
            row -= 1;
            let col = cols.pop().unwrap_or(0);
            trace.steps.push((StepKind::Backtrack, row, col));
            continue;
        }
        next[row] = col + 1;
        if fixed[row].is_some_and(|c| c != col) {
            continue;
        }
        let square = row * n + col;
        trace.steps.push((StepKind::Probe, row, col));
        if allowed[row] >> square & 1 == 0 {
            continue;
        }
        if trace.steps.len() >= max_steps {
            trace.cut = true;
            return trace;
        }
        trace.steps.push((StepKind::Place, row, col));
        cols.push(col);
        allowed[row + 1] = allowed[row] & !layout.reach[square];
        next[row + 1] = 0;
        row += 1;
    }
}
