//! The stepping core against independent truths: OEIS A000170, the 92 boards of
//! 8-queens found by an obvious slow search, exact step counts, and threat
//! masks recomputed square by square, for the searches for every solution;
//! for the searches for one, a board judged pair by pair, conflicts
//! recounted pair by pair, and fresh seeded runs.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use crate::common;

use nqueens::algorithms::{AlgorithmInfo, Goal, StepKind, ALGORITHMS};
use nqueens::board::attacks;
use nqueens::session::{Session, MAX_CHECKPOINTS};
use nqueens::view::{CONFLICT, GHOST, PROBED, QUEEN, THREATENED};
use nqueens::Error;

/// OEIS A000170, N = 1..=12.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// Every solution, by the slow obvious search (tests/common), as `i32` columns.
fn slow_solutions(n: usize) -> Vec<Vec<i32>> {
    common::slow_solutions(n)
        .into_iter()
        .map(|cols| cols.into_iter().map(|c| c as i32).collect())
        .collect()
}

fn session(id: &str, n: usize) -> Session {
    Session::new(id, n).expect("valid algorithm and size")
}

/// Runs to the end, returning every solution board in the order found.
fn all_solutions(id: &str, n: usize) -> (Session, Vec<Vec<i32>>) {
    let mut s = session(id, n);
    let mut found = Vec::new();
    while s.run_to_solution(u64::MAX) {
        found.push(s.queens());
    }
    assert!(s.is_done());
    (s, found)
}

#[test]
fn every_algorithm_finds_the_same_92_solutions_at_n8() {
    let truth: BTreeSet<Vec<i32>> = slow_solutions(8).into_iter().collect();
    assert_eq!(truth.len(), 92);
    for info in common::every_solution().filter(|info| info.fits(8)) {
        let (s, found) = all_solutions(info.id, 8);
        assert_eq!(found.len(), 92, "{}", info.id);
        assert_eq!(s.counters().solutions, 92, "{}", info.id);
        let set: BTreeSet<Vec<i32>> = found.into_iter().collect();
        assert_eq!(set, truth, "{} found a different set", info.id);
    }
}

#[test]
fn counts_match_oeis_a000170_for_every_supported_n_up_to_12() {
    for info in common::every_solution() {
        for n in info.min_n..=info.max_n.min(12) {
            let mut s = session(info.id, n);
            while s.run(1 << 40) > 0 {}
            assert!(s.is_done());
            assert_eq!(
                s.counters().solutions,
                A000170[n - 1],
                "{} at N={n}",
                info.id
            );
        }
    }
}

#[test]
fn brute_force_takes_n_to_the_n_steps_and_permutations_n_factorial() {
    for n in 1..=8u64 {
        let mut s = session("brute-force", n as usize);
        let taken = s.run(u64::MAX);
        assert_eq!(taken, n.pow(n as u32), "brute force N={n}");
        assert_eq!(s.step_index(), n.pow(n as u32));
        assert!(!s.step(), "a step after the end");
    }
    assert_eq!(session("brute-force", 8).run(u64::MAX), 16_777_216);
    for n in 1..=10u64 {
        let mut s = session("permutations", n as usize);
        let factorial: u64 = (1..=n).product();
        assert_eq!(s.run(u64::MAX), factorial, "permutations N={n}");
    }
    assert_eq!(session("permutations", 8).run(u64::MAX), 40_320);
}

#[test]
fn solutions_come_out_in_each_seeds_order() {
    let mut truth = slow_solutions(8);
    // Backtracking, the bitboard scan and bitwise all try columns lowest first,
    // row by row: the slow search's order.
    for id in ["backtracking", "bitboard-scan", "bitwise"] {
        assert_eq!(all_solutions(id, 8).1, truth, "{id}");
    }
    // The odometer turns row 0 fastest: order by the number whose base-8 digit
    // r is row r's column.
    truth.sort_by_key(|b| b.iter().rev().fold(0u64, |v, &c| v * 8 + c as u64));
    assert_eq!(all_solutions("brute-force", 8).1, truth);
}

