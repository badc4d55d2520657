"""A club's whole record as one JSON document, and back (docs/backup-format.md).

``export_club`` writes every league, season, player, game, seat, hand, dispute, history entry,
player merge and tournament night (its check-ins, rounds, tables and corrections) of one club,
with users named by username. ``import_club`` checks the whole
document first, then writes it in short transactions (into a hidden club published at the
end) under the export's own times, versions and
history (rows are written directly, not replayed through the services), remaps every reference
to the new ids, and recomputes the ratings. Nothing secret is exported: no passwords, device
tokens or idempotency records.

``schema.py`` declares each kind of row once (its model, its place in the document and what its
fields cannot say); ``versions.py`` holds the format's name and version and upgrades an older
version's document; ``format.py`` holds ``validate``, one kind of row at a time, and
``checks.py`` what every row is checked for; ``export.py`` and ``restore.py`` write and read a
document by those declarations.
"""

from scoring.backup.export import export_club, summary
from scoring.backup.format import FORMAT, VERSION, BackupError, validate
from scoring.backup.restore import import_club

__all__ = ["FORMAT", "VERSION", "BackupError", "export_club", "import_club", "summary", "validate"]
