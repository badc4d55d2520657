"""A player's PIN, typed on a scorer's device to confirm or query a hand for that player: set
by the player or a director, kept as a password hash, and guessed at a bounded rate.

Every failure reads the same (``PinRefused``: one code, one sentence, one status), whether the
PIN was wrong, none is set, or the PIN is resting after too many wrong guesses; a resting PIN
is not even compared. A player without a PIN counts wrong guesses as any other, so the answers
never tell the two apart. A PIN is only ever checked against a hand awaiting confirmation
(``confirmations``), so no answer tells a right PIN from a wrong one where nothing is
confirmed.

The arithmetic (docs/deploy.md says it too). The limit that bounds an attacker is the daily
one: ``PIN_DAILY_GUESSES`` wrong guesses a player a day (the 5-in-a-row rest alone would allow
5 every 15 minutes, 480 a day, and a 4-digit PIN falls within 21 days). A new PIN has at least
6 digits, 10^6 of them: trying every one at 10 a day takes 100,000 days, about 274 years, and
a 6-month season (183 days, 1,830 guesses) finds it with a chance of 0.18%. A 4- or 5-digit
PIN set before this rule keeps working: 10^4 of them take 1,000 days (2.7 years) at 10 a day,
a season's chance 18%, so directors should have such players set a new one.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import DomainError, Forbidden
from scoring.models import Player

# A new PIN's length; a PIN set before new PINs needed 6 digits (4 or 5) is still checked.
PIN_DIGITS = (6, 8)
# Wrong guesses in a row before a PIN rests, and for how long.
PIN_GUESSES = 5
PIN_BLOCKED_FOR = timedelta(minutes=15)
# Wrong guesses a player's PIN takes in a day (the site's date) before it rests until the
# next day: the limit that makes guessing hopeless (the module's docstring does the sums).
PIN_DAILY_GUESSES = 10

# What a player's row keeps of the guesses against its PIN.
LIMIT_FIELDS = ["pin_failures", "pin_blocked_until", "pin_day", "pin_day_failures"]


def pin_refused() -> str:
    """The words of every PIN refusal, in the request's language."""
    return _(
        "That PIN was not accepted: nothing was confirmed. After {guesses} wrong PINs in a "
        "row a PIN rests for {minutes} minutes, after {daily} in a day until the next; a "
        "director can set a new one."
    ).format(
        guesses=PIN_GUESSES,
        minutes=int(PIN_BLOCKED_FOR.total_seconds()) // 60,
        daily=PIN_DAILY_GUESSES,
    )


class PinRefused(Forbidden):
    """Every PIN failure, alike (403, ``pin_refused``); ``wait``: how long the PIN still rests,
    sent as ``Retry-After``, when it rests."""

    def __init__(self, wait: int | None = None):
        super().__init__("pin_refused", pin_refused(), "pin")
        self.wait = wait


def set_pin(*, player: Player, pin: str) -> Player:
    """The player's PIN, 6 to 8 digits, kept as a password hash. A new PIN is a new secret:
    no rest and no count of wrong guesses carries over to it."""
    low, high = PIN_DIGITS
    if not (pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        raise DomainError(
            "invalid_pin", _("A PIN is {low} to {high} digits.").format(low=low, high=high), "pin"
        )
    player.pin_hash = make_password(pin)
    player.pin_failures, player.pin_blocked_until = 0, None
    player.pin_day, player.pin_day_failures = None, 0
    player.save(update_fields=["pin_hash", *LIMIT_FIELDS])
    return player


def check_pin(player_id: int, pin: str) -> Player:
    """The player, when ``pin`` is theirs; else ``PinRefused``. A wrong guess is counted in a
    transaction of its own (kept though the request fails): the fifth in a row rests the PIN
    for ``PIN_BLOCKED_FOR``, the day's ``PIN_DAILY_GUESSES``-th until the next day."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player_id)
        now = timezone.now()
        if player.pin_blocked_until is not None and player.pin_blocked_until > now:
            raise PinRefused(wait=_seconds_until(player.pin_blocked_until, now))
        if _matches(pin, player.pin_hash):
            if player.pin_failures:
                player.pin_failures = 0
                player.save(update_fields=["pin_failures"])
            return player
        _count_wrong_guess(player, now)
    raise PinRefused()


def _matches(pin: str, pin_hash: str) -> bool:
    if not pin_hash:
        make_password(pin)  # as long as a check, so the time taken does not say "no PIN"
        return False
    return check_password(pin, pin_hash)


def _count_wrong_guess(player: Player, now: datetime) -> None:
    today = timezone.localdate(now)
    if player.pin_day != today:
        player.pin_day, player.pin_day_failures = today, 0
    player.pin_failures += 1
    player.pin_day_failures += 1
    if player.pin_day_failures >= PIN_DAILY_GUESSES:
        tomorrow = datetime.combine(today + timedelta(days=1), time.min)
        player.pin_blocked_until = timezone.make_aware(tomorrow)
        player.pin_failures = 0
    elif player.pin_failures >= PIN_GUESSES:
        player.pin_blocked_until = now + PIN_BLOCKED_FOR
        player.pin_failures = 0
    player.save(update_fields=LIMIT_FIELDS)


def _seconds_until(moment: datetime, now: datetime) -> int:
    return int((moment - now).total_seconds()) + 1
