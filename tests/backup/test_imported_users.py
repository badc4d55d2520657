"""An import refers to no account that exists here (but the owner the operator names): a
document's usernames become new, inactive accounts, so that a file, which anyone can write,
cannot give an existing account a club's roles or players, nor put history in its name."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring.backup import export_club, import_club, schema
from scoring.models import Membership, Player

from .support import make_user

pytestmark = pytest.mark.django_db


def rows_naming(club, users) -> dict[str, int]:
    """How many of the club's rows name one of ``users``, by model and field."""
    found = {}
    for kind in schema.ROW_KINDS:
        for column in kind.columns:
            if column.writes != schema.USERNAME:
                continue
            lookup = {kind.club_lookup or "pk": club.pk, f"{column.field.name}__in": users}
            count = kind.model.objects.filter(**lookup).count()
            if count:
                found[f"{kind.key}.{column.key}"] = count
    return found


def test_a_document_naming_existing_accounts_gives_them_nothing(club, cast):
    admin = get_user_model().objects.create_superuser("admin", password="x")
    document = export_club(club)
    document["club"]["slug"] = "elsewhere"
    # The file's author makes the site's administrator the club's owner, and links them to a
    # player; every other username in it is a member of the original club here.
    document["members"].append({**document["members"][0], "username": "admin"})
    document["players"][0]["user"] = "admin"
    existing = [admin, cast.owner, cast.director, cast.scorer]

    copy = import_club(document)

    assert rows_naming(copy, existing) == {}
    assert not Membership.objects.filter(club=copy, user__in=existing).exists()
    assert not Player.objects.filter(club=copy, user__in=existing).exists()
    made = get_user_model().objects.filter(username__in=copy.created_users)
    assert sorted(copy.created_users) == sorted(
        [
            "admin@elsewhere",
            "dora_director@elsewhere",
            "olive_owner@elsewhere",
            "sam_scorer@elsewhere",
        ]
    )
    assert all(not u.is_active and not u.has_usable_password() for u in made)
    assert not any(u.is_staff or u.is_superuser for u in made)
    roles = dict(Membership.objects.filter(club=copy).values_list("user__username", "role"))
    assert roles["admin@elsewhere"] == "owner"
    linked = Player.objects.get(club=copy, name=document["players"][0]["name"])
    assert linked.user.username == "admin@elsewhere"


def test_the_owner_the_operator_names_is_the_documents_mentions_of_that_username(club, cast):
    document = export_club(club)
    document["club"]["slug"] = "moved"

    copy = import_club(document, owner=cast.owner)

    assert rows_naming(copy, [cast.director, cast.scorer]) == {}
    assert rows_naming(copy, [cast.owner]) == rows_naming(club, [cast.owner]) != {}
    assert Membership.objects.get(club=copy, user=cast.owner).role == "owner"
    assert copy.renamed_users == {
        "dora_director": "dora_director@moved",
        "sam_scorer": "sam_scorer@moved",
    }


def test_a_username_free_here_is_kept_and_a_taken_new_name_gets_a_number(club):
    document = export_club(club)
    document["club"]["slug"] = "copy"
    document["members"].append({**document["members"][0], "username": "newcomer"})
    make_user("sam_scorer@copy")  # taken too: the next one

    copy = import_club(document)

    assert "newcomer" in copy.created_users and "newcomer" not in copy.renamed_users
    assert not get_user_model().objects.get(username="newcomer").is_active
    assert copy.renamed_users["sam_scorer"] == "sam_scorer@copy.2"
