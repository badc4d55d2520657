"""Who may do what: roles × every write and read, on a public and on a private club; tokens.

Roles: ``owner`` > ``director`` > ``scorer`` > ``member``; ``outsider`` belongs to no club and
``anonymous`` is not logged in. A private club is invisible (404) to those outside it; a refused
write leaves the database exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest
from django.http import HttpRequest  # axes counts every sign-in: it needs the request
from rest_framework.test import APIClient

from adjudication.services import ruleset_for
from scoring import services
from scoring.models import DeviceToken, Game, Hand, Membership

from .conftest import PASSWORD, ROLES, build_club, make_user
from .support import API, error_of, play_hand, said, snapshot

SCORERS = {"owner", "director", "scorer"}
DIRECTORS = {"owner", "director"}
OWNERS = {"owner"}
CLUB_ROLES = {"owner", "director", "scorer", "member"}


@dataclass
class World:
    """One club with a league, a season, a game with a recorded hand and an open dispute."""

    club: object
    league: object
    season: object
    game: object
    dispute: object
    membership: Membership  # the member's, for role changes and removal
    invitation: str  # an unused invitation's token, for the scorer's role

    @property
    def players(self):
        return self.club.seated


def build_world(users, kind: str) -> World:
    public = kind == "public"
    club = build_club(users, name=f"{kind} club", slug=f"{kind}-club", is_public=public, players=6)
    league = services.create_league(club=club, name="Thursday League", ruleset="standard")
    season = services.create_season(
        league=league, name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    game = services.create_game(
        club=club, league=league, season=season, players=club.seated[:4], actor=users["owner"]
    )
    played = play_hand(ruleset_for("standard"), 11)
    services.enter_hand(
        game_id=game.pk, number=1, entry=played.entry("plays"), actor=users["scorer"]
    )
    dispute = services.open_dispute(game_id=game.pk, number=1, record={}, actor=users["scorer"])
    membership = Membership.objects.get(club=club, user=users["member"])
    _, invitation = services.create_invitation(club=club, role="scorer", actor=users["owner"])
    return World(club, league, season, game, dispute, membership, invitation)


@pytest.fixture(params=["public", "private"])
def world(request, users) -> World:
    return build_world(users, request.param)


# --- Writes -----------------------------------------------------------------------------------


def g(w: World, tail: str) -> str:
    return f"{API}/games/{w.game.pk}/{tail}"


WRITES = {
    "create player": (
        SCORERS,
        lambda w: ("post", f"{API}/players/", {"club": w.club.pk, "name": "Newcomer"}),
    ),
    "create league": (
        DIRECTORS,
        lambda w: ("post", f"{API}/leagues/", {"club": w.club.pk, "name": "Monday League"}),
    ),
    "create season": (
        DIRECTORS,
        lambda w: (
            "post",
            f"{API}/leagues/{w.league.pk}/seasons/",
            {"name": "Autumn", "starts_on": "2026-09-01", "ends_on": "2026-11-30"},
        ),
    ),
    "create game": (
        SCORERS,
        lambda w: (
            "post",
            f"{API}/games/",
            {"club": w.club.pk, "players": [p.pk for p in w.players[2:6]]},
        ),
    ),
    "enter hand": (SCORERS, lambda w: ("put", g(w, "hands/2/"), {"points": [13, 13, 0, 0]})),
    "correct hand": (
        SCORERS,
        lambda w: ("patch", g(w, "hands/1/"), {"points": [13, 13, 0, 0], "reason": "recount"}),
    ),
    "void hand": (SCORERS, lambda w: ("post", g(w, "hands/1/void/"), {"reason": "misdeal"})),
    "abandon game": (SCORERS, lambda w: ("post", g(w, "abandon/"), {"reason": "closing time"})),
    "open dispute": (SCORERS, lambda w: ("post", g(w, "hands/1/disputes/"), {"reason": "look"})),
    "resolve dispute": (
        DIRECTORS,
        lambda w: (
            "post",
            g(w, f"hands/1/disputes/{w.dispute.pk}/resolve/"),
            # Dismissed: the world's record is legal, and a ruling that proves nothing
            # cannot be accepted (ruling_proves_nothing).
            {"decision": "dismiss", "note": "ruled"},
        ),
    ),
    "merge players": (
        DIRECTORS,
        lambda w: (
            "post",
            f"{API}/players/{w.players[4].pk}/merge/",
            {"into": w.players[5].pk, "reason": "same person"},
        ),
    ),
    "invite": (
        OWNERS,
        lambda w: ("post", f"{API}/clubs/{w.club.pk}/invitations/", {"role": "member"}),
    ),
    # Whoever holds the token, in the club or not: the invitation is the permission. (Those
    # already a scorer or higher are refused for changing nothing: UNCHANGED_BY_ACCEPTING.)
    "accept invitation": (
        CLUB_ROLES | {"outsider"},
        lambda w: ("post", f"{API}/invitations/accept/", {"token": w.invitation}),
    ),
    "change member role": (
        OWNERS,
        lambda w: (
            "patch",
            f"{API}/clubs/{w.club.pk}/members/{w.membership.pk}/",
            {"role": "scorer"},
        ),
    ),
    "remove member": (
        OWNERS,
        lambda w: ("delete", f"{API}/clubs/{w.club.pk}/members/{w.membership.pk}/", None),
    ),
}
# The world's invitation is for a scorer: it would change nothing for these (409).
UNCHANGED_BY_ACCEPTING = {"owner", "director", "scorer"}
# Creates that name their club in the body answer as for a club that does not exist.
BODY_CLUB = {"create player", "create league", "create game"}


def send(client: APIClient, method: str, url: str, body):
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, body, format="json")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(WRITES))
def test_each_role_may_write_only_what_its_role_allows(world, users, client_for, action, role):
    allowed, request = WRITES[action]
    method, url, body = request(world)
    before = snapshot()
    response = send(client_for(users[role]), method, url, body)
    private = not world.club.is_public

    if action == "accept invitation" and role in UNCHANGED_BY_ACCEPTING:
        assert error_of(response, 409) == ("role_unchanged", "token")
        assert snapshot() == before
        return
    if role in allowed:
        assert 200 <= response.status_code < 300, response.content
        assert snapshot() != before
        return
    if role == "anonymous":
        assert error_of(response, 401)[0] == "not_authenticated"
    elif role == "outsider" and private and action in BODY_CLUB:
        assert error_of(response, 400) == ("unknown_club", "club")
        missing = dict(body, club=world.club.pk + 1000)
        assert said(send(client_for(users[role]), method, url, missing)) == said(response)
    elif role == "outsider" and private:
        assert error_of(response, 404)[0] == "not_found"
        assert str(world.club.name) not in response.content.decode()
    else:
        assert error_of(response, 403)[0] == "permission_denied"
    assert snapshot() == before


# --- Reads ------------------------------------------------------------------------------------

READS = {
    "club": lambda w: f"{API}/clubs/{w.club.pk}/",
    "members": lambda w: f"{API}/clubs/{w.club.pk}/members/",
    "invitations": lambda w: f"{API}/clubs/{w.club.pk}/invitations/",
    "player": lambda w: f"{API}/players/{w.players[0].pk}/",
    "league": lambda w: f"{API}/leagues/{w.league.pk}/",
    "league standings": lambda w: f"{API}/leagues/{w.league.pk}/standings/",
    "club standings": lambda w: f"{API}/clubs/{w.club.pk}/standings/",
    "seasons": lambda w: f"{API}/leagues/{w.league.pk}/seasons/",
    "game detail": lambda w: g(w, ""),
    "scoreboard": lambda w: g(w, "scoreboard/"),
    "history": lambda w: g(w, "history/"),
    "hands": lambda w: g(w, "hands/"),
    "hand": lambda w: g(w, "hands/1/"),
    "disputes": lambda w: g(w, "hands/1/disputes/"),
}
# Lists across clubs: everyone gets 200; what is not visible is simply not listed.
LISTS = {
    "clubs": (lambda w: f"{API}/clubs/", lambda w: 1),
    "players": (lambda w: f"{API}/players/?club={w.club.pk}", lambda w: len(w.players)),
    "leagues": (lambda w: f"{API}/leagues/?club={w.club.pk}", lambda w: 1),
    "games": (lambda w: f"{API}/games/?club={w.club.pk}", lambda w: 1),
}


def read_status(read: str, role: str, public: bool) -> int:
    if read == "members":  # the member list is for members, public club or not
        if role == "anonymous":
            return 401
        if role not in CLUB_ROLES:
            return 403 if public else 404
        return 200
    if read == "invitations":  # for owners only
        if role == "anonymous":
            return 401
        if role in CLUB_ROLES or public:
            return 200 if role in OWNERS else 403
        return 404
    return 200 if public or role in CLUB_ROLES else 404


@pytest.mark.parametrize("read", list(READS))
def test_each_role_reads_what_the_clubs_visibility_allows(world, users, client_for, read):
    url = READS[read](world)
    public = world.club.is_public
    for role in ROLES:
        response = client_for(users[role]).get(url)
        expected = read_status(read, role, public)
        assert response.status_code == expected, (role, response.status_code, response.content)
        if expected == 404:
            assert world.club.name not in response.content.decode()


@pytest.mark.parametrize("read", list(LISTS))
def test_lists_show_a_private_clubs_rows_only_to_its_members(world, users, client_for, read):
    url, size = LISTS[read]
    for role in ROLES:
        response = client_for(users[role]).get(url(world))
        assert response.status_code == 200, (role, response.content)
        rows = response.json()["results"]
        if read == "clubs":
            rows = [r for r in rows if r["id"] == world.club.pk]
        visible = world.club.is_public or role in CLUB_ROLES
        assert len(rows) == (size(world) if visible else 0), (role, rows)


def test_a_private_clubs_games_do_not_show_up_by_player_filter(users, client_for):
    world = build_world(users, "private")
    url = f"{API}/games/?player={world.players[0].pk}"
    assert client_for(users["outsider"]).get(url).json()["count"] == 0
    assert client_for(users["member"]).get(url).json()["count"] == 1


def test_a_game_cannot_seat_another_clubs_player_or_reveal_its_name(users, client_for):
    public = build_world(users, "public")
    hidden = build_club(users, name="Hidden", slug="hidden", is_public=False, players=1)
    secret = services.create_player(club=hidden, name="Zebediah Secret")
    pat = make_user("pat_public_scorer")
    services.set_membership(club=public.club, user=pat, role="scorer")
    before = snapshot()
    body = {"club": public.club.pk, "players": [p.pk for p in public.players[:3]] + [secret.pk]}
    response = client_for(pat).post(f"{API}/games/", body, format="json")
    assert response.status_code == 400, response.content
    assert "Zebediah" not in response.content.decode()
    assert snapshot() == before


def test_an_owner_cannot_leave_the_club_without_an_owner(users, client_for):
    world = build_world(users, "public")
    mine = Membership.objects.get(club=world.club, user=users["owner"])
    before = snapshot()
    url = f"{API}/clubs/{world.club.pk}/members/{mine.pk}/"
    response = client_for(users["owner"]).patch(url, {"role": "member"}, format="json")
    assert error_of(response, 409)[0] == "last_owner"
    assert error_of(client_for(users["owner"]).delete(url), 409)[0] == "last_owner"
    assert snapshot() == before


# --- Device tokens and sessions ---------------------------------------------------------------

TOKENS = f"{API}/auth/tokens/"


def token_client(key: str, scheme: str = "Token") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {key}")
    return client


def test_a_device_token_is_created_used_listed_without_its_key_and_revoked(users, client_for):
    world = build_world(users, "public")
    scorer = client_for(users["scorer"])
    body = {"name": "Table 3 phone", "password": PASSWORD}  # the password asked again
    response = scorer.post(TOKENS, body, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    key = created["key"]
    assert len(key) >= 32 and created["prefix"] == key[:8]
    stored = DeviceToken.objects.get(pk=created["id"])
    assert stored.key_hash != key and key not in stored.key_hash and stored.user == users["scorer"]

    phone = token_client(key)
    entered = phone.put(
        f"{API}/games/{world.game.pk}/hands/2/", {"points": [13, 13, 0, 0]}, format="json"
    )
    assert entered.status_code == 201, entered.content
    assert Hand.objects.get(game=world.game, number=2).entered_by == users["scorer"]
    assert DeviceToken.objects.get(pk=created["id"]).last_used_at is not None
    assert token_client(key, "Bearer").get(TOKENS).status_code == 200

    listed = scorer.get(TOKENS)
    assert listed.status_code == 200
    [row] = listed.json()["results"]
    assert row["id"] == created["id"] and row["name"] == "Table 3 phone"
    assert set(row) == {
        *("id", "name", "prefix", "created_at", "last_used_at", "expires_at", "revoked_at")
    }
    assert key not in listed.content.decode()

    revoked = scorer.delete(f"{TOKENS}{created['id']}/")
    assert revoked.status_code == 200 and revoked.json()["revoked_at"] is not None
    refused = phone.put(
        f"{API}/games/{world.game.pk}/hands/3/", {"points": [13, 13, 0, 0]}, format="json"
    )
    assert error_of(refused, 401)[0] == "authentication_failed"
    assert not Hand.objects.filter(game=world.game, number=3).exists()
    assert error_of(phone.get(TOKENS), 401)[0] == "authentication_failed"


def test_a_token_of_another_user_is_not_found_and_stays_valid(users, client_for):
    token, key = services.create_device_token(user=users["director"], name="Director's tablet")
    response = client_for(users["scorer"]).delete(f"{TOKENS}{token.pk}/")
    assert error_of(response, 404)[0] == "not_found"
    assert DeviceToken.objects.get(pk=token.pk).revoked_at is None
    assert token_client(key).get(TOKENS).status_code == 200
    assert client_for(users["scorer"]).get(TOKENS).json()["results"] == []


def test_tokens_need_a_login_and_a_wrong_key_is_refused(users, client_for):
    assert error_of(client_for(None).get(TOKENS), 401)[0] == "not_authenticated"
    assert error_of(client_for(None).post(TOKENS, {"name": "x"}), 401)[0] == "not_authenticated"
    assert error_of(token_client("not-a-real-key").get(TOKENS), 401)[0] == ("authentication_failed")
    assert not DeviceToken.objects.exists()


def test_a_session_login_reads_and_writes_with_csrf_protection(users):
    world = build_world(users, "private")
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(request=HttpRequest(), username=users["scorer"].username, password=PASSWORD)
    assert client.get(f"{API}/games/{world.game.pk}/scoreboard/").status_code == 200
    url = f"{API}/games/{world.game.pk}/hands/2/"
    body = {"points": [13, 13, 0, 0]}
    assert error_of(client.put(url, body, format="json"), 403)[0] == "permission_denied"
    assert not Hand.objects.filter(game=world.game, number=2).exists()
    secret = "a" * 32
    client.cookies["csrftoken"] = secret
    response = client.put(url, body, format="json", headers={"X-CSRFToken": secret})
    assert response.status_code == 201, response.content
    assert Game.objects.get(pk=world.game.pk).hands_played == 2


# --- Game creation refuses what the club does not have -----------------------------------------

HUGE_ID = 2**64 + 1  # beyond any row id: SQLite cannot even bind it


def test_ids_beyond_64_bits_are_refused_with_400_not_a_500(public_club, scorer_api):
    before = snapshot()
    body = {"club": public_club.pk, "players": [HUGE_ID, *[p.pk for p in public_club.seated[:3]]]}
    response = scorer_api.post(f"{API}/games/", body, format="json")
    assert error_of(response, 400) == ("max_value", "players.0")
    assert error_of(scorer_api.get(f"{API}/games/?player={HUGE_ID}"), 400)[1] == "player"
    assert scorer_api.get(f"{API}/games/?player={public_club.seated[0].pk}").status_code == 200
    assert snapshot() == before


def test_a_game_in_a_season_that_does_not_exist_is_refused_not_created_seasonless(
    public_club, director_api
):
    league = services.create_league(club=public_club, name="Thursday", ruleset="standard")
    season = services.create_season(
        league=league, name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    seated = [p.pk for p in public_club.seated[:4]]
    before = snapshot()
    body = {"league": league.pk, "season": season.pk + 1000, "players": seated}
    response = director_api.post(f"{API}/games/", body, format="json")
    assert error_of(response, 400) == ("unknown_season", "season")
    assert snapshot() == before
    response = director_api.post(f"{API}/games/", {**body, "season": season.pk}, format="json")
    assert response.status_code == 201, response.content
    assert (response.json()["league"], response.json()["season"]) == (league.pk, season.pk)
