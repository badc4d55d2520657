"""Where the draw starts: a known design when the round's tables are all one size and it fits,
random tables otherwise (the odd-size seats already given out).

The design is a resolvable transversal design: with ``m`` a prime power and tables of ``k <= m``
players, players ``(g, x)`` for g < k and x in GF(m) sit in round ``b`` at the tables
``{(g, a + b·g) : g < k}`` for each a. Two players of different groups meet in exactly one of
the m rounds; when ``k == m`` the groups themselves are one more round (the affine plane of
order m: 16 players of 4 for 5 rounds, 9 players of 3 for 4 rounds). 32 players at tables of 4
would meet nobody twice for 8 rounds this way; for them and for 28 players (7 rounds here) a
stored schedule goes further, 10 and 9 rounds (stored.py).

The steps ``b·g`` are a difference matrix over GF(m): any two groups' steps differ by every
element once over the rounds. Where ``m`` is no prime power, a difference matrix over another
group of order m does the same: for 12 tables, one over Z_2 × Z_6 of 5 rows, so 36, 48 and 60
players at tables of 3, 4 and 5 meet nobody twice for 12 rounds. It was found by a search of
this branch (the orthomorphisms of Z_2 × Z_6, then three orthogonal to each other and to the
identity); the tests check its differences. (Cyclic groups of even order have none.)

A night of two table sizes a seat apart comes from one of a size (:func:`punctured`): from a
schedule without a repeat of ``n + k`` players at tables of ``s``, remove ``k`` players who never
share a table in the rounds used; each round then has ``k`` tables of ``s - 1`` and still no
repeat. 22 players at 4, 4, 4, 4, 3, 3 for 6 rounds are the 24 at tables of 4 (stored.py) less
two; 15 at 4, 4, 4, 3 for 5 rounds, the 16 of the affine plane less one. The rounds used and
their order are searched so that the odd-size seats stay fairly spread (layout.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from .layout import STANDARD
from .search import Tables
from .stored import stored_round, stored_rounds


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) when q = p**k for a prime p, else None."""
    for p in range(2, q + 1):
        if p * p > q:
            return (q, 1)  # no divisor up to its root: q is prime
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest, k = rest // p, k + 1
            return (p, k) if rest == 1 else None
    return None


