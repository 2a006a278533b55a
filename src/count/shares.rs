//! A count dealt out to separate processes or machines: the command line's
//! `plan`, `piece` and `join` (`src/cli/`), on the pieces of count mode's
//! [`Plan`].
//!
//! [`Shares::new`] takes N's plan and groups its pieces into at most K
//! *shares* of about equal estimated work, each a run of consecutive pieces
//! (the command line calls a share a piece: what one process counts).
//! Where the symmetric search has fewer pieces than eight for each share, its
//! largest pieces are cut deeper first (one more row placed: the children of
//! a [`Subtask`] are the placements of its next row that
//! [`Subtask::from_prefix`] takes), so a thousand machines get a thousand
//! even shares. The quadrants' pieces are the splits, already many.
//!
//! A [`Key`] names the plan: N, the method, the core's version, the number of
//! shares and a digest of every share's pieces and estimates. A share's
//! result carries the key, and [`join`] adds results only if they all carry
//! the same key, so results of another plan or core are never mixed in.
//!
//! Classes (OEIS A002562): the symmetric search counts them share by share;
//! under the quadrants, share 0 also carries the solutions the symmetries of
//! the square fix, and the classes come from the total by Burnside's lemma.

use std::collections::{BTreeMap, BinaryHeap, HashSet};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::backtrack::Subtask;
use super::fixed::{self, FixedPoints};
use super::halves::NO_MIDDLE;
use super::{Counts, Method, Pieces, Plan, ESTIMATE_PROBES, MAX_N};

/// The core's name and version, in every key.
pub const CORE: &str = concat!("nqueens ", env!("CARGO_PKG_VERSION"));

/// The most shares a plan is cut into.
pub const MAX_SHARES: usize = 100_000;

/// What names a plan: results that carry another key belong to another plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Key {
    pub n: usize,
    /// [`Method::id`].
    pub method: String,
    /// [`CORE`].
    pub core: String,
    /// How many pieces were asked for.
    pub asked: usize,
    /// How many pieces the plan has (fewer than asked where N's plan has
    /// fewer).
    pub pieces: usize,
    /// FNV-1a/64 over every share's pieces and estimates, as 16 hex digits.
    pub digest: String,
}

impl Key {
    /// The key for a person: "N = 16, method quadrants, 64 pieces, …".
    pub fn describe(&self) -> String {
        format!(
            "N = {}, method {}, {} pieces, core {}, digest {}",
            self.n, self.method, self.pieces, self.core, self.digest
        )
    }
}

/// One split of the quadrants, as a plan line shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitLine {
    /// The rows whose queen is in the east half, one bit a row.
    pub east: u32,
    /// The row of the middle column's queen (odd N only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle: Option<u32>,
}

/// One line of a plan file: a share, what it counts and its estimated work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanLine {
    pub key: Key,
    pub id: usize,
    /// The share's estimated work, in the method's own unit (rounded).
    pub work: u64,
    /// Symmetric search: the first rows (each row's column, from row 0)
    /// under which each of the share's pieces counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefixes: Option<Vec<Vec<usize>>>,
    /// Quadrants: the share's splits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub splits: Option<Vec<SplitLine>>,
}

/// The solutions each kind of symmetry fixes (see [`fixed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Symmetries {
    pub rot90: u64,
    pub rot180: u64,
    pub mirror: u64,
}

/// One line of a results file: a share's count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultLine {
    pub key: Key,
    pub id: usize,
    /// The share's solutions.
    pub total: u64,
    /// Symmetric search: the share's classes of solutions distinct up to
    /// rotation and reflection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<u64>,
    /// Quadrants, share 0 only: what Burnside's lemma needs besides the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<Symmetries>,
}

/// N's plan cut into shares.
pub struct Shares {
    plan: Plan,
    /// Symmetric search: the pieces, cut deeper where needed (the plan's own
    /// when not). Empty under the quadrants, whose pieces are the plan's.
    deep: Vec<Subtask>,
    /// Each piece's estimated work.
    weights: Vec<f64>,
    /// Share `i` is pieces `cuts[i]..cuts[i + 1]`.
    cuts: Vec<usize>,
    key: Key,
}

