//! Meet in the middle: count the solutions by cutting the board into an east
//! and a west half and matching the halves in bulk.
//!
//! **Halves.** Every solution puts each row's queen in one of the two halves
//! (east: the first `⌊N/2⌋` columns, west: the last `⌊N/2⌋`; for odd N the
//! middle column's queen is placed first, in row `middle`). Fix which rows go
//! east (a *split*: as many rows as the east half has columns). Then the east
//! half's placements for those rows are listed once, each kept only as the
//! diagonals it occupies in the *band*, the diagonals that both halves reach;
//! the same for the west half and the other rows. A solution is a pair whose
//! bands do not meet: rows and columns cannot clash, by construction.
//!
//! **Quarters.** A half's placements come from joining its north and south
//! quarters. Each quarter's placements (any number of queens, on any rows
//! and columns of the quarter) are listed once per board size, grouped by the
//! rows and columns they use ([`Quarter`]). For a split, the east half's
//! placements are the pairs (north, south) whose rows are the split's and
//! whose columns together fill the half, with bands that do not meet (nor
//! the middle queen's).
//!
//! **Mirror.** The left–right reflection maps the west half onto the east
//! half and swaps the band's two directions, so the west half's placements
//! for some rows are the east half's for the same rows, mirrored: only the
//! two east quarters are listed.
//!
//! **Matching.** Pairs of halves are counted 512 at a time
//! ([`super::matcher`]):
//! the smaller list is stored transposed, one bit per pattern for each
//! combination of five band positions, so that an item's count in a block of
//! 512 is the popcount of the AND of eight rows of 512 bits.
//!
//! **Symmetry.** Reflecting the board top to bottom maps a split to its rows
//! reversed (and the middle row `m` to `N-1-m`); left to right swaps the
//! east and west rows. The splits in one such orbit have the same count, so
//! one is counted and weighted by the orbit's size (up to four).
//!
//! Memory grows with N: at N = 20 the two quarters hold 15 million
//! placements (120 MB); at N = 21 they would hold about 40 million.

use std::ops::Range;

use super::matcher::{sieve, Matcher};

/// The largest N the quarters are listed for (see the module's end note).
pub const MAX_N: usize = 20;

/// Where the band's bits sit in a pattern, for an N×N board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub n: usize,
    /// Rows `0..north` are the north quarters'.
    pub north: usize,
    /// Columns `0..east` are the east half's, and the last `east` the west
    /// half's; for odd N, column `east` is the middle.
    pub east: usize,
    /// Diagonals `r + c` in `sums` are bits `0..sums.len()`; diagonals
    /// `r - c + N - 1` in the same range follow them.
    sums: Range<usize>,
}

impl Geometry {
    /// The band of an N×N board (4 ≤ N ≤ [`MAX_N`], the sizes the quarters
    /// are listed for): every diagonal that both halves reach, or both
    /// quarters of the east half, or the middle column (odd N).
    pub fn new(n: usize) -> Geometry {
        assert!(
            (4..=MAX_N).contains(&n),
            "N must be from 4 to {MAX_N}; got {n}"
        );
        let (north, east) = (n / 2, n / 2);
        let west = n - east..n;
        let rect = |rows: Range<usize>, columns: Range<usize>| (rows, columns);
        // Pairs of rectangles whose shared diagonals the band must hold: the
        // halves; the quarters of each half (a difference in the east half is
        // a sum in the mirrored west half); the middle column with itself.
        let mut pairs = vec![
            (rect(0..n, 0..east), rect(0..n, west.clone())),
            (rect(0..north, 0..east), rect(north..n, 0..east)),
            (rect(0..north, west.clone()), rect(north..n, west.clone())),
        ];
        if n % 2 == 1 {
            pairs.push((rect(0..n, east..east + 1), rect(0..n, east..east + 1)));
        }
        // The diagonals r + c a rectangle touches.
        let reach = |(rows, columns): &(Range<usize>, Range<usize>)| {
            rows.start + columns.start..rows.end + columns.end - 1
        };
        let overlap = |a: Range<usize>, b: Range<usize>| a.start.max(b.start)..a.end.min(b.end);
        let hull = |a: Range<usize>, b: Range<usize>| {
            if a.is_empty() {
                b
            } else if b.is_empty() {
                a
            } else {
                a.start.min(b.start)..a.end.max(b.end)
            }
        };
        let mut sums = 0..0;
        for (a, b) in &pairs {
            sums = hull(sums, overlap(reach(a), reach(b)));
        }
        let geometry = Geometry {
            n,
            north,
            east,
            sums,
        };
        // The differences' band must be the sums' mirror image: the
        // reflection maps r - c + N - 1 to r + c.
        debug_assert!(geometry.bits() <= 64);
        geometry
    }

