"""A person forgotten (issue 55, point 2): a director erases a player without an account, a
person erases themselves; the name goes, the results stay byte for byte under the pseudonym,
the deliveries already sent are listed, and a database that stops halfway leaves the person
whole."""

from __future__ import annotations

import re

import orjson
import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.cache import caches
from django.db import connection
from django.db.utils import DatabaseError
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring import selectors, services
from scoring.models import (
    DeviceToken,
    Erasure,
    Event,
    EventType,
    HistoryEntry,
    IdempotencyRecord,
    Membership,
    Player,
    PlayerDayTotal,
    RatingEvent,
    Role,
    SignInCount,
    WebhookDelivery,
)
from scoring.selectors.events import envelope
from tests.scoring.test_nights import open_night

from .conftest import make_user
from .erasure_support import EMAIL, FIRST, NAME, USERNAME, named_club
from .support import API, error_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return make_user("olive_owner")


def results(club, league) -> dict[str, bytes]:
    """What the club's tables say, as sent: the standings (JSON and CSV) of the league and the
    club; and its ratings and per-day totals, row by row."""
    api = APIClient()
    urls = {
        "league": f"{API}/leagues/{league.pk}/standings/",
        "league.csv": f"{API}/leagues/{league.pk}/standings.csv",
        "club": f"{API}/clubs/{club.pk}/standings/",
        "club.csv": f"{API}/clubs/{club.pk}/standings.csv",
    }
    answers = {key: api.get(url) for key, url in urls.items()}
    assert all(answer.status_code == 200 for answer in answers.values())
    found = {key: b"".join(answer) for key, answer in answers.items()}
    ratings = RatingEvent.objects.filter(club=club).order_by("pk")
    found["ratings"] = orjson.dumps(list(ratings.values("player_id", "mu", "sigma", "ordinal")))
    totals = PlayerDayTotal.objects.filter(player__club=club).order_by("pk").values()
    found["totals"] = orjson.dumps([{k: str(v) for k, v in row.items()} for row in totals])
    return found


def test_a_director_erases_a_player_and_every_table_is_byte_identical_under_the_pseudonym(owner):
    world = named_club(owner)
    before = results(world.club, world.league)
    assert NAME.encode() in before["league"] and NAME.encode() in before["club.csv"]

    erasure = services.erase_player(player=world.person, actor=owner, confirm=NAME.upper())

    pseudonym = f"Player {world.person.pk}"
    assert erasure.pseudonym == pseudonym and erasure.asked_by == "director"
    after = results(world.club, world.league)
    assert after == {
        key: body.replace(NAME.encode(), pseudonym.encode()) for key, body in before.items()
    }
    world.person.refresh_from_db()
    assert world.person.name == pseudonym


def test_the_words_and_events_that_named_the_player_name_only_the_pseudonym_after(owner):
    world = named_club(owner)
    services.erase_player(player=world.person, actor=owner, confirm=NAME)
    pseudonym = f"Player {world.person.pk}"
    reasons = list(HistoryEntry.objects.filter(game=world.game).values_list("reason", flat=True))
    assert f"{pseudonym} left early" in reasons
    assert f"{pseudonym} counted her hearts again" in reasons
    bodies = [orjson.dumps(envelope(e)).decode() for e in Event.objects.filter(club=world.club)]
    assert not [body for body in bodies if "Zenobia" in body or "Quartz" in body]
    abandoned = Event.objects.get(pk=world.abandoned_event.pk)
    assert abandoned.data["reason"] == f"{pseudonym} left early"


