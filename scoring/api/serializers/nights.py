"""Tournament nights: what a director sends (a night, a player, a draw, a round's end) and
what the night shows (check-ins, rounds, tables, standings round by round)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.text.names import validate_name
from scoring.api.serializers.common import MAX_ID, REASON
from scoring.domain.night_ranking import FORMULAS
from scoring.models import Night, RoundStatus, SubstituteScores
from scoring.models.nights import DEFAULT_CORRECTION_MINUTES
from scoring.selectors.night_results import STATES, WAITS
from scoring.services.nights.opening import MAX_CORRECTION_MINUTES
from scoring.services.nights.results import DECISIONS
from scoring.services.nights.tables import MOST_EXTRA_MINUTES

WHOLE = {"min_value": 0, "max_value": 100_000}
FORMULA_CHOICES = list(FORMULAS)


@extend_schema_field({"type": "object"})
class JSONObjectField(serializers.JSONField):
    """A JSON object (the schema says so: null or another type is refused)."""


class NightInputSerializer(StrictInputSerializer):
    """A night for one of the club's leagues; its rounds end after ``round_minutes`` or after
    ``round_hands`` (exactly one of the two, at least 1)."""

    league = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The club's league it counts in."
    )
    name = serializers.CharField(max_length=100, validators=[validate_name])
    rounds = serializers.IntegerField(**WHOLE, help_text="Rounds planned, 1 to 20.")
    round_minutes = serializers.IntegerField(
        **WHOLE, required=False, allow_null=True, help_text="A round's time, by the server's clock."
    )
    round_hands = serializers.IntegerField(
        **WHOLE, required=False, allow_null=True, help_text="A round's hands at every table."
    )
    table_sizes = serializers.ListField(
        child=serializers.IntegerField(**WHOLE),
        required=False,
        max_length=4,
        help_text="Table sizes the draw may use (3 to 6); left out: 4, and 5 and 3 when the "
        "league's ruleset plays them.",
    )
    seed = serializers.IntegerField(**WHOLE, required=False, help_text="The draw's seed.")
    correction_minutes = serializers.IntegerField(
        min_value=0,
        max_value=MAX_CORRECTION_MINUTES,
        required=False,
        help_text="After the night closes, its results stay provisional this long (corrections "
        f"welcome), then are final. Left out: {DEFAULT_CORRECTION_MINUTES}.",
    )
    substitute_scores = serializers.ChoiceField(
        choices=SubstituteScores.choices,
        required=False,
        help_text="Whom a seat's game counts to when a substitute takes it after hands were "
        "recorded: starter, the player who started it (left out); finisher, who finished it.",
    )
    formula = JSONObjectField(
        required=False,
        help_text="The night's standings: {criterion: "
        + " | ".join(FORMULAS)
        + ', place_points: {"4": [4, 2, 1, 0], …}}',
    )


class NightPlayerInputSerializer(StrictInputSerializer):
    player = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="A club's player.")


def _club_players(least: int, most: int, words: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=least,
        max_length=most,
        help_text=words,
    )


class NightPlayersInputSerializer(StrictInputSerializer):
    players = _club_players(1, 400, "The club's players to check in, each once (at most 400).")


class WithdrawInputSerializer(NightPlayerInputSerializer):
    now = serializers.BooleanField(
        default=False,
        help_text="They leave now: their table of the round out ends at the hands it has "
        "(round over; no hand: abandoned). Left out: they play the round out.",
    )
    reason = serializers.CharField(
        required=False, default="", max_length=500, help_text="Why, with now: kept in history."
    )


class SwapInputSerializer(StrictInputSerializer):
    players = _club_players(
        2,
        2,
        "Two players of the round drawn or out, or one of them and a player checked in but "
        "seated nowhere this round (who takes the other's seat).",
    )


class TableInputSerializer(StrictInputSerializer):
    table = serializers.IntegerField(
        min_value=1, max_value=1000, help_text="The table's number in the round out."
    )
    reason = serializers.CharField(**REASON)


class ExtendTableInputSerializer(TableInputSerializer):
    minutes = serializers.IntegerField(
        min_value=1, max_value=MOST_EXTRA_MINUTES, help_text="Added to the table's time."
    )


class DrawInputSerializer(StrictInputSerializer):
    seed = serializers.IntegerField(
        **WHOLE, required=False, help_text="Another seed for another draw (left out: the night's)."
    )
    seeded = serializers.BooleanField(
        default=False, help_text="Seat the leaders together (the standings so far)."
    )


class StartInputSerializer(StrictInputSerializer):
    """Left empty, the round ends as the night's rounds do; else as given (one of the two)."""

    round_minutes = serializers.IntegerField(**WHOLE, required=False, allow_null=True)
    round_hands = serializers.IntegerField(**WHOLE, required=False, allow_null=True)


