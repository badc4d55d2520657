"""What a request concerns (a club, a league, a game, a player), found once per request and
only if the user may read it: a club the user may not read is a 404, so a private club is not
revealed. The permissions (scoring/api/permissions.py) ask ``get_club_id()``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from hearts_site.errors import DomainError, NotFoundError
from scoring import selectors
from scoring.models import Club, Game, League, Player


class ClubScopedMixin:
    """The club named by the URL's ``pk``."""

    club_lookup = "pk"

    def get_club_id(self) -> int:
        """What the permissions ask: the club's id, once the user may read the club."""
        return self.get_club().pk

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            club = get_object_or_404(Club, pk=self.kwargs[self.club_lookup])
            self._club = _readable(self.request.user, club, "No such club.")
        return self._club


class GameScopedMixin(ClubScopedMixin):
    """The game named by the URL's ``game_id``, and its club."""

    def get_game(self) -> Game:
        if not hasattr(self, "_game"):
            self._game = _readable_row(self.request.user, Game, self.kwargs["game_id"], "game")
        return self._game

    def get_club(self) -> Club:
        return self.get_game().club

    def get_game_version(self) -> selectors.GameVersion:
        """The game's version row: all a write's permission check, a kept scoreboard or a 304
        needs, without reading the game itself."""
        if not hasattr(self, "_game_version"):
            seen = selectors.game_version(self.kwargs["game_id"], self.request.user)
            if seen is None:
                raise NotFoundError("not_found", "No such game.", None)
            self._game_version = seen
        return self._game_version

    def get_club_id(self) -> int:
        # A write's service reads the game it changes: the check needs only the version row.
        if hasattr(self, "_game"):
            return self._game.club_id
        return self.get_game_version().club_id


class LeagueScopedMixin(ClubScopedMixin):
    """The league named by the URL's ``pk``, and its club."""

    def get_league(self) -> League:
        if not hasattr(self, "_league"):
            self._league = _readable_row(self.request.user, League, self.kwargs["pk"], "league")
        return self._league

    def get_club(self) -> Club:
        return self.get_league().club

    def get_league_version(self) -> selectors.LeagueVersion:
        """The league's club and its results version: all a kept table or a 304 needs."""
        if not hasattr(self, "_league_version"):
            seen = selectors.league_version(self.kwargs["pk"], self.request.user)
            if seen is None:
                raise NotFoundError("not_found", "No such league.", None)
            self._league_version = seen
        return self._league_version


class PlayerScopedMixin(ClubScopedMixin):
    """The player named by the URL's ``pk``, and their club."""

    def get_player(self) -> Player:
        if not hasattr(self, "_player"):
            self._player = _readable_row(self.request.user, Player, self.kwargs["pk"], "player")
        return self._player

    def get_club(self) -> Club:
        return self.get_player().club


class BodyClubMixin(ClubScopedMixin):
    """For creates that name their club in the body (players, leagues, games)."""

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            if self.request.method in ("GET", "HEAD", "OPTIONS"):
                raise NotFoundError("not_found", "No club in this request.", None)
            club_id = self.body_club_id()
            club = Club.objects.filter(pk=club_id).first() if club_id else None
            if club is None or not selectors.can_read(self.request.user, club):
                raise DomainError("unknown_club", "No such club.", "club")
            self._club = club
        return self._club

    def body_club_id(self) -> int | None:
        return body_id(self.request, "club")


def body_id(request, name: str) -> int | None:
    """An id the JSON body gives under ``name`` (None when absent or not an integer: the input
    serializer then says what is wrong with it)."""
    data = request.data if isinstance(request.data, dict) else {}
    value = data.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _readable_row(user, model, pk: int, what: str):
    """The ``model`` row ``pk``, with its club, when the user may read its club; else a 404
    that says "No such ``what``." (the same whether it does not exist or is private)."""
    row = get_object_or_404(model.objects.select_related("club"), pk=pk)
    _readable(user, row.club, f"No such {what}.")
    return row


def _readable(user, club: Club, message: str) -> Club:
    """``club``, when the user may read it; else a 404 that says ``message``."""
    if not selectors.can_read(user, club):
        raise NotFoundError("not_found", message, None)
    return club
