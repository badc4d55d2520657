"""A serializer's scoring-card takers stand where its declaration puts them: after the fields of
its head class, before its own, each card in declaration order (adjudication/ruling_fields.py's
``takers_class``)."""

from __future__ import annotations

from rest_framework import serializers

from adjudication import ruling_fields
from adjudication.engine.scoring_cards import SCORING_CARDS, Bonus, ScoringCard

TEN_OF_CLUBS = ScoringCard(
    name="ten_of_clubs",
    card="TC",
    label="10♣",
    option="jack_of_diamonds",
    effect=Bonus(),
    question="",
    required="",
    say_who="",
    table_says="",
)


def test_the_takers_stand_between_the_head_and_the_own_fields_in_card_order(monkeypatch):
    monkeypatch.setattr(ruling_fields, "SCORING_CARDS", (*SCORING_CARDS, TEN_OF_CLUBS))

    class _Head(serializers.Serializer):
        points = serializers.ListField(child=serializers.IntegerField())

    class Out(_Head, ruling_fields.takers_class(lambda card: serializers.IntegerField())):
        tricks_won = serializers.ListField(child=serializers.IntegerField())

    names = [card.name for card in SCORING_CARDS]
    assert list(Out().fields) == ["points", *names, "ten_of_clubs", "tricks_won"]
    takers = {name: number for number, name in enumerate([*names, "ten_of_clubs"], 2)}
    row = {"points": [1], **takers, "tricks_won": [0]}
    assert Out(row).data == row
