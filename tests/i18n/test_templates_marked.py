"""No page text escapes translation: in every page template, the words a person reads (text,
the ``title``, ``aria-label``, ``placeholder``, ``alt`` and ``label`` attributes, an input
button's ``value``) sit inside ``{% translate %}`` or ``{% blocktranslate %}``; what a template
prints from a variable is the code's to mark (the browser walk in each language checks it)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType

TEMPLATES = Path(settings.BASE_DIR) / "templates"
#: The API docs' pages are the sidecar's (Swagger UI, ReDoc), in English for integrators.
NOT_PAGES = {"drf_spectacular"}
READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt", "label"}
#: Left as they are in every language: not words, or names.
ALLOWED = {"OK"}
WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]+")
#: What stands in for a tag or variable: a space, which keeps ``<tr{% if %} class=…>`` a tag.
HOLE = " "


def page_templates() -> list[Path]:
    return sorted(
        path
        for path in TEMPLATES.rglob("*.html")
        if not NOT_PAGES & set(path.relative_to(TEMPLATES).parts)
    )


def without_marked(source: str) -> str:
    """The template with every tag, variable, comment and translated block made a hole."""
    parts, inside = [], None
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if inside is None and name in ("blocktranslate", "blocktrans", "comment", "verbatim"):
                inside = "end" + name
            elif inside is None and name == "block" and token.contents.endswith("_attrs"):
                inside = "endblock"  # a tag's attributes, written for the base's <main>
            elif name == inside:
                inside = None
            parts.append(HOLE)
        elif token.token_type == TokenType.TEXT and inside is None:
            parts.append(token.contents)
        else:
            parts.append(HOLE)
    return "".join(parts)


class ReadText(HTMLParser):
    """The words a person reads in a page's markup, outside scripts, styles and code."""

    UNREAD = {"script", "style", "code", "pre", "kbd", "svg"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.words: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.UNREAD:
            self.depth += 1
        attributes = dict(attrs)
        for name, value in attributes.items():
            read = name in READ_ATTRIBUTES or (
                # An <input>'s value is its label; a <button>'s is what the form sends.
                name == "value"
                and tag == "input"
                and attributes.get("type") in ("submit", "button", "reset")
            )
            if read and value:
                self.read(value)

    def handle_endtag(self, tag):
        if tag in self.UNREAD and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.read(data)

    def read(self, text: str) -> None:
        self.words += [w for w in WORD.findall(text) if w not in ALLOWED]


def unmarked_words(source: str) -> list[str]:
    reader = ReadText()
    reader.feed(without_marked(source))
    return reader.words


def test_the_check_finds_an_unmarked_word_and_passes_a_marked_one():
    assert unmarked_words("<p>Save <b>{{ name }}</b></p>") == ["Save"]
    assert unmarked_words('<button title="Undo it">{% translate "Undo" %}</button>') == [
        "Undo",
        "it",
    ]
    marked = (
        '{% load i18n %}<p title="{% translate "Undo" %}">{% blocktranslate %}Hand '
        "{{ n }} saved{% endblocktranslate %} · <code>game_finished</code></p>"
    )
    assert unmarked_words(marked) == []


@pytest.mark.parametrize("path", page_templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_word_of_a_page_template_is_marked_for_translation(path):
    assert unmarked_words(path.read_text()) == []
