"""Fixtures of the standings tests; the leagues themselves are built in support.py."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from .support import build_qq_league


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("stan_owner", password="a long test password")


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def qq_league(owner):
    return build_qq_league(owner, "qq-club")
