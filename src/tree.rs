//! The search tree as the page draws it: an icicle over the N^N boards with
//! one queen per row, in lexicographic order (row 0's column most
//! significant), so the node for rows `0..d` is a contiguous range of leaves.
//!
//! What a picture needs is, for any range of leaves, how many are decided
//! (ruled out or found) so far. [`Decided::before`] answers "how many of the
//! leaves before index x", in O(N), from the search's state alone:
//!
//! - A depth-first search (backtracking, bitwise, the bitboard scan inside the
//!   space) is described by its [`Fork`]s: at each row of the current path,
//!   the path's column and the children already decided (tried, or ruled out
//!   on entering the row). Every child other than the path's is then either
//!   wholly decided or wholly pending.
//! - Brute force has decided exactly the boards whose odometer reading (row 0
//!   least significant) is below the step count: a digit count does it.
//!
//! The books agree: the decided leaves in all are `ruled_out + solutions`.

use crate::board::RowMask;
use crate::limits::{power, MAX_N};

/// One row of a depth-first search's current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The path's column in this row; `None` at the frontier (the row being
    /// filled), which has no path child.
    pub path: Option<usize>,
    /// The children of this row's node that are decided, the path's excluded.
    pub decided: RowMask,
}

/// How much of the tree a search has decided, ready to answer range queries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// A depth-first search's path, and below each fork how many leaves are
    /// decided in the path child's subtree.
    Path {
        n: usize,
        forks: Vec<Fork>,
        /// `in_path_child[r]`: decided leaves under the path child of fork r.
        in_path_child: Vec<u128>,
    },
    /// Brute force after `steps` boards.
    Odometer { n: usize, steps: u128 },
    /// Permutations: the boards that repeat a column are decided from the
    /// start; of the others, Heap's order has visited the current one and, at
    /// each level k, the whole blocks that put each column of `seen[k]` on
    /// row k with the rows below k as they are now.
    Heap {
        n: usize,
        perm: Vec<usize>,
        seen: Vec<u16>,
        started: bool,
    },
}

impl Decided {
    /// From a depth-first search's forks, top row first. When every row has a
    /// path column the path is a full board, decided (just found).
    pub fn path(n: usize, forks: Vec<Fork>) -> Decided {
        let mut in_path_child = vec![0u128; forks.len()];
        // Bottom up: the decided leaves under fork r's node, less its path
        // child's, are its decided children's whole subtrees.
        let mut below = if forks.len() == n && forks.iter().all(|f| f.path.is_some()) {
            1 // the leaf the path ends on
        } else {
            0
        };
        for r in (0..forks.len()).rev() {
            in_path_child[r] = below;
            below += forks[r].decided.count() as u128 * power(n, n - r - 1);
        }
        Decided::Path {
            n,
            forks,
            in_path_child,
        }
    }

    pub fn odometer(n: usize, steps: u64) -> Decided {
        Decided::Odometer {
            n,
            steps: steps as u128,
        }
    }

    pub fn heap(n: usize, perm: Vec<usize>, seen: Vec<u16>, started: bool) -> Decided {
        Decided::Heap {
            n,
            perm,
            seen,
            started,
        }
    }

    fn n(&self) -> usize {
        match *self {
            Decided::Path { n, .. } | Decided::Odometer { n, .. } | Decided::Heap { n, .. } => n,
        }
    }

    /// Every decided leaf.
    pub fn total(&self) -> u128 {
        let n = self.n();
        self.before(power(n, n))
    }

    /// How many decided leaves have a lexicographic index below `x`
    /// (0 ≤ x ≤ N^N).
    pub fn before(&self, x: u128) -> u128 {
        match self {
            Decided::Path {
                n,
                forks,
                in_path_child,
            } => path_before(*n, forks, in_path_child, x),
            Decided::Odometer { n, steps } => odometer_before(*n, *steps, x),
            Decided::Heap {
                n,
                perm,
                seen,
                started,
            } => heap_before(*n, perm, seen, *started, x),
        }
    }

