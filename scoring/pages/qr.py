"""A link as a QR code, drawn on the server (segno) as inline SVG: scanned across the table
from the inviter's phone, with no script and nothing fetched from elsewhere."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe

#: Error correction M (15% of the code may be unreadable): a glare on a phone's screen.
ERROR_LEVEL = "m"


def qr_svg(link: str, title: str) -> SafeString:
    """``link`` as an SVG QR code that scales to its box (no size of its own, a white quiet
    zone of four modules, black on white whatever the page's colours), titled for a screen
    reader with ``title``."""
    code = segno.make(link, error=ERROR_LEVEL)
    svg = code.svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr", title=title
    )
    return mark_safe(svg)  # segno's own markup, the title escaped by it