    /// Bits in a pattern.
    pub fn bits(&self) -> u32 {
        2 * self.sums.len() as u32
    }

    /// The band bits of a queen at `(r, c)`.
    pub fn pattern(&self, r: usize, c: usize) -> u64 {
        let (sum, difference) = (r + c, r + self.n - 1 - c);
        let mut bits = 0;
        if self.sums.contains(&sum) {
            bits |= 1 << (sum - self.sums.start);
        }
        if self.sums.contains(&difference) {
            bits |= 1 << (self.sums.len() + difference - self.sums.start);
        }
        bits
    }

    /// The band bits of the two long diagonals: `r - c = 0` and
    /// `r + c = N - 1`.
    pub fn long_diagonals(&self) -> (u64, u64) {
        let at = self.n - 1 - self.sums.start;
        (1 << (self.sums.len() + at), 1 << at)
    }

    /// A pattern's image under the left–right reflection: the two
    /// directions swap.
    fn mirror(&self, pattern: u64) -> u64 {
        let half = self.sums.len();
        (pattern >> half) | (pattern & ((1 << half) - 1)) << half
    }
}

/// Every placement in one quarter of the board, grouped by the quarter's
/// rows and columns it uses (relative bit masks), as band patterns; within a
/// group, the placements without a queen on a long diagonal come first.
pub struct Quarter {
    rows: Range<usize>,
    columns: Range<usize>,
    /// `offsets[2 key + long]..offsets[2 key + long + 1]` are key's patterns
    /// with (`long` = 1) or without a queen on a long diagonal, where
    /// `key = rows << width | columns`.
    offsets: Vec<u32>,
    patterns: Vec<u64>,
}

impl Quarter {
    pub fn new(geometry: &Geometry, rows: Range<usize>, columns: Range<usize>) -> Quarter {
        let keys = 2usize << (rows.len() + columns.len());
        let (d1, d2) = geometry.long_diagonals();
        let class = |key: usize, pattern: u64| 2 * key + usize::from(pattern & (d1 | d2) != 0);
        let mut quarter = Quarter {
            rows,
            columns,
            offsets: vec![0; keys + 1],
            patterns: Vec::new(),
        };
        // Two walks: count each key's placements, then put them in place.
        let mut offsets = vec![0u32; keys + 1];
        quarter.walk(geometry, &mut |key, pattern| {
            offsets[class(key, pattern) + 1] += 1
        });
        for key in 0..keys {
            offsets[key + 1] += offsets[key];
        }
        let mut patterns = vec![0; offsets[keys] as usize];
        let mut next = offsets.clone();
        quarter.walk(geometry, &mut |key, pattern| {
            let key = class(key, pattern);
            patterns[next[key] as usize] = pattern;
            next[key] += 1;
        });
        quarter.offsets = offsets;
        quarter.patterns = patterns;
        quarter
    }

