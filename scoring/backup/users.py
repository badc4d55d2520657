"""Who the usernames of a document become on import: never an account that exists here.

A document names people by username (members, players linked to accounts, who entered, ruled
or merged what). A username is only a name: whoever has it on this server may not be the
person who had it where the club was exported, and anyone can write a document. So an import
gives no existing account a club's roles, players or history. Each username becomes a new
account, inactive with no usable password (an administrator activates it and sets one): under
the same username when no one has it here, else under ``<username>@<club slug>`` (with
``.2``, ``.3``... if that is taken too). One exception: the ``owner`` the operator names
(``import_club --owner``): the document's mentions of the owner's own username are the owner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from scoring.backup.checks import BackupError


@dataclass
class Accounts:
    """The account each username of the document stands for, and the accounts made for it."""

    by_username: dict[str, Any] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)  # the new accounts' usernames
    renamed: dict[str, str] = field(default_factory=dict)  # document username: new username


def accounts_for(wanted: Iterable[str], *, owner, slug: str) -> Accounts:
    """New inactive accounts for the usernames ``wanted`` (the owner's own stays the owner),
    each named as the module says; refused (``BackupError``) when a name cannot be one."""
    user_model = get_user_model()
    key = user_model.USERNAME_FIELD
    accounts = Accounts()
    if owner is not None:
        accounts.by_username[getattr(owner, key)] = owner
    names = sorted(set(wanted) - set(accounts.by_username))
    taken = set(user_model.objects.filter(**{f"{key}__in": names}).values_list(key, flat=True))
    for name in names:
        username = _free_name(name, slug, user_model) if name in taken else name
        user = user_model(**{key: username, "is_active": False})
        user.set_unusable_password()
        try:
            user.full_clean(exclude=["password"], validate_unique=False)
        except ValidationError as exc:
            raise BackupError(f"User {name!r} cannot be created: {exc}") from None
        user.save()
        accounts.by_username[name] = user
        accounts.created.append(username)
        if username != name:
            accounts.renamed[name] = username
    return accounts


def _free_name(name: str, slug: str, user_model) -> str:
    """``<name>@<slug>``, or with ``.2``, ``.3``... the first no account has, within the
    username's length."""
    key = user_model.USERNAME_FIELD
    longest = user_model._meta.get_field(key).max_length
    stem = f"{name[: max(1, longest - len(slug) - 5)]}@{slug}"[:longest]
    candidates = [stem] + [f"{stem[: longest - 4]}.{n}" for n in range(2, 1000)]
    used = set(
        user_model.objects.filter(**{f"{key}__startswith": stem[: longest - 4]}).values_list(
            key, flat=True
        )
    )
    for candidate in candidates:
        if candidate not in used:
            return candidate
    raise BackupError(f"No free username for {name!r}: rename it in the document.")
