"""Files too large to hold whole (a league's every hand as CSV), built once per version of what
they hold and sent from a kept copy: one build at a time, whoever asks.

A file's key names a version of what it holds, so a kept copy is never stale. The copy
(compressed, with when it was built) lives in the shared "kept" cache. Before building, a
builder claims the key there (``add``: atomic on Redis and in the database cache) and renews
the claim while it builds; a caller who finds neither a copy nor a claim builds the file while
sending it; one who finds a claim hears 503 with ``Retry-After`` (``Busy``), so a burst of
callers after a change costs one build, not one each. The task queue builds a file ahead
(``build_ahead``) when what it holds changed, so callers usually find the copy. A claim lapses
``CLAIM_SECONDS`` after its last renewal: a builder killed midway blocks the file that long.
A shared cache that fails is passed over: the file is built, unclaimed and unkept.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
import uuid
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches

logger = logging.getLogger(__name__)
KEEP_SECONDS = 7 * 24 * 3600  # a new version makes a new key: this only frees the room
CLAIM_SECONDS = 30
RENEW_SECONDS = 5
# Retry-After while a build runs, when no build of the file was timed before.
FIRST_BUILD_SECONDS = 5
# A kept copy is sent in pieces of about this many compressed bytes.
PIECE = 64 * 1024
FORMAT_REVISION = 1  # raise it when what a key holds changes shape


@dataclass(frozen=True)
class KeptFile:
    """A whole file as kept: its compressed bytes, when it was built (seconds since the epoch)
    and how long the build took."""

    packed: bytes
    built_at: float
    seconds: float

    def __iter__(self) -> Iterator[bytes]:
        inflater = zlib.decompressobj()
        for start in range(0, len(self.packed), PIECE):
            if piece := inflater.decompress(self.packed[start : start + PIECE]):
                yield piece
        if tail := inflater.flush():
            yield tail


@dataclass(frozen=True)
class Busy:
    """Another caller is building the file: ask again after ``retry_after`` seconds."""

    retry_after: int


class Building:
    """The file as its build makes it, piece by piece, holding the key's claim: kept once
    whole (a caller who leaves midway keeps nothing), the claim let go when it ends or is
    closed (a response closes its body even when it was never read)."""

    def __init__(self, key: str, family: str, build: Callable[[], Iterable[bytes]]) -> None:
        self.key, self.family, self.build = key, family, build
        self.built_at = time.time()
        self._claim: tuple[str, float] | None = None
        self._pieces = self._made()

    def __iter__(self) -> Iterator[bytes]:
        return self._pieces

    def close(self) -> None:
        self._pieces.close()
        self._release()

    def _made(self) -> Iterator[bytes]:
        started = time.monotonic()
        renewed = started
        deflater = zlib.compressobj()
        packed = []
        try:
            for piece in self.build():
                packed.append(deflater.compress(piece))
                yield piece
                if time.monotonic() - renewed > RENEW_SECONDS:
                    renewed = time.monotonic()
                    shared("touch", _claim_key(self.key), CLAIM_SECONDS)
            packed.append(deflater.flush())
            seconds = time.monotonic() - started
            kept = KeptFile(b"".join(packed), self.built_at, seconds)
            shared("set", _copy_key(self.key), kept, KEEP_SECONDS)
            shared("set", _timing_key(self.family), seconds, KEEP_SECONDS)
            logger.info("built %s in %.2f s (%d bytes)", self.family, seconds, len(kept.packed))
        finally:
            self._release()

    def _release(self) -> None:
        if self._claim is not None and shared("get", _claim_key(self.key)) == self._claim:
            shared("delete", _claim_key(self.key))
        self._claim = None


def kept_file(key: str) -> KeptFile | None:
    """The kept copy of the file ``key`` names, if it is built."""
    found = shared("get", _copy_key(key))
    return found if isinstance(found, KeptFile) else None


def open_file(
    key: str, build: Callable[[], Iterable[bytes]], family: str = ""
) -> KeptFile | Building | Busy:
    """The file ``key`` names: its kept copy; else its build, for this caller to send, if no
    one else is building it; else ``Busy``. ``family``: what the file is, whatever its
    version (a league's hands): its last build's time is the next's Retry-After."""
    found = kept_file(key)
    if found is not None:
        return found
    building = Building(key, family or key, build)
    claim = (uuid.uuid4().hex, building.built_at)
    claimed = shared("add", _claim_key(key), claim, CLAIM_SECONDS)
    if claimed is False:
        return Busy(_retry_after(key, family or key))
    if claimed:
        building._claim = claim
        found = kept_file(key)  # built and let go between the look and the claim
        if found is not None:
            building.close()
            return found
    return building


def build_ahead(key: str, build: Callable[[], Iterable[bytes]], family: str = "") -> bool:
    """Build and keep the file ``key`` names unless it is kept or being built; whether this
    call built it."""
    opened = open_file(key, build, family)
    if not isinstance(opened, Building):
        return False
    try:
        for _ in opened:
            pass
    finally:
        opened.close()
    return True


def _retry_after(key: str, family: str) -> int:
    """Seconds until the running build should end: the last build's time less what this one
    has run, at least 1."""
    claim = shared("get", _claim_key(key))
    started = claim[1] if isinstance(claim, tuple) else time.time()
    last = shared("get", _timing_key(family))
    expected = last if isinstance(last, float) else FIRST_BUILD_SECONDS
    return max(1, min(CLAIM_SECONDS, math.ceil(expected - (time.time() - started))))


def _hashed(kind: str, key: str) -> str:
    return f"{kind}:{hashlib.sha256(f'{FORMAT_REVISION}:{key}'.encode()).hexdigest()}"


def _copy_key(key: str) -> str:
    return _hashed("file", key)


def _claim_key(key: str) -> str:
    return _hashed("building", key)


def _timing_key(family: str) -> str:
    return _hashed("build-seconds", family)


def shared(operation: str, *args: Any) -> Any:
    """``operation`` (a method's name) on the shared "kept" cache; None when the cache failed."""
    try:
        return getattr(caches["kept"], operation)(*args)
    except Exception:  # Redis away, say: build the file instead of failing the request
        logger.warning("the kept-files cache failed; building instead", exc_info=True)
        return None
