"""A tournament night on the pages: opened by a director (its league, rounds, how a round
ends), and the director's actions on it. The services judge them; refusals come back in
words."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from hearts_site.text.names import validate_name
from scoring.models.nights import DEFAULT_CORRECTION_MINUTES, SubstituteScores
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.forms.refusals import plain_words
from scoring.pages.forms.setup import whole_number
from scoring.services.nights.tables import MOST_EXTRA_MINUTES

ENDS_BY = [
    ("minutes", gettext_lazy("After some minutes, on the server's clock")),
    ("hands", gettext_lazy("After some hands")),
]
#: The director's actions on a night's page, by the button's value.
ACTIONS = (
    "check_in",
    "check_in_many",
    "withdraw",
    "withdraw_now",
    "swap",
    "move",
    "redraw_table",
    "substitute",
    "extend",
    "finish_table",
    "draw",
    "publish",
    "start",
    "end",
    "end_now",
    "close",
    "settle",
)
#: What a director does with a hand that waits when a round ends: confirm it as director, or
#: drop it (the button's value; waiting is pressing neither).
DECISIONS = ("confirm", "drop")
CORRECTION_MINUTES_MOST = 7 * 24 * 60


class NightForm(DomainErrorsMixin, forms.Form):
    error_targets = {
        "name": "name",
        "league": "league",
        "rounds": "rounds",
        "round_minutes": "length",
        "round_hands": "length",
        "table_sizes": None,
        "correction_minutes": "correction_minutes",
        "substitute_scores": "substitute_scores",
    }

    league = forms.TypedChoiceField(label=gettext_lazy("League"), coerce=int, choices=[])
    name = forms.CharField(
        label=gettext_lazy("Name of the night"),
        max_length=100,
        validators=[validate_name],
        error_messages={"required": gettext_lazy("Give the night a name.")},
    )
    rounds = whole_number(low=1, high=20, label=gettext_lazy("Rounds"))
    ends_by = forms.ChoiceField(
        label=gettext_lazy("A round ends"),
        choices=ENDS_BY,
        widget=forms.RadioSelect,
        initial="minutes",
    )
    length = whole_number(
        low=0,
        high=600,
        label=gettext_lazy("Minutes or hands a round"),
        help_text=gettext_lazy("At the end of the time each table finishes the hand in play."),
    )
    correction_minutes = whole_number(
        low=0,
        high=CORRECTION_MINUTES_MOST,
        required=False,
        initial=DEFAULT_CORRECTION_MINUTES,
        label=gettext_lazy("Minutes for corrections after the night"),
        help_text=gettext_lazy(
            "Until then the results are provisional; then they are final, and a change is a "
            "director's correction with a reason."
        ),
    )

    substitute_scores = forms.ChoiceField(
        label=gettext_lazy("A substitute's seat, after hands were played, counts to"),
        choices=SubstituteScores.choices,
        widget=forms.RadioSelect,
        initial=SubstituteScores.STARTER,
        required=False,
        help_text=gettext_lazy("Its whole game, the hands before the substitute and after."),
    )

    def __init__(self, *args, leagues, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["league"].choices = [(league.pk, league.name) for league in leagues]
        self.leagues = {league.pk: league for league in leagues}

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        return plain_words(detail)

    def night(self) -> dict:
        data = self.cleaned_data
        length = data["length"]
        by_minutes = data["ends_by"] == "minutes"
        return {
            "league": self.leagues[data["league"]],
            "name": data["name"],
            "rounds": data["rounds"],
            "round_minutes": length if by_minutes else None,
            "round_hands": None if by_minutes else length,
            "substitute_scores": data.get("substitute_scores") or SubstituteScores.STARTER,
            **(
                {}
                if data.get("correction_minutes") is None
                else {"correction_minutes": data["correction_minutes"]}
            ),
        }


class NightActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    player = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, choices=[])
    # Several players checked in at once; a swap's second player.
    players = forms.TypedMultipleChoiceField(coerce=int, required=False, choices=[])
    other = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, choices=[])
    # One table of the round: its number, and the minutes it gets.
    table = forms.IntegerField(min_value=1, max_value=1000, required=False)
    minutes = forms.IntegerField(
        min_value=1,
        max_value=MOST_EXTRA_MINUTES,
        required=False,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"),
            format_lazy(
                gettext_lazy("Extend a table by 1 to {most} minutes."), most=MOST_EXTRA_MINUTES
            ),
        ),
    )
    ends_by = forms.ChoiceField(choices=ENDS_BY, required=False)
    length = whole_number(low=0, high=600, required=False)
    # A hand that waits, settled by the director: its game and number, the decision, why.
    game = forms.IntegerField(min_value=1, required=False)
    hand = forms.IntegerField(min_value=1, required=False)
    decision = forms.ChoiceField(choices=[(d, d) for d in DECISIONS], required=False)
    reason = forms.CharField(max_length=500, required=False)
    # A substitute: the replaced player leaves the night too; the director's yes, asked first.
    leaves = forms.BooleanField(required=False)
    sure = forms.BooleanField(required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.pk, p.name) for p in players]
        self.fields["player"].choices = self.fields["other"].choices = [("", ""), *choices]
        self.fields["players"].choices = choices

    def refusal(self) -> str:
        """A refused action in words: a field's own message where it has one (the minutes),
        else which choices to make."""
        if "minutes" in self.errors:
            return self.errors["minutes"][0]
        if "sure" in self.errors:
            return self.errors["sure"][0]
        return str(gettext_lazy("Choose a player of the club, then the action."))

    def clean(self) -> dict:
        data = super().clean()
        if data.get("action") == "substitute" and not data.get("sure"):
            self.add_error(
                "sure",
                gettext_lazy(
                    "Tick the box first: the substitute plays the seat from the table's next "
                    "hand, and the hands before stay as they are."
                ),
            )
        return data

    def table_change(self) -> dict:
        """What a change of one table, a swap or a player leaving now gives the service."""
        data = self.cleaned_data
        action = data["action"]
        if action == "swap":
            return {"players": [data.get("player"), data.get("other")]}
        if action == "move":
            return {"player": data.get("player"), "table": data.get("table")}
        if action == "redraw_table":
            return {"table": data.get("table")}
        if action == "substitute":
            return {
                "player": data.get("player"),
                "replaces": data.get("other"),
                "leaves": bool(data.get("leaves")),
            }
        if action == "check_in_many":
            return {"players": data.get("players") or []}
        more = {"reason": data.get("reason") or ""}
        if action == "withdraw_now":
            return {**more, "now": True}
        more["table"] = data.get("table")
        return {**more, "minutes": data.get("minutes")} if action == "extend" else more

    def settled(self) -> dict:
        """A waiting hand's decision, as the settle form gives it (the service judges it)."""
        data = self.cleaned_data
        return {
            "game": data.get("game"),
            "hand": data.get("hand"),
            "decision": data.get("decision") or "",
            "reason": data.get("reason") or "",
        }

    def round_end(self) -> dict:
        """A round's own length, when the start form gives one."""
        length, ends_by = self.cleaned_data.get("length"), self.cleaned_data.get("ends_by")
        if length is None or not ends_by:
            return {}
        return {"round_minutes": length} if ends_by == "minutes" else {"round_hands": length}
