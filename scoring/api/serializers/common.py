"""What the API's serializers share: bounds on ids, seats and points, a reason's shape, and the
fields that show stored JSON as it is, typed for the schema."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring import selectors

MAX_SEATS = 6
MAX_HAND_POINTS = 1000  # a bound on the input only: the engine checks the sum
# Row ids are 64-bit: a larger number is refused here, not passed to the database.
MAX_ID = 2**63 - 1
REASON = {"max_length": 500, "help_text": "Why: kept in the history."}


def optional_words(help_text: str) -> serializers.CharField:
    """Words a person may add to a decision (a note, a reason): up to 500 characters, "" when
    not given."""
    return serializers.CharField(
        required=False, allow_blank=True, max_length=500, default="", help_text=help_text
    )


def seat_field(**kwargs) -> serializers.IntegerField:
    """A seat, counted from 0 clockwise."""
    return serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1, **kwargs)


def table_field() -> serializers.CharField:
    """A game's table, as every answer that shows a game names it."""
    return serializers.CharField(help_text='Where it is played ("Table 3"); "" for none.')


def shown_once(help_text: str) -> serializers.CharField:
    """What a create's answer shows once (a token, a key, a link carrying one): a replay of
    that answer by Idempotency-Key shows null, since only a hash of it is kept."""
    return serializers.CharField(allow_null=True, help_text=help_text)


def per_seat(child: serializers.Field, **kwargs) -> serializers.ListField:
    """One ``child`` a seat, seat 0 first, for a table of 3 to MAX_SEATS."""
    return serializers.ListField(child=child, min_length=3, max_length=MAX_SEATS, **kwargs)


@extend_schema_field({"type": "array", "items": {"type": "integer"}})
class IntegerListField(serializers.JSONField):
    """A list of integers kept as JSON (one a seat, seat 0 first), shown as it is stored: a
    ListField would convert each item of every row read."""


@extend_schema_field(
    {
        "type": "string",
        "description": (
            "The player's name, or \"Player <id>\" (in the reader's language) when its player "
            "chose to show it to fewer readers (docs/deploy.md: who may see a name)."
        ),
    }
)
class PlayerNameField(serializers.Field):
    """A player's name as the reader may see it (``source``: the player; ``*`` on a player)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, player) -> str:
        return selectors.shown_player(player)
