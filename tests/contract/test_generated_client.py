"""The API as an integrator meets it (issue 17): a client generated from the schema as served,
and a whole league game played through that client alone.

Once per session, ``generated_client`` (tests/contract/conftest.py) runs the README's own
``openapi-python-client generate`` command against ``/api/schema/`` of a live server
(pytest-django's ``live_server``: the app in a thread, on the test database) into a temporary
directory and imports the package from there. Nothing generated is kept in the repository.

``test_a_league_game_through_the_generated_client`` then signs in and keeps a league game from
the club's creation to its standings, ratings and CSV through the generated operations and
models only: the ORM makes Olga, who founds the club, and nothing else. Every 4xx the flow
provokes must be the one error body, ``{"type", "errors": [{"code", "detail", "attr"}],
"request_id"}``. (test_generated_client_integrator.py plays on: sign-up, webhooks, budgets.)
``test_the_response_models_the_flow_reads_are_typed`` walks the generated models the flow's
responses use and fails on any field left untyped (``Any``, a bare ``dict`` or
``list``, a free-form object).
"""

from __future__ import annotations

import csv
import importlib
import inspect
import io
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

from adjudication.engine import adjudicate
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from adjudication.services import ruleset_for
from tests.scoring.support import PlayedHand, play_hand

PASSWORD = "a long contract-test password"

# Every operation the flow calls, by operation id; the typed-fields test walks the response
# models of these, and the flow checks that it called nothing else.
FLOW_OPERATIONS = (
    "auth_sign_in",
    "auth_sign_up",
    "auth_tokens_list",
    "clubs_create",
    "clubs_invitations_create",
    "invitations_accept",
    "players_create",
    "players_stats",
    "players_bg_stats",
    "players_bgg_plays",
    "players_ratings",
    "leagues_create",
    "leagues_update",
    "leagues_standings",
    "leagues_standings_csv",
    "leagues_hands_csv",
    "games_create",
    "games_retrieve",
    "games_hands_enter",
    "games_hands_correct",
    "games_hands_void",
    "games_hands_disputes_create",
    "games_hands_disputes_resolve",
    "games_scoreboard",
    "games_history_list",
)


# The client is generated once per session (tests/contract/conftest.py: ``generated_client``).


class Api:
    """The generated operations as ``api.<tag>.<operation id>`` (the tag only reads well: an
    operation is found by its id), remembering which the flow called."""

    def __init__(self, package: types.ModuleType, base_url: str) -> None:
        self.package = package
        self.models = importlib.import_module(f"{package.__name__}.models")
        self.base_url = base_url
        self.called: set[str] = set()

    def __getattr__(self, tag: str) -> Any:
        api = self

        class Tag:
            def __getattr__(self, name: str) -> Any:
                api.called.add(name)
                api_dir = Path(api.package.__file__).parent / "api"
                (source,) = api_dir.glob(f"*/{name}.py")
                module = f"{api.package.__name__}.api.{source.parent.name}.{name}"
                return importlib.import_module(module)

        return Tag()

    def anonymous(self) -> Any:
        return self.package.Client(base_url=self.base_url, raise_on_unexpected_status=True)

    def signed_in(self, key: str) -> Any:
        return self.package.AuthenticatedClient(
            base_url=self.base_url, token=key, prefix="Token", raise_on_unexpected_status=True
        )


def ok(response: Any, status: int = 200) -> Any:
    """The parsed body of a success, after checking its status."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response.parsed is not None
    return response.parsed


def error_of(api: Api, response: Any, status: int) -> tuple[str, str | None]:
    """The first error's (code, attr) after checking the status and the one error body, as
    the generated client parses it: the schema declares ``ErrorBody`` for every error an
    operation can give, so a client never gets None for one."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    raw = json.loads(response.content)
    assert set(raw) == {"type", "errors", "request_id"}, raw
    assert raw["request_id"] == response.headers["X-Request-ID"], raw
    assert all(set(item) == {"code", "detail", "attr"} for item in raw["errors"]), raw
    body = response.parsed
    assert isinstance(body, api.models.ErrorBody), f"{status} parsed as {type(body).__name__}"
    assert body.type_ == ("validation_error" if status == 400 else "client_error"), raw
    assert body.errors and isinstance(body.errors[0].detail, str) and body.errors[0].detail
    return body.errors[0].code, body.errors[0].attr


