"""A scenario run in a child process on a database of its own (``migrated_database_url``), as
the tests whose workers are real ``manage.py tasks_worker`` processes run them: the module is
run as ``python -m <module> <out.json>`` and what it wrote there is returned."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_scenario(module: str, database_url: str, out: Path, timeout: float = 240) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update(DATABASE_URL=database_url, PYTHONPATH=str(ROOT))
    env["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    done = subprocess.run(
        [sys.executable, "-m", module, str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(out.read_text())