    /// The decided share of the leaves `from..to`, from 0 to 1.
    pub fn share(&self, from: u128, to: u128) -> f64 {
        if to <= from {
            return 0.0;
        }
        (self.before(to) - self.before(from)) as f64 / (to - from) as f64
    }

    /// For each depth 1..=N (one row of `width` values each), the decided
    /// share under each pixel column: the nodes of that depth the column
    /// covers, at least one.
    pub fn icicle(&self, width: usize) -> Vec<f32> {
        let n = self.n();
        let mut out = Vec::with_capacity(n * width);
        for depth in 1..=n {
            let nodes = power(n, depth);
            let node = power(n, n - depth); // leaves per node at this depth
                                            // Neighbouring pixels share a boundary more often than not.
            let mut memo: Option<(u128, u128)> = None;
            let mut before = |index: u128| match memo {
                Some((at, value)) if at == index => value,
                _ => {
                    let value = self.before(index * node);
                    memo = Some((index, value));
                    value
                }
            };
            for px in 0..width as u128 {
                let lo = px * nodes / width as u128;
                let hi = ((px + 1) * nodes).div_ceil(width as u128).max(lo + 1);
                let start = before(lo);
                let end = before(hi);
                out.push(((end - start) as f64 / ((hi - lo) * node) as f64) as f32);
            }
        }
        out
    }
}

fn path_before(n: usize, forks: &[Fork], in_path_child: &[u128], x: u128) -> u128 {
    if x >= power(n, n) {
        // Everything: the whole root.
        return match forks.first() {
            Some(root) => {
                root.decided.count() as u128 * power(n, n - 1)
                    + if root.path.is_some() {
                        in_path_child[0]
                    } else {
                        0
                    }
            }
            None => 0,
        };
    }
    let mut decided = 0;
    for (r, fork) in forks.iter().enumerate() {
        // x's digit in this row, and its place inside that child: computed
        // as the walk goes, since most walks leave the path near the top.
        let subtree = power(n, n - r - 1);
        let digit = ((x / subtree) % n as u128) as usize;
        decided += (fork.decided & RowMask::full(digit)).count() as u128 * subtree;
        match fork.path {
            Some(col) if col < digit => decided += in_path_child[r],
            Some(col) if col == digit => continue, // follow the path down
            _ => {}
        }
        if fork.decided.contains(digit) {
            decided += x % subtree;
        }
        return decided;
    }
    // x runs along the whole path to a leaf: a full-board path is decided
    // (just found), and x's leaf is not before itself.
    decided
}

/// Boards with lexicographic index below `x` and odometer reading below
/// `steps`: a digit-by-digit count over rows 0..N, tracking how each order
/// compares so far (the lexicographic one is settled by the first row that
/// differs, the odometer one by the last).
fn odometer_before(n: usize, steps: u128, x: u128) -> u128 {
    let total = power(n, n);
    if steps >= total {
        return x.min(total);
    }
    if x >= total {
        return steps;
    }
    // Brute force goes to N = 8: 8^8 boards fit a u64, whose division is
    // far cheaper than u128's in wasm.
    let (x, steps) = (x as u64, steps as u64);
    let mut x_digits = [0usize; MAX_N];
    let mut rest = x;
    for r in (0..n).rev() {
        x_digits[r] = (rest % n as u64) as usize;
        rest /= n as u64;
    }
    // ways[lex][odo]: lex 0 = less, 1 = equal so far; odo 0 = less,
    // 1 = equal, 2 = greater (for the rows seen: later rows outrank).
    let mut ways = [[0u64; 3]; 2];
    ways[1][1] = 1;
    let mut rest = steps;
    for &xd in &x_digits[..n] {
        // The odometer's digit of this row: row 0 least significant.
        let sd = (rest % n as u64) as usize;
        rest /= n as u64;
        // Digits d by how they compare with xd and sd: below both, and so on.
        let count = |lo: usize, hi: usize| hi.saturating_sub(lo) as u64; // digits in lo..hi
        let (lt_s, gt_s) = ((0, sd), (sd + 1, n));
        let mut next = [[0u64; 3]; 2];
        // Already less in lexicographic order: any digit.
        for (odo, &ways_lt) in ways[0].iter().enumerate() {
            next[0][0] += ways_lt * count(lt_s.0, lt_s.1);
            next[0][odo] += ways_lt;
            next[0][2] += ways_lt * count(gt_s.0, gt_s.1);
        }
        // Equal so far: d < xd makes it less, d == xd keeps it equal.
        for (odo, &ways_eq) in ways[1].iter().enumerate() {
            next[0][0] += ways_eq * count(0, xd.min(sd));
            if sd < xd {
                next[0][odo] += ways_eq;
            }
            next[0][2] += ways_eq * count(sd + 1, xd);
            let to = match xd.cmp(&sd) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => odo,
            };
            next[1][to] += ways_eq;
        }
        ways = next;
    }
    ways[0][0] as u128
}

