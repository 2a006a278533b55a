//! Seed 001: every board with one queen per row *and* column is a permutation of
//! the columns. Heap's algorithm walks all N! of them with one swap each, and only
//! the two diagonal directions need testing.
//!
//! The seed's loop tests the identity twice and never reaches the last
//! permutation; this one visits each of the N! boards exactly once, in Heap's
//! order, so its solutions come out in the seed's order.

use super::{
    Algorithm, AlgorithmInfo, BoardUnderTest, BoardView, Counters, LastStep, Register,
    RegisterRole, RegisterValue,
};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "permutations",
    name: "Permutations (Heap's algorithm)",
    seed: "001",
    min_n: 1,
    max_n: 12,
    description: "A solution has exactly one queen in every row and every column, so it is a \
        permutation of the columns: only N! boards to test, 40,320 at N=8 instead of 16.7 \
        million. Heap's algorithm reaches each permutation from the last with a single swap of \
        two rows. Rows and columns can never clash, so each board only needs its two diagonal \
        directions tested, with one bit per diagonal.",
    step_is: "one permutation, reached from the previous one by swapping two rows",
    pseudocode: &[
        "perm = [0, 1, …, N-1]; c = [0] * N",
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
const MAX: usize = 12;

#[derive(Clone, Debug)]
pub struct Permutations {
    n: usize,
    total: u64,
    perm: [u8; MAX],
    /// Heap's counters: c[i] counts the swaps made at position i.
    c: [u8; MAX],
    /// The two rows the last swap exchanged, if the last board came from one.
    swap: Option<(u8, u8)>,
    /// First row of the last board on a used diagonal, or N for a solution.
    last_bad_row: u8,
    counters: Counters,
}

impl Permutations {
    pub fn new(n: usize) -> Permutations {
        assert!((INFO.min_n..=INFO.max_n).contains(&n));
        let mut perm = [0u8; MAX];
        for (i, p) in perm.iter_mut().enumerate() {
            *p = i as u8;
        }
        Permutations {
            n,
            total: (1..=n as u64).product(),
            perm,
            c: [0; MAX],
            swap: None,
            last_bad_row: 0,
            counters: Counters::default(),
        }
    }

    /// Heap's algorithm, iterative form: one swap to the next permutation.
    #[inline(always)]
    fn next_permutation(&mut self) -> Option<(u8, u8)> {
        let mut i = 1;
        while i < self.n {
            if (self.c[i] as usize) < i {
                let j = if i % 2 == 0 { 0 } else { self.c[i] as usize };
                self.perm.swap(i, j);
                self.c[i] += 1;
                return Some((j as u8, i as u8));
            }
            self.c[i] = 0;
            i += 1;
        }
        None
    }

    /// The board the last step tested, if there was a step.
    fn under_test(&self) -> Option<BoardUnderTest> {
        (self.counters.steps > 0).then(|| BoardUnderTest {
            columns: self.perm[..self.n].iter().map(|&c| c as usize).collect(),
            bad_row: self.last_bad_row as usize,
            reject_line: LINE_REJECT,
            solution_line: LINE_SOLUTION,
        })
    }

    /// The first row on a diagonal already used by an earlier row, or N.
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

impl Algorithm for Permutations {
    #[inline]
    fn step(&mut self) -> bool {
        if self.counters.steps == self.total {
            return false;
        }
        if self.counters.steps > 0 {
            self.swap = self.next_permutation();
        }
        let (bad, _, _) = self.first_diagonal_clash();
        // Every row up to the clashing one is tested and marked.
        let tested = (bad + 1).min(self.n) as u64;
        self.counters.checks += tested;
        self.counters.placements += tested;
        if bad == self.n {
            self.counters.solutions += 1;
        }
        self.counters.steps += 1;
        self.last_bad_row = bad as u8;
        true
    }

    fn is_done(&self) -> bool {
        self.counters.steps == self.total
    }

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn last_step(&self) -> LastStep {
        match self.under_test() {
            Some(test) => test.last_step(),
            None => LastStep::START,
        }
    }

    fn board(&self) -> BoardView {
        match self.under_test() {
            Some(test) => test.board(),
            None => BoardView::empty(self.n),
        }
    }

    fn registers(&self) -> Vec<Register> {
        let n = self.n;
        let (down, up) = if self.counters.steps == 0 {
            (0, 0)
        } else {
            let (_, down, up) = self.first_diagonal_clash();
            (down, up)
        };
        let mut registers = vec![
            Register::new(
                "",
                "perm",
                RegisterValue::List(self.perm[..n].iter().map(|&p| p as i32).collect()),
            )
            .with_role(RegisterRole::Permutation),
            Register::new(
                "",
                "swap",
                RegisterValue::List(
                    self.swap
                        .map_or(Vec::new(), |(a, b)| vec![a as i32, b as i32]),
                ),
            )
            .with_role(RegisterRole::Swap),
            Register::new(
                "",
                "c",
                RegisterValue::List(self.c[..n].iter().map(|&c| c as i32).collect()),
            ),
            Register::new(
                "",
                "down",
                RegisterValue::Bits {
                    value: down,
                    width: 2 * n - 1,
                },
            ),
            Register::new(
                "",
                "up",
                RegisterValue::Bits {
                    value: up,
                    width: 2 * n - 1,
                },
            ),
        ];
        if n <= 8 {
            // The seed's packed board: 3 bits per row, row 0 lowest.
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
    use std::collections::HashSet;

    #[test]
    fn heaps_algorithm_visits_every_permutation_exactly_once() {
        for n in 1..=7 {
            let mut search = Permutations::new(n);
            let mut seen = HashSet::new();
            while search.step() {
                assert!(
                    seen.insert(search.perm[..n].to_vec()),
                    "n={n}: repeated permutation"
                );
                if let Some((a, b)) = search.swap {
                    assert!(a < b && (b as usize) < n);
                }
            }
            assert_eq!(seen.len() as u64, (1..=n as u64).product::<u64>());
        }
    }
}
