#![cfg(not(target_arch = "wasm32"))]
//! The algorithm contract (the docs of `Algorithm` and `AlgorithmInfo`), for
//! every entry of `ALGORITHMS`: what the session, the views and race mode
//! assume of a search, checked step by step at several N, so that a new
//! algorithm that breaks a rule fails here with a sentence naming it and
//! the rule. The truths are independent of the searches: N^N and the
//! solutions of the slow search in `common`, the board's own size, the
//! bound on checks written out here.

use crate::common;

use std::collections::HashSet;

use nqueens::algorithms::{
    AlgorithmInfo, Counters, Goal, RegisterValue, SearchSpace, Solver, ALGORITHMS,
};
use nqueens::limits::{FIND_MAX_N, MAX_N, STEP_MAX_N};
use nqueens::session::Session;
use nqueens::Error;

/// The largest board a test runs to the end (brute force: 6^6 steps).
const FULL_RUN_MAX_N: usize = 6;
/// Steps checked one by one at an algorithm's largest board, within a budget
/// of checks (hill climbing's step reads a million squares at N = 1,000).
const STEPS_AT_MAX_N: u64 = 3_000;
const CHECKS_AT_MAX_N: u64 = 20_000_000;
/// The largest board a search for one solution is run to its end on here,
/// and the seeds it is run from.
const ONE_RUN_MAX_N: usize = 9;
const ONE_RUN_SEEDS: [u64; 3] = [1, 2, 0x5eed_0001];
/// Far longer than any search run to the end here takes (brute force at
/// N = 6, 46,656 steps, is the longest): a search still going is one that
/// does not end.
const ENDLESS: u64 = 10_000_000;

/// "Bitwise (ld / col / rd) (bitwise) breaks the contract: ..."
fn broke(info: &AlgorithmInfo, n: usize, rule: &str) -> String {
    format!(
        "{} ({}) at N = {n} breaks the algorithm contract: {rule}",
        info.name, info.id
    )
}

fn n_to_the_n(n: usize) -> u128 {
    (n as u128).pow(n as u32)
}

/// The most checks a step may make, as the contract states it: the
/// algorithm's own bound at N.
fn check_bound(info: &AlgorithmInfo, n: usize) -> u64 {
    info.most_checks.at(n)
}

/// The solver for `info` on an n×n board, from seed 1.
fn solver(info: &AlgorithmInfo, n: usize) -> Solver {
    Solver::new(info, n, 1).unwrap_or_else(|e| {
        panic!(
            "{}",
            broke(
                info,
                n,
                &format!("the catalogue must build the search; it said: {e}")
            )
        )
    })
}

