//! The `nqueens` program's commands (see `src/cli/main.rs`).

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nqueens::count::shares::{self, Joined, PlanLine, ResultLine, Shares};
use nqueens::count::{Counts, Method, MAX_N};

const USAGE: &str = "\
usage:
  nqueens count N [--threads T] [--method symmetric|quadrants]
  nqueens plan N --pieces K [--method symmetric|quadrants]
  nqueens piece PLAN_FILE ID [--threads T]
  nqueens join RESULT_FILES...

count   counts every solution of the N-Queens puzzle on an N×N board (OEIS A000170)
        and the classes distinct up to rotation and reflection (A002562), on all cores;
        a progress line with the time left goes to stderr.
plan    writes N's plan cut into K pieces of about equal work, one JSON line a piece
        (its id, what it counts, its estimated work, and the plan's key).
piece   counts piece ID of a plan file and prints its result as one JSON line.
join    adds the results of every piece of one plan and checks them against OEIS.";

/// Writes a line to stdout, flushed; a failed write (a closed pipe, a full
/// disk) is a failure with a sentence, so a result is never lost unsaid.
macro_rules! say {
    ($($arg:tt)*) => {{
        let mut out = std::io::stdout().lock();
        writeln!(out, $($arg)*)
            .and_then(|()| out.flush())
            .or_else(|e| fail(format!("could not write to stdout: {e}.")))
    }};
}

/// A failure: the sentence, and whether it was the command line's form.
struct Failure {
    sentence: String,
    usage: bool,
}

fn fail<T>(sentence: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        sentence: sentence.into(),
        usage: false,
    })
}

fn usage<T>(sentence: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        sentence: sentence.into(),
        usage: true,
    })
}

pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { sentence, usage }) => {
            eprintln!("nqueens: {sentence}");
            if usage && args.is_empty() {
                eprintln!("{USAGE}");
                ExitCode::from(2)
            } else if usage {
                eprintln!("(`nqueens help` shows the commands.)");
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some((command, rest)) = args.split_first() else {
        return usage("say what to do: count, plan, piece or join.");
    };
    match command.as_str() {
        "count" => count(&Options::read(rest, &["--threads", "--method"])?),
        "plan" => plan(&Options::read(rest, &["--pieces", "--method"])?),
        "piece" => piece(&Options::read(rest, &["--threads"])?),
        "join" => join(&Options::read(rest, &[])?),
        "help" | "--help" | "-h" => {
            say!("{USAGE}")?;
            Ok(())
        }
        other => usage(format!(
            "there is no command {other:?}: the commands are count, plan, piece and join."
        )),
    }
}

/// A command's words: the plain ones in order, and the `--name value` ones.
struct Options {
    words: Vec<String>,
    named: Vec<(String, String)>,
}

impl Options {
    fn read(args: &[String], allowed: &[&str]) -> Result<Options, Failure> {
        let mut words = Vec::new();
        let mut named: Vec<(String, String)> = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if let Some(name) = arg.strip_prefix("--") {
                let (name, value) = match name.split_once('=') {
                    Some((name, value)) => (format!("--{name}"), value.to_string()),
                    None => match it.next() {
                        Some(value) => (arg.clone(), value.clone()),
                        None => return usage(format!("{arg} needs a value after it.")),
                    },
                };
                if !allowed.contains(&name.as_str()) {
                    return usage(format!("this command has no option {name}."));
                }
                if named.iter().any(|(n, _)| *n == name) {
                    return usage(format!("{name} is given twice."));
                }
                named.push((name, value));
            } else {
                words.push(arg.clone());
            }
        }
        Ok(Options { words, named })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.named
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Exactly `count` plain words, or a sentence naming them.
    fn words(&self, count: usize, what: &str) -> Result<&[String], Failure> {
        if self.words.len() != count {
            return usage(format!(
                "this command takes {what}; got {}.",
                if self.words.is_empty() {
                    "nothing".to_string()
                } else {
                    self.words.join(" ")
                }
            ));
        }
        Ok(&self.words)
    }

    fn threads(&self) -> Result<usize, Failure> {
        let all = std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.get("--threads") {
            None => Ok(all),
            Some(text) => whole(text, 1, 4096, "--threads"),
        }
    }

    fn method(&self, n: usize) -> Result<Method, Failure> {
        match self.get("--method") {
            None => Ok(Method::for_n(n)),
            Some(id) => Method::from_id(id).map_or_else(
                || {
                    usage(format!(
                        "--method must be symmetric or quadrants; got {id:?}."
                    ))
                },
                Ok,
            ),
        }
    }
}

/// A whole number from `lo` to `hi`, or a sentence naming `what`.
fn whole(text: &str, lo: usize, hi: usize, what: &str) -> Result<usize, Failure> {
    match text.parse::<usize>() {
        Ok(x) if (lo..=hi).contains(&x) => Ok(x),
        _ => usage(format!(
            "{what} must be a whole number from {lo} to {hi}; got {text:?}."
        )),
    }
}

fn board_size(text: &str) -> Result<usize, Failure> {
    whole(text, 1, MAX_N, "N")
}

/// `nqueens count N`: the plan cut into many pieces, counted by a pool of
/// threads, and joined as `join` would.
fn count(options: &Options) -> Result<(), Failure> {
    let n = board_size(&options.words(1, "N, the board's size")?[0])?;
    let method = options.method(n)?;
    let threads = options.threads()?;
    let start = Instant::now();
    // Many more pieces than threads, so that they finish together.
    let shares = Shares::new(n, method, 32 * threads).or_else(fail)?;
    let runs: Vec<Range<usize>> = (0..shares.len()).map(|id| shares.pieces_of(id)).collect();
    let counts = count_runs(&shares, &runs, threads, &format!("N = {n}"));
    let results: Vec<ResultLine> = counts
        .into_iter()
        .enumerate()
        .map(|(id, c)| shares.result(id, c))
        .collect();
    let joined =
        shares::join(results.iter().map(|r| (format!("piece {}", r.id), r))).or_else(fail)?;
    say!(
        "{} and {} for N = {n} ({}, {:.2} s on {threads} thread{}).",
        plural(joined.total, "solution", "solutions"),
        plural(joined.classes, "class", "classes"),
        method.id(),
        start.elapsed().as_secs_f64(),
        if threads == 1 { "" } else { "s" }
    )?;
    oeis(&joined)
}

/// "1 solution", "92 solutions".
fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Says whether the counts equal OEIS's, where N is known; an error if not.
fn oeis(joined: &Joined) -> Result<(), Failure> {
    let n = joined.n;
    match shares::known(n) {
        Some(known) if known.total == joined.total && known.fundamental == joined.classes => {
            say!(
                "They equal OEIS A000170({n}) = {} and A002562({n}) = {}.",
                known.total,
                known.fundamental
            )?;
            Ok(())
        }
        Some(known) => fail(format!(
            "these counts differ from OEIS: A000170({n}) = {} and A002562({n}) = {}. A piece was \
             counted wrong (or the results are not this plan's).",
            known.total, known.fundamental
        )),
        None => {
            say!("OEIS has no value for N = {n} to check them against: nobody has counted N = {n} before.")?;
            Ok(())
        }
    }
}

/// Counts runs of the plan's pieces on `threads` threads, each thread taking
/// the next run as it finishes one, with a progress line on stderr: each
/// run's counts, in order.
fn count_runs(shares: &Shares, runs: &[Range<usize>], threads: usize, what: &str) -> Vec<Counts> {
    let weights = shares.weights();
    let works: Vec<f64> = runs
        .iter()
        .map(|r| weights[r.clone()].iter().sum())
        .collect();
    let total_work: f64 = works.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let next = AtomicUsize::new(0);
    let done_work = AtomicU64::new(0f64.to_bits());
    let results = Mutex::new(vec![Counts::default(); runs.len()]);
    let finished = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(runs.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(run) = runs.get(i) else { break };
                let counts = shares.count_pieces(run.clone());
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = counts;
                let _ = done_work.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |bits| {
                    Some((f64::from_bits(bits) + works[i]).to_bits())
                });
                finished.fetch_add(1, Ordering::Release);
            });
        }
        let mut progress = Progress::new(what);
        while finished.load(Ordering::Acquire) < runs.len() {
            std::thread::sleep(Duration::from_millis(50));
            let share = f64::from_bits(done_work.load(Ordering::Relaxed)) / total_work;
            progress.show(share, start.elapsed());
        }
        progress.end(start.elapsed());
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The progress line: on a terminal one line redrawn, elsewhere a line now
/// and then.
struct Progress<'a> {
    what: &'a str,
    terminal: bool,
    last: Option<Instant>,
    shown: bool,
}

