"""Issue 16's bound on the product code (tests, migrations and bench aside): a module a
newcomer can read whole, a function that fits on a screen. Past it, split by subject."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("adjudication", "scoring", "hearts_site")
MODULE_LINES, FUNCTION_LINES = 450, 70


def product_modules() -> list[Path]:
    return [
        path
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_it_reads_every_product_package():
    assert {path.relative_to(ROOT).parts[0] for path in product_modules()} == set(PRODUCT)


def test_no_product_module_is_over_450_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in product_modules()
        if (lines := len(path.read_text().splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_no_product_function_is_over_70_lines():
    long = {}
    for path in product_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = lines
    assert long == {}