    /// Calls `visit(key, pattern)` for each placement in the quarter.
    fn walk(&self, geometry: &Geometry, visit: &mut dyn FnMut(usize, u64)) {
        struct Walk<'a> {
            geometry: &'a Geometry,
            rows: &'a Range<usize>,
            columns: &'a Range<usize>,
            visit: &'a mut dyn FnMut(usize, u64),
        }
        fn go(
            w: &mut Walk,
            i: usize,
            used_rows: usize,
            used_columns: usize,
            diagonals: (u64, u64),
            pattern: u64,
        ) {
            if i == w.rows.len() {
                (w.visit)(used_rows << w.columns.len() | used_columns, pattern);
                return;
            }
            go(w, i + 1, used_rows, used_columns, diagonals, pattern);
            let r = w.rows.start + i;
            for j in 0..w.columns.len() {
                let c = w.columns.start + j;
                let (sum, difference) = (1u64 << (r + c), 1u64 << (r + w.geometry.n - 1 - c));
                if used_columns >> j & 1 == 0
                    && diagonals.0 & sum == 0
                    && diagonals.1 & difference == 0
                {
                    go(
                        w,
                        i + 1,
                        used_rows | 1 << i,
                        used_columns | 1 << j,
                        (diagonals.0 | sum, diagonals.1 | difference),
                        pattern | w.geometry.pattern(r, c),
                    );
                }
            }
        }
        let mut w = Walk {
            geometry,
            rows: &self.rows,
            columns: &self.columns,
            visit,
        };
        go(&mut w, 0, 0, 0, (0, 0), 0);
    }

    /// The placements on exactly these rows and columns (relative masks),
    /// with (`long`) or without a queen on a long diagonal.
    fn get(&self, rows: u32, columns: u32, long: bool) -> &[u64] {
        let key =
            2 * ((rows as usize) << self.columns.len() | columns as usize) + usize::from(long);
        &self.patterns[self.offsets[key] as usize..self.offsets[key + 1] as usize]
    }

    /// Placements listed, for memory accounting.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// One split worth counting: the rows whose queen is in the east half, the
/// middle column's row (odd N), and how many splits its orbit under the
/// reflections holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub east: u32,
    /// The row of the middle column's queen; `NO_MIDDLE` for even N.
    pub middle: u32,
    pub weight: u32,
}

/// [`Split::middle`] for even N.
pub const NO_MIDDLE: u32 = u32::MAX;

/// Reverses the low `n` bits of `x`.
fn reverse(x: u32, n: usize) -> u32 {
    x.reverse_bits() >> (32 - n)
}

/// Every `k`-subset of the low `n` bits, in increasing order (Gosper's hack).
fn subsets(n: usize, k: usize) -> impl Iterator<Item = u32> {
    let all = (1u64 << n) - 1;
    let mut next = Some((1u64 << k) - 1).filter(|&first| first <= all);
    std::iter::from_fn(move || {
        let x = next?;
        next = if x == 0 {
            None
        } else {
            let low = x & x.wrapping_neg();
            let ripple = x + low;
            Some((((ripple ^ x) >> 2) / low) | ripple).filter(|&y| y <= all)
        };
        Some(x as u32)
    })
}

/// The groups a half's placements are listed in, as (north quarter holds its
/// long diagonal's queen, south quarter holds its): neither, the north's,
/// the south's. Both is never listed (see [`Halves::count_split`]).
const GROUPS: [(bool, bool); 3] = [(false, false), (true, false), (false, true)];

/// The board's two east quarters, listed once, and what counts a split
/// with them.
pub struct Halves {
    pub geometry: Geometry,
    north: Quarter,
    south: Quarter,
}

impl Halves {
    /// Lists the quarters for an N×N board, 4 ≤ N ≤ [`MAX_N`].
    pub fn new(n: usize) -> Halves {
        assert!(
            (4..=MAX_N).contains(&n),
            "N must be from 4 to {MAX_N}; got {n}"
        );
        let geometry = Geometry::new(n);
        let (north, east) = (geometry.north, geometry.east);
        Halves {
            north: Quarter::new(&geometry, 0..north, 0..east),
            south: Quarter::new(&geometry, north..n, 0..east),
            geometry,
        }
    }