class SettleInputSerializer(StrictInputSerializer):
    """A director's decision on a hand that waits (for a confirmation, a query's ruling or a
    dispute's): confirmed as director (a query or a dispute dismissed: the entry stands) or
    dropped (voided, its disputes dismissed), with the reason the history keeps."""

    game = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    hand = serializers.IntegerField(min_value=1, max_value=100_000, help_text="Its number.")
    decision = serializers.ChoiceField(choices=DECISIONS)
    reason = serializers.CharField(**REASON)


def _settle_field() -> SettleInputSerializer:
    return SettleInputSerializer(
        many=True,
        required=False,
        max_length=200,
        help_text="Decisions on the hands that wait (the 409 hands_unsettled names them, and "
        "the night's results.unsettled lists them), applied first, in one transaction.",
    )


class EndRoundInputSerializer(StrictInputSerializer):
    now_for_all = serializers.BooleanField(
        default=False,
        help_text="End the tables still playing now, at the hands they have (a table with no "
        "hand is abandoned); without it, the round ends once every table has.",
    )
    settle = _settle_field()


class CloseNightInputSerializer(StrictInputSerializer):
    settle = _settle_field()


def _places(size: int) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(), help_text=f"A table of {size}: place 1 first."
    )


# Points for places 1, 2, … by table size (keys "3" to "6": not names a class body takes).
PlacePointsSerializer = type(
    "PlacePointsSerializer",
    (serializers.Serializer,),
    {"__module__": __name__, **{str(size): _places(size) for size in (3, 4, 5, 6)}},
)


class NightFormulaSerializer(serializers.Serializer):
    criterion = serializers.ChoiceField(choices=FORMULA_CHOICES)
    place_points = PlacePointsSerializer()


class NightOutputSerializer(serializers.ModelSerializer):
    table_sizes = serializers.ListField(child=serializers.IntegerField())
    formula = NightFormulaSerializer()

    class Meta:
        model = Night
        fields = [
            "id",
            "club",
            "league",
            "name",
            "status",
            "rounds_planned",
            "round_minutes",
            "round_hands",
            "table_sizes",
            "seed",
            "formula",
            "correction_minutes",
            "substitute_scores",
            "created_at",
            "closed_at",
            "final_at",
        ]


class CheckInOutputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    arrived_before = serializers.IntegerField(help_text="Plays from this round on.")
    withdrawn_before = serializers.IntegerField(allow_null=True)
    present = serializers.BooleanField()
    by_self = serializers.BooleanField(help_text="Checked in by the wall's QR code.")


class NightSeatOutputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="0 first; passes go to the next seat.")
    player = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    counts_to = serializers.IntegerField(
        help_text="Whom the seat's game counts to: player, unless a substitute plays it for "
        "who started it."
    )


class UnsettledHandOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The table's number in its round.")
    table_name = serializers.CharField(help_text='"Table 2", in the reader\'s language.')
    game = serializers.IntegerField()
    hand = serializers.IntegerField()
    state = serializers.ChoiceField(
        choices=WAITS,
        help_text="awaiting: a player's confirmation; queried: a director's ruling on a query; "
        "disputed: a director's decision on a dispute of a hand that counts.",
    )
    dispute = serializers.IntegerField(allow_null=True, help_text="Its open dispute, if any.")
    link = serializers.CharField(help_text="The page that settles it.")


class TableExtensionSerializer(serializers.Serializer):
    minutes = serializers.IntegerField()
    reason = serializers.CharField()


class NightTableOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    has_scorer = serializers.BooleanField(
        help_text="Someone seated here can enter hands (a scorer's role or better in the club)."
    )
    game = serializers.IntegerField(allow_null=True, help_text="Once the round is published.")
    game_status = serializers.CharField(allow_null=True)
    end_reason = serializers.CharField(
        help_text='As the game\'s: round_over, target_reached… ("" in play).'
    )
    hands_played = serializers.IntegerField(help_text="Hands that count (confirmed, not void).")
    hands_recorded = serializers.IntegerField(help_text="Hands entered and not void.")
    bell = serializers.DateTimeField(
        allow_null=True, help_text="Its own bell: the round's, moved by its extensions."
    )
    extensions = TableExtensionSerializer(many=True, help_text="The director's, in order.")
    extra_minutes = serializers.IntegerField(help_text="Its extensions' minutes, added up.")
    finished_at = serializers.DateTimeField(
        allow_null=True, help_text="When its director ended it before the round did."
    )
    unsettled = UnsettledHandOutputSerializer(many=True, help_text="Its hands that wait.")
    seats = NightSeatOutputSerializer(many=True)


class NightRoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=RoundStatus.choices)
    quality = serializers.CharField(
        help_text="The draw's quality in words, in the Accept-Language asked for: repeats and "
        "lower_bound in a sentence."
    )
    scorer_warning = serializers.CharField(
        help_text='The tables where nobody can enter hands, in words for the director ("" '
        "when every table has someone). The draw seats a scorer at every table when enough "
        "are checked in."
    )
    repeats = serializers.IntegerField()
    lower_bound = serializers.IntegerField()
    minutes = serializers.IntegerField(allow_null=True, help_text="Its length, once started.")
    hands = serializers.IntegerField(allow_null=True, help_text="Or its hands a table.")
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="The server's bell.")
    ended_at = serializers.DateTimeField(allow_null=True)
    tables = NightTableOutputSerializer(many=True)


class NightCheckInAnswerSerializer(serializers.Serializer):
    """What a check-in or a withdrawal changed: the player's check-in, not the whole night."""

    check_in = CheckInOutputSerializer()
    present = serializers.IntegerField(help_text="Players checked in now.")
    proposed = serializers.BooleanField(
        help_text="A proposed draw still waits to be published (false: draw the round again)."
    )


class NightRowOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    place_points = serializers.FloatField()
    scaled_points = serializers.FloatField()
    total_points = serializers.IntegerField()
    hands = serializers.IntegerField(help_text="Hands counted in the player's games.")
    average_place = serializers.FloatField()
    separated_by = serializers.CharField(allow_null=True)


class NightChangeOutputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="Now.")
    was_rank = serializers.IntegerField(allow_null=True, help_text="When the round ended.")
    value = serializers.FloatField(help_text="What ranks first (the formula's criterion), now.")
    was_value = serializers.FloatField(allow_null=True, help_text="When the round ended.")


class NightStandingsOutputSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    ended_at = serializers.DateTimeField(allow_null=True)
    rows = NightRowOutputSerializer(
        many=True, help_text="As they stood when the round ended (kept then)."
    )
    changes = NightChangeOutputSerializer(
        many=True, help_text="The players whose standing moved since the round ended."
    )


class NightLatestOutputSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    rows = NightRowOutputSerializer(
        many=True, help_text="The standings now: every hand that counts now."
    )


class NightCorrectionOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    table_name = serializers.CharField()
    game = serializers.IntegerField()
    hand = serializers.IntegerField(allow_null=True)
    action = serializers.CharField(help_text="As the game's history says: hand_corrected…")
    by = serializers.CharField(allow_null=True, help_text="The director, as the club names them.")
    reason = serializers.CharField()
    at = serializers.DateTimeField()


class NightResultsOutputSerializer(serializers.Serializer):
    state = serializers.ChoiceField(
        choices=STATES,
        help_text="provisional while the night is open, while a hand waits, and until its "
        "correction window closes; then final (a change is a director's correction).",
    )
    final_from = serializers.DateTimeField(
        allow_null=True, help_text="When the correction window closes (null while open)."
    )
    final_at = serializers.DateTimeField(allow_null=True, help_text="When they became final.")
    correction_minutes = serializers.IntegerField()
    unsettled = UnsettledHandOutputSerializer(many=True, help_text="The hands that wait.")
    corrections = NightCorrectionOutputSerializer(
        many=True, help_text="Directors' corrections once the results were final."
    )


class SubstitutionOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    game = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="0 first.")
    from_hand = serializers.IntegerField(help_text="The first hand the substitute played.")
    player = serializers.IntegerField(help_text="The substitute.")
    replaced = serializers.IntegerField(help_text="Who played the seat before.")
    replaced_from = serializers.IntegerField(help_text="The first hand they played in it.")
    counted = serializers.IntegerField(help_text="Whom the seat's game counts to.")
    words = serializers.CharField()


class NightDetailOutputSerializer(serializers.Serializer):
    night = NightOutputSerializer()
    formula_words = serializers.CharField()
    tie_break_words = serializers.ListField(child=serializers.CharField())
    check_ins = CheckInOutputSerializer(many=True)
    rounds = NightRoundOutputSerializer(many=True)
    standings = NightStandingsOutputSerializer(many=True, help_text="After each round over.")
    latest = NightLatestOutputSerializer(
        allow_null=True, help_text="The standings now, after the latest round over."
    )
    results = NightResultsOutputSerializer()
    seats = serializers.ListField(
        child=serializers.CharField(), help_text='The round out: "Ada: table 3, seat 2".'
    )
    substitutions = SubstitutionOutputSerializer(
        many=True, help_text="Seats taken by a substitute after hands were recorded."
    )
