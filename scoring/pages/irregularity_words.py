"""Irregularities and their rulings as the pages say them: in a player's words, seats by the
names the table knows, cards as labels. Like ``ruling.py``, the engine's own sentences (which
count seats from 0) are not shown: the words are built here from the ruling's data, and the
source it quotes is shown in the reader's language (its title and text are the engine's
catalogue entries)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from adjudication.engine.claim_words import CLAIM_CODES
from scoring.pages.ruling import SOURCES as PROOF_SOURCES
from scoring.pages.words import card_label

#: Each kind of irregularity, as a scorer taps it.
KIND_WORDS = {
    "revoke": gettext_lazy("Revoke found late"),
    "exposed_card": gettext_lazy("Card shown"),
    "lead_out_of_turn": gettext_lazy("Led out of turn"),
    "missed_trick": gettext_lazy("Missed a trick"),
    "card_short": gettext_lazy("A card short at the end"),
    "misdeal": gettext_lazy("Misdeal found in play"),
    "card_played_twice": gettext_lazy("Card entered twice"),
    "card_misplaced": gettext_lazy("Card at the wrong player"),
}
#: Each ruleset option for irregularities, as a director reads its name.
OPTION_WORDS = {
    "renege_penalty": gettext_lazy("A revoke"),
    "revoke_correction": gettext_lazy("A revoke corrected in time"),
    "exposed_card": gettext_lazy("A card shown"),
    "lead_out_of_turn": gettext_lazy("A lead out of turn"),
    "missed_trick": gettext_lazy("A missed trick or a card short"),
    "misdeal": gettext_lazy("A misdeal"),
    "impossible_card": gettext_lazy("A card that cannot be where it is entered"),
}
#: Each option value, as these rules settle it.
VALUE_WORDS = {
    ("renege_penalty", "none"): gettext_lazy("no penalty: the hand counts as played"),
    ("renege_penalty", "takes_all"): gettext_lazy("the revoker takes every point of the hand"),
    ("renege_penalty", "fixed"): gettext_lazy("the revoker is charged a fixed number of points"),
    ("renege_penalty", "replay"): gettext_lazy("the hand is played again"),
    ("revoke_correction", "returned_to_hand"): gettext_lazy("the card goes back to the hand"),
    ("revoke_correction", "exposed"): gettext_lazy("the card taken back becomes a penalty card"),
    ("exposed_card", "penalty_card"): gettext_lazy(
        "it is a penalty card, played at the first legal chance"
    ),
    ("exposed_card", "none"): gettext_lazy("no penalty"),
    ("lead_out_of_turn", "foster"): gettext_lazy(
        "Foster's rule: the player on the right may call for or forbid a heart lead"
    ),
    ("lead_out_of_turn", "bridge"): gettext_lazy(
        "the bridge rule: the card led becomes a penalty card, or a suit is required or forbidden"
    ),
    ("missed_trick", "takes_last_trick"): gettext_lazy("the short player takes the last trick"),
    ("missed_trick", "surplus_to_imperfect_trick"): gettext_lazy(
        "the card left over counts as played to the trick it missed"
    ),
    ("misdeal", "redeal"): gettext_lazy("the hand is dealt again"),
    ("misdeal", "stands_once_played"): gettext_lazy("the deal stands once play has begun"),
    ("impossible_card", "left_to_director"): gettext_lazy("the director gives the score"),
    ("impossible_card", "replay"): gettext_lazy("the hand is played again"),
}
#: What happened, by the ruling's rule code ({who}, {trick}, {card}).
RULE_WORDS = {
    "revoke_established": gettext_lazy("{who} revoked at trick {trick} ({card}): established"),
    "revoke_corrected": gettext_lazy("{who} revoked at trick {trick} and corrected it in time"),
    "exposed_card": gettext_lazy("{who} showed {card} before playing to trick {trick}"),
    "lead_out_of_turn": gettext_lazy("{who} led {card} to trick {trick} out of turn"),
    "missed_trick": gettext_lazy("{who} played no card to trick {trick}"),
    "card_short": gettext_lazy("{who} was a card short at the end"),
    "misdeal": gettext_lazy("A misdeal was found at trick {trick}"),
    "card_played_twice": gettext_lazy(
        "{card} is entered twice; the play at trick {trick} is wrong"
    ),
    "card_misplaced": gettext_lazy("{who} did not hold {card} at trick {trick}"),
}
#: What the rectification does, by its code ({who}: the seat it concerns).
RECTIFICATION_WORDS = {
    "no_rectification": gettext_lazy("Nothing to rectify."),
    "scored_as_played": gettext_lazy("No penalty: the hand counts as played."),
    "revoker_takes_all": gettext_lazy(
        "{who} pays the entire losses: {who} scores {total}, everyone else 0."
    ),
    "revoker_fined": gettext_lazy("{who} is charged {points} points on top of the hand."),
    "hand_replayed": gettext_lazy("The hand is void and played again: nothing is scored."),
    "corrected_card_returned": gettext_lazy("The card went back to the hand: no penalty."),
    "corrected_card_exposed": gettext_lazy(
        "The card taken back was a penalty card, and was played when due."
    ),
    "corrected_card_exposed_not_honoured": gettext_lazy(
        "The card taken back was a penalty card, not played when due: that counts as a revoke."
    ),
    "card_returned": gettext_lazy("The card went back to the hand: no penalty."),
    "penalty_card": gettext_lazy("{card} was a penalty card, played at the first legal chance."),
    "penalty_card_not_honoured": gettext_lazy(
        "{card} was a penalty card, not played when due: that counts as a revoke."
    ),
    "lead_stood": gettext_lazy("Everyone played to the lead: it stands."),
    "lead_retracted": gettext_lazy("The lead was taken back and the right player led."),
    "lead_call": gettext_lazy("The call on {who}'s next lead was honoured."),
    "lead_call_not_honoured": gettext_lazy(
        "The call on {who}'s next lead was not honoured: that counts as a revoke."
    ),
    "takes_last_trick": gettext_lazy("{who} takes the last trick, with its points."),
    "surplus_to_imperfect_trick": gettext_lazy(
        "The card left over counts as played to trick {trick}; its winner takes it."
    ),
    "awaiting_surplus": gettext_lazy("The card left over is not in the record yet."),
    "last_trick_as_played": gettext_lazy("The last trick stands as played."),
    "redeal": gettext_lazy("The hand is void and dealt again: nothing is scored."),
    "hand_stands": gettext_lazy("Play had begun: the deal stands, and the hand counts as played."),
    "left_to_director": gettext_lazy(
        "The record cannot be scored as it stands: the director gives the score."
    ),
}
#: What a ruling leaves to the table, as the director's choice to accept it reads.
LEFT_WORDS = {
    "redeal": gettext_lazy("Accept: the hand is void, and the deal is played again"),
    "replay": gettext_lazy("Accept: the hand is void, and the deal is played again"),
}
NO_TRICK = "\N{EN DASH}"  # a card left over belongs to no trick
STATUS_WORDS = {
    "awaiting": gettext_lazy("Awaiting a director"),
    "accepted": gettext_lazy("Accepted"),
    "overridden": gettext_lazy("Overridden"),
    "withdrawn": gettext_lazy("Withdrawn: the hand was corrected or voided"),
}


#: The kind of irregularity each ruling's rule code is about.
KIND_OF_RULE = {
    "revoke_established": "revoke",
    "revoke_corrected": "revoke",
    "exposed_card": "exposed_card",
    "lead_out_of_turn": "lead_out_of_turn",
    "missed_trick": "missed_trick",
    "card_short": "card_short",
    "misdeal": "misdeal",
    "card_played_twice": "card_played_twice",
    "card_misplaced": "card_misplaced",
}


def rule_words(rule: str | None) -> str:
    """What a ruling's rule code rules on, as its kind is tapped ("Revoke found late")."""
    kind = KIND_OF_RULE.get(rule or "")
    if kind is None and rule in CLAIM_CODES:
        return _("The claim")
    return str(KIND_WORDS[kind]) if kind else _("what went wrong")


