"""The names people give (a player, a club, a league, a season, a night, a table, a person's
own name, a device): what a name may hold, and when two look alike.

A name is read at a table, on a wall, in a sheet: every character of it must be one a person
sees. So a name holds no control or format character (Unicode's general categories Cc, Cf,
Zl, Zp and Cs): no newline or tab, no bidirectional control (U+202E would turn the text
after it around), no zero-width space (``a\u200b\u200bb`` looks like ``ab``), no lone
surrogate. The joiners U+200C and U+200D stay allowed between two visible
characters, one at a time, since Persian and Indic names and emoji sequences need them.
``validate_name`` refuses the rest, naming the character (``invalid_name_character``), for
the API's serializers and the pages' forms alike (``name_field`` in serializers.py and
forms.py).

A page shows a name isolated (``isolate``, the templates' ``|isolated`` filter): in ``<bdi>``, so
a right-to-left name (Arabic, Hebrew) keeps the words around it in their order.

Two names look alike when they have one skeleton (Unicode Technical Standard #39, section 4:
each character replaced by its prototype in Unicode's confusables.txt, after NFD and before
NFD again), case aside: ``\u0410da`` (a Cyrillic A) and ``Ada``, ``Ian`` and ``lan``. The
mapping is confusable-homoglyphs' copy of confusables.txt.
"""

from __future__ import annotations

import itertools
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, SafeString
from django.utils.translation import gettext as _

INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
JOINERS = frozenset({"\u200c", "\u200d"})  # zero width non-joiner, zero width joiner
INVALID_NAME_CHARACTER = "invalid_name_character"
# The spaces str.strip() (and so DRF) trims, for a pattern: ECMA's and hypothesis's \s leave
# some of them out (U+001C to U+001F).
SPACES = (
    r"\t\n\u000b\f\r\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f"
    r"\u205f\u3000"
)
# The bidirectional controls: embeddings, overrides, isolates and marks (Unicode's Bidi_Control).
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)


def refused_character(name: str) -> str | None:
    """The first character a name may not hold, or None."""
    for index, char in enumerate(name):
        if unicodedata.category(char) not in INVISIBLE:
            continue
        if char in JOINERS and _joins(name, index):
            continue
        return char
    return None


def _joins(name: str, index: int) -> bool:
    """A joiner with a visible character on each side (not another joiner, nor a space)."""
    if index == 0 or index == len(name) - 1:
        return False
    return all(
        unicodedata.category(side) not in INVISIBLE and not side.isspace()
        for side in (name[index - 1], name[index + 1])
    )


def character_words(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: how a refusal names a character no one sees."""
    code = f"U+{ord(char):04X}"
    name = unicodedata.name(char, "")
    return f"{code} ({name})" if name else code


def _schema_pattern() -> str:
    """What the OpenAPI schema says of a name, as a pattern both ECMA-262 and Python read:
    characters of the Basic Multilingual Plane but those a name may not hold (the joiners and
    the surrogates too), one of them at least not a space. Stricter than the rule (which also
    takes the joiners between two characters, and the other planes' characters, emoji among
    them), so that a name the schema calls valid is never refused."""
    refused = [cp for cp in range(0x10000) if unicodedata.category(chr(cp)) in INVISIBLE]
    runs = [list(run) for _, run in itertools.groupby(enumerate(refused), lambda p: p[1] - p[0])]
    spans = [(run[0][1], run[-1][1]) for run in runs]
    out = "".join(f"\\u{a:04x}" + (f"-\\u{b:04x}" if b != a else "") for a, b in spans)
    return f"^(?=.*[^{SPACES}])[^{out}]*$"


class NameValidator(RegexValidator):
    """Refuse a name holding a character no one sees (the module's docstring says which),
    naming it. Its ``regex`` is only what the schema states (drf-spectacular writes it as the
    field's ``pattern``); the rule itself is ``refused_character``."""

    code = INVALID_NAME_CHARACTER

    def __init__(self) -> None:
        super().__init__(_schema_pattern())

    def __call__(self, value: str) -> None:
        char = refused_character(value)
        if char is not None:
            raise ValidationError(
                _(
                    "A name holds only characters people see: remove {character}, an invisible "
                    "or control character."
                ).format(character=character_words(char)),
                code=INVALID_NAME_CHARACTER,
            )


validate_name = NameValidator()
NAME_PATTERN = validate_name.regex.pattern


def name_text(name: object) -> str:
    """A name where no markup can go (an attribute, a ``<title>``): without the bidirectional
    controls a name stored before they were refused may hold."""
    return str(name).translate(BIDI_CONTROLS)


def isolate(name: object) -> SafeString:
    """A name as a page shows it: in ``<bdi>``, so that a right-to-left name keeps the words
    around it in their order, and without the bidirectional controls a name stored before they
    were refused may hold."""
    return format_html("<bdi>{}</bdi>", name_text(name))


def isolated_in(words: str, **names: object) -> SafeString:
    """``words`` (a translated sentence with ``{name}`` placeholders) for a page, each name
    isolated: ``isolated_in(_("{name}: table {table}"), name="Ada", table=3)``. Values that are
    not names (numbers), or are HTML made already (names isolated in a list), are given as they
    are."""
    values = {
        key: isolate(v) if isinstance(v, str) and not isinstance(v, SafeData) else v
        for key, v in names.items()
    }
    return format_html(conditional_escape(words), **values)


def skeleton(name: str) -> str:
    """The name's UTS #39 skeleton, case aside: two names with one skeleton look alike."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", name))
    kept = "".join(char for char in mapped if char not in JOINERS)
    return unicodedata.normalize("NFD", kept).casefold()


def look_alike(first: str, second: str) -> bool:
    return skeleton(first) == skeleton(second)


@cache
def _prototypes() -> dict[str, str]:
    """Each character of confusables.txt with its prototype. confusable-homoglyphs keeps the
    file's pairs both ways (a source lists its prototype alone, a prototype lists its
    sources): a key listing several is a prototype; of a pair that list only each other, the
    prototype is the longer, else the one with the lower code point (the file's choice where it
    is plain: ASCII and common letters)."""
    # The file marks right-to-left characters with U+200E on each side: not theirs.
    data = {
        _unmarked(key): [_unmarked(glyph["c"]) for glyph in glyphs]
        for key, glyphs in confusables.confusables_data.items()
    }
    centres = {key for key, glyphs in data.items() if len(glyphs) > 1 or len(key) > 1}
    mapping: dict[str, str] = {}
    for key, glyphs in data.items():
        if key in centres or len(key) != 1:
            continue
        other = glyphs[0]
        if other in centres or (len(other), -ord(other[0])) > (len(key), -ord(key)):
            mapping[key] = other
    return mapping


def _unmarked(text: str) -> str:
    return text.replace("\u200e", "")
