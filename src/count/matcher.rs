//! Counting the pairs of two lists of band patterns that do not meet
//! (`a & b == 0`), the inner loop of meeting in the middle ([`super::halves`]).
//!
//! [`Matcher`] stores one list in blocks of 512 patterns, transposed: for each
//! chunk of five band positions and each of its 32 values, one bit per
//! pattern saying whether the pattern is free of those bits, so that an
//! item's count in a block is the popcount of the AND of one row per chunk
//! (eight 64-bit words, ANDed 128 bits at a time with wasm SIMD where built
//! with `simd128`). Short lists are matched one by one instead, and
//! [`sieve`] cuts long ones into buckets so that most pairs that meet are
//! never tested.

/// Whether matching `items` against `patterns` in blocks repays building
/// the blocks' tables (some 12,000 operations a block, then about 70 per
/// item and block), against one by one (about four per item and pattern;
/// the constants were tuned in wasm at N = 17 and 18).
fn blocks_pay(patterns: usize, items: usize) -> bool {
    items * (4 * patterns).saturating_sub(70) > 12_000
}

/// The pairs of `patterns` and `items` that do not meet, the cheaper way.
fn match_pairs(patterns: &[u64], items: &[u64], bits: u32, matcher: &mut Matcher) -> u64 {
    if blocks_pay(patterns.len(), items.len()) {
        matcher.load(patterns, bits);
        matcher.count(items)
    } else {
        one_by_one(patterns, items)
    }
}

/// The pairs of `patterns` and `items` that do not meet, one by one.
fn one_by_one(patterns: &[u64], items: &[u64]) -> u64 {
    patterns
        .iter()
        .map(|&p| items.iter().filter(|&&i| i & p == 0).count() as u64)
        .sum()
}

/// Patterns per bucket the sieve aims at: a few blocks' worth.
const SIEVE_BUCKET: usize = 1024;

/// Counts the pairs of `small` and `big` that do not meet, through a sieve:
/// a few band positions that both lists often occupy are cut out, both
/// lists are sorted into buckets by their bits there, and each bucket of
/// `small` is matched only against the buckets of `big` it can fit with
/// (no shared cut bit), so most pairs that meet are never tested.
pub fn sieve(
    small: &[u64],
    big: &[u64],
    bits: u32,
    matcher: &mut Matcher,
    (sorted_small, sorted_big): &mut (Vec<u64>, Vec<u64>),
) -> u64 {
    let cuts = (small.len() / SIEVE_BUCKET).max(1).ilog2().min(4) as usize;
    if cuts == 0 {
        return match_pairs(small, big, bits, matcher);
    }
    // The positions where the product of the two lists' occupancies is
    // highest, judged from a sample.
    let occupancy = |list: &[u64]| {
        let mut ones = [0u32; 64];
        for &p in list.iter().step_by((list.len() / 256).max(1)) {
            let mut rest = p;
            while rest != 0 {
                ones[rest.trailing_zeros() as usize] += 1;
                rest &= rest - 1;
            }
        }
        ones
    };
    let (a, b) = (occupancy(small), occupancy(big));
    let mut order: Vec<usize> = (0..bits as usize).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(u64::from(a[i]) * u64::from(b[i])));
    let positions = &order[..cuts];
    let key = |p: u64| {
        positions
            .iter()
            .enumerate()
            .fold(0usize, |k, (j, &i)| k | ((p >> i & 1) as usize) << j)
    };
    let buckets = 1usize << cuts;
    let sort = |list: &[u64], out: &mut Vec<u64>| {
        let mut start = vec![0usize; buckets + 1];
        for &p in list {
            start[key(p) + 1] += 1;
        }
        for k in 0..buckets {
            start[k + 1] += start[k];
        }
        out.clear();
        out.resize(list.len(), 0);
        let mut next = start.clone();
        for &p in list {
            let k = key(p);
            out[next[k]] = p;
            next[k] += 1;
        }
        start
    };
    let small_at = sort(small, sorted_small);
    let big_at = sort(big, sorted_big);
    let mut total = 0;
    for m in 0..buckets {
        let patterns = &sorted_small[small_at[m]..small_at[m + 1]];
        if patterns.is_empty() {
            continue;
        }
        let fits = |v: &usize| v & m == 0;
        let items: usize = (0..buckets)
            .filter(fits)
            .map(|v| big_at[v + 1] - big_at[v])
            .sum();
        if blocks_pay(patterns.len(), items) {
            matcher.load(patterns, bits);
            for v in (0..buckets).filter(fits) {
                total += matcher.count(&sorted_big[big_at[v]..big_at[v + 1]]);
            }
        } else {
            for v in (0..buckets).filter(fits) {
                total += one_by_one(patterns, &sorted_big[big_at[v]..big_at[v + 1]]);
            }
        }
    }
    total
}

