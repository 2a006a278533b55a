//! A seek in slices: `seek_near(k)` and then `run` in small
//! slices land on exactly the state `seek(k)` gives, and on a fresh session's
//! after k steps; `seek_work_near` and then `run_within` in small slices land
//! exactly where `seek_work` does. `seek_near` itself never replays a step.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;
use common::snapshot;

use nqueens::session::{Session, Work};

fn open(id: &str, n: usize) -> Session {
    Session::seeded(id, n, 7).expect("valid")
}

/// `seek_near(k)` and then `run` a few steps at a time, as the page does.
fn sliced(s: &mut Session, k: u64, slice: u64) {
    let from = s.seek_near(k);
    assert!(from <= k.max(s.step_index()));
    while s.step_index() < k {
        if s.run(slice.min(k - s.step_index())) == 0 {
            break;
        }
    }
}

#[test]
fn a_seek_in_slices_is_exactly_seek_and_a_fresh_run() {
    let cases: [(&str, usize, u64); 5] = [
        ("backtracking", 8, 3000),
        ("bitwise", 8, 2000),
        ("brute-force", 6, 40_000),
        ("min-conflicts", 60, 900),
        ("hill-climbing", 30, 1500),
    ];
    for (id, n, explore) in cases {
        let mut a = open(id, n);
        let explored = a.run(explore);
        let mut b = open(id, n);
        b.run(explore);
        // Backwards, forwards within the ground, onto new ground, and odd steps.
        let ks = [
            explored / 2,
            1,
            explored,
            explored / 3 + 7,
            0,
            explored * 2,
            129,
            64,
        ];
        for k in ks {
            sliced(&mut a, k, 5);
            let sought = b.seek(k).is_ok();
            if !sought {
                // Past the end: the sliced path stops at the end.
                assert!(a.is_done(), "{id}: {k}");
                continue;
            }
            assert_eq!(snapshot(&a), snapshot(&b), "{id} at {k}: sliced vs seek");
            let mut fresh = open(id, n);
            fresh.run(k);
            assert_eq!(
                snapshot(&a),
                snapshot(&fresh),
                "{id} at {k}: sliced vs fresh"
            );
        }
    }
}

#[test]
fn seek_near_restores_without_replaying() {
    let mut s = open("backtracking", 8);
    s.run(5000);
    let (_, interval) = s.timeline_shape();
    let at = s.seek_near(3 * interval + 5);
    assert_eq!(at, 3 * interval, "the checkpoint at or before the step");
    // Standing between that checkpoint and the step: it stays.
    s.run(2);
    assert_eq!(s.seek_near(3 * interval + 5), 3 * interval + 2);
    // Going back: the checkpoint.
    assert_eq!(s.seek_near(interval + 1), interval);
}

#[test]
fn a_work_seek_in_slices_is_exactly_seek_work() {
    for (id, n) in [
        ("backtracking", 8),
        ("hill-climbing", 20),
        ("min-conflicts", 40),
    ] {
        for work in [Work::Checks, Work::Steps] {
            let mut a = open(id, n);
            let mut b = open(id, n);
            a.run(1500);
            b.run(1500);
            let far = work.of(a.counters());
            for budget in [far / 2, far / 5 + 3, far, 0, far / 3, far + far / 2] {
                a.seek_work_near(work, budget);
                while a.run_within(work, budget, 3) > 0 {}
                b.seek_work(work, budget).expect("within reach");
                assert_eq!(snapshot(&a), snapshot(&b), "{id} {work:?} at {budget}");
                assert!(work.of(a.counters()) <= budget || a.step_index() == 0);
            }
        }
    }
}

/// `next_work` remembers its probe of the step after the one the session
/// stands on (a race lane asks every frame); wherever the session has been
/// since (seeks back and forth, runs, a reset), it says what a fresh run of
/// one step more does.
#[test]
fn next_work_is_a_fresh_run_of_one_step_more_after_any_travel() {
    let cases: [(&str, usize); 5] = [
        ("backtracking", 8),
        ("min-conflicts", 40),
        ("hill-climbing", 30),
        ("annealing", 20),
        ("brute-force", 5),
    ];
    for (id, n) in cases {
        let mut s = open(id, n);
        let explored = s.run(700);
        let ks = [3, 3, explored / 2, 1, explored, explored / 2, 0, explored];
        for (i, &k) in ks.iter().enumerate() {
            if i == 6 {
                s.reset();
            } else {
                s.seek(k).expect("within the ground covered");
            }
            let mut fresh = open(id, n);
            fresh.run(k);
            assert_eq!(s.step_index(), fresh.step_index());
            let mut more = open(id, n);
            let ahead = more.run(k + 1) == k + 1;
            for work in [Work::Checks, Work::Steps] {
                let want = ahead.then(|| work.of(more.counters()));
                assert_eq!(s.next_work(work), want, "{id} at step {k}, {work:?}");
                // Asked again: the remembered probe says the same.
                assert_eq!(s.next_work(work), want, "{id} at step {k}, {work:?}, again");
            }
        }
    }
}
