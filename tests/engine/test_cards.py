"""Cards: integers ``suit * 13 + rank``, canonical names, and what the parser accepts."""

import pytest

from adjudication.engine import (
    HeartsError,
    card_name,
    cards_in,
    mask_of,
    names,
    parse_card,
    parse_cards,
)

SUITS = "CDHS"
RANKS = "23456789TJQKA"


def test_every_card_is_suit_times_thirteen_plus_rank_and_prints_canonically():
    for suit_index, suit in enumerate(SUITS):
        for rank_index, rank in enumerate(RANKS):
            number = suit_index * 13 + rank_index
            assert card_name(number) == rank + suit
            assert parse_card(rank + suit) == number


def test_the_landmark_cards_have_the_expected_numbers():
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("JD") == 22
    assert parse_card("2H") == 26
    assert parse_card("QS") == 49
    assert parse_card("AS") == 51


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "TH"),
        ("10d", "TD"),
        ("th", "TH"),
        ("qs", "QS"),
        ("Qs", "QS"),
        ("aH", "AH"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("A♥", "AH"),
        ("7♦", "7D"),
        ("2♣", "2C"),
        ("10♣", "TC"),
        ("Q♥️", "QH"),  # the emoji presentation selector U+FE0F that phones append
        ("J♦️", "JD"),
        ("10♠️", "TS"),
        (" QS ", "QS"),
    ],
)
def test_it_reads_ten_lower_case_suit_symbols_and_the_emoji_selector(text, expected):
    assert card_name(parse_card(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Q",
        "S",
        "1S",
        "11H",
        "0H",
        "QX",
        "SQ",  # suit then rank is not accepted
        "QSS",
        "10",
        "♥Q",
        "QS QS",
        "Q\uff33",  # fullwidth S
        "\uff31\uff33",  # fullwidth Q and S
        "\uff11\uff10H",  # fullwidth digits
        "Q\u0421",  # Cyrillic Es for C
        "\u041aS",  # Cyrillic Ka for K
        "\u0410H",  # Cyrillic A
        "Q♡",  # white heart suit, not the black one
        "Q♤",
        "Q♢",
        "Q♧",
        "Q\u017f",  # long s: str.upper() turns it into S
        "\u01ebs",  # o with ogonek
        "Q\u200bS",  # zero-width space inside the name
    ],
)
def test_it_rejects_malformed_cards_and_unicode_look_alikes(text):
    with pytest.raises(HeartsError) as caught:
        parse_card(text, "plays.3")
    assert caught.value.code == "invalid_card"
    assert caught.value.field == "plays.3"
    assert "plays.3" in caught.value.message


@pytest.mark.parametrize("value", [None, 49, 1.5, b"QS", ["QS"], True])
def test_it_rejects_values_that_are_not_text_as_invalid_cards(value):
    with pytest.raises(HeartsError) as caught:
        parse_card(value, "card")
    assert caught.value.code == "invalid_card"
    assert caught.value.field == "card"


def test_a_bad_card_in_a_list_is_named_by_its_index():
    with pytest.raises(HeartsError) as caught:
        parse_cards(["2C", "10h", "Q\uff33", "AH"], "plays")
    assert caught.value.code == "invalid_card"
    assert caught.value.field == "plays.2"
    assert "plays.2" in caught.value.message


def test_a_list_of_cards_parses_in_order():
    assert parse_cards(["2C", "10h", "Q♠️"], "hands.0") == (0, 34, 49)


def test_a_list_that_is_not_a_list_is_refused():
    with pytest.raises(HeartsError) as caught:
        parse_cards("2C 3C", "plays")
    assert caught.value.code == "not_a_list"
    assert caught.value.field == "plays"


def test_masks_and_card_lists_round_trip_in_ascending_order():
    hand = [parse_card(name) for name in ("AS", "2C", "QH", "TD")]
    holding = mask_of(hand)
    assert holding == (1 << 0) | (1 << 21) | (1 << 36) | (1 << 51)
    assert cards_in(holding) == (0, 21, 36, 51)
    assert names(holding) == ["2C", "TD", "QH", "AS"]
    assert names((49, 0)) == ["QS", "2C"]
    assert cards_in(0) == ()
