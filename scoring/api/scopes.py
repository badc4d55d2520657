"""What a request concerns (a club, a league, a game, a player), found once per request and
only if the user may read it: a club the user may not read is a 404, so a private club is not
revealed. The permissions (scoring/api/permissions.py) ask ``get_club_id()``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import generics
from rest_framework.permissions import AllowAny

from hearts_site.errors import DomainError, NotFoundError
from scoring import selectors
from scoring.api.http import CreateView, creates, lists
from scoring.models import Club, Game, League, Player


class ClubScopedMixin:
    """The club named by the URL's ``pk``."""

    club_lookup = "pk"

    def get_club_id(self) -> int:
        """What the permissions ask: the club's id, once the user may read the club."""
        return self.get_club().pk

    def get_club(self) -> Club:
        if "_club" not in self.__dict__:
            club = Club.objects.filter(pk=self.kwargs[self.club_lookup]).first()
            self._club = _readable(self.request.user, club, _("No such club."))
        return self._club


#: The 404's words for each kind of row a URL names.
NO_SUCH = {
    Game: gettext_lazy("No such game."),
    League: gettext_lazy("No such league."),
    Player: gettext_lazy("No such player."),
}


class RowScopedMixin(ClubScopedMixin):
    """The ``scoped_model`` row named by the URL's ``scoped_kwarg``, and its club; where the
    model keeps a version row, ``version_of`` finds it (a selector: the row's id and the user,
    to the version row or None)."""

    scoped_model: type[Game | League | Player]
    scoped_kwarg = "pk"
    version_of: Callable[[int, Any], Any] | None = None

    def get_scoped(self) -> Any:
        if "_scoped" not in self.__dict__:
            model = self.scoped_model
            pk = self.kwargs[self.scoped_kwarg]
            self._scoped = _readable_row(self.request.user, model, pk)
        return self._scoped

    def get_club(self) -> Club:
        return self.get_scoped().club

    def get_version_row(self) -> Any:
        """The row's version row: all a write's permission check, a kept body or a 304 needs,
        without reading the row itself."""
        if "_version_row" not in self.__dict__:
            seen = type(self).version_of(self.kwargs[self.scoped_kwarg], self.request.user)
            if seen is None:
                raise NotFoundError("not_found", str(NO_SUCH[self.scoped_model]), None)
            self._version_row = seen
        return self._version_row


class GameScopedMixin(RowScopedMixin):
    """The game named by the URL's ``game_id``, and its club."""

    scoped_model = Game
    scoped_kwarg = "game_id"
    version_of = staticmethod(selectors.game_version)

    def get_game(self) -> Game:
        return self.get_scoped()

    def get_game_version(self) -> selectors.GameVersion:
        return self.get_version_row()

    def get_club_id(self) -> int:
        # A write's service reads the game it changes: the check needs only the version row.
        if "_scoped" in self.__dict__:
            return self._scoped.club_id
        return self.get_game_version().club_id


class LeagueScopedMixin(RowScopedMixin):
    """The league named by the URL's ``pk``, and its club."""

    scoped_model = League
    version_of = staticmethod(selectors.league_version)

    def get_league(self) -> League:
        return self.get_scoped()

    def get_league_version(self) -> selectors.LeagueVersion:
        """The league's club and its results version: all a kept table or a 304 needs."""
        return self.get_version_row()


class PlayerScopedMixin(RowScopedMixin):
    """The player named by the URL's ``pk``, and their club."""

    scoped_model = Player

    def get_player(self) -> Player:
        return self.get_scoped()


class GameRowsView(GameScopedMixin, generics.ListAPIView):
    """A game's rows in their order (``rows_of``: a selector from the game to its rows), for
    anyone who may read the game."""

    permission_classes = [AllowAny]
    filter_backends: list = []
    rows_of: Callable[[Game], QuerySet]

    def get_queryset(self) -> QuerySet:
        return type(self).rows_of(self.get_game())


class BodyClubMixin(ClubScopedMixin):
    """For creates that name their club in the body (players, leagues, games)."""

    def get_club(self) -> Club:
        if "_club" not in self.__dict__:
            if self.request.method in ("GET", "HEAD", "OPTIONS"):
                raise NotFoundError("not_found", _("No club in this request."), None)
            club_id = self.body_club_id()
            club = Club.objects.filter(pk=club_id).first() if club_id else None
            if club is None or not selectors.can_read(self.request.user, club):
                raise DomainError("unknown_club", _("No such club."), "club")
            self._club = club
        return self._club

    def body_club_id(self) -> int | None:
        return body_id(self.request, "club")


class ClubRowsView(BodyClubMixin, CreateView, generics.ListAPIView):
    """The rows the user may see (``visible_to``: a selector from the user to its rows), in
    their model's order unless ``?ordering=`` asks otherwise; a POST creates one in the club
    its body names."""

    visible_to: Callable[[Any], QuerySet]

    def get_queryset(self) -> QuerySet:
        return type(self).visible_to(self.request.user)


def club_rows(
    name: str,
    visible_to: Callable[[Any], QuerySet],
    input_serializer,
    output_serializer,
    conflicts: dict[str, str] | None = None,
    *,
    versioned: bool = False,
    created_serializer=None,
):
    """A ``ClubRowsView`` of a club's ``name`` (games, players, leagues): the rows
    ``visible_to`` lets the user see, each shown by ``output_serializer``; its ``GET`` and
    ``POST`` are the operations ``<name>_list`` and ``<name>_create`` (operations.toml), the
    create answering with ``created_serializer`` (else ``output_serializer``), or 409 with
    ``conflicts`` (and, ``versioned``, with the ETag of what it made)."""

    def decorate(view: type) -> type:
        view.serializer_class = output_serializer
        view.visible_to = staticmethod(visible_to)
        create = creates(
            f"{name}_create",
            input_serializer,
            created_serializer or output_serializer,
            conflicts=conflicts,
            versioned=versioned,
        )
        created = create(view)
        return lists(f"{name}_list")(created)

    return decorate


def body_id(request, name: str) -> int | None:
    """An id the JSON body gives under ``name`` (None when absent or not an integer: the input
    serializer then says what is wrong with it)."""
    data = request.data if isinstance(request.data, dict) else {}
    value = data.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _readable_row(user, model, pk: int):
    """The ``model`` row ``pk``, with its club, when the user may read its club; else a 404
    that says "No such game." (the same whether it does not exist or is private)."""
    row = model.objects.select_related("club").filter(pk=pk).first()
    _readable(user, None if row is None else row.club, str(NO_SUCH[model]))
    return row


def _readable(user, club: Club | None, message: str) -> Club:
    """``club``, when there is one and the user may read it; else a 404 that says
    ``message``, word for word the same for a club that does not exist and a private one."""
    if club is None or not selectors.can_read(user, club):
        raise NotFoundError("not_found", message, None)
    return club
