"""The lock files (requirements/, written by `make lock`) install exactly what pyproject.toml
asks for, each file checked by its hash, and every dependency has an upper bound."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(text) for text in PROJECT["dependencies"]]
DEV = [Requirement(text) for text in PROJECT["optional-dependencies"]["dev"]]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==(\S+)")


def pins(name: str) -> dict[str, tuple[str, int]]:
    """{package: (version, number of hashes)} of one lock file."""
    found: dict[str, tuple[str, int]] = {}
    current = None
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        if match := PIN.match(line):
            current = canonicalize_name(match[1])
            found[current] = (match[2], 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[current]
            found[current] = (version, hashes + 1)
        elif line and not line.startswith((" ", "#")):
            raise AssertionError(f"{name}: not a pinned requirement: {line!r}")
    return found


@pytest.mark.parametrize(
    ("lock", "wanted"), [("lock.txt", RUNTIME), ("dev-lock.txt", RUNTIME + DEV)]
)
def test_each_lock_pins_every_dependency_of_pyproject_within_its_range(lock, wanted):
    pinned = pins(lock)
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement} is not in requirements/{lock}: run make lock"
        version = pinned[name][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements/{lock} pins {name}=={version}, outside {requirement}: run make lock"
        )
    for name, (version, hashes) in pinned.items():
        assert hashes >= 1, f"requirements/{lock}: {name}=={version} has no hash"


def test_the_dev_lock_installs_the_runtime_locks_versions():
    runtime, dev = pins("lock.txt"), pins("dev-lock.txt")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_every_dependency_has_an_upper_bound():
    unbounded = [
        str(requirement)
        for requirement in RUNTIME + DEV
        if not any(spec.operator in {"<", "<=", "==", "~="} for spec in requirement.specifier)
    ]
    assert unbounded == []


def test_the_uv_that_installs_the_locks_is_locked_too_at_the_makefiles_version():
    version = re.search(r"^UV_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M)[1]
    pinned = pins("uv-lock.txt")
    assert {name: v for name, (v, _) in pinned.items()} == {"uv": version}, "run make lock"
    assert pinned["uv"][1] >= 1
