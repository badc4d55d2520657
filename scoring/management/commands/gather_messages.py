"""``manage.py gather_messages``: the strings marked for translation in the code, the templates
and the scripts, gathered into each language's catalogues (``locale/<language>/LC_MESSAGES/``
``django.po`` and ``djangojs.po``) by Django's makemessages, with what it reads and what it
leaves out written once here. ``make messages-update`` runs it; ``--check`` gathers into a
scratch folder instead and fails when a catalogue lacks a marked string or keeps one no longer
marked (tests/i18n runs it)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings
from django.utils.translation import to_locale

#: Not read for messages: what people never read (tests, benchmarks, the API docs' pages, a
#: third-party script), and what is made or installed. (makemessages also skips dot-folders,
#: where a check gathers.)
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


def catalogue_keys(path: Path) -> set[tuple[str | None, str, str]]:
    po = polib.pofile(str(path)) if path.exists() else []
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in po if not e.obsolete}


class Command(BaseCommand):
    help = "Gather the marked strings into locale/<language>/LC_MESSAGES/*.po (gettext needed)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing: fail when the catalogues and the marked strings differ.",
        )

    def handle(self, *args, **options) -> None:
        base = Path(settings.BASE_DIR)
        if not options["check"]:
            self.gather(base / "locale")
            return
        # makemessages writes a source file's strings to the first locale folder whose parent
        # holds that file: a scratch folder directly in the project comes first for every file.
        scratch = Path(tempfile.mkdtemp(prefix=".gathered-", dir=base))
        try:
            self.gather(scratch)
            differences = self.compare(scratch, base / "locale")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if differences:
            raise CommandError("Run make messages-update, then translate:\n" + differences)

    def gather(self, into: Path) -> None:
        here = os.getcwd()
        os.chdir(settings.BASE_DIR)  # makemessages reads the tree below the working folder
        try:
            with override_settings(LOCALE_PATHS=[into]):
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

    def compare(self, gathered: Path, kept: Path) -> str:
        lines = []
        for locale in translated_locales():
            for domain in DOMAINS:
                name = Path(locale, "LC_MESSAGES", f"{domain}.po")
                fresh, old = catalogue_keys(gathered / name), catalogue_keys(kept / name)
                lines += [
                    f"{name}: not in the catalogue: {k[1]!r}" for k in sorted(fresh - old, key=str)
                ]
                lines += [
                    f"{name}: no longer marked: {k[1]!r}" for k in sorted(old - fresh, key=str)
                ]
        return "\n".join(lines)
