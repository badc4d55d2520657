"""What every benchmark in bench/ reports the same way: the machine, the commit, the command,
its section of bench/RESULTS.md, nearest-rank percentiles and a time limit.

Not a benchmark itself. The scripts are run as ``.venv/bin/python bench/<name>.py``, so bench/
is first on the path and they import it as ``from report import ...``.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The line in the results file above which today's sections stand, the earlier rounds below it.
EARLIER = "<!-- earlier -->"
# A results file the run creates says what writes it.
NEW_RESULTS = "# Benchmark results\n\nWritten by `make bench`; see bench/README.md.\n"


def machine_facts(
    commit: str, *, cpu_note: str = "", extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Python, platform, CPU, ``extra`` (wrk's version, the load average…), date and commit,
    in that order: a figure means little without the machine and the code that produced it.
    Each report prints them as ``- Key: value`` lines in this order."""
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs{cpu_note})",
        **(extra or {}),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
    }


def load_average(note: str = "") -> str:
    """The load average now (at the end of a run): the machine's other work moves every figure."""
    return "load average {:.2f} {:.2f} {:.2f} at the end{}".format(*os.getloadavg(), note)


def git_commit(
    paths: Sequence[str] = (),
    *,
    note: str = "with uncommitted changes",
    untracked: bool = False,
) -> str:
    """The short commit of HEAD, with ``(note)`` when ``paths`` (default: the whole tree) have
    uncommitted changes, so that figures from a dirty tree are not taken for the commit's.
    Untracked files count only with ``untracked``."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout.strip()

    status = ["status", "--porcelain"] + ([] if untracked else ["--untracked-files=no"])
    # The results file is what the benchmarks write: its changes are not the code measured.
    results = ":(exclude)bench/RESULTS.md"
    try:
        commit = git("rev-parse", "--short", "HEAD")
        dirty = git(*status, "--", *(paths or ["."]), results)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return commit + (f" ({note})" if dirty else "")


def command_line() -> str:
    """The command that ran, the interpreter relative to the working directory when it can be,
    so that the report says how to run it again."""
    python = Path(sys.executable)
    try:
        shown = str(python.relative_to(Path.cwd()))
    except ValueError:
        shown = str(python)
    return shlex.join([shown, *sys.argv])


def markers(name: str) -> tuple[str, str]:
    """``<!-- NAME:start -->`` and ``<!-- NAME:end -->``: each benchmark owns the text between
    its two markers in the results file, and leaves the rest alone."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def read_section(path: Path, name: str) -> str:
    """The text between the markers of ``name`` in ``path`` ("" if the file or either marker is
    missing): for a script that keeps parts of an earlier run (bench/standings.py)."""
    start_marker, end_marker = markers(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
    start = text.find(start_marker)
    end = text.find(end_marker, start) if start >= 0 else -1
    return text[start + len(start_marker) : end] if end >= 0 else ""


def write_section(path: Path, name: str, body: str) -> None:
    """Replace the text between the markers of ``name`` in ``path`` with ``body``, leaving the
    rest of the file as it was. A new section, or one that stood below the ``EARLIER`` line
    (the rounds before), is written just above that line (at the end of a file without one,
    created if need be): today's figures come first. The
    file is replaced at once (written beside it, then renamed): an aborted run leaves the old
    results whole."""
    start_marker, end_marker = markers(name)
    section = f"{start_marker}\n{body}{end_marker}\n"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = NEW_RESULTS
    start = text.find(start_marker)
    end = text.find(end_marker, start) if start >= 0 else -1
    earlier = text.find(f"\n{EARLIER}\n") + 1 or -1  # the line itself, not a mention of it
    if end >= 0 and not 0 <= earlier < start:
        text = text[:start] + section + text[end + len(end_marker) :].removeprefix("\n")
    else:
        if end >= 0:  # a section of an earlier round, run again: it moves up with today's
            text = text[:start] + text[end + len(end_marker) :].removeprefix("\n")
        if earlier >= 0:
            text = text[:earlier] + section + "\n" + text[earlier:]
        else:
            text = text.rstrip("\n") + "\n\n" + section
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def percentile(samples: Sequence[float], p: float) -> float:
    """Nearest-rank percentile: with 100 samples p99 is the second slowest, p50 the 50th. A
    sample that was measured, never one interpolated between two."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@contextmanager
def deadline(seconds: int, script: str) -> Iterator[None]:
    """Abort with ``SystemExit`` after ``seconds``, or on SIGTERM, so that a benchmark is
    bounded in time and the caller's ``finally`` blocks still run (servers stopped, scratch
    databases dropped). ``script`` names the benchmark in the message."""

    def stop(signum: int, _frame: object) -> None:
        why = f"over --max-seconds {seconds}" if signum == signal.SIGALRM else "terminated"
        raise SystemExit(f"{script}: {why}, aborted")

    previous_term = signal.signal(signal.SIGTERM, stop)
    previous_alarm = None
    if hasattr(signal, "SIGALRM"):
        previous_alarm = signal.signal(signal.SIGALRM, stop)
        signal.alarm(seconds)
    try:
        yield
    finally:
        if hasattr(signal, "SIGALRM"):
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous_alarm)
        signal.signal(signal.SIGTERM, previous_term)


class ScratchPostgres:
    """A PostgreSQL database a benchmark creates and drops, by name from its URL, through the
    server's ``postgres`` database. Only what this object created is ever dropped."""

    def __init__(self, url: str):
        from urllib.parse import urlsplit, urlunsplit

        parts = urlsplit(url)
        self.name = parts.path.lstrip("/")
        self.admin_url = urlunsplit(parts._replace(path="/postgres"))
        self.created = False

    def query(self, sql: str, *params: object) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            cursor = conn.execute(sql, params or None)
            return cursor.fetchall() if cursor.description else []

    def exists(self) -> bool:
        return bool(self.query("SELECT 1 FROM pg_database WHERE datname = %s", self.name))

    def create(self) -> None:
        from psycopg import sql

        self.query(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.name)).as_string())
        self.created = True

    def drop(self) -> None:
        if not self.created:
            return
        from psycopg import sql

        statement = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        self.query(statement.format(sql.Identifier(self.name)).as_string())
        self.created = False

    def version(self) -> str:
        (version,) = self.query("SHOW server_version")[0]
        return version.split()[0]


def bounded(kind: Callable[[str], float], low: float, high: float) -> Callable[[str], float]:
    """An argparse type: ``kind`` of the text, refused outside ``low`` to ``high``."""

    def parse(text: str) -> float:
        value = kind(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value

    return parse
