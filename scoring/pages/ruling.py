"""A ruling as the adjudicate and dispute pages show it: in a player's words, seats named as at
the table (the players' names when the ruling is tied to a game, else "Seat 1" to "Seat n"),
cards as labels. No rule code, field path or seat index reaches the page: the engine's own
messages (which count seats from 0) are not shown; the words are built here from its data."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from adjudication.engine.irregularity_options import (
    LEAD_CALL_NOT_HONOURED,
    PENALTY_CARD_NOT_PLAYED,
)
from adjudication.engine.legality import (
    CARD_NOT_HELD,
    FIRST_LEAD_CLUB,
    FIRST_LEAD_LOWEST_CLUB,
    HEARTS_NOT_BROKEN,
    MUST_FOLLOW_SUIT,
    PASS_CARD_NOT_HELD,
    PASS_WRONG_COUNT,
    POINTS_ON_FIRST_TRICK,
    WRONG_LEADER,
)
from hearts_site.text.names import isolated_in
from scoring.pages.words import card_label, pass_words

RED_SUITS = "HD"
#: A renege told whole, by the suit that was led ({who}: the seat's name, {card}: its card).
RENEGE_WORDS = {
    "C": gettext_lazy("{who} played {card} when clubs were led."),
    "D": gettext_lazy("{who} played {card} when diamonds were led."),
    "H": gettext_lazy("{who} played {card} when hearts were led."),
    "S": gettext_lazy("{who} played {card} when spades were led."),
}

#: What each rule forbids, as a player says it: (the headline, {who} the seat's name; the rule).
RULE_WORDS: dict[str, tuple[Any, Any]] = {
    MUST_FOLLOW_SUIT: (
        gettext_lazy("{who} did not follow suit (a renege)"),
        gettext_lazy("A player who holds the suit that was led must play that suit."),
    ),
    POINTS_ON_FIRST_TRICK: (
        gettext_lazy("{who} played a point card on the first trick"),
        gettext_lazy(
            "No heart and no Q♠ on the first trick while the player holds any other card."
        ),
    ),
    FIRST_LEAD_LOWEST_CLUB: (
        gettext_lazy("{who} led the wrong card to the first trick"),
        gettext_lazy("The player holding the lowest club must lead it to the first trick."),
    ),
    FIRST_LEAD_CLUB: (
        gettext_lazy("{who} led the first trick with a card that is not a club"),
        gettext_lazy("The first trick must be led with a club."),
    ),
    WRONG_LEADER: (
        gettext_lazy("{who} led the first trick out of turn"),
        gettext_lazy("Only the player holding the lowest club leads the first trick."),
    ),
    HEARTS_NOT_BROKEN: (
        gettext_lazy("{who} led a heart before hearts were broken"),
        gettext_lazy(
            "A heart may not be led until a heart has been played, unless the leader holds "
            "nothing but hearts."
        ),
    ),
    CARD_NOT_HELD: (
        gettext_lazy("{who} played a card they did not hold"),
        gettext_lazy("A player can only play a card from their own hand."),
    ),
    PASS_WRONG_COUNT: (
        gettext_lazy("{who} passed the wrong number of cards"),
        gettext_lazy(
            "Each player passes exactly the number of cards the rules say (none on a hold hand)."
        ),
    ),
    PASS_CARD_NOT_HELD: (
        gettext_lazy("{who} passed a card they were not dealt"),
        gettext_lazy("A player can only pass cards from the hand they were dealt."),
    ),
    PENALTY_CARD_NOT_PLAYED: (
        gettext_lazy("{who} did not play a penalty card when due"),
        gettext_lazy(
            "A card shown (a penalty card) is played at the first legal chance; failing that "
            "counts as a revoke."
        ),
    ),
    LEAD_CALL_NOT_HONOURED: (
        gettext_lazy("{who} did not lead as called"),
        gettext_lazy(
            "After a lead out of turn, the suit called for (or forbidden) binds the next lead; "
            "failing that counts as a revoke."
        ),
    ),
}
#: What a proof rests on, in words.
SOURCES = {
    "hands": gettext_lazy("the cards each player held after the pass, as entered"),
    "deal": gettext_lazy("the deal and the passes, as entered"),
    "record": gettext_lazy("the rest of the plays"),
}


def seat_names(players: int, names: list[str] | None = None) -> list[str]:
    """How each seat is called: the game's players, else "Seat 1" … "Seat n" (as in games)."""
    if names:
        return list(names)
    return [_("Seat {number}").format(number=seat + 1) for seat in range(players)]


