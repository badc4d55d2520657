"""Reading the settings' environment: yes/no words, comma-separated lists, and the local secret
key kept in a git-ignored file when no key is given."""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"", "0", "false", "no", "off"})


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use one of 1/true/yes/on or 0/false/no/off.")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key(path: Path) -> str:
    """Read the key kept in ``path``, creating it (mode 0600) on first use.

    Written to a temporary file and hard-linked into place, so that processes starting
    together (gunicorn workers, test subprocesses) all end up with the same key.
    """
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(get_random_secret_key() + "\n")
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass
    finally:
        tmp.unlink(missing_ok=True)
    return path.read_text().strip()