#[test]
fn threatened_cells_match_a_recomputation_after_every_step() {
    for info in ALGORITHMS {
        let n = 5.clamp(info.min_n, info.max_n);
        let mut s = session(info.id, n);
        let one = info.goal == Goal::One;
        loop {
            let queens = s.queens();
            let cells = s.cells();
            let placed = common::placed(&queens);
            let probe = s.last_step().square;
            for row in 0..n {
                for col in 0..n {
                    let flags = cells[row * n + col];
                    let threatened = placed.iter().any(|&q| attacks(q, (row, col)));
                    assert_eq!(
                        flags & THREATENED != 0,
                        threatened,
                        "{} step {} ({row},{col})",
                        info.id,
                        s.step_index()
                    );
                    assert_eq!(flags & QUEEN != 0, queens[row] == col as i32);
                    assert_eq!(flags & PROBED != 0, probe == Some((row, col)));
                    if flags & GHOST != 0 {
                        assert_eq!(queens[row], -1, "a ghost where a queen stands");
                    }
                    let attacker = probe.is_some_and(|p| {
                        p != (row, col) && placed.contains(&(row, col)) && attacks((row, col), p)
                    });
                    if attacker {
                        assert_ne!(
                            flags & CONFLICT,
                            0,
                            "{} step {}: attacker not marked",
                            info.id,
                            s.step_index()
                        );
                    }
                }
            }
            if one {
                // A search for one solution marks every attacked queen.
                for &(row, col) in &placed {
                    let attacked = placed
                        .iter()
                        .any(|&q| q != (row, col) && attacks(q, (row, col)));
                    assert_eq!(
                        cells[row * n + col] & CONFLICT != 0,
                        attacked
                            || probe.is_some_and(|p| p != (row, col) && attacks((row, col), p)),
                        "{} step {}: queen ({row},{col})",
                        info.id,
                        s.step_index()
                    );
                }
                if !s.step() {
                    break;
                }
                continue;
            }
            // Placed queens may attack each other only where the probe is (a
            // whole-board test stops at the first threatened queen).
            for (i, &a) in placed.iter().enumerate() {
                for &b in &placed[i + 1..] {
                    if attacks(a, b) {
                        assert!(
                            Some(a) == probe || Some(b) == probe,
                            "{} step {}",
                            info.id,
                            s.step_index()
                        );
                    }
                }
            }
            if !s.step() {
                break;
            }
        }
    }
}

#[test]
fn step_kinds_and_counters_add_up() {
    for info in common::every_solution() {
        let n = 6.clamp(info.min_n, info.max_n);
        let mut s = session(info.id, n);
        let mut kinds = std::collections::HashMap::new();
        while s.step() {
            *kinds.entry(s.last_step().kind).or_insert(0u64) += 1;
            assert!(s
                .last_step()
                .line
                .is_some_and(|l| l < info.pseudocode.len()));
        }
        let c = *s.counters();
        assert_eq!(
            kinds.get(&StepKind::Solution).copied().unwrap_or(0),
            A000170[n - 1],
            "{} at N={n}",
            info.id
        );
        assert!(c.checks > 0 && c.placements > 0, "{}", info.id);
    }
}

#[test]
fn backtracking_and_bitwise_backtrack_one_step_at_a_time() {
    for id in ["backtracking", "bitwise"] {
        let mut s = session(id, 6);
        let mut backtracks = 0;
        while s.step() {
            backtracks += u64::from(s.last_step().kind == StepKind::Backtrack);
        }
        assert_eq!(backtracks, s.counters().backtracks, "{id}");
        assert!(backtracks > 0, "{id}");
    }
}

#[test]
fn seek_reproduces_fresh_steps_across_checkpoint_thinning() {
    // Far enough that the timeline thins many times over.
    let mut s = session("brute-force", 8);
    s.seek(16_777_216).unwrap();
    assert!(s.is_done());
    assert_eq!(s.counters().solutions, 92);
    for k in [16_777_215u64, 1_234_567, 9_999_999, 0, 70, 16_000_000] {
        s.seek(k).unwrap();
        let mut fresh = session("brute-force", 8);
        fresh.run(k);
        assert_eq!(s.counters(), fresh.counters(), "k={k}");
        assert_eq!(s.cells(), fresh.cells(), "k={k}");
        assert_eq!(s.registers(), fresh.registers(), "k={k}");
    }
    assert!(s.solutions().len() <= 92);
}

