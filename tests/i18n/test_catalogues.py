"""Every language complete: each catalogue holds every string the code, templates and scripts
mark (gathered afresh by ``manage.py gather_messages``), each one translated, none fuzzy, every
plural form filled, and every placeholder of the English kept in the translation."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

from scoring.management.commands.gather_messages import DOMAINS, translated_locales

LOCALE = Path(settings.BASE_DIR) / "locale"
#: What gettext's Plural-Forms header must say for each language (GNU gettext's own table).
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "zh_Hans": "nplurals=1; plural=0;",
}
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|%[sd]|\{[a-z_0-9]*\}")
CATALOGUES = [(locale, domain) for locale in translated_locales() for domain in DOMAINS]


def catalogue(locale: str, domain: str) -> polib.POFile:
    path = LOCALE / locale / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"{path} is missing: run make messages-update, then translate"
    return polib.pofile(str(path))


def test_every_language_has_its_plural_rule_and_a_catalogue_of_each_kind():
    assert set(PLURAL_FORMS) == set(translated_locales())
    for locale, domain in CATALOGUES:
        po = catalogue(locale, domain)
        assert po.metadata.get("Plural-Forms", "").strip() == PLURAL_FORMS[locale], (locale, domain)
        assert "fuzzy" not in (po.metadata_is_fuzzy or []), (locale, domain)


@pytest.mark.parametrize(("locale", "domain"), CATALOGUES)
def test_every_message_is_translated_with_its_placeholders(locale, domain):
    po = catalogue(locale, domain)
    nplurals = int(PLURAL_FORMS[locale].split(";")[0].split("=")[1])
    problems = []
    for entry in po:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid!r}")
        if entry.msgid_plural:
            forms = [entry.msgstr_plural.get(i, "") for i in range(nplurals)]
            wanted = set(PLACEHOLDER.findall(entry.msgid)) | set(
                PLACEHOLDER.findall(entry.msgid_plural)
            )
        else:
            forms = [entry.msgstr]
            wanted = set(PLACEHOLDER.findall(entry.msgid))
        for form in forms:
            if not form.strip():
                problems.append(f"untranslated: {entry.msgid!r}")
            # A plural form may leave out the count (Chinese, or "un" for one): nothing else.
            elif not set(PLACEHOLDER.findall(form)) <= wanted or (
                not entry.msgid_plural and set(PLACEHOLDER.findall(form)) != wanted
            ):
                problems.append(f"placeholders differ: {entry.msgid!r} → {form!r}")
    assert problems == [], f"{locale}/{domain}: {len(problems)} problems"


def test_the_catalogues_hold_every_marked_string_and_nothing_else():
    call_command("gather_messages", check=True)  # a CommandError names what differs
