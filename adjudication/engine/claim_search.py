"""The claim check's search: every legal play of a hand's remaining tricks, cut where it can be.

A claim is a yes-or-no question: can the other seats, playing any legal cards, beat it? A
claim is beaten by a trick (``bad``): for the rest of the tricks, one another seat wins; for no
more points, one the claimer wins with a penalty card; for the moon (and a concession), one
another seat wins with a penalty card. The search is an AND/OR tree: at a seat trying to beat
the claim one beating card is enough, at a seat keeping it every card must fail (``beating``,
per seat, from claims.py). Exact cuts (docs/rules.md, "How a claim is judged"): equivalent
cards (one of each run of a seat's cards with only cards out of play between; the Q♠ alone),
transpositions (each trick's start kept as it is and squeezed, ``key``), the first refutation,
positions whose end is known (``known``), and on long hands random and directed lines first, a
beating one a proof when every seat is free to beat the claim (the same numbers in both builds).
The tables are emptied past ``TABLE_LIMIT``; past ``BUDGET`` positions the search stops
(``TooDeep``) rather than run on. Plain data in and out, like replay.py.
"""

from __future__ import annotations

from .cards import BIT, HEARTS_MASK, POINT_MASK, QS_BIT, SUIT_MASK, SUIT_OF

ALL_TRICKS, NO_POINTS, MOON, CONCEDE = 0, 1, 2, 3
#: Every card bit but the lowest of each suit: a run of cards never goes on across suits.
NOT_BOTTOM = ((1 << 52) - 1) & ~(1 | 1 << 13 | 1 << 26 | 1 << 39)
UNKNOWN, HOLDS, BEATEN = -1, 0, 1
SEEK_HOLDING, SEEK_BEATEN, RANDOM, DIRECTED = 0, 1, 2, 3
#: Random lines tried first with at least PROBE_FROM tricks left; then, on no more points, lines
#: with the claimer keeping a top card, the others their penalty cards (``DIRECTED``).
PROBES, DIRECTED_PROBES, PROBE_FROM = 64, 1024, 7
#: Each table of positions is emptied when it reaches this many (bench/claims.py: memory).
TABLE_LIMIT = 300_000
#: The positions a search may visit before it gives up (TooDeep) rather than run for long.
BUDGET = 1_000_000


class TooDeep(Exception):
    """The search visited more positions than its budget: no answer, rather than a slow one."""


QUEEN = QS_BIT.bit_length() - 1
#: For each card, the cards of its suit below it; and the first bit of its suit.
LOWER_IN_SUIT = tuple(((1 << card) - 1) & ~((1 << (card - card % 13)) - 1) for card in range(52))


def squeezed(kept: int, cards: int) -> int:
    """The bits of ``cards`` (within ``kept``) at the places of ``kept``'s bits, packed down."""
    out = place = 0
    while kept:
        bit = kept & -kept
        if cards & bit:
            out |= 1 << place
        place += 1
        kept ^= bit
    return out


#: ``squeezed`` of the low 7 and the high 6 ranks of a suit, by ``kept << width | cards``.
SQUEEZE_LOW = [squeezed(k, c) if not c & ~k else 0 for k in range(128) for c in range(128)]
SQUEEZE_HIGH = [squeezed(k, c) if not c & ~k else 0 for k in range(64) for c in range(64)]


def representatives(legal: int, dead: int) -> int:
    """The lowest card of each run of equivalent cards among ``legal`` (one seat's legal cards),
    ``dead`` being the cards out of play. A run is a stretch of the seat's cards with only dead
    cards between; the Q♠ is a run of its own."""
    plain = legal & ~QS_BIT
    runs = plain | dead
    starts = runs & ~((runs << 1) & NOT_BOTTOM)
    # A run that starts with dead cards: adding its start carries through them to its first card.
    return (starts & plain) | ((dead + (starts & dead)) & plain) | (legal & QS_BIT)


