"""DRF's contract, which a cache of built fields once broke: each serializer instance binds
fields of its own (its parent, its context), and a refused body leaves nothing behind for the
next request."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.serializers import AdjudicationInputSerializer
from hearts_site.api.serializers import StrictInputSerializer


def test_each_instance_binds_its_own_copy_of_every_field():
    first, second = AdjudicationInputSerializer(), AdjudicationInputSerializer()
    for name, field in first.fields.items():
        assert field is not second.fields[name]
        assert field.parent is first and second.fields[name].parent is second
        assert field is not AdjudicationInputSerializer._declared_fields[name]


def test_a_refused_body_leaves_nothing_behind_for_the_next_request():
    bad = AdjudicationInputSerializer(data={"plays": ["2C", "X" * 20], "hand_number": 0})
    assert not bad.is_valid()
    assert set(bad.errors) == {"plays", "hand_number"}
    good = AdjudicationInputSerializer(data={"plays": ["2C"], "first_leader": 0})
    assert good.is_valid(), good.errors
    assert good.validated_data["plays"] == ["2C"]


class Seat(StrictInputSerializer):
    seat = serializers.IntegerField(min_value=0)


class Table(StrictInputSerializer):
    name = serializers.CharField()
    seats = Seat(many=True)


def test_a_nested_serializer_is_still_copied_deeply():
    first, second = Table(), Table()
    assert first.fields["seats"] is not second.fields["seats"]
    assert first.fields["seats"].child is not second.fields["seats"].child
    bad = Table(data={"name": "T", "seats": [{"seat": -1}]})
    assert not bad.is_valid() and "seats" in bad.errors
    good = Table(data={"name": "T", "seats": [{"seat": 2}]})
    assert good.is_valid(), good.errors


def test_a_model_serializer_built_once_represents_each_object_as_before(db):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.api.serializers.clubs import ClubOutputSerializer

    user = get_user_model().objects.create_user("builder")
    clubs = [services.create_club(user=user, name=f"Club {n}", slug=f"club-{n}") for n in (1, 2)]
    first, second = (ClubOutputSerializer(club).data for club in clubs)
    assert (first["name"], second["name"]) == ("Club 1", "Club 2")
    assert (
        ClubOutputSerializer(clubs[0]).fields["name"] is not ClubOutputSerializer().fields["name"]
    )


def test_every_instance_after_the_first_gets_fields_bound_to_itself_with_its_context():
    """The first instance's bound fields are kept; later ones get copies whose parent (and so
    root and context) is the later instance, named as the first's were."""
    instances = [Table(context={"who": n}) for n in range(3)]
    for n, table in enumerate(instances):
        name, seats = table.fields["name"], table.fields["seats"]
        assert (name.parent, name.field_name, name.label) == (table, "name", "Name")
        assert name.context == {"who": n}
        assert seats.parent is table and seats.child.fields["seat"].context == {"who": n}
    assert instances[1].fields["name"] is not instances[2].fields["name"]