#[test]
fn checkpoints_stay_bounded() {
    let mut s = session("brute-force", 8);
    s.run(u64::MAX);
    let (count, interval) = s.timeline_shape();
    // Bounded memory, yet dense enough that any seek replays one interval.
    assert!(count <= MAX_CHECKPOINTS, "{count} checkpoints");
    assert!(count >= MAX_CHECKPOINTS / 2, "{count} checkpoints");
    assert!(interval * (count as u64) >= 16_777_216);
    assert!(interval <= 16_777_216 / (MAX_CHECKPOINTS as u64 / 2));
    let total = s.step_index();
    assert!(s.step_back());
    assert_eq!(s.step_index(), total - 1);
    assert_eq!(s.total_steps(), Some(total));
}

#[test]
fn step_back_restores_the_previous_state_exactly() {
    for info in ALGORITHMS {
        let mut s = session(info.id, 6.clamp(info.min_n, info.max_n));
        let mut history = vec![(s.cells(), *s.counters(), s.message())];
        for _ in 0..300 {
            if !s.step() {
                break;
            }
            history.push((s.cells(), *s.counters(), s.message()));
        }
        while s.step_back() {
            let k = s.step_index() as usize;
            assert_eq!(
                (s.cells(), *s.counters(), s.message()),
                history[k],
                "{} at {k}",
                info.id
            );
        }
        assert_eq!(s.step_index(), 0);
    }
}

#[test]
fn errors_are_sentences() {
    // Non-whole and non-numeric N and step numbers are JavaScript's to get
    // wrong: the wasm boundary's tests (src/wasm/) cover those.
    let err = |r: Result<Session, Error>| r.err().expect("should fail").to_string();
    let unknown = err(Session::new("quantum", 8));
    assert!(
        unknown.contains("no algorithm called \"quantum\""),
        "{unknown}"
    );
    assert!(unknown.contains("bitwise"), "lists the choices: {unknown}");
    for (id, n) in [("brute-force", 9), ("brute-force", 0), ("permutations", 13)] {
        let text = err(Session::new(id, n));
        assert!(text.contains("works on boards from"), "{text}");
        assert!(text.ends_with('.'));
    }
    let mut s = session("bitwise", 4);
    // Brute force and permutations know their length before running.
    assert_eq!(session("brute-force", 8).total_steps(), Some(16_777_216));
    assert_eq!(session("permutations", 12).total_steps(), Some(479_001_600));
    let far = Session::new("permutations", 12)
        .unwrap()
        .seek(1_000_000_000_000)
        .unwrap_err();
    assert_eq!(
        far,
        Error::PastTheEnd {
            requested: 1_000_000_000_000,
            end: 479_001_600
        }
    );
    let text = s.seek(1_000_000).unwrap_err().to_string();
    assert!(text.contains("past the end"), "{text}");
    // A failed seek leaves the session where it was, and now knows the end.
    assert_eq!(s.step_index(), 0);
    let end = s.total_steps().expect("end learnt");
    assert!(s.seek(end).is_ok());
    assert!(s.is_done());
}

