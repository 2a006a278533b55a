//! Meet in the middle: count the solutions by cutting the board into an east
//! and a west half and matching the halves in bulk.
//!
//! **Halves.** Every solution puts each row's queen in one of the two halves
//! (east: the first `N/2` columns, west: the rest). Fix which rows go east
//! (a *split*: exactly as many rows as the east half has columns). Then the
//! east half's placements for those rows are listed once, each kept only as
//! the diagonals it occupies in the *band*, the diagonals that both halves
//! reach; the same for the west half and the other rows. A solution is a pair
//! whose bands do not meet: rows and columns cannot clash, by construction.
//!
//! **Quarters.** A half's placements come from joining its north and south
//! quarters. Each quarter's placements (any number of queens, on any rows
//! and columns of the quarter) are listed once per board size, grouped by the
//! rows and columns they use ([`Quarter`]). For a split, the east half's
//! placements are the pairs (north, south) whose rows are the split's and
//! whose columns together fill the half, with bands that do not meet.
//!
//! **Matching.** Pairs of halves are counted 512 at a time ([`Matcher`]):
//! the smaller list is stored transposed, one bit per pattern for each
//! combination of five band positions, so that an item's count in a block of
//! 512 is the popcount of the AND of eight rows of 512 bits.
//!
//! **Symmetry.** Reflecting the board top to bottom maps a split to its rows
//! reversed, and (for even N) left to right maps it to its complement. The
//! splits in one such orbit have the same count, so one is counted and
//! weighted by the orbit's size. For even N, the left–right reflection also
//! gives the west half's placements from the east half's (its band bits
//! swap halves), so only two quarters are listed.
//!
//! Memory grows with N: at N = 20 the two quarters hold 15 million
//! placements (120 MB); at N = 19 the four hold about 13 million.

use std::ops::Range;

/// The largest N the quarters are listed for: at N = 21 the largest
/// quarter alone would hold 67 million placements.
pub const MAX_N: usize = 20;

/// Where the band's bits sit in a pattern, for an N×N board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub n: usize,
    /// Rows `0..north` are the north quarters'.
    pub north: usize,
    /// Columns `0..east` are the east half's.
    pub east: usize,
    /// Diagonals `r + c` in `sums` are bits `0..sums.len()`.
    sums: Range<usize>,
    /// Diagonals `r - c + N - 1` in `differences` follow them.
    differences: Range<usize>,
}

impl Geometry {
    /// The band of an N×N board (4 ≤ N ≤ 21): every diagonal that both halves
    /// reach, or both quarters of one half.
    pub fn new(n: usize) -> Geometry {
        assert!((4..=21).contains(&n), "N must be from 4 to 21; got {n}");
        let (north, east) = (n / 2, n / 2);
        let rect = |rows: Range<usize>, columns: Range<usize>| (rows, columns);
        let pairs = [
            (rect(0..n, 0..east), rect(0..n, east..n)),
            (rect(0..north, 0..east), rect(north..n, 0..east)),
            (rect(0..north, east..n), rect(north..n, east..n)),
        ];
        // The diagonals a rectangle touches, as one range per direction.
        let reach = |(rows, columns): &(Range<usize>, Range<usize>)| {
            let sums = rows.start + columns.start..rows.end + columns.end - 1;
            let differences = rows.start + n - columns.end..rows.end - 1 + n - columns.start;
            (sums, differences)
        };
        let overlap = |a: &Range<usize>, b: &Range<usize>| a.start.max(b.start)..a.end.min(b.end);
        let hull = |a: Range<usize>, b: Range<usize>| {
            if a.is_empty() {
                b
            } else if b.is_empty() {
                a
            } else {
                a.start.min(b.start)..a.end.max(b.end)
            }
        };
        let (mut sums, mut differences) = (0..0, 0..0);
        for (a, b) in &pairs {
            let ((sa, da), (sb, db)) = (reach(a), reach(b));
            sums = hull(sums, overlap(&sa, &sb));
            differences = hull(differences, overlap(&da, &db));
        }
        assert!(sums.len() + differences.len() <= 64);
        Geometry {
            n,
            north,
            east,
            sums,
            differences,
        }
    }

