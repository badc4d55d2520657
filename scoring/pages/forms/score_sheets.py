"""A director's import of a paper score sheet or a spreadsheet (docs/hand-record.md, "From
paper or a spreadsheet"): the CSV file, then its columns mapped (the choices its headers),
then the preview, then the same sheet and mapping confirmed."""

from __future__ import annotations

import csv
import io

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import PRESETS
from hearts_site.errors import DomainError
from hearts_site.uploads import upload_text
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.record.sheet import SheetMapping

MOST_COLUMNS = 60


def headers_of(text: str) -> list[str]:
    """The sheet's first row, each header once (the reader refuses the rest in words)."""
    try:
        first = next(csv.reader(io.StringIO(text.lstrip("\ufeff"))), [])
    except csv.Error:
        return []
    seen: list[str] = []
    for header in (cell.strip() for cell in first[:MOST_COLUMNS]):
        if header and header not in seen:
            seen.append(header)
    return seen


class SheetImportForm(DomainErrorsMixin, forms.Form):
    error_targets = {
        "players": "player_columns",
        "names": "name_columns",
        "date_format": "date_format",
        "layout": "layout",
        "ruleset": "ruleset",
        "league": "league",
    }

    file = forms.FileField(
        label=gettext_lazy("Score sheet (CSV)"),
        required=False,
        help_text=gettext_lazy(
            "Saved from a spreadsheet as CSV: its first row names the columns, then a hand a row."
        ),
    )
    sheet = forms.CharField(widget=forms.HiddenInput, required=False, strip=False)
    date_column = forms.ChoiceField(label=gettext_lazy("Date column"))
    date_format = forms.ChoiceField(
        label=gettext_lazy("Dates are written"),
        widget=forms.RadioSelect,
        choices=[
            ("dmy", gettext_lazy("day/month/year (14/03/2026)")),
            ("iso", gettext_lazy("year-month-day (2026-03-14)")),
        ],
    )
    game_column = forms.ChoiceField(
        label=gettext_lazy("Game or table column"),
        required=False,
        help_text=gettext_lazy("None: a day's rows with the same players are one game."),
    )
    layout = forms.ChoiceField(
        label=gettext_lazy("Players are"),
        widget=forms.RadioSelect,
        initial="names",
        choices=[
            ("names", gettext_lazy("a column each, its header the player's name")),
            ("seats", gettext_lazy("a column of points per seat, the name in a column beside it")),
        ],
    )
    player_columns = forms.MultipleChoiceField(
        label=gettext_lazy("Points columns (3 to 6, seat 0 first)"),
        widget=forms.CheckboxSelectMultiple,
    )
    name_columns = forms.MultipleChoiceField(
        label=gettext_lazy("Name columns (seats only, in the same order)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    league = forms.ChoiceField(label=gettext_lazy("League"), required=False)
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Ruleset of friendly games"),
        initial="standard",
        choices=[(name, gettext_lazy(preset.title)) for name, preset in PRESETS.items()],
    )
    confirm = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def __init__(self, data=None, files=None, *, leagues=(), **kwargs):
        self.uploaded: str | None = None
        self.refused_upload: str | None = None  # why the file sent cannot be read, in words
        if files is not None and files.get("file") is not None:
            try:
                self.uploaded = upload_text(files["file"])
            except DomainError as refusal:
                self.refused_upload = refusal.detail
        text = self.uploaded if self.uploaded is not None else (data or {}).get("sheet", "")
        if self.uploaded is not None or self.refused_upload is not None:
            data, files = None, None  # a new file: its mapping starts empty
        super().__init__(data, files, initial={"sheet": text, "layout": "names"}, **kwargs)
        self.headers = headers_of(text or "")
        columns = [(header, header) for header in self.headers]
        self.fields["date_column"].choices = columns
        self.fields["game_column"].choices = [("", _("None")), *columns]
        self.fields["player_columns"].choices = columns
        self.fields["name_columns"].choices = columns
        self.fields["league"].choices = [("", _("None: friendly games")), *leagues]

    def mapping(self) -> SheetMapping:
        data = self.cleaned_data
        order = self.headers  # the columns chosen in the sheet's order: seat 0 first
        return SheetMapping(
            date=data["date_column"],
            date_format=data["date_format"],
            players=tuple(h for h in order if h in data["player_columns"]),
            layout=data["layout"],
            names=tuple(h for h in order if h in data["name_columns"]),
            game=data["game_column"],
        )

    def sheet_text(self) -> str:
        return self.cleaned_data["sheet"].replace("\r\n", "\n")

    def league_id(self) -> int | None:
        return int(self.cleaned_data["league"]) if self.cleaned_data["league"] else None

    def ruleset_name(self) -> str | None:
        return None if self.league_id() is not None else self.cleaned_data["ruleset"]

    def confirming(self) -> bool:
        return bool(self.is_bound and self.is_valid() and self.cleaned_data["confirm"])
