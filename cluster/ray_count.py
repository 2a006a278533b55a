#!/usr/bin/env python3
"""Counts the N-Queens solutions of an N x N board on a Ray cluster, one Ray
task a piece of the `nqueens` command line's plan (docs/cluster.md).

    python cluster/ray_count.py N --pieces K [--address HOST:PORT] [--work DIR]

What it does, in order:

1. Makes the plan once (`nqueens plan N --pieces K` into DIR/plan.jsonl); a
   plan already in DIR is used again (after `nqueens` checks it).
2. Reads DIR/results.jsonl: the pieces counted before, by an earlier run of
   this driver that stopped or died, are not counted again.
3. Submits one Ray task for each remaining piece. A task runs `nqueens piece`
   on whatever node Ray puts it; the binary and the plan travel through Ray's
   object store, so the nodes need no shared disk (they do need the same
   operating system and processor family as this one). A task whose worker
   dies, or whose `nqueens` fails, is run again by Ray (`--retries`).
4. Appends each result to DIR/results.jsonl as it arrives (one whole line,
   flushed and synced), with a progress line on stderr: pieces done, share of
   the estimated work, time so far and time left.
5. Runs `nqueens join DIR/results.jsonl`: the total and the classes, checked
   against OEIS where N is known. Its exit status is this driver's.

Only the standard library and `ray` (pip install ray).
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_NQUEENS = os.path.join(HERE, "..", "target", "release", "nqueens")


def say(*words):
    print("ray_count:", *words, file=sys.stderr, flush=True)


def clock(seconds):
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s // 60 % 60:02d} min"


def read_plan(path):
    """The plan's lines, by id, and its key."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if not lines:
        raise SystemExit(f"ray_count: {path} holds no plan.")
    return {line["id"]: line for line in lines}, lines[0]["key"]


def read_results(path, key):
    """The results already counted for this plan, by id. A line that is not
    whole (the driver died while writing it) or belongs to another plan is
    left out, and the file is written again without it."""
    done, kept, dropped = {}, [], 0
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                result = json.loads(line)
                if result["key"] != key:
                    raise ValueError("another plan's result")
                done.setdefault(result["id"], result)
                kept.append(line if line.endswith("\n") else line + "\n")
            except (ValueError, KeyError, TypeError):
                if line.strip():
                    dropped += 1
    if dropped:
        say(f"{path}: left out {dropped} line(s) that are not whole results of this plan.")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.writelines(kept)
        os.replace(path + ".tmp", path)
    return done


def make_plan(nqueens, n, pieces, method, path):
    if os.path.exists(path):
        return
    command = [nqueens, "plan", str(n), "--pieces", str(pieces)]
    if method:
        command += ["--method", method]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr.strip() or f"ray_count: {' '.join(command)} failed.")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(out.stdout)
    os.replace(path + ".tmp", path)


