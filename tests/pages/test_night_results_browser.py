"""Issue 49's night, played from phones in Debian's Chromium at 360 px (the wall at 1920 x
1080), on the database the run is given (PostgreSQL with ``DATABASE_URL``): eight players of a
league that confirms its hands at the table, three rounds.

Round 1 is timed: a hand is queried across the bell, another confirmed late, after the hand in
play at the bell; a hand after the round's last is refused; the round's end is refused while
the query waits, and the director rules on it from the night page. Round 2 is one hand a
table: a second hand is refused while the first awaits confirmation, and the director confirms
the last waiting hand for its table. Round 3 is two hands. After the night closes its results
are provisional until the correction window closes, then final: a scorer's correction is
refused, a director's counts at once, listed with the standings.

Every standing (after each round, as kept then, and now) is checked against a count made here
from the hands this test entered and saw confirmed; the wall's leaders, the night page, the
sheet and the API give one order."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone
from playwright.sync_api import Page, expect
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Game, GameStatus, Night, NightRound, Role
from tests.pages.conftest import SCREENSHOTS, make_user
from tests.pages.test_night_browser import check_page_state, press, said, tables_of

# The wall test's browsers: a phone, or the wall's computer at 1920 x 1080, signed in if asked.
from tests.pages.test_wall_browser import browsers as phones  # noqa: F401 - a fixture
from tests.pages.test_wall_browser import written

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ada", "Ben", "Cleo", "Dev", "Edie", "Fay", "Gus", "Hal"]
PLACE_POINTS = [4, 2, 1, 0]  # the night's default formula at a table of four


class Count:
    """The night as this test played it: each game's hands by number, which of them count,
    and the round it belongs to. The standings are counted from these alone."""

    def __init__(self):
        self.hands: dict[int, dict[int, list[int]]] = defaultdict(dict)
        self.counted: dict[int, set[int]] = defaultdict(set)
        self.round_of: dict[int, int] = {}
        self.seats: dict[int, list[str]] = {}

    def totals(self, game: int) -> list[int]:
        totals = [0, 0, 0, 0]
        for number in sorted(self.counted[game]):
            totals = [t + p for t, p in zip(totals, self.hands[game][number], strict=True)]
        return totals

    def standings(self, up_to: int) -> dict[str, tuple[int, float, int]]:
        """Each player: (games, place points, total points) over the games of rounds 1 to
        ``up_to`` (a game counts once one of its hands counts)."""
        rows = {name: [0, 0.0, 0] for name in NAMES}
        for game, number in self.round_of.items():
            if number > up_to or not self.counted[game]:
                continue
            totals = self.totals(game)
            for seat, name in enumerate(self.seats[game]):
                lower = sum(1 for t in totals if t < totals[seat])
                tied = sum(1 for t in totals if t == totals[seat])
                points = sum(PLACE_POINTS[lower : lower + tied]) / tied
                rows[name][0] += 1
                rows[name][1] += points
                rows[name][2] += totals[seat]
        return {name: (g, round(p, 2), t) for name, (g, p, t) in rows.items()}


def read_table(region) -> dict[str, tuple[int, float, int]]:
    """A standings table on a page: each player's games, place points and total, as shown."""
    rows = region.locator("tbody tr")
    expect(rows).to_have_count(len(NAMES))
    found = {}
    for row in rows.all():
        name = row.locator("th").evaluate("th => th.firstChild.textContent.trim()")
        cells = [c.inner_text() for c in row.locator("td").all()]
        found[name] = (int(cells[1]), float(cells[3]), int(cells[4]))
    return found


def order_of(region) -> list[str]:
    return [
        row.locator("th").evaluate("th => th.firstChild.textContent.trim()")
        for row in region.locator("tbody tr").all()
    ]


