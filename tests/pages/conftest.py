"""The phone pages' fixtures: a club built through the services, and Debian's Chromium.

Browser tests drive Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, the
package chromium-headless-shell: the same Chromium, without the windowed browser's interface,
as Playwright runs by default; never a downloaded browser) through pytest-playwright. Against
the whole browser (/usr/bin/chromium) the browser tests took a quarter longer for the same
pages. ``make test`` installs it where it is missing (bin/ensure-chromium). Run
straight through pytest without it, they skip with a loud message in the terminal summary,
except in CI (``CI=true``), where a missing browser fails the run.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from playwright.sync_api import expect

from scoring import services
from scoring.models import Role

PASSWORD = "a long page-test password"
NAMES = ["Ada", "Ben", "Cleo", "Dev", "Edie"]
CHROMIUM = Path(os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium-headless-shell"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Only this machine is reachable (the live server, and a second site on 127.0.0.1): every
    # other name fails at once. Chromium still asks Google's autofill servers about each form
    # (400 requests a worker over the suite, each waiting seconds on a network this machine
    # does not have).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 360, "height": 800}
# Playwright's 30 s for a click or a navigation, doubled: at the end of ``make test`` both
# workers drive a Chromium with its live server on two cores, and CI saw a page take longer.
# A page that hangs for good still fails, and the report then shows every thread's stack.
BROWSER_WAIT_MS = 60_000

# Four hands that end a standard game: Ada 25, then three moons added to the others.
# Totals: Ada 103, Ben 53, Cleo 52, Dev 52: Cleo and Dev share the win.
FINISHING_HANDS = [
    {"points": [25, 1, 0, 0]},
    {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"},
    {"points": [0, 0, 26, 0], "moon_choice": "add_to_others"},
    {"points": [0, 0, 0, 26], "moon_choice": "add_to_others"},
]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


_chromium_missing: list[str] = []


# --- Users, a club, a league, games ------------------------------------------------------------


@pytest.fixture(autouse=True)
def _empty_cache():
    """Nothing cached carries over from one test to the next."""
    cache.clear()
    yield
    cache.clear()


def unisolated(page: str) -> str:
    """A page's HTML without the ``<bdi>`` every name is shown in (hearts_site/text/names.py), for
    tests that read names in it as text."""
    return page.replace("<bdi>", "").replace("</bdi>", "")


def make_user(username: str):
    return get_user_model().objects.create_user(username, password=PASSWORD)


@pytest.fixture
def people(db):
    return {
        role: make_user(name)
        for role, name in (
            ("owner", "olive"),
            ("scorer", "sam"),
            ("member", "milo"),
            ("outsider", "otto"),
        )
    }


def build_club(people, *, name: str, slug: str, is_public: bool, ruleset: object = "standard"):
    club = services.create_club(user=people["owner"], name=name, slug=slug, is_public=is_public)
    services.set_membership(club=club, user=people["scorer"], role=Role.SCORER)
    services.set_membership(club=club, user=people["member"], role=Role.MEMBER)
    club.seated = [services.create_player(club=club, name=n) for n in NAMES]
    club.league = services.create_league(club=club, name=f"{name} League", ruleset=ruleset)
    return club


@pytest.fixture
def director(club):
    """Dora, a director of the club (a test module may name its own)."""
    user = make_user("dora")
    services.set_membership(club=club, user=user, role=Role.DIRECTOR)
    return user


@pytest.fixture
def club(people):
    return build_club(people, name="Riverside", slug="riverside", is_public=True)


@pytest.fixture
def ada(club, people):
    """Ada, seated first in the club, linked to the member's account (their phone)."""
    player = club.seated[0]
    player.user = people["member"]
    player.save(update_fields=["user"])
    return player


@pytest.fixture
def private_club(people):
    return build_club(people, name="Back Room", slug="back-room", is_public=False)


@pytest.fixture
def new_game(club, people):
    def make(league=None, players=None, first_dealer: int = 0):
        league = league or club.league
        seated = players or club.seated[:4]
        return services.create_game(
            club=league.club,
            league=league,
            players=seated,
            actor=people["owner"],
            first_dealer=first_dealer,
        )

    return make


@pytest.fixture
def game(new_game):
    return new_game()


def play_hands(game, actor, entries) -> None:
    for number, entry in enumerate(entries, start=1):
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
    game.refresh_from_db()


@pytest.fixture
def finished_game(new_game, people):
    game = new_game()
    play_hands(game, people["owner"], FINISHING_HANDS)
    return game


# --- Debian's Chromium for pytest-playwright ---------------------------------------------------


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    if not CHROMIUM.exists():
        message = (
            f"Chromium is missing at {CHROMIUM}: the browser tests of the phone pages did not "
            "run. make test installs Debian's package (bin/ensure-chromium)"
        )
        if in_ci():
            pytest.fail(f"{message} (CI=true: a missing browser fails the run)", pytrace=False)
        _chromium_missing.append(message)
        pytest.skip(message)
    # Playwright's sync API keeps an event loop in this thread; the test body still calls the
    # ORM synchronously, which is safe here (one thread, no async views).
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_executable):
    return {
        **browser_type_launch_args,
        "executable_path": chromium_executable,
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser(browser):
    """Every context of the session's browser waits ``BROWSER_WAIT_MS``, those a test opens
    itself (a second phone) too: they all come from ``browser.new_context``."""
    opened = browser.new_context

    def new_context(**options):
        context = opened(**options)
        context.set_default_timeout(BROWSER_WAIT_MS)
        return context

    browser.new_context = new_context
    # ``expect`` keeps its own 5 s, whatever the context's: CI saw a clipboard's fallback
    # answer later than that under load, so every assertion waits as long as an action.
    expect.set_options(timeout=BROWSER_WAIT_MS)
    return browser


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails shows where each thread of this process stands: a live
    server's request stuck in the process shows here, not just Playwright's wait."""
    report = yield
    if report.failed and call.when == "call" and "page" in getattr(item, "fixturenames", ()):
        names = {thread.ident: thread.name for thread in threading.enumerate()}
        stacks = [
            f"--- {names.get(ident, ident)}\n" + "".join(traceback.format_stack(frame))
            for ident, frame in sys._current_frames().items()
        ]
        report.sections.append(("threads when it failed", "\n".join(stacks)))
    return report


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, chromium_executable):
    """A phone: 360 px wide, touch, honouring the page's viewport meta."""
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-GB",
    }


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    """Browser tests run last: Playwright's session-wide event loop (and the async-unsafe
    allowance it needs) then never overlaps the rest of the suite."""
    browser = [item for item in items if "page" in getattr(item, "fixturenames", ())]
    if browser:
        others = [item for item in items if "page" not in getattr(item, "fixturenames", ())]
        items[:] = others + browser


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _chromium_missing:
        terminalreporter.write_sep("!", "BROWSER TESTS SKIPPED: CHROMIUM IS MISSING", red=True)
        terminalreporter.write_line(_chromium_missing[0], red=True, bold=True)
        terminalreporter.write_line(
            "The phone pages were checked with Django's test client only. In CI (CI=true) "
            "this is a failure, not a skip.",
            red=True,
        )
