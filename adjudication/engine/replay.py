"""The engine's hot loops: a record replayed on known holdings, and the holdings a complete record
shows. Every hand judged on holdings (given, from the deal, or read from a complete record) goes
through them play by play; the rest of an adjudication happens once a hand.

Plain data in and out (cards, masks, seats; tuples and lists of them; no engine class), so that
the build can compile this one module with mypyc (setup.py) and the engine use either copy
(``native.py``). This file is the reference: tests/engine/test_native.py holds the compiled copy
to its answers.
"""

from __future__ import annotations

from .cards import BIT, HEARTS, POINT_MASK, SUIT_MASK, SUIT_OF

#: A play the replay flagged: (play index, trick from 0, seat, its holding, led suit or None
#: when leading, hearts broken).
Flagged = tuple[int, int, int, int, int | None, bool]
#: One entry per trick: (leader, winner or None while unfinished, the cards played as a mask).
LogEntry = tuple[int, int | None, int]


# The rules the flag tests need, as plain values: ``break_mask``, the cards that break hearts
# when they fall; ``lead_alternatives``, the cards whose holder may not lead an unbroken heart (0
# where hearts need no breaking); ``first_trick_points``, point cards barred from trick 1;
# ``first_lead``, the card that always opens trick 1 legally when held (-1: none), the one lead
# of trick 1 not flagged.
def replay_flagging(
    plays: tuple[int, ...],
    leader: int,
    hold: list[int],
    players: int,
    break_mask: int,
    lead_alternatives: int,
    first_trick_points: bool,
    first_lead: int,
) -> tuple[list[LogEntry], list[int], list[int], list[Flagged]]:
    """Replay the record on the holdings ``hold`` (emptied as it goes): the tricks, the cards
    and tricks each seat won, and the plays flagged (with_holdings.py says how)."""
    n = players
    total = len(plays)
    log: list[LogEntry] = []
    taken, won = [0] * n, [0] * n
    flagged: list[Flagged] = []
    broken = False
    suit_of = SUIT_OF  # local names: the loop below reads them for every play
    bits = BIT
    suit_mask = SUIT_MASK
    for trick, i in enumerate(range(0, total, n)):
        end = i + n if i + n <= total else total
        card = plays[i]
        seat = leader
        bit = bits[card]
        h = hold[seat]
        led = suit_of[card]
        if (
            (trick == 0 and card != first_lead)
            or not h & bit
            or (led == HEARTS and not broken and h & lead_alternatives)
        ):
            flagged.append((i, trick, seat, h, None, broken))
        hold[seat] = h & ~bit
        best, winner, mask = card, seat, bit
        led_mask = suit_mask[led]
        j = i
        for card in plays[i + 1 : end]:
            j += 1
            seat += 1
            if seat == n:
                seat = 0
            bit = bits[card]
            h = hold[seat]
            if suit_of[card] == led:
                if card > best:
                    best = card
                    winner = seat
                if not h & bit:
                    flagged.append((j, trick, seat, h, led, broken))
            elif (
                h & led_mask
                or not h & bit
                or (trick == 0 and first_trick_points and bit & POINT_MASK)
            ):
                flagged.append((j, trick, seat, h, led, broken))
            hold[seat] = h & ~bit
            mask |= bit
        if end - i == n:
            taken[winner] |= mask
            won[winner] += 1
            if mask & break_mask:
                broken = True
            log.append((leader, winner, mask))
            leader = winner
        else:
            log.append((leader, None, mask))
    return log, taken, won, flagged


def holdings_from_record(plays: tuple[int, ...], leader: int, players: int) -> list[int]:
    """A complete record shows every seat's holding: the cards it played. (Its own replay,
    finding only each trick's winner: the ruling's replay follows on these holdings.)"""
    n = players
    holdings = [0] * n
    bits = BIT  # local names: read for every play
    suit_of = SUIT_OF
    for start in range(0, len(plays), n):
        best = plays[start]
        led = suit_of[best]
        winner = seat = leader
        holdings[seat] |= bits[best]
        for card in plays[start + 1 : start + n]:
            seat = seat + 1 if seat + 1 < n else 0
            holdings[seat] |= bits[card]
            if card > best and suit_of[card] == led:
                best = card
                winner = seat
        leader = winner
    return holdings
