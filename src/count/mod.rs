//! Count mode: how many solutions an N×N board has, as fast as the machine
//! allows, with no drawing.
//!
//! Two ways to count: [`backtrack`] walks the search tree with bit masks
//! (plainly, with the left–right mirror, or with all eight symmetries:
//! takaken's method, which also gives the classes), and [`halves`] meets in
//! the middle, listing each quarter of the board once and matching halves in
//! bulk ([`matcher`]). This module chooses: [`Method::for_n`] picks the faster
//! for N, a [`Plan`] cuts one N's count into independent pieces with their
//! estimated work, for a pool of workers, and [`count_both`] gives the total
//! with the classes, from Burnside's lemma ([`fixed`]) where the halves
//! counted the total.

pub mod backtrack;
pub mod fixed;
pub mod halves;
pub mod matcher;
pub mod shares;

pub use backtrack::{
    count_plain, count_subtask, count_total, count_with_symmetry, subtasks, work_estimates, Shape,
    Subtask, ESTIMATE_PROBES,
};

use std::ops::{Add, AddAssign, Range};

use crate::board::RowMask;

/// The largest N the counters take: rows are [`RowMask`]s.
pub const MAX_N: usize = RowMask::WIDTH;

/// The smallest N the page offers to count.
pub const PAGE_MIN_N: usize = 1;

/// The largest N the page offers to count: N = 20 already takes many minutes
/// shared out over workers.
pub const PAGE_MAX_N: usize = 20;

/// The largest N count mode counts on a GPU (the page's WebGPU engine, which
/// runs the symmetric search of [`backtrack`] in a shader): N = 21 takes a
/// fast GPU minutes, and the workers stop at [`PAGE_MAX_N`].
pub const GPU_MAX_N: usize = 21;

/// How count mode counts at a given N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Takaken's eight-way symmetric backtracking (see above).
    Symmetric,
    /// Meet in the middle: the board's four quarters listed once, joined
    /// into halves, and the halves matched in bulk ([`halves`]).
    Quadrants,
}

impl Method {
    /// The method that counts N fastest (measured: see BENCHMARKS.md).
    pub fn for_n(n: usize) -> Method {
        if (HALVES_FROM..=halves::MAX_N).contains(&n) {
            Method::Quadrants
        } else {
            Method::Symmetric
        }
    }

    /// A short id, for the page and the benchmarks.
    pub fn id(self) -> &'static str {
        match self {
            Method::Symmetric => "symmetric",
            Method::Quadrants => "quadrants",
        }
    }

    /// The method with this [`id`](Method::id).
    pub fn from_id(id: &str) -> Option<Method> {
        [Method::Symmetric, Method::Quadrants]
            .into_iter()
            .find(|m| m.id() == id)
    }

    /// A sentence for a person.
    pub fn describe(self) -> &'static str {
        match self {
            Method::Symmetric => {
                "backtracking row by row with bit masks, one board per class of eight symmetric ones"
            }
            Method::Quadrants => {
                "meet in the middle: each quarter of the board listed once, quarters joined into \
                 halves, and halves matched 512 at a time with bit tables"
            }
        }
    }
}

/// The smallest N that [`Method::Quadrants`] counts: below it, listing the
/// quarters costs more than backtracking.
pub const HALVES_FROM: usize = 12;

/// Count mode's plan for one N: the method, and the independent pieces it
/// cuts the count into, which a pool of workers shares. The pieces' totals
/// add up to the whole total.
pub struct Plan {
    n: usize,
    pieces: Pieces,
}

enum Pieces {
    Symmetric(Vec<Subtask>),
    Halves {
        halves: Box<halves::Halves>,
        splits: Vec<halves::Split>,
    },
}

impl Plan {
    /// The plan with the fastest method for N.
    ///
    /// # Panics
    /// If `n` > [`MAX_N`].
    pub fn new(n: usize) -> Plan {
        Plan::with_method(n, Method::for_n(n))
    }

    /// The plan with a given method (for tests and benchmarks). Falls back
    /// to [`Method::Symmetric`] where the quadrants cannot count N.
    ///
    /// # Panics
    /// If `n` > [`MAX_N`].
    pub fn with_method(n: usize, method: Method) -> Plan {
        check_n(n);
        let pieces = match method {
            Method::Quadrants if (4..=halves::MAX_N).contains(&n) => {
                let halves = Box::new(halves::Halves::new(n));
                let splits = halves.splits();
                Pieces::Halves { halves, splits }
            }
            _ => Pieces::Symmetric(subtasks(n)),
        };
        Plan { n, pieces }
    }

    pub fn n(&self) -> usize {
        self.n
    }

    pub fn method(&self) -> Method {
        match self.pieces {
            Pieces::Symmetric(_) => Method::Symmetric,
            Pieces::Halves { .. } => Method::Quadrants,
        }
    }

    /// How many pieces.
    pub fn len(&self) -> usize {
        match &self.pieces {
            Pieces::Symmetric(tasks) => tasks.len(),
            Pieces::Halves { splits, .. } => splits.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// An estimate of each piece's work, in piece order, in no particular
    /// unit: what the progress bar and the time left go by.
    pub fn weights(&self) -> Vec<f64> {
        match &self.pieces {
            Pieces::Symmetric(tasks) => tasks
                .iter()
                .map(|t| t.estimate(ESTIMATE_PROBES) as f64)
                .collect(),
            Pieces::Halves { halves, splits } => {
                splits.iter().map(|s| halves.estimate(s)).collect()
            }
        }
    }

    /// The solutions in pieces `range` (which must lie within `0..len()`).
    pub fn count_range(&self, range: Range<usize>) -> u64 {
        match &self.pieces {
            Pieces::Symmetric(tasks) => tasks[range].iter().map(|t| t.count().total).sum(),
            Pieces::Halves { halves, splits } => halves.count_splits(&splits[range]),
        }
    }

    /// Every solution: all the pieces.
    pub fn count(&self) -> u64 {
        self.count_range(0..self.len())
    }
}

/// A total and the number of classes of solutions distinct up to rotation and
/// reflection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Solutions distinct up to the eight symmetries of the square (A002562).
    pub fundamental: u64,
}

impl Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            total: self.total + other.total,
            fundamental: self.fundamental + other.fundamental,
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), Add::add)
    }
}

/// Refuses an N past the counters' limit, [`MAX_N`].
fn check_n(n: usize) {
    assert!(n <= MAX_N, "N must be at most {MAX_N}; got {n}");
}

/// All solutions (OEIS A000170), by the fastest method for N.
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_solutions(n: usize) -> u64 {
    match Method::for_n(n) {
        // The whole search at once: no pieces to cut and share.
        Method::Symmetric => count_with_symmetry(n).total,
        Method::Quadrants => Plan::new(n).count(),
    }
}

/// Both counts by the fastest method for N: below [`HALVES_FROM`] one pass
/// of the symmetric search gives both; from there the total meets in the
/// middle and the classes (OEIS A002562) come from it by Burnside's lemma
/// ([`fixed`]).
///
/// # Panics
/// If `n` > [`MAX_N`].
pub fn count_both(n: usize) -> Counts {
    match Method::for_n(n) {
        // One pass gives both.
        Method::Symmetric => count_with_symmetry(n),
        Method::Quadrants => {
            let total = Plan::new(n).count();
            Counts {
                total,
                fundamental: fixed::fixed_points(n).classes(total),
            }
        }
    }
}

/// The classes of solutions distinct up to rotation and reflection (OEIS
/// A002562), as [`count_both`] finds them.
pub fn count_fundamental(n: usize) -> u64 {
    count_both(n).fundamental
}
