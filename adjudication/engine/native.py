"""Which replay the engine runs: ``replay.py`` as written, or the same module compiled by mypyc.

The install compiles ``replay.py`` into ``_replay_native`` when it can (setup.py: mypy in the
build requirements and a C compiler); the pure module stays the reference. The compiled one is
used only when it imports and was built from this very ``replay.py`` (its ``SOURCE_SHA256``),
so an edited replay is never shadowed by an older build; ``HEARTS_ENGINE=python`` chooses the
pure one. ``IMPLEMENTATION`` names the one in use and ``REASON`` says why (the bench prints
both).
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType

from . import replay as pure


def source_digest() -> str:
    """The SHA-256 of ``replay.py``, as setup.py writes it into the compiled copy."""
    return hashlib.sha256(Path(pure.__file__).read_bytes()).hexdigest()


def compiled_replay() -> tuple[ModuleType | None, str]:
    """The compiled replay, or None and why it cannot be used."""
    try:
        compiled = importlib.import_module(f"{__package__}._replay_native")
    except ImportError as exc:
        return None, f"no compiled replay ({exc}): `make install` builds it"
    try:
        current = source_digest()
    except OSError as exc:
        return None, f"replay.py cannot be read to check the compiled copy ({exc})"
    if getattr(compiled, "SOURCE_SHA256", None) != current:
        return None, "the compiled replay was built from another replay.py: `make install`"
    return compiled, f"{Path(compiled.__file__ or '').name}, built from this replay.py"


def _choose() -> tuple[ModuleType, str, str]:
    if os.environ.get("HEARTS_ENGINE") == "python":
        return pure, "python", "HEARTS_ENGINE=python"
    compiled, reason = compiled_replay()
    if compiled is None:
        return pure, "python", reason
    return compiled, "mypyc", reason


#: The replay module in use: ``replay`` itself or its compiled copy.
replay, IMPLEMENTATION, REASON = _choose()
