//! The `nqueens` command line (src/cli/) run as a user runs it: `count N`
//! against OEIS, the `plan` / `piece` / `join` round trip with the pieces
//! counted in a shuffled order, and the refusals, each a sentence and a
//! non-zero exit, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use nqueens::count::shares::Shares;
use nqueens::count::Method;

/// OEIS A000170, N = 1..=16.
const TOTALS: [u64; 16] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];
/// OEIS A002562, N = 1..=16.
const CLASSES: [u64; 16] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
];

fn nqueens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .output()
        .expect("nqueens runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs nqueens and expects success: its stdout.
fn ok(args: &[&str]) -> String {
    let out = nqueens(args);
    assert!(
        out.status.success(),
        "nqueens {args:?} failed: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Runs nqueens and expects a refusal: exit 1 or 2, a sentence on stderr
/// that contains `says`, no panic.
fn refused(args: &[&str], says: &str) -> String {
    let out = nqueens(args);
    let err = text(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(1) | Some(2)),
        "nqueens {args:?} should refuse; exit {:?}, stdout {}",
        out.status.code(),
        text(&out.stdout)
    );
    assert!(
        !err.contains("panicked"),
        "nqueens {args:?} panicked: {err}"
    );
    assert!(
        err.starts_with("nqueens: ") && err.contains(says),
        "nqueens {args:?}: expected a sentence with {says:?}, got {err}"
    );
    err
}

/// The "T solutions and C classes for N = n" line's two numbers.
fn counts_line(stdout: &str, n: usize) -> (u64, u64) {
    let line = stdout
        .lines()
        .find(|l| l.contains(&format!(" for N = {n} ")))
        .unwrap_or_else(|| panic!("no counts line for N = {n} in {stdout}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(
        words[1].starts_with("solution") && words[4].starts_with("class"),
        "{line}"
    );
    (words[0].parse().unwrap(), words[3].parse().unwrap())
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn count_matches_oeis_for_n_1_to_16() {
    for n in 1..=16usize {
        let out = ok(&["count", &n.to_string()]);
        assert_eq!(
            counts_line(&out, n),
            (TOTALS[n - 1], CLASSES[n - 1]),
            "N = {n}: {out}"
        );
        assert!(out.contains("They equal OEIS A000170"), "{out}");
    }
    // Each method on one thread and on three gives the same.
    for (n, method) in [(12, "symmetric"), (13, "quadrants"), (11, "quadrants")] {
        for threads in ["1", "3"] {
            let out = ok(&[
                "count",
                &n.to_string(),
                "--method",
                method,
                "--threads",
                threads,
            ]);
            assert_eq!(
                counts_line(&out, n),
                (TOTALS[n - 1], CLASSES[n - 1]),
                "{out}"
            );
            assert!(out.contains(method), "{out}");
        }
    }
}

/// Counts every piece of `plan` in an order shuffled by `seed`, into two
/// result files, and returns them.
fn count_shuffled(dir: &Path, plan: &Path, seed: u64) -> [PathBuf; 2] {
    let ids: Vec<String> = std::fs::read_to_string(plan)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["id"].to_string()
        })
        .collect();
    let mut order: Vec<usize> = (0..ids.len()).collect();
    let mut x = seed | 1;
    for i in (1..order.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        order.swap(i, (x % (i as u64 + 1)) as usize);
    }
    // Two processes at a time, each writing its own file.
    let files = [dir.join("results-a.jsonl"), dir.join("results-b.jsonl")];
    let texts = std::thread::scope(|scope| {
        let counters: Vec<_> = (0..2)
            .map(|half| {
                let (order, ids) = (&order, &ids);
                scope.spawn(move || {
                    order
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .map(|&i| ok(&["piece", path(plan), &ids[i]]))
                        .collect::<String>()
                })
            })
            .collect();
        counters
            .into_iter()
            .map(|c| c.join().unwrap())
            .collect::<Vec<String>>()
    });
    for (file, text) in files.iter().zip(&texts) {
        std::fs::write(file, text).unwrap();
    }
    files
}

#[test]
fn plan_piece_join_round_trip_for_n_12_to_16() {
    for (n, method, pieces) in [
        (12, "quadrants", 5),
        (12, "symmetric", 16),
        (13, "symmetric", 5),
        (14, "quadrants", 4),
        (15, "quadrants", 3),
        (16, "quadrants", 3),
    ] {
        let dir = folder(&format!("trip-{n}-{method}"));
        let plan = dir.join("plan.jsonl");
        let text = ok(&[
            "plan",
            &n.to_string(),
            "--pieces",
            &pieces.to_string(),
            "--method",
            method,
        ]);
        std::fs::write(&plan, &text).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), pieces, "N = {n}: one line a piece");
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["id"], i, "{line}");
            assert_eq!(line["key"]["n"], n);
            assert_eq!(line["key"]["method"], method);
            assert!(line["key"]["core"]
                .as_str()
                .unwrap()
                .starts_with("nqueens "));
            assert!(line["work"].as_u64().unwrap() > 0, "{line}");
            let what = if method == "symmetric" {
                "prefixes"
            } else {
                "splits"
            };
            assert!(!line[what].as_array().unwrap().is_empty(), "{line}");
        }
        // A piece on three threads is the same line as on one.
        assert_eq!(
            ok(&["piece", path(&plan), "0", "--threads", "3"]),
            ok(&["piece", path(&plan), "0"]),
            "N = {n}"
        );
        let [a, b] = count_shuffled(&dir, &plan, n as u64 * 7919);
        let out = ok(&["join", path(&b), path(&a)]);
        assert_eq!(
            counts_line(&out, n),
            (TOTALS[n - 1], CLASSES[n - 1]),
            "{out}"
        );
        assert!(out.contains("They equal OEIS A000170"), "{out}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn symmetric_pieces_cut_deeper_still_add_up() {
    // Many more pieces than the symmetric search's first rows give: its
    // heaviest pieces are cut a row deeper, and still cover it once.
    // A plan read back from its lines (what `piece` does) counts the same.
    for (n, asked) in [(8usize, 1), (8, 50), (10, 3), (10, 120), (12, 7), (12, 200)] {
        let shares = Shares::new(n, Method::Symmetric, asked).unwrap();
        assert!(shares.len() <= asked);
        let lines = (0..shares.len()).map(|id| shares.line(id)).collect();
        let read = Shares::from_lines(lines).unwrap();
        assert_eq!(read.key(), shares.key());
        let (mut total, mut classes) = (0, 0);
        for id in 0..shares.len() {
            let r = shares.count(id);
            assert_eq!(read.count(id), r, "N = {n}, piece {id}");
            total += r.total;
            classes += r.classes.unwrap();
        }
        assert_eq!(
            (total, classes),
            (TOTALS[n - 1], CLASSES[n - 1]),
            "N = {n}, {asked} pieces"
        );
    }
    // At N = 12 the first rows give about a hundred pieces: cut deeper, they give 200.
    assert_eq!(Shares::new(12, Method::Symmetric, 200).unwrap().len(), 200);
}

