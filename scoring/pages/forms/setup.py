"""Setting a club up on the pages: the club, a league (its ruleset's preset and the options a
director usually changes, its ranking, confirmations) and its players. The services judge them
as they judge the API's creates; their refusals come back next to the field in words."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import PRESETS, build_ruleset
from adjudication.engine.option_values import MOON_RULES
from hearts_site.text.forms import WholeNumberField
from hearts_site.text.names import validate_name
from scoring import services
from scoring.domain.ranking import CRITERIA, DEFAULT_RANKING
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.forms.refusals import plain_words, refusal_words
from scoring.pages.words import MOON_WORDS

MOST_PLAYERS_AT_ONCE = 60


def whole_number(*, low: int, high: int, **kwargs) -> WholeNumberField:
    """A whole number in ASCII digits from ``low`` to ``high``, typed on a phone's keypad;
    empty is None when not required."""
    words = format_lazy(gettext_lazy("A whole number from {low} to {high}."), low=low, high=high)
    attrs = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
    attrs["maxlength"] = str(len(str(high)))
    return WholeNumberField(
        min_value=low,
        max_value=high,
        widget=forms.TextInput(attrs=attrs),
        error_messages={"invalid": words, "min_value": words, "max_value": words},
        **kwargs,
    )


class _Refusals(DomainErrorsMixin):
    def words_for(self, code: str, detail: str, path: str | None) -> str:
        return refusal_words(code, detail, {})


class ClubForm(_Refusals, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Club name"),
        max_length=100,
        validators=[validate_name],
        widget=forms.TextInput(attrs={"autocomplete": "organization"}),
        error_messages={"required": gettext_lazy("Give the club a name.")},
    )
    slug = forms.SlugField(
        label=gettext_lazy("Web address (optional)"),
        max_length=60,
        required=False,
        help_text=gettext_lazy(
            "The end of the club's address, /clubs/<this>/: lower-case letters, digits "
            "and hyphens. Left empty, it is made from the name."
        ),
        widget=forms.TextInput(attrs={"autocapitalize": "none", "spellcheck": "false"}),
        error_messages={"invalid": gettext_lazy("Only letters, digits, hyphens and underscores.")},
    )
    is_public = forms.TypedChoiceField(
        label=gettext_lazy("Who may read its games and tables?"),
        choices=[
            ("yes", gettext_lazy("Anyone: a public club")),
            ("no", gettext_lazy("Only its members: a private club")),
        ],
        coerce=lambda value: value == "yes",
        initial="yes",
        widget=forms.RadioSelect,
    )

    error_targets = {"name": "name", "slug": "slug", "is_public": "is_public"}

    def club(self) -> dict:
        """What ``services.create_club`` takes: the slug chosen, else one made from the name."""
        data = self.cleaned_data
        self.slug_asked = data["slug"] or services.slug_from_name(data["name"])
        return {"name": data["name"], "slug": self.slug_asked, "is_public": data["is_public"]}

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        if code == "slug_taken":
            return _("Another club's address is /clubs/{slug}/: choose another.").format(
                slug=self.slug_asked
            )
        return super().words_for(code, detail, path)


#: Who passes to whom, hand after hand: a preset's own, or one of these.
PASS_SCHEDULES = {
    "left,right,across,hold": gettext_lazy("Left, right, across, hold"),
    "right,left,across,hold": gettext_lazy("Right, left, across, hold"),
    "left,right,hold": gettext_lazy("Left, right, hold (no across)"),
    "left": gettext_lazy("Always to the left"),
    "hold": gettext_lazy("No passing"),
}


class LeagueForm(_Refusals, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("League name"),
        max_length=100,
        validators=[validate_name],
        error_messages={"required": gettext_lazy("Name the league.")},
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("Preset"),
        # The presets' titles are the engine's English messages, translated when shown.
        choices=[(name, gettext_lazy(preset.title)) for name, preset in PRESETS.items()],
        initial="standard",
        help_text=gettext_lazy("A set of house rules; the options below change what they say."),
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players at a table"),
        choices=[(n, str(n)) for n in range(3, 7)],
        coerce=int,
        initial=4,
    )
    target_score = whole_number(
        label=gettext_lazy("Game ends at (points)"),
        low=1,
        high=100_000,
        required=False,
        help_text=gettext_lazy(
            "Left empty: as the rules say (100, or one hand for a single round)."
        ),
    )
    pass_schedule = forms.ChoiceField(
        label=gettext_lazy("Passing"),
        choices=[("", gettext_lazy("As the rules say")), *PASS_SCHEDULES.items()],
        required=False,
    )
    moon = forms.ChoiceField(
        label=gettext_lazy("Shooting the moon"),
        choices=[("", gettext_lazy("As the rules say"))]
        # Lazy: a form class is made once, at import; its choices are read per request.
        + [(rule, capfirst(format_lazy(MOON_WORDS[rule], t=26))) for rule in MOON_RULES],
        required=False,
    )
    confirmations = forms.BooleanField(
        label=gettext_lazy("A player at another seat confirms each hand before it counts"),
        required=False,
        help_text=gettext_lazy("From their own phone, or with their PIN on the scorer's."),
    )
    criterion = forms.ChoiceField(
        label=gettext_lazy("The table ranks players by"),
        choices=[(key, capfirst(words)) for key, words in CRITERIA.items()],
        initial=DEFAULT_RANKING["criterion"],
    )
    min_games = whole_number(
        label=gettext_lazy("Games to be ranked"),
        low=0,
        high=10_000,
        required=False,
        initial=DEFAULT_RANKING["min_games"],
        help_text=gettext_lazy("Below it a player is listed after the others, as provisional."),
    )

    error_targets = {
        "name": "name",
        "ruleset": "preset",
        "ranking": "criterion",
        "confirmations": "confirmations",
    }

    def target_of(self, path: str | None) -> str | None:
        """``ruleset.moon`` is the moon's field, ``ranking.min_games`` the minimum's; an
        option the form does not show (cards removed for the table) is the preset's."""
        head, _, option = (path or "").partition(".")
        if head in ("ruleset", "ranking") and option.split(".")[0] in self.fields:
            return option.split(".")[0]
        return super().target_of(path)

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        """An option that does not fit the others (no seat across at a table of three) in the
        engine's own sentence: every answer on this form is one offered."""
        if code == "invalid_option":
            said = plain_words(detail)
            return f"{said[:1].upper()}{said[1:]}."
        return super().words_for(code, detail, path)

    #: The ruleset's options this form shows (the others are kept as they are when it edits).
    SHOWN_OPTIONS = ("preset", "players", "target_score", "pass_schedule", "moon")

    def __init__(self, *args, league=None, **kwargs):
        """``league``: the form edits it, starting from what it holds; its rules only while no
        game was started under them (``services.update_league``)."""
        self.kept: dict = {}
        if league is not None:
            kwargs.setdefault("initial", self.initial_from(league))
            self.kept = self._departures(league.ruleset)
        super().__init__(*args, **kwargs)
        if league is not None and league.games.exists():
            for name in self.SHOWN_OPTIONS:
                self.fields[name].disabled = True

    @classmethod
    def _departures(cls, options: dict) -> dict:
        """The league's options off this form that differ from its preset's (set through the
        API): an edit keeps them."""
        base = build_ruleset(options["preset"], players=options["players"]).options()
        return {
            name: value
            for name, value in options.items()
            if name not in cls.SHOWN_OPTIONS and base.get(name) != value
        }

    @classmethod
    def initial_from(cls, league) -> dict:
        """The form's fields as the league stands: an option shown only where it differs
        from the preset's."""
        options = league.ruleset
        base = build_ruleset(options["preset"], players=options["players"]).options()
        schedule = ",".join(options["pass_schedule"])
        ranking = league.ranking or {}
        return {
            "name": league.name,
            "preset": options["preset"],
            "players": options["players"],
            "target_score": options["target_score"]
            if options["target_score"] != base["target_score"]
            else None,
            "pass_schedule": schedule
            if options["pass_schedule"] != base["pass_schedule"] and schedule in PASS_SCHEDULES
            else "",
            "moon": options["moon"] if options["moon"] != base["moon"] else "",
            "confirmations": bool(league.confirmations),
            "criterion": ranking.get("criterion", DEFAULT_RANKING["criterion"]),
            "min_games": ranking.get("min_games", DEFAULT_RANKING["min_games"]),
        }

    def league(self) -> dict:
        """What ``services.create_league`` (or ``update_league``) takes from this form: only
        the options chosen, on top of the preset's, and the options an edit keeps."""
        data = self.cleaned_data
        ruleset = {**self.kept, "preset": data["preset"], "players": data["players"]}
        if data["target_score"] is not None:
            ruleset["target_score"] = data["target_score"]
        if data["pass_schedule"]:
            ruleset["pass_schedule"] = data["pass_schedule"].split(",")
        if data["moon"]:
            ruleset["moon"] = data["moon"]
        ranking = {"criterion": data["criterion"]}
        if data["min_games"] is not None:
            ranking["min_games"] = data["min_games"]
        return {
            "name": data["name"],
            "ruleset": ruleset,
            "ranking": ranking,
            "confirmations": int(data["confirmations"]),
        }


class PlayersForm(_Refusals, forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Names, one a line"),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
        help_text=gettext_lazy(
            "Each as the club calls them (Ada, Ben B.). Several at once: one a line."
        ),
        error_messages={"required": gettext_lazy("Give at least one name.")},
    )

    error_targets = {"names": "names"}

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        words = super().words_for(code, detail, path)
        if code == "duplicate_name":  # which name
            # Translators: {detail} names the name given twice; {words} asks for another.
            return _("{detail} {words}").format(detail=detail, words=words)
        return words

    def clean_names(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data["names"].splitlines()]
        names = [name for name in names if name]
        if not names:
            raise forms.ValidationError(_("Give at least one name."))
        if len(names) > MOST_PLAYERS_AT_ONCE:
            raise forms.ValidationError(
                _("At most {count} names at once.").format(count=MOST_PLAYERS_AT_ONCE)
            )
        too_long = next((name for name in names if len(name) > 100), None)
        if too_long:
            raise forms.ValidationError(
                _("“{name}…” is longer than 100 characters.").format(name=too_long[:20])
            )
        for name in names:
            validate_name(name)
        return names
