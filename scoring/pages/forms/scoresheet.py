"""The score sheet's forms: a new game's seats, and a hand entered or corrected."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import Ruleset, cards_in, names
from adjudication.engine.cards import BIT
from adjudication.engine.option_values import MOON_CHOICES
from adjudication.engine.scoring import points_of
from adjudication.engine.scoring_cards import CARD_LABELS, CARD_NAMES, cards_in_play
from hearts_site.text.forms import ModelIdChoiceField, WholeNumberField
from scoring.domain.entries import penalty_cards
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.forms.refusals import refusal_words
from scoring.pages.forms.tricks import RECORD_FIELDS, TrickRecord
from scoring.pages.words import MOON_LABELS, MOON_QUESTION, card_label

# The scoring cards' entry details and labels, as the page gives them to static/js/outbox.js.
CARD_LABELS_JSON = json.dumps(CARD_LABELS, ensure_ascii=False)


class NewGameForm(DomainErrorsMixin, forms.Form):
    """The table, the players in seat order (clockwise) and the first dealer, for one league."""

    error_targets = {
        "first_dealer": "first_dealer",
        "league": "league",
        "season": "league",
        "table": "table",
    }

    table = forms.CharField(
        label=gettext_lazy("Table"),
        required=False,
        max_length=30,
        help_text=gettext_lazy("Its name on the room view and the wall. Leave it blank for none."),
        error_messages={"max_length": gettext_lazy("A table's name has at most 30 characters.")},
    )

    def __init__(self, *args, players, seats: int, **kw):
        super().__init__(*args, **kw)
        self.seats = seats
        for seat in range(seats):
            self.fields[f"player_{seat}"] = ModelIdChoiceField(
                queryset=players,
                label=(
                    _("Seat {number} (then clockwise)") if seat == 0 else _("Seat {number}")
                ).format(number=seat + 1),
                empty_label=gettext_lazy("Choose a player"),
                error_messages={"required": gettext_lazy("Choose who sits here.")},
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=gettext_lazy("Who deals first?"),
            choices=[(str(s), f"Seat {s + 1}") for s in range(seats)],
            coerce=int,
            initial="0",
        )

    def target_of(self, path: str | None) -> str | None:
        if path and path.startswith("players"):
            parts = path.split(".")
            if len(parts) == 2 and f"player_{parts[1]}" in self.fields:
                return f"player_{parts[1]}"
            return "player_0"
        return super().target_of(path)

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        return refusal_words(code, detail, {})

    def players(self) -> list:
        return [self.cleaned_data[f"player_{seat}"] for seat in range(self.seats)]


class EntryForm(TrickRecord, DomainErrorsMixin, forms.Form):
    """One hand as the table tells it: points per seat, who took each penalty card, or the
    whole trick record (``TrickRecord``, ruled on by the engine).

    Built from the game's ruleset: the moon question appears only under ``shooter_choice``, a
    scoring card's taker only when the ruleset scores it (adjudication/engine/scoring_cards.py;
    by penalty cards, it is one of the cards).
    One seat's part is implied: a points box left blank is the deck's total minus the others,
    and the penalty cards given to nobody go to the seat named in ``rest``.
    """

    MODES = ("points", "cards", "plays")

    # Where the engine's error paths go: ``points.2`` to one seat's box (see target_of), the
    # rest of ``points`` / ``cards_taken`` to the whole group.
    error_targets = {
        "points": "points",
        "cards_taken": "cards",
        "moon_choice": "moon_choice",
        **{name: name for name in CARD_NAMES},
        "tricks_won": "points",
    }

    def __init__(
        self,
        *args,
        rules: Ruleset,
        seat_names: list[str],
        mode: str = "points",
        dealer: int | None = None,
        **kw,
    ):
        super().__init__(*args, **kw)
        self.rules = rules
        self.seat_names = seat_names
        self.mode = mode if mode in self.MODES else "points"
        self.penalty_total = rules.penalty_total
        penalty = cards_in(penalty_cards(rules))
        self.penalty_card_names = names(penalty)
        self.card_points = {
            name: points_of(rules, BIT[card])
            for name, card in zip(self.penalty_card_names, penalty, strict=True)
        }
        self.values_text = values_text(rules)
        # a seat with every point is a moon (the form says so), unless the moon is off or
        # needs the scoring cards as well
        self.moon_by_points = rules.moon != "off" and rules.moon_scoring_cards == "on_top"
        if self.mode == "points":
            self._add_points_fields()
        elif self.mode == "cards":
            self._add_cards_fields()
        else:
            self._add_plays_fields(dealer)
        if rules.moon == "shooter_choice":
            total = self.penalty_total
            self.fields["moon_choice"] = forms.ChoiceField(
                label=gettext_lazy("Did someone shoot the moon?"),
                choices=[
                    # Translators: "the shooter" fills {shooter} in "−26 for {shooter}".
                    (c, MOON_LABELS[c].format(total=total, shooter=_("the shooter")))
                    for c in MOON_CHOICES
                ],
                required=False,
                widget=forms.RadioSelect,
            )

    def _add_points_fields(self) -> None:
        """A number box a seat, and who took each scoring card the ruleset scores."""
        total = self.penalty_total
        for seat, name in enumerate(self.seat_names):
            self.fields[f"seat_{seat}"] = WholeNumberField(
                label=name,
                min_value=0,
                max_value=total,
                required=False,
                error_messages={
                    "invalid": _("A whole number, please."),
                    "min_value": _("Points cannot be below 0."),
                    "max_value": _("At most {total}: that is every point in the hand.").format(
                        total=total
                    ),
                },
                widget=forms.NumberInput(
                    attrs={
                        "inputmode": "numeric",
                        "pattern": "[0-9]*",
                        "min": 0,
                        "max": total,
                        "data-seat-points": seat,
                        "autocomplete": "off",
                    }
                ),
            )
        for card in cards_in_play(self.rules):
            self.fields[card.name] = forms.TypedChoiceField(
                label=_(card.question).format(points=card.effect_words(self.rules)),
                choices=[("", "—")] + [(str(s), n) for s, n in enumerate(self.seat_names)],
                coerce=int,
                required=False,
                empty_value=None,
            )

    def _add_cards_fields(self) -> None:
        """A seat a penalty card (or nobody: then ``rest``), and who took the rest."""
        seats = [(str(s), n) for s, n in enumerate(self.seat_names)]
        for card, points in self.card_points.items():
            self.fields[f"card_{card}"] = forms.TypedChoiceField(
                label=card_label(card),
                choices=[("", "—")] + seats,
                coerce=int,
                required=False,
                empty_value=None,
                widget=forms.Select(attrs={"data-card": card, "data-points": points}),
            )
        self.fields["rest"] = forms.TypedChoiceField(
            label=gettext_lazy("Cards not given went to"),
            choices=seats,
            coerce=int,
            initial=str(len(self.seat_names) - 1),
            widget=forms.Select(attrs={"data-rest": ""}),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.mode == "points":
            self._fill_last_seat(data)
        elif self.mode == "plays":
            self._clean_plays(data)
        return data

    def _fill_last_seat(self, data: dict[str, Any]) -> None:
        """One blank box is what the others leave of the deck's total; two are a question."""
        boxes = [f"seat_{s}" for s in range(len(self.seat_names))]
        if any(box in self.errors for box in boxes):
            return
        blank = [box for box in boxes if data.get(box) is None]
        taken = sum(data[box] for box in boxes if box not in blank)
        if len(blank) == 1 and taken <= self.penalty_total:
            data[blank[0]] = self.penalty_total - taken
            # Shown filled in if the form comes back (for the moon's answer, say).
            self.data = self.data.copy()
            self.data[self.add_prefix(blank[0])] = str(data[blank[0]])
        elif len(blank) == 1:
            self.add_error(
                None,
                _(
                    "The others already add up to {taken}, more than the {total} points in a "
                    "hand: check them."
                ).format(taken=taken, total=self.penalty_total),
            )
        for box in blank if len(blank) > 1 else []:
            self.add_error(box, _("Enter the points this player took: only one may be left blank."))

    def target_of(self, path: str | None) -> str | None:
        """``points.2`` is the third seat's box; ``plays.17`` a trick's field."""
        if path and self.mode == "plays" and path.split(".")[0] in RECORD_FIELDS:
            return self.record_target(path)
        if path:
            parts = path.split(".")
            if parts[0] == "points" and len(parts) >= 2 and f"seat_{parts[1]}" in self.fields:
                return f"seat_{parts[1]}"
        return super().target_of(path)

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        if path and self.mode == "plays" and path.split(".")[0] in RECORD_FIELDS:
            return self.record_words(code, detail, path)
        return refusal_words(code, detail, self._facts())

    def _facts(self) -> dict[str, Any]:
        """What a refusal's words may name: the hand's sum, the shooter, the ruleset's numbers."""
        points = self.seat_points()
        shooter = self.shooter()
        return {
            "total": self.penalty_total,
            "queen": self.rules.queen_points,
            "sum": sum(p for p in points if p is not None) if points else None,
            "question": self.moon_question(shooter) if shooter is not None else "",
        }

    def taker_fields(self) -> list[forms.BoundField]:
        """Who took each scoring card, as the points level asks it."""
        return [self[name] for name in CARD_NAMES if name in self.fields]

    @property
    def scoring_cards(self) -> str:
        """Each scoring card's entry detail and label as JSON, for the offline outbox's body."""
        return CARD_LABELS_JSON

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(len(self.seat_names))]

    def card_fields(self) -> list[forms.BoundField]:
        return [self[f"card_{card}"] for card in self.penalty_card_names]

    def seat_points(self) -> list[int | None]:
        """Each seat's points as the form holds them (None: not known)."""
        data = getattr(self, "cleaned_data", None) or {}
        seats = range(len(self.seat_names))
        if self.mode == "points":
            return [data.get(f"seat_{s}") for s in seats]
        if self.mode == "plays":
            return self.record_points() or [None for _ in seats]
        taken = self.cards_taken() if data else None
        if taken is None:
            return [None for _ in seats]
        return [sum(self.card_points[c] for c in cards) for cards in taken]

    def shooter(self) -> int | None:
        """The seat that took every point, as far as the entry says."""
        points = self.seat_points()
        return next((s for s, p in enumerate(points) if p == self.penalty_total), None)

    def moon_question(self, shooter: int) -> str:
        name, total = self.seat_names[shooter], self.penalty_total
        return MOON_QUESTION.format(shooter=name, total=total)

    def moon_texts(self) -> dict[str, str]:
        """The moon question for the shooter the entry shows, and its templates for the page's
        script (``{shooter}`` is left for it to fill)."""
        total = self.penalty_total
        shooter = self.shooter() if self.is_bound and hasattr(self, "cleaned_data") else None
        return {
            "question": self.moon_question(shooter) if shooter is not None else "",
            "question_template": MOON_QUESTION.format(shooter="{shooter}", total=total),
            "subtract_template": MOON_LABELS["subtract_from_shooter"].format(
                shooter="{shooter}", total=total
            ),
        }

    def cards_taken(self) -> list[list[str]] | None:
        data = self.cleaned_data
        rest = data.get("rest")
        if rest is None:
            return None
        taken: list[list[str]] = [[] for _ in self.seat_names]
        for card in self.penalty_card_names:
            seat = data.get(f"card_{card}")
            taken[rest if seat is None else seat].append(card)
        return taken

    def entry(self) -> dict[str, Any]:
        """The entry exactly as the API takes it; the same taps give the same dict."""
        data = self.cleaned_data
        if self.mode == "points":
            entry: dict[str, Any] = {"points": self.seat_points()}
            for name in CARD_NAMES:
                if data.get(name) is not None:
                    entry[name] = data[name]
        elif self.mode == "plays":
            entry = self.plays_entry()
        else:
            entry = {"cards_taken": self.cards_taken()}
        # The question is answered only for a moon: an answer left over from a typo is dropped.
        if data.get("moon_choice") and self.shooter() is not None:
            entry["moon_choice"] = data["moon_choice"]
        return entry

    @staticmethod
    def initial_from(entry: dict[str, Any], points: list[int]) -> tuple[str, dict[str, Any]]:
        """The mode and initial values that show a stored entry again (for a correction)."""
        initial: dict[str, Any] = {}
        if "plays" in entry:
            mode = "plays"
            initial = TrickRecord.plays_initial(entry, len(points))
        elif "cards_taken" in entry:
            mode = "cards"
            for seat, cards in enumerate(entry["cards_taken"]):
                for card in cards:
                    initial[f"card_{str(card).upper()}"] = str(seat)
        else:
            mode = "points"
            for seat, value in enumerate(entry.get("points", points)):
                initial[f"seat_{seat}"] = value
            for name in CARD_NAMES:
                if entry.get(name) is not None:
                    initial[name] = str(entry[name])
        if entry.get("moon_choice"):
            initial["moon_choice"] = entry["moon_choice"]
        return mode, initial


