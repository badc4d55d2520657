"""Where a gunicorn worker's time goes under load: a text summary of a py-spy recording.

    .venv/bin/py-spy record -p WORKER_PID -r 500 -d 12 -f raw -o /tmp/worker.raw
    .venv/bin/python bench/spy_summary.py /tmp/worker.raw [--self 25] [--inclusive 80]

py-spy's ``raw`` format is one collapsed stack a line with its sample count. This prints the
functions that hold the most samples themselves (self) and those with the most samples in
their call trees (inclusive), as shares of all samples. A worker seen under wrk shows what
bench/profile_requests.py, in-process, leaves out: gunicorn's socket work, a writer waiting on
SQLite's lock, a round trip to PostgreSQL. bench/README.md says how to find the worker's pid.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path


def frame_name(frame: str) -> str:
    """``func (path/file.py:123)`` → ``func (path/file.py)``: one name for all of its lines."""
    name, _, where = frame.partition(" (")
    return f"{name} ({where.rsplit(':', 1)[0]})" if where else name


def summarise(lines: list[str]) -> tuple[int, Counter[str], Counter[str]]:
    """Total samples, samples by leaf frame, and samples by any frame on the stack (counted
    once per stack, however deep the recursion)."""
    total, own, within = 0, Counter(), Counter()
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        frames = stack.split(";")
        total += samples
        own[frames[-1]] += samples
        for name in {frame_name(frame) for frame in frames}:
            within[name] += samples
    return total, own, within


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recording", type=Path, help="py-spy record -f raw output")
    parser.add_argument("--self", dest="own", type=int, default=25, help="rows of self time")
    parser.add_argument("--inclusive", type=int, default=80, help="rows of inclusive time")
    args = parser.parse_args()
    total, own, within = summarise(args.recording.read_text().splitlines())
    if not total:
        raise SystemExit(f"{args.recording}: no samples")
    print(f"{total:,} samples")
    print("\nself")
    for frame, samples in own.most_common(args.own):
        print(f"{100 * samples / total:6.1f}%  {frame}")
    print("\ninclusive")
    for name, samples in within.most_common(args.inclusive):
        print(f"{100 * samples / total:6.1f}%  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