    /// Bits in a pattern.
    pub fn bits(&self) -> u32 {
        (self.sums.len() + self.differences.len()) as u32
    }

    /// The band bits of a queen at `(r, c)`.
    pub fn pattern(&self, r: usize, c: usize) -> u64 {
        let (sum, difference) = (r + c, r + self.n - 1 - c);
        let mut bits = 0;
        if self.sums.contains(&sum) {
            bits |= 1 << (sum - self.sums.start);
        }
        if self.differences.contains(&difference) {
            bits |= 1 << (self.sums.len() + difference - self.differences.start);
        }
        bits
    }

    /// Whether the left–right reflection maps the band onto itself with its
    /// two directions swapped (true for even N).
    fn mirrors(&self) -> bool {
        self.n.is_multiple_of(2) && self.sums == self.differences
    }

    /// A pattern's image under the left–right reflection (see [`mirrors`](Self::mirrors)).
    fn mirror(&self, pattern: u64) -> u64 {
        let half = self.sums.len();
        (pattern >> half) | (pattern & ((1 << half) - 1)) << half
    }
}

/// Every placement in one quarter of the board, grouped by the quarter's
/// rows and columns it uses (relative bit masks), as band patterns.
pub struct Quarter {
    rows: Range<usize>,
    columns: Range<usize>,
    /// `offsets[key]..offsets[key + 1]` are key's patterns, where
    /// `key = rows << width | columns`.
    offsets: Vec<u32>,
    patterns: Vec<u64>,
}