#[test]
fn messages_describe_the_step() {
    let mut s = session("bitwise", 4);
    assert!(s.message().starts_with("Ready"));
    s.step();
    assert_eq!(s.message(), "Placed a queen on row 1, column 1.");
    assert!(s.run_to_solution(u64::MAX));
    assert_eq!(
        s.message(),
        "Solution 1 found: columns 2 4 1 3 from the top row down."
    );
    // After a solution the last row's queen comes off: no row 5 exists to run out.
    s.step();
    assert_eq!(
        s.message(),
        "The solution is counted: took the queen off row 4, column 3 to look for the next one."
    );
    // Every other backtrack names a row of the board that ran out of squares.
    let mut b = session("backtracking", 6);
    while b.step() {
        let message = b.message();
        if let Some(rest) = message
            .strip_prefix("Row ")
            .filter(|_| message.contains("nothing left"))
        {
            let row: usize = rest
                .split(' ')
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            assert!((1..=6).contains(&row), "{message}");
        }
    }
    let mut r = session("backtracking", 4);
    r.run(2);
    assert_eq!(
        r.message(),
        "Row 2, column 2 is attacked by the queen on row 1, column 1."
    );
    let mut b = session("brute-force", 4);
    b.step();
    assert_eq!(
        b.message(),
        "Board 1: the queen on row 2, column 1 is attacked by the queen on row 1, column 1."
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        Step,
        Run(u64),
        Back,
        Seek(u64),
        Reset,
        ToSolution,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => Just(Op::Step),
            2 => (0u64..5000).prop_map(Op::Run),
            3 => Just(Op::Back),
            2 => (0u64..20_000).prop_map(Op::Seek),
            1 => Just(Op::Reset),
            1 => Just(Op::ToSolution),
        ]
    }

    fn fingerprint(s: &Session) -> impl PartialEq + std::fmt::Debug {
        (
            (s.conflicts(), s.queen_conflicts(), s.conflict_trace(40)),
            *s.counters(),
            s.cells(),
            s.registers(),
            s.last_step(),
            s.is_done(),
            s.message(),
            s.space(),
            s.nodes_by_depth(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn random_operations_never_panic_and_seek_equals_fresh_steps(
            algo in 0usize..ALGORITHMS.len(),
            n in 1usize..=7,
            seed in 0u64..4,
            ops in proptest::collection::vec(op(), 1..40),
        ) {
            let info = ALGORITHMS[algo];
            let n = n.clamp(info.min_n, info.max_n);
            // Construction refuses N = 2 and 3, which have no solution.
            prop_assume!(Session::seeded(info.id, n, seed).is_ok());
            let opened = || Session::seeded(info.id, n, seed).expect("opened once");
            let mut s = opened();
            for op in ops {
                match op {
                    Op::Step => { s.step(); }
                    Op::Run(k) => { s.run(k); }
                    Op::Back => { s.step_back(); }
                    Op::Seek(k) => { let _ = s.seek(k); }
                    Op::Reset => s.reset(),
                    Op::ToSolution => { s.run_to_solution(50_000); }
                }
                let k = s.step_index();
                let mut fresh = opened();
                prop_assert_eq!(fresh.run(k), k);
                prop_assert_eq!(fingerprint(&s), fingerprint(&fresh));
            }
        }
    }
}

fn register(s: &Session, name: &str) -> nqueens::algorithms::RegisterValue {
    s.registers()
        .into_iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no register {name}"))
        .value
}

#[test]
fn registers_agree_with_the_board_after_every_step() {
    use nqueens::algorithms::RegisterValue::{Bits, Board, List, Number};
    let board_bits = |queens: &[i32], n: usize| -> u64 {
        queens
            .iter()
            .enumerate()
            .filter(|(_, &c)| c >= 0)
            .fold(0, |b, (r, &c)| b | 1 << (r * n + c as usize))
    };
    for n in [5usize, 8] {
        // The 64-bit boards hold exactly the queens drawn, and the tested AND
        // is non-zero exactly when the step rejected something.
        for (id, field, test) in [
            ("brute-force", "field", "field & queenMask"),
            ("bitboard-scan", "board", "board & mask"),
        ] {
            let mut s = session(id, n);
            for _ in 0..20_000 {
                if !s.step() {
                    break;
                }
                let Board { value, .. } = register(&s, field) else {
                    panic!()
                };
                assert_eq!(
                    value,
                    board_bits(&s.queens(), n),
                    "{id} step {}",
                    s.step_index()
                );
                let Board { value: tested, .. } = register(&s, test) else {
                    panic!()
                };
                let rejected = s.last_step().kind == StepKind::Reject;
                assert_eq!(tested != 0, rejected, "{id} step {}", s.step_index());
            }
        }
        // Permutations: the source's packed state is the permutation, 3 bits a row.
        let mut p = session("permutations", n);
        while p.step() {
            let List(perm) = register(&p, "perm") else {
                panic!()
            };
            let Number(state) = register(&p, "state") else {
                panic!()
            };
            let packed = perm.iter().rev().fold(0u64, |v, &c| v << 3 | c as u64);
            assert_eq!(state, packed);
            if let List(swap) = register(&p, "swap") {
                assert!(swap.is_empty() == (p.step_index() == 1));
            }
        }
        // Bitwise: col is the OR of the queens above each row, poss excludes
        // every attacked square of the row being filled.
        let mut b = session("bitwise", n);
        while b.step() {
            let queens = b.queens();
            let cells = b.cells();
            let depth = queens.iter().filter(|&&c| c >= 0).count();
            let regs = b.registers();
            let rows: Vec<_> = regs
                .iter()
                .filter(|r| r.group == format!("row {}", depth + 1)) // rows counted from 1
                .collect();
            if depth < n {
                let Bits { value: col, .. } = rows.iter().find(|r| r.name == "col").unwrap().value
                else {
                    panic!()
                };
                let used = queens
                    .iter()
                    .filter(|&&c| c >= 0)
                    .fold(0u32, |m, &c| m | 1 << c);
                assert_eq!(col, used);
                let Bits { value: poss, .. } =
                    rows.iter().find(|r| r.name == "poss").unwrap().value
                else {
                    panic!()
                };
                for c in 0..n {
                    if poss >> c & 1 == 1 {
                        assert_eq!(
                            cells[depth * n + c] & THREATENED,
                            0,
                            "poss offers an attacked square"
                        );
                    }
                }
            }
        }
    }
}

/// Heap's algorithm in its textbook recursive form: an independent source of
/// the order the permutations search (and source 001) tests boards in.
fn heap_order(k: usize, a: &mut Vec<i32>, out: &mut Vec<Vec<i32>>) {
    if k <= 1 {
        out.push(a.clone());
        return;
    }
    heap_order(k - 1, a, out);
    for i in 0..k - 1 {
        if k.is_multiple_of(2) {
            a.swap(i, k - 1);
        } else {
            a.swap(0, k - 1);
        }
        heap_order(k - 1, a, out);
    }
}

#[test]
fn permutations_test_boards_in_heaps_order() {
    for n in [4usize, 6, 8] {
        let mut order = Vec::new();
        heap_order(n, &mut (0..n as i32).collect(), &mut order);
        let is_solution = |b: &Vec<i32>| {
            (0..n).all(|i| (0..i).all(|j| !attacks((i, b[i] as usize), (j, b[j] as usize))))
        };
        let expected: Vec<Vec<i32>> = order.into_iter().filter(is_solution).collect();
        assert_eq!(all_solutions("permutations", n).1, expected, "N={n}");
    }
}

#[test]
fn seeks_far_past_the_explored_ground_are_refused_at_once() {
    use nqueens::session::SEEK_REACH;
    let mut s = session("bitwise", 20);
    let start = std::time::Instant::now();
    let err = s.seek(1_000_000_000_000).unwrap_err();
    assert!(start.elapsed().as_millis() < 100, "refused at once");
    assert_eq!(
        err,
        Error::TooFarAhead {
            requested: 1_000_000_000_000,
            furthest: 0,
            reach: SEEK_REACH
        }
    );
    assert!(err.to_string().contains("run()"), "{err}");
    assert_eq!((s.step_index(), s.furthest_step()), (0, 0));
    // Within reach it goes, and the reach counts from the furthest step.
    s.seek(SEEK_REACH).unwrap();
    assert_eq!(s.step_index(), SEEK_REACH);
    s.seek(2 * SEEK_REACH).unwrap();
    assert_eq!(s.furthest_step(), 2 * SEEK_REACH);
    assert!(s.seek(3 * SEEK_REACH + 1).is_err());
    // Brute force at N=8 reaches its end in one seek.
    let mut brute = session("brute-force", 8);
    brute.seek(16_777_216).unwrap();
    assert!(brute.is_done());
}

#[test]
fn a_timeline_never_holds_more_than_its_checkpoints() {
    // The bound in src/wasm/api.md: well under a KiB a clone for the searches for
    // every solution, and 2 MiB in all.
    let bytes = Session::max_timeline_bytes();
    assert!(bytes <= 2 << 20, "{bytes} bytes");
}

/// Seeds for the searches for one solution: small ones and large ones.
const SEEDS: [u64; 3] = [1, 2, (1 << 53) - 1];

/// Everything a state of a search for one solution shows.
fn shown(s: &Session) -> impl PartialEq + std::fmt::Debug {
    (
        *s.counters(),
        s.queens(),
        s.cells(),
        s.registers(),
        s.message(),
        s.last_step(),
        s.conflicts(),
        s.conflict_trace(64),
        s.nodes_by_depth(),
    )
}

fn one_solution() -> impl Iterator<Item = &'static AlgorithmInfo> {
    ALGORITHMS.iter().filter(|info| info.goal == Goal::One)
}

