"""English dates as the pages have always written them: "2 Dec 2026", "2 Dec 14:05"."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATETIME_FORMAT = "j M H:i"
MONTH_DAY_FORMAT = "j M"
