"""Claims and concessions (docs/rules.md, "Claims and concessions"; the Laws of Duplicate Bridge,
Laws 68 to 71, by analogy: no published rules of Hearts treat them).

A claim is made after the record's last play by one seat, which shows its cards: the rest of
the tricks (``all_tricks``), no more penalty points (``no_points``) or every penalty card
(``moon``); or the seat concedes (``concede``): it takes every penalty point still in play.
A claim may state a line, the claimer's cards in the order it will play them: at each turn it
plays the first card of the line that the rules allow, and what the line leaves unsaid is
judged under ``claim_without_line``. A claim every other seat accepts is scored as claimed
(Law 69A); another is checked against every legal play of the other seats (claim_search.py),
and a failed one comes with its counter-line and is scored under ``failed_claim`` (Law 70A).
A concession stands unless no legal play could give the conceder every penalty card left
(Law 71). Every seat's cards at the claim must be known: from the holdings, or shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from . import native
from .cards import BIT, CLUBS_MASK, NAMES, POINT_MASK, SUIT_OF, Card, Mask, cards_in, mask_of
from .claim_result import ClaimResult, claim_result
from .claim_search import ALL_TRICKS, CONCEDE, MOON, NO_POINTS, Search
from .claim_words import line_words, verdict_words
from .errors import HeartsError
from .inputs import add_card_once, cards_in_deck, seat_or_none
from .legality import Situation, heart_lead_alternatives, legal_mask, why_illegal
from .rules import Ruleset
from .ruling import Ruling, Trick
from .scoring import points_of
from .without_holdings import replay_record
from .words import gettext as _

OUTCOMES = ("all_tricks", "no_points", "moon", "concede")
KINDS = {"all_tricks": ALL_TRICKS, "no_points": NO_POINTS, "moon": MOON, "concede": CONCEDE}
CLAIM_KEYS = ("seat", "outcome", "line", "shown", "accepted")


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim as the table makes it: who, what outcome, the line stated, the cards shown."""

    seat: int
    outcome: str
    line: tuple[Card, ...] = ()
    shown: tuple[Mask | None, ...] | None = None  # each seat's cards shown; None: not shown
    accepted: bool = False  # every other seat accepts it


@dataclass(frozen=True, slots=True)
class Position:
    """The hand at the claim: each seat's cards, the trick under way, hearts broken or not."""

    hold: tuple[Mask, ...]
    trick_cards: tuple[Card, ...]  # the cards of the trick under way, from its lead
    leader: int
    trick: int  # from 0
    broken: bool

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick_cards)) % len(self.hold)

    def situation(self) -> Situation:
        led = None if not self.trick_cards else self.trick_cards[0] // 13
        return Situation(self.trick, led, self.broken)


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """The ruling on a claim (docs/rules.md): its verdict and why, the proof, the result."""

    claim: Claim
    at_play: int  # the plays before the claim
    position: Position
    holdings_source: str  # where each seat's cards at the claim come from
    verdict: str  # holds, fails, accepted; for a concession stands, cancelled, accepted
    rule: str
    message: str
    unstated: str | None  # the claim_without_line rule for what the line leaves unsaid
    line_message: str
    proof: tuple[Card, ...]  # the counter-line, or the line a concession stands on: plays
    proof_kind: str | None  # "counter_line", "conceded_line" or None
    beaten_at: int | None  # the trick (from 1) where the counter-line beats the claim
    result: ClaimResult
    nodes: int  # positions the search visited (0: no search)