impl Shares {
    /// N's plan by `method` cut into at most `asked` shares (fewer where
    /// the plan has fewer pieces). A sentence if N or the number of shares
    /// is out of range.
    pub fn new(n: usize, method: Method, asked: usize) -> Result<Shares, String> {
        if !(1..=MAX_N).contains(&n) {
            return Err(format!(
                "N must be a whole number from 1 to {MAX_N}; got {n}."
            ));
        }
        if !(1..=MAX_SHARES).contains(&asked) {
            return Err(format!(
                "The number of pieces must be a whole number from 1 to {MAX_SHARES}; got {asked}."
            ));
        }
        let plan = Plan::with_method(n, method);
        let (deep, weights) = match &plan.pieces {
            Pieces::Symmetric(tasks) => deepen(tasks, 8 * asked),
            Pieces::Halves { .. } => (Vec::new(), plan.weights()),
        };
        let cuts = cut(&weights, asked);
        let mut shares = Shares {
            plan,
            deep,
            weights,
            cuts,
            key: Key {
                n,
                method: String::new(),
                core: CORE.into(),
                asked,
                pieces: 0,
                digest: String::new(),
            },
        };
        shares.key.method = shares.plan.method().id().into();
        shares.key.pieces = shares.len();
        let lines: Vec<PlanLine> = (0..shares.len()).map(|id| shares.line(id)).collect();
        shares.key.digest = digest(&shares.key, &lines);
        Ok(shares)
    }

    /// The shares of a plan file's lines, as [`line`](Self::line) wrote
    /// them, without planning again: what one process needs to count one
    /// share. Refuses, with a sentence naming the line, lines of two plans
    /// or of another core, a line missing or out of order, a digest that is
    /// not the lines', and a piece the plan's method does not have or holds
    /// twice. Each share's work is spread evenly over its pieces.
    pub fn from_lines(lines: Vec<PlanLine>) -> Result<Shares, String> {
        let damaged = |line: usize, what: &str| {
            Err(format!("line {line}: {what}: the plan file is damaged."))
        };
        let Some(first) = lines.first() else {
            return Err("the plan file holds no plan: it has no lines.".into());
        };
        let key = first.key.clone();
        if key.core != CORE {
            return Err(format!(
                "it is a plan of {}, and this is {CORE}: make the plan again with this nqueens.",
                key.core
            ));
        }
        for (i, line) in lines.iter().enumerate() {
            if line.key != key {
                return damaged(i + 1, "its key is not the first line's");
            }
            if line.id != i {
                return damaged(
                    i + 1,
                    &format!("it should be piece {i}, and it is piece {}", line.id),
                );
            }
        }
        if lines.len() != key.pieces {
            return Err(format!(
                "the plan has {} pieces and the file {} lines: the plan file is damaged.",
                key.pieces,
                lines.len()
            ));
        }
        if digest(&key, &lines) != key.digest {
            return Err(
                "its lines do not give the digest in their key: the plan file is damaged.".into(),
            );
        }
        let n = key.n;
        let method = Method::from_id(&key.method).ok_or_else(|| {
            format!(
                "the plan's method {:?} is not one this core has.",
                key.method
            )
        })?;
        if !(1..=MAX_N).contains(&n) {
            return Err(format!(
                "the plan's N = {n} is not one this core counts (1 to {MAX_N})."
            ));
        }
        let plan = Plan::with_method(n, method);
        if plan.method() != method {
            return Err(format!(
                "this core cannot count N = {n} by the {} method.",
                method.id()
            ));
        }
        let mut cuts = vec![0];
        let mut weights = Vec::new();
        let mut deep = Vec::new();
        let mut chosen = Vec::new();
        let mut seen = HashSet::new();
        for (i, line) in lines.iter().enumerate() {
            let parts = match (&plan.pieces, &line.prefixes, &line.splits) {
                (Pieces::Symmetric(tasks), Some(prefixes), None) => {
                    for prefix in prefixes {
                        let task = match tasks.as_slice() {
                            // N = 1: the one board, with no first rows.
                            [only] if prefix.is_empty() && only.prefix.is_empty() => {
                                Some(only.clone())
                            }
                            _ => Subtask::from_prefix(n, prefix),
                        };
                        let Some(task) = task else {
                            return damaged(
                                i + 1,
                                &format!(
                                    "{prefix:?} are not first rows the symmetric search visits"
                                ),
                            );
                        };
                        if !seen.insert(prefix.clone()) {
                            return damaged(
                                i + 1,
                                &format!("the first rows {prefix:?} come twice"),
                            );
                        }
                        deep.push(task);
                    }
                    prefixes.len()
                }
                (Pieces::Halves { splits, .. }, None, Some(lines)) => {
                    for l in lines {
                        let middle = l.middle.unwrap_or(NO_MIDDLE);
                        let Some(split) = splits
                            .iter()
                            .find(|s| s.east == l.east && s.middle == middle)
                        else {
                            return damaged(i + 1, &format!("{l:?} is not a split of N = {n}"));
                        };
                        if !seen.insert(vec![l.east as usize, middle as usize]) {
                            return damaged(i + 1, &format!("the split {l:?} comes twice"));
                        }
                        chosen.push(*split);
                    }
                    lines.len()
                }
                _ => {
                    return damaged(
                        i + 1,
                        &format!("it does not list the pieces of the {} method", method.id()),
                    )
                }
            };
            weights.extend(std::iter::repeat_n(
                line.work as f64 / parts.max(1) as f64,
                parts,
            ));
            cuts.push(cuts[cuts.len() - 1] + parts);
        }
        let mut plan = plan;
        if let Pieces::Halves { splits, .. } = &mut plan.pieces {
            if chosen.len() != splits.len() {
                return Err(format!(
                    "the plan's lines hold {} of the {} splits of N = {n}: the plan file is damaged.",
                    chosen.len(),
                    splits.len()
                ));
            }
            *splits = chosen;
        }
        Ok(Shares {
            plan,
            deep,
            weights,
            cuts,
            key,
        })
    }

