"""Hand records through the API: exported streamed with bounded queries, imported by a
director in one transaction (a dry run first), the same record twice adding nothing."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.models import Game, Hand, Player
from scoring.record import read_json, read_text
from tests.records.support import play_game


def body(answer) -> str:
    return b"".join(answer.streaming_content).decode()


def fresh_client(client_for, user):
    """A client whose user has no roles read yet (roles are kept on the user per request)."""
    return client_for(get_user_model().objects.get(pk=user.pk))


@pytest.fixture
def copy_club(users):
    return services.create_club(user=users["director"], name="Copy", slug="copy")


def test_a_games_record_is_streamed_as_text_and_as_its_json_twin(public_club, owner, client):
    game = play_game(public_club, owner, level="plays", hands=2, seed=4)
    answer = client.get(f"/api/v1/games/{game.pk}/hand-record/")
    assert answer.status_code == 200 and answer.streaming
    assert answer["Content-Type"].startswith("text/plain")
    assert f'filename="game-{game.pk}.hrec"' in answer["Content-Disposition"]
    text = body(answer)
    assert text.startswith('[HeartsRecord "1"]\n[Game "riverside:')
    [read] = read_text(text).games
    assert [hand["number"] for hand in read["hands"]] == [1, 2]
    assert read["hands"][0]["tricks"][0]["cards"][0] == "2C"
    twin = client.get(f"/api/v1/games/{game.pk}/hand-record/", {"form": "json"})
    assert twin["Content-Type"] == "application/json"
    assert read_json(body(twin)).games == [read]


def test_one_hands_record_is_the_game_cut_after_it_and_reads_back(public_club, owner, client):
    game = play_game(public_club, owner, level="plays", hands=3, seed=5)
    [whole] = read_text(body(client.get(f"/api/v1/games/{game.pk}/hand-record/"))).games
    answer = client.get(f"/api/v1/games/{game.pk}/hands/2/hand-record/")
    assert answer.status_code == 200
    assert f'filename="game-{game.pk}-hand-2.hrec"' in answer["Content-Disposition"]
    [cut] = read_text(body(answer)).games
    assert cut["hands"] == whole["hands"][:2]
    assert {k: v for k, v in cut.items() if k != "hands"} == {
        k: v for k, v in whole.items() if k != "hands"
    }
    twin = client.get(f"/api/v1/games/{game.pk}/hands/2/hand-record/", {"form": "json"})
    assert read_json(body(twin)).games == [cut]
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"/api/v1/games/{game.pk}/hands/3/hand-record/" in page


def test_a_hand_the_game_does_not_have_is_a_404_naming_it(public_club, owner, client):
    game = play_game(public_club, owner, level="points", hands=2, seed=6)
    answer = client.get(f"/api/v1/games/{game.pk}/hands/9/hand-record/")
    assert answer.status_code == 404
    assert answer.json()["errors"][0]["code"] == "hand_not_found"


def test_a_wrong_form_or_an_unknown_parameter_is_a_400_naming_it(public_club, owner, client):
    game = play_game(public_club, owner, hands=1)
    wrong = client.get(f"/api/v1/games/{game.pk}/hand-record/", {"form": "pbn"})
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "invalid_form"
    unknown = client.get(f"/api/v1/games/{game.pk}/hand-record/", {"colour": "red"})
    assert unknown.status_code == 400


def test_a_private_clubs_record_is_not_found_for_an_outsider(
    private_club, owner, client_for, outsider
):
    game = services.create_game(club=private_club, players=private_club.seated[:4], actor=owner)
    assert client_for(outsider).get(f"/api/v1/games/{game.pk}/hand-record/").status_code == 404
    answer = client_for(outsider).get(f"/api/v1/clubs/{private_club.pk}/hand-record/")
    assert answer.status_code == 404


def test_a_clubs_record_takes_as_many_queries_for_six_games_as_for_two(
    public_club, owner, client, django_assert_max_num_queries
):
    for seed in range(2):
        play_game(public_club, owner, level="cards_taken", hands=2, seed=seed)
    url = f"/api/v1/clubs/{public_club.pk}/hand-record/"
    with django_assert_max_num_queries(12) as two:
        assert len(read_text(body(client.get(url))).games) == 2
    for seed in range(2, 6):
        play_game(public_club, owner, level="plays", hands=3, seed=seed)
    with django_assert_max_num_queries(len(two.captured_queries)):
        assert len(read_text(body(client.get(url))).games) == 6


def test_a_leagues_record_holds_its_games_under_its_name(public_club, owner, client):
    league = services.create_league(club=public_club, name="Autumn", ruleset="omnibus")
    services.create_game(
        club=public_club, players=public_club.seated[:4], actor=owner, league=league
    )
    play_game(public_club, owner, hands=1)  # a friendly game, not the league's
    [game] = read_text(body(client.get(f"/api/v1/leagues/{league.pk}/hand-record/"))).games
    assert (game["event"], game["preset"]) == ("Autumn", "omnibus")


def test_an_unknown_nights_record_is_not_found(public_club, client):
    assert client.get(f"/api/v1/clubs/{public_club.pk}/nights/99/hand-record/").status_code == 404


def test_a_dry_run_says_what_would_be_added_and_adds_nothing(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="points", hands=3, seed=2)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    director = fresh_client(client_for, users["director"])
    url = f"/api/v1/clubs/{copy_club.pk}/hand-record/import/"
    preview = director.post(url, {"record": text, "dry_run": True}, format="json")
    assert preview.status_code == 200
    assert preview.json()["games_added"] == [read_text(text).games[0]["game"]]
    assert preview.json()["hands_added"] == 3 and preview.json()["dry_run"] is True
    assert not Game.objects.filter(club=copy_club).exists()
    assert not Player.objects.filter(club=copy_club).exists()


def test_importing_the_same_record_twice_adds_nothing_the_second_time(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="plays", hands=2, seed=5)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    director = fresh_client(client_for, users["director"])
    url = f"/api/v1/clubs/{copy_club.pk}/hand-record/import/"
    first = director.post(url, {"record": text}, format="json").json()
    again = director.post(url, {"record": text}, format="json").json()
    assert (len(first["games_added"]), again["games_added"]) == (1, [])
    assert again["games_present"] == first["games_added"]
    assert Hand.objects.filter(game__club=copy_club).count() == 2
    home = fresh_client(client_for, users["director"])
    back = home.post(
        f"/api/v1/clubs/{public_club.pk}/hand-record/import/", {"record": text}, format="json"
    )
    assert back.json()["games_present"] == first["games_added"]  # its own games, recognised


def test_the_same_game_id_with_other_contents_is_refused_and_nothing_is_stored(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="points", hands=2, seed=6)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    director = fresh_client(client_for, users["director"])
    url = f"/api/v1/clubs/{copy_club.pk}/hand-record/import/"
    director.post(url, {"record": text}, format="json")
    changed = text.replace('[Table ""]', '[Table "Table 9"]')
    answer = director.post(url, {"record": changed}, format="json")
    assert answer.status_code == 409
    assert answer.json()["errors"][0] | {"detail": ""} == {
        "code": "record_game_differs",
        "detail": "",
        "attr": "record:1:1",
    }


def test_a_hand_whose_scores_the_rules_do_not_give_is_refused_naming_its_line(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="points", hands=2, seed=7)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    lines = text.split("\n")
    second = lines.index("Hand 2")
    scores = next(n for n in range(second, len(lines)) if lines[n].startswith("Scores "))
    lines[scores] = "Scores 1 2 3 4"
    director = fresh_client(client_for, users["director"])
    answer = director.post(
        f"/api/v1/clubs/{copy_club.pk}/hand-record/import/",
        {"record": "\n".join(lines)},
        format="json",
    )
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["code"], error["attr"]) == ("hand_disagrees", f"record:{second + 1}:1")
    assert not Game.objects.filter(club=copy_club).exists()  # the first hand went too


def test_a_malformed_record_is_a_400_with_its_code_line_and_column(copy_club, client_for, users):
    director = fresh_client(client_for, users["director"])
    answer = director.post(
        f"/api/v1/clubs/{copy_club.pk}/hand-record/import/",
        {"record": '[HeartsRecord "1"]\n[Colour "red"]\n'},
        format="json",
    )
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["code"], error["attr"]) == ("unknown_tag", "record:2:1")


def test_only_a_director_imports(public_club, client_for, scorer):
    answer = client_for(scorer).post(
        f"/api/v1/clubs/{public_club.pk}/hand-record/import/", {"record": "x"}, format="json"
    )
    assert answer.status_code == 403


def test_a_trick_led_by_another_seat_than_the_rules_say_is_refused(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="plays", hands=1, seed=8)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    lines = text.split("\n")
    first = next(n for n, line in enumerate(lines) if line.startswith("Trick "))
    _trick, leader, *cards = lines[first].split(" ")
    lines[first] = " ".join(["Trick", str((int(leader) + 1) % 4), *cards])
    director = fresh_client(client_for, users["director"])
    answer = director.post(
        f"/api/v1/clubs/{copy_club.pk}/hand-record/import/",
        {"record": "\n".join(lines)},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "hand_disagrees"
    assert "leaders" in answer.json()["errors"][0]["detail"]


def test_an_entry_the_engine_refuses_is_refused_with_the_engines_code_at_its_hands_line(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="points", hands=1, seed=10)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    lines = text.split("\n")
    entered = next(n for n, line in enumerate(lines) if line.startswith("Entered "))
    lines[entered] = "Entered 0 0 0 1"
    director = fresh_client(client_for, users["director"])
    answer = director.post(
        f"/api/v1/clubs/{copy_club.pk}/hand-record/import/",
        {"record": "\n".join(lines)},
        format="json",
    )
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    hand_line = lines.index("Hand 1") + 1
    assert error["attr"] == f"record:{hand_line}:1" and error["detail"].startswith("line ")
    assert error["code"] not in ("hand_disagrees", "error")
    assert not Game.objects.filter(club=copy_club).exists()


def test_a_seat_named_past_a_names_length_is_refused_at_its_game(
    public_club, owner, copy_club, client_for, users
):
    play_game(public_club, owner, level="points", hands=1, seed=10)
    text = body(client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/"))
    long = text.replace('[Seat0 "Ada"]', f'[Seat0 "{"A" * 150}"]')
    director = fresh_client(client_for, users["director"])
    answer = director.post(
        f"/api/v1/clubs/{copy_club.pk}/hand-record/import/", {"record": long}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "invalid_name"
    assert answer.json()["errors"][0]["attr"] == "record:1:1"


def test_the_json_twin_imports_new_games_and_names_the_line_of_a_refused_hand(
    public_club, owner, copy_club, client_for, users
):
    import json

    play_game(public_club, owner, level="plays", hands=2, seed=11)
    home = client_for(owner)
    url = f"/api/v1/clubs/{public_club.pk}/hand-record/"
    text, twin = body(home.get(url)), body(home.get(url, {"form": "json"}))
    document = json.loads(twin)
    hand = document["games"][0]["hands"][1]
    hand["holdings"][1][0] = hand["holdings"][0][0]  # a card twice
    pretty = json.dumps(document, indent=1)
    director = fresh_client(client_for, users["director"])
    target = f"/api/v1/clubs/{copy_club.pk}/hand-record/import/"
    refused = director.post(target, {"record": pretty, "form": "json"}, format="json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    lines = pretty.split("\n")
    hand_line = (
        next(n for n, line in enumerate(lines, 1) if line.strip() == '"number": 2,') - 1
    )  # the hand's object opens the line before its first key
    column = lines[hand_line - 1].index("{") + 1
    assert (error["code"], error["attr"]) == ("card_twice", f"record:{hand_line}:{column}")
    assert error["detail"].startswith("/games/0/hands/1: ")
    done = director.post(target, {"record": twin, "form": "json"}, format="json")
    assert done.status_code == 200 and len(done.json()["games_added"]) == 1
    assert body(director.get(f"/api/v1/clubs/{copy_club.pk}/hand-record/")) == text


def test_a_record_sent_as_a_multipart_file_is_imported(
    public_club, owner, client_for, copy_club, users
):
    game = play_game(public_club, owner, hands=2, seed=7)
    text = body(client_for(owner).get(f"/api/v1/games/{game.pk}/hand-record/"))
    director = fresh_client(client_for, users["director"])
    fields = {"record": io.BytesIO(text.encode()), "dry_run": "false"}
    url = f"/api/v1/clubs/{copy_club.pk}/hand-record/import/"
    answer = director.post(url, fields, format="multipart")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["hands_added"] == 2