def sign_in(api: Api, username: str, device_name: str) -> Any:
    """A phone signs in with a username and password and keeps the device token it gets."""
    request = api.models.DeviceSignInInputRequest
    wrong = api.auth.auth_sign_in.sync_detailed(
        client=api.anonymous(),
        body=request(username=username, password="not it", device_name=device_name),
    )
    assert error_of(api, wrong, 400) == ("invalid_credentials", None)
    signed = ok(
        api.auth.auth_sign_in.sync_detailed(
            client=api.anonymous(),
            body=request(username=username, password=PASSWORD, device_name=device_name),
        ),
        201,
    )
    assert signed.name == device_name and isinstance(signed.key, str) and signed.key
    client = api.signed_in(signed.key)
    tokens = ok(api.auth.auth_tokens_list.sync_detailed(client=client))
    assert device_name in [token.name for token in tokens.results]
    return client


def renege_hand(rules, *, hand_number: int, dealer: int) -> tuple[PlayedHand, int]:
    """A seeded random hand with exactly one illegal play, a renege, and no moon."""
    for seed in range(500):
        at = 5 + seed % 40
        if at % rules.players == 0:
            continue
        played = play_hand(rules, seed, hand_number=hand_number, dealer=dealer, deviate_at=at)
        if played.moon:
            continue
        ruling = adjudicate(rules, played.plays, first_leader=played.leader)
        if [v.rule for v in ruling.violations] == [MUST_FOLLOW_SUIT]:
            return played, ruling.violations[0].seat
    raise AssertionError("no seed gives a single renege")


def legal_hand(rules, *, hand_number: int, dealer: int) -> PlayedHand:
    """A seeded random legal hand with no moon."""
    return next(
        played
        for seed in range(100)
        if not (played := play_hand(rules, seed, hand_number=hand_number, dealer=dealer)).moon
    )


def plus(a: list[int], b: list[int], sign: int = 1) -> list[int]:
    return [x + sign * y for x, y in zip(a, b, strict=True)]


# --- The flow ---------------------------------------------------------------------------------


@pytest.fixture
def people(django_user_model):
    """Olga, who founds the club: the flow's only use of the ORM (an account made beforehand
    signs in; Dirk, a director of another club, signs up through the API)."""
    return [django_user_model.objects.create_user("olga", password=PASSWORD)]


