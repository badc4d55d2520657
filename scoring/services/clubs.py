"""Clubs and their memberships: a club keeps at least one owner."""

from __future__ import annotations

import secrets
import string

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, NotFoundError
from scoring.models import Club, Membership, Role

SLUG_LENGTH = 60  # Club.slug
PRIVATE_SLUG_SUFFIX = 8  # random letters and digits: 36**8 slugs to guess
# Slugs a page's address takes (/clubs/new/ makes a club): no club can have them.
RESERVED_SLUGS = frozenset({"new"})


@transaction.atomic
def create_club(*, user, name: str, slug: str, is_public: bool = True) -> Club:
    """A new club, its creator its first owner; a slug is one club's. A private club's slug
    ends in a random part (``back-room-k3x9q2mz``), so that no one who may not read it can
    confirm it by trying to take it (``slug_taken``): they cannot guess it."""
    _within_club_limit(user)
    if not is_public:
        slug = private_slug(slug)
    taken = Conflict(
        "slug_taken", _("A club already uses the slug {slug}.").format(slug=repr(slug)), "slug"
    )
    if slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, is_public=is_public)
    except IntegrityError:  # a concurrent create took the slug after the check
        raise taken from None
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    return club


def _within_club_limit(user) -> None:
    """A user owns at most ``HEARTS_MAX_CLUBS_PER_USER`` clubs (staff: any number): each club
    may queue webhook deliveries and re-ratings, so clubs are not free to make without end.
    Checked under a lock of the user's row, so clubs made at once cannot pass it."""
    if user.is_staff:
        return
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk").first()
    most = settings.HEARTS_MAX_CLUBS_PER_USER
    if Membership.objects.filter(user=user, role=Role.OWNER).count() >= most:
        most_clubs = ngettext(
            "One account owns at most {most} clubs.", "One account owns at most {most} clubs.", most
        )
        raise Conflict("too_many_clubs", most_clubs.format(most=most), None)


def slug_from_name(name: str) -> str:
    """The slug a club's name gives when none is chosen: its letters and digits in lower
    case, joined by hyphens (``Riverside Club`` → ``riverside-club``); ``club`` when none is
    left."""
    return slugify(name)[:SLUG_LENGTH].strip("-") or "club"


def private_slug(stem: str) -> str:
    alphabet = string.ascii_lowercase + string.digits
    suffix = "".join(secrets.choice(alphabet) for _ in range(PRIVATE_SLUG_SUFFIX))
    return f"{stem[: SLUG_LENGTH - PRIVATE_SLUG_SUFFIX - 1]}-{suffix}"


@transaction.atomic
def set_membership(*, club: Club, user, role: str) -> Membership:
    _lock_members(club)
    membership, _created = Membership.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    _keeps_an_owner(club, "role")
    return membership


@transaction.atomic
def change_role(*, membership: Membership, role: str) -> Membership:
    """The member's new role. A membership removed meanwhile (another owner's removal, a
    moment before) is gone: refused with a 404, never made again, as ``set_membership``'s
    "this user's role, whether or not a member" would."""
    _lock_members(membership.club)
    changed = Membership.objects.filter(pk=membership.pk).update(role=role)
    if not changed:
        raise _no_such_member()
    _keeps_an_owner(membership.club, "role")
    return Membership.objects.select_related("user").get(pk=membership.pk)


@transaction.atomic
def remove_membership(*, membership: Membership) -> None:
    """The member leaves; one already removed (twice at once) is a 404."""
    club = membership.club
    _lock_members(club)
    deleted, _by_model = Membership.objects.filter(pk=membership.pk).delete()
    if not deleted:
        raise _no_such_member()
    _keeps_an_owner(club, "user")


def _no_such_member() -> NotFoundError:
    return NotFoundError("not_found", _("No such membership."), None)


def _lock_members(club: Club) -> None:
    """Hold the club's row until commit: changes to one club's members run one at a time,
    each reading the members as the one before it left them.

    Without it two owners demoting (or removing) each other at once both see the other still
    an owner under READ COMMITTED, and both commit: a club with no owner. SQLite's IMMEDIATE
    transactions already run one writer at a time (it ignores the row lock).
    """
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True))


def _keeps_an_owner(club: Club, field: str) -> None:
    """Refused (and so rolled back) when the change left the club without an owner."""
    if not club.memberships.filter(role=Role.OWNER).exists():
        raise Conflict("last_owner", _("A club keeps at least one owner."), field)
