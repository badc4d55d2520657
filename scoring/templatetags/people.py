"""``{{ user|own_name }}``: the signed-in user as the footer shows them to themselves
(scoring.selectors.own_name). ``{{ player.name|isolated }}``: a name as every page shows one,
in ``<bdi>`` (hearts_site/text/names.py); a builtin of the templates (settings.TEMPLATES), so no
template loads it."""

from django import template

from hearts_site.text.names import isolate
from hearts_site.text.names import name_text as _name_text
from scoring.pages.words import table_words as _table_words
from scoring.selectors import own_name as _own_name
from scoring.selectors import shown_player as _shown_player

register = template.Library()


@register.filter
def own_name(user) -> str:
    return _own_name(user)


@register.filter
def isolated(name) -> str:
    """A person's, club's, league's or night's name in ``<bdi>`` (never in a ``<title>`` or
    an attribute: there it is plain text already)."""
    return "" if name is None else isolate(name)


@register.filter
def isolated_each(names) -> list[str]:
    """Each name of a list isolated (for ``|join``, which keeps them so)."""
    return [isolate(name) for name in names]


@register.filter
def name_text(name) -> str:
    """A name in an attribute, a title or a button's words: plain text, without bidirectional
    controls (Chromium reads a <bdi> inside a button's name as a word apart: "Ada 's")."""
    return "" if name is None else _name_text(name)


@register.filter
def table_words(name) -> str:
    """A table's stored name, "Table 3", in the reader's language (scoring.pages.words)."""
    return "" if name is None else _table_words(name)


@register.filter
def shown(player) -> str:
    """``{{ player|shown|isolated }}``: a player's name as the reader may see it
    (scoring/selectors/names.py)."""
    return "" if player is None else _shown_player(player)
