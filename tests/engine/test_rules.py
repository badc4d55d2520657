"""Rulesets and presets (docs/rules.md, Ruleset options and Presets): defaults, player counts,
refusals, immutability."""

import dataclasses

import pytest

from adjudication.engine import (
    OPTION_NAMES,
    PRESETS,
    HeartsError,
    build_ruleset,
    names,
    parse_card,
    ruleset_from_spec,
)

ALL_OPTIONS = {
    "players",
    "removed_cards",
    "pass_count",
    "pass_schedule",
    "first_lead",
    "points_on_first_trick",
    "first_trick_fallback",
    "hearts_must_be_broken",
    "queen_breaks_hearts",
    "lead_hearts_with_only_queen",
    "queen_points",
    "heart_points",
    "king_of_spades_points",
    "ace_of_spades_points",
    "jack_of_diamonds",
    "ten_of_diamonds",
    "moon",
    "moon_scoring_cards",
    "sun",
    "no_trick_bonus",
    "target_score",
    "game_ends",
    "ties",
    "gems",
    "renege_penalty",
    "renege_points",
    # irregularities (docs/rules.md, "Irregularities")
    "revoke_correction",
    "exposed_card",
    "lead_out_of_turn",
    "missed_trick",
    "misdeal",
    "impossible_card",
    "claim_without_line",
    "failed_claim",
}


def refusal(**kwargs):
    preset = kwargs.pop("preset", "standard")
    with pytest.raises(HeartsError) as caught:
        build_ruleset(preset, **kwargs)
    return caught.value


def test_the_option_names_are_exactly_the_options_of_rules_md():
    assert set(OPTION_NAMES) == ALL_OPTIONS
    assert len(OPTION_NAMES) == len(ALL_OPTIONS)


def test_the_presets_are_the_eight_of_rules_md():
    assert set(PRESETS) == {
        "standard",
        "omnibus",
        "qq",
        "qq-single-round",
        "microsoft",
        "black-maria",
        "omnibus-hearts",
        "spot",
    }


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_preset_builds_for_every_player_count_and_spells_every_option(preset, players):
    rules = build_ruleset(preset, players=players)
    spelled = rules.options()
    assert spelled["preset"] == preset
    assert set(spelled) == set(OPTION_NAMES) | {"preset"}
    for option in OPTION_NAMES:
        assert option in spelled
    assert spelled["players"] == players
    assert isinstance(spelled["removed_cards"], list)
    assert all(isinstance(name, str) for name in spelled["removed_cards"])
    assert isinstance(spelled["pass_schedule"], list)
    assert rules.deck_size % players == 0
    assert rules.hand_size * players == rules.deck_size
    # the spelled options rebuild the same ruleset
    rebuilt = ruleset_from_spec(spelled)
    assert rebuilt.options() == spelled


def test_standard_is_the_table_of_rules_md_section_1():
    spelled = build_ruleset("standard").options()
    assert spelled == {
        "preset": "standard",
        "players": 4,
        "removed_cards": [],
        "pass_count": 3,
        "pass_schedule": ["left", "right", "across", "hold"],
        "first_lead": "lowest_club",
        "points_on_first_trick": "allowed",
        "first_trick_fallback": "any",
        "hearts_must_be_broken": True,
        "queen_breaks_hearts": False,
        "lead_hearts_with_only_queen": False,
        "queen_points": 13,
        "heart_points": "one",
        "king_of_spades_points": 0,
        "ace_of_spades_points": 0,
        "jack_of_diamonds": 0,
        "ten_of_diamonds": 0,
        "moon": "shooter_choice",
        "moon_scoring_cards": "on_top",
        "sun": 0,
        "no_trick_bonus": 0,
        "target_score": 100,
        "game_ends": "reach",
        "ties": "shared",
        "gems": False,
        "renege_penalty": "none",
        "renege_points": 26,
        "revoke_correction": "returned_to_hand",
        "exposed_card": "penalty_card",
        "lead_out_of_turn": "foster",
        "missed_trick": "takes_last_trick",
        "misdeal": "redeal",
        "impossible_card": "left_to_director",
        "claim_without_line": "every_line",
        "failed_claim": "claimer_takes_rest",
    }