def ordered(moves: int, high_first: bool) -> list[int]:
    """The bits of ``moves``, high or low first."""
    bits: list[int] = []
    while moves:
        bit = 1 << (moves.bit_length() - 1) if high_first else moves & -moves
        bits.append(bit)
        moves ^= bit
    return bits


class Search:
    """The rest of a hand from one position, for one claim (see the module docstring)."""

    def __init__(
        self,
        hold: list[int],
        trick_cards: tuple[int, ...],
        leader: int,
        trick: int,
        broken: bool,
        claim: tuple[int, int, list[bool], tuple[int, ...]],
        rules: tuple[int, int, bool, bool, int],
        budget: int = BUDGET,
    ) -> None:
        """The position: each seat's cards, the current trick's cards so far (led by
        ``leader``), the trick's number from 0 and whether hearts are broken. The claim: the
        claimer, its kind, which seats try to beat it (``beating``) and its stated line. The
        rules as plain values: ``break_mask``, the lead alternatives that keep an unbroken
        heart from being led (0: hearts need no breaking), whether the first trick bars point
        cards, whether its fallback is hearts only, and the mask of trick 1's lead (0: any)."""
        self.hold, self.players, self.trick_cards = hold, len(hold), trick_cards
        self.leader, self.trick, self.broken = leader, trick, broken
        self.claimer, self.kind, self.beating, self.line = claim
        self.break_mask, self.lead_alternatives, self.first_points = rules[:3]
        self.hearts_only, self.opening = rules[3:]
        self.line_mask = sum(BIT[card] for card in set(self.line))
        # Each seat's cards tried high first if it wants the trick: the claimer keeping a claim
        # of the tricks or the moon, or conceding; the claimer beating a no-points claim; a
        # seat beating a claim of the tricks or the moon. Low first for the others.
        self.high: list[bool] = []
        for seat in range(self.players):
            claimer = seat == self.claimer
            keeping = not self.beating[seat] or self.kind == CONCEDE
            self.high.append(claimer != keeping if self.kind == NO_POINTS else claimer == keeping)
        self.table: dict[int, bool] = {}
        self.seen: dict[int, bool] = {}
        self.forced = 0  # a card the next node tries alone (a line's play being checked)
        self.budget = budget
        self.found: list[int] = []  # a beating line random play found
        self.seed = 20261206
        self.nodes = 0

    # --- legality ----------------------------------------------------------------------------

    def legal(self, h: int, led: int, trick: int, broken: bool) -> int:
        """legality.legal_mask on plain values (tests hold the two equal)."""
        if led >= 0:
            following = h & SUIT_MASK[led]
            if following:
                return following
            if trick == 0 and self.first_points:
                plain = h & ~POINT_MASK
                if plain:
                    return plain
                if self.hearts_only and h & HEARTS_MASK:
                    return h & HEARTS_MASK
            return h
        if trick == 0 and self.opening:
            return h & self.opening
        allowed = h
        if not broken and h & self.lead_alternatives:
            allowed &= ~HEARTS_MASK
        if trick == 0 and self.first_points and allowed & ~POINT_MASK:
            allowed &= ~POINT_MASK
        return allowed

    def groups(
        self, seat: int, led: int, trick: int, broken: bool, dead: int, leader: int, winner: int
    ) -> tuple[int, int, bool]:
        """The cards worth trying for ``seat``, as two masks to try in turn, and whether high
        cards go first (``self.high``). A seat discarding tries its penalty cards first; one
        beating a no-points claim after the claimer has played, the claimer not winning, keeps
        them and sheds its high cards. The claimer plays the first card of its stated line that
        the rules allow; when none is allowed, as any seat, its legal cards."""
        high = self.high[seat]
        if self.forced:
            forced, self.forced = self.forced, 0
            return forced, 0, high
        h = self.hold[seat]
        legal = self.legal(h, led, trick, broken)
        claimer = self.claimer
        if seat == claimer:
            if self.line:
                for card in self.line:
                    if legal & BIT[card]:
                        return BIT[card], 0, high
                legal &= ~self.line_mask
            return representatives(legal, dead), 0, high
        moves = representatives(legal, dead)
        if self.kind == NO_POINTS and self.beating[seat] and winner != claimer:
            after_claimer = (claimer - leader) % self.players < (seat - leader) % self.players
            if after_claimer:
                return moves & ~POINT_MASK, moves & POINT_MASK, True
        if led >= 0 and not h & SUIT_MASK[led]:
            return moves & POINT_MASK, moves & ~POINT_MASK, high
        return moves, 0, high

    def moves(
        self, seat: int, led: int, trick: int, broken: bool, dead: int, leader: int, winner: int
    ) -> list[int]:
        """``groups`` as a list of card bits, in the order to try them."""
        first, second, high = self.groups(seat, led, trick, broken, dead, leader, winner)
        return ordered(first, high) + ordered(second, high)

    # --- the search --------------------------------------------------------------------------

    def bad(self, winner: int, cards: int) -> bool:
        """Whether a finished trick beats the claim (see the module docstring)."""
        kind = self.kind
        if kind == ALL_TRICKS:
            return winner != self.claimer
        if kind == NO_POINTS:
            return winner == self.claimer and cards & POINT_MASK != 0
        return winner != self.claimer and cards & POINT_MASK != 0

    def known(self, leader: int, dead: int) -> int:
        """HOLDS or BEATEN where a trick's start decides the rest (module docstring), else
        UNKNOWN."""
        hold = self.hold
        claimer = self.claimer
        mine = hold[claimer]
        if not mine:
            return HOLDS
        penalty_left = POINT_MASK & ~dead
        kind = self.kind
        if kind != ALL_TRICKS and not penalty_left:
            return HOLDS
        if leader == claimer:
            if not self.master(mine, dead):
                return UNKNOWN
            return BEATEN if kind == NO_POINTS else HOLDS
        if self.master(hold[leader], dead):  # another seat wins every trick left
            return HOLDS if kind == NO_POINTS else BEATEN
        others = ((1 << 52) - 1) & ~dead & ~mine
        for suit_mask in SUIT_MASK:
            cards = mine & suit_mask
            theirs = others & suit_mask
            if cards and theirs and cards > (theirs & -theirs):
                return UNKNOWN
        # The claimer never wins a trick again.
        return HOLDS if kind == NO_POINTS else BEATEN

    def master(self, cards: int, dead: int) -> bool:
        """Whether ``cards``, a seat's on lead, each beat every other card in play of its suit:
        the seat then wins every trick left (each lead wins, and it leads again)."""
        others = ((1 << 52) - 1) & ~dead & ~cards
        for suit_mask in SUIT_MASK:
            mine = cards & suit_mask
            if mine and (mine & -mine) < others & suit_mask:
                return False
        return True

    def key(self, leader: int, broken: bool, dead: int) -> int:
        """The position at a trick's start with the cards out of play squeezed out: each seat's
        cards as their ranks among the cards still in play, the Q♠'s place kept apart; all of
        it packed into one number (an entry of the table is then one int)."""
        alive = ((1 << 52) - 1) & ~dead
        packed = 0
        for h in self.hold:
            squeezed = 0
            for base in (0, 13, 26, 39):
                kept = (alive >> base) & 0x1FFF
                cards = (h >> base) & 0x1FFF
                low = kept & 0x7F
                squeezed |= (
                    SQUEEZE_LOW[low << 7 | cards & 0x7F]
                    | SQUEEZE_HIGH[(kept >> 7) << 6 | cards >> 7] << low.bit_count()
                ) << base
            packed = packed << 52 | squeezed
        if self.line:  # the line names cards, not ranks
            packed = packed << 52 | self.hold[self.claimer]
        queen = (alive & LOWER_IN_SUIT[QUEEN]).bit_count() + 1 if alive & QS_BIT else 0
        return ((packed << 4 | queen) << 3 | leader) << 1 | broken

    def seen_key(self, leader: int, broken: bool) -> int:
        """The position at a trick's start as it is, packed into one number."""
        packed = 0
        for h in self.hold:
            packed = packed << 52 | h
        return (packed << 3 | leader) << 1 | broken

    def from_trick(self, leader: int, trick: int, broken: bool, dead: int) -> bool:
        """Whether the claim is beaten from the start of trick ``trick`` (from 0). Positions are
        kept as they are (cheap to look up) and squeezed (found again after other plays)."""
        seen = self.seen_key(leader, broken)
        found = self.seen.get(seen)
        if found is not None:
            return found
        key = self.key(leader, broken, dead)
        found = self.table.get(key)
        if found is None:
            verdict = self.known(leader, dead)
            if verdict == UNKNOWN:
                found = self.from_play(leader, leader, 0, -1, -1, leader, 0, trick, broken, dead)
            else:
                found = verdict == BEATEN
            if len(self.table) >= TABLE_LIMIT:  # a cache: emptied, it only costs searching again
                self.table.clear()
            self.table[key] = found
        if len(self.seen) >= TABLE_LIMIT:
            self.seen.clear()
        self.seen[seen] = found
        return found

    def from_play(
        self,
        leader: int,
        seat: int,
        played: int,
        led: int,
        best: int,
        winner: int,
        cards: int,
        trick: int,
        broken: bool,
        dead: int,
    ) -> bool:
        """Whether the claim is beaten with ``seat`` to play the trick's card ``played`` (from
        0), ``best`` leading it for ``winner`` so far."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooDeep(self.nodes)
        hold = self.hold
        h = hold[seat]
        beating = self.beating[seat]
        last = played + 1 == self.players
        after = seat + 1 if seat + 1 < self.players else 0
        group, rest, high = self.groups(seat, led, trick, broken, dead, leader, winner)
        while group or rest:
            if not group:
                group, rest = rest, 0
            bit = 1 << (group.bit_length() - 1) if high else group & -group
            group ^= bit
            card = bit.bit_length() - 1
            suit = SUIT_OF[card]
            if played == 0:
                now_led, now_best, now_winner = suit, card, seat
            elif suit == led and card > best:
                now_led, now_best, now_winner = led, card, seat
            else:
                now_led, now_best, now_winner = led, best, winner
            hold[seat] = h ^ bit
            if not last:
                beaten = self.from_play(
                    leader, after, played + 1, now_led, now_best, now_winner, cards | bit, trick,
                    broken, dead,
                )  # fmt: skip
            elif self.bad(now_winner, cards | bit):
                beaten = True
            elif not h ^ bit:
                beaten = False  # the hand is over
            else:
                done = cards | bit
                beaten = self.from_trick(
                    now_winner, trick + 1, broken or done & self.break_mask != 0, dead | done
                )
            hold[seat] = h
            if beaten == beating:
                return beaten
        return not beating

    # --- from the claim's position ------------------------------------------------------------

    def root(self) -> tuple[int, int, int, int, int, int, int, int, bool, int]:
        """The claim's position as ``from_play`` takes it."""
        leader, cards = self.leader, 0
        led = best = -1
        winner = seat = leader
        for card in self.trick_cards:
            if led < 0:
                led, best = SUIT_OF[card], card
            elif SUIT_OF[card] == led and card > best:
                best, winner = card, seat
            cards |= BIT[card]
            seat = seat + 1 if seat + 1 < self.players else 0
        alive = cards | sum(self.hold)  # the seats' cards never overlap
        dead, played = ((1 << 52) - 1) & ~alive, len(self.trick_cards)
        return leader, seat, played, led, best, winner, cards, self.trick, self.broken, dead

    def beaten(self) -> bool:
        """Whether the other seats can beat the claim (for a concession: whether no play gives
        the conceder every penalty card left)."""
        leader, seat, played, led, best, winner, cards, trick, broken, dead = self.root()
        if self.free_to_beat() and dead.bit_count() <= 52 - PROBE_FROM * self.players:
            # a long hand: random play first, whose first beating line is a proof (every seat
            # free to beat the claim, none of its plays can be bettered by another card)
            directed = DIRECTED_PROBES if self.kind == NO_POINTS else 0
            for probe in range(PROBES + directed):
                line, beaten = self.walk(RANDOM if probe < PROBES else DIRECTED)
                if beaten:
                    self.found = line
                    return True
        if played == 0:
            return self.from_trick(leader, trick, broken, dead)
        return self.from_play(leader, seat, played, led, best, winner, cards, trick, broken, dead)

    def free_to_beat(self) -> bool:
        """Every seat tries to beat the claim, or plays as its stated line forces it."""
        for seat in range(self.players):
            forced = seat == self.claimer and not self.hold[seat] & ~self.line_mask
            if not self.beating[seat] and not forced:
                return False
        return True

    def line_of_play(self, target: bool) -> list[int]:
        """A legal line from the claim to the end of the hand along which the position stays
        ``target`` (beaten: the counter-line, to its beating trick; else a line that keeps the
        claim), then, past a beating trick, each seat's first card worth trying."""
        if target and self.found:
            return self.found
        self.budget = self.nodes + BUDGET  # the line's own search, with the tables as they are
        return self.walk(SEEK_BEATEN if target else SEEK_HOLDING)[0]

    def walk(self, how: int) -> tuple[list[int], bool]:
        """A legal line from the claim to the end of the hand, and whether a trick of it beats
        the claim: each play the first that keeps the position's value (SEEK_BEATEN to the
        beating trick, then the first card worth trying; SEEK_HOLDING), or a random one."""
        leader, seat, played, led, best, winner, cards, trick, broken, dead = self.root()
        hold = self.hold
        saved = list(hold)
        line: list[int] = []
        seeking = how < RANDOM
        target = how == SEEK_BEATEN
        beaten = False
        keep = self.top_card(hold[self.claimer]) if how == DIRECTED else 0
        while hold[seat]:
            choices = self.moves(seat, led, trick, broken, dead, leader, winner)
            if how == DIRECTED:
                avoid = keep if seat == self.claimer else POINT_MASK
                choices = [bit for bit in choices if not bit & avoid] or choices
            bit = choices[self.random() % len(choices)] if how >= RANDOM else choices[0]
            for choice in choices if seeking else []:
                self.forced = choice
                if self.from_play(
                    leader, seat, played, led, best, winner, cards, trick, broken, dead
                ) == target:  # fmt: skip
                    bit = choice
                    break
            card = bit.bit_length() - 1
            line.append(card)
            hold[seat] ^= bit
            cards |= bit
            if played == 0:
                led, best, winner = SUIT_OF[card], card, seat
            elif SUIT_OF[card] == led and card > best:
                best, winner = card, seat
            played += 1
            seat = seat + 1 if seat + 1 < self.players else 0
            if played == self.players:
                if self.bad(winner, cards):
                    beaten = True
                    seeking = seeking and not target
                broken = broken or cards & self.break_mask != 0
                dead |= cards
                leader = seat = winner
                played, cards, led, best, trick = 0, 0, -1, -1, trick + 1
        self.hold[:] = saved
        return line, beaten

    def top_card(self, cards: int) -> int:
        """The top card of one of the suits of ``cards``, chosen at random."""
        tops = [1 << (cards & suit).bit_length() - 1 for suit in SUIT_MASK if cards & suit]
        return tops[self.random() % len(tops)]

    def random(self) -> int:
        """The next number of a fixed sequence (a 64-bit LCG): the same line in either build."""
        self.seed = (self.seed * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        return self.seed >> 33
