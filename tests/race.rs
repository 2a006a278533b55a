//! Race mode's clock in the core: `seek_work` and `run_within` against plain
//! stepping from `reset()`. A lane at budget c is the last step whose work
//! (checks or steps) is at most c; the truth here is a fresh session stepped
//! one step at a time, its work written down after every step.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;
use common::snapshot;

use nqueens::algorithms::{Goal, ALGORITHMS};
use nqueens::session::{Session, Work, SEEK_REACH};
use nqueens::Error;

const WORKS: [Work; 2] = [Work::Checks, Work::Steps];

fn session(id: &str, n: usize) -> Session {
    Session::new(id, n).expect("valid algorithm and size")
}

/// The work after each step, by plain stepping: `trace[k]` after k steps.
fn trace(id: &str, n: usize, work: Work) -> Vec<u64> {
    let mut s = session(id, n);
    let mut out = vec![work.of(s.counters())];
    while s.step() {
        out.push(work.of(s.counters()));
    }
    out
}

/// The lane's step at budget c: the last k with trace[k] <= c.
fn expected_step(trace: &[u64], c: u64) -> u64 {
    (trace.partition_point(|&w| w <= c) - 1) as u64
}

/// A fresh session stepped k times, one step at a time.
fn stepped(id: &str, n: usize, k: u64) -> Session {
    let mut s = session(id, n);
    for _ in 0..k {
        assert!(s.step());
    }
    s
}

/// A small seeded generator, so a failure replays.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

#[test]
fn no_step_adds_more_work_than_the_bound() {
    for info in ALGORITHMS {
        // Every N a session opens at (construction refuses 2 and 3).
        let sizes = (info.min_n..=info.max_n.min(8)).filter(|&n| Session::new(info.id, n).is_ok());
        for n in sizes {
            for work in WORKS {
                let t = trace(info.id, n, work);
                let most = t.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
                assert!(
                    most <= work.most_per_step(info, n),
                    "{} N={n}: a step made {most} {}",
                    info.id,
                    work.id()
                );
            }
        }
    }
}

#[test]
fn seek_work_is_the_last_step_within_the_budget_forwards_and_backwards() {
    for info in ALGORITHMS {
        for n in info.min_n.max(5)..=info.max_n.min(7) {
            for work in WORKS {
                let t = trace(info.id, n, work);
                let end = *t.last().unwrap();
                let mut seed = n as u64 * 7919 + work.id().len() as u64;
                // Every budget near the start and the end, and a spread between,
                // in an order that goes back and forth.
                let mut budgets: Vec<u64> =
                    (0..40).chain(end.saturating_sub(40)..end + 3).collect();
                budgets.extend((0..120).map(|_| lcg(&mut seed) % (end + 2)));
                let mut s = session(info.id, n);
                for (i, &c) in budgets.iter().enumerate() {
                    s.seek_work(work, c).unwrap();
                    let k = expected_step(&t, c);
                    assert_eq!(s.step_index(), k, "{} N={n} {} c={c}", info.id, work.id());
                    // Checked against plain stepping now and then (the seek's
                    // exactness for step numbers is tests/solver.rs's).
                    if i % 9 == 0 {
                        assert_eq!(
                            snapshot(&s),
                            snapshot(&stepped(info.id, n, k)),
                            "{} N={n} c={c}",
                            info.id
                        );
                    }
                }
                // At a budget past the whole search's work: the end.
                s.seek_work(work, end + 1000).unwrap();
                assert!(s.is_done());
                assert_eq!(s.step_index() as usize, t.len() - 1);
            }
        }
    }
}

