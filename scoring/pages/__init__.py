"""The phone pages: server-rendered HTML that reads without JavaScript.

Each view parses a form or the query string, calls a service (writes) or a selector (reads),
and renders. The scoring, the game end and every check of an entry stay in
scoring.services and the engine; refusals come back as ``HeartsError`` / ``DomainError`` and are
shown next to the field they name.

- ``urls``: the page routes, included by ``hearts_site.urls`` after the API.
- ``views/``: one module a subject (``views/__init__`` lists them).
- ``forms/``: the same subjects' forms; ``forms/errors`` puts a refusal next to its field and
  carries out a form's write (``written``).
- ``access``: a 404, a redirect to sign in or a 403 for what the user may not see or do.
- ``tables``: the club and league tables, sorted for the page.
- ``scoreboard``: a game's scoreboard as the game page and the hand form show it.
- ``ruling``: an adjudicator's ruling as its page shows it.
- ``charts``: the geometry of the inline SVG line charts.
- ``words``: how cards, passes, moons and rulesets read to players.
- ``params``: reading a request's form data and query string defensively.
- ``audit``: a game's history in words; ``refusals``: a scoreboard action's refusal in words.
- ``qr``: a link as an inline SVG QR code; ``throttling``: the pages spend the API's budgets.
"""
