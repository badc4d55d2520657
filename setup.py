"""The build beyond pyproject.toml: the engine's replay compiled by mypyc, where it can be.

``adjudication/engine/replay.py`` is copied under build/native as
``adjudication/engine/_replay_native.py`` (with the engine modules it imports, so that mypy
finds them, and the SHA-256 of its source at the end) and compiled from there: the install
then holds both the pure module and the compiled one, and ``adjudication/engine/native.py``
picks. The compiled copy is optional: without mypyc (``HEARTS_PURE_BUILD=1``, or mypy not
installed), when mypy refuses the module, or when the C build fails, the install goes on with
pure Python alone, and the engine runs ``replay.py``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
ENGINE = Path("adjudication", "engine")
#: The engine modules replay.py imports, directly or not: mypy reads them, nothing compiles them.
IMPORTED = ("cards.py", "errors.py", "words.py")
STAGE = ROOT / "build" / "native"


def stage() -> Path:
    """The copy of replay.py to compile, in a package tree of its own under build/native."""
    shutil.rmtree(STAGE, ignore_errors=True)
    package = STAGE / ENGINE
    package.mkdir(parents=True)
    for init in (STAGE / ENGINE.parent / "__init__.py", package / "__init__.py"):
        init.write_text("")
    for name in IMPORTED:
        shutil.copyfile(ROOT / ENGINE / name, package / name)
    source = (ROOT / ENGINE / "replay.py").read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    target = package / "_replay_native.py"
    target.write_bytes(source + f'\nSOURCE_SHA256 = "{digest}"\n'.encode())
    return target


def native_extensions() -> list[Extension]:
    """The compiled replay, or nothing (with a warning) where it cannot be built."""
    if os.environ.get("HEARTS_PURE_BUILD"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        print(f"warning: no mypyc ({exc}): the engine stays pure Python", file=sys.stderr)
        return []
    try:
        extensions = mypycify(
            [f"--cache-dir={ROOT / 'build' / 'mypy_cache'}", str(stage())],
            opt_level="3",
            target_dir=str(ROOT / "build" / "mypyc"),
        )
    except (Exception, SystemExit) as exc:  # mypy exits on a type error
        print(f"warning: mypyc failed ({exc!r}): the engine stays pure Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # a failed C build leaves the pure module in use
    return extensions


setup(ext_modules=native_extensions())
