"""The geometry of the small line charts drawn as inline <svg> (templates/includes/chart.html).

Presentation only: the values come from the selectors and the standings; the template draws
what these dicts place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Not "_": that name is the throwaway of the loops below.
from django.utils.translation import gettext, ngettext, pgettext

WIDTH, HEIGHT = 320, 170
# Room left of the plot for the value ticks, below it for the two x labels.
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 8, 22
PLOT_WIDTH, PLOT_HEIGHT = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
SERIES_CLASSES = 6  # the stylesheet colours series .s0 to .s5

Series = list[tuple[str, list[float]]]


def rating_chart(name: str, events: list) -> dict[str, Any] | None:
    """A player's rating from a new player's (mu − 3 sigma = 0) to the one after each game."""
    if not events:
        return None
    count = len(events)
    last = ngettext("{date} ({count} game)", "{date} ({count} games)", count).format(
        date=events[-1].at.date().isoformat(), count=count
    )
    return line_chart(
        [(name, [0.0] + [event.ordinal for event in events])],
        x_labels=(pgettext("chart axis: where the line begins", "start"), last),
    )


def running_totals_chart(
    names: list[str], hands: list[dict[str, Any]], target: int | None = None
) -> dict[str, Any] | None:
    """Each seat's running total, from 0 before the first hand to after the last, under the
    target that ends the game (a dashed line)."""
    if not hands:
        return None
    series: Series = [
        (name, [0] + [hand["running_totals"][seat] for hand in hands])
        for seat, name in enumerate(names)
    ]
    start = pgettext("chart axis: where the line begins", "start")
    last = pgettext("chart axis", "hand {number}").format(number=len(hands))
    return line_chart(series, x_labels=(start, last), target=target)


def line_chart(
    series: Series, *, x_labels: tuple[str, str] | None = None, target: int | None = None
) -> dict[str, Any] | None:
    """A polyline per series on axes that always show 0 (and ``target``, when given, as a
    dashed line); None when there is nothing to draw."""
    values = [v for _, points in series for v in points]
    if not values:
        return None
    scale = _Scale.fitting(
        values + ([target] if target else []), longest=max(len(points) for _, points in series)
    )
    zero_y = round(scale.y(0), 1) if scale.low < 0 < scale.high else None
    target_y = round(scale.y(target), 1) if target else None
    lines = [_line(index, label, points, scale) for index, (label, points) in enumerate(series)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": LEFT + PLOT_WIDTH,
        "top": TOP,
        "bottom": TOP + PLOT_HEIGHT,
        "lines": lines,
        "ticks": _ticks(scale, zero_y),
        "zero_y": zero_y,
        # The label sits just under the line: the target is usually the top of the plot.
        "target": {
            "y": target_y,
            "label_y": target_y + 11,
            "label": gettext("{target}: game over").format(target=target),
        }
        if target
        else None,
        "x_labels": _x_labels(x_labels),
        "label_y": HEIGHT - 6,
    }


@dataclass(frozen=True)
class _Scale:
    """From a point's index and value to the plot's x and y."""

    low: float
    high: float
    longest: int

    @classmethod
    def fitting(cls, values: list[float], longest: int) -> _Scale:
        low, high = min(min(values), 0), max(max(values), 0)
        if high == low:
            high, low = high + 1, low - 1
        return cls(low, high, longest)

    def x(self, index: int) -> float:
        if self.longest == 1:
            return LEFT + PLOT_WIDTH / 2
        return LEFT + PLOT_WIDTH * index / (self.longest - 1)

    def y(self, value: float) -> float:
        return TOP + (self.high - value) * PLOT_HEIGHT / (self.high - self.low)


def _line(index: int, label: str, points: list[float], scale: _Scale) -> dict[str, Any]:
    coords = [(round(scale.x(i), 1), round(scale.y(v), 1)) for i, v in enumerate(points)]
    return {
        "label": label,
        "cls": f"s{index % SERIES_CLASSES}",
        "points": " ".join(f"{a},{b}" for a, b in coords),
        "end": coords[-1] if coords else None,
        "last": points[-1] if points else None,
    }


def _ticks(scale: _Scale, zero_y: float | None) -> list[dict[str, Any]]:
    ticks = [
        {"y": round(scale.y(v), 1), "label": _short(v)} for v in sorted({scale.low, scale.high})
    ]
    if zero_y is not None:
        ticks.append({"y": zero_y, "label": "0"})
    return ticks


def _x_labels(x_labels: tuple[str, str] | None) -> list[dict[str, Any]]:
    if not x_labels:
        return []
    return [
        {"x": LEFT, "label": x_labels[0], "anchor": "start"},
        {"x": LEFT + PLOT_WIDTH, "label": x_labels[1], "anchor": "end"},
    ]


def _short(value: float) -> str:
    return f"{value:.0f}" if abs(value) >= 10 or value == int(value) else f"{value:.1f}"
