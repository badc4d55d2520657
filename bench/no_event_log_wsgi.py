"""The service's WSGI application with the event log switched off, for bench/http_load.py's
comparison of hand entry with the log and without it (issue 35). Not for serving: every write
then records no event and queues no webhook delivery. The parts switched off are bench/events.py's
(``OFF``): what hand entry prepares before its transaction and records in it."""

from __future__ import annotations

from events import OFF

from hearts_site.wsgi import application  # sets Django up first
from scoring.services import events

for name, no_op in OFF.items():
    setattr(events, name, no_op)

__all__ = ["application"]
