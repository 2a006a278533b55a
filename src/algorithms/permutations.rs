//! Seed 001: every board with one queen per row *and* column is a permutation of
//! the columns. Heap's algorithm walks all N! of them with one swap each, and only
//! the two diagonal directions need testing.
//!
//! The source's loop tests the identity twice and never reaches the last
//! permutation; this one visits each of the N! boards exactly once, in Heap's
//! order, so its solutions come out in the source's order.

use super::info::{AlgorithmInfo, Bound, Goal, SearchSpace};
use super::vocabulary::{Register, RegisterRole, RegisterValue};
use super::whole_board::{BoardSource, Tested, WholeBoard};
use crate::limits::MAX_WHOLE_N;
use crate::tree::Decided;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "permutations",
    name: "Permutations (Heap's algorithm)",
    source: "001",
    goal: Goal::All,
    min_n: 1,
    max_n: MAX_WHOLE_N,
    find_max_n: 0,
    seeded: false,
    space: SearchSpace::Permutations,
    takes_fixed_queens: false,
    description: "A solution has exactly one queen in every row and every column, so it is a \
        permutation of the columns: only N! boards to test, 40,320 at N=8 instead of 16.7 \
        million. Heap's algorithm reaches each permutation from the last with a single swap of \
        two rows. Rows and columns can never clash, so each board only needs its two diagonal \
        directions tested, with one bit per diagonal.",
    step_is: "one permutation, reached from the previous one by swapping two rows",
    check_is:
        "One check tests one queen of the permutation against the diagonals of the queens above it.",
    placement_is: "One placement is one queen of the permutation put to the test, so placements \
        equal checks. A queen that passes is then marked on its two diagonals (down, up); the \
        one that clashes is not marked: the board is rejected there.",
    move_is: "",
    conflicts_note: "",
    glossary: &[
        (
            "perm",
            "the board: perm[row] is row's column, every column once",
        ),
        (
            "swap",
            "the two rows the last step swapped to reach this board",
        ),
        (
            "c",
            "Heap's counters: c[i] counts the swaps made at position i",
        ),
        (
            "down",
            "one bit per down diagonal (row + col) a queen tested so far is on",
        ),
        (
            "up",
            "one bit per up diagonal (col − row + N − 1) a queen tested so far is on",
        ),
        (
            "state",
            "the board packed as the original program keeps it: perm in 3 bits a row, the first row lowest (N ≤ 8)",
        ),
    ],
    most_checks: Bound::PER_QUEEN,
    pseudocode: &[
        "perm = [0, 1, …, N-1]; c = [0] * N      # state: perm packed, 3 bits a row",
        "repeat N! times:",
        "    down = 0; up = 0                    # one bit per diagonal",
        "    for row in 0 .. N:",
        "        col = perm[row]",
        "        if down & bit(row + col) or up & bit(col - row + N - 1):",
        "            reject this board               # diagonal threat",
        "        down |= bit(row + col); up |= bit(col - row + N - 1)",
        "    solutions += 1                          # no diagonal shared",
        "    i = lowest index with c[i] < i;  swap perm[i] with perm[0 if i even else c[i]]",
    ],
};

const LINE_REJECT: usize = 6;
const LINE_SOLUTION: usize = 8;

/// Permutations: every board with one queen per row and column, tested whole.
pub type Permutations = WholeBoard<Heap>;

/// The permutations in Heap's order, and how to test one.
#[derive(Clone, Debug)]
pub struct Heap {
    n: usize,
    perm: [u8; MAX_WHOLE_N],
    /// Heap's counters: c[i] counts the swaps made at position i.
    c: [u8; MAX_WHOLE_N],
    /// For each position i, the columns it held while the completed blocks of
    /// the current round at level i ran (one bit per column): with `c`, what
    /// the tree view needs to know which boards have been visited.
    seen: [u16; MAX_WHOLE_N],
    /// The two rows the last swap exchanged, if the last board came from one.
    swap: Option<(u8, u8)>,
}

