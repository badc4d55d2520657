"""CSV for league tables (``?format=csv`` or ``Accept: text/csv``), written by
hearts_site/text/csv_files.py, which keeps a spreadsheet from running a cell as a formula."""

from __future__ import annotations

from rest_framework.renderers import BaseRenderer

from hearts_site.text.csv_files import csv_text
from scoring.api.serializers.standings import StandingsRowSerializer

# A table's CSV columns are its JSON rows' fields, in their order.
STANDINGS_COLUMNS = list(StandingsRowSerializer().fields)


class StandingsCSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:  # a 304: no body
            return b""
        if not isinstance(data, dict) or "rows" not in data:
            # An error body: render its errors as a small CSV rather than failing.
            errors = data.get("errors", []) if isinstance(data, dict) else []
            return csv_text(["code", "detail", "attr"], errors).encode()
        return csv_text(STANDINGS_COLUMNS, data["rows"]).encode()
