"""The ruleset options for irregularities (docs/rules.md, "Irregularities"), with their sources.

Each irregularity a record can carry has one option saying how it is rectified; each value of
it names the published rule it follows and quotes it (``SOURCES``), so that a ruling can say
which text it applied. ``renege_penalty`` (with ``renege_points``) predates the others and keeps
its values and their meaning: a ruleset stored before irregularities existed still loads and
still means what it meant, every newer option taking its default.

Plain tables only (no engine import but ``words``): ``rules.py`` reads them to validate a
ruleset, ``irregularities.py`` to rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .words import gettext as _
from .words import gettext_noop

#: Every irregularity option but ``no_rule`` has a rectification; ``no_rule`` says the table
#: has none, and the engine then refuses to rule on that irregularity (a 4xx).
NO_RULE = "no_rule"

#: The option of each kind of irregularity a record may carry.
OPTION_OF_KIND: Mapping[str, str] = MappingProxyType(
    {
        "revoke": "renege_penalty",
        "exposed_card": "exposed_card",
        "lead_out_of_turn": "lead_out_of_turn",
        "missed_trick": "missed_trick",
        "card_short": "missed_trick",
        "misdeal": "misdeal",
        "card_played_twice": "impossible_card",
        "card_misplaced": "impossible_card",
    }
)
KINDS = tuple(OPTION_OF_KIND)

#: Each option's values, the default first.
IRREGULARITY_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "renege_penalty": ("none", "takes_all", "fixed", "replay"),
        "revoke_correction": ("returned_to_hand", "exposed", NO_RULE),
        "exposed_card": ("penalty_card", "none", NO_RULE),
        "lead_out_of_turn": ("foster", "bridge", NO_RULE),
        "missed_trick": ("takes_last_trick", "surplus_to_imperfect_trick", NO_RULE),
        "misdeal": ("redeal", "stands_once_played", NO_RULE),
        "impossible_card": ("left_to_director", "replay", NO_RULE),
    }
)
#: The defaults of the options irregularities added (``Ruleset`` fields take these).
DEFAULTS: Mapping[str, str] = MappingProxyType(
    {option: values[0] for option, values in IRREGULARITY_CHOICES.items()}
)


@dataclass(frozen=True, slots=True)
class Source:
    """The published rule an option value follows: where it is, and the words quoted."""

    title: str
    text: str

    def as_data(self) -> dict[str, str]:
        return {"title": _(self.title), "text": _(self.text)}


FOSTER = gettext_noop("Foster's Complete Hoyle, Hearts")
BRIDGE = gettext_noop("Laws of Duplicate Bridge (WBF)")
HOYLE_WHIST = gettext_noop("Hoyle's Games Modernized, Whist")

# Translators: the quotations below are published rules, quoted; "[...]" marks a cut. Keep
# them quotations (a translation of the quoted text), not paraphrases.
SOURCES: Mapping[tuple[str, str], Source] = MappingProxyType(
    {
        ("renege_penalty", "none"): Source(
            gettext_noop("No penalty: a table's choice (the hand is scored as played)"),
            gettext_noop(
                "There is no rectification [...] following an established revoke [...] if "
                "attention was first drawn to the revoke after the round has ended. (Law 64B5)"
            ),
        ),
        ("renege_penalty", "takes_all"): Source(
            FOSTER,
            gettext_noop(
                "Should two or more players revoke in the same hand, each must pay the entire "
                "losses in the hand, as if he were alone in error. (law 24)"
            ),
        ),
        ("renege_penalty", "fixed"): Source(
            HOYLE_WHIST,
            gettext_noop(
                "The penalty for a revoke [...] is at the option of the adversaries, who, at the "
                "end of the hand, may [...] deduct three points from his score, or add three to "
                "their own score. (law 75: a fixed number of points, renege_points here)"
            ),
        ),
        ("renege_penalty", "replay"): Source(
            HOYLE_WHIST,
            gettext_noop(
                "If any one omit playing to a trick, and such error be not discovered until he "
                "has played to the next, the adversaries may claim a new deal. (law 72: the "
                "remedy of a new deal, applied here to an established revoke)"
            ),
        ),
        ("revoke_correction", "returned_to_hand"): Source(
            BRIDGE,
            gettext_noop(
                "A player must correct his revoke if attention is drawn to the irregularity "
                "before it becomes established. [...] The card may be replaced without further "
                "rectification [...] (Laws 62A, 62B2)"
            ),
        ),
        ("revoke_correction", "exposed"): Source(
            BRIDGE,
            gettext_noop(
                "To correct a revoke the offender withdraws the card he played and substitutes "
                "a legal card. A card so withdrawn becomes a major penalty card (Law 50) [...] "
                "(Law 62B1)"
            ),
        ),
        ("exposed_card", "penalty_card"): Source(
            BRIDGE,
            gettext_noop(
                "A major penalty card must be played at the first legal opportunity, whether in "
                "leading, following suit, discarding or trumping. (Law 50D1; Foster's Hearts "
                "law: a player with an exposed card must play it when called upon, provided he "
                "can do so without revoking)"
            ),
        ),
        ("exposed_card", "none"): Source(
            BRIDGE,
            gettext_noop(
                "No card of declarer's or dummy's hand can become a penalty card. (Law 48A: "
                "every seat is treated as declarer is)"
            ),
        ),
        ("lead_out_of_turn", "foster"): Source(
            FOSTER,
            gettext_noop(
                "Should a player lead out of turn, he may be called upon to lead or not to lead "
                "a heart when it is next his turn to lead. This penalty can be enforced only by "
                "the player on his right. If all have played to the false lead the error cannot "
                "be rectified; but if all have not played, their cards must be taken back, and "
                "are not liable to be called."
            ),
        ),
        ("lead_out_of_turn", "bridge"): Source(
            BRIDGE,
            gettext_noop(
                "Any lead faced out of turn may be treated as a correct lead. It becomes a "
                "correct lead if [...] a play is made from the hand next in rotation to the "
                "irregular lead. (Law 53A) [...] declarer may require the defender to lead the "
                "suit of the penalty card, or to prohibit him from leading that suit [...] the "
                "card is no longer a penalty card, and is picked up. (Law 50D2)"
            ),
        ),
        ("missed_trick", "takes_last_trick"): Source(
            FOSTER,
            gettext_noop(
                "If any player omits to play to a trick, and plays to a following one, he is not "
                "allowed to correct his error, but is compelled to take the thirteenth or last "
                "trick, with whatever hearts it may contain. If a player is found [...] to be a "
                "card short, all others at the table having their right number, [...] the "
                "player with the short hand is compelled to take the last trick."
            ),
        ),
        ("missed_trick", "surplus_to_imperfect_trick"): Source(
            HOYLE_WHIST,
            gettext_noop(
                "Should they decide that the deal stand good, the surplus card at the end of the "
                "hand is considered to have been played to the imperfect trick, but does not "
                "constitute a revoke therein. (law 72)"
            ),
        ),
        ("misdeal", "redeal"): Source(
            gettext_noop("Bernard Magee, bridge glossary: misdeal"),
            gettext_noop(
                "A misdeal occurs if a card turns face up during the deal, or any player "
                "receives the incorrect number of cards. A redeal is necessary following a "
                "misdeal."
            ),
        ),
        ("misdeal", "stands_once_played"): Source(
            gettext_noop("Hoyle's Games, Improved and Enlarged, Whist"),
            gettext_noop(
                "[If a player] happen to have only twelve, and not find it out till several "
                "tricks are played, and the rest of the players have their right number, the "
                "deal stands good [...] but if any of the players should happen to have fourteen "
                "cards, in that case the deal is lost."
            ),
        ),
        ("impossible_card", "left_to_director"): Source(
            BRIDGE,
            gettext_noop(
                "An artificial adjusted score is one awarded in lieu of a result because no "
                "result can be obtained or estimated for a particular deal. (Definitions, "
                "Adjusted Score)"
            ),
        ),
        ("impossible_card", "replay"): Source(
            gettext_noop("Bernard Magee, bridge glossary: misdeal"),
            gettext_noop(
                "A misdeal occurs if [...] any player receives the incorrect number of cards. A "
                "redeal is necessary following a misdeal. (a record that puts a card in two "
                "places is treated as a deal gone wrong)"
            ),
        ),
    }
)

# Stable rule codes of the irregularities: the rule a ruling on one follows (clients switch on
# these; GET /api/v1/rule-codes/ lists them with the rules of play).
REVOKE_ESTABLISHED = "revoke_established"
REVOKE_CORRECTED = "revoke_corrected"
EXPOSED_CARD = "exposed_card"
PENALTY_CARD_NOT_PLAYED = "penalty_card_not_played"
LEAD_OUT_OF_TURN = "lead_out_of_turn"
LEAD_CALL_NOT_HONOURED = "lead_call_not_honoured"
MISSED_TRICK = "missed_trick"
CARD_SHORT = "card_short"
MISDEAL = "misdeal"
CARD_PLAYED_TWICE = "card_played_twice"
CARD_MISPLACED = "card_misplaced"

IRREGULARITY_RULES: Mapping[str, str] = MappingProxyType(
    {
        REVOKE_ESTABLISHED: gettext_noop(
            "A revoke the offender did not correct before playing to the next trick is "
            "established: the trick stands, and renege_penalty rectifies it."
        ),
        REVOKE_CORRECTED: gettext_noop(
            "A revoke noticed before it is established is corrected: the card is withdrawn and a "
            "legal card played (revoke_correction says what becomes of the card)."
        ),
        EXPOSED_CARD: gettext_noop(
            "A card shown by accident: under exposed_card penalty_card it must be played at the "
            "first legal opportunity."
        ),
        PENALTY_CARD_NOT_PLAYED: gettext_noop(
            "A seat with a penalty card must play it at its first legal opportunity; failing to "
            "is rectified as a revoke."
        ),
        LEAD_OUT_OF_TURN: gettext_noop(
            "A lead by a seat that was not on lead: it stands, or is retracted, as "
            "lead_out_of_turn says."
        ),
        LEAD_CALL_NOT_HONOURED: gettext_noop(
            "A seat called on to lead, or not to lead, a suit after its lead out of turn must "
            "comply when it can; failing to is rectified as a revoke."
        ),
        MISSED_TRICK: gettext_noop(
            "A seat that played no card to a trick has a card too many at the end: missed_trick "
            "says who takes what."
        ),
        CARD_SHORT: gettext_noop(
            "A seat found a card short at the end, the others having their right number: "
            "missed_trick says who takes the last trick."
        ),
        MISDEAL: gettext_noop(
            "A deal found wrong during play (a card face up, a wrong count): misdeal says "
            "whether the hand stands or is dealt again."
        ),
        CARD_PLAYED_TWICE: gettext_noop(
            "A record showing one card at two plays cannot be scored as it stands: "
            "impossible_card says what follows."
        ),
        CARD_MISPLACED: gettext_noop(
            "A card the record gives to a seat whose holding did not contain it: "
            "impossible_card says what follows."
        ),
    }
)
