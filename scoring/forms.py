"""Forms of the phone pages: they parse what a scorer typed or tapped into what a service takes.

No scoring here: the services and the engine judge every entry, and their refusals
(``HeartsError.field`` / ``DomainError.attr``, e.g. ``points.2`` or ``cards_taken.1.3``) are put
back next to the form field they concern by :meth:`EntryForm.add_domain_error`.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError

from adjudication.engine import PRESETS, Ruleset, cards_in, names
from adjudication.engine.cards import JD_BIT
from adjudication.engine.rules import INTEGER_BOUNDS, MOON_CHOICES
from scoring.domain.entries import penalty_cards

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
MOON_LABELS = {
    "subtract_from_shooter": "Shooter takes −{total}",
    "add_to_others": "Everyone else takes +{total}",
}
PASS_WORDS = {
    "left": "pass {count} to the left",
    "right": "pass {count} to the right",
    "across": "pass {count} across",
    "hold": "no pass (hold hand)",
}


def card_label(name: str) -> str:
    """``QS`` → ``Q♠``, ``TH`` → ``10♥``: how a card reads on a phone."""
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS.get(name[-1], name[-1])


def pass_words(direction: str | None, count: int) -> str:
    if direction is None:
        return ""
    return PASS_WORDS.get(direction, direction).format(count=count)


# --- Sign-in, protected against guessing -------------------------------------------------------


def client_ip(request) -> str:
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64] if request is not None else "none"


def failure_key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}\n{ip}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form, refusing a username+address after too many failures.

    Failures are counted in the cache; after ``LOGIN_FAILURE_LIMIT`` of them the pair is locked
    out for ``LOGIN_LOCKOUT_SECONDS`` without even checking the password.
    """

    error_messages = {
        **AuthenticationForm.error_messages,
        "locked_out": "Too many failed sign-ins. Wait %(minutes)s minutes, then try again.",
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        key = failure_key(username, client_ip(self.request))
        limit = settings.LOGIN_FAILURE_LIMIT
        lockout = settings.LOGIN_LOCKOUT_SECONDS
        if (cache.get(key) or 0) >= limit:
            raise ValidationError(
                self.error_messages["locked_out"],
                code="locked_out",
                params={"minutes": max(1, lockout // 60)},
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            cache.add(key, 0, lockout)
            try:
                count = cache.incr(key)
            except ValueError:  # expired in between
                cache.set(key, 1, lockout)
                count = 1
            if count >= limit:
                cache.set(key, count, lockout)  # the lockout runs from the last failure
            raise
        cache.delete(key)
        return cleaned


# --- Errors from the domain, back onto the form ------------------------------------------------


class DomainErrorsMixin:
    """Maps a service's error path onto a field; what no field takes goes to the top."""

    #: ``{first part of the error path: field name or group name}``
    error_targets: dict[str, str] = {}

    def group_error(self, group: str) -> list[str]:
        return self.group_errors.get(group, [])

    def add_domain_error(self, path: str | None, message: str) -> None:
        target = self.target_of(path)
        if target in self.fields:
            self.add_error(target, message)
        elif target is not None:
            self.group_errors.setdefault(target, []).append(message)
            # Keep the form invalid and say so at the top too, in case the group is off-screen.
            self.add_error(None, "Please check the marked entries below.")
        else:
            self.add_error(None, message)

    def target_of(self, path: str | None) -> str | None:
        if not path:
            return None
        head = path.split(".")[0]
        return self.error_targets.get(head)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}


# --- Hands -------------------------------------------------------------------------------------


class EntryForm(DomainErrorsMixin, forms.Form):
    """One hand as the table tells it: points per seat, or the penalty cards each seat took.

    Built from the game's ruleset: the moon choice appears only under ``shooter_choice``, the
    J♦ holder only when the ruleset scores the J♦ (card by card, the J♦ is one of the cards).
    """

    MODES = ("points", "cards")

    def __init__(self, *args, rules: Ruleset, seat_names: list[str], mode: str = "points", **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.seat_names = seat_names
        self.mode = mode if mode in self.MODES else "points"
        total = rules.penalty_total
        self.penalty_total = total
        self.penalty_card_names = names(cards_in(penalty_cards(rules)))
        self.point_card_names = names(cards_in(rules.point_mask))  # what a moon takes
        if self.mode == "points":
            for seat, name in enumerate(seat_names):
                self.fields[f"seat_{seat}"] = forms.IntegerField(
                    label=name,
                    min_value=0,
                    max_value=total,
                    error_messages={
                        "required": "Enter the points this seat took (0 if none).",
                        "invalid": "A whole number, please.",
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
            if rules.jack_of_diamonds and rules.deck & JD_BIT:
                self.fields["jack_of_diamonds"] = forms.TypedChoiceField(
                    label=f"Who took the J♦ ({rules.jack_of_diamonds:+d})?",
                    choices=[("", "—")] + [(str(s), n) for s, n in enumerate(seat_names)],
                    coerce=int,
                    required=False,
                    empty_value=None,
                )
        else:
            choices = [(card, card_label(card)) for card in self.penalty_card_names]
            for seat, name in enumerate(seat_names):
                self.fields[f"cards_{seat}"] = forms.MultipleChoiceField(
                    label=name,
                    choices=choices,
                    required=False,
                    widget=forms.CheckboxSelectMultiple(attrs={"data-seat-cards": seat}),
                )
        if rules.moon == "shooter_choice":
            self.fields["moon_choice"] = forms.ChoiceField(
                label="Shot the moon? How does it score",
                choices=[("", "No moon this hand")]
                + [(c, MOON_LABELS[c].format(total=total)) for c in MOON_CHOICES],
                required=False,
                widget=forms.RadioSelect,
            )

    @property
    def error_targets(self) -> dict[str, str]:  # type: ignore[override]
        return {
            "points": "points",
            "cards_taken": "cards",
            "moon_choice": "moon_choice",
            "jack_of_diamonds": "jack_of_diamonds",
            "tricks_won": "points",
        }

    def target_of(self, path: str | None) -> str | None:
        """``points.2`` is the third seat's box; ``cards_taken.1.3`` the second seat's cards."""
        if path:
            parts = path.split(".")
            if len(parts) >= 2 and parts[1].isdigit():
                field = {"points": "seat_", "cards_taken": "cards_"}.get(parts[0])
                if field and f"{field}{parts[1]}" in self.fields:
                    return f"{field}{parts[1]}"
        return super().target_of(path)

    def add_domain_error(self, path: str | None, message: str) -> None:
        """Next to a seat's box the seat goes without saying; elsewhere it gets its name."""
        if (self.target_of(path) or "").startswith(("seat_", "cards_")):
            message = re.sub(r"^seat \d+: ", "", message)

        def name(match: re.Match) -> str:
            seat = int(match.group(1))
            return self.seat_names[seat] if seat < len(self.seat_names) else match.group(0)

        super().add_domain_error(path, re.sub(r"\bseat (\d+)\b", name, message))

    def seat_fields(self) -> list[forms.BoundField]:
        prefix = "seat_" if self.mode == "points" else "cards_"
        return [self[f"{prefix}{seat}"] for seat in range(len(self.seat_names))]

    def entry(self) -> dict[str, Any]:
        """The entry exactly as the API takes it; the same taps give the same dict."""
        data = self.cleaned_data
        seats = range(len(self.seat_names))
        if self.mode == "points":
            entry: dict[str, Any] = {"points": [data[f"seat_{s}"] for s in seats]}
            if data.get("jack_of_diamonds") is not None:
                entry["jack_of_diamonds"] = data["jack_of_diamonds"]
        else:
            order = {card: i for i, card in enumerate(self.penalty_card_names)}
            entry = {
                "cards_taken": [sorted(data[f"cards_{s}"], key=order.__getitem__) for s in seats]
            }
        if data.get("moon_choice"):
            entry["moon_choice"] = data["moon_choice"]
        return entry

    @staticmethod
    def initial_from(entry: dict[str, Any], points: list[int]) -> tuple[str, dict[str, Any]]:
        """The mode and initial values that show a stored entry again (for a correction)."""
        initial: dict[str, Any] = {}
        if "cards_taken" in entry:
            mode = "cards"
            for seat, cards in enumerate(entry["cards_taken"]):
                initial[f"cards_{seat}"] = [str(c).upper() for c in cards]
        else:
            mode = "points"
            for seat, value in enumerate(entry.get("points", points)):
                initial[f"seat_{seat}"] = value
            if entry.get("jack_of_diamonds") is not None:
                initial["jack_of_diamonds"] = str(entry["jack_of_diamonds"])
        if entry.get("moon_choice"):
            initial["moon_choice"] = entry["moon_choice"]
        return mode, initial


class HandEntryForm(EntryForm):
    """The next hand: the form carries its number, so a double tap cannot record two hands."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["number"] = forms.IntegerField(
            min_value=1, max_value=100_000, widget=forms.HiddenInput
        )


class HandCorrectionForm(EntryForm):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["reason"] = forms.CharField(
            label="Why the correction?",
            max_length=500,
            widget=forms.TextInput(attrs={"placeholder": "e.g. Ben's 5 was a 3", "size": 20}),
        )


# --- Starting a game ---------------------------------------------------------------------------


class NewGameForm(DomainErrorsMixin, forms.Form):
    """Players in seat order (clockwise) and the first dealer, for one league."""

    error_targets = {"first_dealer": "first_dealer", "league": "league", "season": "league"}

    def __init__(self, *args, players, seats: int, **kw):
        super().__init__(*args, **kw)
        self.seats = seats
        for seat in range(seats):
            self.fields[f"player_{seat}"] = forms.ModelChoiceField(
                queryset=players,
                label=f"Seat {seat + 1}" + (" (then clockwise)" if seat == 0 else ""),
                empty_label="Choose a player",
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label="Who deals first?",
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

    def players(self) -> list:
        return [self.cleaned_data[f"player_{seat}"] for seat in range(self.seats)]


# --- Adjudication ------------------------------------------------------------------------------

CARD_SEPARATORS = re.compile(r"[\s,;]+")
PLAYER_COUNTS = range(INTEGER_BOUNDS["players"][0], INTEGER_BOUNDS["players"][1] + 1)


def split_cards(text: str) -> list[str]:
    return [token for token in CARD_SEPARATORS.split(text.strip()) if token]


class AdjudicateForm(DomainErrorsMixin, forms.Form):
    """A preset, the plays as typed or tapped, and optionally each seat's holding."""

    error_targets = {
        "ruleset": "preset",
        "preset": "preset",
        "players": "players",
        "plays": "plays",
        "hands": "hands",
        "first_leader": "first_leader",
        "dealer": "first_leader",
    }

    preset = forms.ChoiceField(
        label="Rules", choices=[(name, p.title) for name, p in PRESETS.items()], initial="standard"
    )
    players = forms.TypedChoiceField(
        label="Players", choices=[(str(n), str(n)) for n in PLAYER_COUNTS], coerce=int, initial="4"
    )
    plays = forms.CharField(
        label="Plays, in order",
        max_length=2000,
        help_text="Cards as played, trick by trick: 2C QC 8C AC 8S … (spaces or commas).",
        widget=forms.Textarea(
            attrs={"rows": 4, "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    first_leader = forms.TypedChoiceField(
        label="Who led the first trick?",
        choices=[("", "Work it out from the holdings")]
        + [(str(s), f"Seat {s}") for s in range(max(PLAYER_COUNTS))],
        coerce=int,
        required=False,
        empty_value=None,
        help_text="Needed when you give no holdings.",
    )
    hands = forms.CharField(
        label="Holdings after the pass (optional)",
        required=False,
        max_length=2000,
        help_text="One line per seat, from seat 0.",
        widget=forms.Textarea(
            attrs={"rows": 4, "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def target_of(self, path: str | None) -> str | None:
        if path and path.startswith("ruleset.players"):
            return "players"
        return super().target_of(path)

    def clean_plays(self) -> list[str]:
        cards = split_cards(self.cleaned_data["plays"])
        if not cards:
            raise ValidationError("Type or tap at least one card.")
        return cards

    def clean_hands(self) -> list[list[str]] | None:
        lines = [line for line in self.cleaned_data["hands"].splitlines() if line.strip()]
        return [split_cards(line) for line in lines] or None

    def request_data(self) -> dict[str, Any]:
        """What adjudication.services.rule_on_hand takes (the API's request body)."""
        data = self.cleaned_data
        body: dict[str, Any] = {
            "ruleset": {"preset": data["preset"], "players": data["players"]},
            "plays": data["plays"],
        }
        if data.get("hands"):
            body["hands"] = data["hands"]
        if data.get("first_leader") is not None:
            body["first_leader"] = data["first_leader"]
        return body


# --- Device tokens -----------------------------------------------------------------------------


class DeviceTokenForm(forms.Form):
    name = forms.CharField(
        label="Device name",
        max_length=100,
        widget=forms.TextInput(attrs={"placeholder": "e.g. Club tablet", "autocomplete": "off"}),
    )
