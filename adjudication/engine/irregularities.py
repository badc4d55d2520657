"""The irregularities a record carries, read and checked: what went wrong at the table, and where.

A record (``adjudicate(..., irregularities=[...])``) may say what the plays alone cannot: a
revoke noticed late and whether it was corrected, a card shown by accident, a lead out of turn,
a seat that played no card to a trick or is a card short, a misdeal found during play, a card
the record shows twice or at a seat that did not hold it. Each is a plain mapping with a
``kind`` (``KINDS``) and the fields of that kind; each refusal names the field down to the
index (``irregularities.2.trick``). The ruleset must have a rule for each (its option not
``no_rule``): docs/rules.md, "Irregularities", gives the fields and the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import NAMES, Card, parse_card
from .errors import HeartsError
from .irregularity_options import KINDS, NO_RULE, OPTION_OF_KIND
from .rules import Ruleset
from .words import gettext as _

#: The fields each kind takes; those in ``REQUIRED`` must be given.
FIELDS: Mapping[str, frozenset[str]] = {
    "revoke": frozenset({"trick", "seat", "noticed_at_trick", "corrected", "card"}),
    "exposed_card": frozenset({"trick", "seat", "card"}),
    "lead_out_of_turn": frozenset({"trick", "seat", "card", "stood", "lead_call"}),
    "missed_trick": frozenset({"trick", "seat"}),
    "card_short": frozenset({"seat", "card"}),
    "misdeal": frozenset({"noticed_at_trick", "too_many"}),
    "card_played_twice": frozenset({"card"}),
    "card_misplaced": frozenset({"trick", "seat"}),
}
REQUIRED: Mapping[str, frozenset[str]] = {
    "revoke": frozenset({"trick", "seat"}),
    "exposed_card": frozenset({"trick", "seat", "card"}),
    "lead_out_of_turn": frozenset({"trick", "seat", "card", "stood"}),
    "missed_trick": frozenset({"trick", "seat"}),
    "card_short": frozenset({"seat"}),
    "misdeal": frozenset({"noticed_at_trick"}),
    "card_played_twice": frozenset({"card"}),
    "card_misplaced": frozenset({"trick", "seat"}),
}
ALL_FIELDS = frozenset().union(*FIELDS.values())
LEAD_CALLS = ("required", "forbidden")
#: The most irregularities one record may carry (a hand has 13 tricks; this is ample).
MOST = 16


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One irregularity as the record states it (fields a kind does not take are None)."""

    index: int  # its place in the request: irregularities.<index>
    kind: str
    trick: int | None = None  # from 1
    seat: int | None = None
    card: Card | None = None
    noticed_at_trick: int | None = None  # the trick in progress when noticed; None: after
    corrected: bool = False
    stood: bool = False
    lead_call: str | None = None  # "required" or "forbidden"
    too_many: bool = False

    @property
    def option(self) -> str:
        """The ruleset option that rectifies it."""
        return OPTION_OF_KIND[self.kind]

    def field(self, name: str | None = None) -> str:
        """Its field in the request, for an error: ``irregularities.2`` or ``…2.trick``."""
        return f"irregularities.{self.index}" + (f".{name}" if name else "")

    def as_data(self) -> dict[str, object]:
        """As the record states it, in its plain form (what a stored hand would keep): every
        field, null (or false) where the kind takes none or none was given."""
        data: dict[str, object] = {"kind": self.kind}
        for name in sorted(ALL_FIELDS):
            value = getattr(self, name)
            data[name] = NAMES[value] if name == "card" and value is not None else value
        return data


def read_irregularities(rules: Ruleset, items: object) -> tuple[Irregularity, ...]:
    """The irregularities of a request, checked for shape and against the ruleset's rules."""
    if items is None:
        return ()
    if not isinstance(items, list | tuple):
        message = _("irregularities must be a list")
        raise HeartsError("not_a_list", message, "irregularities")
    if len(items) > MOST:
        message = _("at most {most} irregularities in one record").format(most=MOST)
        raise HeartsError("too_many_irregularities", message, "irregularities")
    found = tuple(_read_one(rules, index, item) for index, item in enumerate(items))
    for irregularity in found:
        value = getattr(rules, irregularity.option)
        if value == NO_RULE:
            message = _("this ruleset has no rule for {kind} ({option}: no_rule)")
            words = message.format(kind=irregularity.kind, option=irregularity.option)
            raise HeartsError("no_rule_for_irregularity", words, irregularity.field("kind"))
    return found


def _read_one(rules: Ruleset, index: int, item: object) -> Irregularity:
    where = f"irregularities.{index}"
    if not isinstance(item, Mapping):
        message = _("{field} must be an object with a kind").format(field=where)
        raise HeartsError("invalid_irregularity", message, where)
    kind = item.get("kind")
    if kind not in KINDS:
        message = _("{field}: kind must be one of: {kinds}").format(
            field=where, kinds=", ".join(KINDS)
        )
        raise HeartsError("unknown_irregularity", message, f"{where}.kind")
    unknown = sorted(set(item) - FIELDS[kind] - {"kind"})
    if unknown:
        message = _("{kind} takes no field {name}").format(kind=kind, name=repr(unknown[0]))
        raise HeartsError("invalid_irregularity", message, f"{where}.{unknown[0]}")
    missing = sorted(REQUIRED[kind] - set(item))
    if missing:
        message = _("{kind} needs {name}").format(kind=kind, name=missing[0])
        raise HeartsError("invalid_irregularity", message, f"{where}.{missing[0]}")
    values: dict[str, object] = {}
    for name in FIELDS[kind] & set(item):
        values[name] = _value(rules, name, item[name], f"{where}.{name}")
    return Irregularity(index, kind, **values)  # type: ignore[arg-type]


def _value(rules: Ruleset, name: str, value: object, where: str) -> object:
    """One field's value, checked: tricks from 1 to the hand's, seats of the table, a card."""
    if name == "card":
        if value is None:
            return None
        card = parse_card(value, where)
        if not rules.deck & (1 << card):
            message = _("{card} is removed from the deck under this ruleset")
            raise HeartsError("card_not_in_deck", message.format(card=NAMES[card]), where)
        return card
    if name in ("corrected", "stood", "too_many"):
        if not isinstance(value, bool):
            message = _("{field} must be true or false").format(field=where)
            raise HeartsError("invalid_irregularity", message, where)
        return value
    if name == "lead_call":
        if value is not None and value not in LEAD_CALLS:
            message = _("{field} must be one of: {choices}").format(
                field=where, choices=", ".join(LEAD_CALLS)
            )
            raise HeartsError("invalid_irregularity", message, where)
        return value
    if name == "noticed_at_trick" and value is None:
        return None
    last = rules.players - 1 if name == "seat" else rules.hand_size
    first = 0 if name == "seat" else 1
    if not isinstance(value, int) or isinstance(value, bool) or not first <= value <= last:
        message = _("{field} must be a whole number from {low} to {high}").format(
            field=where, low=first, high=last
        )
        raise HeartsError("invalid_irregularity", message, where)
    return value


def does_not_fit(irregularity: Irregularity, message: str, name: str | None = None) -> HeartsError:
    """The refusal of an irregularity the record contradicts (a 4xx naming its field)."""
    return HeartsError("irregularity_does_not_fit", message, irregularity.field(name))


def twice_allowed(irregularities: Sequence[Irregularity]) -> frozenset[Card]:
    """The cards the record may show twice: those a ``card_played_twice`` names."""
    return frozenset(
        i.card for i in irregularities if i.kind == "card_played_twice" and i.card is not None
    )