impl Heap {
    /// Heap's algorithm, iterative form: one swap to the next permutation.
    #[inline(always)]
    fn next_permutation(&mut self) -> Option<(u8, u8)> {
        let mut i = 1;
        while i < self.n {
            if (self.c[i] as usize) < i {
                let j = if i % 2 == 0 { 0 } else { self.c[i] as usize };
                self.seen[i] |= 1 << self.perm[i];
                self.perm.swap(i, j);
                self.c[i] += 1;
                return Some((j as u8, i as u8));
            }
            self.c[i] = 0;
            self.seen[i] = 0;
            i += 1;
        }
        None
    }

    /// The first row on a diagonal already used by an earlier row (or N), and
    /// the diagonals used above it.
    #[inline(always)]
    fn first_diagonal_clash(&self) -> (usize, u32, u32) {
        let n = self.n;
        let (mut down, mut up) = (0u32, 0u32);
        for row in 0..n {
            let col = self.perm[row] as usize;
            let d = 1u32 << (row + col);
            let u = 1u32 << (col + n - 1 - row);
            if down & d != 0 || up & u != 0 {
                return (row, down, up);
            }
            down |= d;
            up |= u;
        }
        (n, down, up)
    }
}

impl BoardSource for Heap {
    const INFO: AlgorithmInfo = INFO;
    const REJECT_LINE: usize = LINE_REJECT;
    const SOLUTION_LINE: usize = LINE_SOLUTION;

    fn new(n: usize) -> Heap {
        let mut perm = [0u8; MAX_WHOLE_N];
        for (i, p) in perm.iter_mut().enumerate() {
            *p = i as u8;
        }
        Heap {
            n,
            perm,
            c: [0; MAX_WHOLE_N],
            seen: [0; MAX_WHOLE_N],
            swap: None,
        }
    }

    #[inline(always)]
    fn test_next(&mut self, tested: &Tested) -> usize {
        if tested.counters.steps > 0 {
            self.swap = self.next_permutation();
        }
        self.first_diagonal_clash().0
    }

    /// Every row up to the clashing one is tested and marked.
    #[inline(always)]
    fn cost(n: usize, bad_row: usize) -> (u64, u64) {
        let tested = (bad_row + 1).min(n) as u64;
        (tested, tested)
    }

    fn columns(&self) -> Vec<usize> {
        self.perm[..self.n].iter().map(|&c| c as usize).collect()
    }

    fn decided(&self, tested: &Tested) -> Option<Decided> {
        let n = self.n;
        Some(Decided::heap(
            n,
            self.perm[..n].iter().map(|&p| p as usize).collect(),
            self.seen[..n].to_vec(),
            tested.counters.steps > 0,
        ))
    }

    fn registers(&self, tested: &Tested) -> Vec<Register> {
        let n = self.n;
        let (down, up) = if tested.counters.steps == 0 {
            (0, 0)
        } else {
            let (_, down, up) = self.first_diagonal_clash();
            (down, up)
        };
        let list = |values: &[u8]| RegisterValue::List(values.iter().map(|&v| v as i32).collect());
        let diagonals = |value: u32| RegisterValue::Bits {
            value,
            width: 2 * n - 1,
        };
        let swap = self.swap.map_or(Vec::new(), |(a, b)| vec![a, b]);
        let mut registers = vec![
            Register::new("", "perm", list(&self.perm[..n])).with_role(RegisterRole::Permutation),
            Register::new("", "swap", list(&swap)).with_role(RegisterRole::Swap),
            Register::new("", "c", list(&self.c[..n])),
            Register::new("", "down", diagonals(down)),
            Register::new("", "up", diagonals(up)),
        ];
        if n <= 8 {
            // The source's packed board: 3 bits per row, row 0 lowest.
            let packed = self.perm[..n]
                .iter()
                .rev()
                .fold(0u64, |v, &p| v << 3 | p as u64);
            registers.push(Register::new("", "state", RegisterValue::Number(packed)));
        }
        registers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::vocabulary::Algorithm;
    use std::collections::HashSet;

    #[test]
    fn heaps_algorithm_visits_every_permutation_exactly_once() {
        for n in 1..=7 {
            let mut search = Permutations::new(n);
            let mut seen = HashSet::new();
            while search.step() {
                assert!(
                    seen.insert(search.source.perm[..n].to_vec()),
                    "n={n}: repeated permutation"
                );
                if let Some((a, b)) = search.source.swap {
                    assert!(a < b && (b as usize) < n);
                }
            }
            assert_eq!(seen.len() as u64, (1..=n as u64).product::<u64>());
        }
    }
}
