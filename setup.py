"""The build beyond pyproject.toml: the engine's hot loops compiled by mypyc, where they can be.

Each of ``COMPILED`` (``adjudication/engine/replay.py``, the replay of a record, and
``claim_search.py``, the claim check's search) is copied under build/native as
``adjudication/engine/_<name>_native.py`` (with the engine modules they import, so that mypy
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
#: The modules compiled, each beside its pure source.
COMPILED = ("replay", "claim_search")
#: The engine modules they import, directly or not: mypy reads them, nothing compiles them.
IMPORTED = ("cards.py", "errors.py", "words.py")
STAGE = ROOT / "build" / "native"


def stage() -> list[str]:
    """The copies of the modules to compile, in a package tree of their own under build/native."""
    shutil.rmtree(STAGE, ignore_errors=True)
    package = STAGE / ENGINE
    package.mkdir(parents=True)
    for init in (STAGE / ENGINE.parent / "__init__.py", package / "__init__.py"):
        init.write_text("")
    for name in IMPORTED:
        shutil.copyfile(ROOT / ENGINE / name, package / name)
    targets = []
    for name in COMPILED:
        source = (ROOT / ENGINE / f"{name}.py").read_bytes()
        digest = hashlib.sha256(source).hexdigest()
        target = package / f"_{name}_native.py"
        target.write_bytes(source + f'\nSOURCE_SHA256 = "{digest}"\n'.encode())
        targets.append(str(target))
    return targets


def native_extensions() -> list[Extension]:
    """The compiled modules, or nothing (with a warning) where they cannot be built."""
    if os.environ.get("HEARTS_PURE_BUILD"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        print(f"warning: no mypyc ({exc}): the engine stays pure Python", file=sys.stderr)
        return []
    try:
        extensions = mypycify(
            [f"--cache-dir={ROOT / 'build' / 'mypy_cache'}", *stage()],
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
