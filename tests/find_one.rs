//! The find-one family against truths of its own: a board is judged by hash
//! sets of columns and diagonals and its conflicts by counting pairs one by
//! one, neither sharing anything with the engines' tallies. The engines come
//! from `FAMILY`, never typed by hand.

use std::collections::HashSet;

use nqueens::algorithms::find_one::{check, Engine};
use nqueens::algorithms::restarts::{luby, Restarts};
use nqueens::algorithms::StepKind;
use nqueens::algorithms::{find, find_one, AlgorithmInfo, AnyEngine, FAMILY};
use nqueens::Error;

/// True when `queens` puts one queen in each row of an n×n board and no two
/// attack: the test's own judge.
fn no_two_attack(queens: &[u32]) -> bool {
    let n = queens.len() as i64;
    let (mut cols, mut downs, mut ups) = (HashSet::new(), HashSet::new(), HashSet::new());
    queens.iter().enumerate().all(|(row, &col)| {
        let (row, col) = (row as i64, i64::from(col));
        col < n && cols.insert(col) && downs.insert(row + col) && ups.insert(row - col)
    })
}

/// Whether the queens of rows a and b attack each other.
fn attack(queens: &[u32], a: usize, b: usize) -> bool {
    let (ca, cb) = (i64::from(queens[a]), i64::from(queens[b]));
    ca == cb || (ca - cb).abs() == (a as i64 - b as i64).abs()
}

/// Attacking pairs, pair by pair.
fn pairwise(queens: &[u32]) -> u64 {
    let mut pairs = 0;
    for a in 0..queens.len() {
        for b in a + 1..queens.len() {
            pairs += u64::from(attack(queens, a, b));
        }
    }
    pairs
}

/// The queens attacking each queen, pair by pair.
fn attackers_each(queens: &[u32]) -> Vec<u32> {
    (0..queens.len())
        .map(|a| {
            (0..queens.len())
                .filter(|&b| b != a && attack(queens, a, b))
                .count() as u32
        })
        .collect()
}

/// Seeds for a board of n: many on small boards, fewer on large ones, and
/// not only small numbers.
fn seeds(n: usize) -> Vec<u64> {
    let count = match n {
        0..=16 => 12,
        17..=60 => 4,
        _ => 1,
    };
    (1..=count).map(|k| k * 0x9E37_79B9 + n as u64).collect()
}

/// Steps `engine` to the end (at most `limit` steps), calling `each` after
/// every step with the engine and the checks that step added.
fn walk(engine: &mut AnyEngine, limit: u64, mut each: impl FnMut(&AnyEngine, u64)) -> u64 {
    let mut taken = 0;
    let mut checks = engine.counters().checks;
    while taken < limit && engine.step() {
        taken += 1;
        let now = engine.counters().checks;
        each(engine, now - checks);
        checks = now;
    }
    taken
}

/// The sizes of `sizes` that `find_one` takes for `info`.
fn within(info: &AlgorithmInfo, sizes: &[usize]) -> Vec<usize> {
    sizes
        .iter()
        .copied()
        .filter(|&n| info.find_fits(n))
        .collect()
}

#[test]
fn every_engine_solves_every_board_from_4_to_200_in_its_range() {
    for info in FAMILY {
        for n in info.min_n.max(4)..=info.find_max_n.min(200) {
            for seed in seeds(n) {
                let found = find_one(info.id, n, seed).expect("in range");
                assert_eq!(found.queens.len(), n);
                assert!(
                    no_two_attack(&found.queens),
                    "{} n={n} seed={seed}: {:?}",
                    info.id,
                    found.queens
                );
                assert_eq!(check::verify(&found.queens), Ok(()), "{} n={n}", info.id);
            }
        }
    }
}

#[test]
fn stepping_to_the_end_is_find_one() {
    for info in FAMILY {
        for n in within(info, &[4, 5, 8, 13, 31, 64]) {
            for seed in [1, 2, 77] {
                let found = find_one(info.id, n, seed).expect("in range");
                let mut engine = AnyEngine::new(info.id, n, seed).expect("in range");
                let taken = walk(&mut engine, u64::MAX, |_, _| {});
                assert!(engine.is_solved());
                assert!(!engine.step(), "a solved engine takes no step");
                assert_eq!(taken, found.steps, "{} n={n} seed={seed}", info.id);
                assert_eq!(engine.counters().steps, found.steps);
                assert_eq!(engine.counters().restarts, found.restarts);
                assert_eq!(engine.tally().queens(), &found.queens[..]);
            }
        }
    }
}

