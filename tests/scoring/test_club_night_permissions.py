"""Who may do what on the club night's endpoints: roles × each write and read, on a public and a
private club, as tests/scoring/test_permissions.py does for the rest. A private club is a 404
to those outside it; a refused write leaves the database as it was."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import PlayerClaim

from .conftest import ROLES, build_club, make_user
from .support import API, snapshot

DIRECTORS = {"owner", "director"}


@pytest.fixture(params=["public", "private"])
def night(request, users):
    public = request.param == "public"
    club = build_club(users, name="c", slug=f"{request.param}-c", is_public=public)
    claimant = make_user("claimant")
    claim = services.claim_player(player=club.seated[5], user=claimant)
    return {"club": club, "claim": claim, "public": public}


def endpoints(n) -> dict:
    club, claim, player = n["club"], n["claim"], n["club"].seated[4]
    return {
        "room": ("get", f"{API}/clubs/{club.pk}/room/", None, DIRECTORS),
        "claims": ("get", f"{API}/clubs/{club.pk}/claims/", None, DIRECTORS),
        "decide a claim": (
            "post",
            f"{API}/clubs/{club.pk}/claims/{claim.pk}/decision/",
            {"decision": "refuse"},
            DIRECTORS,
        ),
        "invite a player": ("post", f"{API}/players/{player.pk}/invitation/", {}, DIRECTORS),
        "set a PIN": ("put", f"{API}/players/{player.pk}/pin/", {"pin": "258025"}, DIRECTORS),
    }


CASES = ["room", "claims", "decide a claim", "invite a player", "set a PIN"]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", CASES)
def test_only_directors_see_the_room_and_decide_claims_invitations_and_pins(
    case, role, night, users, client_for
):
    method, url, body, allowed = endpoints(night)[case]
    before = snapshot()
    pending = PlayerClaim.objects.filter(status="pending").count()
    response = getattr(client_for(users[role]), method)(url, body, format="json")
    if role in allowed:
        assert response.status_code in (200, 201, 204), response.content
        return
    hidden = not night["public"] and role in ("outsider", "anonymous")
    expected = {401, 403} if role == "anonymous" and not hidden else {403}
    if hidden:
        expected = {401, 403, 404} if role == "anonymous" else {404}
    assert response.status_code in expected, (response.status_code, response.content)
    assert snapshot() == before
    assert PlayerClaim.objects.filter(status="pending").count() == pending


@pytest.mark.parametrize("role", ROLES)
def test_anyone_signed_in_who_may_read_the_club_may_claim_a_player(role, night, users, client_for):
    player = night["club"].seated[3]
    response = client_for(users[role]).post(f"{API}/players/{player.pk}/claim/", {}, format="json")
    if role == "anonymous":
        assert response.status_code in (401, 403)
    elif role == "outsider" and not night["public"]:
        assert response.status_code == 404
    else:
        assert response.status_code == 201, response.content
        assert PlayerClaim.objects.filter(player=player, user=users[role]).exists()
