"""Issue 16's bound on the product code (tests and migrations aside): a module a newcomer can
read whole, a function that fits on a screen. Past it, split by subject. Issue 54 holds the
benchmarks in bench/ to the same two bounds: they are read and changed as often as the code."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("adjudication", "scoring", "hearts_site")
BENCH = "bench"
MODULE_LINES, FUNCTION_LINES = 450, 70


def product_modules() -> list[Path]:
    return [
        path
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def bench_modules() -> list[Path]:
    return sorted((ROOT / BENCH).rglob("*.py"))


def long_modules(paths: list[Path]) -> dict[str, int]:
    """Each module past ``MODULE_LINES``, with its lines."""
    return {
        str(path.relative_to(ROOT)): lines
        for path in paths
        if (lines := len(path.read_text().splitlines())) > MODULE_LINES
    }


def long_functions(paths: list[Path]) -> dict[str, int]:
    """Each function (nested ones and methods too) past ``FUNCTION_LINES``, with its lines."""
    long = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = lines
    return long


def test_it_reads_every_product_package():
    assert {path.relative_to(ROOT).parts[0] for path in product_modules()} == set(PRODUCT)


def test_it_reads_the_benchmarks():
    names = {path.name for path in bench_modules()}
    assert {"report.py", "engine.py", "http_load.py"} <= names


def test_no_product_module_is_over_450_lines():
    assert long_modules(product_modules()) == {}


def test_no_product_function_is_over_70_lines():
    assert long_functions(product_modules()) == {}


def test_no_bench_module_is_over_450_lines():
    assert long_modules(bench_modules()) == {}


def test_no_bench_function_is_over_70_lines():
    assert long_functions(bench_modules()) == {}
