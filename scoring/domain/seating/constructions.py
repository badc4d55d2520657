"""Where the draw starts: a known design when the round's tables are all one size and it fits,
random tables otherwise (the odd-size seats already given out).

The design is a resolvable transversal design: with ``m`` a prime power and tables of ``k <= m``
players, players ``(g, x)`` for g < k and x in GF(m) sit in round ``b`` at the tables
``{(g, a + b·g) : g < k}`` for each a. Two players of different groups meet in exactly one of
the m rounds; when ``k == m`` the groups themselves are one more round (the affine plane of
order m: 16 players of 4 for 5 rounds, 9 players of 3 for 4 rounds). 32 players at tables of 4
meet nobody twice for 8 rounds this way.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import product

from .layout import STANDARD
from .search import Tables


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) when q = p**k for a prime p, else None."""
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest, k = rest // p, k + 1
            return (p, k) if rest == 1 else None
    return None


@lru_cache(maxsize=32)
def field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of GF(q), elements 0..q-1 as base-p digits of the
    polynomial; None when q is not a prime power."""
    found = _prime_power(q)
    if found is None:
        return None
    p, k = found

    def digits(n: int) -> list[int]:
        return [(n // p**i) % p for i in range(k)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    add = [
        [number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)]) for y in range(q)]
        for x in range(q)
    ]
    for tail in product(range(p), repeat=k):
        modulus = [*tail, 1]  # monic, degree k
        mul = [
            [number(_times(digits(x), digits(y), modulus, p)) for y in range(q)] for x in range(q)
        ]
        if all(0 not in row[1:] for row in mul[1:]):  # no zero divisors: a field
            return add, mul
    return None  # pragma: no cover - an irreducible polynomial of every degree exists


def _times(x: list[int], y: list[int], modulus: list[int], p: int) -> list[int]:
    """The product of two polynomials over GF(p), reduced by the monic ``modulus``."""
    k = len(modulus) - 1
    product_ = [0] * (2 * k)
    for i, a in enumerate(x):
        for j, b in enumerate(y):
            product_[i + j] = (product_[i + j] + a * b) % p
    for top in range(2 * k - 1, k - 1, -1):
        factor = product_[top]
        if factor:
            for i, c in enumerate(modulus):
                product_[top - k + i] = (product_[top - k + i] - factor * c) % p
    return product_[:k]


def designed(k: int, m: int) -> list[Tables] | None:
    """Every round of the resolvable design of ``k * m`` players at tables of ``k`` (with the
    groups as a last round when ``k == m``), or None when there is none."""
    tables = field(m) if k <= m else None
    if tables is None:
        return None
    add, mul = tables
    rounds = [[[g * m + add[a][mul[b][g]] for g in range(k)] for a in range(m)] for b in range(m)]
    if k == m:
        rounds.append([[g * m + x for x in range(m)] for g in range(k)])
    return rounds


def has_design(layout: tuple[int, ...]) -> bool:
    """Whether the round's tables are all one size with a design for them."""
    return len(set(layout)) == 1 and designed(layout[0], len(layout)) is not None


def first_draw(
    odd: list[set[int]], rounds: int, layout: tuple[int, ...], rng: random.Random
) -> list[Tables]:
    """``rounds`` rounds to start the search from: the design's rounds (players relabelled at
    random) as far as they go when every table has one size, random tables for the rest."""
    players = sum(layout)
    draw: list[Tables] = []
    size = layout[0]
    design = designed(size, len(layout)) if len(set(layout)) == 1 else None
    if design is not None:
        label = list(range(players))
        rng.shuffle(label)
        rng.shuffle(design)
        draw = [[[label[p] for p in table] for table in tables] for tables in design[:rounds]]
    for r in range(len(draw), rounds):
        draw.append(_random_tables(odd[r], players, layout, rng))
    return draw


def _random_tables(
    odd: set[int], players: int, layout: tuple[int, ...], rng: random.Random
) -> Tables:
    """Tables of the layout at random, the ``odd`` players at the odd-size ones."""
    odd_players = sorted(odd)
    others = [p for p in range(players) if p not in odd]
    rng.shuffle(odd_players)
    rng.shuffle(others)
    tables: Tables = []
    for size in layout:
        pool = others if size == STANDARD else odd_players
        tables.append([pool.pop() for _ in range(size)])
    return tables
