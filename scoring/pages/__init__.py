"""The phone pages: server-rendered HTML that reads without JavaScript.

Each view parses a form or the query string, calls a service (writes) or a selector / the
standings (reads), and renders. The scoring, the game end and every check of an entry stay in
scoring.services and the engine; refusals come back as ``HeartsError`` / ``DomainError`` and are
shown next to the field they name.

- ``urls``: the page routes, included by ``hearts_site.urls`` after the API.
- ``views/``: ``browse`` (clubs, leagues, players, a game's scoreboard), ``scoresheet`` (start a
  game, enter and correct hands), ``adjudicate`` (rule on a hand), ``account`` (sign-in,
  device tokens).
- ``forms/``: the same subjects' forms; ``forms/errors`` puts a service's refusal next to the
  field it names.
- ``access``: who may read a game and who may score.
- ``charts``: the geometry of the inline SVG line charts.
- ``words``: how cards, passes, moons and rulesets read to players.
"""
