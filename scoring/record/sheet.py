"""A paper score sheet or a spreadsheet of hands, as CSV (docs/hand-record.md, "From paper or a
spreadsheet"): the first row its headers, then a hand a row, read under the director's mapping
of its columns. Pure: the rows grouped into games, each cell checked; a ``SheetError`` names
the row (counted as a spreadsheet counts them, the headers row 1) and the column's header."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from datetime import date

from adjudication.engine import HeartsError
from adjudication.engine.words import gettext as _

LAYOUTS = ("names", "seats")  # a column per player (its header the name), or per seat
DATE_FORMATS = ("iso", "dmy")  # 2026-03-14, or 14/03/2026 (day first)
MAX_ROWS = 20_000
MAX_CELL = 200


class SheetError(HeartsError):
    """A sheet refused: ``field`` is ``sheet:<row>:<column header>`` (or ``sheet:<row>``)."""

    def __init__(self, code: str, message: str, row: int, column: str = ""):
        super().__init__(code, message, f"sheet:{row}:{column}" if column else f"sheet:{row}")
        self.row = row
        self.column = column


@dataclass(frozen=True)
class SheetMapping:
    """Which column holds what. ``players``: the players' columns (3 to 6) in seat order, each
    a seat's points; with layout ``names`` each header is its player's name, with ``seats``
    the player of each seat is in the ``names`` column beside it (the same order)."""

    date: str
    date_format: str
    players: tuple[str, ...]
    layout: str = "names"
    names: tuple[str, ...] = ()
    game: str = ""


@dataclass
class SheetGame:
    """One game of the sheet: its day, the sheet's game id (``""``), its players by seat, and
    each hand's row number with its points."""

    day: date
    label: str
    players: list[str]
    row: int
    hands: list[tuple[int, list[int]]] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The game's id as imported: the same day, id and players are the same game."""
        said = json.dumps([self.day.isoformat(), self.label, self.players], ensure_ascii=False)
        return "sheet:" + hashlib.sha256(said.encode()).hexdigest()[:40]

    @property
    def digest(self) -> str:
        said = json.dumps([self.key, [points for _, points in self.hands]])
        return hashlib.sha256(said.encode()).hexdigest()


def read_sheet(text: str, mapping: SheetMapping) -> list[SheetGame]:
    """The sheet's games, in the order each first appears; any fault a ``SheetError``."""
    _check_mapping(mapping)
    rows = list(_rows(text))
    if not rows:
        raise SheetError("sheet_empty", _("the sheet is empty: its first row names the columns"), 1)
    headers = rows[0]
    where = _columns(headers, mapping)
    games: dict[tuple, SheetGame] = {}
    for number, cells in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank row, as a sheet has
        if len(cells) != len(headers):
            message = _("row {row} has {found} cells; the headers name {count} columns")
            words = message.format(row=number, found=len(cells), count=len(headers))
            raise SheetError("sheet_row_width", words, number)
        day = _day(cells[where[mapping.date]], mapping, number)
        label = cells[where[mapping.game]].strip() if mapping.game else ""
        players = _players(cells, where, mapping, number)
        points = [_points(cells[where[c]], number, c) for c in mapping.players]
        key = (day, label) if mapping.game else (day, tuple(players))
        game = games.get(key)
        if game is None:
            game = games[key] = SheetGame(day, label, players, number)
        elif game.players != players:
            message = _("row {row}: game {game} of row {first} has other players")
            words = message.format(row=number, game=label or day.isoformat(), first=game.row)
            raise SheetError("sheet_players_differ", words, number)
        game.hands.append((number, points))
    if not games:
        raise SheetError("sheet_empty", _("the sheet has no hands below its headers"), 2)
    return list(games.values())