def test_the_deliveries_already_sent_that_named_the_player_are_listed_for_the_directors(
    owner, client_for
):
    world = named_club(owner)
    api = client_for(owner)
    answer = api.post(f"{API}/players/{world.person.pk}/erase/", {"confirm": NAME}, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["pseudonym"] == f"Player {world.person.pk}"
    assert [(d["url"], d["event"], d["type"]) for d in body["delivered"]] == [
        ("https://hooks.example.org/hearts", world.abandoned_event.sequence, "game.abandoned")
    ]
    # The correction's delivery, never sent, goes out scrubbed: it is not listed.
    waiting = WebhookDelivery.objects.filter(endpoint=world.endpoint, attempts=0)
    assert waiting.exists() and all("Zenobia" not in str(d.event.data) for d in waiting)
    listed = api.get(f"{API}/clubs/{world.club.pk}/erasures/")
    assert listed.status_code == 200
    assert listed.json()["results"][0]["delivered"] == body["delivered"]
    pages = Client()
    pages.force_login(owner)
    page = pages.get(f"/clubs/{world.club.slug}/erasures/").content.decode()
    sequence = world.abandoned_event.sequence
    assert f"https://hooks.example.org/hearts: event {sequence}, A game abandoned" in page
    erased = Event.objects.get(club=world.club, type=EventType.PLAYER_ERASED)
    assert erased.data["erasure"]["pseudonym"] == body["pseudonym"]
    assert "Zenobia" not in orjson.dumps(list(Erasure.objects.values())).decode()


def test_forget_me_deletes_the_account_its_devices_and_sign_in_records_and_keeps_the_results(
    owner, client_for
):
    world = named_club(owner, with_account=True)
    user_id = world.user.pk
    before = results(world.club, world.league)
    answer = client_for(world.user).post(f"{API}/me/erase/", {"confirm": USERNAME}, format="json")
    assert answer.status_code == 200, answer.content
    [record] = answer.json()
    assert record["asked_by"] == "person" and record["club"] == world.club.pk
    removed = {row["kind"]: row["count"] for row in record["removed"]}
    assert removed["account"] == 1 and removed["devices"] == 1
    assert removed["sign_in_records"] == 4 and removed["memberships"] == 1
    assert not get_user_model().objects.filter(pk=user_id).exists()
    assert not DeviceToken.objects.filter(user_id=user_id).exists()
    assert not Membership.objects.filter(user_id=user_id).exists()
    for model in (AccessAttempt, AccessFailureLog, AccessLog, SignInCount):
        assert not model.objects.filter(username=USERNAME).exists()
    person = Player.objects.get(pk=world.person.pk)
    assert (person.name, person.user_id, person.pin_hash) == (f"Player {person.pk}", None, "")
    pseudonym = person.name.encode()
    after = results(world.club, world.league)
    assert after == {key: body.replace(NAME.encode(), pseudonym) for key, body in before.items()}
    texts = orjson.dumps(list(Event.objects.values("data"))).decode()
    assert not [word for word in (FIRST, USERNAME, EMAIL) if word in texts]


def test_refusals_say_why_with_their_codes(owner, client_for):
    world = named_club(owner, with_account=True)
    scorer = make_user("sam_scorer")
    services.set_membership(club=world.club, user=scorer, role=Role.SCORER)
    ada = world.players["Ada"]
    url = f"{API}/players/{ada.pk}/erase/"

    assert error_of(client_for(scorer).post(url, {"confirm": "Ada"}, format="json"), 403) == (
        "not_allowed",
        None,
    )
    mistyped = client_for(owner).post(url, {"confirm": "Adda"}, format="json")
    assert error_of(mistyped, 400) == ("confirmation_mismatch", "confirm")
    has_account = f"{API}/players/{world.person.pk}/erase/"
    refused = client_for(owner).post(has_account, {"confirm": NAME}, format="json")
    assert error_of(refused, 403) == ("player_has_account", None)
    assert client_for(owner).post(url, {"confirm": "Ada"}, format="json").status_code == 200
    again = client_for(owner).post(url, {"confirm": f"Player {ada.pk}"}, format="json")
    assert error_of(again, 409) == ("already_erased", None)
    only_owner = client_for(owner).post(
        f"{API}/me/erase/", {"confirm": "olive_owner"}, format="json"
    )
    assert error_of(only_owner, 409) == ("last_owner", None)
    assert get_user_model().objects.filter(pk=owner.pk).exists()


STOP_SQLITE = (
    "CREATE TRIGGER stop_erasure BEFORE INSERT ON scoring_erasure "
    "BEGIN SELECT RAISE(ABORT, 'the database stopped'); END"
)
STOP_POSTGRESQL = (
    "CREATE FUNCTION stop_erasure() RETURNS trigger AS $$ BEGIN "
    "RAISE EXCEPTION 'the database stopped'; END $$ LANGUAGE plpgsql; "
    "CREATE TRIGGER stop_erasure BEFORE INSERT ON scoring_erasure "
    "FOR EACH ROW EXECUTE FUNCTION stop_erasure()"
)


def test_a_database_that_stops_halfway_leaves_the_person_whole(owner):
    """The erasure's record is written last, after the account, the renames and the scrubs:
    the database refusing it rolls all of them back."""
    world = named_club(owner, with_account=True)
    user_id = world.user.pk
    before = results(world.club, world.league)
    events_before = list(Event.objects.order_by("pk").values("data"))
    with connection.cursor() as cursor:
        cursor.execute(STOP_POSTGRESQL if connection.vendor == "postgresql" else STOP_SQLITE)
    with pytest.raises(DatabaseError):
        services.erase_me(user=world.user, confirm=USERNAME)
    with connection.cursor() as cursor:
        cursor.execute(
            "DROP TRIGGER stop_erasure"
            + (" ON scoring_erasure" if connection.vendor == "postgresql" else "")
        )
    person = Player.objects.get(pk=world.person.pk)
    assert (person.name, person.user_id, bool(person.pin_hash)) == (NAME, user_id, True)
    assert get_user_model().objects.filter(pk=user_id, email=EMAIL).exists()
    assert DeviceToken.objects.filter(user_id=user_id).count() == 1
    assert AccessLog.objects.filter(username=USERNAME).count() == 1
    assert list(Event.objects.order_by("pk").values("data")) == events_before
    assert not Erasure.objects.exists()
    assert results(world.club, world.league) == before


def test_the_club_erasures_are_listed_in_a_fixed_number_of_queries(owner, client_for):
    world = named_club(owner)
    for name in ("Ada", "Ben", "Cleo"):
        player = world.players[name]
        services.erase_player(player=player, actor=owner, confirm=name)
    api = client_for(owner)
    with CaptureQueriesContext(connection) as queries:
        listed = api.get(f"{API}/clubs/{world.club.pk}/erasures/")
    assert listed.status_code == 200 and len(listed.json()["results"]) == 3
    assert len(queries) <= 8
    newest_first = [world.players[name].pk for name in ("Cleo", "Ben", "Ada")]
    assert [e.player_id for e in selectors.club_erasures(world.club)] == newest_first


def test_the_admins_log_and_kept_answers_name_only_the_pseudonym_and_kept_copies_go(
    owner, django_capture_on_commit_callbacks
):
    world = named_club(owner)
    person = world.person
    LogEntry.objects.create(
        user=owner,
        content_type=ContentType.objects.get_for_model(Player),
        object_id=str(person.pk),
        object_repr=NAME,
        action_flag=CHANGE,
        change_message=f'[{{"changed": {{"fields": ["Name"]}}, "was": "{NAME}"}}]',
    )
    IdempotencyRecord.objects.create(
        user=owner, key="k1", request_hash="h", status_code=201, body={"id": 1, "name": NAME}
    )
    caches["kept"].set("a-kept-copy", f"<td>{NAME}</td>")
    with django_capture_on_commit_callbacks(execute=True):
        services.erase_player(player=person, actor=owner, confirm=NAME)
    pseudonym = f"Player {person.pk}"
    entry = LogEntry.objects.get()
    assert entry.object_repr == pseudonym and NAME not in entry.change_message
    assert IdempotencyRecord.objects.get().body == {"id": 1, "name": pseudonym}
    assert caches["kept"].get("a-kept-copy") is None


def test_a_player_named_as_a_code_leaves_the_codes_in_the_event_log_as_they_were(owner):
    """Erasing a player called "Left" rewrites where the name was written, never a hand's
    pass direction or any other code the events carry."""
    world = named_club(owner)
    left = world.players["Ben"]
    Player.objects.filter(pk=left.pk).update(name="Left")
    before = {e.pk: codes(e.data) for e in Event.objects.filter(club=world.club)}
    assert any("left" in found for found in before.values())
    services.erase_player(player=Player.objects.get(pk=left.pk), actor=owner, confirm="Left")
    after = {e.pk: codes(e.data) for e in Event.objects.filter(club=world.club, pk__in=before)}
    assert after == before


def codes(value) -> list[str]:
    """Every code among a JSON value's strings: lower case, digits and underscores alone."""
    if isinstance(value, str):
        return [value] if re.fullmatch(r"[a-z0-9_]+", value) else []
    if isinstance(value, list):
        return [found for item in value for found in codes(item)]
    if isinstance(value, dict):
        return [found for item in value.values() for found in codes(item)]
    return []


def test_a_name_inside_another_word_is_left_alone(owner):
    """Whole words only: erasing "Ben" leaves "Benchmark" and "Bennett" as they were."""
    world = named_club(owner)
    ben = world.players["Ben"]
    league = world.league
    league.name = "Benchmark league, with Ben"
    league.save(update_fields=["name"])
    services.erase_player(player=ben, actor=owner, confirm="Ben")
    league.refresh_from_db()
    assert league.name == f"Benchmark league, with Player {ben.pk}"


def test_no_account_can_become_an_erased_player(owner, client_for):
    world = named_club(owner)
    services.erase_player(player=world.person, actor=owner, confirm=NAME)
    someone = make_user("someone_else")
    claim = client_for(someone).post(f"{API}/players/{world.person.pk}/claim/", {}, format="json")
    assert error_of(claim, 409) == ("player_erased", "player")
    invite = client_for(owner).post(
        f"{API}/players/{world.person.pk}/invitation/", {}, format="json"
    )
    assert error_of(invite, 409) == ("player_erased", "player")
    page = Client()
    page.force_login(someone)
    shown = page.get(f"/players/{world.person.pk}/").content.decode()
    assert f"/players/{world.person.pk}/claim/" not in shown


def test_forget_me_renames_the_persons_players_in_every_club_and_the_records_merged_into_them(
    owner,
):
    world = named_club(owner, with_account=True)
    other = services.create_club(user=owner, name="Second club", slug="second")
    there = services.create_player(club=other, name="Zeno Q")
    Player.objects.filter(pk=there.pk).update(user=world.user)
    old_record = services.create_player(club=world.club, name="Zenobia Q.")
    services.merge_players(source=old_record, target=world.person, actor=owner, reason="same")

    records = services.erase_me(user=world.user, confirm=USERNAME)

    assert sorted(r.club_id for r in records) == sorted([world.club.pk, other.pk])
    names = dict(
        Player.objects.filter(pk__in=[world.person.pk, there.pk, old_record.pk]).values_list(
            "pk", "name"
        )
    )
    assert names == {pk: f"Player {pk}" for pk in (world.person.pk, there.pk, old_record.pk)}
    event_texts = orjson.dumps(list(Event.objects.values("data"))).decode()
    assert "Zeno" not in event_texts
    assert all(r.removed["account"] == 1 for r in records)


def test_another_players_name_sharing_a_word_stays_and_the_erased_players_rows_go_by_id(owner):
    """Erasing "Zenobia Quartz" leaves "Zenobia Byron" whole, and a bare "Zenobia" (either of
    them); an event's row of the erased player takes the pseudonym by its id, whatever it says."""
    world = named_club(owner)
    other = services.create_player(club=world.club, name="Zenobia Byron")
    world.league.name = "Zenobia Byron's cup"
    world.league.save(update_fields=["name"])
    night = open_night(world.club, world.league, owner)
    for player in (world.person, other):
        services.check_in(club=world.club, night_id=night.pk, player_id=player.pk, actor=owner)

    services.erase_player(player=world.person, actor=owner, confirm=NAME)

    world.league.refresh_from_db()
    assert world.league.name == "Zenobia Byron's cup"
    check_ins = Event.objects.filter(club=world.club, type=EventType.NIGHT_CHECKED_IN)
    named = {e.data["player"]["id"]: e.data["player"]["name"] for e in check_ins}
    assert named == {world.person.pk: f"Player {world.person.pk}", other.pk: "Zenobia Byron"}
    reasons = HistoryEntry.objects.filter(game=world.game).values_list("reason", flat=True)
    assert "Zenobia counted her hearts again" in reasons  # which Zenobia: no one can say
    assert f"Player {world.person.pk} left early" in reasons
