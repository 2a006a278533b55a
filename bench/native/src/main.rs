//! Native timings for BENCHMARKS.md, printed as one JSON object:
//!
//! - `count`: for each N, `count_plain` (the seed-004 bitwise search, no
//!   symmetry), `count_total` (mirror symmetry) and `count_with_symmetry`
//!   (takaken's 8-way method), each the best of a few runs.
//! - `sessions`: every algorithm's `Session` run to the end at N = 8, without
//!   drawing: steps and steps per second.
//!
//! - `speed` mode: for each N, count mode's both numbers (`count_both`: the
//!   method `Method::for_n` picks, its set-up and Burnside's pieces
//!   included), Burnside's pieces alone (`fixed_points`), and today's
//!   earlier symmetric counter (`count_with_symmetry`) up to `TODAY_MAX`.
//!
//! - `find` mode: `find_one(ID, N, 1)` for each N given, checked by
//!   `check::verify`: the best of a few runs in ms, steps and restarts.
//!
//! - `one` mode: one `find_one(ID, N, SEED)` in this process, timed from the
//!   call to the board (allocation included), checked by `check::verify`;
//!   with a file name, the board is also written there as N little-endian
//!   `u32` columns for the bench's own independent check. bench/find.mjs
//!   runs it once a seed, interleaved with the C baseline and wasm.
//!
//! - `phases` mode: queen search's run of `find_one('queen-search', N, SEED)`
//!   in its two phases, each timed by wall and CPU time: the engine's
//!   allocation, the greedy start (N placing steps, one `run(N)`) and the
//!   swaps to the end (`run` with no limit); the board is checked.
//!
//! Usage: nqueens-bench [MIN_N MAX_N]   (default 12 16)
//!        nqueens-bench speed MIN_N MAX_N TODAY_MAX
//!        nqueens-bench find ID N...
//!        nqueens-bench one ID N SEED [BOARD_FILE]
//!        nqueens-bench phases N SEED

use std::time::Instant;

use nqueens::algorithms::ALGORITHMS;
use nqueens::count;
use nqueens::session::Session;

/// Best wall time in ms of `runs` calls, and the last result.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed().as_secs_f64() * 1e3);
        out = Some(value);
    }
    match out {
        Some(value) => (best, value),
        None => unreachable!("runs >= 1"),
    }
}

/// `speed` mode: one JSON object `{"speed": [rows]}`.
fn speed(lo: usize, hi: usize, today_max: usize) {
    let mut rows = Vec::new();
    for n in lo..=hi {
        let runs = if n >= 16 {
            1
        } else if n >= 13 {
            3
        } else {
            7
        };
        let (fast_ms, both) = best(runs, || count::count_both(n));
        let (fixed_ms, fixed) = best(runs, || count::fixed::fixed_points(n));
        let total = both.total;
        assert_eq!(fixed.classes(total), both.fundamental, "N = {n}: Burnside");
        let today = (n <= today_max).then(|| best(runs, || count::count_with_symmetry(n)));
        if let Some((_, counts)) = &today {
            assert_eq!(*counts, both, "N = {n}");
        }
        let method = count::Method::for_n(n).id();
        let today_ms = today.map_or("null".to_string(), |(ms, _)| format!("{ms:.3}"));
        eprintln!("native speed N={n}: {method} {fast_ms:.1} ms (of which Burnside {fixed_ms:.1} ms), today's {today_ms} ms");
        rows.push(format!(
            "{{\"n\":{n},\"total\":{total},\"fundamental\":{},\"method\":\"{method}\",\"fast_ms\":{fast_ms:.3},\"fixed_ms\":{fixed_ms:.3},\"today_ms\":{today_ms}}}",
            fixed.classes(total)
        ));
    }
    println!("{{\"speed\":[{}]}}", rows.join(","));
}

/// `find` mode: one JSON object `{"find": [rows]}`.
fn find(id: &str, sizes: &[usize]) {
    let mut rows = Vec::new();
    for &n in sizes {
        // Two runs of what takes a second or more, five of the rest: the
        // first run's time decides (bench/find.mjs does the same in wasm).
        let (first_ms, _) = best(1, || nqueens::algorithms::find_one(id, n, 1));
        let runs = if first_ms >= 1_000.0 { 1 } else { 4 };
        let (ms, found) = best(runs, || nqueens::algorithms::find_one(id, n, 1));
        let ms = ms.min(first_ms);
        let found = found.unwrap_or_else(|e| panic!("{id} N = {n}: {e}"));
        if let Err(clash) = nqueens::algorithms::find_one::check::verify(&found.queens) {
            panic!("{id} N = {n}: {clash}");
        }
        eprintln!(
            "native find {id} N={n}: {ms:.1} ms, {} steps, {} restarts",
            found.steps, found.restarts
        );
        rows.push(format!(
            "{{\"id\":\"{id}\",\"n\":{n},\"ms\":{ms:.3},\"steps\":{},\"restarts\":{}}}",
            found.steps, found.restarts
        ));
    }
    println!("{{\"find\":[{}]}}", rows.join(","));
}

/// The CPU time this process has used, in ms.
fn cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0;
    if ok {
        ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
    } else {
        f64::NAN
    }
}

