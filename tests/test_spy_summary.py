"""bench/spy_summary.py: the shares it prints are the recording's samples, self and inclusive."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "spy_summary.py"
spec = importlib.util.spec_from_file_location("spy_summary", SCRIPT)
spy_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(spy_summary)

RECORDING = [
    "run (w.py:1);handle (w.py:9);view (v.py:3);execute (db.py:40) 6\n",
    "run (w.py:1);handle (w.py:9);view (v.py:3);view (v.py:7) 3\n",  # recursion: once
    "run (w.py:1);accept (w.py:5) 1\n",
    "garbage\n",
]


def test_it_counts_each_leaf_as_self_and_each_stack_once_per_function():
    total, own, within = spy_summary.summarise(RECORDING)
    assert total == 10
    assert own["execute (db.py:40)"] == 6 and own["view (v.py:7)"] == 3
    assert within["run (w.py)"] == 10
    assert within["view (v.py)"] == 9  # its two lines are one function, counted once a stack
    assert within["accept (w.py)"] == 1
