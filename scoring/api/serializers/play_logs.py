"""A player's plays as BG Stats and BoardGameGeek log them (``selectors.play_logs``): what the
views send, documented for the schema; they check nothing at run time."""

from __future__ import annotations

from rest_framework import serializers

_MOMENT = {"help_text": "UTC, as YYYY-MM-DD HH:MM:SS."}


class BgStatsPlayerSerializer(serializers.Serializer):
    uuid = serializers.UUIDField()
    id = serializers.IntegerField(help_text="The player's id here.")
    name = serializers.CharField()
    isAnonymous = serializers.BooleanField()
    modificationDate = serializers.CharField(**_MOMENT)
    bggUsername = serializers.CharField(allow_blank=True)


class BgStatsLocationSerializer(serializers.Serializer):
    uuid = serializers.UUIDField()
    id = serializers.IntegerField(help_text="The club's id here.")
    name = serializers.CharField()
    modificationDate = serializers.CharField(**_MOMENT)


class BgStatsGameSerializer(serializers.Serializer):
    uuid = serializers.UUIDField()
    id = serializers.IntegerField()
    name = serializers.CharField()
    modificationDate = serializers.CharField(allow_blank=True, **_MOMENT)
    cooperative = serializers.BooleanField()
    highestWins = serializers.BooleanField(help_text="False: in Hearts the lowest score wins.")
    noPoints = serializers.BooleanField()
    usesTeams = serializers.BooleanField()
    bggId = serializers.IntegerField(help_text="BoardGameGeek's thing 6887, Hearts.")
    bggName = serializers.CharField()
    bggYear = serializers.IntegerField()


class BgStatsScoreSerializer(serializers.Serializer):
    score = serializers.CharField(help_text="The seat's total for the game.")
    winner = serializers.BooleanField(help_text="A shared win is a win for each.")
    newPlayer = serializers.BooleanField()
    startPlayer = serializers.BooleanField()
    playerRefId = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="The seat's place (1 the winner).")
    seatOrder = serializers.IntegerField(help_text="The seat, 0 to 3.")


class BgStatsPlaySerializer(serializers.Serializer):
    uuid = serializers.UUIDField(help_text="The same for a game whenever it is exported.")
    modificationDate = serializers.CharField(**_MOMENT)
    entryDate = serializers.CharField(**_MOMENT)
    playDate = serializers.CharField(**_MOMENT)
    usesTeams = serializers.BooleanField()
    durationMin = serializers.IntegerField()
    ignored = serializers.BooleanField()
    manualWinner = serializers.BooleanField()
    rounds = serializers.IntegerField(help_text="Hands played.")
    locationRefId = serializers.IntegerField()
    gameRefId = serializers.IntegerField()
    board = serializers.CharField(allow_blank=True, help_text="The league, if any.")
    playerScores = BgStatsScoreSerializer(many=True)


class BgStatsFileSerializer(serializers.Serializer):
    about = serializers.CharField()
    players = BgStatsPlayerSerializer(many=True)
    locations = BgStatsLocationSerializer(many=True)
    games = BgStatsGameSerializer(many=True)
    plays = BgStatsPlaySerializer(many=True)


class BggPlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    username = serializers.CharField(allow_blank=True)
    score = serializers.CharField()
    win = serializers.BooleanField()
    position = serializers.CharField(help_text="The seat, 1 to 4.")
    new = serializers.BooleanField()


class BggPlaySerializer(serializers.Serializer):
    objectid = serializers.IntegerField(help_text="6887: Hearts.")
    objecttype = serializers.CharField()
    playdate = serializers.DateField()
    length = serializers.IntegerField(help_text="Minutes.")
    location = serializers.CharField(help_text="The club.")
    quantity = serializers.IntegerField()
    incomplete = serializers.BooleanField()
    nowinstats = serializers.BooleanField()
    comments = serializers.CharField(allow_blank=True, help_text="The league, if any.")
    players = BggPlayerSerializer(many=True)
