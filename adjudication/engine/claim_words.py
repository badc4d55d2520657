"""A claim's ruling in words: its rule codes, the Laws they follow, the verdict, the line judged
and the result, each a whole sentence marked for translation (words.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import NAMES
from .scoring_cards import SCORING_CARDS
from .words import all_of, gettext_noop, ngettext, pgettext
from .words import gettext as _

if TYPE_CHECKING:
    from .claims import Claim
    from .ruling import Trick

CLAIM_ALL_TRICKS = "claim_all_tricks"
CLAIM_NO_POINTS = "claim_no_points"
CLAIM_MOON = "claim_moon"
CONCESSION = "concession"
CLAIM_ACCEPTED = "claim_accepted"
RULE_OF = {
    "all_tricks": CLAIM_ALL_TRICKS,
    "no_points": CLAIM_NO_POINTS,
    "moon": CLAIM_MOON,
    "concede": CONCESSION,
}

#: What each claim rule says, in English: ``gettext`` it where it is shown.
CLAIM_CODES: dict[str, str] = {
    CLAIM_ALL_TRICKS: gettext_noop(
        "A claim of the rest of the tricks holds only if the claimer wins every trick left, "
        "whatever legal cards the other seats play."
    ),
    CLAIM_NO_POINTS: gettext_noop(
        "A claim of no more penalty points holds only if the claimer wins no penalty card, "
        "whatever legal cards the other seats play."
    ),
    CLAIM_MOON: gettext_noop(
        "A claim of every penalty card (the moon) holds only if no other seat wins one, "
        "whatever legal cards they play."
    ),
    CONCESSION: gettext_noop(
        "A concession of the penalty points left stands, unless no legal play of the cards "
        "left could give them all to the conceder."
    ),
    CLAIM_ACCEPTED: gettext_noop(
        "A claim or concession every other seat accepts is scored as claimed, without a check."
    ),
}

#: The source each rule follows: its name and the text quoted ("[...]" marks a cut).
SOURCES: dict[str, tuple[str, str]] = {
    CLAIM_ACCEPTED: (
        gettext_noop("Laws of Duplicate Bridge (2017), Law 69A"),
        # Translators: a quotation of the Laws of Duplicate Bridge; "[...]" marks a cut.
        gettext_noop(
            "Agreement is established when a contestant assents to an opponent's claim or "
            "concession [...]. The board is scored as though the tricks claimed or conceded had "
            "been won or lost in play."
        ),
    ),
    "claim": (
        gettext_noop("Laws of Duplicate Bridge (2017), Law 70A and 70D"),
        # Translators: a quotation of the Laws of Duplicate Bridge; "[...]" marks a cut.
        gettext_noop(
            "In ruling on a contested claim or concession, the Director adjudicates the result "
            "of the board as equitably as possible to both sides, but any doubtful point as to "
            "a claim shall be resolved against the claimer. [...] The Director shall not accept "
            "from claimer any successful line of play not embraced in the original "
            "clarification statement if there is an alternative normal line of play that would "
            "be less successful."
        ),
    ),
    CONCESSION: (
        gettext_noop("Laws of Duplicate Bridge (2017), Law 71"),
        # Translators: a quotation of the Laws of Duplicate Bridge; "[...]" marks a cut.
        gettext_noop(
            "A concession must stand, once made, except that [...] the Director shall cancel a "
            "concession [...] if a player has conceded a trick that could not be lost by any "
            "normal play of the remaining cards."
        ),
    ),
}


def source_of(rule: str) -> tuple[str, str]:
    """The source a claim rule follows and the text quoted, in the active language."""
    name, text = SOURCES.get(rule, SOURCES["claim"])
    return _(name), _(text)


def verdict_words(claim: Claim, verdict: str, beaten: Trick | None) -> tuple[str, str]:
    """The rule the verdict cites and the verdict in a sentence."""
    seat = claim.seat
    rule = CLAIM_ACCEPTED if verdict == "accepted" else RULE_OF[claim.outcome]
    if verdict == "accepted":
        return rule, _accepted(claim.outcome).format(seat=seat)
    if claim.outcome == "concede":
        if verdict == "stands":
            message = _(
                "Seat {seat}'s concession stands: a legal play of the cards left gives it every "
                "penalty point left."
            )
        else:
            message = _(
                "Seat {seat}'s concession is cancelled: no legal play of the cards left gives it "
                "every penalty point left."
            )
        return rule, message.format(seat=seat)
    if verdict == "holds":
        return rule, _holds(claim.outcome).format(seat=seat)
    assert beaten is not None and beaten.winner is not None
    card = NAMES[_winning_card(beaten)]
    where = {"seat": seat, "winner": beaten.winner, "trick": beaten.number, "card": card}
    if claim.outcome == "all_tricks":
        message = _(
            "Seat {seat}'s claim of the rest of the tricks fails: seat {winner} wins trick "
            "{trick} with {card}."
        )
    elif claim.outcome == "no_points":
        message = ngettext(
            "Seat {seat}'s claim of no more penalty points fails: it wins trick {trick} with "
            "{card}, taking {points} point.",
            "Seat {seat}'s claim of no more penalty points fails: it wins trick {trick} with "
            "{card}, taking {points} points.",
            beaten.points,
        )
    else:
        message = ngettext(
            "Seat {seat}'s claim of every penalty card fails: seat {winner} wins trick {trick} "
            "with {card}, taking {points} point.",
            "Seat {seat}'s claim of every penalty card fails: seat {winner} wins trick {trick} "
            "with {card}, taking {points} points.",
            beaten.points,
        )
    return rule, message.format(points=beaten.points, **where)


def _winning_card(trick: Trick) -> int:
    led = trick.cards[0] // 13
    return max(card for card in trick.cards if card // 13 == led)


def _accepted(outcome: str) -> str:
    if outcome == "all_tricks":
        return _(
            "Seat {seat} claims the rest of the tricks and every other seat accepts: scored as "
            "claimed, without a check."
        )
    if outcome == "no_points":
        return _(
            "Seat {seat} claims no more penalty points and every other seat accepts: scored as "
            "claimed, without a check."
        )
    if outcome == "moon":
        return _(
            "Seat {seat} claims every penalty card and every other seat accepts: scored as "
            "claimed, without a check."
        )
    return _(
        "Seat {seat} concedes every penalty point left and every other seat accepts: scored as "
        "conceded, without a check."
    )


def _holds(outcome: str) -> str:
    if outcome == "all_tricks":
        return _(
            "Seat {seat}'s claim of the rest of the tricks holds: no legal play of the other "
            "seats wins a trick from it."
        )
    if outcome == "no_points":
        return _(
            "Seat {seat}'s claim of no more penalty points holds: no legal play of the other "
            "seats gives it a penalty card."
        )
    return _(
        "Seat {seat}'s claim of every penalty card holds: no legal play of the other seats "
        "takes one from it."
    )


def line_words(claim: Claim, unstated: str | None) -> str | None:
    """The line a claim is judged on, in a sentence (None for a concession, or a claim the other
    seats accept, which is not judged)."""
    if claim.outcome == "concede" or claim.accepted:
        return None
    seat = claim.seat
    cards = all_of([NAMES[card] for card in claim.line])
    if claim.line and unstated is None:
        message = _(
            "Judged on the line seat {seat} stated: {cards}, at each turn the first of them "
            "the rules allow."
        )
    elif claim.line and unstated == "every_line":
        message = _(
            "Judged on the line seat {seat} stated ({cards}), then on every legal play of its "
            "other cards (claim_without_line: every_line)."
        )
    elif claim.line:
        message = _(
            "Judged on the line seat {seat} stated ({cards}), then on its best play of its "
            "other cards (claim_without_line: best_line)."
        )
    elif unstated == "every_line":
        message = _(
            "No line stated: judged on every legal play of seat {seat}'s cards "
            "(claim_without_line: every_line)."
        )
    else:
        message = _(
            "No line stated: judged on seat {seat}'s best play of its cards "
            "(claim_without_line: best_line)."
        )
    return message.format(seat=seat, cards=cards)


def result_words(
    how: str, claim: Claim, left: int, open_facts: Sequence[str], moon_denied: bool
) -> str:
    """What the hand scores, in sentences: who takes what, and what the table still says."""
    seat = claim.seat
    said = [_result(how, claim, left).format(seat=seat, points=left)]
    if moon_denied:
        said.append(
            _(
                "A failed claim shoots no moon: seat {seat} scores every penalty card as points."
            ).format(seat=seat)
        )
    for card in SCORING_CARDS:
        if how != "play_on" and card.name in open_facts:
            said.append(_(card.table_says))
    if how != "play_on" and "tricks_won" in open_facts:
        said.append(_("The table says how many tricks each seat wins."))
    sentences = said[0]
    for sentence in said[1:]:
        # Translators: two sentences one after the other (a language without spaces between
        # sentences writes "{first}{second}").
        sentences = pgettext("sentences", "{first} {second}").format(
            first=sentences, second=sentence
        )
    return sentences


def _result(how: str, claim: Claim, left: int) -> str:
    if how == "play_on":
        if claim.outcome == "concede":
            return _(
                "The concession is cancelled: play goes on from the claim, and the table "
                "scores the hand."
            )
        return _(
            "The claim failed: play goes on from the claim (failed_claim: play_on), and the "
            "table scores the hand."
        )
    if how == "claimer_takes_rest":
        return ngettext(
            "The claim failed: any doubtful point goes against the claimer, so seat {seat} "
            "takes the {points} penalty point left.",
            "The claim failed: any doubtful point goes against the claimer, so seat {seat} "
            "takes the {points} penalty points left.",
            left,
        )
    if claim.outcome == "all_tricks":
        return ngettext(
            "Seat {seat} takes every trick left and the {points} penalty point in them.",
            "Seat {seat} takes every trick left and the {points} penalty points in them.",
            left,
        )
    if claim.outcome == "moon":
        return _("Seat {seat} takes every penalty card.")
    if claim.outcome == "concede":
        return ngettext(
            "Seat {seat} takes the {points} penalty point left.",
            "Seat {seat} takes the {points} penalty points left.",
            left,
        )
    if not left:
        return _("Seat {seat} takes no more penalty points: none is left to take.")
    return ngettext(
        "Seat {seat} takes no more penalty points; the table says how the other seats share the "
        "{points} point left.",
        "Seat {seat} takes no more penalty points; the table says how the other seats share the "
        "{points} points left.",
        left,
    )
