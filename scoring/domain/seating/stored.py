"""Known schedules without a repeated pair that the field designs (constructions.py) do not
reach, stored: 24 players at tables of 4 for 7 rounds (a round of Z_7 developed, below),
28 players at tables of 4 for 9 rounds (a resolvable (28, 4, 1) design: everyone
meets everyone once) and 32 players at tables of 4 for 10 rounds (the Social Golfer Problem's
8-4-10, CSPLib problem 10), the solutions of the Wolfram Demonstrations "Social Golfer
Problem"; and 40 players at tables of 4 for 13 rounds (a resolvable (40, 4, 1) design), from a
survey (jstor.org/stable/1402466); all three as
listed in fpvandoorn/Dagstuhl-tables (literature.md: T(28,4), T(32,4) without its last round,
T(40,4)), relabelled to players 0..n-1.

The 24 are players ``7c + x`` (c < 3, x in Z_7) and three fixed players 21, 22, 23; round
``b`` is the base round with every ``x`` moved on by ``b`` (mod 7), the fixed players staying
at the first three tables. The base round was found by a search of this branch: its 27 pairs
of moving players lie in 27 different orbits of Z_7, and each fixed player's three partners
are of three different c, so no pair meets twice in the 7 rounds.

Each other round is written as its players, table after table of 4, one base-62 digit a player
(0-9, a-z, A-Z); the tests check that no pair meets twice.
"""

from __future__ import annotations

from string import ascii_letters, digits

from .layout import STANDARD

_DIGITS = digits + ascii_letters
_SCHEDULES = {
    7: (
        "0123456789abcdefghijklmnopqr 04ko15cg2afr3bjn68iq79emdhlp 05nr14ei28do39hk6bcl7agpfjmq "
        "08gm19dr26ej37lo4acn5bhqfikp 06fh17kq29in38cp4bdm5ajoeglr 0ail1bfo27ch36mr49jp58ekdgnq "
        "07dj16np2bgk3aeq48hr59flcimo 0bep1ahm24lq35di69go78fncjkr 09cq18jl25mp34fg6adk7birehno"
    ),
    8: (
        "0123456789abcdefghijklmnopqrstuv 048s17im26hn35av9ertbdpucgkofjlq "
        "0lru1nqs29fk36do4ipv5beg7ach8jmt 0bio1ajp28gr39hq4cnt5fmu6elv7dks "
        "0adm14fr2lps378u59ci6gqtbhkvejno 09nv15ot2cju3eis4bmq6akr7fgp8dhl "
        "05jk169u27bt34gl8cqvafosdinrehmp 0fht1dgv24ae3cmr58np6bjs79loikqu "
        "06cp18ek25dq3bfn4hou7jrv9gmsailt 07eq1bcl2mov3kpt49dj5hrs68fiagnu"
    ),
    10: (
        "0dqD1cil2btA3afo49jk58rC67uzepvygnsBhmwx 02jm1erD3cuB4bgp5akl69qs78vAdfwzhotCinxy "
        "04vC13kn2fsD5cdh6blm7art89wBegxAipqujoyz 06ei15qw24lo3gtD7cmn8bsu9axCdjrvfhyBkpzA "
        "08no17fj26rx35mp4huD9ctvabqydlABekswgizC 0auw19op28gk37sy46dn5ivDbcrzemBCfltxhjqA "
        "0csA1bvx2adp39hl48tz57eo6jwDfnqCgmuyikrB 01tB2cwy3bde4aim59uA68fp7kxDgoqrhnvzjlsC "
        "03xz12uC4cef5bjn6avB79dg8lyDhprsiowAkmqt 05fg14yA23qv6cko7bwC8aeh9mzDdistjpxBlnru "
        "07lp16gh25zB34rw8cqx9bfianADdkyCejtumosv 09ry18dm27hi36AC45sxacgjboBDelqzfkuvnptw "
        "0bhk1asz29en38ij47qB56tycpCDdouxfmrAglvw"
    ),
}
# 24 players: the base round's tables (the first three take fixed players 21, 22, 23).
_BASE_24 = ((1, 15, 10), (18, 8, 0), (16, 3, 7), (19, 13, 17, 20), (6, 9, 11, 12), (5, 4, 2, 14))
_FIXED_24 = 21


def stored_rounds(k: int, m: int) -> int:
    """How many rounds the stored schedule of ``m`` tables of ``k`` has, 0 when none is."""
    if k != STANDARD:
        return 0
    if m == len(_BASE_24):
        return 7
    text = _SCHEDULES.get(m)
    return len(text.split()) if text else 0


def stored_round(m: int, b: int) -> list[list[int]]:
    """Round ``b`` of the stored schedule of ``m`` tables of 4."""
    if m == len(_BASE_24):
        moved = [[p - p % 7 + (p + b) % 7 for p in table] for table in _BASE_24]
        return [[*table, _FIXED_24 + t] if t < 3 else table for t, table in enumerate(moved)]
    players = [_DIGITS.index(c) for c in _SCHEDULES[m].split()[b]]
    return [players[i : i + STANDARD] for i in range(0, len(players), STANDARD)]