def count_piece(binary_ref, binary_hash, plan_ref, plan_hash, piece_id, threads):
    """A Ray task: counts one piece with `nqueens piece` on this node. The
    binary and the plan are written once a node, named by their hashes; they
    come as one-element lists of object refs, so that Ray fetches them only
    where they are not written yet."""
    import ray  # noqa: F401  (on the worker)

    cache = os.path.join(tempfile.gettempdir(), "nqueens-ray")
    os.makedirs(cache, exist_ok=True)

    def local(name, ref, mode):
        path = os.path.join(cache, name)
        if not os.path.exists(path):
            data = ray.get(ref[0])
            fd, tmp = tempfile.mkstemp(dir=cache)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, mode)
            os.replace(tmp, path)
        return path

    binary = local(f"nqueens-{binary_hash}", binary_ref, 0o755)
    plan = local(f"plan-{plan_hash}.jsonl", plan_ref, 0o644)
    command = [binary, "piece", plan, str(piece_id)]
    if threads > 1:
        command += ["--threads", str(threads)]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:
        # Raised, so that Ray runs the task again (retry_exceptions).
        raise RuntimeError(f"piece {piece_id}: {out.stderr.strip()}")
    return out.stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="the board's size")
    parser.add_argument("--pieces", type=int, required=True, help="how many pieces to cut the count into")
    parser.add_argument("--method", choices=["symmetric", "quadrants"], help="the counting method (default: the fastest for N)")
    parser.add_argument("--address", default=None, help="the Ray cluster (default: RAY_ADDRESS, else the cluster started on this machine, else a new one here)")
    parser.add_argument("--work", default=None, help="the folder of the plan and results (default: ./nqueens-N-K)")
    parser.add_argument("--nqueens", default=DEFAULT_NQUEENS, help="the nqueens binary (default: target/release/nqueens)")
    parser.add_argument("--retries", type=int, default=3, help="how often Ray runs a failed piece again (default 3)")
    parser.add_argument("--threads", type=int, default=1, help="CPUs a piece uses (default 1: one piece a CPU)")
    args = parser.parse_args(argv)

    nqueens = os.path.abspath(args.nqueens)
    if not os.access(nqueens, os.X_OK):
        raise SystemExit(f"ray_count: no nqueens binary at {nqueens}: build it with `cargo build --release` or pass --nqueens.")
    work = os.path.abspath(args.work or f"nqueens-{args.n}-{args.pieces}")
    os.makedirs(work, exist_ok=True)
    plan_path = os.path.join(work, "plan.jsonl")
    results_path = os.path.join(work, "results.jsonl")

    make_plan(nqueens, args.n, args.pieces, args.method, plan_path)
    plan, key = read_plan(plan_path)
    if key["n"] != args.n or key["asked"] != args.pieces:
        raise SystemExit(
            f"ray_count: {plan_path} is a plan of N = {key['n']} in {key['asked']} pieces, not N = {args.n} "
            f"in {args.pieces}: use another --work folder."
        )
    done = read_results(results_path, key)
    todo = [i for i in sorted(plan) if i not in done]
    total_work = sum(line["work"] for line in plan.values()) or 1
    done_work = sum(plan[i]["work"] for i in done if i in plan)
    say(f"N = {args.n}: {len(plan)} pieces, {len(done)} counted before, {len(todo)} to count.")

    if todo:
        import ray

        ray.init(address=args.address, log_to_driver=False)
        say(f"Ray: {int(ray.cluster_resources().get('CPU', 0))} CPUs on {len(ray.nodes())} node(s).")
        with open(nqueens, "rb") as f:
            binary = f.read()
        with open(plan_path, "rb") as f:
            plan_bytes = f.read()
        binary_ref, plan_ref = ray.put(binary), ray.put(plan_bytes)
        task = ray.remote(num_cpus=args.threads, max_retries=args.retries, retry_exceptions=True)(count_piece)
        pending = {
            task.remote(
                [binary_ref],
                hashlib.sha256(binary).hexdigest()[:16],
                [plan_ref],
                hashlib.sha256(plan_bytes).hexdigest()[:16],
                i,
                args.threads,
            ): i
            for i in todo
        }
        start, last_shown, run_work = time.monotonic(), 0.0, 0
        with open(results_path, "a", encoding="utf-8") as out:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
                for ref in ready:
                    i = pending.pop(ref)
                    try:
                        line = ray.get(ref)
                        result = json.loads(line)
                    except Exception as error:  # the task failed past its retries
                        raise SystemExit(f"ray_count: piece {i} could not be counted: {error}")
                    if result.get("id") != i or result.get("key") != key:
                        raise SystemExit(f"ray_count: piece {i} came back as another piece: {line}")
                    out.write(line + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                    done[i] = result
                    done_work += plan[i]["work"]
                    run_work += plan[i]["work"]
                now = time.monotonic()
                if now - last_shown >= 2 or not pending:
                    last_shown = now
                    elapsed = now - start
                    left = ""
                    if run_work > 0 and pending:
                        # This run's pace over the work it has done, for the work still to do.
                        left = f", about {clock(elapsed * (total_work - done_work) / run_work)} left"
                    say(
                        f"N = {args.n}: {len(done)}/{len(plan)} pieces, "
                        f"{100 * done_work / total_work:.1f}% of the estimated work, {clock(elapsed)}{left}"
                    )
    joined = subprocess.run([nqueens, "join", results_path], capture_output=True, text=True)
    sys.stdout.write(joined.stdout)
    sys.stderr.write(joined.stderr)
    return joined.returncode


if __name__ == "__main__":
    sys.exit(main())
