"""The hand record's reader is strict and total: every malformed input is one RecordError with
a stable code and the line and column it stands at; a good record reads back as written."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.engine import build_ruleset, names
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from scoring.record import RecordError, read_json, read_text, write_json, write_text
from scoring.record.entries import tricks_of
from scoring.record.spec import MAX_BYTES, RULESET_OPTIONS, blank_hand


def a_game(level: str = "plays", seed: int = 3) -> dict:
    rules = build_ruleset()
    rng = random.Random(seed)
    holdings = deal(rules, rng)
    plays = play_randomly(rules, holdings, opening_leader(rules, holdings), rng)
    hand = blank_hand(1)
    hand.update(dealer=0, level=level, points=[0, 0, 13, 13], scores=[0, 0, 13, 13])
    hand["pass"] = "left"
    if level == "plays":
        hand["holdings"] = [names(mask) for mask in holdings]
        hand["tricks"] = tricks_of({"plays": names(plays), "hands": hand["holdings"]}, {}, 4)
    elif level == "cards_taken":
        hand["taken"] = [[], [], ["QS"], ["2H"]]
    else:
        hand["entered_points"] = [0, 0, 13, 13]
    options = build_ruleset().options()
    return {
        "game": "riverside:7",
        "event": "Autumn league",
        "date": "2026-11-30",
        "table": "Table 3",
        "status": "in_progress",
        "preset": "standard",
        "ruleset_version": "1",
        "options": {name: options[name] for name in RULESET_OPTIONS},
        "seats": ["Ada", "Ben", 'Cleo "the Quick"', "Dev"],
        "first_dealer": 0,
        "hands": [hand],
    }


def text_of(*games: dict) -> str:
    return "".join(write_text(games))


def refusal(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_text(text)
    return caught.value


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start))


def replaced(text: str, start: str, new: str) -> str:
    lines = text.split("\n")
    lines[line_of(text, start) - 1] = new
    return "\n".join(lines)


@pytest.mark.parametrize("level", ["points", "cards_taken", "plays"])
def test_a_record_at_each_level_reads_back_as_it_was_written(level):
    games = [a_game(level), {**a_game(level), "game": "riverside:8"}]
    assert read_text(text_of(*games)).games == games
    assert read_json("".join(write_json(games))).games == games


def test_a_card_written_twice_in_a_holding_is_refused_where_it_stands():
    text = text_of(a_game())
    holding = next(line for line in text.split("\n") if line.startswith("Holding 1 "))
    cards = holding.split(" ")
    first = next(line for line in text.split("\n") if line.startswith("Holding 0 ")).split(" ")[2]
    cards[-1] = first
    error = refusal(replaced(text, "Holding 1 ", " ".join(cards)))
    assert (error.code, error.line) == ("card_twice", line_of(text, "Holding 1 "))
    assert error.column == len(" ".join(cards[:-1])) + 2
    assert error.field == f"record:{error.line}:{error.column}"


def test_a_holding_of_fourteen_cards_is_refused():
    text = text_of(a_game())
    holding = next(line for line in text.split("\n") if line.startswith("Holding 0 "))
    error = refusal(replaced(text, "Holding 0 ", holding + " 2C"))
    assert error.code in ("wrong_holding_size", "card_twice")
    other = replaced(text, "Holding 0 ", holding.rsplit(" ", 1)[0] + " " + holding.split(" ")[2])
    assert refusal(other).code == "card_twice"
    short = replaced(text, "Holding 0 ", holding.rsplit(" ", 1)[0])
    assert (refusal(short).code, refusal(short).line) == (
        "wrong_holding_size",
        line_of(text, "Holding 0 "),
    )


def test_a_play_after_the_hand_ended_is_refused():
    text = text_of(a_game())
    at = line_of(text, "Points ")
    lines = text.split("\n")
    lines.insert(at - 1, "Trick 0 2C")
    error = refusal("\n".join(lines))
    assert (error.code, error.line, error.column) == ("play_after_end", at, 1)


def test_a_trick_after_an_unfinished_one_is_refused():
    text = text_of(a_game())
    first = line_of(text, "Trick ")
    lines = text.split("\n")
    lines[first - 1] = lines[first - 1].rsplit(" ", 1)[0]
    error = refusal("\n".join(lines))
    assert (error.code, error.line) == ("play_after_end", first + 1)


def test_an_unknown_tag_is_refused_on_its_line():
    text = text_of(a_game())
    error = refusal(replaced(text, "[Table ", '[Tabel "3"]'))
    assert (error.code, error.line, error.column) == ("unknown_tag", 5, 1)


def test_tags_out_of_order_or_missing_are_refused():
    text = text_of(a_game())
    lines = text.split("\n")
    lines[3], lines[4] = lines[4], lines[3]
    assert refusal("\n".join(lines)).code == "tag_out_of_order"
    without = "\n".join(line for line in text.split("\n") if not line.startswith("[FirstDealer"))
    assert refusal(without).code == "missing_tag"


def test_a_ruleset_version_this_service_does_not_read_is_refused():
    error = refusal(replaced(text_of(a_game()), "[RulesetVersion", '[RulesetVersion "2"]'))
    assert (error.code, error.line, error.column) == ("unsupported_ruleset_version", 8, 18)
    version = refusal(replaced(text_of(a_game()), "[HeartsRecord", '[HeartsRecord "9"]'))
    assert version.code == "unsupported_version"


def test_a_ruleset_the_engine_refuses_is_refused_at_its_option():
    text = replaced(text_of(a_game()), "[Option.players", '[Option.players "9"]')
    error = refusal(text)
    assert (error.code, error.line) == ("invalid_ruleset", line_of(text, "[Option.players"))


def test_an_oversize_record_is_refused_before_it_is_read():
    assert refusal(b"x" * (MAX_BYTES + 1)).code == "record_too_large"


def test_deep_nesting_in_the_json_twin_is_refused():
    deep = "[" * 5000 + "]" * 5000
    with pytest.raises(RecordError) as caught:
        read_json(deep)
    assert caught.value.code == "too_deep"
    text = replaced(text_of(a_game()), "Points ", "Points 0 0 13 13")
    nested = text.replace("Points 0 0 13 13", "Irregularities " + "[" * 50 + "]" * 50, 1)
    assert refusal(nested).code in ("too_deep", "line_out_of_order")


def test_the_json_twin_refuses_an_unknown_key_naming_its_path():
    document = json.loads("".join(write_json([a_game()])))
    document["games"][0]["hands"][0]["colour"] = "red"
    with pytest.raises(RecordError) as caught:
        read_json(json.dumps(document))
    assert caught.value.code == "schema_mismatch"
    assert caught.value.path == "/games/0/hands/0"


def test_a_json_syntax_error_names_its_line_and_column():
    with pytest.raises(RecordError) as caught:
        read_json('{"format": "hearts-record",\n  "version": }')
    assert (caught.value.code, caught.value.line, caught.value.column) == ("bad_json", 2, 14)


def test_lines_out_of_order_unknown_or_for_another_level_are_refused():
    text = text_of(a_game("points"))
    assert refusal(replaced(text, "Entered", "Scores 0 0 13 13")).code == "line_out_of_order"
    assert refusal(replaced(text, "Entered", "Colour red")).code == "unknown_line"
    assert refusal(replaced(text, "Entered", "Taken 0")).code in ("seat_missing", "level_mismatch")
    assert refusal(replaced(text, "Level", "Level plays")).code == "level_mismatch"


def test_a_card_not_written_as_the_service_writes_it_is_refused():
    text = text_of(a_game("cards_taken"))
    error = refusal(replaced(text, "Taken 2", "Taken 2 Q♠"))
    assert (error.code, error.column) == ("bad_card", 9)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_input_gives_games_or_a_record_error_never_another_exception(data):
    for reader in (read_text, read_json):
        try:
            reader(data)
        except RecordError as error:
            assert error.code and error.line >= 1 and error.column >= 1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_a_good_record_with_one_character_changed_is_read_or_refused_cleanly(position, data):
    text = text_of(a_game())
    at = position % len(text)
    char = data.draw(st.sampled_from(' "[]\\0123456789ACDHSTJQK\nx{}'))
    changed = text[:at] + char + text[at + 1 :]
    try:
        read_text(changed)
    except RecordError as error:
        assert error.code and error.line >= 1 and error.column >= 1
