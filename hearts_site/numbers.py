"""Whole numbers read from text a caller sent (a header, a query parameter).

``str.isdigit`` is true of superscripts and other scripts' digits ("³", "٣"), which ``int``
refuses or reads as a number the caller never wrote: only ASCII digits are a number here.
"""

from __future__ import annotations

import re

ASCII_DIGITS = re.compile(r"[0-9]+")


def ascii_whole_number(text: str | None, max_digits: int = 18) -> int | None:
    """``text`` as a whole number if it is 1 to ``max_digits`` ASCII digits; None otherwise."""
    if text is None or len(text) > max_digits or not ASCII_DIGITS.fullmatch(text):
        return None
    return int(text)
