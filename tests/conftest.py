"""Shared test setup. Engine tests keep their own fixtures in tests/engine/conftest.py."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.signals import request_finished, request_started
from django.test.client import AsyncClientHandler, ClientHandler
from django.test.utils import override_settings
from django.utils import translation


@pytest.fixture(scope="session", autouse=True)
def _static_files_without_manifest():
    """Production hashes static names from collectstatic's manifest; tests run without it."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashes():
    """Every test hashes passwords with MD5: the default hasher costs a quarter of a second a
    password, which was a third of the contract fuzzing's time. Servers started as child
    processes keep the real one."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def _a_redis_database_per_worker(worker_id):
    """Under pytest-xdist (``make test`` runs three workers), each worker's Redis cache is a
    database of its own, counted down from CACHE_URL's (CI's 15, then 14 and 13): a test
    empties its cache after it (``_a_fresh_shared_cache``), and must not empty another
    worker's mid-test. Servers a test starts as child processes read CACHE_URL, so it is
    changed for them too."""
    url = os.environ.get("CACHE_URL", "")
    if worker_id == "master" or not url.startswith("redis"):
        yield
        return
    from django.conf import settings

    parts = urlsplit(url)
    number = (int(parts.path.strip("/") or 0) - int(worker_id.removeprefix("gw"))) % 16
    own = urlunsplit(parts._replace(path=f"/{number}"))
    caches = {name: {**cache, "LOCATION": own} for name, cache in settings.CACHES.items()}
    caches["rendered"] = settings.CACHES["rendered"]
    os.environ["CACHE_URL"] = own
    with override_settings(CACHES=caches):
        yield


@pytest.fixture
def throttle_rates(monkeypatch):
    """``throttle_rates({"computations": "2/min"})``: the throttles' rates for this test (these
    scopes only), the clock held 30 s into a minute and half an hour into an hour. A test's
    requests then never straddle two windows: CI saw a 2/min budget answer [200, 200, 200]
    when a minute ended between the second request and the third."""
    from hearts_site.api.throttling import FixedWindowThrottle

    def set_rates(rates: dict[str, str | None]) -> None:
        monkeypatch.setattr(FixedWindowThrottle, "THROTTLE_RATES", rates)
        monkeypatch.setattr(FixedWindowThrottle, "timer", staticmethod(lambda: 1_800_001_830.0))

    return set_rates


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, the test database is a file, as in production, not pytest-django's shared
    in-memory database: there every connection shares one cache and its lock, and a live
    server's thread fetching rows (holding the GIL, waiting for that lock) deadlocks with
    another's statement that calls one of Django's Python functions (holding the lock, waiting
    for the GIL): seen as a browser test that hung for good."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if "sqlite" in database["ENGINE"]:
        test = database.setdefault("TEST", {})
        test["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


@pytest.fixture(scope="session")
def collected_static():
    """For servers started as in production (a child process, DEBUG off): they hash static
    names from collectstatic's manifest, and /healthz answers 503 without it."""
    root = Path(__file__).resolve().parent.parent
    if not (root / "staticfiles" / "staticfiles.json").exists():
        command = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"]
        subprocess.run(command, cwd=root, check=True, timeout=300)


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory):
    """A database migrated once for this pytest process (tests/migrated.py)."""
    from tests.migrated import Template

    template = Template(tmp_path_factory.mktemp("template"))
    yield template
    template.close()


@pytest.fixture
def migrated_database_url(migrated_template, tmp_path):
    """A migrated database of the test's own, copied from the template: a SQLite file, or a
    PostgreSQL database on DATABASE_URL's server (dropped after the test)."""
    url = migrated_template.copy(tmp_path)
    yield url
    migrated_template.drop(url)


class LiveRequests:
    """The live server's requests between Django's ``request_started`` and
    ``request_finished`` (the test client's are left out: they run in the test's thread)."""

    def __init__(self) -> None:
        self.running = 0
        self.last_change = time.monotonic()
        self.changed = threading.Condition()

    def started(self, sender, **kwargs) -> None:
        self._count(sender, +1)

    def finished(self, sender, **kwargs) -> None:
        self._count(sender, -1)

    def _count(self, sender, step: int) -> None:
        if sender in (ClientHandler, AsyncClientHandler):
            return
        with self.changed:
            self.running += step
            self.last_change = time.monotonic()
            self.changed.notify_all()

    def wait_until_quiet(self, *, quiet: float, timeout: float) -> bool:
        """True once none has run for ``quiet`` seconds: a request a closed page had sent may
        still be on its way to the server's thread when the count first reads zero."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                now = time.monotonic()
                if self.running <= 0 and now - self.last_change >= quiet:
                    return True
                if now >= deadline:
                    return False
                self.changed.wait(min(quiet, deadline - now))


@pytest.fixture(autouse=True)
def _the_live_server_quiet_before_the_database_is_emptied(request):
    """A test with a live server ends once its requests have: its pages are closed by then
    (Playwright's fixtures are torn down first), but a request one of them had in flight can
    still be running. PostgreSQL's flush (a TRUNCATE of every table) then deadlocked with it
    in CI, and the next test found this one's rows."""
    if "live_server" not in request.fixturenames:
        yield
        return
    requests = LiveRequests()
    request_started.connect(requests.started, weak=False)
    request_finished.connect(requests.finished, weak=False)
    try:
        yield
        if not requests.wait_until_quiet(quiet=0.25, timeout=30):
            pytest.fail(
                f"the live server still ran {requests.running} request(s) 30 s after "
                "the test ended",
                pytrace=False,
            )
    finally:
        request_started.disconnect(requests.started)
        request_finished.disconnect(requests.finished)


@pytest.fixture(autouse=True)
def _the_source_language_after_each_test():
    """A request the test client made leaves its language active in this thread (Django's
    LocaleMiddleware sets it for each request, a server thread's next request sets it again):
    the next test starts in English."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _a_fresh_shared_cache():
    """A Redis cache outlives each test's transaction: empty it, so no lockout count or kept
    body leaks from one test into the next (the database cache rolls back by itself). So does
    each worker's memory of rendered bodies, and a rolled-back test gives its ids again; and
    so does the worker's count of adjudications, which no transaction holds."""
    yield
    from django.conf import settings
    from django.core.cache import caches

    from hearts_site.api.throttling import LOCAL_COUNTS

    caches["rendered"].clear()
    LOCAL_COUNTS.counts.clear()

    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        caches["default"].clear()
        caches["kept"].clear()


def pytest_collection_modifyitems(config, items):
    """Marks for ``make test-fast``, which leaves them out: ``browser`` (a test that drives
    Chromium: it asks for Playwright's ``page``) and ``multiprocess`` (tests/multiprocess:
    servers and workers in child processes)."""
    for item in items:
        if "page" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if "multiprocess" in item.path.parts:
            item.add_marker(pytest.mark.multiprocess)
