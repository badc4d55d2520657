"""Shared test setup. Engine tests keep their own fixtures in tests/engine/conftest.py."""

import pytest
from django.test.utils import override_settings


@pytest.fixture(scope="session", autouse=True)
def _static_files_without_manifest():
    """Production hashes static names from collectstatic's manifest; tests run without it."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        yield
