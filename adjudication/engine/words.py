"""The engine's one seam to translation: every sentence a person reads is looked up through here.

The engine imports nothing of Django, yet its refusals and rulings reach players in their own
language. So its modules mark their sentences with the names xgettext and Django's makemessages
extract (``from .words import gettext as _, ngettext, pgettext``; ``gettext_noop`` for a table
built at import time, translated with ``_()`` where it is used), and these functions hand them
to whatever translator the application installs once at start-up (adjudication/apps.py installs
Django's). Alone, the engine speaks English: the message itself is the English text.

Lookups happen only where a sentence is built (a refusal, a ruling that is shown), never in the
loops that judge plays, and nothing that caches may keep a translated string: the language is
the one active when the sentence is built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural
_pgettext: Callable[[str, str], str] = _english_in_context


Translation = tuple[Callable[[str], str], Callable[[str, str, int], str], Callable[[str, str], str]]


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str],
) -> Translation:
    """Translate the engine's sentences with these (Django's, say) from now on. Gives the ones
    they replace, for a caller (a test) that puts those back."""
    global _gettext, _ngettext, _pgettext
    previous = (_gettext, _ngettext, _pgettext)
    _gettext, _ngettext, _pgettext = gettext, ngettext, pgettext
    return previous


def gettext(message: str) -> str:
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks a message for extraction where it is defined; ``gettext`` translates it at use."""
    return message


def any_of(items: Sequence[str]) -> str:
    """Alternatives as a sentence says them: "a club or QS or KS"."""
    said = items[0]
    for item in items[1:]:
        # Translators: alternatives, any one of which would do: "a club or a diamond", "QS or
        # KS". Longer lists repeat it: "{first}" may itself be such a list.
        said = pgettext("list of alternatives", "{first} or {second}").format(
            first=said, second=item
        )
    return said


def all_of(items: Sequence[str]) -> str:
    """A list, every item of which counts: "2C, 5C" (card names, places in the record)."""
    said = items[0] if items else ""
    for item in items[1:]:
        # Translators: a list of items (cards such as 2C, or places in the record such as "QS
        # at trick 3"). Longer lists repeat it: "{first}" may itself be such a list.
        said = pgettext("list", "{first}, {second}").format(first=said, second=item)
    return said