    /// Placements listed in the quarters.
    pub fn placements(&self) -> usize {
        self.north.len() + self.south.len()
    }

    /// The splits worth counting, one per orbit: by middle row, then by
    /// east rows.
    pub fn splits(&self) -> Vec<Split> {
        let n = self.geometry.n;
        let all = (1u32 << n) - 1;
        let h = self.geometry.east;
        let mut out = Vec::new();
        let middles: Vec<u32> = if n.is_multiple_of(2) {
            vec![NO_MIDDLE]
        } else {
            (0..n as u32).collect()
        };
        for &m in &middles {
            let (free, others) = if m == NO_MIDDLE {
                (n, all)
            } else {
                (n - 1, all ^ 1 << m)
            };
            for x in subsets(free, h) {
                // Spread x over the rows other than m.
                let e = if m == NO_MIDDLE {
                    x
                } else {
                    (x & ((1 << m) - 1)) | (x >> m) << (m + 1)
                };
                let w = others ^ e;
                let flipped = if m == NO_MIDDLE { m } else { n as u32 - 1 - m };
                let orbit = [
                    (m, e),
                    (m, w),
                    (flipped, reverse(e, n)),
                    (flipped, reverse(w, n)),
                ];
                if orbit.iter().all(|&o| o >= (m, e)) {
                    let mut distinct = orbit;
                    distinct.sort_unstable();
                    let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count() as u32;
                    out.push(Split {
                        east: e,
                        middle: m,
                        weight,
                    });
                }
            }
        }
        out
    }

    /// The middle queen's band bits (0 for even N).
    fn middle(&self, split: &Split) -> u64 {
        if split.middle == NO_MIDDLE {
            0
        } else {
            self.geometry
                .pattern(split.middle as usize, self.geometry.east)
        }
    }

    /// Calls `visit(north, south)` for each pair of quarter lists that make
    /// up the east half on rows `rows` (a global mask): the quarters'
    /// columns together fill the half, and each quarter holds a queen on its
    /// long diagonal or not as `long` says.
    fn pieces(&self, rows: u32, long: (bool, bool), mut visit: impl FnMut(&[u64], &[u64])) {
        let split = self.geometry.north;
        let (up, down) = (rows & ((1 << split) - 1), rows >> split);
        let width = self.geometry.east;
        let full = (1u32 << width) - 1;
        let k = up.count_ones() as usize;
        if k > width {
            return;
        }
        for x in subsets(width, k) {
            let a = self.north.get(up, x, long.0);
            if a.is_empty() {
                continue;
            }
            let b = self.south.get(down, full ^ x, long.1);
            if !b.is_empty() {
                visit(a, b);
            }
        }
    }

    /// The east half's placements on these rows that miss the band bits
    /// `avoid`, as band patterns, in three groups: no queen on a long
    /// diagonal, one on the first (`r = c`, in the north quarter), one on
    /// the second (`r + c = N - 1`, in the south quarter). Placements with
    /// both are left out (see [`count_split`](Self::count_split)). Returns
    /// where the groups start in `out` and where the last ends.
    pub fn east(&self, rows: u32, avoid: u64, out: &mut Vec<u64>) -> [usize; 4] {
        let mut len = out.len();
        let mut starts = [len; 4];
        for (group, long) in GROUPS.into_iter().enumerate() {
            self.pieces(rows, long, |a, b| join(a, b, avoid, out, &mut len));
            starts[group + 1] = len;
        }
        out.truncate(len);
        starts
    }

    /// The west half's placements on these rows that miss `avoid`: the east
    /// half's, mirrored. The mirror swaps the long diagonals, so the groups
    /// come as none, the second, the first.
    pub fn west(&self, rows: u32, avoid: u64, out: &mut Vec<u64>) -> [usize; 4] {
        let starts = self.east(rows, self.geometry.mirror(avoid), out);
        for p in &mut out[starts[0]..] {
            *p = self.geometry.mirror(*p);
        }
        starts
    }

