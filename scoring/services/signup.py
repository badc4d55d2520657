"""Making an account: a username, the person's name as their clubs read it, a password that
passes the site's validators (``AUTH_PASSWORD_VALIDATORS``); with an invitation's token, the
new account joins its club in the same transaction. The sign-up page, the invitation page and
the API's sign-up call this one service.

Sign-ups count with the sign-in lockout (scoring/services/signin_guard.py): once the username,
the name and the password pass, the attempt is counted on the username as a sign-in's is,
before anything is looked up: a username locked out from this address cannot be signed up for
either (429 ``locked_out``); a sign-up refused because the username is taken stays counted as
one failed sign-in for that username from that address, so asking "is this name taken?" costs
a guesser what a wrong password costs; a sign-up that makes the account gives its attempt
back. Refusals that test nothing (a weak password, a malformed username) are not counted;
every attempt spends the sign-up throttle (per client address) of the page or the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError
from scoring.models import DeviceToken, Membership, Player
from scoring.services.invitations import accept_invitation, open_invitation
from scoring.services.signin import take_attempt
from scoring.services.signin_guard import attempt_succeeded
from scoring.services.tokens import create_device_token

NAME_LENGTH = Player._meta.get_field("name").max_length  # the name a club may seat them by


@dataclass(frozen=True)
class NewAccount:
    """What a sign-up made: the user; the membership its invitation gave; the device token
    (and its key, shown once) when a device signed up."""

    user: object
    membership: Membership | None = None
    token: DeviceToken | None = None
    key: str | None = None


class _UsernameTaken(Exception):
    """Raised inside the transaction, so that the failure is counted after its rollback."""


def sign_up(
    *,
    request: HttpRequest,
    username: str,
    name: str,
    password: str,
    invitation: str | None = None,
    device_name: str | None = None,
) -> NewAccount:
    """A new active account, checked in this order: the username's form
    (``invalid_username``) and the name (``invalid_name``), the password (``weak_password``,
    in the validators' own words), the lockout (``locked_out``, 429: the attempt counted), the
    username free (``username_taken``, 409, case aside: "Sam" is taken when "sam" is). With
    ``invitation``: the invitation is accepted by the new account (``unknown_invitation``
    when it was used, revoked or expired meanwhile); with ``device_name``: a device token is
    made. All or nothing."""
    user_model = get_user_model()
    username = user_model.normalize_username(username.strip())
    name = " ".join(name.split())
    _check_username(user_model, username)
    if not name or len(name) > NAME_LENGTH:
        raise DomainError(
            "invalid_name",
            _("Give your name, {most} characters at most.").format(most=NAME_LENGTH),
            "name",
        )
    candidate = user_model(username=username, first_name=name)
    try:
        password_validation.validate_password(password, user=candidate)
    except ValidationError as refusal:
        raise DomainError("weak_password", " ".join(refusal.messages), "password") from None
    candidate.password = make_password(password)  # slow on purpose: before the write
    take_attempt(request, username)
    try:
        account = _create(candidate, invitation, device_name)
    except _UsernameTaken:  # the attempt stays counted, as a wrong password's does
        raise Conflict(
            "username_taken", _("That username is taken: choose another."), "username"
        ) from None
    attempt_succeeded(request)
    password_validation.password_changed(password, account.user)
    return account


@transaction.atomic
def _create(user, invitation: str | None, device_name: str | None) -> NewAccount:
    if invitation is not None:
        open_invitation(invitation, lock=True)  # before anything is made: used meanwhile?
    user_model = type(user)
    if user_model.objects.filter(username__iexact=user.username).exists():
        raise _UsernameTaken
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # a concurrent sign-up took it after the check
        raise _UsernameTaken from None
    membership = accept_invitation(token=invitation, user=user) if invitation else None
    token, key = create_device_token(user=user, name=device_name) if device_name else (None, None)
    return NewAccount(user=user, membership=membership, token=token, key=key)


def _check_username(user_model, username: str) -> None:
    try:
        user_model._meta.get_field("username").run_validators(username)
    except ValidationError:
        raise DomainError(
            "invalid_username",
            _("A username is 1 to 150 letters, digits and @ . + - _ (no spaces)."),
            "username",
        ) from None
    if not username:
        raise DomainError("invalid_username", _("Choose a username."), "username")