def test_a_league_game_through_the_generated_client(generated_client, live_server, people):
    api = Api(generated_client, live_server.url)
    m = api.models

    # Anonymous writes are refused with the error body.
    anonymous_write = api.clubs.clubs_create.sync_detailed(
        client=api.anonymous(), body=m.ClubInputRequest(name="Nobody's", slug="nobodys")
    )
    assert error_of(api, anonymous_write, 401) == ("not_authenticated", None)

    # Olga signs in on her phone, founds a club (she is its owner) and seats four players.
    olga = sign_in(api, "olga", "olga's phone")
    club = ok(
        api.clubs.clubs_create.sync_detailed(
            client=olga, body=m.ClubInputRequest(name="Riverside", slug="riverside")
        ),
        201,
    )
    assert (club.name, club.slug, club.is_public) == ("Riverside", "riverside", True)
    names = ["Ann", "Bo", "Cy", "Di"]
    players = [
        ok(
            api.players.players_create.sync_detailed(
                client=olga, body=m.PlayerInputRequest(club=club.id, name=name)
            ),
            201,
        )
        for name in names
    ]

    # A league: the standard rules with a renege costing the whole hand, ranked by total points.
    league = ok(
        api.leagues.leagues_create.sync_detailed(
            client=olga,
            body=m.LeagueInputRequest.from_dict(
                {
                    "club": club.id,
                    "name": "Thursday league",
                    "ruleset": {"preset": "standard", "renege_penalty": "takes_all"},
                    "ranking": {"criterion": "total_points", "tie_breaks": ["shared"]},
                }
            ),
        ),
        201,
    )
    assert league.ruleset.renege_penalty == "takes_all"
    assert league.ranking.criterion == "total_points"

    # A game in the league: seats in clockwise order, Ann deals first.
    game_body = m.GameInputRequest(league=league.id, players=[p.id for p in players])
    game = ok(api.games.games_create.sync_detailed(client=olga, body=game_body), 201)
    assert [s.name for s in game.seats] == names and game.first_dealer == 0
    assert game.status == "in_progress" and game.ruleset.moon == "shooter_choice"
    rules = ruleset_for(game.ruleset.to_dict())
    # The league has a game: its ruleset stays (sent again, it is no change).
    change = api.leagues.leagues_update.sync_detailed(
        league.id,
        client=olga,
        body=m.PatchedLeagueUpdateInputRequest.from_dict({"ruleset": "omnibus"}),
    )
    assert error_of(api, change, 409) == ("league_has_games", "ruleset")
    same = m.PatchedLeagueUpdateInputRequest.from_dict({"ruleset": league.ruleset.to_dict()})
    kept = ok(api.leagues.leagues_update.sync_detailed(league.id, client=olga, body=same))
    assert kept.ruleset.renege_penalty == "takes_all"
    totals = [0, 0, 0, 0]

    def enter(number: int, body: Any, status: int = 201) -> Any:
        return ok(
            api.games.games_hands_enter.sync_detailed(game.id, number, client=olga, body=body),
            status,
        )

    # Hand 1 at the points level: Ann took the Q♠; Bo 5 hearts, Cy and Di 4 each.
    first = m.HandEntryInputRequest(points=[13, 5, 4, 4])
    result = enter(1, first)
    totals = plus(totals, [13, 5, 4, 4])
    assert (result.hand.dealer, result.hand.pass_direction, result.hand.level) == (
        0,
        "left",
        "points",
    )
    assert list(result.hand.scores) == [13, 5, 4, 4] and result.totals == totals
    assert (result.next_hand, result.next_dealer, result.next_pass) == (2, 1, "right")
    # The same entry sent again (a retry) is the same hand, not a second one.
    assert enter(1, first, 200).totals == totals

    # Hand 2 at the cards_taken level: Bo took the Q♠ and five hearts.
    taken = [
        [],
        ["QS", "2H", "3H", "4H", "5H", "6H"],
        ["7H", "8H", "9H", "TH"],
        ["JH", "QH", "KH", "AH"],
    ]
    result = enter(2, m.HandEntryInputRequest(cards_taken=taken))
    totals = plus(totals, [0, 18, 4, 4])
    assert list(result.hand.points) == [0, 18, 4, 4] and result.totals == totals
    assert (result.next_dealer, result.next_pass) == (2, "across")

    # Hand 3 at the plays level: the whole record with each seat's cards after the pass.
    third = legal_hand(rules, hand_number=3, dealer=2)
    result = enter(3, m.HandEntryInputRequest(plays=third.plays, hands=third.holdings))
    totals = plus(totals, third.points)
    assert result.hand.level == "plays" and list(result.hand.points) == third.points
    assert result.hand.adjudication.violations == []
    assert result.totals == totals and (result.next_dealer, result.next_pass) == (3, "hold")

    # Hand 4: Cy shoots the moon. Without the choice the entry is refused...
    moon = {"points": [0, 0, 26, 0]}
    refused = api.games.games_hands_enter.sync_detailed(
        game.id, 4, client=olga, body=m.HandEntryInputRequest.from_dict(moon)
    )
    assert error_of(api, refused, 400) == ("moon_choice_required", "moon_choice")
    # ... a hand out of order is a conflict ...
    early = api.games.games_hands_enter.sync_detailed(
        game.id, 6, client=olga, body=m.HandEntryInputRequest(points=[13, 5, 4, 4])
    )
    assert error_of(api, early, 409) == ("hand_out_of_order", None)
    # ... and with the choice, 26 is added to each of the others.
    result = enter(
        4, m.HandEntryInputRequest(points=[0, 0, 26, 0], moon_choice=m.MoonChoiceEnum.ADD_TO_OTHERS)
    )
    totals = plus(totals, [26, 26, 0, 26])
    assert list(result.hand.scores) == [26, 26, 0, 26] and result.hand.moon_shooter == 2
    assert result.hand.moon_choice == "add_to_others" and result.totals == totals
    assert (result.next_hand, result.next_dealer, result.next_pass) == (5, 0, "left")
    version = result.game_version

    # A correction of hand 1 (Ann and Cy's points were swapped), at the version seen.
    correction = m.PatchedHandCorrectionInputRequest(
        points=[4, 5, 13, 4], reason="Ann and Cy swapped"
    )
    result = ok(
        api.games.games_hands_correct.sync_detailed(
            game.id, 1, client=olga, body=correction, if_match=f'"{version}"'
        )
    )
    totals = plus(totals, [-9, 0, 9, 0])
    assert list(result.hand.scores) == [4, 5, 13, 4] and result.totals == totals
    assert result.game_version > version
    # The same correction at the version seen before it is stale.
    stale = api.games.games_hands_correct.sync_detailed(
        game.id, 1, client=olga, body=correction, if_match=f'"{version}"'
    )
    assert error_of(api, stale, 412) == ("version_mismatch", None)

    # Hand 2 is voided (a misdeal): its scores no longer count.
    void = api.games.games_hands_void.sync_detailed(
        game.id,
        2,
        client=olga,
        body=m.HandVoidInputRequest(reason="misdeal"),
        if_match=f'"{result.game_version}"',
    )
    result = ok(void)
    totals = plus(totals, [0, 18, 4, 4], -1)
    assert result.hand.is_void and result.totals == totals
    assert void.headers["ETag"] == f'"{result.game_version}"'

    # Hand 5, entered as points; then a renege dispute with the trick record, and its ruling.
    fifth, offender = renege_hand(rules, hand_number=5, dealer=0)
    result = enter(5, m.HandEntryInputRequest(points=fifth.points))
    assert list(result.hand.scores) == fifth.points  # no penalty before a director rules
    assert result.totals == plus(totals, fifth.points)
    dispute = ok(
        api.games.games_hands_disputes_create.sync_detailed(
            game.id,
            5,
            client=olga,
            body=m.DisputeInputRequest(
                plays=fifth.plays, hands=fifth.holdings, reason="showed a club later"
            ),
        ),
        201,
    )
    [violation] = dispute.ruling.violations
    assert (violation.rule, violation.seat) == (MUST_FOLLOW_SUIT, offender)
    assert dispute.status == "open" and dispute.hand == 5

    # Dirk, a director of another club, may not resolve it.
    other = ok(
        api.clubs.clubs_create.sync_detailed(
            client=olga, body=m.ClubInputRequest(name="Hillside", slug="hillside")
        ),
        201,
    )
    invitation = ok(
        api.members.clubs_invitations_create.sync_detailed(
            other.id, client=olga, body=m.InvitationInputRequest(role=m.RoleEnum.DIRECTOR)
        ),
        201,
    )
    # Dirk has no account: he makes it on his tablet with the invitation, in one step.
    signed_up = ok(
        api.auth.auth_sign_up.sync_detailed(
            client=api.anonymous(),
            body=m.SignUpInputRequest(
                username="dirk",
                name="Dirk Director",
                password=PASSWORD,
                device_name="dirk's tablet",
                invitation=invitation.token,
            ),
        ),
        201,
    )
    membership = signed_up.membership
    assert (membership.username, membership.role) == ("dirk", "director")
    assert signed_up.user.name == "Dirk Director" and signed_up.token.key
    dirk = api.signed_in(signed_up.token.key)
    # Olga opening her own club's link would change nothing: refused, and the link kept.
    own = ok(
        api.members.clubs_invitations_create.sync_detailed(
            other.id, client=olga, body=m.InvitationInputRequest(role=m.RoleEnum.MEMBER)
        ),
        201,
    )
    unchanged = api.members.invitations_accept.sync_detailed(
        client=olga, body=m.InvitationAcceptInputRequest(token=own.token)
    )
    assert error_of(api, unchanged, 409) == ("role_unchanged", "token")
    accept = m.DisputeResolveInputRequest(decision=m.DecisionEnum.ACCEPT, note="a renege")
    refused = api.games.games_hands_disputes_resolve.sync_detailed(
        game.id, 5, dispute.id, client=dirk, body=accept
    )
    assert error_of(api, refused, 403) == ("permission_denied", None)

    # Olga, the club's owner, directs it: she accepts, and the offender takes all 26.
    resolved = ok(
        api.games.games_hands_disputes_resolve.sync_detailed(
            game.id, 5, dispute.id, client=olga, body=accept
        )
    )
    assert resolved.status == "accepted" and resolved.resolved_at is not None
    penalised = [26 if seat == offender else 0 for seat in range(4)]
    totals = plus(totals, penalised)
    board = ok(api.games.games_scoreboard.sync_detailed(game.id, client=olga))
    assert board.hands[4].renege_by == offender and board.hands[4].scores == penalised
    assert board.totals == totals

    # A count dispute of hand 1, entered as points: Di says she took the heart Bo was given.
    claim = ok(
        api.games.games_hands_disputes_create.sync_detailed(
            game.id,
            1,
            client=olga,
            body=m.DisputeInputRequest(points=[4, 4, 13, 5], reason="Di took the 9♥, not Bo"),
        ),
        201,
    )
    assert (claim.claim.points, claim.claim.recorded_points) == ([4, 4, 13, 5], [4, 5, 13, 4])
    assert claim.reason == "Di took the 9♥, not Bo" and claim.ruling is None
    accepted = ok(
        api.games.games_hands_disputes_resolve.sync_detailed(
            game.id, 1, claim.id, client=olga, body=accept
        )
    )
    assert accepted.status == "accepted" and accepted.resolution_note == "a renege"
    totals = plus(totals, [0, -1, 0, 1])
    assert ok(api.games.games_retrieve.sync_detailed(game.id, client=olga)).totals == totals

    # More hands until someone reaches 100: the game ends, the lowest total wins.
    number = 6
    while max(totals) < 100:
        points = [[13, 13, 0, 0], [0, 13, 13, 0], [0, 0, 13, 13], [13, 0, 0, 13]][number % 4]
        result = enter(number, m.HandEntryInputRequest(points=points))
        totals = plus(totals, points)
        assert result.totals == totals
        number += 1
    winners = [seat for seat in range(4) if totals[seat] == min(totals)]
    assert result.status == "finished" and result.winners == winners
    assert (result.next_hand, result.next_dealer) == (None, None)
    late = api.games.games_hands_enter.sync_detailed(
        game.id, number, client=olga, body=m.HandEntryInputRequest(points=[13, 13, 0, 0])
    )
    assert error_of(api, late, 409) == ("game_over", None)

    # The scoreboard a person reads: every hand, running totals, the moon, the void, the renege.
    board = ok(api.games.games_scoreboard.sync_detailed(game.id, client=api.anonymous()))
    assert [row.number for row in board.hands] == list(range(1, number))
    assert [row.level for row in board.hands[:3]] == ["points", "cards_taken", "plays"]
    assert board.hands[1].is_void and board.hands[0].scores == [4, 4, 13, 5]
    assert (board.hands[3].moon.shooter, board.hands[3].moon.choice) == (
        2,
        "add_to_others",
    )
    assert board.hands[-1].running_totals == totals == board.totals
    assert board.status == "finished" and board.winners == winners and board.target_score == 100
    assert [s.name for s in board.seats] == names
    finished = ok(api.games.games_retrieve.sync_detailed(game.id, client=olga))
    assert finished.status == "finished" and list(finished.totals) == totals

    # The history keeps every change, with its reason and the hand before and after.
    history = ok(api.games.games_history_list.sync_detailed(game.id, client=olga, limit=100))
    actions = [entry.action for entry in history.results]
    assert actions[:8] == [
        "game_created",
        "hand_entered",
        "hand_entered",
        "hand_entered",
        "hand_entered",
        "hand_corrected",
        "hand_voided",
        "hand_entered",
    ]
    assert actions[8:12] == ["dispute_opened", "dispute_accepted"] * 2
    assert actions.count("hand_entered") == number - 1
    corrected = history.results[5]
    assert (corrected.hand_number, corrected.reason, corrected.actor) == (
        1,
        "Ann and Cy swapped",
        f"User {people[0].pk}",  # a display name, never the login name
    )
    assert corrected.before.scores == [13, 5, 4, 4]
    assert corrected.after.scores == [4, 5, 13, 4]

    # The league table, ranked by total points (lowest first), as JSON and as CSV.
    table = ok(api.leagues.leagues_standings.sync_detailed(league.id, client=api.anonymous()))
    assert table.name == "Thursday league" and table.ranking.criterion == "total_points"
    rows = {row.name: row for row in table.rows}
    assert sorted(rows) == sorted(names)
    assert [rows[names[seat]].total_points for seat in range(4)] == totals
    assert [rows[names[seat]].wins for seat in range(4)] == [int(s in winners) for s in range(4)]
    assert all(row.games == 1 and row.hands == number - 2 for row in table.rows)
    assert [row.total_points for row in table.rows] == sorted(totals)
    assert table.rows[0].rank == 1 and table.rows[0].name in [names[s] for s in winners]
    csv_text = standings_csv(api, league.id)
    csv_rows = list(csv.DictReader(io.StringIO(csv_text)))
    assert [(r["name"], int(r["total_points"])) for r in csv_rows] == [
        (row.name, row.total_points) for row in table.rows
    ]
    hands_csv = ok(api.leagues.leagues_hands_csv.sync_detailed(league.id, client=api.anonymous()))
    counted = [r for r in csv.DictReader(io.StringIO(hands_csv))]
    assert len(counted) == 4 * (number - 2)  # every seat of every hand but the void one

    # The winner's statistics and rating history.
    best = players[winners[0]]
    stats = ok(api.players.players_stats.sync_detailed(best.id, client=api.anonymous()))
    overall = stats.overall
    assert (overall.games, overall.wins, overall.total_points) == (
        1,
        1,
        totals[winners[0]],
    )
    [in_league] = stats.leagues
    assert (in_league.name, in_league.games) == ("Thursday league", 1)

    # The same game where players already log their plays: BG Stats and BoardGameGeek.
    bg_stats = ok(api.players.players_bg_stats.sync_detailed(best.id, client=api.anonymous()))
    [play] = bg_stats.plays
    assert bg_stats.games[0].bgg_id == 6887 and bg_stats.games[0].highest_wins is False
    by_ref = {p.id: p.name for p in bg_stats.players}
    assert [(by_ref[s.player_ref_id], int(s.score), s.winner) for s in play.player_scores] == [
        (names[seat], totals[seat], seat in winners) for seat in range(4)
    ]
    [logged] = ok(api.players.players_bgg_plays.sync_detailed(best.id, client=api.anonymous()))
    assert (logged.objectid, logged.location, logged.comments) == (6887, club.name, league.name)
    assert [(p.name, p.position, p.win) for p in logged.players] == [
        (names[seat], str(seat + 1), seat in winners) for seat in range(4)
    ]
    ratings = {
        seat: ok(api.players.players_ratings.sync_detailed(players[seat].id, client=olga))
        for seat in range(4)
    }
    assert all([e.game for e in ratings[seat].results] == [game.id] for seat in range(4))
    last = max(range(4), key=lambda seat: totals[seat])
    assert ratings[winners[0]].results[0].rating > ratings[last].results[0].rating

    assert api.called <= set(FLOW_OPERATIONS), api.called - set(FLOW_OPERATIONS)