#[test]
fn run_within_in_small_slices_reaches_the_same_states_as_seek_work() {
    for info in ALGORITHMS {
        let n = 6.clamp(info.min_n, info.max_n);
        for work in WORKS {
            let t = trace(info.id, n, work);
            let end = *t.last().unwrap();
            let mut racer = session(info.id, n);
            let mut seeker = session(info.id, n);
            // The clock of a race: budgets that only grow, by uneven amounts.
            let mut c = 0;
            let mut seed = 11;
            let mut last = false;
            while !last {
                // The last budget is the whole search's work.
                last = c >= end;
                c = c.min(end);
                // Slices of at most 3 steps, as a frame's runner takes them.
                while racer.run_within(work, c, 3) == 3 {}
                seeker.seek_work(work, c).unwrap();
                assert_eq!(
                    snapshot(&racer),
                    snapshot(&seeker),
                    "{} {} c={c}",
                    info.id,
                    work.id()
                );
                assert_eq!(racer.step_index(), expected_step(&t, c));
                // It never goes back: a smaller budget leaves it where it is.
                if c > 0 {
                    assert_eq!(racer.run_within(work, c / 2, u64::MAX), 0);
                }
                c += 1 + lcg(&mut seed) % (end / 20 + 2);
            }
            assert!(racer.is_done(), "{} {}", info.id, work.id());
        }
    }
}

#[test]
fn next_work_is_the_work_after_one_more_step() {
    for info in ALGORITHMS {
        let n = 5.clamp(info.min_n, info.max_n);
        let mut s = session(info.id, n);
        loop {
            let next = s.next_work(Work::Checks);
            let step = s.next_work(Work::Steps);
            let before = snapshot(&s);
            assert_eq!(snapshot(&s), before, "peeking does not move the session");
            if !s.step() {
                assert_eq!(
                    (next, step),
                    (None, None),
                    "{}: nothing after the end",
                    info.id
                );
                break;
            }
            assert_eq!(next, Some(s.counters().checks), "{}", info.id);
            assert_eq!(step, Some(s.step_index()), "{}", info.id);
        }
    }
}

#[test]
fn a_work_seek_too_far_ahead_is_refused_and_stays_put() {
    // Permutations at N=12 take 479,001,600 steps: more than one seek may go.
    let mut s = session("permutations", 12);
    s.run(1000);
    let before = snapshot(&s);
    let err = s.seek_work(Work::Checks, u64::MAX >> 11).unwrap_err();
    assert!(matches!(err, Error::WorkTooFarAhead { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("checks is too far ahead") && text.contains("runWithin()"),
        "{text}"
    );
    assert_eq!(
        snapshot(&s),
        before,
        "a refused seek leaves the session where it was"
    );
    // What it learnt on the way is kept: the next seek starts from there.
    assert!(s.furthest_step() >= SEEK_REACH);
    s.seek_work(Work::Steps, 2 * SEEK_REACH).unwrap();
    assert_eq!(s.step_index(), 2 * SEEK_REACH);
}

/// The race the issue describes: N = 8, equal checks, run to the end.
#[test]
fn at_n8_with_equal_checks_bitwise_then_backtracking_then_the_others_finish() {
    let n = 8u64;
    let mut ends = Vec::new();
    // Race mode races the searches for every solution.
    for info in ALGORITHMS
        .iter()
        .filter(|info| info.goal == Goal::All && info.fits(8))
    {
        let mut s = session(info.id, 8);
        s.seek_work(Work::Checks, u64::MAX >> 11).unwrap();
        assert!(s.is_done(), "{}", info.id);
        assert_eq!(s.counters().solutions, 92, "{}", info.id);
        let checks = s.counters().checks;
        // One check fewer and it is not at its end yet.
        s.seek_work(Work::Checks, checks - 1).unwrap();
        assert!(!s.is_done(), "{}", info.id);
        ends.push((checks, info.id, {
            s.seek_work(Work::Checks, checks).unwrap();
            s.step_index()
        }));
    }
    ends.sort();
    // The sources' searches finish in this order (any other search may finish
    // anywhere among them).
    let seeds = [
        "bitwise",
        "backtracking",
        "permutations",
        "bitboard-scan",
        "brute-force",
    ];
    let order: Vec<&str> = ends
        .iter()
        .map(|e| e.1)
        .filter(|id| seeds.contains(id))
        .collect();
    assert_eq!(order, seeds);
    let steps = |id: &str| ends.iter().find(|e| e.1 == id).unwrap().2;
    assert_eq!(steps("brute-force"), n.pow(8));
    assert_eq!(steps("permutations"), (1..=n).product::<u64>());
    assert_eq!(steps("backtracking"), 7_564);
    assert_eq!(steps("bitboard-scan"), 508_160);
    assert_eq!(steps("bitwise"), 4_112);
}
