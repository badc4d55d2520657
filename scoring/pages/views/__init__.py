"""The page views, a module a subject: ``browse`` (reading clubs, leagues, players, games),
``scoresheet`` (a game started, hands entered and corrected), ``game_actions`` (a hand voided
or disputed, a game abandoned), ``adjudicate``, ``disputes``, ``club_night`` (confirmations,
the room view, the wall, my games and PIN, claims), ``nights`` (tournament nights), ``setup``
(a club, a league, players), ``members`` (invitations), ``signup``, ``account`` (sign-in,
device tokens), ``passwords``, ``webhooks`` and ``offline`` (the installable app)."""
