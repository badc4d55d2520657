"""A slow or killed draw never holds the night (issue 51): the scenario in
tests/multiprocess/slow_draw.py, run in a child process with a drawing process of its own, on a
database of its own (``migrated_database_url``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_slow_or_killed_draw_never_leaves_the_night_locked(migrated_database_url, tmp_path):
    out = tmp_path / "slow.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DJANGO_"))}
    env.update(DATABASE_URL=migrated_database_url, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "tests.multiprocess.slow_draw", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    seen = json.loads(out.read_text())
    killed = seen["killed"]
    # Checked in while the draw was drawing, at once: the draw held no lock.
    assert killed["within_wait"] and killed["outcome"] == "checked in", killed
    assert "failed" not in seen, seen
    # The killed draw left nothing behind, and the night is drawn at once after it.
    assert killed["rounds_left"] == 0
    assert killed["drawn_after"] == 12
    # A slow draw that finds players checked in meanwhile draws again, with them.
    assert seen["slow"] == {"seated": 16, "calls": 2, "present": 16, "proposed": 1}