impl<'a> Progress<'a> {
    fn new(what: &'a str) -> Progress<'a> {
        Progress {
            what,
            terminal: std::io::stderr().is_terminal(),
            last: None,
            shown: false,
        }
    }

    fn show(&mut self, share: f64, elapsed: Duration) {
        let every = if self.terminal { 0.2 } else { 10.0 };
        if self.last.is_some_and(|t| t.elapsed().as_secs_f64() < every)
            || elapsed.as_secs_f64() < 1.0
        {
            return;
        }
        self.last = Some(Instant::now());
        let mut line = format!("{}: {:.1}% of the estimated work", self.what, 100.0 * share);
        let seconds = elapsed.as_secs_f64();
        let _ = write!(line, ", {}", clock(seconds));
        if share > 0.0 {
            let _ = write!(
                line,
                ", about {} left",
                clock(seconds * (1.0 - share) / share)
            );
        }
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            write!(err, "\r{line}\x1b[K")
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
        self.shown = true;
    }

    fn end(&mut self, elapsed: Duration) {
        if self.shown {
            let line = format!("{}: done in {}", self.what, clock(elapsed.as_secs_f64()));
            let mut err = std::io::stderr().lock();
            let _ = if self.terminal {
                writeln!(err, "\r{line}\x1b[K")
            } else {
                writeln!(err, "{line}")
            };
        }
    }
}

/// Seconds as "42 s", "3 min 05 s" or "2 h 07 min".
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s / 60 % 60),
    }
}

/// `nqueens plan N --pieces K`: one JSON line a piece, on stdout.
fn plan(options: &Options) -> Result<(), Failure> {
    let n = board_size(&options.words(1, "N, the board's size")?[0])?;
    let Some(asked) = options.get("--pieces") else {
        return usage("plan needs --pieces K, the number of pieces to cut the count into.");
    };
    let asked = whole(asked, 1, shares::MAX_SHARES, "--pieces")?;
    let shares = Shares::new(n, options.method(n)?, asked).or_else(fail)?;
    let mut out = std::io::stdout().lock();
    for id in 0..shares.len() {
        let line = serde_json::to_string(&shares.line(id)).expect("a plan line is plain data");
        if writeln!(out, "{line}").is_err() {
            return fail("could not write the plan to stdout.");
        }
    }
    if shares.len() < asked {
        eprintln!(
            "nqueens: N = {n}'s plan has {} pieces, fewer than the {asked} asked for.",
            shares.len()
        );
    }
    Ok(())
}

/// The text of a file, or a sentence.
fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).or_else(|e| fail(format!("cannot read {path}: {e}.")))
}

/// The non-blank lines of a file, numbered from 1.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
}

/// `nqueens piece FILE ID`: checks the plan file against this core's own plan
/// for its key, then counts the piece.
fn piece(options: &Options) -> Result<(), Failure> {
    let words = options.words(2, "a plan file and a piece id")?;
    let (path, id) = (&words[0], &words[1]);
    let text = read(path)?;
    let mut plan_lines = Vec::new();
    for (number, line) in lines(&text) {
        match serde_json::from_str::<PlanLine>(line) {
            Ok(parsed) => plan_lines.push(parsed),
            Err(e) => {
                return fail(format!(
                    "{path}:{number}: not a line of a plan written by nqueens plan ({e})."
                ))
            }
        }
    }
    let id = whole(id, 0, usize::MAX, "the piece id")?;
    let shares = Shares::from_lines(plan_lines).or_else(|e| fail(format!("{path}: {e}")))?;
    if id >= shares.len() {
        return fail(format!(
            "{path} has no piece {id}: its pieces are 0 to {}.",
            shares.len().saturating_sub(1)
        ));
    }
    let key = shares.key().clone();
    // The plan's pieces within this one, shared by threads as `count` does.
    let threads = match options.get("--threads") {
        None => 1,
        Some(_) => options.threads()?,
    };
    let runs: Vec<Range<usize>> = shares.pieces_of(id).map(|i| i..i + 1).collect();
    let counts = count_runs(
        &shares,
        &runs,
        threads,
        &format!("piece {id} of N = {}", key.n),
    );
    let result = shares.result(id, counts.into_iter().sum());
    say!(
        "{}",
        serde_json::to_string(&result).expect("a result line is plain data")
    )?;
    Ok(())
}

/// `nqueens join FILES...`: every result line of the files, added.
fn join(options: &Options) -> Result<(), Failure> {
    if options.words.is_empty() {
        return usage("join takes the files of the pieces' results.");
    }
    let mut results = Vec::new();
    for path in &options.words {
        let text = read(path)?;
        for (number, line) in lines(&text) {
            match serde_json::from_str::<ResultLine>(line) {
                Ok(parsed) => results.push((format!("{path}:{number}"), parsed)),
                Err(e) => {
                    return fail(format!(
                        "{path}:{number}: not a result line of nqueens piece ({e})."
                    ))
                }
            }
        }
    }
    let joined = shares::join(results.iter().map(|(place, r)| (place.clone(), r))).or_else(fail)?;
    say!(
        "{} and {} for N = {} ({}).",
        plural(joined.total, "solution", "solutions"),
        plural(joined.classes, "class", "classes"),
        joined.n,
        plural(joined.pieces as u64, "piece", "pieces")
    )?;
    oeis(&joined)
}
