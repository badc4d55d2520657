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
    membership, _ = Membership.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    _keeps_an_owner(club, "role")
    return membership


@transaction.atomic
def remove_membership(*, membership: Membership) -> None:
    club = membership.club
    membership.delete()
    _keeps_an_owner(club, "user")


def _keeps_an_owner(club: Club, field: str) -> None:
    """Refused (and so rolled back) when the change left the club without an owner."""
    if not club.memberships.filter(role=Role.OWNER).exists():
        raise Conflict("last_owner", "A club keeps at least one owner.", field)
