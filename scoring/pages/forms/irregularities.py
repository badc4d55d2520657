"""The trick record's irregularities, on the hand form: what went wrong at the table, a row each.

Without JavaScript each row is plain fields: what went wrong, who, at which trick, the card,
when it was noticed, whether it was corrected, and for a lead out of turn whether it stood
and what was then called. Only the fields the kind takes are read (``FIELDS``, the engine's);
``static/js/irregularities.js`` shows only those, as taps, and ``static/js/outbox.js`` builds
the same entry offline. The engine rules on each when the hand is recorded; its refusals come
back to the row's field, in words.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import cards_in, parse_card
from adjudication.engine.cards import NAMES
from adjudication.engine.irregularities import FIELDS, REQUIRED
from adjudication.engine.irregularity_options import KINDS, NO_RULE, OPTION_OF_KIND
from scoring.pages.irregularity_words import KIND_WORDS
from scoring.pages.words import card_label

#: How many irregularities the form offers (the engine takes up to 16; a hand rarely has two).
ROWS = 3
#: A row's fields, in the order the form shows them.
ROW_FIELDS = ("kind", "seat", "trick", "card", "noticed_at_trick", "corrected", "stood",
              "lead_call", "too_many")  # fmt: skip
STOOD = (
    ("stood", gettext_lazy("Everyone played to it: it stood")),
    ("retracted", gettext_lazy("It was taken back")),
)
LEAD_CALLS = (
    ("", gettext_lazy("No call")),
    ("required", gettext_lazy("Then required to lead the suit")),
    ("forbidden", gettext_lazy("Then forbidden to lead it")),
)
#: The refusals of a row, by the engine's code, as a scorer reads them.
REFUSALS = {
    "no_rule_for_irregularity": gettext_lazy(
        "These rules have no rectification for this: the director rules on it instead."
    ),
    "irregularity_does_not_fit": gettext_lazy(
        "The tricks entered do not show this here: check who, which trick and the card."
    ),
    "revoke_established": gettext_lazy(
        "The revoke was noticed after the player had played to the next trick: it was "
        "established, so it can no longer have been corrected."
    ),
    "irregularity_needs_holdings": gettext_lazy(
        "This needs each player's cards after the pass: enter them below the tricks."
    ),
}


def row_field(row: int, name: str) -> str:
    return f"irregularity_{row}_{name}"


class IrregularityFields:
    """The irregularities' rows of ``TrickRecord``: their fields, checks and entry."""

    def _add_irregularity_fields(self) -> None:
        rules, names = self.rules, self.seat_names
        kinds = [k for k in KINDS if getattr(rules, OPTION_OF_KIND[k]) != NO_RULE]
        tricks = [(str(n), str(n)) for n in range(1, rules.hand_size + 1)]
        deck = [(NAMES[c], card_label(NAMES[c])) for c in cards_in(rules.deck)]
        for row in range(ROWS):
            made = {
                "kind": forms.ChoiceField(
                    label=_("What went wrong"),
                    choices=[("", "—"), *((k, KIND_WORDS[k]) for k in kinds)],
                ),
                "seat": forms.TypedChoiceField(
                    label=_("Who"), coerce=int, empty_value=None,
                    choices=[("", "—"), *((str(s), n) for s, n in enumerate(names))],
                ),
                "trick": forms.TypedChoiceField(
                    label=_("At which trick"), coerce=int, empty_value=None,
                    choices=[("", "—"), *tricks],
                ),
                "card": forms.ChoiceField(label=_("The card"), choices=[("", "—"), *deck]),
                "noticed_at_trick": forms.TypedChoiceField(
                    label=_("Noticed at trick"), coerce=int, empty_value=None,
                    choices=[("", _("after the hand")), *tricks],
                ),
                "corrected": forms.BooleanField(label=_("Corrected before it was established")),
                "stood": forms.ChoiceField(label=_("The lead"), choices=[("", "—"), *STOOD]),
                "lead_call": forms.ChoiceField(label=_("Then"), choices=LEAD_CALLS),
                "too_many": forms.BooleanField(label=_("A player had too many cards")),
            }  # fmt: skip
            for name, field in made.items():
                field.required = False
                field.widget.attrs.update({"data-irregularity": name, "data-row": row})
                self.fields[row_field(row, name)] = field

    def irregularity_rows(self) -> list[dict[str, Any]]:
        """Each row for the template: its number, whether it holds anything, and its fields
        after the kind, each with the kinds that take it (the script shows only those)."""
        rows = []
        for row in range(ROWS):
            kind = self[row_field(row, "kind")]
            fields = [
                (self[row_field(row, name)], " ".join(k for k in KINDS if name in FIELDS[k]))
                for name in ROW_FIELDS[1:]
            ]
            used = bool(kind.value()) or any(f.errors for f, _needs in fields) or bool(kind.errors)
            rows.append({"number": row + 1, "kind": kind, "fields": fields, "used": used})
        return rows

    def irregularity_kinds(self) -> str:
        """The fields each kind takes, as JSON for the scripts (they read only those)."""
        return json.dumps({kind: sorted(fields) for kind, fields in FIELDS.items()})

    def _clean_irregularities(self, data: dict[str, Any]) -> None:
        """``data["irregularities"]``: a row a chosen kind, with the fields it takes; a field
        it needs and lacks is refused on the row, in words. ``_irregularity_rows``: the row of
        each, for the engine's refusals."""
        found, rows = [], []
        for row in range(ROWS):
            kind = data.get(row_field(row, "kind"))
            if not kind:
                continue
            item = {"kind": kind, **self._row_values(data, row, kind)}
            missing = sorted(REQUIRED[kind] - set(item))
            for name in missing:
                self.add_error(row_field(row, name), _("Say this for: {kind}.").format(
                    kind=KIND_WORDS[kind]
                ))  # fmt: skip
            found.append(item)
            rows.append(row)
        self._irregularity_rows = rows
        if found:
            data["irregularities"] = found

    @staticmethod
    def _row_values(data: dict[str, Any], row: int, kind: str) -> dict[str, Any]:
        """The fields ``kind`` takes, as given: a blank one left out, a tick only when ticked,
        but whether a lead stood, which a lead out of turn needs."""
        values: dict[str, Any] = {}
        for name in sorted(FIELDS[kind]):
            value = data.get(row_field(row, name))
            if name == "stood":
                if value:
                    values[name] = value == "stood"
            elif value not in (None, "", False):
                values[name] = value
        return values

    def irregularity_target(self, path: str) -> str | None:
        """``irregularities.1.trick`` is the field of the row that made the second one."""
        parts = path.split(".")
        rows = getattr(self, "_irregularity_rows", [])
        if len(parts) < 2 or not parts[1].isdigit() or int(parts[1]) >= len(rows):
            return row_field(0, "kind")
        name = parts[2] if len(parts) > 2 and parts[2] in ROW_FIELDS else "kind"
        return row_field(rows[int(parts[1])], name)

    def irregularity_words(self, code: str) -> str:
        return str(REFUSALS.get(code) or _("This cannot be ruled on as entered: check it."))

    @staticmethod
    def irregularities_initial(entry: dict[str, Any]) -> dict[str, Any]:
        """The rows that show a stored record's irregularities again (for a correction)."""
        initial: dict[str, Any] = {}
        for row, item in enumerate(entry.get("irregularities", [])[:ROWS]):
            for name, value in item.items():
                if name == "stood":
                    value = "stood" if value else "retracted"
                elif name in ("corrected", "too_many"):
                    value = bool(value)
                elif name == "card" and value is not None:
                    value = NAMES[parse_card(value)]
                initial[row_field(row, name)] = "" if value is None else value
        return initial