class HandEntryForm(EntryForm):
    """The next hand: the form carries its number, so a double tap cannot record two hands."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["number"] = WholeNumberField(
            label=gettext_lazy("Hand number"),
            min_value=1,
            max_value=100_000,
            widget=forms.HiddenInput,
        )


class HandCorrectionForm(EntryForm):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["reason"] = forms.CharField(
            label=gettext_lazy("Why the correction?"),
            max_length=500,
            error_messages={
                "required": gettext_lazy("Say why the hand is corrected: it stays in the history.")
            },
            widget=forms.TextInput(
                attrs={"placeholder": gettext_lazy("e.g. Ben's 5 was a 3"), "size": 20}
            ),
        )


def values_text(rules: Ruleset) -> str:
    """What the penalty cards are worth, where it is not "hearts 1 each, the Q♠ its points"
    (docs/rules.md, The Hearts family); "" under the Hearts presets."""
    spades = [("Q♠", rules.queen_points), ("K♠", rules.king_of_spades_points)]
    spades.append(("A♠", rules.ace_of_spades_points))
    if rules.heart_points == "one" and not any(points for _label, points in spades[1:]):
        return ""
    if rules.heart_points == "face":
        hearts = _("Hearts at their face value, J 11, Q 12, K 13, A 14")
    else:
        hearts = _("Hearts 1 each")
    parts = [hearts, *(f"{label} {points}" for label, points in spades if points)]
    # Translators: what separates the penalty cards' values in the hand form's hint.
    return _(", ").join(parts)
