"""A person forgotten (issue 55, point 2): their name, account, PIN, e-mail, devices and
sign-in records go; their results stay under a pseudonym.

Two ways in. The person themselves (``erase_me``), signed in, typing their username to
confirm: their account goes (its row, so its e-mail, password, names, memberships, device
tokens, claims, reset links and language; the sign-in records kept for its username), and
every player linked to it, in every club, takes a pseudonym. A club's director
(``erase_player``), typing the player's name, for a player without an account: a player with
one is the person's to erase. A player's records merged into it go the same way.

What stays: every game, seat, hand, total and rating, untouched; the player's row, under
``Player <id>``, the same in every output. What is scrubbed: every stored text that names the
person (``erasure_scrub.STORED_TEXT``, the event log first, so later feed pages and webhook
bodies name no one). What is listed: the webhook deliveries already sent that named them, on
the club's ``Erasure`` (who asked as a role, never a name, and how many rows of each kind
went), which a ``player.erased`` event announces. All in one transaction: a database that
stops halfway leaves the person whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.core.cache import caches
from django.db import transaction
from django.utils.translation import gettext as _

from hearts_site.api.json import utc_text
from hearts_site.errors import Conflict, DomainError, Forbidden
from scoring.models import (
    Club,
    Erasure,
    ErasureAsker,
    EventType,
    Game,
    Invitation,
    Membership,
    Player,
    PlayerClaim,
    Role,
    SignInCount,
)
from scoring.services import erasure_scrub, events
from scoring.services.versions import games_changed, tables_changed

PSEUDONYM = "Player {number}"  # stored: the same words in every output, whoever reads it
# What stands for a member with no player in a club, in the words people wrote there.
FORMER_MEMBER = "(erased)"


@dataclass
class Forgetting:
    """What one erasure works on: its players by club (the kept record first; none for a club
    the person was only a member of), the names to scrub, and what it did by club."""

    players: dict[int, list[Player]]
    names: list[str]
    removed: dict[int | None, dict[str, int]] = field(default_factory=dict)

    @property
    def club_ids(self) -> list[int]:
        return sorted(self.players)

    def pseudonym(self, club_id: int | None) -> str:
        """The club's pseudonym of the person; for rows of no club, the one pseudonym when
        the person had players in one club only."""
        if club_id is None:
            named = [rows for rows in self.players.values() if rows]
            rows = named[0] if len(named) == 1 else None
        else:
            rows = self.players.get(club_id)
        return rows[0].name if rows else FORMER_MEMBER


@transaction.atomic
def erase_me(*, user, confirm: str) -> list[Erasure]:
    """The signed-in ``user`` forgotten, account and players, once they typed their username
    (``confirm``); an ``Erasure`` for each club they were in (one of no club if none).
    Refused while they are a club's only owner (``last_owner``): they hand it over first."""
    username = user.get_username()
    if confirm.strip() != username:
        raise DomainError(
            "confirmation_mismatch",
            _("Type your username to confirm: {username}.").format(username=username),
            "confirm",
        )
    kept = Player.objects.filter(user=user).order_by("pk")
    club_ids = {
        *kept.values_list("club_id", flat=True),
        *Membership.objects.filter(user=user).values_list("club_id", flat=True),
    }
    _lock(sorted(club_ids))
    _refuse_last_owner(user)
    players = _with_merged(kept.select_for_update())
    names = [p.name for rows in players.values() for p in rows]
    names += [user.get_full_name(), user.first_name, user.last_name, username, user.email]
    work = Forgetting({club_id: players.get(club_id, []) for club_id in club_ids}, names)
    listed = _forget(work)
    # The account's and the rows of no club's: the same on each club's record of it.
    gone = {**_delete_account(user, username), **work.removed[None]}
    return [
        _record(club_id, work, ErasureAsker.PERSON, listed, {**work.removed[club_id], **gone})
        for club_id in work.club_ids or [None]
    ]


@transaction.atomic
def erase_player(*, player: Player, actor, confirm: str) -> Erasure:
    """A club's player without an account forgotten, by a director of the club who typed the
    player's name (``confirm``)."""
    _lock([player.club_id])
    player = Player.objects.select_for_update().get(pk=player.pk)
    _refuse_erasing(player, actor)
    if confirm.strip().casefold() != player.name.casefold():
        raise DomainError(
            "confirmation_mismatch",
            _("Type the player's name to confirm: {name}.").format(name=player.name),
            "confirm",
        )
    players = _with_merged([player])
    work = Forgetting(players, [p.name for p in players[player.club_id]])
    listed = _forget(work)
    removed = {**work.removed[player.club_id], **work.removed[None]}
    return _record(player.club_id, work, ErasureAsker.DIRECTOR, listed, removed)


def _refuse_erasing(player: Player, actor) -> None:
    role = Membership.objects.filter(user=actor, club_id=player.club_id).values_list(
        "role", flat=True
    )
    if role.first() not in (Role.OWNER, Role.DIRECTOR):
        raise Forbidden("not_allowed", _("Only a director of the club can erase a player."))
    if player.user_id is not None:
        raise Forbidden(
            "player_has_account",
            _("This player has an account: only they can ask to be forgotten, from their page."),
        )
    if player.merged_into_id is not None:
        raise Conflict(
            "player_merged", _("This record was merged into another: erase that one instead.")
        )
    if Erasure.objects.filter(player=player).exists():
        raise Conflict("already_erased", _("This player's name was already erased."))


