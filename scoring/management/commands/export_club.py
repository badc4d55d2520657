"""``manage.py export_club <slug> [--output FILE]``: a club's whole record as JSON.

The document's format is described in docs/backup-format.md; ``import_club`` reads it back.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.backup import export_club, summary
from scoring.models import Club


class Command(BaseCommand):
    help = "Export a club (leagues, seasons, players, games, hands, history) as JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="The club's slug.")
        parser.add_argument(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (replaced atomically) instead of standard output.",
        )

    def handle(self, *args, slug: str, output: str | None = None, **options) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club has the slug {slug!r}.")
        text = json.dumps(export_club(club), indent=2, ensure_ascii=False) + "\n"
        if output is None or output == "-":
            self.stdout.write(text, ending="")
            return
        target = Path(output)
        # Written beside the target and renamed over it: a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.stderr.write(f"Exported club {slug!r} to {target}: {summary(club)}.")
