"""``manage.py import_club FILE``: a club exported by ``export_club``, as a new club.

Refuses a file of another format or version, or a slug already in use (``--slug`` imports
under another one); writes it in short transactions into a hidden club published at the end
(scoring/backup/restore.py), then recomputes the ratings.
"""

from __future__ import annotations

import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.backup import BackupError, import_club, summary


class Command(BaseCommand):
    help = "Import a club from a JSON file written by export_club (docs/backup-format.md)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="The JSON file ('-' for standard input).")
        parser.add_argument("--slug", help="Import under this slug instead of the file's.")
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help="Also make this existing user an owner; the file's mentions of this username "
            "are this user (the file's other usernames become new, inactive accounts).",
        )

    def handle(self, *args, file: str, slug=None, owner=None, **options) -> None:
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}.") from None
        except ValueError as exc:  # not JSON, not UTF-8, or a number of thousands of digits
            raise CommandError(f"{file} is not JSON: {exc}.") from None
        except RecursionError:
            raise CommandError(f"{file} is nested too deeply to be a club backup.") from None
        owner_user = None
        if owner:
            user_model = get_user_model()
            owner_user = user_model.objects.filter(**{user_model.USERNAME_FIELD: owner}).first()
            if owner_user is None:
                raise CommandError(f"No user has the username {owner!r}.")
        try:
            club = import_club(data, owner=owner_user, slug=slug)
        except BackupError as exc:
            raise CommandError(f"{file}: {exc}") from None
        except RecursionError:
            raise CommandError(f"{file}: a value is nested too deeply to be stored.") from None
        self.stdout.write(f"Imported club {club.slug!r} (id {club.pk}): {summary(club)}.")
        if club.created_users:
            self.stdout.write(
                "Created inactive users with no password (activate and set one to sign in): "
                + ", ".join(club.created_users)
            )
        if club.renamed_users:
            self.stdout.write(
                "Named otherwise, since an account here has the document's username (an "
                "import never gives an existing account a club's roles, players or history): "
                + ", ".join(f"{old} as {new}" for old, new in club.renamed_users.items())
            )
