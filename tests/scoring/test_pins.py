"""PINs (issue 32, item 3): checked only against a hand awaiting confirmation, one answer for
every failure, a daily cap of wrong guesses on top of the 5-in-a-row rest, and 6 digits for a
new PIN while a shorter PIN set before still confirms.

The table: Ada (seat 0) enters on the scorer's account; Cleo (seat 2) has a PIN; Dev (seat 3)
has none.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Confirmation, Hand, Player
from scoring.services import pins

from .support import error_of, hand_url, said

CLEO_PIN = "271828"


@pytest.fixture
def table(public_club, users):
    club = public_club
    ada, ben, cleo, dev = club.seated[:4]
    services.set_pin(player=cleo, pin=CLEO_PIN)
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    game = services.create_game(
        club=club, league=league, players=[ada, ben, cleo, dev], actor=users["owner"]
    )
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=users["scorer"]
    )
    return {"game": game, "cleo": cleo, "dev": dev, "users": users}


def by_pin(client, table, player, pin: str, number: int = 1):
    body = {"player": player.pk, "pin": pin, "revision": 1}
    return client.post(hand_url(table["game"].pk, number, "confirm/"), body, format="json")


def failures(player) -> tuple[int, int]:
    row = Player.objects.get(pk=player.pk)
    return row.pin_failures, row.pin_day_failures


def test_a_pin_is_read_only_for_a_hand_awaiting_confirmation(table, client_for):
    scorer, cleo = client_for(table["users"]["scorer"]), table["cleo"]
    services.confirm_hand(
        game_id=table["game"].pk,
        number=1,
        actor=table["users"]["scorer"],
        player_id=cleo.pk,
        pin=CLEO_PIN,
    )
    right, wrong = by_pin(scorer, table, cleo, CLEO_PIN), by_pin(scorer, table, cleo, "000000")
    assert right.status_code == wrong.status_code == 409
    assert said(right) == said(wrong)  # the same answer: the PIN was never read
    assert failures(cleo) == (0, 0)
    # A hand that does not exist, likewise.
    assert said(by_pin(scorer, table, cleo, CLEO_PIN, 9)) == said(
        by_pin(scorer, table, cleo, "000000", 9)
    )


def test_every_pin_failure_gives_one_answer_and_nothing_is_confirmed(table, client_for):
    scorer = client_for(table["users"]["scorer"])
    wrong = by_pin(scorer, table, table["cleo"], "000000")
    unset = by_pin(scorer, table, table["dev"], "000000")
    for _ in range(4):
        by_pin(scorer, table, table["cleo"], "000000")
    resting = by_pin(scorer, table, table["cleo"], CLEO_PIN)  # the right one, while it rests
    answers = [wrong, unset, resting]
    assert {a.status_code for a in answers} == {403}
    assert len({str(said(a)) for a in answers}) == 1
    assert error_of(wrong, 403) == ("pin_refused", "pin")
    assert "Retry-After" not in wrong and "Retry-After" not in unset
    assert 0 < int(resting["Retry-After"]) <= 15 * 60 + 1
    assert Hand.objects.get(game=table["game"], number=1).confirmation == Confirmation.AWAITING


def test_a_player_with_no_pin_rests_after_as_many_guesses_as_one_with_a_pin(table, client_for):
    scorer = client_for(table["users"]["scorer"])
    for player in (table["cleo"], table["dev"]):
        for _ in range(pins.PIN_GUESSES):
            assert "Retry-After" not in by_pin(scorer, table, player, "000000")
        assert int(by_pin(scorer, table, player, "000000")["Retry-After"]) > 0


@pytest.fixture
def clock(monkeypatch):
    """``clock.now``: the time the services read, moved on by ``clock.advance``."""

    class Clock:
        now = timezone.make_aware(datetime(2026, 12, 1, 19, 0))

        def advance(self, delta: timedelta) -> None:
            self.now += delta

    fixed = Clock()
    monkeypatch.setattr(timezone, "now", lambda: fixed.now)
    return fixed


def test_a_day_takes_only_so_many_wrong_guesses_however_the_rests_are_waited_out(table, clock):
    cleo = table["cleo"]
    refused = []
    for _ in range(30):  # an evening of guesses, each rest waited out
        try:
            pins.check_pin(cleo.pk, "000000")
        except pins.PinRefused as exc:
            refused.append(exc.wait)
        clock.advance(timedelta(minutes=16) if len(refused) % 5 == 0 else timedelta(seconds=1))
    row = Player.objects.get(pk=cleo.pk)
    assert row.pin_day_failures == pins.PIN_DAILY_GUESSES
    midnight = timezone.make_aware(datetime(2026, 12, 2))
    assert row.pin_blocked_until == midnight
    # The right PIN is not even compared until the next day, then it confirms.
    with pytest.raises(pins.PinRefused):
        pins.check_pin(cleo.pk, CLEO_PIN)
    clock.now = midnight + timedelta(seconds=1)
    assert pins.check_pin(cleo.pk, CLEO_PIN) == cleo
    pins.check_pin(cleo.pk, CLEO_PIN)
    assert Player.objects.get(pk=cleo.pk).pin_day_failures == pins.PIN_DAILY_GUESSES
    with pytest.raises(pins.PinRefused):
        pins.check_pin(cleo.pk, "000000")
    assert Player.objects.get(pk=cleo.pk).pin_day_failures == 1  # a new day's count


def test_a_right_pin_does_not_give_back_the_days_wrong_guesses(table):
    cleo = table["cleo"]
    for _ in range(4):
        with pytest.raises(pins.PinRefused):
            pins.check_pin(cleo.pk, "000000")
    pins.check_pin(cleo.pk, CLEO_PIN)
    assert failures(cleo) == (0, 4)


def test_a_new_pin_has_six_digits_and_a_shorter_one_set_before_still_confirms(table, users):
    cleo = table["cleo"]
    for short in ("4821", "48213", "12a456", "123456789"):
        with pytest.raises(DomainError) as refused:
            services.set_pin(player=cleo, pin=short)
        assert refused.value.code == "invalid_pin"
    Player.objects.filter(pk=cleo.pk).update(pin_hash=make_password("4821"))
    hand = services.confirm_hand(
        game_id=table["game"].pk, number=1, actor=users["scorer"], player_id=cleo.pk, pin="4821"
    )
    assert hand.confirmation == Confirmation.CONFIRMED


def test_the_limits_make_guessing_a_new_pin_hopeless_within_a_season():
    """The sums the module and docs/deploy.md state, from the limits as set."""
    pins_of_six = 10 ** pins.PIN_DIGITS[0]
    years_for_all = pins_of_six / pins.PIN_DAILY_GUESSES / 365.25
    season = 183 * pins.PIN_DAILY_GUESSES / pins_of_six
    assert years_for_all > 250 and season < 0.002