#[test]
fn each_search_for_one_solution_ends_on_a_board_no_two_queens_attack() {
    for info in one_solution() {
        let id = info.id;
        for n in (4..=12).chain([20, 50, 100]).filter(|&n| info.fits(n)) {
            for seed in SEEDS {
                let mut s = Session::seeded(id, n, seed).expect("in range");
                assert!(s.run_to_solution(u64::MAX), "{id} N={n} seed={seed}");
                let end = s.step_index();
                let queens = s.queens();
                assert!(
                    common::no_two_attack(&queens),
                    "{id} N={n} seed={seed}: {queens:?}"
                );
                assert!(s.is_done(), "{id}: done at its first solution");
                assert_eq!(s.total_steps(), Some(end));
                assert_eq!(s.counters().solutions, 1);
                assert_eq!(s.conflicts(), 0);
                assert_eq!(s.last_step().kind, StepKind::Solution);
                assert!(!s.step(), "{id}: no step after the solution");
                let found = s.solutions();
                assert_eq!(found.len(), 1);
                assert_eq!((found[0].step, &found[0].queens), (end, &queens));
                assert!(s.space().is_none() && s.decided().is_none());
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_seek_is_k_fresh_steps() {
    for info in one_solution() {
        let n = 24.clamp(info.min_n, info.max_n);
        let run = |seed: u64| {
            let mut s = Session::seeded(info.id, n, seed).expect("in range");
            let mut each = vec![shown(&s)];
            while s.step() {
                each.push(shown(&s));
            }
            (s, each)
        };
        let (mut s, each) = run(5);
        let (_, again) = run(5);
        assert!(each == again, "{}: seed 5 twice", info.id);
        assert_eq!(run(6).1 != each, info.seeded, "{}: seeds 5 and 6", info.id);
        let end = s.step_index() as usize;
        // Seek anywhere, in an order that goes back and forth: k fresh steps.
        for k in [end, 0, end / 2, 1, end - 1, end / 3, end, 2 * end / 3] {
            s.seek(k as u64).expect("within the run");
            assert!(shown(&s) == each[k], "{} seek({k}) of {end}", info.id);
        }
        // Step back from the end, one step at a time.
        s.seek(end as u64).expect("the end");
        for k in (end.saturating_sub(300)..end).rev() {
            assert!(s.step_back());
            assert!(shown(&s) == each[k], "{} step back to {k}", info.id);
        }
        let err = s.seek(end as u64 + 1).unwrap_err();
        assert!(err.to_string().contains("past the end"), "{err}");
    }
}

#[test]
fn conflicts_and_the_trace_match_a_recount_of_each_step() {
    for info in one_solution() {
        let (id, n) = (info.id, 16.clamp(info.min_n, info.max_n));
        let mut s = Session::seeded(id, n, 3).expect("in range");
        // The truth: the pairs after each step counted pair by pair, and the
        // steps that were restarts.
        let mut pairs = vec![common::attacking_pairs(&s.queens())];
        let mut restarts = Vec::new();
        while s.step_index() < 1_000 && s.step() {
            let queens = s.queens();
            pairs.push(common::attacking_pairs(&queens));
            assert_eq!(
                s.conflicts(),
                *pairs.last().unwrap(),
                "{id} step {}",
                s.step_index()
            );
            let each: Vec<i32> = (0..n)
                .map(|a| {
                    (0..n)
                        .filter(|&b| {
                            b != a
                                && queens[a] >= 0
                                && queens[b] >= 0
                                && attacks((a, queens[a] as usize), (b, queens[b] as usize))
                        })
                        .count() as i32
                })
                .collect();
            assert_eq!(s.queen_conflicts(), each, "{id} step {}", s.step_index());
            if s.last_step().kind == StepKind::Restart {
                restarts.push(s.step_index());
            }
        }
        let k = s.step_index();
        // Whole: every step's pairs, and every restart.
        let whole = s.conflict_trace(1 << 16).expect("a trace");
        assert_eq!(whole.steps, (0..=k).collect::<Vec<_>>(), "{id}");
        assert_eq!(whole.conflicts, pairs, "{id}");
        assert_eq!(whole.restarts, restarts, "{id}");
        // Thinned: at most the points asked for, the first and last step,
        // and the extremes kept.
        for points in [2, 3, 10, 64] {
            let thin = s.conflict_trace(points).expect("a trace");
            assert!(
                thin.steps.len() <= points && thin.restarts.len() <= points,
                "{id}"
            );
            assert_eq!(thin.steps.first(), Some(&0));
            assert_eq!(thin.steps.last(), Some(&k));
            assert!(
                thin.steps.windows(2).all(|w| w[0] <= w[1]),
                "{id}: in order"
            );
            for (&at, &value) in thin.steps.iter().zip(&thin.conflicts) {
                assert_eq!(value, pairs[at as usize], "{id}: step {at}");
            }
            if points >= 10 {
                let (lo, hi) = (pairs.iter().min(), pairs.iter().max());
                assert_eq!(thin.conflicts.iter().min(), lo, "{id}: the lowest kept");
                assert_eq!(thin.conflicts.iter().max(), hi, "{id}: the highest kept");
            }
        }
        // Exact under seek: the same trace at step k whatever path led there.
        s.run(u64::MAX);
        s.seek(k).expect("within the run");
        assert_eq!(s.conflict_trace(1 << 16), Some(whole), "{id}");
        assert_eq!(session("bitwise", 6).conflict_trace(10), None);
    }
}

#[test]
fn long_traces_stay_exact_under_seek() {
    // Past TRACE_BUCKETS steps the trace reads coarser levels; whatever the
    // path, the trace at a step is the same.
    let mut far = Session::seeded("annealing", 100, 9).expect("in range");
    let end = far.run(300_000);
    assert!(end > 100_000, "a run long enough to read coarse levels");
    for k in [1_023, 1_024, 5_000, end / 3, end / 2 + 1, end] {
        far.seek(k).expect("explored");
        let mut fresh = Session::seeded("annealing", 100, 9).expect("in range");
        fresh.run(k);
        assert_eq!(far.conflict_trace(300), fresh.conflict_trace(300), "k={k}");
        let trace = far.conflict_trace(300).expect("a trace");
        assert!(trace.steps.len() <= 300);
        assert_eq!(trace.steps.last(), Some(&k));
    }
}

#[test]
fn the_largest_boards_step_draw_and_travel_back() {
    // Each search for one solution at its own largest board (up to
    // STEP_MAX_N, a thousand queens).
    for info in one_solution() {
        let n = info.max_n;
        let mut s = Session::seeded(info.id, n, 1).expect("in range");
        let mut history = Vec::new();
        while s.counters().checks < 5_000_000 && s.step_index() < 3_000 {
            history.push((s.queens(), *s.counters()));
            if !s.step() {
                break;
            }
        }
        let k = s.step_index();
        let queens = s.queens();
        assert_eq!(s.cells().len(), n * n);
        assert_eq!(
            s.conflicts(),
            common::attacking_pairs(&queens),
            "{}",
            info.id
        );
        let (count, _) = s.timeline_shape();
        assert!(
            count * (n * 44) <= 2 << 20 || count <= 16,
            "{}: {count} clones",
            info.id
        );
        for back in [k / 2, 0, k.saturating_sub(1)] {
            s.seek(back).expect("explored");
            assert_eq!(
                (s.queens(), *s.counters()),
                history[back as usize],
                "{} at {back}",
                info.id
            );
        }
    }
}