def read_claim(rules: Ruleset, spec: object) -> Claim:
    """A claim as the API gives it: ``{"seat", "outcome", "line", "shown", "accepted"}``."""
    if isinstance(spec, Claim):
        spec = {
            "seat": spec.seat,
            "outcome": spec.outcome,
            "line": list(spec.line),
            "shown": None if spec.shown is None else [
                None if mask is None else cards_in(mask) for mask in spec.shown
            ],
            "accepted": spec.accepted,
        }  # fmt: skip
    if not isinstance(spec, Mapping):
        message = _("claim must be an object: seat, outcome, and line, shown, accepted if any")
        raise HeartsError("invalid_claim", message, "claim")
    unknown = sorted(str(key) for key in spec if key not in CLAIM_KEYS)
    if unknown:
        message = _("claim takes seat, outcome, line, shown and accepted, not {key}")
        raise HeartsError("invalid_claim", message.format(key=unknown[0]), f"claim.{unknown[0]}")
    seat = seat_or_none(spec.get("seat"), rules.players, "claim.seat")
    if seat is None:
        message = _("claim.seat: say which seat claims")
        raise HeartsError("invalid_seat", message, "claim.seat")
    outcome = spec.get("outcome")
    if outcome not in OUTCOMES:
        message = _("claim.outcome must be one of: {choices}").format(choices=", ".join(OUTCOMES))
        raise HeartsError("invalid_claim_outcome", message, "claim.outcome")
    line = cards_in_deck(rules, spec.get("line") or [], "claim.line")[0]
    if line and outcome == "concede":
        message = _("a concession states no line: leave claim.line out")
        raise HeartsError("concession_has_no_line", message, "claim.line")
    accepted = spec.get("accepted", False)
    if not isinstance(accepted, bool):
        message = _("claim.accepted must be true or false")
        raise HeartsError("invalid_claim", message, "claim.accepted")
    return Claim(seat, outcome, line, _shown(rules, spec.get("shown")), accepted)


def _shown(rules: Ruleset, shown: object) -> tuple[Mask | None, ...] | None:
    """Each seat's cards shown at the claim (None for a seat not shown): cards of the deck, no
    card shown twice."""
    if shown is None:
        return None
    if not isinstance(shown, list | tuple) or len(shown) != rules.players:
        message = _("claim.shown must list {players} seats (null for a seat not shown)")
        raise HeartsError(
            "wrong_number_of_seats", message.format(players=rules.players), "claim.shown"
        )
    seen = 0
    masks: list[Mask | None] = []
    for seat, cards in enumerate(shown):
        if cards is None:
            masks.append(None)
            continue
        where = f"claim.shown.{seat}"
        parsed, mask = cards_in_deck(rules, cards, where)
        for index, card in enumerate(parsed):
            seen = add_card_once(seen, card, f"{where}.{index}")
        masks.append(mask)
    return tuple(masks)


def holdings_from_shown(
    rules: Ruleset, record: tuple[Card, ...], leader: int, claim: Claim
) -> list[Mask]:
    """Without hands or a deal: each seat held what it played and what it shows at the claim,
    so every seat must show its cards, none of them played, as many as it has left."""
    if claim.shown is None:
        message = _("a claim needs every seat's cards: give hands, a deal, or claim.shown")
        raise HeartsError("claim_needs_holdings", message, "claim.shown")
    seats = replay_record(rules, record, leader)[0]
    played = [0] * rules.players
    for seat, card in zip(seats, record, strict=True):
        played[seat] |= BIT[card]
    everything = sum(BIT[card] for card in record)
    for seat, mask in enumerate(claim.shown):
        where = f"claim.shown.{seat}"
        if mask is None:
            message = _(
                "seat {seat}'s cards are not shown: without hands or a deal, a claim is judged "
                "only with every seat's cards shown"
            )
            raise HeartsError("claim_needs_every_holding", message.format(seat=seat), where)
        for index, card in enumerate(cards_in(mask)):
            if everything & BIT[card]:
                message = _("{card} is shown at the claim, but the record plays it already")
                raise HeartsError(
                    "card_already_played", message.format(card=NAMES[card]), f"{where}.{index}"
                )
        _check_count(rules, seat, mask, rules.hand_size - played[seat].bit_count(), where)
    return [played[seat] | (claim.shown[seat] or 0) for seat in range(rules.players)]


def _check_count(rules: Ruleset, seat: int, shown: Mask, left: int, where: str) -> None:
    if shown.bit_count() != left:
        message = _("seat {seat} shows {shown} of the {left} cards it has left")
        words = message.format(seat=seat, shown=shown.bit_count(), left=left)
        raise HeartsError("wrong_hand_size", words, where)


def position_at_claim(ruling: Ruling) -> Position:
    """Each seat's cards after the record's last play, and the trick under way. The record must
    fit the holdings: each seat played only cards it held."""
    rules = ruling.rules
    assert ruling.holdings is not None
    hold = list(ruling.holdings)
    for trick in ruling.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if not hold[seat] & BIT[card]:
                message = _(
                    "the record has seat {seat} play {card}, which it does not hold: a claim is "
                    "judged only on a record that fits the holdings"
                )
                raise HeartsError(
                    "claim_on_impossible_record",
                    message.format(seat=seat, card=NAMES[card]),
                    "plays",
                )
            hold[seat] &= ~BIT[card]
    tricks = ruling.tricks
    under_way = tricks[-1] if tricks and tricks[-1].winner is None else None
    done = [t for t in tricks if t.winner is not None]
    if under_way is not None:
        leader, cards = under_way.leader, under_way.cards
    else:
        leader = done[-1].winner if done else ruling.first_leader
        cards = ()
    broken = any(mask & rules.break_mask for _, won, mask in ruling.trick_log if won is not None)
    return Position(tuple(hold), tuple(cards), leader or 0, len(done), broken)