    pub fn key(&self) -> &Key {
        &self.key
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// How many shares.
    pub fn len(&self) -> usize {
        self.cuts.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn range(&self, id: usize) -> Range<usize> {
        self.cuts[id]..self.cuts[id + 1]
    }

    /// Share `id`'s line of the plan file (`id` < [`len`](Self::len)).
    pub fn line(&self, id: usize) -> PlanLine {
        let range = self.range(id);
        let work = self.weights[range.clone()].iter().sum::<f64>().round() as u64;
        let (prefixes, splits) = match &self.plan.pieces {
            Pieces::Symmetric(_) => (
                Some(self.deep[range].iter().map(|t| t.prefix.clone()).collect()),
                None,
            ),
            Pieces::Halves { splits, .. } => (
                None,
                Some(
                    splits[range]
                        .iter()
                        .map(|s| SplitLine {
                            east: s.east,
                            middle: (s.middle != NO_MIDDLE).then_some(s.middle),
                        })
                        .collect(),
                ),
            ),
        };
        PlanLine {
            key: self.key.clone(),
            id,
            work,
            prefixes,
            splits,
        }
    }

    /// The plan's pieces that share `id` holds (`id` < [`len`](Self::len)),
    /// to count with [`count_pieces`](Self::count_pieces).
    pub fn pieces_of(&self, id: usize) -> Range<usize> {
        self.range(id)
    }

    /// Each of the plan's pieces' estimated work.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// Counts the plan's pieces `range` (within a share's
    /// [`pieces_of`](Self::pieces_of)): the total, and under the symmetric
    /// search the classes (0 under the quadrants).
    pub fn count_pieces(&self, range: Range<usize>) -> Counts {
        match &self.plan.pieces {
            Pieces::Symmetric(_) => self.deep[range].iter().map(Subtask::count).sum(),
            Pieces::Halves { halves, splits } => Counts {
                total: halves.count_splits(&splits[range]),
                fundamental: 0,
            },
        }
    }

    /// Share `id`'s result line from the counts of its pieces, with what the
    /// classes need.
    pub fn result(&self, id: usize, counts: Counts) -> ResultLine {
        let symmetric = matches!(self.plan.pieces, Pieces::Symmetric(_));
        let symmetries = (!symmetric && id == 0).then(|| {
            let f = fixed::fixed_points(self.key.n);
            Symmetries {
                rot90: f.rot90,
                rot180: f.rot180,
                mirror: f.mirror,
            }
        });
        ResultLine {
            key: self.key.clone(),
            id,
            total: counts.total,
            classes: symmetric.then_some(counts.fundamental),
            symmetries,
        }
    }

    /// Counts share `id` (`id` < [`len`](Self::len)).
    pub fn count(&self, id: usize) -> ResultLine {
        self.result(id, self.count_pieces(self.range(id)))
    }
}

/// The symmetric search's pieces, the largest cut one row deeper until there
/// are at least `want` (or none can be cut), in the order of a walk of the
/// search tree; with each piece's estimated work.
fn deepen(tasks: &[Subtask], want: usize) -> (Vec<Subtask>, Vec<f64>) {
    let weigh = |t: &Subtask| t.estimate(ESTIMATE_PROBES);
    // Every piece made so far: the plan's piece it came from, the piece, its weight.
    let mut made: Vec<(usize, Subtask, u64)> = tasks
        .iter()
        .enumerate()
        .map(|(i, t)| (i, t.clone(), weigh(t)))
        .collect();
    let mut kept = vec![true; made.len()];
    let mut heaviest: BinaryHeap<(u64, usize)> =
        made.iter().enumerate().map(|(at, p)| (p.2, at)).collect();
    let mut live = made.len();
    while live < want {
        let Some((_, at)) = heaviest.pop() else { break };
        let task = made[at].1.clone();
        let n = task.n;
        // A piece whose children would place the last rows stays whole.
        if task.prefix.len() + 3 >= n {
            continue;
        }
        kept[at] = false;
        live -= 1;
        for c in 0..n {
            let mut prefix = task.prefix.clone();
            prefix.push(c);
            if let Some(child) = Subtask::from_prefix(n, &prefix) {
                let w = weigh(&child);
                heaviest.push((w, made.len()));
                made.push((made[at].0, child, w));
                kept.push(true);
                live += 1;
            }
        }
    }
    let mut pieces: Vec<(usize, Subtask, u64)> = made
        .into_iter()
        .zip(kept)
        .filter_map(|(p, keep)| keep.then_some(p))
        .collect();
    pieces.sort_by(|a, b| (a.0, &a.1.prefix).cmp(&(b.0, &b.1.prefix)));
    pieces.into_iter().map(|(_, t, w)| (t, w as f64)).unzip()
}

/// Where to cut pieces of these weights into at most `shares` runs of about
/// equal weight: the runs' starts, and the end. Each run holds a piece.
fn cut(weights: &[f64], shares: usize) -> Vec<usize> {
    let total: f64 = weights.iter().sum();
    let mut cuts = vec![0];
    if weights.is_empty() {
        // No pieces (N = 2, 3): one empty share, counted as 0.
        cuts.push(0);
        return cuts;
    }
    let mut before = 0.0;
    let mut last_share = 0;
    for (i, &w) in weights.iter().enumerate() {
        // The share a piece goes to: where its middle falls.
        let middle = if total > 0.0 {
            (before + w / 2.0) / total
        } else {
            0.0
        };
        let share = ((middle * shares as f64) as usize).min(shares - 1);
        if i > 0 && share > last_share {
            cuts.push(i);
            last_share = share;
        }
        before += w;
    }
    cuts.push(weights.len());
    cuts
}

/// The digest of a plan's lines: the key's N, method and numbers of pieces,
/// and every line's work and pieces, as 16 hex digits.
fn digest(key: &Key, lines: &[PlanLine]) -> String {
    let mut digest = Fnv::default();
    digest.write(key.method.as_bytes());
    for x in [key.n, key.asked, key.pieces] {
        digest.write(&(x as u64).to_le_bytes());
    }
    for line in lines {
        digest.write(&line.work.to_le_bytes());
        for prefix in line.prefixes.iter().flatten() {
            digest.write(&[0xff]);
            for &c in prefix {
                digest.write(&(c as u32).to_le_bytes());
            }
        }
        for split in line.splits.iter().flatten() {
            digest.write(&split.east.to_le_bytes());
            digest.write(&split.middle.unwrap_or(NO_MIDDLE).to_le_bytes());
        }
        digest.write(&[0xfe]);
    }
    format!("{:016x}", digest.0)
}

/// FNV-1a over bytes, 64 bits.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// What [`join`] adds up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joined {
    pub n: usize,
    pub total: u64,
    /// Classes of solutions distinct up to rotation and reflection.
    pub classes: u64,
    pub pieces: usize,
}

/// Adds the results of one plan's shares, each with where it came from
/// (file and line, for the sentences). Refuses, with a sentence, results of
/// two plans or of another core, a share out of the plan's range, a share
/// counted twice with different results, a missing share, and a result that
/// lacks what its method's classes need.
pub fn join<'a>(
    results: impl IntoIterator<Item = (String, &'a ResultLine)>,
) -> Result<Joined, String> {
    let mut key: Option<(String, &Key)> = None;
    let mut seen: BTreeMap<usize, (String, &ResultLine)> = BTreeMap::new();
    for (place, line) in results {
        match &key {
            None => {
                if line.key.core != CORE {
                    return Err(format!(
                        "{place}: this result was counted by {}, and this is {CORE}: \
                         results of another core are not added.",
                        line.key.core
                    ));
                }
                key = Some((place.clone(), &line.key));
            }
            Some((first, k)) if **k != line.key => {
                return Err(format!(
                    "{place}: this result belongs to another plan ({}) than {first} ({}): \
                     results of different plans are never added.",
                    line.key.describe(),
                    k.describe()
                ));
            }
            Some(_) => {}
        }
        let k = &line.key;
        if line.id >= k.pieces {
            return Err(format!(
                "{place}: piece {} is not in the plan, whose pieces are 0 to {}.",
                line.id,
                k.pieces.saturating_sub(1)
            ));
        }
        let symmetric = k.method == Method::Symmetric.id();
        if symmetric != line.classes.is_some() {
            return Err(format!(
                "{place}: a result of the {} method {} a count of classes.",
                k.method,
                if symmetric { "needs" } else { "has no" }
            ));
        }
        if line.symmetries.is_some() != (!symmetric && line.id == 0) {
            return Err(format!(
                "{place}: only piece 0 of the quadrants method carries the symmetries' fixed points \
                 (and it must)."
            ));
        }
        if let Some((other, before)) = seen.get(&line.id) {
            if *before != line {
                return Err(format!(
                    "{place}: piece {} was counted twice with different results ({} solutions here, \
                     {} at {other}): one of them is wrong, so none is added.",
                    line.id, line.total, before.total
                ));
            }
            continue;
        }
        seen.insert(line.id, (place, line));
    }
    let Some((_, key)) = key else {
        return Err("No results to add: the files hold no result lines.".into());
    };
    let missing: Vec<usize> = (0..key.pieces)
        .filter(|id| !seen.contains_key(id))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(12).map(|id| id.to_string()).collect();
        return Err(format!(
            "{} of the plan's {} pieces {} missing: {}{}. Count {} and join again.",
            missing.len(),
            key.pieces,
            if missing.len() == 1 { "is" } else { "are" },
            shown.join(", "),
            if missing.len() > shown.len() {
                ", …"
            } else {
                ""
            },
            if missing.len() == 1 { "it" } else { "them" },
        ));
    }
    let overflow =
        || "The pieces' totals add up past 2^64: these results cannot be right.".to_string();
    let mut total = 0u64;
    let mut classes = 0u64;
    let mut symmetries = None;
    for (_, line) in seen.values() {
        total = total.checked_add(line.total).ok_or_else(overflow)?;
        classes = classes
            .checked_add(line.classes.unwrap_or(0))
            .ok_or_else(overflow)?;
        symmetries = symmetries.or(line.symmetries);
    }
    if let Some(s) = symmetries {
        let fixed = FixedPoints {
            rot90: s.rot90,
            rot180: s.rot180,
            mirror: s.mirror,
        };
        let sum = total
            .checked_add(s.rot180)
            .and_then(|x| x.checked_add(s.rot90.checked_mul(2)?))
            .and_then(|x| x.checked_add(s.mirror))
            .ok_or_else(overflow)?;
        if sum % 8 != 0 {
            return Err(format!(
                "The total {total} and the symmetries' fixed points ({} + {} + 2·{}) do not make a \
                 whole number of classes (Burnside's lemma): a piece's count is wrong.",
                s.rot180, s.mirror, s.rot90
            ));
        }
        classes = fixed.classes(total);
    }
    Ok(Joined {
        n: key.n,
        total,
        classes,
        pieces: key.pieces,
    })
}