/// Decided boards before `x` for permutations: those before `x` that repeat a
/// column, and the visited permutations before it.
fn heap_before(n: usize, perm: &[usize], seen: &[u16], started: bool, x: u128) -> u128 {
    let total = power(n, n);
    if x >= total {
        let visited: u128 = started as u128
            + (1..n)
                .map(|k| seen[k].count_ones() as u128 * factorial(k))
                .sum::<u128>();
        return total - factorial(n) + visited;
    }
    // Permutations go to N = 12: 12^12 boards fit a u64.
    let x = x as u64;
    let mut digits = [0usize; MAX_N];
    let mut rest = x;
    for r in (0..n).rev() {
        digits[r] = (rest % n as u64) as usize;
        rest /= n as u64;
    }
    let digits = &digits[..n];
    let all = (1u32 << n) - 1;
    let never = x as u128 - arrangements_before(all, digits, n) as u128;
    let mut visited = (started && perm < digits) as u128;
    // The elements on rows 0..=k stay the same through a round at level k.
    let mut held = 0u32;
    for k in 0..n {
        held |= 1 << perm[k];
        if k == 0 {
            continue;
        }
        let mut columns = seen[k] as u32;
        while columns != 0 {
            let e = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            // Rows 0..k: every arrangement of the rest of `held`; row k: e;
            // the rows below: as now.
            let free = held & !(1 << e);
            let before = arrangements_before(free, &digits[..k], k);
            let tie = arrangements_equal(free, &digits[..k]);
            let tail_less = tie && (e, &perm[k + 1..]) < (digits[k], &digits[k + 1..]);
            visited += before as u128 + tail_less as u128;
        }
    }
    never + visited
}

/// How many arrangements of the columns in `set` (as rows 0..len) come before
/// `digits` lexicographically, comparing the first `len` rows only.
fn arrangements_before(set: u32, digits: &[usize], len: usize) -> u64 {
    let mut set = set;
    let mut count = 0u64;
    for (r, &d) in digits.iter().enumerate().take(len) {
        let smaller = (set & ((1u32 << d) - 1)).count_ones() as u64;
        count += smaller * FACTORIALS[len - r - 1];
        if set >> d & 1 == 0 {
            return count;
        }
        set &= !(1 << d);
    }
    count
}

/// True when `digits` is itself an arrangement of the columns in `set`.
fn arrangements_equal(set: u32, digits: &[usize]) -> bool {
    let mut set = set;
    for &d in digits {
        if set >> d & 1 == 0 {
            return false;
        }
        set &= !(1 << d);
    }
    set == 0
}

/// k! for every board size k ≤ [`MAX_N`], looked up rather than multiplied.
/// 20! is the last factorial a u64 holds: a larger `MAX_N` fails here, as
/// the crate compiles.
const FACTORIALS: [u64; MAX_N + 1] = {
    let mut table = [1u64; MAX_N + 1];
    let mut k = 1;
    while k <= MAX_N {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
};

fn factorial(k: usize) -> u128 {
    FACTORIALS[k] as u128
}