@pytest.mark.parametrize(
    ("preset", "differences"),
    [
        (
            "omnibus",
            {
                "pass_schedule": ["right", "left", "across", "hold"],
                "points_on_first_trick": "forbidden",
                "queen_breaks_hearts": True,
                "jack_of_diamonds": -10,
            },
        ),
        (
            "qq",
            {
                "points_on_first_trick": "forbidden",
                "moon": "subtract_from_shooter",
                "gems": True,
                "target_score": 100,
            },
        ),
        (
            "qq-single-round",
            {
                "points_on_first_trick": "forbidden",
                "moon": "subtract_from_shooter",
                "gems": True,
                "target_score": None,
            },
        ),
        ("microsoft", {"points_on_first_trick": "forbidden", "moon": "add_to_others"}),
    ],
)
def test_each_preset_differs_from_standard_exactly_as_rules_md_section_2_says(preset, differences):
    standard = build_ruleset("standard").options()
    spelled = build_ruleset(preset).options()
    changed = {
        option: spelled[option] for option in OPTION_NAMES if spelled[option] != standard[option]
    }
    # qq keeps standard's target of 100, so it does not show up as a change
    expected = {k: v for k, v in differences.items() if standard[k] != v}
    assert changed == expected


@pytest.mark.parametrize(
    ("preset", "players", "removed", "schedule"),
    [
        ("standard", 3, ["2D"], ["left", "right", "hold"]),
        ("standard", 4, [], ["left", "right", "across", "hold"]),
        ("standard", 5, ["2C", "2D"], ["left", "right", "hold"]),
        ("standard", 6, ["2C", "3C", "2D", "2S"], ["left", "right", "across", "hold"]),
        ("omnibus", 3, ["2C"], ["right", "left", "hold"]),
        ("omnibus", 4, [], ["right", "left", "across", "hold"]),
        ("omnibus", 5, ["2C", "2D"], ["right", "left", "hold"]),
        ("omnibus", 6, ["2C", "3C", "2D", "2S"], ["right", "left", "across", "hold"]),
        ("qq", 3, ["2D"], ["left", "right", "hold"]),
        ("microsoft", 5, ["2C", "2D"], ["left", "right", "hold"]),
    ],
)
def test_player_count_defaults_follow_the_count_under_every_preset(
    preset, players, removed, schedule
):
    rules = build_ruleset(preset, players=players)
    assert rules.options()["removed_cards"] == removed
    assert rules.options()["pass_schedule"] == schedule


@pytest.mark.parametrize(
    ("players", "lowest", "deck_size", "hand_size"),
    [(3, "2C", 51, 17), (4, "2C", 52, 13), (5, "3C", 50, 10), (6, "4C", 48, 8)],
)
def test_the_deck_facts_follow_the_removed_cards(players, lowest, deck_size, hand_size):
    rules = build_ruleset("standard", players=players)
    assert rules.deck_size == deck_size
    assert rules.hand_size == hand_size
    assert rules.lowest_club == parse_card(lowest)
    assert rules.penalty_total == 26
    assert rules.derived() == {
        "deck_size": deck_size,
        "hand_size": hand_size,
        "penalty_total": 26,
        "lowest_club": lowest,
    }


def test_omnibus_with_three_players_removes_the_two_of_clubs_so_the_three_leads():
    rules = build_ruleset("omnibus", players=3)
    assert names(rules.deck & 0x1FFF)[0] == "3C"
    assert rules.lowest_club == parse_card("3C")


def test_explicit_removed_cards_beat_the_player_count_default():
    rules = build_ruleset("standard", players=3, removed_cards=["AS"])
    assert rules.options()["removed_cards"] == ["AS"]
    assert rules.lowest_club == parse_card("2C")
    assert rules.penalty_total == 26
    omnibus = build_ruleset("omnibus", players=3, removed_cards=["2D"])
    assert omnibus.lowest_club == parse_card("2C")


