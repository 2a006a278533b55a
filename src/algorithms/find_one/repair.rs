//! What min-conflicts and queen search share: the greedy start, one row a
//! step, and the list of rows that may hold an attacked queen.

use super::rng::Rng;
use super::tally::{Suspects, GREEDY_TRIES, QS_GREEDY_TRIES};
use super::{refused, Core, Last, StepKind};
use crate::error::Error;

/// The board, the list of suspects, and the greedy start.
#[derive(Clone, Debug)]
pub struct Repair {
    pub core: Core,
    pub suspects: Suspects,
    /// Repair steps (moves or swaps tried) since the last (re)start.
    pub since_start: u64,
    /// The most pool columns the greedy start draws for one row.
    tries: u32,
}

/// The room queen search's list of suspects has on an n-row board: every
/// row up to 65,536 rows, and N / 64 beyond (1,562,500 at 100,000,000, where
/// a run lists a few thousand at most). Overflowing it costs a pass over the
/// rows, not a wrong answer ([`Repair::attacked`]).
pub fn list_room(n: usize) -> usize {
    n.min((n / 64).max(1 << 16))
}

impl Repair {
    /// Min-conflicts': [`GREEDY_TRIES`] draws a row, and room in the list
    /// for every row.
    pub fn new(n: usize, seed: u64) -> Result<Repair, Error> {
        Repair::with(Core::new(n, seed)?, GREEDY_TRIES, n)
    }

    /// Queen search's: on a permutation board ([`Core::permutation`]), for a
    /// search that only exchanges rows' columns after the greedy start, with
    /// [`QS_GREEDY_TRIES`] draws a row and [`list_room`] in the list.
    pub fn permutation(n: usize, seed: u64) -> Result<Repair, Error> {
        Repair::permutation_with_room(n, seed, list_room(n))
    }

    /// [`Repair::permutation`] with room for `room` suspects (tests make it
    /// small to overflow the list).
    pub fn permutation_with_room(n: usize, seed: u64, room: usize) -> Result<Repair, Error> {
        Repair::with(Core::permutation(n, seed)?, QS_GREEDY_TRIES, room)
    }

    fn with(core: Core, tries: u32, room: usize) -> Result<Repair, Error> {
        let n = core.tally.n();
        let suspects = Suspects::with_room(n, room)
            .ok_or_else(|| refused(n, 4 * room.min(n) as u64 + n.div_ceil(8) as u64))?;
        Ok(Repair {
            core,
            suspects,
            since_start: 0,
            tries,
        })
    }

    /// True when `16·N + 64` repair steps since the start have not solved the
    /// board: time to restart.
    pub fn out_of_time(&self) -> bool {
        self.since_start >= 16 * self.core.tally.n() as u64 + 64
    }

    /// Places the next row greedily ([`super::tally::Tally::place_greedy`]),
    /// listing it if it is attacked. True once every row is placed.
    pub fn place(&mut self) -> bool {
        self.place_rows(1);
        self.core.tally.placed() == self.core.tally.n()
    }

    /// Places up to `max` of the rows left, as that many calls of
    /// [`Repair::place`] would, in one loop with the generator in a local
    /// copy: the greedy start's fast path. Returns the rows placed.
    pub fn place_rows(&mut self, max: u64) -> u64 {
        let Repair {
            core,
            suspects,
            tries,
            ..
        } = self;
        let (start, n) = (core.tally.placed(), core.tally.n());
        let end = start + (n - start).min(usize::try_from(max).unwrap_or(usize::MAX));
        if end == start {
            return 0;
        }
        let mut rng = core.rng.clone();
        let (checks, col) = if core.tally.is_permutation() {
            core.tally
                .place_rows(&mut rng, *tries, end, |row, _| suspects.insert(row))
        } else {
            let (mut checks, mut last) = (0u64, 0);
            while core.tally.placed() < end {
                let (row, col, spent, attackers) = core.tally.place_greedy(&mut rng, *tries);
                checks += u64::from(spent);
                if attackers > 0 {
                    suspects.insert(row);
                }
                last = col;
            }
            (checks, last)
        };
        core.rng = rng;
        core.counters.checks += checks;
        core.last = Last::at(StepKind::Place, end - 1, col);
        (end - start) as u64
    }

    /// Empties the board for a fresh greedy start: a restart.
    pub fn restart(&mut self) {
        self.core.tally.reset();
        self.suspects.clear();
        self.since_start = 0;
        self.core.restarted();
    }

    /// The first listed row that is attacked, looking at the index `choose`
    /// gives (from the generator and the list's length) and unlisting each
    /// row found unattacked, one check each. A list that overflowed and ran
    /// empty is filled again from every row (N checks). Returns its index
    /// and row; None once no row is attacked.
    pub fn attacked(
        &mut self,
        mut choose: impl FnMut(&mut Rng, usize) -> usize,
    ) -> Option<(usize, usize)> {
        loop {
            while !self.suspects.is_empty() {
                let index = choose(&mut self.core.rng, self.suspects.len());
                let row = self.suspects.get(index);
                self.core.counters.checks += 1;
                if self.core.tally.attacked(row) {
                    return Some((index, row));
                }
                self.suspects.remove_at(index);
            }
            if !self.suspects.overflowed() {
                return None;
            }
            self.relist();
        }
    }

    /// Lists the attacked rows again, from the first, until the list is
    /// full: one check a row looked at.
    #[cold]
    fn relist(&mut self) {
        let Repair { core, suspects, .. } = self;
        suspects.clear();
        let n = core.tally.n();
        for row in 0..n {
            core.counters.checks += 1;
            if core.tally.attacked(row) {
                suspects.insert(row);
                if suspects.overflowed() {
                    break;
                }
            }
        }
    }
}