/// Checks everything the contract says of the state a search is in.
fn check_state(info: &AlgorithmInfo, n: usize, solver: &Solver, stepped: bool) {
    let c = solver.counters();
    let last = solver.last_step();
    if stepped {
        let line = last.line;
        assert!(
            line.is_some_and(|l| l < info.pseudocode.len()),
            "{}",
            broke(
                info,
                n,
                &format!(
                    "a step's pseudocode line must be one of its {} lines; got {line:?}",
                    info.pseudocode.len()
                )
            )
        );
        assert!(
            last.square.is_none_or(|(r, col)| r < n && col < n),
            "{}",
            broke(
                info,
                n,
                &format!(
                    "a step's square must be on the board; got {:?}",
                    last.square
                )
            )
        );
    }
    let board = solver.board();
    assert!(
        board.n == n && board.queens.len() == n && board.ghosts.len() == n,
        "{}",
        broke(info, n, "board() must have N rows of queens and of ghosts")
    );
    let on_board = |c: &i32| *c == -1 || (0..n as i32).contains(c);
    assert!(
        board.queens.iter().all(on_board) && board.ghosts.iter().all(on_board),
        "{}",
        broke(
            info,
            n,
            &format!("every queen and ghost must be a column or -1; got {board:?}")
        )
    );
    let nodes = solver.nodes_by_depth();
    assert!(
        nodes.len() == n && nodes.iter().sum::<u64>() == c.placements,
        "{}",
        broke(info, n, &format!("nodes_by_depth() must have N entries adding up to the {} placements; got {nodes:?}", c.placements))
    );
    match info.goal {
        Goal::All => assert!(
            c.ruled_out + c.solutions as u128 <= n_to_the_n(n),
            "{}",
            broke(
                info,
                n,
                "ruled out and solutions together must never pass the N^N boards"
            )
        ),
        Goal::One => assert!(
            c.ruled_out == 0 && c.solutions == u64::from(solver.is_done()),
            "{}",
            broke(
                info,
                n,
                "a search for one solution rules out no boards, and has found 1 solution exactly when it is done"
            )
        ),
    }
    let (decided, forks) = (solver.decided().is_some(), solver.forks().is_some());
    let (want_decided, want_forks) = match info.space {
        SearchSpace::Tree => (false, true),
        SearchSpace::Unaccounted => (false, false),
        _ => (true, false),
    };
    assert!(
        decided == want_decided && forks == want_forks,
        "{}",
        broke(info, n, "a search that tests whole boards must give decided(), a depth-first one forks(), a search for one solution neither")
    );
    let code = info.pseudocode.join("\n");
    for register in solver.registers() {
        // The registers panel and the pseudocode use the same names, and the
        // glossary says what each holds.
        let name = register.name;
        assert!(
            info.glossary.iter().any(|&(term, _)| term == name) && code.contains(name),
            "{}",
            broke(info, n, &format!("register {name} must be in the glossary and named in the pseudocode, as the panel shows it"))
        );
        let fits = match register.value {
            RegisterValue::Bits { value, width } => {
                width <= 32 && (width == 32 || value >> width == 0)
            }
            RegisterValue::Board { value, n: side } => {
                side <= 8 && (side * side == 64 || value >> (side * side) == 0)
            }
            RegisterValue::List(_) | RegisterValue::Number(_) => true,
            RegisterValue::Real(value) => value.is_finite(),
            RegisterValue::Counts {
                ref values,
                highlight,
            } => values.len() <= 2 * n && highlight.is_none_or(|h| h < values.len()),
        };
        assert!(
            fits,
            "{}",
            broke(info, n, &format!("register {} must be drawable: at most 32 columns or an 8×8 board, no bit outside, counts at most 2N long with the highlight among them; got {:?}", register.name, register.value))
        );
    }
}

/// Takes one step and checks what it did to the counters.
fn step_and_check(info: &AlgorithmInfo, n: usize, solver: &mut Solver) -> bool {
    let before: Counters = *solver.counters();
    let was_done = solver.is_done();
    let stepped = solver.run(1, false) == 1;
    let after = *solver.counters();
    assert_eq!(
        stepped,
        !was_done,
        "{}",
        broke(info, n, "step() must return false exactly when is_done()")
    );
    if !stepped {
        assert_eq!(
            after,
            before,
            "{}",
            broke(info, n, "a step that returns false must change nothing")
        );
        return false;
    }
    assert_eq!(
        after.steps,
        before.steps + 1,
        "{}",
        broke(info, n, "a step must add exactly 1 to the steps")
    );
    let checks = after.checks - before.checks;
    assert!(
        checks <= check_bound(info, n),
        "{}",
        broke(info, n, &format!("a step may add at most its most_checks = {} checks (race mode's clock relies on it); step {} added {checks}", check_bound(info, n), after.steps))
    );
    check_state(info, n, solver, true);
    true
}

