"""Who may read a player's name (issue 55, point 1; docs/deploy.md: who may see a name):
every output that names a player, a page, an API read, an export, the wall or a webhook
body, shows it through :func:`shown_player_name`.

A player's ``name_visibility`` is ``public`` (everyone), ``members`` (the club's members) or
``hidden`` (the player's own account and the club's directors). Any other reader reads the
pseudonym "Player <id>", in their language, the same words an erased player's stored
pseudonym is shown in. The reader is the request's user (hearts_site/http/current.py: a
token's too, once the API authenticated it); outside a request, and inside :func:`for_everyone`
(the feed's and the webhooks' bodies, which leave the service), it is nobody. Results keep
their stored names and ids for every sort and tie: a name shown differently never moves a
row."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.utils.translation import gettext as _

from hearts_site.http.current import current_request
from scoring.models import NameVisibility, Player

from .access import DIRECTORS, role_in

_everyone: ContextVar[bool] = ContextVar("names_for_everyone", default=False)
_NO_READER = object()


def pseudonym(player_id: int) -> str:
    # Translators: how a player whose name is hidden or erased is shown; {player} is a number.
    return _("Player {player}").format(player=player_id)


def _reader():
    """The user reading, or None (nobody: outside a request, or for everyone)."""
    if _everyone.get():
        return None
    request = current_request()
    user = getattr(request, "user", None) if request is not None else None
    return user if user is not None and user.is_authenticated else None


Private = dict[int, tuple[int, str, int | None]]


def private_names() -> Private:
    """Every player whose name is not public: id -> (club, visibility, user). One query a
    request (kept on it), none when nothing asks for a name; outside a request one a call,
    so a loop there reads it once and hands it to :func:`shown_player_name`."""
    request = current_request()
    kept = getattr(request, "_private_names", None) if request is not None else None
    if kept is not None:
        return kept
    found = Player.objects.exclude(name_visibility=NameVisibility.PUBLIC).values_list(
        "pk", "club_id", "name_visibility", "user_id"
    )
    kept = {pk: (club, visibility, user) for pk, club, visibility, user in found.order_by()}
    if request is not None:
        request._private_names = kept
    return kept


def may_see(reader, club_id: int, visibility: str, user_id: int | None) -> bool:
    """Whether ``reader`` (a user, or None) may read a name with this visibility."""
    if visibility == NameVisibility.PUBLIC:
        return True
    if reader is None:
        return False
    if visibility == NameVisibility.MEMBERS:
        return role_in(reader, club_id) is not None
    return user_id == reader.pk or role_in(reader, club_id) in DIRECTORS


def shown_player_name(player_id: int | None, name: str, private: Private | None = None) -> str:
    """A player's name as the reader may see it: the stored name, else the pseudonym. An
    erased player's stored "Player <id>" is shown in the reader's language."""
    if player_id is None:
        return name
    if name == f"Player {player_id}":
        return pseudonym(player_id)
    found = (private_names() if private is None else private).get(player_id)
    if found is None or may_see(_reader(), *found):
        return name
    return pseudonym(player_id)


def shown_player(player: Player) -> str:
    return shown_player_name(player.pk, player.name)


def shown_rows(rows: Iterable[dict[str, Any]], id_key: str = "player", name_key: str = "name"):
    """Each row's ``name_key`` shown as its reader may see it (rows copied, the kept untouched)."""
    private = private_names()
    return [
        {**row, name_key: shown_player_name(row[id_key], row[name_key], private)} for row in rows
    ]


def audience_key() -> str:
    """What a kept body's names depend on: which private names this reader may see, and which
    not. Every reader who may see the same ones (all anonymous readers, a club's members…)
    shares one key; a change of anyone's choice makes new keys."""
    private = private_names()
    if not private:
        return ""
    reader = _reader()
    seen = sorted((pk, may_see(reader, *private[pk]), private[pk][1]) for pk in private)
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:32]


@contextmanager
def for_everyone() -> Iterator[None]:
    """Names inside as the public reads them (a body that leaves the service)."""
    token = _everyone.set(True)
    try:
        yield
    finally:
        _everyone.reset(token)
