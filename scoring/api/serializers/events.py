"""The event feed's query, and the shapes of its events (one component an event type, told
apart by ``type``). The events are built as plain data by scoring.selectors.events, the one
shape the feed and the webhooks share; the serializers below the query check nothing at run
time."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from adjudication.serializers import RulesetOptionsField
from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import IntegerListField, table_field
from scoring.api.serializers.hands import HandEntryField, RuledField, RulingResultField
from scoring.api.serializers.nights import NightFormulaSerializer, NightRowOutputSerializer
from scoring.models import (
    PING,
    Confirmation,
    DisputeStatus,
    EntryLevel,
    EventType,
    GameStatus,
    NightStatus,
    RoundStatus,
    RulingKind,
    RulingStatus,
)
from scoring.selectors.night_results import STATES

FEED_LIMIT = 500


class EventFeedQuerySerializer(StrictInputSerializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=2**63 - 1,
        default=0,
        help_text="The last event number you hold (its sequence): the events after it. Left "
        "out: from the first.",
    )
    limit = serializers.IntegerField(min_value=1, max_value=FEED_LIMIT, default=100)
    type = serializers.ListField(
        child=serializers.ChoiceField(choices=EventType.choices),
        required=False,
        max_length=len(EventType.choices),
        help_text="Only events of these types (?type=hand.entered&type=game.finished); "
        "after still counts every event, so keep the answer's.",
    )


class EventGameStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = table_field()
    league = serializers.IntegerField(allow_null=True)
    season = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=GameStatus.choices)
    version = serializers.IntegerField(help_text="The game's version (ETag) after the change.")
    hands_played = serializers.IntegerField()
    totals = IntegerListField()
    winners = IntegerListField(help_text="Seats, once the game is over.")
    end_reason = serializers.CharField(
        allow_blank=True, help_text='target_reached, single_hand, round_over; "" while it goes on.'
    )
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class EventHandStateSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    entry = HandEntryField(help_text="The entry exactly as the scorer sent it.")
    points = IntegerListField()
    scores = IntegerListField()
    is_void = serializers.BooleanField()
    renege_by = serializers.IntegerField(allow_null=True)
    ruled = RuledField(
        allow_null=True, help_text="What the director decided on its rulings; null: none yet."
    )
    confirmation = serializers.ChoiceField(
        choices=Confirmation.choices,
        help_text="confirmed: it counts; awaiting or queried: not yet (a league's confirmations).",
    )


class EventDisputeStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="The hand's number.")
    level = serializers.ChoiceField(choices=EntryLevel.choices)
    status = serializers.ChoiceField(choices=DisputeStatus.choices)
    reason = serializers.CharField(allow_blank=True)
    resolution_note = serializers.CharField(allow_blank=True)


class EventRulingStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    dispute = serializers.IntegerField(help_text="The dispute carrying it.")
    kind = serializers.ChoiceField(choices=RulingKind.choices)
    index = serializers.IntegerField(help_text="Its place in the record's irregularities.")
    status = serializers.ChoiceField(choices=RulingStatus.choices)
    current = serializers.BooleanField(help_text="On the hand's record as it stands.")
    result = RulingResultField(
        allow_null=True, help_text="An override's own result; null otherwise."
    )
    reason = serializers.CharField(allow_blank=True)
    decided_at = serializers.DateTimeField(allow_null=True)
    rule = serializers.CharField(help_text="The engine's rule code (GET /api/v1/rule-codes/).")
    rectification = serializers.CharField(
        help_text="The rectification's code; a claim's: as_claimed, claimer_takes_rest, play_on."
    )
    left_to_table = serializers.CharField(
        allow_null=True, help_text="redeal, replay or director: what it leaves to the table."
    )


class EventMergeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    source = serializers.IntegerField(help_text="The player merged away.")
    target = serializers.IntegerField(help_text="The player kept.")
    seats_moved = IntegerListField()
    reason = serializers.CharField(allow_blank=True)


class EventGameVersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()


class HandEventDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()
    hand = EventHandStateSerializer()
    reason = serializers.CharField(allow_blank=True, help_text="A correction's or void's why.")


class GameStartedDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()
    players = IntegerListField(help_text="Player ids, seat 0 first.")
    ruleset = RulesetOptionsField(help_text="The ruleset's options, as the game keeps them.")


class GameFinishedDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()


class GameAbandonedDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()
    reason = serializers.CharField(allow_blank=True)


class DisputeEventDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()
    dispute = EventDisputeStateSerializer()
    hand = EventHandStateSerializer()


class RulingEventDataSerializer(serializers.Serializer):
    game = EventGameStateSerializer()
    dispute = EventDisputeStateSerializer()
    hand = EventHandStateSerializer()
    rulings = EventRulingStateSerializer(
        many=True,
        help_text="ruling.awaiting: the rulings made now; accepted or overridden: the one decided.",
    )


class PlayerMergedDataSerializer(serializers.Serializer):
    merge = EventMergeSerializer()
    games = EventGameVersionSerializer(many=True, help_text="The games whose seat moved.")


class EventErasureSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(
        allow_null=True, help_text="The player renamed; null: a member with no player here."
    )
    pseudonym = serializers.CharField(
        allow_blank=True, help_text="The name the player's results now carry."
    )
    asked_by = serializers.CharField(help_text="person (the player themselves) or director.")
    at = serializers.DateTimeField()


class PlayerErasedDataSerializer(serializers.Serializer):
    erasure = EventErasureSerializer()


class PlayerNameVisibilityDataSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name_visibility = serializers.CharField(help_text="public, members or hidden.")


class PingDataSerializer(serializers.Serializer):
    endpoint = serializers.IntegerField(help_text="The webhook endpoint pinged.")


class RatingsSettledDataSerializer(serializers.Serializer):
    since = serializers.DateTimeField(allow_null=True, help_text="Re-rated from (null: all).")
    games_rated = serializers.IntegerField()


class EventNightSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    league = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=NightStatus.choices)
    rounds_planned = serializers.IntegerField()
    round_minutes = serializers.IntegerField(allow_null=True)
    round_hands = serializers.IntegerField(allow_null=True)
    correction_minutes = serializers.IntegerField(
        help_text="Its results stay provisional this long after it closes."
    )
    closed_at = serializers.DateTimeField(allow_null=True)
    final_at = serializers.DateTimeField(allow_null=True, help_text="When its results were final.")
    results = serializers.ChoiceField(
        choices=STATES, help_text="provisional, or final (night.results_final told it)."
    )


class EventNightPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class EventNightTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    players = IntegerListField(help_text="Player ids, seat 0 first, as drawn.")
    game = serializers.IntegerField(allow_null=True)


class EventRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=RoundStatus.choices)
    minutes = serializers.IntegerField(allow_null=True)
    hands = serializers.IntegerField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="The server's bell.")
    ended_at = serializers.DateTimeField(allow_null=True)
    tables = EventNightTableSerializer(many=True)


class NightOpenedDataSerializer(serializers.Serializer):
    night = EventNightSerializer()
    table_sizes = IntegerListField()
    formula = NightFormulaSerializer()


class NightWithdrawnDataSerializer(serializers.Serializer):
    night = EventNightSerializer()
    player = EventNightPlayerSerializer()
    from_round = serializers.IntegerField(help_text="Leaves before this round.")


class NightCheckInDataSerializer(NightWithdrawnDataSerializer):
    from_round = serializers.IntegerField(help_text="Plays from this round on.")
    by_self = serializers.BooleanField(help_text="By the wall's QR code.")


class NightDataSerializer(serializers.Serializer):
    night = EventNightSerializer()


class RoundDataSerializer(serializers.Serializer):
    night = EventNightSerializer()
    round = EventRoundSerializer()


class EventRoundChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=[
            "seats_swapped",
            "seat_moved",
            "table_redrawn",
            "seat_substituted",
            "table_extended",
            "table_finished",
        ],
        help_text="Two players' seats swapped; a substitute in a seat from the table's next "
        "hand; a table's time extended; a table ended now.",
    )
    tables = serializers.ListField(
        child=serializers.IntegerField(), help_text="The numbers of the tables it changed."
    )
    players = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="seats_swapped: the two; seat_substituted: who left the seat, then the "
        "substitute; else empty.",
    )
    minutes = serializers.IntegerField(
        allow_null=True, help_text="table_extended: the minutes added; else null."
    )
    reason = serializers.CharField(
        allow_blank=True, help_text="The director's reason, as kept; empty for a swap."
    )


class RoundChangedDataSerializer(RoundDataSerializer):
    change = EventRoundChangeSerializer()


class NightFinalDataSerializer(serializers.Serializer):
    night = EventNightSerializer()
    standings = NightRowOutputSerializer(many=True, help_text="The final standings.")


class EventCorrectionSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    hand = serializers.IntegerField()
    action = serializers.CharField(help_text="hand_corrected or hand_voided, as its history says.")
    reason = serializers.CharField()


class NightCorrectedDataSerializer(serializers.Serializer):
    night = EventNightSerializer()
    correction = EventCorrectionSerializer()


# Each type's data serializer, as EventType names it (a name that is no serializer here fails
# at import).
DATA: dict[EventType, type[serializers.Serializer]] = {
    kind: globals()[kind.data] for kind in EventType
}


def _event_serializer(kind: str, data: type[serializers.Serializer]) -> type:
    """The component of one event type: the envelope every event has, and its data."""
    name = "".join(part.title() for part in kind.replace("_", ".").split(".")) + "Event"
    sequence = (
        serializers.IntegerField(allow_null=True, help_text="Null: a ping is in no feed.")
        if kind == PING
        else serializers.IntegerField(help_text="1, 2, … in the club: the feed's cursor.")
    )
    fields = {
        "id": serializers.UUIDField(help_text="Stable: a delivery sent twice has one id."),
        "type": serializers.ChoiceField(choices=[kind]),
        "sequence": sequence,
        "created_at": serializers.DateTimeField(),
        "club": serializers.IntegerField(),
        "game": serializers.IntegerField(allow_null=True),
        "data": data(),
        "__module__": __name__,
    }
    return type(name, (serializers.Serializer,), fields)


EVENT_SERIALIZERS = {str(kind): _event_serializer(str(kind), data) for kind, data in DATA.items()}
# What a webhook receives besides the feed's events: a ping, asked for by the endpoint's owner.
DELIVERED_SERIALIZERS = {**EVENT_SERIALIZERS, PING: _event_serializer(PING, PingDataSerializer)}


class EventPageOutputSerializer(serializers.Serializer):
    # One component, Event, for what the feed lists and what a webhook receives: a ping too,
    # which a webhook alone receives.
    results = PolymorphicProxySerializer(
        component_name="Event",
        serializers=DELIVERED_SERIALIZERS,
        resource_type_field_name="type",
        many=True,
    )
    after = serializers.IntegerField(
        help_text="Pass it as ?after= for the next page: the last event's number here."
    )
    has_more = serializers.BooleanField(help_text="More events follow: ask again at once.")