#[test]
fn every_catalogued_description_keeps_its_rules() {
    let mut ids = HashSet::new();
    for info in ALGORITHMS {
        assert!(
            ids.insert(info.id),
            "{} ({}) shares its id with another algorithm: ids must be unique",
            info.name,
            info.id
        );
        assert!(
            !info.id.is_empty()
                && info
                    .id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{} ({}): an id must be lowercase letters, digits and hyphens (it goes into URLs)",
            info.name,
            info.id
        );
        let sizes_kept = match info.goal {
            Goal::All => info.max_n <= MAX_N && info.find_max_n == 0 && !info.seeded,
            Goal::One => {
                info.max_n <= STEP_MAX_N
                    && info.max_n <= info.find_max_n
                    && info.find_max_n <= FIND_MAX_N
            }
        };
        assert!(
            1 <= info.min_n && info.min_n <= info.max_n && sizes_kept,
            "{} ({}): its sizes must keep 1 <= min_n <= max_n <= MAX_N (goal all) or \
             max_n <= STEP_MAX_N, max_n <= find_max_n <= FIND_MAX_N (goal one), and a search \
             for every solution is not seeded; got {}..={}, find_max_n {}",
            info.name,
            info.id,
            info.min_n,
            info.max_n,
            info.find_max_n
        );
        assert!(
            !info.check_is.is_empty() && info.check_is.ends_with('.'),
            "{} ({}) must say in a sentence what one check is",
            info.name,
            info.id
        );
        // The third counter's definition: a placement or, for a search for
        // one solution, a move.
        let third = match info.goal {
            Goal::All => info.placement_is,
            Goal::One => info.move_is,
        };
        assert!(
            !info.step_is.is_empty() && third.ends_with('.') && third.len() > 20,
            "{} ({}) must say what one step is, and in a sentence what one placement (goal all) or move (goal one) is",
            info.name,
            info.id
        );
        for &(term, meaning) in info.glossary {
            assert!(
                !meaning.is_empty() && info.pseudocode.iter().any(|line| line.contains(term)),
                "{} ({}): the glossary's {term} must say what it holds and be named in the pseudocode",
                info.name,
                info.id
            );
        }
        if info.space.tests_whole_boards() {
            assert!(
                info.max_n <= nqueens::limits::MAX_WHOLE_N,
                "{} ({}): a search that tests whole boards must keep max_n <= MAX_WHOLE_N; got {}",
                info.name,
                info.id,
                info.max_n
            );
        }
        assert!(
            !info.pseudocode.is_empty(),
            "{} ({}) needs at least one line of pseudocode",
            info.name,
            info.id
        );
        for n in info.min_n..=info.max_n {
            match Solver::new(info, n, 1) {
                Ok(solver) => {
                    assert!(solver.info() == info, "{}", broke(info, n, "the catalogue built another search"));
                    check_state(info, n, &solver, false);
                }
                // A search for one solution may refuse a board that has none.
                Err(Error::NoSolution { .. })
                    if info.goal == Goal::One && n < 4 && common::slow_solutions(n).is_empty() => {}
                Err(e) => panic!(
                    "{}",
                    broke(info, n, &format!("the catalogue must build the search for every N in its range; it said: {e}"))
                ),
            }
        }
    }
}

#[test]
fn every_step_keeps_the_contract_to_the_end_on_small_boards() {
    for info in ALGORITHMS.iter().filter(|info| info.goal == Goal::All) {
        for n in info.min_n..=info.max_n.min(FULL_RUN_MAX_N) {
            let mut solver = solver(info, n);
            let mut steps = 0;
            while step_and_check(info, n, &mut solver) {
                steps += 1;
                assert!(steps < ENDLESS, "{}", broke(info, n, "the search must end"));
            }
            assert!(
                solver.is_done(),
                "{}",
                broke(info, n, "a search that takes no more steps must be done")
            );
            let c = solver.counters();
            assert_eq!(
                c.ruled_out + c.solutions as u128,
                n_to_the_n(n),
                "{}",
                broke(
                    info,
                    n,
                    "once done, the boards ruled out and the solutions must make all N^N"
                )
            );
            assert_eq!(
                c.solutions,
                common::slow_solutions(n).len() as u64,
                "{}",
                broke(info, n, "once done, it must have found every solution")
            );
            if let Some(length) = info.space.length(n) {
                assert_eq!(
                    c.steps,
                    length,
                    "{}",
                    broke(
                        info,
                        n,
                        "a search of a known length must take exactly that many steps"
                    )
                );
            }
        }
    }
}

#[test]
fn every_search_for_one_solution_keeps_the_contract_to_its_solution() {
    for info in ALGORITHMS.iter().filter(|info| info.goal == Goal::One) {
        for n in (info.min_n..=ONE_RUN_MAX_N.min(info.max_n))
            .filter(|&n| !common::slow_solutions(n).is_empty())
        {
            for seed in ONE_RUN_SEEDS {
                let mut solver = Solver::new(info, n, seed).expect("in range");
                let mut steps = 0;
                while step_and_check(info, n, &mut solver) {
                    steps += 1;
                    assert!(steps < ENDLESS, "{}", broke(info, n, "the search must end"));
                }
                let queens = solver.board().queens;
                assert!(
                    solver.is_done() && common::no_two_attack(&queens),
                    "{}",
                    broke(info, n, &format!("a search for one solution must end on one; seed {seed} ended on {queens:?}"))
                );
                assert_eq!(
                    solver.counters().solutions,
                    1,
                    "{}",
                    broke(info, n, "a search for one solution ends at its first")
                );
            }
        }
    }
}