/// Words in one block's row: 64 patterns each.
const WORDS: usize = 8;
/// Patterns in one block.
const BLOCK: usize = 64 * WORDS;
/// The smallest remainder of patterns worth padding to a whole block.
const PAD_FROM: usize = 16;
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
        // A remainder of more than a dozen or so is cheaper padded to a
        // whole block (with patterns that never count) than matched one by
        // one.
        let whole = if patterns.len() % BLOCK >= PAD_FROM {
            patterns.len().div_ceil(BLOCK)
        } else {
            patterns.len() / BLOCK
        };
        for b in 0..whole {
            // free[bit][w]: bit j of word w is set if pattern 64w+j lacks `bit`.
            let mut free = [[0u64; WORDS]; 64];
            #[allow(clippy::needless_range_loop)] // w indexes the patterns too
            for w in 0..WORDS {
                let from = (b * BLOCK + w * 64).min(patterns.len());
                let to = (from + 64).min(patterns.len());
                if from == to {
                    break; // padding only: never free
                }
                let mut rows = [!0u64; 64];
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
        total + one_by_one(&self.loose, items)
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

/// [`count_block`] in WebAssembly SIMD: a row is `WORDS / 2` 128-bit
/// lanes, and the bits left are counted per byte and summed in 16-bit
/// lanes, which gain at most `16 × WORDS / 2` per item: flushed every 256
/// items.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn count_block(block: &[[u64; WORDS]], items: &[u64]) -> u64 {
    use core::arch::wasm32::*;
    let load = |row: &[u64; WORDS], k: usize| -> v128 {
        // SAFETY: `row` is 8 × WORDS readable bytes and k < WORDS / 2, so
        // the 16 bytes at 16k are inside it; v128_load needs no alignment.
        unsafe { v128_load(row.as_ptr().cast::<v128>().add(k)) }
    };
    let flush = |sums: v128| -> u64 {
        let wide = u32x4_extadd_pairwise_u16x8(sums);
        u64::from(u32x4_extract_lane::<0>(wide))
            + u64::from(u32x4_extract_lane::<1>(wide))
            + u64::from(u32x4_extract_lane::<2>(wide))
            + u64::from(u32x4_extract_lane::<3>(wide))
    };
    const LANES: usize = WORDS / 2;
    let mut total = 0u64;
    for group in items.chunks(256) {
        let mut sums = u16x8_splat(0);
        for &item in group {
            let mut rest = item;
            let mut acc = [u64x2_splat(!0); LANES];
            for table in block.chunks_exact(1 << CHUNK) {
                let row = &table[(rest & ((1 << CHUNK) - 1)) as usize];
                for (k, lane) in acc.iter_mut().enumerate() {
                    *lane = v128_and(*lane, load(row, k));
                }
                rest >>= CHUNK;
            }
            // At most 8 bits per byte and lane: 8 LANES at most 64.
            let bytes = acc
                .iter()
                .fold(u8x16_splat(0), |b, &lane| u8x16_add(b, u8x16_popcnt(lane)));
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

    #[test]
    fn matcher_counts_what_a_plain_loop_counts() {
        let mut seed = 99u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [0, 1, 15, 16, 39, 40, 511, 512, 513, 600, 1500, 2100, 5000] {
            let bits = 30;
            let mask = (1u64 << bits) - 1;
            // Sparse patterns, so that many pairs do not meet.
            let patterns: Vec<u64> = (0..len).map(|_| next() & next() & next() & mask).collect();
            let items: Vec<u64> = (0..300)
                .map(|_| (next() & next() & next() & mask) | 1)
                .collect();
            let plain: usize = items
                .iter()
                .map(|i| patterns.iter().filter(|&&p| p & i == 0).count())
                .sum();
            let mut m = Matcher::default();
            m.load(&patterns, bits);
            assert_eq!(m.count(&items), plain as u64, "len={len}");
            // And through the sieve, which cuts lists of 2048 and more.
            let mut sorted = (Vec::new(), Vec::new());
            let sieved = sieve(&patterns, &items, bits, &mut m, &mut sorted);
            assert_eq!(sieved, plain as u64, "sieve, len={len}");
        }
    }
}
