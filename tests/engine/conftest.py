"""Engine tests are pure Python: no Django settings, no database.

``tests/conftest.py`` has a session-wide autouse fixture that overrides Django settings; under
``-p no:django`` there are no settings to override, so the engine tests replace it with a no-op
fixture of the same name (the closest definition wins).
"""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _static_files_without_manifest():
    """The engine needs no static files or settings."""
    yield
