"""Numbers and days a caller writes are read in one place (hearts_site/text/numbers.py): ASCII
digits only, wherever a number or a date comes in (a query, a JSON string, a form, a list
filter), and days from 1900-01-01 to 2999-12-31. A day past them is a 400 naming the
parameter, never a 500 (``?to=9999-12-31`` overflowed counting to the day after); nothing is
stored."""

from __future__ import annotations

import importlib
import pkgutil
from datetime import date

import pytest
from django.test import Client
from rest_framework import serializers
from rest_framework.test import APIClient

import scoring.api.serializers
from adjudication.serializers import AdjudicationInputSerializer
from hearts_site.api.serializers import StrictInputSerializer
from scoring import services
from scoring.models import Game, Hand, Season
from tests.hardening.test_bad_input import snapshot

pytestmark = pytest.mark.django_db

# Arabic-Indic three and one: int() reads them as 3 and 1.
ARABIC_THREE, ARABIC_ONE = "\u0663", "\u0661"
ARABIC_DAY = "\u0662\u0660\u0662\u0666-01-01"  # 2026 in Arabic-Indic digits
OTHER_DIGITS = [
    ARABIC_THREE,
    "\u00b3",
    "\uff13",
    "\u0969",
]  # Arabic, superscript, fullwidth, Devanagari