#[test]
fn join_refuses_missing_doubled_foreign_and_malformed_results() {
    let dir = folder("refusals");
    let plan = dir.join("plan.jsonl");
    std::fs::write(&plan, ok(&["plan", "12", "--pieces", "4"])).unwrap();
    let results: Vec<String> = (0..4)
        .map(|id| ok(&["piece", path(&plan), &id.to_string()]))
        .collect();
    let write = |name: &str, lines: &[&str]| {
        let file = dir.join(name);
        std::fs::write(&file, lines.concat()).unwrap();
        file
    };
    let all: Vec<&str> = results.iter().map(String::as_str).collect();
    let whole = write("all.jsonl", &all);
    assert_eq!(counts_line(&ok(&["join", path(&whole)]), 12), (14200, 1787));

    // A piece missing.
    let three = write("three.jsonl", &all[..3]);
    refused(
        &["join", path(&three)],
        "1 of the plan's 4 pieces is missing: 3",
    );

    // A piece counted twice with the same result is counted once...
    let again = write("again.jsonl", &[all[2]]);
    assert_eq!(
        counts_line(&ok(&["join", path(&whole), path(&again)]), 12),
        (14200, 1787)
    );
    // ...and with different results is refused.
    let total = |line: &str| {
        serde_json::from_str::<serde_json::Value>(line).unwrap()["total"]
            .as_u64()
            .unwrap()
    };
    let wrong = results[2].replace(
        &format!("\"total\":{}", total(&results[2])),
        &format!("\"total\":{}", total(&results[2]) + 8),
    );
    assert_ne!(wrong, results[2]);
    let doubled = write("doubled.jsonl", &[&wrong]);
    refused(
        &["join", path(&whole), path(&doubled)],
        "piece 2 was counted twice with different results",
    );

    // A piece of another plan: another N, another number of pieces, another core.
    let other = dir.join("other.jsonl");
    std::fs::write(&other, ok(&["plan", "12", "--pieces", "5"])).unwrap();
    let foreign = write("foreign.jsonl", &[&ok(&["piece", path(&other), "1"])]);
    refused(
        &["join", path(&whole), path(&foreign)],
        "belongs to another plan",
    );
    let plan13 = dir.join("plan13.jsonl");
    std::fs::write(&plan13, ok(&["plan", "13", "--pieces", "4"])).unwrap();
    let thirteen = write("thirteen.jsonl", &[&ok(&["piece", path(&plan13), "0"])]);
    refused(
        &["join", path(&whole), path(&thirteen)],
        "belongs to another plan",
    );
    let old_core = write(
        "old.jsonl",
        &[&results[0].replace("nqueens 0.", "nqueens 99.")],
    );
    refused(
        &["join", path(&old_core), path(&whole)],
        "counted by nqueens 99.",
    );

    // Malformed lines: not JSON, a field missing, a field of the wrong type, an unknown field.
    for (name, line) in [
        ("garbage", "this is not json\n".to_string()),
        ("no-total", results[1].replace("\"total\"", "\"totals\"")),
        ("negative", results[1].replace("\"total\":", "\"total\":-")),
        ("cut", results[1][..results[1].len() / 2].to_string() + "\n"),
    ] {
        let file = write(&format!("{name}.jsonl"), &[&line]);
        let err = refused(
            &["join", path(&whole), path(&file)],
            "not a result line of nqueens piece",
        );
        assert!(
            err.contains(&format!("{name}.jsonl:1")),
            "names the file and line: {err}"
        );
    }
    refused(&["join", path(&dir.join("absent.jsonl"))], "cannot read");
    let empty = write("empty.jsonl", &[]);
    refused(&["join", path(&empty)], "No results to add");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_a_sentence_and_a_non_zero_exit() {
    let dir = folder("bad-input");
    let plan = dir.join("plan.jsonl");
    let text = ok(&["plan", "13", "--pieces", "3"]);
    std::fs::write(&plan, &text).unwrap();

    refused(&[], "say what to do");
    refused(&["counts", "8"], "there is no command");
    for n in ["0", "33", "-1", "8.5", "eight", ""] {
        refused(&["count", n], "N must be a whole number from 1 to 32");
    }
    refused(&["count"], "takes N");
    refused(&["count", "8", "--threads", "0"], "--threads must be");
    refused(
        &["count", "8", "--method", "fastest"],
        "--method must be symmetric or quadrants",
    );
    refused(&["count", "8", "--pieces", "3"], "no option --pieces");
    refused(&["plan", "12"], "plan needs --pieces");
    refused(&["plan", "12", "--pieces", "0"], "--pieces must be");
    refused(&["plan", "40", "--pieces", "3"], "N must be");

    refused(
        &["piece", path(&plan), "3"],
        "has no piece 3: its pieces are 0 to 2",
    );
    refused(&["piece", path(&plan), "one"], "the piece id must be");
    refused(&["piece", path(&plan)], "a plan file and a piece id");
    refused(
        &["piece", path(&dir.join("absent.jsonl")), "0"],
        "cannot read",
    );
    // A damaged plan: a line changed, a line lost, a line that is not JSON.
    let first = text.lines().next().unwrap();
    let work = serde_json::from_str::<serde_json::Value>(first).unwrap()["work"].clone();
    let changed = text.replacen(&format!("\"work\":{work}"), "\"work\":1", 1);
    assert_ne!(changed, text);
    std::fs::write(&plan, &changed).unwrap();
    refused(&["piece", path(&plan), "2"], "the plan file is damaged");
    let lost: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(&plan, &lost).unwrap();
    refused(&["piece", path(&plan), "1"], "the plan file is damaged");
    std::fs::write(&plan, format!("{text}{{\"key\":\n")).unwrap();
    refused(
        &["piece", path(&plan), "1"],
        "not a line of a plan written by nqueens plan",
    );
    std::fs::write(&plan, text.replace("\"n\":13", "\"n\":12")).unwrap();
    refused(&["piece", path(&plan), "1"], "the plan file is damaged");
    std::fs::write(&plan, "").unwrap();
    refused(&["piece", path(&plan), "0"], "holds no plan");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A stand-in for Slurm's `sbatch`, for a dry run of cluster/slurm_count.sh:
/// it logs its arguments, then runs the job at once, each index of an
/// `--array` in turn with `SLURM_ARRAY_TASK_ID` set (after `--export`'s
/// variables), its output where `--output` says, and prints a job id.
const FAKE_SBATCH: &str = r#"#!/bin/bash
echo "sbatch $*" >> "$SBATCH_LOG"
array=""; output=/dev/null
while [[ "$1" == --* ]]; do
  case "$1" in
    --array=*) array="${1#--array=}" ;;
    --output=*) output="${1#--output=}" ;;
    --export=*) IFS=, read -ra pairs <<< "${1#--export=}"
                for pair in "${pairs[@]}"; do [[ "$pair" == *=* ]] && export "$pair"; done ;;
  esac
  shift
