"""The geometry of the small line charts drawn as inline <svg> (templates/includes/chart.html)."""

from __future__ import annotations

from typing import Any

SERIES_CLASSES = 6


def line_chart(
    series: list[tuple[str, list[float]]],
    *,
    width: int = 320,
    height: int = 170,
    x_labels: tuple[str, str] | None = None,
    zero: bool = True,
) -> dict[str, Any] | None:
    """The geometry of a small line chart for an inline <svg>: a polyline per series.

    Presentation only: the values come from the selectors and the standings.
    """
    values = [v for _, points in series for v in points]
    if not values:
        return None
    left, right, top, bottom = 34, 8, 8, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = min(values), max(values)
    if zero:
        low, high = min(low, 0), max(high, 0)
    if high == low:
        high, low = high + 1, low - 1
    longest = max(len(points) for _, points in series)

    def x(i: int) -> float:
        return left + (plot_w * i / (longest - 1) if longest > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + (high - v) * plot_h / (high - low)

    lines = []
    for index, (label, points) in enumerate(series):
        coords = [(round(x(i), 1), round(y(v), 1)) for i, v in enumerate(points)]
        lines.append(
            {
                "label": label,
                "cls": f"s{index % SERIES_CLASSES}",
                "points": " ".join(f"{a},{b}" for a, b in coords),
                "end": coords[-1] if coords else None,
                "last": points[-1] if points else None,
            }
        )
    ticks = [{"y": round(y(v), 1), "label": _short(v)} for v in sorted({low, high})]
    zero_y = round(y(0), 1) if low < 0 < high else None
    if zero_y is not None:
        ticks.append({"y": zero_y, "label": "0"})
    labels = []
    if x_labels:
        labels = [
            {"x": left, "label": x_labels[0], "anchor": "start"},
            {"x": left + plot_w, "label": x_labels[1], "anchor": "end"},
        ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": left + plot_w,
        "top": top,
        "bottom": top + plot_h,
        "lines": lines,
        "ticks": ticks,
        "zero_y": zero_y,
        "x_labels": labels,
        "label_y": height - 6,
    }


def _short(value: float) -> str:
    return f"{value:.0f}" if abs(value) >= 10 or value == int(value) else f"{value:.1f}"