def _check_mapping(mapping: SheetMapping) -> None:
    if mapping.layout not in LAYOUTS:
        raise HeartsError("invalid_choice", _("layout is names or seats"), "layout")
    if mapping.date_format not in DATE_FORMATS:
        raise HeartsError("invalid_choice", _("date_format is iso or dmy"), "date_format")
    if not 3 <= len(mapping.players) <= 6:
        raise HeartsError("sheet_players", _("choose 3 to 6 players' columns"), "players")
    if mapping.layout == "seats" and len(mapping.names) != len(mapping.players):
        raise HeartsError("sheet_names", _("choose a name column for each seat"), "names")
    if mapping.layout == "names" and mapping.names:
        raise HeartsError("sheet_names", _("name columns go with the seats layout"), "names")
    chosen = [
        mapping.date,
        *mapping.players,
        *mapping.names,
        *([mapping.game] * bool(mapping.game)),
    ]
    if len(set(chosen)) != len(chosen):
        raise HeartsError("sheet_column_twice", _("a column is chosen twice"), "players")


def _rows(text: str):
    if "\x00" in text:
        raise SheetError("sheet_not_text", _("the sheet is not CSV text"), 1)
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text.lstrip("\ufeff"))), start=1):
            if number > MAX_ROWS + 1:
                message = _("the sheet has more than {most} rows of hands")
                raise SheetError("sheet_too_large", message.format(most=MAX_ROWS), number)
            yield row
    except csv.Error as error:
        raise SheetError("sheet_not_csv", _("not CSV: {why}").format(why=error), 1) from None


def _columns(headers: list[str], mapping: SheetMapping) -> dict[str, int]:
    """Each header's column (from 0); a chosen header not in the sheet refused."""
    where: dict[str, int] = {}
    for index, header in enumerate(headers):
        name = header.strip()
        if name in where:
            message = _("two columns are headed '{header}'")
            raise SheetError("sheet_header_twice", message.format(header=name), 1, name)
        where[name] = index
    for chosen in [mapping.date, mapping.game, *mapping.players, *mapping.names]:
        if chosen and chosen not in where:
            message = _("no column is headed '{header}'")
            raise SheetError("sheet_no_column", message.format(header=chosen), 1, chosen)
    if mapping.layout == "names":
        for header in mapping.players:
            _name(header, 1, header)
    return where


ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
DMY = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")


def _day(cell: str, mapping: SheetMapping, row: int) -> date:
    found = (ISO if mapping.date_format == "iso" else DMY).fullmatch(cell.strip())
    try:
        if found is None:
            raise ValueError
        first, second, third = (int(part) for part in found.groups())
        return (
            date(first, second, third)
            if mapping.date_format == "iso"
            else date(third, second, first)
        )
    except ValueError:
        shape = _("YYYY-MM-DD") if mapping.date_format == "iso" else _("DD/MM/YYYY")
        message = _("row {row}, column '{column}': '{cell}' is not a date ({shape})")
        words = message.format(row=row, column=mapping.date, cell=cell[:MAX_CELL], shape=shape)
        raise SheetError("sheet_bad_date", words, row, mapping.date) from None


def _points(cell: str, row: int, column: str) -> int:
    value = cell.strip()
    if re.fullmatch(r"[-+]?\d{1,4}", value) is None:
        message = _("row {row}, column '{column}': '{cell}' is not a number")
        words = message.format(row=row, column=column, cell=cell[:MAX_CELL])
        raise SheetError("sheet_bad_number", words, row, column)
    return int(value)


def _players(cells: list[str], where: dict[str, int], mapping: SheetMapping, row: int):
    if mapping.layout == "names":
        return [header.strip() for header in mapping.players]
    names = [_name(cells[where[column]], row, column) for column in mapping.names]
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        message = _("row {row}: a player sits at two seats")
        raise SheetError("sheet_player_twice", message.format(row=row), row)
    return names


def _name(cell: str, row: int, column: str) -> str:
    name = cell.strip()
    if not 1 <= len(name) <= 100:
        message = _("row {row}, column '{column}': a player's name is 1 to 100 characters")
        raise SheetError("sheet_bad_name", message.format(row=row, column=column), row, column)
    return name
