"""The contract tests' generated client: built once per session, by the README's own command."""

from __future__ import annotations

import importlib
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "hearts_api_client"  # the generated package's name: its directory under the tmp dir


def readme_command() -> list[str]:
    """The README's ``openapi-python-client generate …`` line, split as a shell would."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"^openapi-python-client generate .*$", readme, re.MULTILINE)
    assert line, "the README no longer says how to generate the client"
    return shlex.split(line[0])


@pytest.fixture(scope="session")
def generated_client(django_db_setup, django_db_blocker, live_server, tmp_path_factory):
    """The generated package (a module), made by the README's command, word for word but the
    server's address and the output directory, from the live server's ``/api/schema/``; with
    no ``ruff`` on PATH, where ``--fail-on-warning`` would fail without the documented config."""
    work = tmp_path_factory.mktemp("generated-client")
    words = readme_command()
    assert "--fail-on-warning" in words and "--config" in words
    words[words.index("--url") + 1] = f"{live_server.url}/api/schema/"
    words[words.index("--output-path") + 1] = str(work / PACKAGE)
    command = [sys.executable, "-m", "openapi_python_client", *words[1:]]
    without_ruff = {**os.environ, "PATH": "/usr/bin:/bin"}
    with django_db_blocker.unblock():
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=180, cwd=ROOT, env=without_ruff
        )
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(work))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(work))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