impl Quarter {
    pub fn new(geometry: &Geometry, rows: Range<usize>, columns: Range<usize>) -> Quarter {
        let keys = 1usize << (rows.len() + columns.len());
        let mut quarter = Quarter {
            rows,
            columns,
            offsets: vec![0; keys + 1],
            patterns: Vec::new(),
        };
        // Two walks: count each key's placements, then put them in place.
        let mut offsets = vec![0u32; keys + 1];
        quarter.walk(geometry, &mut |key, _| offsets[key + 1] += 1);
        for key in 0..keys {
            offsets[key + 1] += offsets[key];
        }
        let mut patterns = vec![0; offsets[keys] as usize];
        let mut next = offsets.clone();
        quarter.walk(geometry, &mut |key, pattern| {
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

    /// The placements on exactly these rows and columns (relative masks).
    fn get(&self, rows: u32, columns: u32) -> &[u64] {
        let key = (rows as usize) << self.columns.len() | columns as usize;
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

/// One split worth counting: the rows whose queen is in the east half, and
/// how many splits its orbit under the reflections holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub east: u32,
    pub weight: u32,
}

/// Reverses the low `n` bits of `x`.
fn reverse(x: u32, n: usize) -> u32 {
    x.reverse_bits() >> (32 - n)
}

/// The board's quarters, listed once, and what counts a split with them.
pub struct Halves {
    pub geometry: Geometry,
    east_north: Quarter,
    east_south: Quarter,
    /// Odd N only: for even N the west half is the east half's mirror image.
    west: Option<(Quarter, Quarter)>,
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
        let quarter = |rows, columns| Quarter::new(&geometry, rows, columns);
        Halves {
            east_north: quarter(0..north, 0..east),
            east_south: quarter(north..n, 0..east),
            west: (!geometry.mirrors())
                .then(|| (quarter(0..north, east..n), quarter(north..n, east..n))),
            geometry,
        }
    }

    /// Placements listed in all quarters.
    pub fn placements(&self) -> usize {
        let west = self.west.as_ref().map_or(0, |(a, b)| a.len() + b.len());
        self.east_north.len() + self.east_south.len() + west
    }

    /// The splits worth counting, one per orbit, in increasing order.
    pub fn splits(&self) -> Vec<Split> {
        let n = self.geometry.n;
        let all = (1u32 << n) - 1;
        let mut out = Vec::new();
        // Every subset of `east` rows, in increasing order (Gosper's hack).
        let mut e = (1u32 << self.geometry.east) - 1;
        while e <= all {
            let reversed = reverse(e, n);
            let orbit = if self.geometry.mirrors() {
                [e, reversed, all ^ e, all ^ reversed]
            } else {
                [e, reversed, e, reversed]
            };
            if orbit.iter().all(|&o| o >= e) {
                let mut distinct = orbit;
                distinct.sort_unstable();
                let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count() as u32;
                out.push(Split { east: e, weight });
            }
            let low = e & e.wrapping_neg();
            let ripple = e + low;
            e = (((ripple ^ e) >> 2) / low) | ripple;
        }
        out
    }

    /// Calls `visit(north, south)` for each pair of quarter lists that make
    /// up a half: rows `rows` (a global mask), the quarters' columns filling
    /// the half's `width` columns.
    fn pieces(
        &self,
        (north, south): (&Quarter, &Quarter),
        rows: u32,
        mut visit: impl FnMut(&[u64], &[u64]),
    ) {
        let split = self.geometry.north;
        let (up, down) = (rows & ((1 << split) - 1), rows >> split);
        let width = north.columns.len();
        let full = (1u32 << width) - 1;
        let k = up.count_ones();
        if k as usize > width {
            return;
        }
        let mut x: u32 = (1u32 << k) - 1;
        loop {
            let (a, b) = (north.get(up, x), south.get(down, full ^ x));
            if !a.is_empty() && !b.is_empty() {
                visit(a, b);
            }
            if k == 0 {
                break;
            }
            let low = x & x.wrapping_neg();
            let ripple = x + low;
            x = (((ripple ^ x) >> 2) / low) | ripple;
            if x > full {
                break;
            }
        }
    }

    /// The east half's placements for these rows, as band patterns.
    pub fn east(&self, rows: u32, out: &mut Vec<u64>) {
        self.pieces((&self.east_north, &self.east_south), rows, |a, b| {
            for &p in a {
                for &q in b {
                    if p & q == 0 {
                        out.push(p | q);
                    }
                }
            }
        });
    }

    /// The west half's placements for these rows, as band patterns.
    pub fn west(&self, rows: u32, out: &mut Vec<u64>) {
        match &self.west {
            Some((north, south)) => self.pieces((north, south), rows, |a, b| {
                for &p in a {
                    for &q in b {
                        if p & q == 0 {
                            out.push(p | q);
                        }
                    }
                }
            }),
            None => {
                let from = out.len();
                self.east(rows, out);
                for p in &mut out[from..] {
                    *p = self.geometry.mirror(*p);
                }
            }
        }
    }

    /// An estimate of the work of [`count_split`](Self::count_split): the
    /// candidate pairs its joins test, and the pairs its match would test
    /// if the joins kept all of them (in units of 512), and one for the
    /// lookups.
    pub fn estimate(&self, east: u32) -> f64 {
        let all = (1u32 << self.geometry.n) - 1;
        let joins = |quarters: (&Quarter, &Quarter), rows| {
            let mut pairs = 0f64;
            self.pieces(quarters, rows, |a, b| pairs += (a.len() * b.len()) as f64);
            pairs
        };
        let a = joins((&self.east_north, &self.east_south), east);
        let b = match &self.west {
            Some((north, south)) => joins((north, south), all ^ east),
            None => joins((&self.east_north, &self.east_south), all ^ east),
        };
        1.0 + a + b + a * b / 2048.0
    }

    /// The solutions whose east half holds the queens of rows `east`
    /// (unweighted). `scratch` is reused between calls.
    pub fn count_split(&self, east: u32, scratch: &mut Scratch) -> u64 {
        let all = (1u32 << self.geometry.n) - 1;
        scratch.east.clear();
        scratch.west.clear();
        self.east(east, &mut scratch.east);
        if scratch.east.is_empty() {
            return 0;
        }
        self.west(all ^ east, &mut scratch.west);
        let (small, big) = if scratch.east.len() <= scratch.west.len() {
            (&scratch.east, &scratch.west)
        } else {
            (&scratch.west, &scratch.east)
        };
        scratch.matcher.load(small, self.geometry.bits());
        scratch.matcher.count(big)
    }

    /// Every solution: the splits' counts, weighted.
    pub fn count(&self) -> u64 {
        let mut scratch = Scratch::default();
        self.splits()
            .into_iter()
            .map(|s| u64::from(s.weight) * self.count_split(s.east, &mut scratch))
            .sum()
    }
}

/// Buffers [`Halves::count_split`] reuses from one split to the next.
#[derive(Default)]
pub struct Scratch {
    east: Vec<u64>,
    west: Vec<u64>,
    matcher: Matcher,
}

/// Words in one block's row: 64 patterns each.
const WORDS: usize = 8;
/// Patterns in one block.
const BLOCK: usize = 64 * WORDS;
/// Band positions read together with one table lookup.
const CHUNK: u32 = 5;

/// Counts, for a list of items, the patterns each item does not meet
/// (`item & pattern == 0`). Patterns are stored in blocks of 512, transposed:
/// for each chunk of five band positions and each of its 32 values, one bit
/// per pattern saying whether the pattern is free of those bits. An item's
/// count in a block is then the popcount of the AND of one row per chunk.
#[derive(Default)]
pub struct Matcher {
    chunks: usize,
    /// `blocks × chunks × 32` rows.
    tables: Vec<[u64; WORDS]>,
    /// A remainder too small to be worth a block, matched one by one.
    loose: Vec<u64>,
}

impl Matcher {
    /// Stores `patterns` (of `bits` bits each) for matching.
    pub fn load(&mut self, patterns: &[u64], bits: u32) {
        self.chunks = bits.div_ceil(CHUNK) as usize;
        self.tables.clear();
        self.loose.clear();
        // A remainder of more than a few dozen is cheaper padded to a whole
        // block (with patterns that meet every item: no item is empty) than
        // matched one by one.
        let whole = if patterns.len() % BLOCK >= 40 {
            patterns.len().div_ceil(BLOCK)
        } else {
            patterns.len() / BLOCK
        };
        for b in 0..whole {
            // free[bit][w]: bit j of word w is set if pattern 64w+j lacks `bit`.
            let mut free = [[0u64; WORDS]; 64];
            #[allow(clippy::needless_range_loop)] // w indexes the patterns too
            for w in 0..WORDS {
                let mut rows = [!0u64; 64];
                let from = (b * BLOCK + w * 64).min(patterns.len());
                let to = (from + 64).min(patterns.len());
                rows[..to - from].copy_from_slice(&patterns[from..to]);
                transpose(&mut rows);
                for (bit, row) in rows.iter().enumerate() {
                    free[bit][w] = !row;
                }
            }
            // Padding is never free: the first chunk's rows start without it.
            let mut real = [!0u64; WORDS];
            for (w, word) in real.iter_mut().enumerate() {
                let have = patterns.len().saturating_sub(b * BLOCK + w * 64).min(64);
                *word = if have == 64 { !0 } else { (1u64 << have) - 1 };
            }
            for c in 0..self.chunks {
                let first = self.tables.len();
                self.tables.push(if c == 0 { real } else { [!0u64; WORDS] });
                for value in 1..1usize << CHUNK {
                    let mut row = self.tables[first + (value & (value - 1))];
                    let f = &free[c * CHUNK as usize + value.trailing_zeros() as usize];
                    for w in 0..WORDS {
                        row[w] &= f[w];
                    }
                    self.tables.push(row);
                }
            }
        }
        self.loose
            .extend_from_slice(&patterns[(whole * BLOCK).min(patterns.len())..]);
    }

    /// The number of (item, pattern) pairs that do not meet.
    pub fn count(&self, items: &[u64]) -> u64 {
        let mut total = 0u64;
        for block in self.tables.chunks_exact(self.chunks << CHUNK) {
            total += count_block(block, items);
        }
        for &p in &self.loose {
            total += items.iter().filter(|&&i| i & p == 0).count() as u64;
        }
        total
    }
}

/// One block's share of [`Matcher::count`]: for each item, AND one row per
/// chunk and count the bits left.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn count_block(block: &[[u64; WORDS]], items: &[u64]) -> u64 {
    let mut total = 0u64;
    for &item in items {
        let mut acc = [!0u64; WORDS];
        let mut rest = item;
        for table in block.chunks_exact(1 << CHUNK) {
            let row = &table[(rest & ((1 << CHUNK) - 1)) as usize];
            for w in 0..WORDS {
                acc[w] &= row[w];
            }
            rest >>= CHUNK;
        }
        total += acc.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    }
    total
}

/// [`count_block`] in WebAssembly SIMD: a row is four 128-bit lanes, and
/// the bits left are counted per byte and summed in 16-bit lanes, which hold
/// at most 64 per item: flushed every 1000 items.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn count_block(block: &[[u64; WORDS]], items: &[u64]) -> u64 {
    use core::arch::wasm32::*;
    let load = |row: &[u64; WORDS], k: usize| -> v128 {
        // SAFETY: `row` is 64 readable bytes and k < 4, so the 16 bytes at
        // 16k are inside it; v128_load needs no alignment.
        unsafe { v128_load(row.as_ptr().cast::<v128>().add(k)) }
    };
    let flush = |sums: v128| -> u64 {
        let wide = u32x4_extadd_pairwise_u16x8(sums);
        u64::from(u32x4_extract_lane::<0>(wide))
            + u64::from(u32x4_extract_lane::<1>(wide))
            + u64::from(u32x4_extract_lane::<2>(wide))
            + u64::from(u32x4_extract_lane::<3>(wide))
    };
    let mut total = 0u64;
    for group in items.chunks(1000) {
        let mut sums = u16x8_splat(0);
        for &item in group {
            let mut rest = item;
            let (mut a0, mut a1, mut a2, mut a3) = (
                u64x2_splat(!0),
                u64x2_splat(!0),
                u64x2_splat(!0),
                u64x2_splat(!0),
            );
            for table in block.chunks_exact(1 << CHUNK) {
                let row = &table[(rest & ((1 << CHUNK) - 1)) as usize];
                a0 = v128_and(a0, load(row, 0));
                a1 = v128_and(a1, load(row, 1));
                a2 = v128_and(a2, load(row, 2));
                a3 = v128_and(a3, load(row, 3));
                rest >>= CHUNK;
            }
            let bytes = u8x16_add(
                u8x16_add(u8x16_popcnt(a0), u8x16_popcnt(a1)),
                u8x16_add(u8x16_popcnt(a2), u8x16_popcnt(a3)),
            );
            sums = u16x8_add(sums, u16x8_extadd_pairwise_u8x16(bytes));
        }
        total += flush(sums);
    }
    total
}

/// Transposes a 64×64 bit matrix in place: bit `j` of row `i` becomes bit
/// `i` of row `j` (six rounds of swapping ever smaller blocks).
fn transpose(rows: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask = 0x0000_0000_FFFF_FFFFu64;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((rows[k] >> width) ^ rows[k | width]) & mask;
            rows[k] ^= t << width;
            rows[k | width] ^= t;
            k = ((k | width) + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_moves_every_bit() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut rows = [0u64; 64];
        for r in rows.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            *r = seed;
        }
        let before = rows;
        transpose(&mut rows);
        for (i, row) in before.iter().enumerate() {
            for (j, column) in rows.iter().enumerate() {
                assert_eq!(column >> i & 1, row >> j & 1, "({i},{j})");
            }
        }
    }

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
            let all = (1u32 << n) - 1;
            for s in halves.splits() {
                let (mut east, mut west) = (Vec::new(), Vec::new());
                halves.east(s.east, &mut east);
                halves.west(all ^ s.east, &mut west);
                east.sort_unstable();
                west.sort_unstable();
                assert_eq!(
                    east,
                    half_by_search(g, s.east, 0..g.east),
                    "n={n} east {:b}",
                    s.east
                );
                assert_eq!(
                    west,
                    half_by_search(g, all ^ s.east, g.east..n),
                    "n={n} west"
                );
            }
        }
    }

    #[test]
    fn matcher_counts_what_a_plain_loop_counts() {
        let mut seed = 99u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [0, 1, 39, 40, 511, 512, 513, 600, 1500] {
            let bits = 30;
            let mask = (1u64 << bits) - 1;
            // Sparse patterns, so that many pairs do not meet.
            let patterns: Vec<u64> = (0..len).map(|_| next() & next() & next() & mask).collect();
            let items: Vec<u64> = (0..300)
                .map(|_| (next() & next() & next() & mask) | 1)
                .collect();
            let mut m = Matcher::default();
            m.load(&patterns, bits);
            let plain: usize = items
                .iter()
                .map(|i| patterns.iter().filter(|&&p| p & i == 0).count())
                .sum();
            assert_eq!(m.count(&items), plain as u64, "len={len}");
        }
    }
}
