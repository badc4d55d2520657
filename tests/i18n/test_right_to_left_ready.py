"""The pages are ready for a right-to-left language: the stylesheets and the templates' inline
styles place things by logical sides (``margin-inline-start``, ``inset-inline-end``,
``text-align: start``), never by physical ones, and every page says its direction, so adding
such a language is a catalogue and a setting, not a rework of the layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import translation

BASE = Path(settings.BASE_DIR)
STYLESHEETS = sorted((BASE / "static" / "css").glob("*.css"))
TEMPLATES = sorted((BASE / "templates").rglob("*.html"))
#: A declaration that names a physical side: ``margin-left``, ``left: 0``, ``float: right``…
PHYSICAL = re.compile(
    r"(?<![\w-])(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)"
    r"(?:-\w+)?|left|right)\s*:"
    r"|(?:text-align|float|clear)\s*:\s*(?:left|right)\b"
    r"|border-(?:top|bottom)-(?:left|right)-radius\s*:"
)
INLINE_STYLE = re.compile(r"""style\s*=\s*(["'])(.*?)\1""", re.S)


def physical_declarations(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [match.group(0) for match in PHYSICAL.finditer(css)]


@pytest.mark.parametrize(
    "css, found",
    [
        ("a { margin-left: 1rem }", ["margin-left:"]),
        ("a { padding-right-width: 0 }", ["padding-right-width:"]),
        (".x{left:0}", ["left:"]),
        ("p { text-align: right; float: left }", ["text-align: right", "float: left"]),
        ("a { margin-inline-start: 1rem; text-align: start; inset-inline-end: 0 }", []),
        ("/* margin-left: 0 */ a { color: red }", []),
    ],
)
def test_the_check_tells_physical_sides_from_logical_ones(css, found):
    assert physical_declarations(css) == found


@pytest.mark.parametrize("stylesheet", STYLESHEETS, ids=lambda path: path.name)
def test_no_stylesheet_places_anything_by_a_physical_side(stylesheet):
    assert physical_declarations(stylesheet.read_text()) == []


def test_no_template_styles_anything_by_a_physical_side():
    found = {
        str(path.relative_to(BASE)): physical_declarations(match.group(2))
        for path in TEMPLATES
        for match in INLINE_STYLE.finditer(path.read_text())
    }
    assert {path: rules for path, rules in found.items() if rules} == {}


@pytest.mark.django_db
@pytest.mark.parametrize("language, direction", [("en", "ltr"), ("de", "ltr"), ("ar", "rtl")])
def test_every_page_says_its_direction_on_its_root(rf, language, direction):
    """Arabic is no language of the site yet: rendered in it, the pages' base says ``rtl``."""
    request = rf.get("/")
    request.user = AnonymousUser()
    with translation.override(language):
        page = render_to_string("base.html", request=request)
    assert re.search(rf'<html lang="{language}" dir="{direction}">', page)
