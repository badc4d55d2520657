"""The relatives of Hearts played with one pack (docs/rules.md, The Hearts family): Black Maria,
Omnibus Hearts and Spot Hearts, each a preset of the ruleset's options.

Cancellation Hearts (two packs) is not here: a ruleset's deck is one pack (a mask of 52 bits),
and docs/rules.md says what two packs need.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .preset import STANDARD_REMOVED, Preset
from .words import gettext_noop

#: Black Maria's removed cards by player count (Wikipedia, after Arnold): the 2♣ for three,
#: the 2♣ and 2♦ for five, every 2 for six (the 2♥ with them: 12 hearts in play).
BLACK_MARIA_REMOVED: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {3: ("2C",), 4: (), 5: ("2C", "2D"), 6: ("2C", "2D", "2H", "2S")}
)

FAMILY_PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        "black-maria": Preset(
            "black-maria",
            gettext_noop("Black Maria (three players, A♠ K♠ Q♠ score, pass right)"),
            "Black Maria (Wikipedia after Arnold; gamerules.com; poker.tj; do2learn.com)",
            # Translators: a summary of the published rules the preset follows.
            gettext_noop(
                "For three players the 2 of clubs is taken out and each is dealt 17 cards; "
                "each passes three cards to the player on the right; the player left of the "
                "dealer leads. Every heart costs 1 point, the ace of spades 7, the king of "
                "spades 10 and the queen of spades (Black Maria) 13. The first player to reach "
                "100 loses."
            ),
            MappingProxyType(
                {
                    "players": 3,
                    "pass_schedule": ("right",),
                    "first_lead": "left_of_dealer",
                    "hearts_must_be_broken": False,
                    "king_of_spades_points": 10,
                    "ace_of_spades_points": 7,
                    "moon": "off",
                }
            ),
            BLACK_MARIA_REMOVED,
        ),
        "omnibus-hearts": Preset(
            "omnibus-hearts",
            gettext_noop("Omnibus Hearts (10♦ -10; a slam takes every counting card)"),
            "Omnibus Hearts (Hoyle, bicyclecards.com)",
            # Translators: a summary of the published rules the preset follows.
            gettext_noop(
                "The hearts and the queen of spades count against their taker as in Hearts; "
                "the 10 of diamonds counts 10 for the player who wins it (in some places the "
                "jack of diamonds instead). A player who wins all fifteen counting cards, the "
                "hearts, the queen and the 10 of diamonds, makes a slam and scores 26 plus "
                "instead of 16 minus."
            ),
            MappingProxyType(
                {
                    "ten_of_diamonds": -10,
                    "moon": "subtract_from_shooter",
                    "moon_scoring_cards": "needed",
                }
            ),
            STANDARD_REMOVED,
        ),
        "spot": Preset(
            "spot",
            gettext_noop("Spot Hearts (each heart at its face value, Q♠ 26)"),
            "Spot Hearts (alanhoyle.com; eliters.com tourney rules)",
            # Translators: a summary of the published rules the preset follows.
            gettext_noop(
                "Hearts score their face value, the jack 11, the queen 12, the king 13 and the "
                "ace 14, and the queen of spades 26: 130 points in all. A player who takes "
                "every point shoots the moon, and everyone else scores the total."
            ),
            MappingProxyType({"heart_points": "face", "queen_points": 26, "moon": "add_to_others"}),
            STANDARD_REMOVED,
        ),
    }
)