def test_an_explicit_schedule_is_kept_as_given():
    rules = build_ruleset("standard", players=3, pass_schedule=["right", "hold"])
    assert rules.pass_schedule == ("right", "hold")
    rules = build_ruleset("standard", players=4, pass_schedule=("across",))
    assert rules.pass_schedule == ("across",)


def test_a_removed_queen_of_spades_lowers_the_penalty_total():
    rules = build_ruleset("standard", players=4, removed_cards=["QS", "2D", "3D", "4D"])
    assert rules.penalty_total == 13
    black_lady = build_ruleset("standard", queen_points=26)
    assert black_lady.penalty_total == 39


def test_queen_breaks_hearts_adds_the_queen_to_what_breaks_hearts():
    plain = build_ruleset("standard")
    omnibus = build_ruleset("omnibus")
    queen = 1 << parse_card("QS")
    assert not plain.break_mask & queen
    assert omnibus.break_mask & queen
    assert plain.break_mask & (1 << parse_card("2H"))


@pytest.mark.parametrize(
    ("overrides", "code", "field"),
    [
        ({"players": 4, "removed_cards": ["2D"]}, "uneven_deck", "removed_cards"),
        ({"players": 3, "removed_cards": []}, "uneven_deck", "removed_cards"),
        ({"players": 5, "removed_cards": ["2C"]}, "uneven_deck", "removed_cards"),
        ({"players": 6, "removed_cards": ["2C", "2D"]}, "uneven_deck", "removed_cards"),
    ],
)
def test_it_refuses_a_deck_that_does_not_divide_evenly(overrides, code, field):
    error = refusal(**overrides)
    assert error.code == code
    assert error.field == field
    assert "divide" in error.message


def test_it_refuses_a_pass_count_larger_than_a_hand():
    # 40 cards removed leave 12: three each for four players, and pass_count 4 is too many
    removed = [name for name in _all_names() if name not in ("2C", "3C", "4C", "5C")][:40]
    error = refusal(removed_cards=removed, pass_count=4)
    assert error.code == "invalid_option"
    assert error.field == "pass_count"
    assert build_ruleset("standard", removed_cards=removed, pass_count=3).hand_size == 3


@pytest.mark.parametrize("schedule", [["left", "sideways"], ["LEFT"], ["hold", "keep"]])
def test_it_refuses_an_unknown_pass_direction(schedule):
    error = refusal(pass_schedule=schedule)
    assert error.code == "invalid_option"
    assert error.field == "pass_schedule"


@pytest.mark.parametrize("players", [3, 5])
def test_it_refuses_across_with_an_odd_number_of_players(players):
    error = refusal(players=players, pass_schedule=["left", "across"])
    assert error.code == "invalid_option"
    assert error.field == "pass_schedule"
    assert "across" in error.message


def test_it_refuses_an_empty_pass_schedule():
    error = refusal(pass_schedule=[])
    assert error.code == "invalid_option"
    assert error.field == "pass_schedule"


def test_it_refuses_an_unknown_option_naming_it():
    error = refusal(jokers=True)
    assert error.code == "unknown_option"
    assert error.field == "jokers"
    assert "jokers" in error.message


@pytest.mark.parametrize("preset", ["Standard", "hoyle", "", None, 3])
def test_it_refuses_an_unknown_preset(preset):
    with pytest.raises(HeartsError) as caught:
        build_ruleset(preset)
    assert caught.value.code == "unknown_preset"
    assert caught.value.field == "preset"


