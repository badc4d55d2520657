"""Who may make a password reset link for whom, and for which members of a club.

A reset link hands over the account it is for: whoever opens it sets the password. So a link
is made only by someone who may already decide that account's standing in every club it
belongs to, which rules out taking over an equal or a superior:

* by a director or an owner of a club the account is a member of (any role), for someone else;
* never for an owner of any club (nobody in the service stands above an owner: an owner who
  forgot their password asks the site's operator, ``manage.py changepassword``), nor for staff;
* for a director (of any club) only by an owner of every club they direct: a director never
  makes one for another director, here or elsewhere.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from scoring.models import Club, Membership, Player, Role
from scoring.selectors.access import display_name, role_in

MANAGERS = (Role.OWNER, Role.DIRECTOR)
NOT_A_MANAGER = gettext_lazy("Only the club's directors and owners make password reset links.")
NOT_A_MEMBER = gettext_lazy("That person is not a member of this club.")
YOURSELF = gettext_lazy("Your own password is changed on your password page.")
FOR_AN_OWNER = gettext_lazy(
    "A club owner's password is not reset by a link: an owner who forgot it asks the site's "
    "operator."
)
FOR_STAFF = gettext_lazy("An administrator's password is reset by the site's operator.")
FOR_A_DIRECTOR = gettext_lazy(
    "Only an owner of every club they direct makes a reset link for a director."
)
INACTIVE = gettext_lazy("This account is closed.")


def reset_refusal(actor, club: Club, user) -> str | None:
    """Why ``actor`` may not make a reset link for ``user`` through ``club``, in words; None
    when they may."""
    roles = dict(Membership.objects.filter(user=user).values_list("club_id", "role"))
    return _refusal(actor, club, user, roles)


def _refusal(actor, club: Club, user, roles: dict[int, str]) -> str | None:
    """``reset_refusal``, given ``user``'s role in each of their clubs (a real string, in the
    request's language)."""
    refusal = _lazy_refusal(actor, club, user, roles)
    return None if refusal is None else str(refusal)


def _lazy_refusal(actor, club: Club, user, roles: dict[int, str]):
    if role_in(actor, club.pk) not in MANAGERS:
        return NOT_A_MANAGER
    if club.pk not in roles:
        return NOT_A_MEMBER
    if user.pk == actor.pk:
        return YOURSELF
    if user.is_staff or user.is_superuser:
        return FOR_STAFF
    if not user.is_active:
        return INACTIVE
    if Role.OWNER in roles.values():
        return FOR_AN_OWNER
    directed = [club_id for club_id, role in roles.items() if role == Role.DIRECTOR]
    if any(role_in(actor, club_id) != Role.OWNER for club_id in directed):
        return FOR_A_DIRECTOR
    return None


@dataclass(frozen=True)
class ResetCandidate:
    """A member of the club, as the reset page lists them."""

    user_id: int
    name: str
    role: str
    refusal: str | None


def reset_candidates(actor, club: Club) -> list[ResetCandidate]:
    """The club's members, by name (as others see them: never the login name), each with
    whether ``actor`` may make them a reset link and, if not, why; in three queries."""
    members = list(Membership.objects.filter(club=club).select_related("user"))
    users = [m.user_id for m in members]
    roles: dict[int, dict[int, str]] = defaultdict(dict)
    for user_id, club_id, role in Membership.objects.filter(user__in=users).values_list(
        "user_id", "club_id", "role"
    ):
        roles[user_id][club_id] = role
    names = dict(
        Player.objects.filter(club=club, user__in=users, merged_into__isnull=True)
        .order_by("-name")
        .values_list("user_id", "name")
    )
    found = [
        ResetCandidate(
            user_id=m.user_id,
            name=names.get(m.user_id) or display_name(m.user),
            role=m.get_role_display(),
            refusal=_refusal(actor, club, m.user, roles[m.user_id]),
        )
        for m in members
    ]
    return sorted(found, key=lambda c: (c.name.casefold(), c.user_id))
