"""``manage.py gather_messages``: the strings marked for translation in the code, the templates
and the scripts, gathered into each language's catalogues (``locale/<language>/LC_MESSAGES/``
``django.po`` and ``djangojs.po``) by Django's makemessages, with what it reads and what it
leaves out written once here. ``make messages-update`` runs it; tests/i18n runs it ``--into`` a
scratch folder to hold the committed catalogues to the code."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.test.utils import override_settings
from django.utils.translation import to_locale

#: Not read for messages: what people never read (tests, benchmarks, the API docs' pages, a
#: third-party script), and what is made or installed.
IGNORED = [
    ".venv",
    "build",
    "staticfiles",
    "locale",
    "tests",
    "bench",
    "test-artifacts",
    "templates/drf_spectacular/*",
    "static/js/redoc-init.js",
]
DOMAINS = ("django", "djangojs")


def translated_locales() -> list[str]:
    """The locales of every language but the source's (``zh-hans`` → ``zh_Hans``)."""
    return [to_locale(code) for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


class Command(BaseCommand):
    help = "Gather the marked strings into locale/<language>/LC_MESSAGES/*.po (gettext needed)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--into",
            metavar="FOLDER",
            help="Write the catalogues under FOLDER instead of locale/ (a check's scratch copy).",
        )

    def handle(self, *args, **options) -> None:
        into = options["into"]
        locale_paths = [Path(into)] if into else settings.LOCALE_PATHS
        here = os.getcwd()
        os.chdir(settings.BASE_DIR)  # makemessages reads the tree below the working folder
        try:
            with override_settings(LOCALE_PATHS=locale_paths):
                for domain in DOMAINS:
                    call_command(
                        "makemessages",
                        domain=domain,
                        locale=translated_locales(),
                        ignore_patterns=list(IGNORED),
                        no_obsolete=True,
                        add_location="file",
                        verbosity=0,
                    )
        finally:
            os.chdir(here)
