"""The phone pages: server-rendered HTML that reads without JavaScript.

Each view parses a form or the query string, calls a service (writes) or a selector / the
standings (reads), and renders. The scoring, the game end and every check of an entry stay in
scoring.services and the engine; refusals come back as ``HeartsError`` / ``DomainError`` and are
shown next to the field they name.

- ``urls``: the page routes, included by ``hearts_site.urls`` after the API.
- ``views/``: ``browse`` (clubs, a club, a league's table, a player, a game's scoreboard),
  ``scoresheet`` (start a game, enter and correct hands), ``adjudicate`` (rule on a hand),
  ``account`` (sign-in, device tokens).
- ``forms/``: the same subjects' forms; ``forms/errors`` puts a refusal next to its field.
- ``access``: who may read what and who may score; ``queries``: rows the selectors lack.
  Both decide things and belong with ``scoring.selectors`` when it offers them.
- ``tables``: the club and league tables, fetched and sorted for the page.
- ``scoreboard``: a game's scoreboard as the game page and the hand form show it.
- ``ruling``: an adjudicator's ruling as its page shows it.
- ``charts``: the geometry of the inline SVG line charts.
- ``words``: how cards, passes, moons and rulesets read to players.
- ``params``: reading a request's form data and query string defensively.
"""