def test_ruleset_from_spec_refuses_an_unknown_preset_and_a_wrong_shape():
    with pytest.raises(HeartsError) as caught:
        ruleset_from_spec({"preset": "hoyle"})
    assert caught.value.code == "unknown_preset"
    with pytest.raises(HeartsError) as caught:
        ruleset_from_spec(["standard"])
    assert caught.value.code == "invalid_ruleset"
    assert ruleset_from_spec(None) == build_ruleset("standard")
    assert ruleset_from_spec("qq") == build_ruleset("qq")
    assert ruleset_from_spec({"preset": "omnibus", "players": 3}).lowest_club == parse_card("3C")


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("players", "4"),
        ("players", 4.0),
        ("players", True),
        ("players", 2),
        ("players", 7),
        ("players", [4]),
        ("pass_count", -1),
        ("pass_count", 5),
        ("pass_count", "3"),
        ("queen_points", 0),
        ("queen_points", 13.5),
        ("jack_of_diamonds", "-10"),
        ("jack_of_diamonds", 10_000),
        ("sun", None),
        ("no_trick_bonus", False),
        ("renege_points", "26"),
        ("target_score", 0),
        ("target_score", "100"),
        ("target_score", 1.5),
        ("first_lead", "two_of_clubs"),
        ("points_on_first_trick", True),
        ("first_trick_fallback", "hearts"),
        ("moon", "sideways"),
        ("moon", None),
        ("game_ends", "pass"),
        ("ties", "split"),
        ("renege_penalty", "double"),
        ("hearts_must_be_broken", "yes"),
        ("hearts_must_be_broken", 1),
        ("queen_breaks_hearts", None),
        ("lead_hearts_with_only_queen", "false"),
        ("gems", 0),
        ("removed_cards", "2D"),
        ("removed_cards", ["2D", "2D", "3D", "4D"]),
        ("pass_schedule", "left"),
        ("pass_schedule", ["left", 1]),
        ("pass_schedule", ["left"] * 17),
    ],
)
def test_it_refuses_wrongly_typed_or_out_of_range_values_as_invalid_option(option, value):
    error = refusal(**{option: value})
    assert error.code == "invalid_option"
    assert error.field == option


def test_a_removed_card_that_is_not_a_card_is_named_by_its_index():
    error = refusal(removed_cards=["2D", "1X"], players=4)
    assert error.code == "invalid_card"
    assert error.field == "removed_cards.1"


def test_a_deck_without_clubs_cannot_open_with_the_lowest_club_but_can_left_of_dealer():
    clubs = [rank + "C" for rank in "23456789TJQKA"]
    error = refusal(removed_cards=clubs + ["2D", "3D", "4D"], players=3)
    assert error.code == "invalid_ruleset"
    assert error.field == "removed_cards"
    rules = build_ruleset(
        "standard", removed_cards=clubs + ["2D", "3D", "4D"], players=3, first_lead="left_of_dealer"
    )
    assert rules.lowest_club is None


def test_the_ruleset_is_immutable():
    rules = build_ruleset("standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.moon = "off"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.deck = 0
    assert rules.players == 4
    assert isinstance(rules.removed_cards, tuple)
    assert isinstance(rules.pass_schedule, tuple)


def test_the_presets_table_cannot_be_changed():
    with pytest.raises(TypeError):
        PRESETS["house"] = PRESETS["standard"]
    with pytest.raises(TypeError):
        PRESETS["omnibus"].overrides["jack_of_diamonds"] = 0


def test_overrides_on_a_preset_win_over_the_preset():
    rules = build_ruleset("omnibus", jack_of_diamonds=-5, queen_breaks_hearts=False)
    assert rules.jack_of_diamonds == -5
    assert rules.queen_breaks_hearts is False
    assert rules.points_on_first_trick == "forbidden"
    assert rules.preset == "omnibus"


def test_rulesets_built_the_same_way_are_equal_and_hashable():
    assert build_ruleset("qq") == build_ruleset("qq")
    assert hash(build_ruleset("qq")) == hash(build_ruleset("qq"))
    assert build_ruleset("qq") != build_ruleset("qq-single-round")


def test_every_preset_describes_itself_with_its_source_and_full_ruleset():
    for name, preset in PRESETS.items():
        described = preset.describe()
        assert described["name"] == name
        assert described["source"]
        assert described["ruleset"] == build_ruleset(name).options()
        for option, value in described["differs_from_standard"].items():
            spelled = described["ruleset"][option]
            assert spelled == (list(value) if isinstance(value, tuple) else value)


def _all_names():
    return [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