    /// The west half's rows for a split.
    fn west_rows(&self, split: &Split) -> u32 {
        let all = (1u32 << self.geometry.n) - 1;
        let middle = if split.middle == NO_MIDDLE {
            0
        } else {
            1 << split.middle
        };
        all ^ split.east ^ middle
    }

    /// An estimate of the work of [`count_split`](Self::count_split): the
    /// candidate pairs its joins test, the pairs its match would test if the
    /// joins kept all of them (in units of 512), and one for the lookups.
    pub fn estimate(&self, split: &Split) -> f64 {
        let joins = |rows| {
            let mut pairs = 0f64;
            for long in GROUPS {
                self.pieces(rows, long, |a, b| pairs += (a.len() * b.len()) as f64);
            }
            pairs
        };
        let (a, b) = (joins(split.east), joins(self.west_rows(split)));
        1.0 + a + b + a * b / 2048.0
    }

    /// The solutions of one split (unweighted). `scratch` is reused between
    /// calls.
    ///
    /// It counts a weighted sum that equals the total over all splits, and
    /// skips some work. Let `x1` be the half that holds the queen of the
    /// long diagonal `r = c` (east, west or neither), `x2` that of
    /// `r + c = N - 1`. Transposing the board in either diagonal keeps one
    /// of them and swaps the other's half, so over all solutions the four
    /// classes with both queens present, (E, E), (E, W), (W, E), (W, W), are
    /// equally many. Counting (E, W) and (W, E) twice and (E, E) and (W, W)
    /// not at all gives the same total, and the weights are unchanged by the
    /// reflections the splits' orbits use. So a half holding both long
    /// diagonals' queens is never listed, and the pairs with one in each half
    /// count twice.
    pub fn count_split(&self, split: &Split, scratch: &mut Scratch) -> u64 {
        let middle = self.middle(split);
        scratch.east.clear();
        scratch.west.clear();
        let e = self.east(split.east, middle, &mut scratch.east);
        if e[3] == 0 {
            return 0;
        }
        let w = self.west(self.west_rows(split), middle, &mut scratch.west);
        let bits = self.geometry.bits();
        let (east, west) = (&scratch.east, &scratch.west);
        let mut pairs = |a: &[u64], b: &[u64]| {
            let (small, big) = if a.len() <= b.len() { (a, b) } else { (b, a) };
            sieve(small, big, bits, &mut scratch.matcher, &mut scratch.sorted)
        };
        // East groups: none, r = c, r + c = N - 1; west: none, r + c = N - 1, r = c.
        pairs(&east[..e[3]], &west[..w[3]])
            + pairs(&east[e[1]..e[2]], &west[w[1]..w[2]])
            + pairs(&east[e[2]..e[3]], &west[w[2]..w[3]])
    }

    /// The solutions of these splits, each weighted by its orbit.
    pub fn count_splits(&self, splits: &[Split]) -> u64 {
        let mut scratch = Scratch::default();
        splits
            .iter()
            .map(|s| u64::from(s.weight) * self.count_split(s, &mut scratch))
            .sum()
    }

    /// Every solution: all the splits' counts, weighted.
    pub fn count(&self) -> u64 {
        self.count_splits(&self.splits())
    }
}

/// Buffers [`Halves::count_split`] reuses from one split to the next.
#[derive(Default)]
pub struct Scratch {
    east: Vec<u64>,
    west: Vec<u64>,
    matcher: Matcher,
    sorted: (Vec<u64>, Vec<u64>),
}

