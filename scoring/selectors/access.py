"""Who may see what: a club's role of a user, and the clubs, players, leagues and games a user
may read (public clubs, and the private clubs they belong to)."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring import sql
from scoring.models import Club, DeviceToken, Game, GameStatus, League, NightTable, Player, Role

SCORERS = (Role.OWNER, Role.DIRECTOR, Role.SCORER)
DIRECTORS = (Role.OWNER, Role.DIRECTOR)


def role_in(user, club_id: int) -> str | None:
    """The user's role in a club, or None. Read once per request: kept on the user object."""
    if user is None or not user.is_authenticated:
        return None
    roles = user.__dict__.get("_club_roles")
    if roles is None:
        roles = sql.roles_of(user.pk)
        user.__dict__["_club_roles"] = roles
    return roles.get(club_id)


def may_retable(user, game: Game) -> bool:
    """Whether the user may abandon the game or seat its table again: at a night's table only
    a director may (the night's draw seats its tables; a scorer there is often a player)."""
    if not NightTable.objects.filter(game_id=game.pk).exists():
        return True
    return role_in(user, game.club_id) in DIRECTORS


#: How a person with no name the club knows is shown, by their role in it (lazy: made a real
#: string, in the request's language, where shown).
ROLE_WORDS = {
    Role.OWNER: pgettext_lazy("a person shown by their role", "an owner"),
    Role.DIRECTOR: pgettext_lazy("a person shown by their role", "a director"),
    Role.SCORER: pgettext_lazy("a person shown by their role", "a scorer"),
    Role.MEMBER: pgettext_lazy("a person shown by their role", "a member"),
}


def display_name(user, club_id: int | None = None) -> str | None:
    """How a user is shown to others. Given the club (each page names people in one): the
    player linked to them there, else their full name, else their role there in words ("a
    director"), else "someone". With no club (the API's history): their full name, else
    "User <id>", which tells people apart. Never the login name: it is half of a sign-in,
    and public pages would hand it to anyone guessing passwords."""
    if user is None:
        return None
    if club_id is None:
        return user.get_full_name().strip() or _("User {id}").format(id=user.pk)
    in_club = Player.objects.filter(user=user, club_id=club_id, merged_into__isnull=True)
    pk, name = in_club.order_by("id").values_list("pk", "name").first() or (None, None)
    if name or user.get_full_name().strip():
        return shown_name(name, user, None, pk)
    return shown_name(None, user, role_in(user, club_id))


def shown_name(
    player_name: str | None, user, role: str | None, player_id: int | None = None
) -> str:
    """A person as a club shows them (``display_name``'s rule, for a caller that knows the
    parts): the name of the player linked to them there (as the reader may see it:
    ``names.shown_player_name``), else their full name, else their role there in words, else
    "someone"."""
    if player_name and player_id is not None:
        from scoring.selectors.names import shown_player_name  # names builds on this module

        return shown_player_name(player_id, player_name)
    full = user.get_full_name().strip()
    if player_name or full:
        return player_name or full
    words = ROLE_WORDS.get(role)
    # Translators: a person the page cannot name, neither by name nor by role.
    return str(words) if words is not None else _("someone")


def username_shown(viewer, user, club_id: int) -> str | None:
    """A user's login name as ``viewer`` may see it: to its own account, and to the club's
    owners (who manage its members); None to everyone else, since it is half of a sign-in
    and what the sign-in lockout counts by."""
    if viewer is None or not viewer.is_authenticated:
        return None
    if viewer.pk == user.pk or role_in(viewer, club_id) == Role.OWNER:
        return user.get_username()
    return None


def player_names(ids) -> dict[int, str]:
    """The names of the players with these ids (a history names them by id), as the reader
    may see them."""
    from scoring.selectors.names import shown_player_name  # names builds on this module

    found = Player.objects.filter(pk__in=set(ids)).values_list("pk", "name")
    return {pk: shown_player_name(pk, name) for pk, name in found}


def own_name(user) -> str:
    """How the signed-in user is shown to themselves: their player name (in any club), their
    full name, or their sign-in name (no secret to its owner)."""
    return player_name(user) or user.get_full_name().strip() or user.get_username()


def player_name(user, club_id: int | None = None) -> str | None:
    """The user's player name in ``club_id`` (else in another club, or in any club when no
    club is named), or None when no club has them as a player."""
    players = Player.objects.filter(user=user, merged_into__isnull=True)
    names = list(players.order_by("name").values_list("club_id", "name"))
    in_club = [name for club, name in names if club == club_id]
    return (in_club or [name for _, name in names] or [None])[0]


def may_read(user, club_id: int, is_public: bool) -> bool:
    """A club's data is for everyone when the club is public, else for its members."""
    return is_public or role_in(user, club_id) is not None


def can_read(user, club: Club) -> bool:
    return may_read(user, club.pk, club.is_public)


def can_score(user, club_id: int) -> bool:
    """Owners, directors and scorers write a club's games."""
    return role_in(user, club_id) in SCORERS


def scorer_players(club_id: int, player_ids) -> set[int]:
    """Those of the players who can enter hands in their club: their account's role there is
    a scorer's or better (:func:`can_score`)."""
    return set(
        Player.objects.filter(
            club_id=club_id,
            pk__in=list(player_ids),
            user__membership__club_id=club_id,
            user__membership__role__in=SCORERS,
        ).values_list("pk", flat=True)
    )


def can_score_game(user, game: Game) -> bool:
    """A scorer of the game's club, and the game not abandoned (over: it may be corrected)."""
    return can_score(user, game.club_id) and game.status != GameStatus.ABANDONED


def visible_clubs(user) -> QuerySet[Club]:
    """Public clubs, and the private clubs the user belongs to."""
    if user is not None and user.is_authenticated:
        return Club.objects.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return Club.objects.filter(is_public=True)


def _visible_club_ids(user):
    return visible_clubs(user).values("pk")


def players_for(user) -> QuerySet[Player]:
    return Player.objects.filter(club__in=_visible_club_ids(user)).select_related("club")


def leagues_for(user) -> QuerySet[League]:
    return League.objects.filter(club__in=_visible_club_ids(user)).select_related("club")


def games_for(user) -> QuerySet[Game]:
    return (
        Game.objects.filter(club__in=_visible_club_ids(user))
        .select_related("club", "league", "season")
        .prefetch_related("seats__player")
    )


def device_tokens(user) -> QuerySet[DeviceToken]:
    """The user's device tokens, revoked ones too, newest first."""
    return DeviceToken.objects.filter(user=user).order_by("-created_at", "-id")