def standings_csv(api: Api, league_id: int) -> str:
    """The league table as CSV, through its own generated operation."""
    response = api.standings.leagues_standings_csv.sync_detailed(league_id, client=api.anonymous())
    assert response.status_code == 200, response.content[:500]
    assert response.headers["content-type"].startswith("text/csv")
    return response.content.decode()


# --- Typed responses --------------------------------------------------------------------------

# An annotation that says nothing of the value: Any, object, or a bare list or dict.
UNTYPED = re.compile(r"\bAny\b|\bobject\b|\b(?:list|dict)\b(?!\[)")
FREE_FORM = "dict[str, Any]"  # every generated model's additional_properties


def response_models(operation: types.ModuleType) -> list[type]:
    """The models an operation's responses parse into (``Response[A | B | ...]``)."""
    [parsed] = typing.get_args(inspect.signature(operation.sync_detailed).return_annotation)
    return [t for t in typing.get_args(parsed) or (parsed,) if attrs.has(t)]


def untyped_fields(models: types.ModuleType, roots: list[type]) -> list[str]:
    """``Model.field: annotation`` for every untyped field of ``roots`` and the models they
    nest, and ``Model: free-form object`` for a model with no declared field at all."""
    found: list[str] = []
    seen: set[type] = set()
    todo = list(roots)
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        declared = [f for f in attrs.fields(model) if f.name != "additional_properties"]
        if not declared:
            found.append(f"{model.__name__}: free-form object ({FREE_FORM})")
        for field in declared:
            annotation = field.type if isinstance(field.type, str) else repr(field.type)
            if UNTYPED.search(annotation):
                found.append(f"{model.__name__}.{field.name}: {annotation}")
            for name in re.findall(r"\b[A-Z]\w*", annotation):
                nested = getattr(models, name, None)
                if isinstance(nested, type) and attrs.has(nested):
                    todo.append(nested)
    return sorted(found)


def test_the_response_models_the_flow_reads_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    operations = [getattr(api.any, name) for name in FLOW_OPERATIONS]
    roots = [model for op in operations for model in response_models(op)]
    assert {"HandResultOutput", "ScoreboardOutput", "StandingsOutput"} <= {
        model.__name__ for model in roots
    }
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)
