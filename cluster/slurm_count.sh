#!/usr/bin/env bash
# Counts the N-Queens solutions of an N×N board on a Slurm cluster: a job
# array with one task a piece of the `nqueens` plan, each writing its result
# into a results folder, and a last job, run once every piece has succeeded,
# that joins them (docs/cluster.md).
#
#   target/release/nqueens plan 22 --pieces 2000 > plan.jsonl
#   cluster/slurm_count.sh submit plan.jsonl results/ [sbatch options...]
#
# `submit` sends
#   sbatch --array=<the pieces not yet in results/> ... slurm_count.sh piece PLAN RESULTS
#   sbatch --dependency=afterok:<the array> ...      slurm_count.sh join RESULTS
# and prints the two job ids. Extra options (--partition, --time, --account,
# --array's %limit as --throttle N) go to both. Submitting again after a
# failure sends only the pieces still missing. When the join job has run,
# RESULTS/joined.txt holds the total and the classes (and whether they equal
# OEIS); its exit status says whether the join succeeded.
#
# Inside the jobs (Slurm runs them; not for a person):
#   slurm_count.sh piece PLAN RESULTS   counts piece $SLURM_ARRAY_TASK_ID
#   slurm_count.sh join RESULTS         nqueens join RESULTS/piece-*.jsonl
#
# The nqueens binary: $NQUEENS, else target/release/nqueens beside this
# folder. Paths are made absolute at submit time, so the jobs find them
# wherever Slurm runs its copy of this script (the nodes need a shared disk).
set -euo pipefail

die() { echo "slurm_count: $*" >&2; exit 1; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nqueens="${NQUEENS:-$here/../target/release/nqueens}"

# The ids of PLAN's pieces, one a line, from its JSON lines.
plan_ids() { grep -o '"id":[0-9]*' "$1" | cut -d: -f2; }

# The ids with a result in RESULTS.
done_ids() {
  local f
  for f in "$1"/piece-*.jsonl; do
    [ -s "$f" ] || continue
    f="${f##*/piece-}"
    echo "${f%.jsonl}"
  done
}

# Ids (sorted numbers, one a line) as a Slurm array spec: 0-3,7,9-12.
array_spec() {
  awk 'NR == 1 { start = $1; prev = $1; next }
       $1 == prev + 1 { prev = $1; next }
       { printf "%s%s,", start, (prev > start ? "-" prev : ""); start = $1; prev = $1 }
       END { if (NR) printf "%s%s\n", start, (prev > start ? "-" prev : "") }'
}

command="${1:-}"
shift || true
case "$command" in
  submit)
    [ $# -ge 2 ] || die "usage: slurm_count.sh submit PLAN RESULTS [sbatch options...]"
    given="$1"; plan="$(realpath -m "$1")"; results="$(realpath -m "$2")"; shift 2
    [ -s "$plan" ] || die "no plan at $given: make one with nqueens plan N --pieces K > $given"
    [ -x "$nqueens" ] || die "no nqueens binary at $nqueens: build it with cargo build --release, or set NQUEENS"
    nqueens="$(realpath "$nqueens")"
    throttle=""
    extra=()
    while [ $# -gt 0 ]; do
      case "$1" in
        --throttle) [ $# -ge 2 ] || die "--throttle needs a number"; throttle="%$2"; shift 2 ;;
        *) extra+=("$1"); shift ;;
      esac
    done
    mkdir -p "$results/logs"
    todo="$(comm -23 <(plan_ids "$plan" | sort -u) <(done_ids "$results" | sort -u) | sort -n | array_spec)"
    script="$here/slurm_count.sh"
    common=(--parsable --export="ALL,NQUEENS=$nqueens" "${extra[@]}")
    dependency=()
    if [ -n "$todo" ]; then
      array="$(sbatch "${common[@]}" --job-name=nqueens-pieces --array="$todo$throttle" \
        --cpus-per-task=1 --output="$results/logs/piece-%a.out" "$script" piece "$plan" "$results")"
      array="${array%%;*}"
      echo "pieces: job $array (array $todo)"
      dependency=(--dependency="afterok:$array")
    else
      echo "pieces: every piece is counted already"
    fi
    join="$(sbatch "${common[@]}" --job-name=nqueens-join "${dependency[@]}" \
      --output="$results/logs/join.out" "$script" join "$results")"
    echo "join: job ${join%%;*} (writes $results/joined.txt)"
    ;;
  piece)
    [ $# -eq 2 ] || die "usage: slurm_count.sh piece PLAN RESULTS (inside a Slurm array job)"
    id="${SLURM_ARRAY_TASK_ID:?slurm_count.sh piece runs inside a Slurm job array}"
    out="$2/piece-$id.jsonl"
    # Written aside and renamed, so a piece's file is whole or absent.
    "$nqueens" piece "$1" "$id" > "$out.tmp.$$"
    mv "$out.tmp.$$" "$out"
    ;;
  join)
    [ $# -eq 1 ] || die "usage: slurm_count.sh join RESULTS"
    shopt -s nullglob
    files=("$1"/piece-*.jsonl)
    [ ${#files[@]} -gt 0 ] || die "no results in $1"
    status=0
    "$nqueens" join "${files[@]}" > "$1/joined.txt" 2>&1 || status=$?
    cat "$1/joined.txt"
    exit "$status"
    ;;
  *)
    die "usage: slurm_count.sh submit PLAN RESULTS [sbatch options...] (see the head of this file)"
    ;;
esac
