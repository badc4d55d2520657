"""OwnFieldsCopiedShallowly keeps DRF's contract while it copies fields cheaply: each instance
binds fields of its own, down to a list's child, and gives what DRF's deep copies give."""

from __future__ import annotations

import datetime

from rest_framework import serializers

from hearts_site.api.serializers import OwnFieldsCopiedShallowly
from scoring.api.serializers.hands import HandOutputSerializer
from scoring.models import Hand


class Seat(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)


class Table(OwnFieldsCopiedShallowly):
    name = serializers.CharField(max_length=10)
    direction = serializers.ChoiceField(choices=["left", "right"])
    tricks = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    seats = Seat(many=True)


class DeepCopiedTable(Table):
    """The same fields, copied as DRF copies them."""

    def get_fields(self):
        return serializers.Serializer.get_fields(self)


def test_each_instance_binds_fields_of_its_own_down_to_a_lists_child():
    first, second = Table(context={"who": 1}), Table(context={"who": 2})
    for name, field in first.fields.items():
        assert field is not second.fields[name]
        assert field is not Table._declared_fields[name]
        assert field.parent is first and second.fields[name].parent is second
    tricks = first.fields["tricks"]
    assert tricks.child is not second.fields["tricks"].child
    assert tricks.child is not Table._declared_fields["tricks"].child
    assert tricks.child.parent is tricks and tricks.child.child.parent is tricks.child
    assert tricks.child.child.root is first and tricks.child.child.context == {"who": 1}
    assert second.fields["tricks"].child.child.context == {"who": 2}
    assert first.fields["seats"].child.root is first


class Players(OwnFieldsCopiedShallowly):
    ids = serializers.PrimaryKeyRelatedField(many=True, read_only=True)


def test_a_related_fields_child_is_its_own_too():
    first, second = Players(context={"who": 1}), Players(context={"who": 2})
    child = first.fields["ids"].child_relation
    assert child is not second.fields["ids"].child_relation
    assert child.parent is first.fields["ids"] and child.root is first
    assert child.context == {"who": 1}


def test_the_declared_fields_are_left_unbound():
    Table().fields  # noqa: B018 (builds and binds the instance's fields)
    for field in Table._declared_fields.values():
        assert getattr(field, "field_name", None) is None


def test_it_gives_what_drfs_own_copies_give_both_ways():
    row = {
        "name": "Table 1",
        "direction": "left",
        "tricks": [["2C", "3C"], ["QS"]],
        "seats": [{"seat": 0}, {"seat": 3}],
    }
    assert Table(row).data == DeepCopiedTable(row).data == row
    bad = {**row, "name": "x" * 11, "tricks": [["2C", 3], "QS"], "seats": [{"seat": -1}]}
    shallow, deep = Table(data=bad), DeepCopiedTable(data=bad)
    assert not shallow.is_valid() and not deep.is_valid()
    assert shallow.errors == deep.errors
    assert set(shallow.errors) == {"name", "tricks", "seats"}


def test_a_hand_is_shown_as_drfs_own_copies_show_it():
    class DeepCopiedHand(HandOutputSerializer):
        def get_fields(self):
            return serializers.Serializer.get_fields(self)

    at = datetime.datetime(2026, 12, 1, 20, 15, tzinfo=datetime.UTC)
    hand = Hand(
        number=3,
        dealer=1,
        pass_direction="left",
        level="points",
        entry={"points": [13, 5, 4, 4]},
        points=[13, 5, 4, 4],
        scores=[13, 5, 4, 4],
        moon_choice="",
        confirmation="confirmed",
        created_at=at,
        updated_at=at,
    )
    shown = HandOutputSerializer(hand).data
    assert shown == DeepCopiedHand(hand).data
    assert shown["points"] == [13, 5, 4, 4] and shown["moon_choice"] is None
    assert shown["created_at"] == "2026-12-01T20:15:00Z"