#[test]
fn every_step_keeps_the_contract_on_the_largest_boards() {
    // The arrays a search keeps are sized by its limits: the first steps at
    // its largest N, and just below, reach every row's slot.
    for info in ALGORITHMS {
        for n in [info.max_n.saturating_sub(1).max(info.min_n), info.max_n] {
            let mut solver = solver(info, n);
            for _ in 0..STEPS_AT_MAX_N {
                if solver.counters().checks > CHECKS_AT_MAX_N
                    || !step_and_check(info, n, &mut solver)
                {
                    break;
                }
            }
        }
    }
}

#[test]
fn fixed_queens_open_a_session_exactly_where_the_description_says() {
    for info in ALGORITHMS {
        for n in [5, 6, 8].into_iter().filter(|&n| info.fits(n)) {
            // One queen in the middle of row 1: no other fixed queen to attack.
            let (row, col) = (1, n / 2);
            let opened = Session::with_fixed(info.id, n, &[row * n + col]);
            match (&opened, info.takes_fixed_queens) {
                (Ok(_), true) | (Err(Error::FixedQueensUnsupported { .. }), false) => {}
                (Ok(_), false) => panic!(
                    "{}",
                    broke(info, n, "a search that says it does not take fixed queens must refuse them")
                ),
                (Err(e), _) => panic!(
                    "{}",
                    broke(info, n, &format!("a search that says it takes fixed queens must open from them; it said: {e}"))
                ),
            }
            let Ok(mut s) = opened else { continue };
            let mut steps = 0;
            loop {
                assert_eq!(
                    s.queens()[row],
                    col as i32,
                    "{}",
                    broke(info, n, &format!("the fixed queen must stay on the board at every step; gone at step {steps}"))
                );
                if !s.step() {
                    break;
                }
                steps += 1;
                assert!(
                    steps < ENDLESS,
                    "{}",
                    broke(info, n, "a search from fixed queens must end")
                );
            }
            let found = s.counters().solutions;
            let expected = common::slow_solutions(n)
                .iter()
                .filter(|b| b[row] == col)
                .count() as u64;
            assert_eq!(
                found,
                expected,
                "{}",
                broke(
                    info,
                    n,
                    "from fixed queens, it must find exactly their completions"
                )
            );
        }
    }
}

#[test]
fn the_seed_changes_the_run_exactly_when_the_description_says() {
    // Each search's first steps from seed 1 against seeds 2 to 4, on a few
    // boards of its range: a seeded search differs somewhere, one that is
    // not never does.
    const STEPS: u64 = 2_000;
    for info in ALGORITHMS {
        let trace = |n: usize, seed: u64| {
            let mut solver = Solver::new(info, n, seed).unwrap_or_else(|e| {
                panic!(
                    "{}",
                    broke(
                        info,
                        n,
                        &format!("the catalogue must build the search; it said: {e}")
                    )
                )
            });
            let mut states = vec![(solver.board(), *solver.counters())];
            while (states.len() as u64) < STEPS && solver.run(1, false) == 1 {
                states.push((solver.board(), *solver.counters()));
            }
            states
        };
        let mut sizes: Vec<usize> = [6, 8, 12]
            .iter()
            .map(|&n: &usize| n.clamp(info.min_n, info.max_n))
            // N = 2 and 3 have no solution: a search for one may refuse them.
            .filter(|&n| n == 1 || n >= 4)
            .collect();
        sizes.dedup();
        let differs = sizes
            .iter()
            .any(|&n| (2..=4).any(|seed| trace(n, seed) != trace(n, 1)));
        assert_eq!(
            differs,
            info.seeded,
            "{}",
            broke(
                info,
                sizes.last().copied().unwrap_or(info.max_n),
                if info.seeded {
                    "a search that says it is seeded must run differently from some seed"
                } else {
                    "a search that says it is not seeded must run the same from every seed"
                }
            )
        );
    }
}

/// A search for one solution says, under its conflicts chart, what the chart
/// shows of it; a search for every solution has no such chart. The
/// catalogue's rule refuses an entry either way round.
#[test]
fn a_search_for_one_solution_says_what_its_conflicts_chart_shows() {
    for info in ALGORITHMS {
        let one = info.goal == Goal::One;
        assert_eq!(
            !info.conflicts_note.is_empty(),
            one,
            "{}: conflicts_note",
            info.id
        );
        let flipped = AlgorithmInfo {
            conflicts_note: if one { "" } else { "A note." },
            ..*info
        };
        assert!(
            flipped.broken_rule().is_some(),
            "{}: the rule accepts a wrong conflicts_note",
            info.id
        );
    }
}
