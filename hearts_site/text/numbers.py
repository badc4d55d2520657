"""Numbers and days read from text a caller sent (a header, a query parameter, a form field, a
string in a JSON body, a backup document): what one is, written once.

Only ASCII digits make a number or a day here. ``str.isdigit`` is true of superscripts and other
scripts' digits ("³", "٣"), which ``int`` refuses or reads as a number the caller never wrote;
Django's and DRF's integer and date fields read Arabic-Indic "١٢" as 12, and such digits in a
date as the day they write.

A day is one from ``FIRST_DAY`` to ``LAST_DAY``: tables count to the day after a period and to
the next month, which Python's dates cannot near 9999-12-31 (``?to=9999-12-31`` was a 500), and
a stored day or time near either end cannot be shown in another time zone.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from django.utils.dateparse import parse_datetime

ASCII_DIGITS = re.compile(r"[0-9]+")
# What int() reads, in ASCII digits only: spaces around, a sign.
WHOLE_NUMBER = re.compile(r"\s*[-+]?[0-9]+\s*")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

FIRST_DAY = date(1900, 1, 1)
LAST_DAY = date(2999, 12, 31)
DAYS = f"from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}"
# The years of FIRST_DAY to LAST_DAY at the start of a moment, for a schema's pattern.
MOMENT_YEARS_PATTERN = "^(19[0-9]{2}|2[0-9]{3})-"


def ascii_whole_number(text: str | None, max_digits: int = 18) -> int | None:
    """``text`` as a whole number if it is 1 to ``max_digits`` ASCII digits; None otherwise."""
    if text is None or len(text) > max_digits or not ASCII_DIGITS.fullmatch(text):
        return None
    return int(text)


def is_ascii_integer(text: str) -> bool:
    """Whether ``text`` is an integer written in ASCII digits (a sign and spaces around it
    allowed, as ``int`` reads them); what a field then makes of it is the field's."""
    return WHOLE_NUMBER.fullmatch(text) is not None


def ascii_day(text: str) -> date | None:
    """``text`` as a day if it is ``YYYY-MM-DD`` in ASCII digits and a day of the calendar;
    None otherwise. Whether the service counts with it is ``day_in_range``'s."""
    if not DAY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # 2026-02-30
        return None


def ascii_moment(text: str) -> datetime | None:
    """``text`` as a time if it is ISO 8601 in ASCII characters; None otherwise."""
    if not text.isascii():
        return None
    try:
        return parse_datetime(text)
    except ValueError:  # well formed, but no time of the calendar (hour 25)
        return None


def day_in_range(day: date) -> bool:
    """Whether the service counts with ``day``: from ``FIRST_DAY`` to ``LAST_DAY``."""
    return FIRST_DAY <= day <= LAST_DAY