def with_claim(
    ruling: Ruling,
    claim: Claim,
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
) -> Ruling:
    """``ruling`` with its ``claim`` judged."""
    return replace(ruling, claim=judge_claim(ruling, claim, moon_choice, totals_before))


def judge_claim(
    ruling: Ruling,
    claim: Claim,
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
) -> ClaimRuling:
    """The ruling on ``claim``, made after the record of ``ruling`` (module docstring)."""
    rules = ruling.rules
    if ruling.complete:
        message = _("the hand is over: every card is played, so there is nothing left to claim")
        raise HeartsError("hand_over", message, "claim")
    if ruling.holdings is None:
        message = _("a claim needs every seat's cards: give hands, a deal, or claim.shown")
        raise HeartsError("claim_needs_holdings", message, "claim.shown")
    position = position_at_claim(ruling)
    _check_shown(rules, claim, position)
    to_play = position.to_play
    # the seat to play must be able to: this refuses a first trick led by a seat without 2C
    legal_mask(rules, position.hold[to_play], position.situation())
    _check_line(rules, claim, position)
    _check_outcome(rules, ruling, claim, position)
    unstated = None
    judged_line = claim.outcome != "concede" and not claim.accepted
    if judged_line and position.hold[claim.seat] & ~mask_of(claim.line):
        unstated = rules.claim_without_line
    verdict, proof, proof_kind, beaten_at, nodes = _judged(rules, claim, position)
    result = claim_result(ruling, claim, position, verdict, moon_choice, totals_before)
    rule, message = verdict_words(claim, verdict, beaten_at)
    return ClaimRuling(
        claim=claim,
        at_play=len(ruling.plays),
        position=position,
        holdings_source=ruling.holdings_source or "",
        verdict=verdict,
        rule=rule,
        message=message,
        unstated=unstated,
        line_message=line_words(claim, unstated),
        proof=proof,
        proof_kind=proof_kind,
        beaten_at=beaten_at.number if beaten_at is not None else None,
        result=result,
        nodes=nodes,
    )


def _judged(
    rules: Ruleset, claim: Claim, position: Position
) -> tuple[str, tuple[Card, ...], str | None, Trick | None, int]:
    """The verdict, the proof (its plays and kind), the trick where a counter-line beats the
    claim, and the positions searched. An accepted claim is not searched."""
    if claim.accepted:
        return "accepted", (), None, None, 0
    if rules.point_mask & ~POINT_MASK:
        # The search keeps only the Q♠ apart among the spades (claim_search.py): a ruleset whose
        # other spades carry points (Black Maria's K♠ and A♠) is not searched.
        message = _(
            "a claim under these rules (spades other than the Q♠ score) is not judged by the "
            "engine: play the hand out, or enter the count the table agrees"
        )
        raise HeartsError("claim_not_judged", message, "claim")
    search = _search(rules, claim, position)
    try:
        beaten = search.beaten()
    except native.claim_search.TooDeep as exc:
        message = _(
            "this claim needs a longer search than the engine gives one ({positions} positions): "
            "play on from the claim, or claim again a few tricks later"
        )
        raise HeartsError("claim_too_deep", message.format(positions=exc.args[0]), "claim") from exc
    if claim.outcome == "concede":
        if beaten:
            return "cancelled", (), None, None, search.nodes
        return "stands", tuple(search.line_of_play(False)), "conceded_line", None, search.nodes
    if not beaten:
        return "holds", (), None, None, search.nodes
    proof = tuple(search.line_of_play(True))
    beaten_at = next(
        trick
        for trick in proof_tricks(rules, position, proof)
        if search.bad(trick.winner or 0, mask_of(trick.cards))
    )
    return "fails", proof, "counter_line", beaten_at, search.nodes


