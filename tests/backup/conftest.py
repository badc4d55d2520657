"""Fixtures of the backup tests: three users and a club with every kind of record."""

from __future__ import annotations

import pytest

from .support import Cast, build_club, make_user


@pytest.fixture
def cast(db) -> Cast:
    return Cast(make_user("olive_owner"), make_user("dora_director"), make_user("sam_scorer"))


@pytest.fixture
def club(cast):
    return build_club(cast)