/// `one` mode: one JSON object `{"id","n","seed","ms","cpu_ms","steps","restarts"}`.
fn one(id: &str, n: usize, seed: u64, board: Option<&String>) {
    let cpu = cpu_ms();
    let start = Instant::now();
    let found = nqueens::algorithms::find_one(id, n, seed);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let cpu = cpu_ms() - cpu;
    let found = found.unwrap_or_else(|e| panic!("{id} N = {n}: {e}"));
    if let Err(clash) = nqueens::algorithms::find_one::check::verify(&found.queens) {
        panic!("{id} N = {n} seed {seed}: {clash}");
    }
    if let Some(path) = board {
        let bytes: Vec<u8> = found.queens.iter().flat_map(|c| c.to_le_bytes()).collect();
        std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    println!(
        "{{\"id\":\"{id}\",\"n\":{n},\"seed\":{seed},\"ms\":{ms:.3},\"cpu_ms\":{cpu:.3},\"steps\":{},\"restarts\":{}}}",
        found.steps, found.restarts
    );
}

/// `phases` mode: one JSON object with each phase's wall and CPU ms.
fn phases(n: usize, seed: u64) {
    let clocks = || (Instant::now(), cpu_ms());
    let since = |(wall, cpu): (Instant, f64)| {
        format!(
            "{{\"ms\":{:.3},\"cpu_ms\":{:.3}}}",
            wall.elapsed().as_secs_f64() * 1e3,
            cpu_ms() - cpu
        )
    };
    let at = clocks();
    let mut engine = nqueens::algorithms::AnyEngine::new("queen-search", n, seed)
        .unwrap_or_else(|e| panic!("queen-search N = {n}: {e}"));
    let new = since(at);
    let at = clocks();
    let placed = engine.run(n as u64);
    let start = since(at);
    let (pairs, checks) = (engine.tally().pairs(), engine.counters().checks);
    let at = clocks();
    let swaps = engine.run(u64::MAX);
    let repair = since(at);
    if let Err(clash) = nqueens::algorithms::find_one::check::verify(engine.tally().queens()) {
        panic!("queen-search N = {n} seed {seed}: {clash}");
    }
    println!(
        "{{\"n\":{n},\"seed\":{seed},\"new\":{new},\"start\":{start},\"placed\":{placed},\"pairs_after_start\":{pairs},\"checks_in_start\":{checks},\"repair\":{repair},\"repair_steps\":{swaps},\"restarts\":{}}}",
        engine.counters().restarts
    );
}

fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if raw.first().map(String::as_str) == Some("phases") {
        let num = |i: usize| raw.get(i).and_then(|a| a.parse::<u64>().ok());
        match (num(1), num(2)) {
            (Some(n), Some(seed)) => phases(n as usize, seed),
            _ => panic!("usage: nqueens-bench phases N SEED"),
        }
        return;
    }
    if raw.first().map(String::as_str) == Some("one") {
        let num = |i: usize| raw.get(i).and_then(|a| a.parse::<u64>().ok());
        match (raw.get(1), num(2), num(3)) {
            (Some(id), Some(n), Some(seed)) => one(id, n as usize, seed, raw.get(4)),
            _ => panic!("usage: nqueens-bench one ID N SEED [BOARD_FILE]"),
        }
        return;
    }
    if raw.first().map(String::as_str) == Some("find") {
        let id = raw.get(1).map_or("queen-search", String::as_str);
        let sizes: Vec<usize> = raw.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
        find(id, &sizes);
        return;
    }
    if raw.first().map(String::as_str) == Some("speed") {
        let num =
            |i: usize, default: usize| raw.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
        speed(num(1, 1), num(2, 18), num(3, 17));
        return;
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (lo, hi) = match args[..] {
        [lo, hi, ..] => (lo, hi),
        _ => (12, 16),
    };

    let mut rows = Vec::new();
    for n in lo..=hi {
        // Fewer repeats where one run takes seconds.
        let runs = if n >= 16 {
            1
        } else if n >= 15 {
            2
        } else {
            5
        };
        let (plain_ms, plain) = best(runs, || count::count_plain(n));
        let (mirror_ms, mirror) = best(runs, || count::count_total(n));
        let (sym_ms, sym) = best(runs + 1, || count::count_with_symmetry(n));
        assert_eq!(plain, sym.total, "N = {n}");
        assert_eq!(mirror, sym.total, "N = {n}");
        eprintln!("native count N={n}: plain {plain_ms:.1} ms, mirror {mirror_ms:.1} ms, symmetric {sym_ms:.1} ms");
        rows.push(format!(
            "{{\"n\":{n},\"total\":{},\"fundamental\":{},\"plain_ms\":{plain_ms:.3},\"mirror_ms\":{mirror_ms:.3},\"symmetric_ms\":{sym_ms:.3}}}",
            sym.total, sym.fundamental
        ));
    }

    let mut sessions = Vec::new();
    for info in ALGORITHMS.iter() {
        let n = 8;
        // Repeat whole runs until at least 300 ms have passed: some take
        // well under a millisecond.
        let (mut runs, mut steps, mut solutions) = (0u64, 0u64, 0u64);
        let start = Instant::now();
        while runs == 0 || start.elapsed().as_secs_f64() < 0.3 {
            let mut s = match Session::new(info.id, n) {
                Ok(s) => s,
                Err(e) => panic!("{}: {e}", info.id),
            };
            while !s.is_done() {
                s.run(1 << 20);
            }
            steps = s.step_index();
            solutions = s.counters().solutions;
            runs += 1;
        }
        let ms = start.elapsed().as_secs_f64() * 1e3 / runs as f64;
        eprintln!(
            "native session {} N={n}: {steps} steps in {ms:.1} ms",
            info.id
        );
        sessions.push(format!(
            "{{\"id\":\"{}\",\"name\":\"{}\",\"n\":{n},\"steps\":{steps},\"solutions\":{solutions},\"ms\":{ms:.3}}}",
            info.id, info.name
        ));
    }

    println!(
        "{{\"count\":[{}],\"sessions\":[{}]}}",
        rows.join(","),
        sessions.join(",")
    );
}