def _check_shown(rules: Ruleset, claim: Claim, position: Position) -> None:
    """Cards shown at the claim are the cards each seat holds there (the holdings say which)."""
    for seat, mask in enumerate(claim.shown or ()):
        if mask is None or mask == position.hold[seat]:
            continue
        where = f"claim.shown.{seat}"
        for index, card in enumerate(cards_in(mask)):
            if not position.hold[seat] & BIT[card]:
                message = _("seat {seat} shows {card}, which it does not hold at the claim")
                raise HeartsError(
                    "shown_card_not_held",
                    message.format(seat=seat, card=NAMES[card]),
                    f"{where}.{index}",
                )
        _check_count(rules, seat, mask, position.hold[seat].bit_count(), where)


def _check_line(rules: Ruleset, claim: Claim, position: Position) -> None:
    """A line lists cards the claimer holds; its first card must be legal if the claimer is
    to play at once."""
    seat = claim.seat
    for index, card in enumerate(claim.line):
        if not position.hold[seat] & BIT[card]:
            message = _("seat {seat} does not hold {card} at the claim")
            raise HeartsError(
                "line_card_not_held",
                message.format(seat=seat, card=NAMES[card]),
                f"claim.line.{index}",
            )
    if claim.line and position.to_play == seat:
        card = claim.line[0]
        reason = why_illegal(rules, position.hold[seat], card, position.situation())
        if reason is not None:
            # Translators: {reason} is the rule it breaks, such as "QS does not follow clubs
            # led, but the seat held 5C".
            message = _("the line cannot open with {card}: {reason}")
            raise HeartsError(
                "line_not_legal",
                message.format(card=NAMES[card], reason=reason.message),
                "claim.line.0",
            )


def _check_outcome(rules: Ruleset, ruling: Ruling, claim: Claim, position: Position) -> None:
    """A moon already lost cannot be claimed, nor a concession made that would shoot it."""
    seat = claim.seat
    others = [(points_of(rules, taken), other) for other, taken in enumerate(ruling.taken)]
    lost = [(points, other) for points, other in others if other != seat and points]
    if claim.outcome == "moon" and lost:
        other = lost[0][1]
        message = _(
            "seat {other} has taken points already, so seat {seat} cannot take every penalty card"
        )
        raise HeartsError(
            "moon_already_lost", message.format(other=other, seat=seat), "claim.outcome"
        )
    if claim.outcome == "concede" and not lost and rules.penalty_total:
        message = _(
            "no other seat has taken a penalty point: conceding every point left would shoot "
            "the moon, so claim the moon instead"
        )
        raise HeartsError("concession_is_a_moon", message, "claim.outcome")


def _search(rules: Ruleset, claim: Claim, position: Position) -> Search:
    """The search for this claim from this position (claim_search.py)."""
    n = rules.players
    if claim.outcome == "concede":
        beating = [False] * n
    else:
        every_line = rules.claim_without_line == "every_line"
        beating = [seat != claim.seat or every_line for seat in range(n)]
    if rules.first_lead == "lowest_club":
        opening = BIT[rules.lowest_club or 0]
    elif rules.first_lead == "any_club":
        opening = CLUBS_MASK & rules.deck
    else:
        opening = 0
    search_rules = (
        rules.break_mask,
        heart_lead_alternatives(rules) if rules.hearts_must_be_broken else 0,
        rules.forbid_first_trick_points,
        rules.first_trick_fallback == "hearts_only",
        opening,
    )
    return native.claim_search.Search(
        list(position.hold),
        position.trick_cards,
        position.leader,
        position.trick,
        position.broken,
        (claim.seat, KINDS[claim.outcome], beating, claim.line),
        search_rules,
    )


def proof_tricks(rules: Ruleset, position: Position, proof: Sequence[Card]) -> list[Trick]:
    """The tricks a line of play from the claim makes, from the trick under way to the end."""
    n = rules.players
    cards = [*position.trick_cards, *proof]
    leader, number = position.leader, position.trick + 1
    tricks = []
    for start in range(0, len(cards), n):
        chunk = tuple(cards[start : start + n])
        seats = tuple((leader + k) % n for k in range(len(chunk)))
        led = SUIT_OF[chunk[0]]
        best = max(card for card in chunk if SUIT_OF[card] == led)
        winner = seats[chunk.index(best)] if len(chunk) == n else None
        tricks.append(Trick(number, leader, chunk, seats, winner, points_of(rules, mask_of(chunk))))
        leader, number = winner if winner is not None else leader, number + 1
    return tricks