@pytest.fixture
def club_night(django_user_model):
    """A director (the owner), a public club with a league and a season, a game of four."""
    owner = django_user_model.objects.create_user("night-owner")
    club = services.create_club(user=owner, name="Numbers club", slug="numbers")
    league = services.create_league(club=club, name="Thursday", ruleset="standard")
    services.create_season(
        league=league, name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    players = [services.create_player(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    game = services.create_game(club=club, league=league, players=players, actor=owner)
    api = APIClient()
    api.force_authenticate(owner)
    return api, owner, club, league, game


def refusal(response) -> tuple[int, str, str]:
    error = response.json()["errors"][0]
    return response.status_code, error["code"], error["attr"]


# --- Days -----------------------------------------------------------------------------------------

DAY_PARAMETERS = [
    ("league table", "/api/v1/leagues/{league}/standings/?{name}={day}", ("from", "to", "as_of")),
    ("league CSV", "/api/v1/leagues/{league}/standings.csv?{name}={day}", ("from", "to", "as_of")),
    ("club table", "/api/v1/clubs/{club}/standings/?{name}={day}", ("from", "to", "as_of")),
    ("club CSV", "/api/v1/clubs/{club}/standings.csv?{name}={day}", ("from", "to", "as_of")),
    ("table as CSV", "/api/v1/clubs/{club}/standings/?format=csv&{name}={day}", ("to",)),
    ("room", "/api/v1/clubs/{club}/room/?{name}={day}", ("date",)),
]
CASES = [(label, url, name) for label, url, names in DAY_PARAMETERS for name in names]


@pytest.mark.parametrize(
    ("url", "name"), [c[1:] for c in CASES], ids=[f"{c[0]} {c[2]}" for c in CASES]
)
@pytest.mark.parametrize("day", ["9999-12-31", "3000-01-01", "0001-01-01", "1899-12-31"])
def test_a_day_out_of_range_is_a_400_naming_the_parameter(club_night, url, name, day):
    api, _, club, league, _ = club_night
    response = api.get(url.format(club=club.pk, league=league.pk, name=name, day=day))
    assert refusal(response) == (400, "date_out_of_range", name), response.content
    assert "1900-01-01 to 2999-12-31" in response.json()["errors"][0]["detail"]
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    ("url", "name"), [c[1:] for c in CASES], ids=[f"{c[0]} {c[2]}" for c in CASES]
)
@pytest.mark.parametrize("day", [ARABIC_DAY, "2026-1-1", "20260101", "2026-02-30", " 2026-01-01"])
def test_a_day_not_written_yyyy_mm_dd_in_ascii_digits_is_refused(club_night, url, name, day):
    api, _, club, league, _ = club_night
    response = api.get(url.format(club=club.pk, league=league.pk, name=name, day=day))
    assert refusal(response) == (400, "invalid", name), response.content


@pytest.mark.parametrize("day", ["1900-01-01", "2999-12-31"])
def test_the_first_and_the_last_day_are_read(club_night, day):
    api, _, club, league, _ = club_night
    for name in ("from", "to", "as_of"):
        assert api.get(f"/api/v1/leagues/{league.pk}/standings/?{name}={day}").status_code == 200
        assert api.get(f"/api/v1/clubs/{club.pk}/standings.csv?{name}={day}").status_code == 200
    assert api.get(f"/api/v1/clubs/{club.pk}/room/?date={day}").status_code == 200


def test_a_season_or_a_game_dated_out_of_range_is_refused_and_stores_nothing(club_night):
    api, _, _, league, game = club_night
    before = snapshot()
    season = {"name": "Forever", "starts_on": "2026-01-01", "ends_on": "9999-12-31"}
    response = api.post(f"/api/v1/leagues/{league.pk}/seasons/", season, format="json")
    assert refusal(response) == (400, "date_out_of_range", "ends_on")
    season = {"name": "Forever", "starts_on": ARABIC_DAY, "ends_on": "2026-12-31"}
    response = api.post(f"/api/v1/leagues/{league.pk}/seasons/", season, format="json")
    assert refusal(response) == (400, "invalid", "starts_on")
    seated = list(game.seats.values_list("player", flat=True))
    for started, code in [("9999-12-31T23:59:59+00:00", "date_out_of_range"), ("soon", "invalid")]:
        body = {"league": league.pk, "players": seated, "started_at": started}
        assert refusal(api.post("/api/v1/games/", body, format="json")) == (400, code, "started_at")
    assert snapshot() == before
    assert Season.objects.count() == 1 and Game.objects.count() == 1


# --- Numbers --------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", OTHER_DIGITS)
def test_a_number_in_other_digits_is_refused_in_every_query(club_night, number):
    api, _, club, league, _ = club_night
    seen = {
        "events limit": api.get(f"/api/v1/clubs/{club.pk}/events/?limit={number}"),
        "events after": api.get(f"/api/v1/clubs/{club.pk}/events/?after={number}"),
        "a table's season": api.get(f"/api/v1/leagues/{league.pk}/standings/?season={number}"),
        "games by club": api.get(f"/api/v1/games/?club={number}"),
        "games by league": api.get(f"/api/v1/games/?league={number}"),
        "games by season": api.get(f"/api/v1/games/?season={number}"),
        "games by player": api.get(f"/api/v1/games/?player={number}"),
        "players by club": api.get(f"/api/v1/players/?club={number}"),
        "leagues by club": api.get(f"/api/v1/leagues/?club={number}"),
        "a preset's seats": api.get(f"/api/v1/rulesets/standard/?players={number}"),
        "every preset's seats": api.get(f"/api/v1/rulesets/?players={number}"),
    }
    for where, response in seen.items():
        assert response.status_code == 400, (where, response.content)
        assert response.json()["errors"][0]["attr"] in (
            "limit",
            "after",
            "season",
            "club",
            "league",
            "player",
            "players",
        ), where


def test_a_number_sent_as_text_in_a_body_is_read_only_in_ascii_digits(club_night):
    api, _, _, league, game = club_night
    before = snapshot()
    url = f"/api/v1/games/{game.pk}/hands/1/"
    arabic = {"points": ["\u0661\u0663", "0", "5", "8"]}  # "١٣": 13 to int()
    assert refusal(api.put(url, arabic, format="json")) == (400, "invalid", "points.0")
    seated = list(game.seats.values_list("player", flat=True))
    body = {"league": league.pk, "players": [str(p) for p in seated], "first_dealer": ARABIC_ONE}
    assert refusal(api.post("/api/v1/games/", body, format="json")) == (
        400,
        "invalid",
        "first_dealer",
    )
    body = {"plays": [], "hand_number": ARABIC_THREE}
    response = api.post("/api/v1/adjudications/", body, format="json")
    assert refusal(response) == (400, "invalid", "hand_number")
    assert snapshot() == before
    # The same numbers in ASCII digits, as text, are read as before.
    ascii_entry = {"points": ["13", "0", "5", "8"]}
    assert api.put(url, ascii_entry, format="json").status_code == 201


def _input_serializers() -> list[type[StrictInputSerializer]]:
    for module in pkgutil.iter_modules(scoring.api.serializers.__path__):
        importlib.import_module(f"scoring.api.serializers.{module.name}")
    found, todo = [], [StrictInputSerializer]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return [s for s in found if s.__module__.startswith(("scoring.", "adjudication."))]


def _reads_a_number(field) -> list[tuple[str, str]]:
    """(path, what to send) for every number, day or time the field reads, through lists."""
    if isinstance(field, serializers.ListField):
        return [(f".0{path}", text) for path, text in _reads_a_number(field.child)]
    if isinstance(field, serializers.IntegerField):
        return [("", ARABIC_THREE)]
    if isinstance(field, serializers.DateField):
        return [("", ARABIC_DAY)]
    if isinstance(field, serializers.DateTimeField):
        return [("", ARABIC_DAY + "T10:00:00+00:00")]
    return []


def test_every_number_day_and_time_of_every_input_is_read_only_in_ascii_digits():
    serializers_seen = _input_serializers()
    assert AdjudicationInputSerializer in serializers_seen
    checked = 0
    for serializer_class in serializers_seen:
        for name, field in serializer_class().fields.items():
            for path, text in _reads_a_number(field):
                value = [text] if path else text
                bad = serializer_class(data={name: value})
                assert not bad.is_valid()
                errors = bad.errors[name]
                errors = errors[0] if path else errors
                assert [e.code for e in errors] == ["invalid"], (serializer_class, name)
                checked += 1
    assert checked >= 30


# --- The pages ------------------------------------------------------------------------------------


def test_a_page_form_reads_numbers_only_in_ascii_digits(club_night):
    _, owner, _, league, game = club_night
    client = Client()
    client.force_login(owner)
    before = snapshot()
    entry = {"number": "1", "seat_0": "\u0661\u0663", "seat_1": "0", "seat_2": "5", "seat_3": "8"}
    response = client.post(f"/games/{game.pk}/enter/", entry)
    assert response.status_code == 400 and "A whole number, please." in response.content.decode()
    number = {**entry, "seat_0": "13", "number": ARABIC_ONE}
    assert client.post(f"/games/{game.pk}/enter/", number).status_code == 400
    seated = list(game.seats.values_list("player", flat=True))
    seats = {f"player_{i}": str(p) for i, p in enumerate(seated)}
    seats["player_0"] = "".join(chr(0x0660 + int(d)) for d in str(seated[0]))
    response = client.post("/games/new/", {**seats, "league": league.pk, "first_dealer": "0"})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert snapshot() == before
    assert not Hand.objects.exists()


@pytest.mark.parametrize("number", ["\u00b3", ARABIC_THREE, "abc", ""])
def test_a_page_given_a_bad_id_in_a_form_answers_404_not_500(club_night, number, settings):
    _, owner, club, _, _ = club_night
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    endpoint, _ = services.create_endpoint(
        club=club, url="http://127.0.0.1:8499/", event_types=["game.started"], actor=owner
    )
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    webhook = client.post(f"/clubs/{club.slug}/webhooks/{endpoint.pk}/", {"delivery": number})
    assert webhook.status_code == 404
    mine = client.post("/account/me/", {"player": number, "pin": "4321"})
    assert mine.status_code == 404
    # The table's size, unread, is the usual four: the form comes back asking for the plays.
    ruled = client.post("/adjudicate/", {"players": number, "plays": ""})
    assert ruled.status_code == 400
    assert "Type or tap the cards that were played." in ruled.content.decode()


class _Shapes(StrictInputSerializer):
    by_seat = serializers.DictField(child=serializers.IntegerField())
    rounds = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))


def test_numbers_inside_lists_of_lists_and_dicts_are_read_the_same_way():
    bad = _Shapes(data={"by_seat": {"north": ARABIC_THREE}, "rounds": [[1, 2], [3, ARABIC_ONE]]})
    assert not bad.is_valid()
    assert [e.code for e in bad.errors["by_seat"]["north"]] == ["invalid"]
    assert [e.code for e in bad.errors["rounds"][1][1]] == ["invalid"]
    good = _Shapes(data={"by_seat": {"north": "3"}, "rounds": [[1, 2], [3, "1"]]})
    assert good.is_valid(), good.errors
    assert good.validated_data == {"by_seat": {"north": 3}, "rounds": [[1, 2], [3, 1]]}