def test_a_night_of_late_confirmations_a_query_across_the_bell_and_a_correction_after_close(
    live_server,
    club,
    people,
    phones,  # noqa: F811 - the imported fixture
):
    url = live_server.url
    olive, sam = people["owner"], people["scorer"]
    league = services.create_league(
        club=club, name="Confirmed league", ruleset="standard", confirmations=1
    )
    players = {p.name: p for p in club.seated}
    for name in NAMES[len(players) :]:
        players[name] = services.create_player(club=club, name=name)
    for name, player in players.items():  # every player confirms from their own phone
        player.user = make_user(name.lower())
        player.save(update_fields=["user"])
        services.set_membership(club=club, user=player.user, role=Role.MEMBER)
    count = Count()
    open_phones: dict[str, Page] = {}

    def phone_of(name: str) -> Page:
        if name not in open_phones:
            open_phones[name] = phones(name.lower())
        return open_phones[name]

    director, scorer = phones(olive.username), phones(sam.username)

    def enter(game: Game, number: int, points: list[int]) -> None:
        scorer.goto(f"{url}/games/{game.pk}/enter/")
        for seat, value in enumerate(points):
            scorer.fill(f"#id_seat_{seat}", str(value))
        press(scorer, f"Record hand {number}")
        said(scorer, f"Hand {number} recorded")
        count.hands[game.pk][number] = points

    def confirm(game: Game, number: int, seat: int) -> None:
        phone = phone_of(count.seats[game.pk][seat])
        phone.goto(f"{url}/games/{game.pk}/")
        phone.locator(f'li.card[data-hand="{number}"]').get_by_role(
            "button", name=f"Confirm hand {number}"
        ).click()
        said(phone, f"Hand {number} is confirmed")
        count.counted[game.pk].add(number)

    def games_of(number: int) -> list[Game]:
        games = []
        for table in tables_of(number):
            game = table.game
            count.round_of[game.pk] = number
            count.seats[game.pk] = [
                s.player.name for s in game.seats.select_related("player").order_by("seat")
            ]
            games.append(game)
        return games

    def night_page() -> None:
        director.goto(night_url)

    def standings_now(after: int) -> None:
        """The night page's standings (now) and the sheet's kept tables, each as counted."""
        night_page()
        region = director.get_by_role("region", name=f"Standings after round {after}")
        assert read_table(region) == count.standings(after)

    def start(number: int, length: int, ends_by: str) -> list[Game]:
        night_page()
        press(director, f"Draw round {number}")
        press(director, f"Publish round {number}")
        director.fill("#round-length", str(length))
        director.select_option("#round-ends-by", ends_by)
        press(director, f"Start round {number}")
        said(director, f"Round {number} started")
        return games_of(number)

    def end(number: int) -> None:
        night_page()
        press(director, f"End round {number}")
        said(director, f"Round {number} is over")

    def settle(game: Game, number: int, table: str, reason: str, check: str = "") -> None:
        night_page()
        waiting = director.locator("#waiting-hands")
        waiting.get_by_text(f"Settle {table}, hand {number}").click()
        director.fill(f"#settle-reason-{game.pk}-{number}", reason)
        if check:
            check_page_state(director, check)
        waiting.get_by_role("button", name="Confirm as director").click()
        said(director, f"{table}, hand {number} is confirmed for the table")
        count.counted[game.pk].add(number)

    # The director opens the night from the pages: three rounds, 30 minutes for corrections.
    director.goto(f"{url}/clubs/{club.slug}/nights/new/")
    director.select_option("#id_league", label=league.name)
    director.fill("#id_name", "Confirmed Friday")
    director.fill("#id_rounds", "3")
    director.get_by_label("After some minutes, on the server's clock").check()
    director.fill("#id_length", "30")
    expect(director.locator("#id_correction_minutes")).to_have_value("30")
    press(director, "Open the night")
    said(director, "Confirmed Friday is open")
    night_url = director.url
    for name in NAMES:
        director.select_option("#check-in-player", label=name)
        press(director, "Check in")
    night = Night.objects.get()

    # Round 1, on the clock. Table 1's first hand is queried before the bell; Table 2's waits.
    one, two = start(1, 30, "minutes")
    enter(one, 1, [13, 13, 0, 0])
    querier = phone_of(count.seats[one.pk][1])
    querier.goto(f"{url}/games/{one.pk}/")
    card = querier.locator('li.card[data-hand="1"]')
    card.get_by_text("Query hand 1").click()
    querier.fill("#query-reason-1", "I took 12, not 13")
    check_page_state(querier, "results-01-a-player-queries-a-hand")
    card.get_by_role("button", name="Query the hand").click()
    said(querier, "Hand 1 is queried")
    enter(two, 1, [20, 6, 0, 0])

    # The bell, after every hand recorded so far: the hands in play at it are finished.
    timed = NightRound.objects.get(number=1)
    back = max(timed.ends_at - timezone.now(), timedelta(0))

    def bell() -> None:
        NightRound.objects.filter(pk=timed.pk).update(ends_at=F("ends_at") - back)
        Game.objects.filter(pk__in=[one.pk, two.pk]).update(round_ends_at=F("round_ends_at") - back)

    written(bell)
    enter(one, 2, [0, 6, 20, 0])
    enter(two, 2, [0, 13, 13, 0])
    confirm(one, 2, seat=3)
    confirm(two, 2, seat=3)  # Table 2's last hand first: hand 1 still holds the game open
    two.refresh_from_db()
    assert two.status == GameStatus.IN_PROGRESS
    confirm(two, 1, seat=2)  # confirmed late, after the bell: it counts in round 1
    two.refresh_from_db()
    assert (two.status, two.end_reason, two.hands_played) == ("finished", "round_over", 2)
    # A hand after the round's last is refused, whatever waits.
    scorer.goto(f"{url}/games/{one.pk}/enter/")
    for seat, value in enumerate([13, 13, 0, 0]):
        scorer.fill(f"#id_seat_{seat}", str(value))
    press(scorer, "Record hand 3")
    expect(scorer.locator("main")).to_contain_text("The round is over at this table")
    # The round does not end while the query waits: the night page names it.
    night_page()
    expect(director.locator(".night-table-card.waiting")).to_contain_text(
        "Hand 1 is queried: rule on it"
    )
    press(director, "End round 1")
    expect(director.locator(".messages")).to_contain_text("Hands still wait")
    expect(director.locator("#waiting-hands")).to_contain_text("hand 1")
    check_page_state(director, "results-02-the-end-refused-the-hands-that-wait")
    settle(one, 1, "Table 1", "The table agrees: 13 stands", "results-03-settling-a-hand")
    one.refresh_from_db()
    assert (one.status, one.end_reason, one.hands_played) == ("finished", "round_over", 2)
    end(1)
    standings_now(1)
    check_page_state(director, "results-04-round-1-over")
    wall = phones(wall=True)
    wall.goto(f"{url}/clubs/{club.slug}/wall/")
    expect(wall.locator(".wall-leaders .night-results")).to_contain_text("Provisional results")
    expect(wall.locator(".wall-leaders li")).to_have_count(len(NAMES))
    page_order = order_of(director.get_by_role("region", name="Standings after round 1"))
    assert [n.strip() for n in wall.locator(".wall-leaders li .who").all_inner_texts()] == (
        page_order
    )
    wall.screenshot(path=SCREENSHOTS / "results-04-wall-after-round-1-1920.png")
    assert wall.evaluate("document.documentElement.scrollHeight") <= 1080  # one screen

    # Round 2, one hand a table: a second hand is refused while the first awaits confirmation.
    three, four = start(2, 1, "hands")
    enter(three, 1, [13, 0, 13, 0])
    scorer.goto(f"{url}/games/{three.pk}/enter/")
    for seat, value in enumerate([0, 0, 13, 13]):
        scorer.fill(f"#id_seat_{seat}", str(value))
    press(scorer, "Record hand 2")
    expect(scorer.locator("main")).to_contain_text("The round is over at this table")
    expect(scorer.locator(".banner")).to_contain_text("its last hand is in, and waits")
    expect(scorer.get_by_role("link", name="Enter hand 2")).to_have_count(0)
    check_page_state(scorer, "results-05-a-hand-after-the-rounds-last")
    enter(four, 1, [6, 0, 0, 20])
    confirm(three, 1, seat=1)  # late, after the refused second hand
    settle(four, 1, "Table 2", "Nobody at the table has a phone")
    end(2)
    standings_now(2)
    kept = {n: count.standings(n) for n in (1, 2)}

    # Round 3, two hands a table, confirmed from the players' phones; its end closes the night.
    for game in start(3, 2, "hands"):
        enter(game, 1, [13, 5, 4, 4])
        confirm(game, 1, seat=1)
        enter(game, 2, [4, 13, 5, 4])
        confirm(game, 2, seat=2)
    end(3)
    said(director, "The night is over.")
    standings_now(3)
    expect(director.locator(".night-results")).to_contain_text("Corrections are welcome until")
    check_page_state(director, "results-06-the-night-closed-provisional")

    # The window closes (the sweep's finalize, as manage.py sweep runs it every minute).
    night.refresh_from_db()
    written(lambda: services.finalize_nights(now=night.closed_at + timedelta(minutes=30)))
    night_page()
    expect(director.locator(".night-results")).to_contain_text("Final since")

    # A scorer's correction is refused now; a director's, with a reason, counts at once.
    def correct(phone: Page, why: str) -> None:
        phone.goto(f"{url}/games/{two.pk}/hands/1/correct/")
        for seat, value in enumerate([6, 20, 0, 0]):
            phone.fill(f"#id_seat_{seat}", str(value))
        phone.fill("#id_reason", why)
        press(phone, "Save correction")

    correct(scorer, "Swapped seats")
    expect(scorer.locator("main")).to_contain_text("only a director corrects them")
    correct(director, "The score sheet shows the Q♠ with seat 2")
    said(director, "Hand 1 corrected")
    count.hands[two.pk][1] = [6, 20, 0, 0]
    standings_now(3)
    expect(director.locator(".night-corrections")).to_contain_text(
        "The score sheet shows the Q♠ with seat 2"
    )
    check_page_state(director, "results-07-final-and-corrected")

    # The sheet: the state, each table's hands, the standings as each round ended (later
    # moves marked), the standings now, and the signature lines.
    director.goto(f"{night_url}sheet/")
    expect(director.locator(".night-results")).to_contain_text("Final since")
    expect(director.locator(".sheet-table")).to_have_count(6)
    expect(director.locator(".signature-line")).to_have_count(6 + 3)
    for number, counted in kept.items():
        region = director.locator(".sheet-standing").nth(number - 1)
        assert read_table(region) == counted, number  # as it stood when the round ended
    expect(director.locator(".sheet-standing").nth(0).locator("tr.moved")).not_to_have_count(0)
    final = director.locator(".sheet-final")
    assert read_table(final) == count.standings(3)
    sheet_order = order_of(final)
    check_page_state(director, "results-08-the-sheet")
    director.emulate_media(media="print")
    pdf = director.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    (SCREENSHOTS / "results-night-sheet.pdf").write_bytes(pdf)
    director.emulate_media(media="screen")

    # One order: the night page, the sheet, the wall's leaders and the API.
    night_page()
    page_order = order_of(director.get_by_role("region", name="Standings after round 3"))
    wall.goto(f"{url}/clubs/{club.slug}/wall/")
    expect(wall.locator(".wall-leaders .night-results")).to_contain_text("Final results")
    wall_order = [n.strip() for n in wall.locator(".wall-leaders li .who").all_inner_texts()]
    wall.screenshot(path=SCREENSHOTS / "results-09-wall-1920.png")
    assert wall.evaluate("document.documentElement.scrollHeight") <= 1080
    api = APIClient().get(f"/api/v1/clubs/{club.pk}/nights/{night.pk}/").json()
    api_order = [row["name"] for row in api["latest"]["rows"]]
    assert page_order == sheet_order == wall_order == api_order
    assert api["results"]["state"] == "final" and len(api["results"]["corrections"]) == 1
