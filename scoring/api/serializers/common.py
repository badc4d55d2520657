"""What the API's serializers share: bounds on ids, seats and points, and a reason's shape."""

MAX_SEATS = 6
MAX_HAND_POINTS = 1000  # a bound on the input only: the engine checks the sum
# Row ids are 64-bit: a larger number is refused here, not passed to the database.
MAX_ID = 2**63 - 1
REASON = {"max_length": 500, "help_text": "Why: kept in the history."}