def ruling_context(ruling: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``present_ruling``'s dict, laid out for templates/includes/ruling.html."""
    return {
        "ruling": ruling,
        "verdict": _verdict(ruling),
        "tricks": _tricks(ruling, names),
        "violations": [_violation(v, ruling, names) for v in ruling["violations"]],
        "undetermined": [_undetermined(u, names) for u in ruling["undetermined"]],
        "score_rows": _score_rows(ruling, names),
        "score_notes": _score_notes(ruling, names),
    }


def ruling_found(hand, names: list[str]) -> str | None:
    """What the engine found in a hand's trick record, in words, with a link to its ruling
    (the hand's rule page shows the ruling kept with it); None when it found nothing."""
    ruling = hand.adjudication
    if not ruling or not ruling["violations"]:
        return None
    count = len(ruling["violations"])
    said = ngettext(
        "The engine found {count} illegal play.", "The engine found {count} illegal plays.", count
    ).format(count=count)
    # Translators: each illegal play's headline ends with this: "Trick 4: Ben did not follow…".
    found = " ".join(
        _("{title}.").format(title=_violation(v, ruling, names)["title"])
        for v in ruling["violations"]
    )
    url = reverse("page-hand-adjudicate", args=[hand.game_id, hand.number]) + "#ruling"
    return format_html(
        '{} {} {} <a href="{}">{}</a>',
        said,
        found,
        _("The hand is scored as it was played; a director can rule on it."),
        url,
        _("See the ruling"),
    )


def _verdict(ruling: dict[str, Any]) -> str:
    count = len(ruling["violations"])
    if count:
        return ngettext(
            "{count} illegal play found.", "{count} illegal plays found.", count
        ).format(count=count)
    if ruling["undetermined"]:
        return _("No illegal play proven yet: some plays depend on cards not shown so far.")
    if ruling["complete"]:
        return _("No illegal play found.")
    return _("No illegal play found so far.")


def _tricks(ruling: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Each trick with its plays; a play's index counts across the whole hand."""
    offending = {v["play_index"] for v in ruling["violations"]}
    tricks = []
    index = 0
    for trick in ruling["tricks"]:
        plays = []
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            plays.append(
                {
                    "who": names[seat],
                    "card": card_label(card),
                    "red": card[-1] in RED_SUITS,
                    "illegal": index in offending,
                    "won": seat == trick["winner"],
                }
            )
            index += 1
        winner = trick["winner"]
        tricks.append(
            {
                "number": trick["trick"],
                "plays": plays,
                "winner": names[winner] if winner is not None else None,
                "points": trick["points"],
            }
        )
    return tricks


def _violation(violation: dict[str, Any], ruling: dict[str, Any], names: list[str]) -> dict:
    who = names[violation["seat"]]
    headline, rule = RULE_WORDS.get(
        violation["rule"],
        (
            gettext_lazy("{who} broke a rule"),
            gettext_lazy("The play is not allowed by these rules."),
        ),
    )
    headline = headline.format(who=who)
    if violation["trick"]:
        # Translators: {headline} is a sentence such as "Ada did not follow suit (a renege)".
        title = _("Trick {trick}: {headline}").format(trick=violation["trick"], headline=headline)
    else:
        title = _("The pass: {headline}").format(headline=headline)
    card = card_label(violation["card"]) if violation["card"] else None
    return {
        "title": title,
        "card": card,
        "rule": str(rule),
        "what": _what_happened(violation, ruling, who, card),
        "proof": _proof(violation, who),
    }


def _what_happened(violation: dict, ruling: dict, who: str, card: str | None) -> str:
    rule = violation["rule"]
    if rule == MUST_FOLLOW_SUIT and violation["play_index"] is not None:
        led = _led_suit(ruling, violation["play_index"])
        return RENEGE_WORDS[led].format(who=who, card=card)
    if rule == PASS_WRONG_COUNT:
        passing = ruling.get("passing") or {}
        count = ruling["ruleset"].get("pass_count", 0)
        rule_text = pass_words(passing.get("direction"), count) or _("no pass")
        return _("This hand's pass: {rule}.").format(rule=rule_text)
    if rule == PASS_CARD_NOT_HELD:
        return _("{who} passed {card}.").format(who=who, card=card)
    return _("{who} played {card}.").format(who=who, card=card) if card else ""


def _led_suit(ruling: dict[str, Any], play_index: int) -> str:
    """The suit led to the trick holding play ``play_index``."""
    seen = 0
    for trick in ruling["tricks"]:
        if play_index < seen + len(trick["cards"]):
            return trick["cards"][0][-1]
        seen += len(trick["cards"])
    raise ValueError(play_index)


def _proof(violation: dict[str, Any], who: str) -> str:
    evidence = violation["evidence"]
    held = [card_label(c) for c in evidence["held"]]
    if not held:
        return ""
    source = SOURCES.get(evidence["source"]) or _("the record")
    cards = _cards_text(held)
    shown = evidence["shown"]
    if not shown:
        return _("Proof: {who} still held {cards} (from {source}).").format(
            who=who, cards=cards, source=source
        )
    later = _(", ").join(
        _("{card} at trick {trick}").format(card=card_label(s["card"]), trick=s["trick"])
        for s in shown
    )
    return _("Proof: {who} still held {cards}: {who} played {later} (from {source}).").format(
        who=who, cards=cards, later=later, source=source
    )


def _cards_text(cards: list[str]) -> str:
    if len(cards) == 1:
        return cards[0]
    # Translators: a list of cards, "Q♠, K♠ and A♠"; {cards} are all but the last.
    return _("{cards} and {last}").format(cards=_(", ").join(cards[:-1]), last=cards[-1])


def _undetermined(found: dict[str, Any], names: list[str]) -> str:
    who = names[found["seat"]]
    shows = [card_label(c) for c in found["decided_by"]]
    if len(shows) <= 4:
        cards = _cards_text(shows)
    else:
        cards = _("any of {cards}").format(cards=" ".join(shows))
    return _(
        "Trick {trick}: {who} played {card}. That was illegal if {who} still held {cards}; "
        "the plays entered do not show it yet."
    ).format(trick=found["trick"], who=who, card=card_label(found["card"]), cards=cards)


def _score_rows(ruling: dict[str, Any], names: list[str]) -> list[tuple]:
    """(name, points, tricks, score) a seat; no score while the shooter's choice is open."""
    scores = ruling["scores"]
    return list(
        zip(
            names,
            ruling["points_taken"],
            ruling["tricks_won"],
            scores if isinstance(scores, list) else [None] * len(names),
            strict=True,
        )
    )


def _score_notes(ruling: dict[str, Any], names: list[str]) -> list[str]:
    notes = []
    scores = ruling["scores"]
    if ruling["moon"]:
        shooter = names[ruling["moon"]["shooter"]]
        notes.append(isolated_in(_("{shooter} shot the moon."), shooter=shooter))
        if isinstance(scores, dict):
            # Translators: joins the shooter's options: "minus for … (…); or plus for … (…)".
            options = _("; or ").join(_moon_option(c, v, names) for c, v in scores.items())
            notes.append(
                _("{shooter} chooses: {options}.").format(shooter=shooter, options=options)
            )
    penalty = ruling["renege_penalty"]
    if penalty and isinstance(penalty["scores"], list):
        offender = names[penalty["offender"]]
        given = ", ".join(f"{n} {s}" for n, s in zip(names, penalty["scores"], strict=True))
        notes.append(
            _("If a director confirms {offender}'s renege, the scores become: {scores}.").format(
                offender=offender, scores=given
            )
        )
    return notes


def _moon_option(choice: str, values: list[int], names: list[str]) -> str:
    given = ", ".join(f"{n} {s}" for n, s in zip(names, values, strict=True))
    if choice == "subtract_from_shooter":
        return _("minus for the shooter ({scores})").format(scores=given)
    return _("plus for everyone else ({scores})").format(scores=given)