/// `run(k)`, the fast path, may take steps in bulk (queen search places its
/// greedy start's rows in one loop): for chunks of every size from 1 to past
/// the board's rows, it must end where k calls of `step` end, with the same
/// board (pool and line counts included), counters, last step and random
/// numbers.
#[test]
fn running_in_chunks_is_stepping() {
    for info in FAMILY {
        for n in within(info, &[4, 5, 8, 13, 31, 64, 200]) {
            for seed in [1, 2, 77] {
                let mut stepped = AnyEngine::new(info.id, n, seed).expect("in range");
                let mut chunked = AnyEngine::new(info.id, n, seed).expect("in range");
                // Chunk sizes from a plain LCG: 1 to 2n + 2 steps.
                let mut x = seed.wrapping_mul(6_364_136_223_846_793_005) | 1;
                loop {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let k = 1 + (x >> 33) % (2 * n as u64 + 2);
                    let taken = chunked.run(k);
                    let mut t = 0;
                    while t < k && stepped.step() {
                        t += 1;
                    }
                    let at = format!(
                        "{} n={n} seed={seed} after {} steps",
                        info.id,
                        stepped.counters().steps
                    );
                    assert_eq!(taken, t, "{at}");
                    assert_eq!(chunked.counters(), stepped.counters(), "{at}");
                    assert_eq!(chunked.last(), stepped.last(), "{at}");
                    assert_eq!(chunked.tally(), stepped.tally(), "{at}");
                    assert_eq!(chunked.core().rng, stepped.core().rng, "{at}");
                    if taken < k {
                        break;
                    }
                }
                assert!(chunked.is_solved() && no_two_attack(chunked.tally().queens()));
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    for info in FAMILY {
        for n in within(info, &[6, 12, 40]) {
            let trace = |seed: u64| {
                let mut engine = AnyEngine::new(info.id, n, seed).expect("in range");
                let mut steps = Vec::new();
                walk(&mut engine, 20_000, |e, _| {
                    steps.push((*e.counters(), e.last(), e.tally().queens().to_vec()));
                });
                steps
            };
            let first = trace(1);
            assert_eq!(first, trace(1), "{} n={n}: seed 1 twice", info.id);
            if !info.seeded {
                // One board, whatever the seed.
                assert_eq!(first, trace(2), "{} n={n}: seeds 1 and 2", info.id);
            } else {
                assert_ne!(first, trace(2), "{} n={n}: seeds 1 and 2", info.id);
            }
        }
    }
}

#[test]
fn conflicts_are_the_attacking_pairs_at_every_step() {
    for info in FAMILY {
        for n in within(info, &[4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 33]) {
            for seed in [3, 4] {
                let mut engine = AnyEngine::new(info.id, n, seed).expect("in range");
                walk(&mut engine, 5_000, |e, _| {
                    let tally = e.tally();
                    let queens = tally.queens();
                    assert_eq!(tally.pairs(), pairwise(queens), "{} n={n}", info.id);
                    assert_eq!(tally.conflicts_per_queen(), attackers_each(queens));
                });
            }
        }
    }
}

#[test]
fn no_step_adds_more_checks_than_the_stated_bound() {
    for info in FAMILY {
        for n in within(info, &[4, 7, 16, 50, 120]) {
            let bound = info.most_checks.at(n);
            for seed in [1, 5] {
                let mut engine = AnyEngine::new(info.id, n, seed).expect("in range");
                let mut most = 0;
                walk(&mut engine, 200_000, |_, added| most = most.max(added));
                assert!(
                    most <= bound,
                    "{} n={n}: a step added {most} > {bound}",
                    info.id
                );
            }
        }
    }
}

/// The restart steps of `info`'s runs on the boards from 4 to 8 (those it
/// takes), 30 seeds each, each checked against the restarts counted.
fn restart_steps(info: &AlgorithmInfo) -> u64 {
    let mut seen = 0;
    for n in within(info, &[4, 5, 6, 7, 8]) {
        for seed in 1..=30 {
            let mut engine = AnyEngine::new(info.id, n, seed).expect("in range");
            let mut events = 0;
            walk(&mut engine, u64::MAX, |e, _| {
                events += u64::from(e.last().event == StepKind::Restart);
            });
            assert_eq!(
                events,
                engine.counters().restarts,
                "{} n={n} seed={seed}",
                info.id
            );
            seen += events;
        }
    }
    seen
}

#[test]
fn every_restart_is_a_step_of_its_own() {
    for info in FAMILY {
        restart_steps(info);
    }
}

#[test]
fn hill_climbing_and_queen_search_restart_on_small_boards() {
    // Both get stuck on some small boards: the restarts must show.
    for id in ["hill-climbing", "queen-search"] {
        let info = find(id).expect("catalogued");
        assert!(restart_steps(info) > 0, "{id}: no restart in 150 runs");
    }
}

#[test]
fn construction_solves_every_n_from_4_to_1000_and_refuses_2_and_3() {
    for n in (4..=1000).chain([1]) {
        let found = find_one("construction", n, 0).expect("a solution exists");
        assert!(no_two_attack(&found.queens), "n={n}: {:?}", found.queens);
        assert_eq!(found.steps, n as u64, "one step per row");
    }
    for n in [2, 3] {
        let refusal = find_one("construction", n, 1).expect_err("no solution exists");
        assert_eq!(refusal, Error::NoSolution { n });
        assert!(refusal.to_string().contains("no solution"), "{refusal}");
    }
}

#[test]
fn bad_input_gets_a_sentence() {
    let unknown = find_one("bogo-sort", 8, 1).expect_err("no such id");
    assert!(unknown.to_string().contains("\"bogo-sort\""), "{unknown}");
    for info in FAMILY {
        assert!(unknown.to_string().contains(info.id), "{unknown}");
        for n in [0, info.min_n - 1, info.find_max_n + 1, usize::MAX] {
            let refusal = find_one(info.id, n, 1).expect_err("out of range");
            let sentence = refusal.to_string();
            assert!(
                sentence.contains(info.id) && sentence.ends_with('.'),
                "{sentence}"
            );
            assert!(AnyEngine::new(info.id, n, 1).is_err());
        }
    }
}

#[test]
fn a_million_queens_checked_independently() {
    // Every engine that takes a million queens.
    for info in FAMILY.iter().filter(|info| info.find_fits(1_000_000)) {
        let id = info.id;
        let found = find_one(id, 1_000_000, 1).expect("in range");
        assert_eq!(found.queens.len(), 1_000_000);
        assert!(no_two_attack(&found.queens), "{id}");
    }
}

#[test]
fn backtracking_without_restarts_never_restarts_and_with_them_does() {
    let mut restarted = 0;
    for n in 4..=40 {
        for seed in [1, 2, 3] {
            let mut plain = Restarts::without_restarts(n, seed).expect("in range");
            assert!(!plain.restarts_on());
            while plain.step() {}
            assert!(plain.is_solved());
            assert!(no_two_attack(plain.queens()));
            assert_eq!(plain.counters().restarts, 0);
            restarted += find_one("restarts", n, seed).expect("in range").restarts;
        }
    }
    assert!(restarted > 0, "the cutoff never came");
}

#[test]
fn the_cutoffs_follow_lubys_sequence() {
    // Luby, Sinclair and Zuckerman (1993): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
    let published = [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1];
    let ours: Vec<u64> = (1..=published.len() as u64).map(luby).collect();
    assert_eq!(ours, published);
}

#[test]
fn the_checker_refuses_what_attacks() {
    assert_eq!(check::verify(&[1, 3, 0, 2]), Ok(()));
    assert!(check::verify(&[0, 2, 4, 1, 3, 3]).is_err());
    assert!(check::verify(&[0, 1]).is_err());
    assert!(check::verify(&[1, 3, 0, 9]).is_err());
}

/// Queen search's list of suspects has room for N / 64 rows on a large board.
/// With room for one, two or five the list overflows at once: a list run
/// empty is then filled again from a pass over the rows. The run must still
/// end solved, keep every step within the checks its entry states, and
/// `run(k)` in chunks must end where k calls of `step` do, as for the
/// catalogued search; and it must differ from that search's run, or the
/// overflow was never taken.
#[test]
fn a_full_list_of_suspects_is_filled_again_and_bulk_is_still_stepping() {
    use nqueens::algorithms::queen_search::{QueenSearch, INFO};
    for n in [8, 31, 200, 700] {
        for seed in [1, 2, 77] {
            let plain = find_one(INFO.id, n, seed).expect("in range");
            for room in [1, 2, 5] {
                let mut stepped = QueenSearch::with_list_room(n, seed, room).expect("in range");
                let mut chunked = stepped.clone();
                let mut x = seed.wrapping_mul(6_364_136_223_846_793_005) | 1;
                loop {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let k = 1 + (x >> 33) % (2 * n as u64 + 2);
                    let taken = chunked.run(k);
                    let mut t = 0;
                    while t < k {
                        let before = stepped.counters().checks;
                        if !stepped.step() {
                            break;
                        }
                        let added = stepped.counters().checks - before;
                        assert!(
                            added <= INFO.most_checks.at(n),
                            "n={n} room={room}: {added} checks in a step"
                        );
                        t += 1;
                    }
                    let at = format!(
                        "n={n} seed={seed} room={room} after {} steps",
                        stepped.counters().steps
                    );
                    assert_eq!(taken, t, "{at}");
                    assert_eq!(chunked.counters(), stepped.counters(), "{at}");
                    assert_eq!(chunked.last(), stepped.last(), "{at}");
                    assert_eq!(chunked.tally(), stepped.tally(), "{at}");
                    assert_eq!(chunked.core().rng, stepped.core().rng, "{at}");
                    if taken < k {
                        break;
                    }
                }
                assert!(
                    stepped.is_solved() && no_two_attack(stepped.tally().queens()),
                    "n={n} room={room}"
                );
                if n >= 200 && room == 1 {
                    assert_ne!(
                        stepped.counters().checks,
                        plain_checks(n, seed),
                        "n={n} seed={seed}: room for one suspect ran as the catalogued search"
                    );
                }
            }
            assert!(no_two_attack(&plain.queens));
        }
    }
}

/// The checks the catalogued queen search spends to its solution.
fn plain_checks(n: usize, seed: u64) -> u64 {
    let mut engine = AnyEngine::new("queen-search", n, seed).expect("in range");
    engine.run(u64::MAX);
    engine.counters().checks
}
