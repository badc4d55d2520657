"""The seating draw of a tournament night (issue 37), pure Python: no database, no Django.

``table_layout`` gives one round's table sizes; ``plan_rounds`` plans the rounds still to play
together (few pairs meeting twice, odd-size seats spread, seats varied, an optional seeded last
round) as a ``NightPlan``. Refusals are ``SeatingError`` (an engine ``HeartsError``) with a code.
"""

from .errors import SeatingError
from .layout import table_layout
from .plan import NightPlan, plan_rounds

__all__ = ["NightPlan", "SeatingError", "plan_rounds", "table_layout"]