def _lock(club_ids: list[int]) -> None:
    """The clubs' event counters, then their rows, in id order (services/events.py)."""
    for club_id in club_ids:
        events.hold_counter(club_id)
    list(Club.objects.select_for_update().filter(pk__in=club_ids).order_by("pk").values("pk"))


def _refuse_last_owner(user) -> None:
    owned = Membership.objects.filter(user=user, role=Role.OWNER).values("club_id")
    others = Membership.objects.filter(club_id__in=owned, role=Role.OWNER).exclude(user=user)
    alone = Club.objects.filter(pk__in=owned).exclude(pk__in=others.values("club_id"))
    club = alone.order_by("name").first()
    if club is not None:
        raise Conflict(
            "last_owner",
            _("You are the only owner of {club}: make someone else an owner first.").format(
                club=club.name
            ),
        )


def _with_merged(kept) -> dict[int, list[Player]]:
    """Each player and every record merged into it (at any depth), by club, locked."""
    players: dict[int, list[Player]] = {}
    wave = list(kept)
    while wave:
        for player in wave:
            players.setdefault(player.club_id, []).append(player)
        wave = list(Player.objects.select_for_update().filter(merged_into__in=wave).order_by("pk"))
    return players


def _forget(work: Forgetting) -> dict[int, list]:
    """The players renamed, their PINs, claims and open invitations gone; each club's stored
    texts scrubbed of the names, once the deliveries that carried them are listed. The
    games' scoreboards and the clubs' tables get new versions: no cached copy keeps a name."""
    work.names = erasure_scrub.words_of(work.names)
    everyone = [p.pk for rows in work.players.values() for p in rows]
    others = Player.objects.filter(club_id__in=work.club_ids).exclude(pk__in=everyone)
    scrubber = erasure_scrub.Scrubber.of(
        work.names, others.values_list("name", flat=True), everyone
    )
    listed = erasure_scrub.delivered(work.club_ids, work.names)
    for club_id, rows in work.players.items():
        for player in rows:
            _rename(player)
        invitations = Invitation.objects.filter(player__in=rows, accepted_at=None).delete()
        work.removed[club_id] = {
            "players_renamed": len(rows),
            "invitations": invitations[1].get(Invitation._meta.label, 0),
            "claims": PlayerClaim.objects.filter(player__in=rows).delete()[0],
            "deliveries_listed": len(listed.get(club_id, [])),
        }
    work.removed[None] = {}
    for kind in erasure_scrub.STORED_TEXT:
        for club_id in [*work.club_ids, None]:
            changed = erasure_scrub.scrub_kind(kind, club_id, scrubber, work.pseudonym(club_id))
            if changed or club_id is not None:
                work.removed[club_id][f"{kind}_scrubbed"] = changed
    games_changed(Game.objects.filter(pk__in=_games_of(everyone)))
    # The copies kept under the old versions are out of reach, yet hold the name until they
    # lapse (a week): the shared ones go once this commits (rebuilt when next asked for).
    transaction.on_commit(caches["kept"].clear)
    return listed


def _games_of(player_ids: list[int]):
    return Game.objects.filter(seats__player__in=player_ids).values("pk")


def _rename(player: Player) -> None:
    """The player's pseudonym (``Player <id>``, another if a player of the club has it), no
    PIN, no account."""
    taken = Player.objects.filter(club_id=player.club_id).exclude(pk=player.pk)
    name, extra = PSEUDONYM.format(number=player.pk), 1
    while taken.filter(name__iexact=name).exists():
        extra += 1
        name = f"{PSEUDONYM.format(number=player.pk)} ({extra})"
    player.name, player.user = name, None
    player.pin_hash, player.pin_failures, player.pin_day_failures = "", 0, 0
    player.pin_blocked_until = player.pin_day = None
    player.save()


def _delete_account(user, username: str) -> dict[str, int]:
    """The account's row (and all that hangs on it), and the sign-in records of its name."""
    gone = {
        "sign_in_records": sum(
            model.objects.filter(username=username).delete()[0]
            for model in (AccessAttempt, AccessFailureLog, AccessLog, SignInCount)
        ),
        "devices": user.device_tokens.count(),
        "memberships": Membership.objects.filter(user=user).count(),
    }
    user.delete()
    gone["account"] = 1
    return gone


def _record(
    club_id: int | None, work: Forgetting, asked_by: str, listed: dict, removed: dict
) -> Erasure:
    """The club's record of the erasure and its ``player.erased`` event (a club's only); the
    club's tables' cached copies dropped."""
    rows = work.players.get(club_id) if club_id is not None else None
    player = rows[0] if rows else None
    erasure = Erasure.objects.create(
        club_id=club_id,
        player=player,
        pseudonym=player.name if player else "",
        asked_by=asked_by,
        removed=removed,
        delivered=listed.get(club_id, []) if club_id is not None else [],
    )
    if club_id is None:
        return erasure
    data = {
        "erasure": {
            "id": erasure.pk,
            "player": player.pk if player else None,
            "pseudonym": erasure.pseudonym,
            "asked_by": asked_by,
            "at": utc_text(erasure.at),
        }
    }
    events.record_event(club_id, EventType.PLAYER_ERASED, data)
    tables_changed(club_id)
    return erasure
