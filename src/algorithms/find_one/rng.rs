//! The core's randomness, all seeded from a `u64` through SplitMix64 (Steele,
//! Lea and Flood, 2014): [`Rng`], xoshiro256** (Blackman and Vigna, 2018),
//! for the searches, and `XorShift`, xorshift64 (Marsaglia, 2003), for the
//! generated puzzles, classic and regions. Two generators because a seed
//! names its run or its puzzle for good (dailies, links and tests pin them):
//! each keeps the exact numbers it has always drawn.
//!
//! Everything is wrapping `u64` arithmetic, shifts and rotations, so a seed
//! gives the same numbers natively and in WebAssembly. Ranges are unbiased by
//! Lemire's multiply-and-reject method, and [`Rng::unit`] builds a float from
//! 53 random bits with one exact multiplication. The one transcendental the
//! family needs, e^(−x) for annealing, is [`exp_neg`]: additions,
//! multiplications and divisions only, which IEEE 754 rounds the same on
//! every platform (a platform's `exp` need not).

/// xoshiro256**: 256 bits of state, period 2^256 − 1, fast and well mixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// One SplitMix64 step: advances `x` and returns its mixed output.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    finalize(*x)
}

/// SplitMix64's finalizer: a bijection of `u64` that keeps 0 at 0 and
/// spreads small numbers over all 64 bits.
fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xorshift64 (shifts 13, 7, 17): the generated puzzles' generator, small
/// and seeded, so that a puzzle replays from its seed.
pub(crate) struct XorShift(u64);

impl XorShift {
    /// The generator for `seed`, a different state for every seed below
    /// 2^64 − 1 (the core takes seeds up to 2^53 − 1): seed + 1 through
    /// SplitMix64's finalizer. (`seed | 1` would give seeds 2k and 2k + 1
    /// the same puzzle.)
    pub(crate) fn from_seed(seed: u64) -> XorShift {
        XorShift::mixed(seed.wrapping_add(1))
    }

    /// The generator whose state is one SplitMix64 step from `x`.
    pub(crate) fn split_mixed(mut x: u64) -> XorShift {
        XorShift(splitmix64(&mut x).max(1))
    }

    /// The generator whose state is `z` through SplitMix64's finalizer (0,
    /// the one state xorshift cannot leave, becomes 1).
    fn mixed(z: u64) -> XorShift {
        XorShift(finalize(z).max(1))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Fisher–Yates, from the last item down.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

impl Rng {
    /// The generator for `seed`: four SplitMix64 outputs as its state. They
    /// are never all zero (SplitMix64 is a bijection of distinct inputs), the
    /// one state xoshiro cannot leave.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The generator with exactly this state (for known-answer tests).
    pub fn from_state(s: [u64; 4]) -> Rng {
        Rng { s }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// The next 32 random bits: the high half, xoshiro's best bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A uniform number in `0..bound`, for `bound` ≥ 1 (0 gives 0). Lemire's
    /// method: the high half of a 32×32-bit product, redrawn in the rare case
    /// that its low half falls in the biased sliver below 2^32 mod `bound`.
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        if bound == 0 {
            return 0;
        }
        let mut m = u64::from(self.next_u32()) * u64::from(bound);
        if (m as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(bound);
            }
        }
        (m >> 32) as u32
    }

    /// A uniform float in [0, 1): 53 random bits times 2^−53, exact.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// e^(−x) for x ≥ 0, to about 1e−13 relative, with the same bits everywhere:
/// e^(−x) = (e^(−x/1024))^1024, the inner power by ten terms of its Taylor
/// series (x/1024 < 0.04 below the cut-off) and the outer by ten squarings.
/// Past x = 40 the answer is below 1e−17 and returned as 0.
pub fn exp_neg(x: f64) -> f64 {
    if x.is_nan() || x > 40.0 {
        return 0.0;
    }
    if x <= 0.0 {
        return 1.0;
    }
    let y = -x / 1024.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=10 {
        term = term * y / f64::from(k);
        sum += term;
    }
    for _ in 0..10 {
        sum *= sum;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_its_published_first_output() {
        // The reference implementation's first output from seed 0.
        let mut x = 0;
        assert_eq!(splitmix64(&mut x), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn xorshift_steps_by_its_published_shifts() {
        // x ^= x << 13; x ^= x >> 7; x ^= x << 17 from 1, by hand:
        // 1 → 0x2001 → 0x2041 (0x2001 >> 7 = 0x40) → 0x4082_2041.
        let mut random = XorShift(1);
        assert_eq!(random.next(), 0x4082_2041);
        // Seed 0 and its SplitMix64 step agree on the state they start from.
        let mut x = 0;
        let state = splitmix64(&mut x);
        assert_eq!(XorShift::split_mixed(0).0, state);
        assert_eq!(XorShift::from_seed(0x9E37_79B9_7F4A_7C14).0, state);
    }

    /// The puzzles' generator as it was written in `puzzle.rs` before it
    /// moved here, word for word: its state for a seed, and its steps.
    fn old_mixed(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)).max(1)
    }

    fn old_next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn the_puzzles_draw_the_numbers_they_always_drew() {
        for seed in (0..2_000u64).chain([(1 << 53) - 1, u64::MAX - 1]) {
            for n in [4u64, 8, 11] {
                // Classic puzzles seed with `from_seed`, regions puzzles with
                // the seed and N through one SplitMix64 step.
                let mut classic = (XorShift::from_seed(seed), old_mixed(seed.wrapping_add(1)));
                let mixed = (seed ^ (n << 56)).wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut regions = (XorShift::split_mixed(seed ^ (n << 56)), old_mixed(mixed));
                for _ in 0..50 {
                    assert_eq!(classic.0.next(), old_next(&mut classic.1), "seed {seed}");
                    assert_eq!(
                        regions.0.next(),
                        old_next(&mut regions.1),
                        "seed {seed}, N {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn xoshiro_first_output_from_a_known_state() {
        // rotl(2 * 5, 7) * 9 = 1280 * 9, by hand from the reference code.
        let mut rng = Rng::from_state([1, 2, 3, 4]);
        assert_eq!(rng.next_u64(), 11520);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        for bound in [1u32, 2, 3, 7, 10, 1000] {
            let mut seen = vec![false; bound as usize];
            for _ in 0..20 * bound {
                let v = rng.below(bound);
                assert!(v < bound);
                seen[v as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "bound {bound}");
        }
    }

    #[test]
    fn exp_neg_agrees_with_the_platform_exp() {
        for i in 0..400 {
            let x = f64::from(i) / 10.0;
            let want = (-x).exp();
            let got = exp_neg(x);
            assert!(
                (got - want).abs() <= 1e-12 * want,
                "x = {x}: {got} vs {want}"
            );
        }
        assert_eq!(exp_neg(0.0), 1.0);
        assert_eq!(exp_neg(50.0), 0.0);
    }
}
