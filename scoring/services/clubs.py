"""Clubs and their memberships: a club keeps at least one owner."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from hearts_site.errors import Conflict
from scoring.models import Club, Membership, Role


@transaction.atomic
def create_club(*, user, name: str, slug: str, is_public: bool = True) -> Club:
    """A new club, its creator its first owner; a slug is one club's."""
    taken = Conflict("slug_taken", f"A club already uses the slug {slug!r}.", "slug")
    if Club.objects.filter(slug=slug).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, is_public=is_public)
    except IntegrityError:  # a concurrent create took the slug after the check
        raise taken from None
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    return club


@transaction.atomic
def set_membership(*, club: Club, user, role: str) -> Membership:
    _lock_members(club)
    membership, _ = Membership.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    _keeps_an_owner(club, "role")
    return membership


@transaction.atomic
def remove_membership(*, membership: Membership) -> None:
    club = membership.club
    _lock_members(club)
    membership.delete()
    _keeps_an_owner(club, "user")


def _lock_members(club: Club) -> None:
    """Hold the club's row until commit: changes to one club's members run one at a time.

    Without it two owners demoting (or removing) each other at once both see the other still
    an owner under READ COMMITTED, and both commit: a club with no owner. SQLite's IMMEDIATE
    transactions already run one writer at a time (it ignores the row lock).
    """
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True))


def _keeps_an_owner(club: Club, field: str) -> None:
    """Refused (and so rolled back) when the change left the club without an owner."""
    if not club.memberships.filter(role=Role.OWNER).exists():
        raise Conflict("last_owner", "A club keeps at least one owner.", field)
