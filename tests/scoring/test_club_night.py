"""A league evening with confirmations, played through the API: three tables, hands confirmed
from other seats' phones and by PIN on the scorer's device, one query turned dispute and
resolved, one correction confirmed again. After every step the league table counts exactly
the confirmed hands of the finished games, and says how many hands wait; the room view shows
every table.

The expected table is worked out here, from the hands this test has confirmed: the game ends
when a seat reaches the target (30) over the hands that count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from scoring import selectors, services
from scoring.models import Hand, Role

from .conftest import make_user
from .support import API, hand_url

TARGET = 30
RULESET = {"preset": "standard", "target_score": TARGET}


@dataclass
class Table:
    game: int
    players: list  # Player rows in seat order
    hands: dict[int, list[int]] = field(default_factory=dict)  # number -> points, all entered
    counted: set[int] = field(default_factory=set)

    def totals(self) -> list[int]:
        totals = [0, 0, 0, 0]
        for number in sorted(self.counted):
            totals = [t + p for t, p in zip(totals, self.hands[number], strict=True)]
        return totals

    @property
    def finished(self) -> bool:
        return max(self.totals()) >= TARGET


@dataclass
class Evening:
    league: int
    tables: list[Table]
    phones: dict  # player id -> APIClient signed in as the player's account
    pins: dict  # player id -> PIN
    scorer: object
    director: object

    def expected(self) -> dict[int, tuple[int, int]]:
        """Player id -> (hands, total points) in the league table: finished games only."""
        rows: dict[int, tuple[int, int]] = {}
        for table in self.tables:
            if not table.finished:
                continue
            for seat, player in enumerate(table.players):
                rows[player.pk] = (len(table.counted), table.totals()[seat])
        return rows

    def waiting(self) -> int:
        return sum(len(set(t.hands) - t.counted) for t in self.tables)

    def check(self) -> None:
        body = self.director.get(f"{API}/leagues/{self.league}/standings/").json()
        shown = {row["player"]: (row["hands"], row["total_points"]) for row in body["rows"]}
        assert shown == self.expected()
        assert body["awaiting_confirmation"] == self.waiting()

    def enter(self, table: Table, points: list[int]) -> int:
        number = len(table.hands) + 1
        response = self.scorer.put(hand_url(table.game, number), {"points": points}, format="json")
        assert response.status_code == 201, response.content
        assert response.json()["hand"]["confirmation"] == "awaiting"
        table.hands[number] = points
        self.check()
        return number

    def confirm_by_phone(self, table: Table, number: int, seat: int) -> None:
        phone = self.phones[table.players[seat].pk]
        body = {"revision": revision_of(table.game, number)}
        response = phone.post(hand_url(table.game, number, "confirm/"), body, format="json")
        assert response.status_code == 200, response.content
        table.counted.add(number)
        assert response.json()["totals"] == table.totals()
        self.check()

    def confirm_by_pin(self, table: Table, number: int, seat: int) -> None:
        player = table.players[seat]
        body = {"player": player.pk, "pin": self.pins[player.pk]}
        body["revision"] = revision_of(table.game, number)
        response = self.scorer.post(hand_url(table.game, number, "confirm/"), body, format="json")
        assert response.status_code == 200, response.content
        table.counted.add(number)
        self.check()


def revision_of(game: int, number: int) -> int:
    """The revision of the hand a player reads before confirming it."""
    return Hand.objects.get(game_id=game, number=number).revision


@pytest.fixture
def evening(public_club, users, client_for) -> Evening:
    club = public_club
    extra = [services.create_player(club=club, name=f"Guest {i}") for i in range(6)]
    players = club.seated + extra
    league = services.create_league(club=club, name="Club night", ruleset=RULESET, confirmations=1)
    phones, pins, tables = {}, {}, []
    for index in range(3):
        seated = players[index * 4 : index * 4 + 4]
        game = services.create_game(club=club, league=league, players=seated, actor=users["owner"])
        tables.append(Table(game.pk, seated))
        for seat, player in enumerate(seated):
            if seat < 2:  # seats 0 and 1 have phones; 2 and 3 confirm by PIN
                account = make_user(f"player_{player.pk}")
                services.claim_player(player=player, user=account)
                phones[player.pk] = client_for(account)
            else:
                pins[player.pk] = f"{100000 + player.pk}"
                services.set_pin(player=player, pin=pins[player.pk])
    for claim in selectors.pending_claims(club):
        services.decide_claim(
            claim_id=claim.pk, club_id=club.pk, decision="approve", actor=users["director"]
        )
    services.set_membership(club=club, user=users["scorer"], role=Role.SCORER)
    return Evening(
        league.pk, tables, phones, pins, client_for(users["scorer"]), client_for(users["director"])
    )


def test_a_league_evening_counts_exactly_the_confirmed_hands_at_every_step(evening):
    one, two, three = evening.tables
    evening.check()

    # Table one: three hands, each confirmed from another seat's phone or by PIN; the third
    # confirmation ends the game (seat 0 reaches 39), and only then does the table count it.
    for number, confirm in ((1, "phone"), (2, "pin"), (3, "phone")):
        evening.enter(one, [13, 5, 4, 4])
        if confirm == "phone":
            evening.confirm_by_phone(one, number, seat=1)
        else:
            evening.confirm_by_pin(one, number, seat=2)
    assert one.finished

    # Table two: hand 1 is queried by seat 1 (who says seat 2 took the queen): a dispute a
    # director accepts, after which the claimed count counts.
    evening.enter(two, [13, 5, 4, 4])
    phone = evening.phones[two.players[1].pk]
    query = phone.post(
        hand_url(two.game, 1, "query/"),
        {"points": [4, 5, 13, 4], "reason": "Cleo took the queen", "revision": 1},
        format="json",
    )
    assert query.status_code == 201, query.content
    evening.check()
    room = evening.director.get(f"{API}/clubs/{_club_of(evening)}/room/").json()
    waiting = {t["game"]: t for t in room["tables"]}[two.game]
    assert waiting["disputes"][0]["id"] == query.json()["id"]
    assert waiting["awaiting"] == [{"number": 1, "confirmation": "queried"}]
    resolved = evening.director.post(
        hand_url(two.game, 1, f"disputes/{query.json()['id']}/resolve/"),
        {"decision": "accept", "note": "the table agrees"},
        format="json",
    )
    assert resolved.status_code == 200, resolved.content
    two.hands[1] = [4, 5, 13, 4]
    two.counted.add(1)
    evening.check()
    for number in (2, 3):
        evening.enter(two, [4, 5, 13, 4])
        evening.confirm_by_pin(two, number, seat=3)
    assert two.finished

    # Table three: a finished game's last hand corrected needs confirming again: until then
    # the game is unfinished and leaves the table; confirmed, it is back with the new count.
    for number in (1, 2, 3):
        evening.enter(three, [5, 13, 4, 4])
        evening.confirm_by_phone(three, number, seat=0)
    assert three.finished
    corrected = evening.scorer.patch(
        hand_url(three.game, 3),
        {"points": [13, 5, 4, 4], "reason": "the queen was seat 0's"},
        format="json",
    )
    assert corrected.status_code == 200, corrected.content
    three.hands[3] = [13, 5, 4, 4]
    three.counted.discard(3)
    assert not three.finished
    evening.check()
    evening.confirm_by_phone(three, 3, seat=1)
    assert three.finished
    assert evening.waiting() == 0


def _club_of(evening: Evening) -> int:
    from scoring.models import League

    return League.objects.get(pk=evening.league).club_id