class Field:
    """GF(q), q = p**k: elements 0..q-1 are the base-p digits of a polynomial over GF(p),
    multiplied modulo the first monic irreducible polynomial of degree k (in the order of
    ``product(range(p), repeat=k)`` over its lower coefficients). Each sum or product is
    computed when asked, so a field of any order costs only what the draw reads of it."""

    def __init__(self, p: int, k: int):
        self.p, self.k = p, k
        self.modulus = next(
            [*tail, 1] for tail in product(range(p), repeat=k) if _irreducible([*tail, 1], p)
        )

    def digits(self, n: int) -> list[int]:
        return [(n // self.p**i) % self.p for i in range(self.k)]

    def number(self, coefficients: list[int]) -> int:
        return sum(c * self.p**i for i, c in enumerate(coefficients))

    def add(self, x: int, y: int) -> int:
        pairs = zip(self.digits(x), self.digits(y), strict=True)
        return self.number([(a + b) % self.p for a, b in pairs])

    def mul(self, x: int, y: int) -> int:
        return self.number(_times(self.digits(x), self.digits(y), self.modulus, self.p))


def _remainder(poly: list[int], divisor: list[int], p: int) -> list[int]:
    """``poly`` modulo the monic ``divisor`` over GF(p) (coefficients lowest first)."""
    rest = list(poly)
    degree = len(divisor) - 1
    for top in range(len(rest) - 1, degree - 1, -1):
        factor = rest[top]
        if factor:
            for i, c in enumerate(divisor):
                rest[top - degree + i] = (rest[top - degree + i] - factor * c) % p
    return rest[:degree]


def _irreducible(poly: list[int], p: int) -> bool:
    """Whether the monic ``poly`` has no monic factor of degree 1 to half its own: then, and
    only then, the polynomials modulo it have no zero divisors (they are a field)."""
    degree = len(poly) - 1
    for d in range(1, degree // 2 + 1):
        for tail in product(range(p), repeat=d):
            if not any(_remainder(poly, [*tail, 1], p)):
                return False
    return True


@lru_cache(maxsize=32)
def field(q: int) -> Field | None:
    """GF(q), or None when q is not a prime power."""
    found = _prime_power(q)
    return Field(*found) if found is not None else None


def _times(x: list[int], y: list[int], modulus: list[int], p: int) -> list[int]:
    """The product of two polynomials over GF(p), reduced by the monic ``modulus``."""
    k = len(modulus) - 1
    product_ = [0] * (2 * k)
    for i, a in enumerate(x):
        for j, b in enumerate(y):
            product_[i + j] = (product_[i + j] + a * b) % p
    return _remainder(product_, modulus, p)


# Z_2 × Z_6, element 6·a + b for a in Z_2, b in Z_6: row g, column (round) b.
_TWELVE = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    (0, 2, 1, 6, 8, 7, 10, 9, 11, 4, 3, 5),
    (0, 3, 8, 10, 1, 9, 2, 6, 5, 7, 11, 4),
    (0, 4, 10, 9, 7, 1, 11, 5, 3, 2, 8, 6),
)


def _add_twelve(x: int, y: int) -> int:
    return 6 * ((x // 6 + y // 6) % 2) + (x % 6 + y % 6) % 6


class DifferenceMatrix(NamedTuple):
    """Steps ``entry(g, b)`` for ``rows`` groups over a group of order m with ``add``."""

    rows: int
    add: Callable[[int, int], int]
    entry: Callable[[int, int], int]
    affine: bool  # GF(m)'s: with k == m the groups are one more round


@lru_cache(maxsize=32)
def difference_matrix(m: int) -> DifferenceMatrix | None:
    """GF(m)'s when m is a prime power, the stored one over Z_2 × Z_6 for 12, else None."""
    gf = field(m)
    if gf is not None:
        return DifferenceMatrix(m, gf.add, lambda g, b: gf.mul(b, g), affine=True)
    if m == len(_TWELVE[0]):
        return DifferenceMatrix(len(_TWELVE), _add_twelve, lambda g, b: _TWELVE[g][b], False)
    return None


def design_rounds(k: int, m: int, stored: bool = True) -> int:
    """How many rounds the resolvable design of ``k * m`` players at tables of ``k`` has (the
    groups as a last round when ``k == m`` over GF(m)), 0 when there is none. A stored
    schedule (stored.py) is used where it has more rounds, when ``stored``."""
    matrix = difference_matrix(m)
    algebraic = m + (k == m and matrix.affine) if matrix and k <= matrix.rows else 0
    return max(algebraic, stored_rounds(k, m) if stored else 0)


def design_round(k: int, m: int, b: int, stored: bool = True) -> Tables:
    """Round ``b`` of that design: the tables ``{(g, a + step(g, b)) : g < k}``, or the
    groups; or of the stored schedule, where that is the longer (when ``stored``)."""
    if stored and stored_rounds(k, m) and design_rounds(k, m, stored=False) < stored_rounds(k, m):
        return stored_round(m, b)
    if b == m:
        return [[g * m + x for x in range(m)] for g in range(k)]
    matrix = difference_matrix(m)
    assert matrix is not None
    steps = [matrix.entry(g, b) for g in range(k)]
    return [[g * m + matrix.add(a, steps[g]) for g in range(k)] for a in range(m)]


def has_design(layout: tuple[int, ...], rounds: int = 1) -> bool:
    """Whether the round's tables are all one size with a design for them, or two sizes a
    seat apart with :func:`punctured` rounds for the night's ``rounds``."""
    if len(set(layout)) == 1:
        return design_rounds(layout[0], len(layout)) > 0
    return punctured(layout, rounds) is not None


#: The most round orders :func:`punctured` tries for one set of removed players.
PUNCTURE_TRIES = 4000


def _odd_size(size: int) -> bool:
    return size != STANDARD


def _puncture_order(
    source: list[Tables], removed: frozenset[int], rounds: int, players: int
) -> list[int] | None:
    """``rounds`` of the ``source`` rounds, in an order where ``removed`` never share a table
    and each round's odd-size seats go to those who had the fewest (ties free), else None."""
    counts = dict.fromkeys((p for p in range(players) if p not in removed), 0)
    odd_of: dict[int, set[int]] = {}
    for b, tables in enumerate(source):
        if any(len(removed.intersection(t)) > 1 for t in tables):
            continue
        odd_of[b] = {
            p
            for t in tables
            if _odd_size(len(t) - len(removed.intersection(t)))
            for p in t
            if p not in removed
        }
    order: list[int] = []
    tries = [PUNCTURE_TRIES]

    def fair(takers: set[int]) -> bool:
        rest = [counts[p] for p in counts if p not in takers]
        return not takers or not rest or max(counts[p] for p in takers) <= min(rest)

    def extend() -> bool:
        if len(order) == rounds:
            return True
        for b, takers in odd_of.items():
            if b in order or not fair(takers):
                continue
            tries[0] -= 1
            if tries[0] < 0:
                return False
            order.append(b)
            for p in takers:
                counts[p] += 1
            if extend():
                return True
            order.pop()
            for p in takers:
                counts[p] -= 1
        return False

    return list(order) if extend() else None


@lru_cache(maxsize=32)
def punctured(layout: tuple[int, ...], rounds: int) -> tuple[Tables, ...] | None:
    """``rounds`` rounds without a repeat for the ``layout``, when it is tables of ``s`` and
    ``k`` of ``s - 1`` and a schedule of tables of ``s`` for as many tables has the rounds: its
    ``k`` removed players (the first pairwise apart in every round used, by player order) and
    the rest relabelled 0..n-1, each round's tables in the layout's order. None otherwise."""
    sizes = sorted(set(layout))
    if len(sizes) != 2 or sizes[1] - sizes[0] != 1:
        return None
    size, tables = sizes[1], len(layout)
    k = layout.count(sizes[0])
    if design_rounds(size, tables) < rounds:
        return None
    source = [design_round(size, tables, b) for b in range(design_rounds(size, tables))]
    players = size * tables
    for removed in _apart_sets(source, k, players):
        order = _puncture_order(source, removed, rounds, players)
        if order is None:
            continue
        label = {p: i for i, p in enumerate(p for p in range(players) if p not in removed)}
        result = []
        for b in order:
            kept = [[label[p] for p in t if p not in removed] for t in source[b]]
            kept.sort(key=lambda t: (_odd_size(len(t)), len(t)))
            result.append(kept)
        return tuple(result)
    return None


def _apart_sets(source: list[Tables], k: int, players: int, most: int = 64):
    """Up to ``most`` sets of ``k`` players no two of whom share a table in any round of
    ``source`` (the earliest players first)."""
    met = [set() for _ in range(players)]
    for tables in source:
        for t in tables:
            for p in t:
                met[p].update(t)
    found = 0

    def grow(chosen: list[int], start: int):
        nonlocal found
        if len(chosen) == k:
            found += 1
            yield frozenset(chosen)
            return
        for p in range(start, players):
            if found >= most:
                return
            if all(p not in met[q] for q in chosen):
                yield from grow([*chosen, p], p + 1)

    yield from grow([], 0)


def first_draw(
    odd: list[set[int]],
    rounds: int,
    layout: tuple[int, ...],
    rng: random.Random,
    scorers: Sequence[bool] | None = None,
    fresh: bool = False,
) -> list[Tables]:
    """``rounds`` rounds to start the search from: the design's rounds (players relabelled at
    random) as far as they go when every table has one size, random tables for the rest.
    ``scorers`` (by player, when some are and some are not): the design's first group, which
    has one player at every table of its rounds, goes to scorers first; a stored schedule
    has no such group (in 32 of 4 over 10 rounds each player misses only one other), so with
    ``scorers`` the field's design is the start wherever there is one. ``fresh`` (no round
    played yet, everyone's odd-size seats even): a layout of two sizes a seat apart starts from
    :func:`punctured` where it has the rounds."""
    players = sum(layout)
    draw: list[Tables] = []
    size = layout[0]
    stored = scorers is None or design_rounds(size, len(layout), stored=False) == 0
    count = design_rounds(size, len(layout), stored) if len(set(layout)) == 1 else 0
    holed = punctured(layout, rounds) if fresh and scorers is None and not count else None
    if holed is not None:
        return _relabelled(holed, players, rng)
    if count:
        label = list(range(players))
        rng.shuffle(label)
        if scorers is not None:
            label.sort(key=lambda p: not scorers[p])  # stable: still at random among each
        chosen = list(range(count))
        rng.shuffle(chosen)
        for b in chosen[:rounds]:
            tables = design_round(size, len(layout), b, stored)
            draw.append([[label[p] for p in table] for table in tables])
    for r in range(len(draw), rounds):
        draw.append(_random_tables(odd[r], players, layout, rng))
    return draw


def _relabelled(draw: Sequence[Tables], players: int, rng: random.Random) -> list[Tables]:
    label = list(range(players))
    rng.shuffle(label)
    return [[[label[p] for p in table] for table in tables] for tables in draw]


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