/// The counts known for N (OEIS A000170 and A002562), N from 1 to 27;
/// nobody has counted N = 28.
pub fn known(n: usize) -> Option<super::Counts> {
    const TOTALS: [u64; 27] = [
        1,
        0,
        0,
        2,
        10,
        4,
        40,
        92,
        352,
        724,
        2_680,
        14_200,
        73_712,
        365_596,
        2_279_184,
        14_772_512,
        95_815_104,
        666_090_624,
        4_968_057_848,
        39_029_188_884,
        314_666_222_712,
        2_691_008_701_644,
        24_233_937_684_440,
        227_514_171_973_736,
        2_207_893_435_808_352,
        22_317_699_616_364_044,
        234_907_967_154_122_528,
    ];
    const CLASSES: [u64; 27] = [
        1,
        0,
        0,
        1,
        2,
        1,
        6,
        12,
        46,
        92,
        341,
        1_787,
        9_233,
        45_752,
        285_053,
        1_846_955,
        11_977_939,
        83_263_591,
        621_012_754,
        4_878_666_808,
        39_333_324_973,
        336_376_244_042,
        3_029_242_658_210,
        28_439_272_956_934,
        275_986_683_743_434,
        2_789_712_466_510_289,
        29_363_495_934_315_694,
    ];
    let i = n.checked_sub(1)?;
    Some(super::Counts {
        total: *TOTALS.get(i)?,
        fundamental: *CLASSES.get(i)?,
    })
}
