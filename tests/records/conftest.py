"""The scoring tests' cast (named users, a public and a private club, API clients)."""

from tests.scoring.conftest import (  # noqa: F401 - fixtures
    _fast_test_setup,
    anonymous,
    client_for,
    director,
    director_api,
    member,
    new_game,
    outsider,
    owner,
    private_club,
    public_club,
    scorer,
    users,
)
from tests.scoring.night_support import confirmed_league, night_of  # noqa: F401 - fixtures
