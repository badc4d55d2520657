"""Which hot loops the engine runs: ``replay.py`` and ``claim_search.py`` as written, or the same
modules compiled by mypyc.

The install compiles each into ``_<name>_native`` when it can (setup.py: mypy in the build
requirements and a C compiler); the pure modules stay the reference. A compiled one is used
only when it imports and was built from this very source (its ``SOURCE_SHA256``), so an edited
module is never shadowed by an older build; ``HEARTS_ENGINE=python`` chooses the pure ones.
``IMPLEMENTATION`` names the replay in use and ``REASON`` says why (``CLAIM_SEARCH_...`` the
same for the claim search; the benches print them).
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType

from . import claim_search as pure_claim_search
from . import replay as pure

PURE = {"replay": pure, "claim_search": pure_claim_search}


def source_digest(name: str = "replay") -> str:
    """The SHA-256 of ``<name>.py``, as setup.py writes it into the compiled copy."""
    return hashlib.sha256(Path(PURE[name].__file__ or "").read_bytes()).hexdigest()


def compiled_module(name: str) -> tuple[ModuleType | None, str]:
    """The compiled copy of ``<name>.py``, or None and why it cannot be used."""
    try:
        compiled = importlib.import_module(f"{__package__}._{name}_native")
    except ImportError as exc:
        return None, f"no compiled {name} ({exc}): `make install` builds it"
    try:
        current = source_digest(name)
    except OSError as exc:
        return None, f"{name}.py cannot be read to check the compiled copy ({exc})"
    if getattr(compiled, "SOURCE_SHA256", None) != current:
        return None, f"the compiled {name} was built from another {name}.py: `make install`"
    return compiled, f"{Path(compiled.__file__ or '').name}, built from this {name}.py"


def compiled_replay() -> tuple[ModuleType | None, str]:
    """The compiled replay, or None and why it cannot be used."""
    return compiled_module("replay")


def _choose(name: str = "replay") -> tuple[ModuleType, str, str]:
    if os.environ.get("HEARTS_ENGINE") == "python":
        return PURE[name], "python", "HEARTS_ENGINE=python"
    compiled, reason = compiled_module(name)
    if compiled is None:
        return PURE[name], "python", reason
    return compiled, "mypyc", reason


#: The replay module in use: ``replay`` itself or its compiled copy.
replay, IMPLEMENTATION, REASON = _choose()
#: The claim search in use: ``claim_search`` itself or its compiled copy.
claim_search, CLAIM_SEARCH_IMPLEMENTATION, CLAIM_SEARCH_REASON = _choose("claim_search")