done
script="$1"; shift
if [ -n "$array" ]; then
  IFS=, read -ra ranges <<< "${array%%\%*}"
  for range in "${ranges[@]}"; do
    for ((i = ${range%-*}; i <= ${range#*-}; i++)); do
      SLURM_ARRAY_TASK_ID=$i bash "$script" "$@" > "${output//%a/$i}" 2>&1 || echo "task $i failed" >> "$SBATCH_LOG"
    done
  done
else
  bash "$script" "$@" > "$output" 2>&1 || echo "job failed" >> "$SBATCH_LOG"
fi
echo "$RANDOM;cluster"
"#;

#[test]
fn slurm_script_submits_the_missing_pieces_and_joins_them() {
    let dir = folder("slurm");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let sbatch = bin.join("sbatch");
    std::fs::write(&sbatch, FAKE_SBATCH).unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&sbatch)
        .status()
        .unwrap();
    let log = dir.join("sbatch.log");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("cluster/slurm_count.sh");
    let plan = dir.join("plan.jsonl");
    std::fs::write(&plan, ok(&["plan", "13", "--pieces", "5"])).unwrap();
    let results = dir.join("results");
    std::fs::create_dir_all(&results).unwrap();
    // Piece 1 was counted by an earlier submission.
    std::fs::write(
        results.join("piece-1.jsonl"),
        ok(&["piece", path(&plan), "1"]),
    )
    .unwrap();

    let slurm = |args: &[&str]| {
        Command::new("bash")
            .arg(&script)
            .args(args)
            .env(
                "PATH",
                format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
            )
            .env("NQUEENS", env!("CARGO_BIN_EXE_nqueens"))
            .env("SBATCH_LOG", &log)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .output()
            .unwrap()
    };
    let submit = [
        "submit",
        path(&plan),
        path(&results),
        "--partition=short",
        "--throttle",
        "2",
    ];
    let out = slurm(&submit);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("pieces: job") && said.contains("(array 0,2-4)"),
        "{said}"
    );
    let calls = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = calls.lines().collect();
    assert_eq!(lines.len(), 2, "one array and one join job: {calls}");
    assert!(
        lines[0].contains("--array=0,2-4%2") && lines[0].contains("--partition=short"),
        "{calls}"
    );
    assert!(
        lines[0].ends_with(&format!("piece {} {}", path(&plan), path(&results))),
        "{calls}"
    );
    let array_id = said
        .split("pieces: job ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(
        lines[1].contains(&format!("--dependency=afterok:{array_id}")),
        "{calls}"
    );
    assert!(
        lines[1].contains("--partition=short")
            && lines[1].ends_with(&format!("join {}", path(&results))),
        "{calls}"
    );
    let joined = std::fs::read_to_string(results.join("joined.txt")).unwrap();
    assert_eq!(
        counts_line(&joined, 13),
        (TOTALS[12], CLASSES[12]),
        "{joined}"
    );
    for id in 0..5 {
        assert!(
            results.join(format!("piece-{id}.jsonl")).exists(),
            "piece {id}"
        );
    }

    // Submitting again: nothing left to count, only the join.
    std::fs::remove_file(&log).unwrap();
    let out = slurm(&submit);
    assert!(
        text(&out.stdout).contains("every piece is counted already"),
        "{}",
        text(&out.stdout)
    );
    let calls = std::fs::read_to_string(&log).unwrap();
    assert_eq!(calls.lines().count(), 1, "{calls}");
    assert!(!calls.contains("--dependency"), "{calls}");

    // A piece's result damaged: the join job fails and says why.
    std::fs::write(results.join("piece-3.jsonl"), "{\"id\": 3}\n").unwrap();
    let out = slurm(&["join", path(&results)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("piece-3.jsonl:1: not a result line"),
        "{}",
        text(&out.stdout)
    );
    // The job commands, run by hand, say what they need.
    let out = slurm(&["piece", path(&plan), path(&results)]);
    assert!(!out.status.success() && text(&out.stderr).contains("inside a Slurm job array"));
    let out = slurm(&["submit", path(&dir.join("no-plan.jsonl")), path(&results)]);
    assert!(!out.status.success() && text(&out.stderr).contains("no plan at"));
    let _ = std::fs::remove_dir_all(&dir);
}