def ruling_lines(found: dict[str, Any], names: list[str], rules: dict[str, Any]) -> dict:
    """One irregularity's ruling in words, for templates/includes/irregularity_ruling.html:
    what happened, the rule these rules follow and its source, the evidence, the
    rectification and the points and scores per seat it gives."""
    who = names[found["seat"]] if found["seat"] is not None else _("a player")
    card = card_label(found["card"]) if found["card"] else _("a card")
    facts = {"who": who, "trick": found["trick"] or NO_TRICK, "card": card}
    headline = RULE_WORDS.get(found["rule"], gettext_lazy("An irregularity")).format(**facts)
    if not found["found"]:
        headline = _("Not borne out by the record: {headline}").format(headline=headline)
    option = found["option"]
    offender = found["rectification"]["offender"]
    points = rules.get("renege_points", 26)
    charged = {**facts, **({"who": names[offender]} if offender is not None else {})}
    rectification = RECTIFICATION_WORDS.get(found["rectification"]["code"], "").format(
        **charged, total=sum(found["points"] or []) or points, points=points
    )
    return {
        "headline": headline,
        "noticed": _noticed(found),
        "option": OPTION_WORDS.get(option["name"], option["name"]),
        "value": VALUE_WORDS.get((option["name"], option["value"]), option["value"]),
        "source_title": _(found["source"]["title"]),
        "source_text": _(found["source"]["text"]),
        "evidence": _evidence(found, names),
        "rectification": rectification,
        "rows": _rows(found, names),
        "left": found["left_to_table"],
    }


def _noticed(found: dict[str, Any]) -> str:
    """When a revoke was noticed, and whether it was corrected, as the record states it."""
    stated = found["stated"]
    if found["kind"] != "revoke":
        return ""
    at = stated["noticed_at_trick"]
    when = (
        _("Noticed at trick {trick}.").format(trick=at)
        if at is not None
        else _("Noticed after the hand.")
    )
    return when + " " + (_("Corrected.") if stated["corrected"] else _("Not corrected."))


def _evidence(found: dict[str, Any], names: list[str]) -> str:
    evidence = found["evidence"]
    parts = []
    if evidence["held"] and found["seat"] is not None:
        source = PROOF_SOURCES.get(evidence["source"]) or _("the record")
        held = ", ".join(card_label(c) for c in evidence["held"])
        parts.append(
            _("{who} held {cards} (from {source}).").format(
                who=names[found["seat"]], cards=held, source=source
            )
        )
    plays = [
        _("trick {trick}: {who} {card}").format(
            trick=p["trick"] if p["trick"] is not None else NO_TRICK,
            who=names[p["seat"]],
            card=card_label(p["card"]),
        )
        for p in evidence["plays"]
    ]
    if plays:
        parts.append(
            ngettext("The play: {plays}.", "The plays: {plays}.", len(plays)).format(
                plays="; ".join(plays)
            )
        )
    return " ".join(parts)


def _rows(found: dict[str, Any], names: list[str]) -> list[tuple[str, Any, Any]]:
    """(name, points, score) a seat, with this rectification; none when it scores nothing."""
    points, scores = found["points"], found["scores"]
    if points is None:
        return []
    per_seat = scores if isinstance(scores, list) else [None] * len(names)
    return list(zip(names, points, per_seat, strict=True))