/// Writes `p | q` at `out[*len..]` for each pair of `a` and `b` that do not
/// meet, nor `avoid`, and advances `len` past them; `out` grows as needed
/// (its length is a high-water mark, not the count). Writes every candidate
/// and advances only past the ones that fit, with no branch to mispredict.
fn join(a: &[u64], b: &[u64], avoid: u64, out: &mut Vec<u64>, len: &mut usize) {
    for &p in a {
        if p & avoid != 0 {
            continue;
        }
        let blocked = p | avoid;
        if out.len() < *len + b.len() {
            out.resize((*len + b.len()).max(2 * out.len()), 0);
        }
        let dst = &mut out[*len..*len + b.len()];
        let mut kept = 0;
        for &q in b {
            dst[kept] = p | q;
            kept += usize::from(blocked & q == 0);
        }
        *len += kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placements of a half found by a plain search over its rows.
    fn half_by_search(g: &Geometry, rows: u32, columns: Range<usize>) -> Vec<u64> {
        fn go(
            g: &Geometry,
            rows: &[usize],
            columns: &Range<usize>,
            out: &mut Vec<u64>,
            placed: &mut Vec<(usize, usize)>,
        ) {
            let Some((&r, rest)) = rows.split_first() else {
                out.push(placed.iter().fold(0, |p, &(r, c)| p | g.pattern(r, c)));
                return;
            };
            for c in columns.clone() {
                let clash = placed
                    .iter()
                    .any(|&(r2, c2)| c == c2 || r + c == r2 + c2 || r + c2 == r2 + c);
                if !clash {
                    placed.push((r, c));
                    go(g, rest, columns, out, placed);
                    placed.pop();
                }
            }
        }
        let list: Vec<usize> = (0..g.n).filter(|r| rows >> r & 1 == 1).collect();
        let mut out = Vec::new();
        go(g, &list, &columns, &mut out, &mut Vec::new());
        out.sort_unstable();
        out
    }

    #[test]
    fn joined_quarters_give_every_placement_of_a_half() {
        for n in 4..=11 {
            let halves = Halves::new(n);
            let g = &halves.geometry;
            let (d1, d2) = g.long_diagonals();
            for s in halves.splits() {
                let middle = halves.middle(&s);
                let west_rows = halves.west_rows(&s);
                let (mut east, mut west) = (Vec::new(), Vec::new());
                let e = halves.east(s.east, middle, &mut east);
                let w = halves.west(west_rows, middle, &mut west);
                // Each group holds what it says: none, then one long diagonal each.
                let holds = |p: u64| (p & d1 != 0, p & d2 != 0);
                for (list, starts, order) in [
                    (&east, e, [(false, false), (true, false), (false, true)]),
                    (&west, w, [(false, false), (false, true), (true, false)]),
                ] {
                    for group in 0..3 {
                        for &p in &list[starts[group]..starts[group + 1]] {
                            assert_eq!(holds(p), order[group], "n={n} {s:?}");
                        }
                    }
                    assert_eq!(starts[3], list.len());
                }
                east.sort_unstable();
                west.sort_unstable();
                let keep = |v: Vec<u64>| {
                    v.into_iter()
                        .filter(|p| p & middle == 0 && holds(*p) != (true, true))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    east,
                    keep(half_by_search(g, s.east, 0..g.east)),
                    "n={n} {s:?}"
                );
                assert_eq!(
                    west,
                    keep(half_by_search(g, west_rows, n - g.east..n)),
                    "n={n} {s:?}"
                );
            }
        }
    }

    #[test]
    fn splits_cover_every_split_once_with_their_weights() {
        for n in 4..=11 {
            let halves = Halves::new(n);
            let weights: u64 = halves.splits().iter().map(|s| u64::from(s.weight)).sum();
            let h = n / 2;
            // C(n, h) splits, times n middle rows (C(n-1, h) each) for odd n.
            let binomial = |a: u64, b: u64| (0..b).fold(1u64, |c, i| c * (a - i) / (i + 1));
            let expected = if n % 2 == 0 {
                binomial(n as u64, h as u64)
            } else {
                n as u64 * binomial(n as u64 - 1, h as u64)
            };
            assert_eq!(weights, expected, "n={n}");
        }
    }
}
