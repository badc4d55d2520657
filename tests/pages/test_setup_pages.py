"""Setting a club up on the pages (test client): a club, a league with its options and
confirmations, players several at once; the club page listing every player and linking the
setup pages and the room view by role; invite links with their QR code, and revoking those
not yet used. Every refusal is in words next to its field, and stores nothing."""

from __future__ import annotations

import re

import pytest
import segno
from django.test import Client

from scoring import services
from scoring.models import Club, Invitation, League, Membership, Player
from scoring.pages.qr import qr_svg
from tests.pages.conftest import unisolated

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def errors_of(response) -> dict[str, list[str]]:
    page = response.content.decode()
    lists = re.findall(r'<ul class="errors" id="([^"]+)">(.*?)</ul>', page, re.S)
    return {where: re.findall(r"<li>(.*?)</li>", items) for where, items in lists}


LEAGUE = {
    "name": "Thursday",
    "preset": "standard",
    "players": "4",
    "target_score": "",
    "pass_schedule": "",
    "moon": "",
    "criterion": "average_place",
    "min_games": "1",
}


# --- A club ---------------------------------------------------------------------------------------


def test_a_signed_in_person_makes_a_club_and_owns_it(people):
    client = signed_in(people["outsider"])
    assert 'href="/clubs/new/"' in client.get("/").content.decode()
    made = client.post("/clubs/new/", {"name": "Riverside Hearts", "slug": "", "is_public": "yes"})
    club = Club.objects.get(name="Riverside Hearts")
    assert made.status_code == 302 and made["Location"] == "/clubs/riverside-hearts/"
    assert club.is_public and club.slug == "riverside-hearts"
    assert Membership.objects.get(club=club, user=people["outsider"]).role == "owner"


def test_one_club_too_many_is_refused_in_words_and_nothing_is_made(people, settings):
    settings.HEARTS_MAX_CLUBS_PER_USER = 1
    client = signed_in(people["outsider"])
    client.post("/clubs/new/", {"name": "First", "slug": "", "is_public": "yes"})
    refused = client.post("/clubs/new/", {"name": "Second", "slug": "", "is_public": "yes"})
    assert refused.status_code == 400
    assert "You own as many clubs as one account may" in refused.content.decode()
    assert not Club.objects.filter(name="Second").exists()


def test_a_private_club_gets_an_address_nobody_can_guess(people):
    signed_in(people["outsider"]).post(
        "/clubs/new/", {"name": "Back Room", "slug": "", "is_public": "no"}
    )
    club = Club.objects.get(name="Back Room")
    assert not club.is_public and re.fullmatch(r"back-room-[a-z0-9]{8}", club.slug)


@pytest.mark.parametrize(
    ("sent", "where", "words"),
    [
        ({"name": "Copy", "slug": "riverside"}, "slug-errors", "/clubs/riverside/"),
        ({"name": "Riverside"}, "slug-errors", "/clubs/riverside/"),  # made from the name
        ({"name": "New", "slug": "new"}, "slug-errors", "choose another"),
        ({"name": "Odd", "slug": "no spaces"}, "slug-errors", "Only letters"),
        ({"name": ""}, "name-errors", "Give the club a name"),
        ({"name": "Odd", "is_public": "maybe"}, "is_public-errors", "Select a valid choice"),
    ],
)
def test_a_refused_club_is_said_in_words_and_nothing_is_made(club, people, sent, where, words):
    before = Club.objects.count()
    response = signed_in(people["outsider"]).post("/clubs/new/", {"is_public": "yes", **sent})
    assert response.status_code == 400
    assert any(words in error for error in errors_of(response)[where]), errors_of(response)
    assert Club.objects.count() == before


def test_making_a_club_needs_a_sign_in(db):
    response = Client().get("/clubs/new/")
    assert response.status_code == 302 and response["Location"].startswith("/account/login/")


# --- A league -------------------------------------------------------------------------------------


def test_a_director_makes_a_league_with_its_options_and_confirmations(club, people):
    sent = {**LEAGUE, "preset": "omnibus", "players": "5", "target_score": "50"}
    sent |= {"moon": "add_to_others", "confirmations": "on", "criterion": "win_rate"}
    made = signed_in(people["owner"]).post(f"/clubs/{club.slug}/leagues/new/", sent)
    league = League.objects.get(name="Thursday")
    assert made.status_code == 302 and made["Location"] == f"/leagues/{league.pk}/"
    assert league.confirmations == 1
    assert league.ranking == {"criterion": "win_rate", "min_games": 1}
    rules = league.ruleset
    assert (rules["preset"], rules["players"], rules["target_score"]) == ("omnibus", 5, 50)
    assert rules["moon"] == "add_to_others" and rules["jack_of_diamonds"] == -10
    assert rules["removed_cards"] == ["2C", "2D"]  # the preset's for five players


def test_a_league_left_to_its_preset_has_the_presets_rules(club, people):
    signed_in(people["owner"]).post(f"/clubs/{club.slug}/leagues/new/", LEAGUE)
    league = League.objects.get(name="Thursday")
    assert league.ruleset == services.rules_of(club.league).options()
    assert league.confirmations == 0


def test_an_option_that_does_not_fit_the_rules_is_refused_next_to_it(club, people):
    sent = {**LEAGUE, "players": "3", "pass_schedule": "left,right,across,hold"}
    response = signed_in(people["owner"]).post(f"/clubs/{club.slug}/leagues/new/", sent)
    assert response.status_code == 400
    assert errors_of(response)["pass_schedule-errors"] == [
        "With 3 players there is no seat across: remove &#x27;across&#x27;."
    ]
    assert not League.objects.filter(name="Thursday").exists()


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("target_score", "\u0661\u0660\u0660", "A whole number from 1 to 100000"),
        ("target_score", "0", "A whole number from 1 to 100000"),
        ("min_games", "-1", "A whole number from 0 to 10000"),
        ("preset", "house", "Select a valid choice"),
        ("name", "", "Name the league"),
    ],
)
def test_a_refused_league_field_is_said_in_words(club, people, field, value, words):
    response = signed_in(people["owner"]).post(
        f"/clubs/{club.slug}/leagues/new/", {**LEAGUE, field: value}
    )
    assert any(words in e for e in errors_of(response)[f"{field}-errors"]), errors_of(response)
    assert League.objects.count() == 1


def test_only_directors_make_leagues(club, private_club, people):
    assert signed_in(people["scorer"]).get(f"/clubs/{club.slug}/leagues/new/").status_code == 403
    hidden = signed_in(people["outsider"]).get(f"/clubs/{private_club.slug}/leagues/new/")
    assert hidden.status_code == 404


# --- Players --------------------------------------------------------------------------------------


def test_a_scorer_adds_several_players_at_once_and_the_club_page_lists_them(club, people):
    client = signed_in(people["scorer"])
    added = client.post(f"/clubs/{club.slug}/players/new/", {"names": "Gus\n\n  Hana  Ito \nIvy"})
    assert added.status_code == 302 and added["Location"] == f"/clubs/{club.slug}/#players"
    page = unisolated(client.get(added["Location"]).content.decode())
    assert "3 players added: Gus, Hana Ito, Ivy." in page
    for player in Player.objects.filter(club=club):  # none of them has a game
        assert f'<a href="/players/{player.pk}/">{player.name}</a>' in page


@pytest.mark.parametrize(
    ("language", "names", "said"),
    [
        ("fr", "Gus", "1 joueur ajouté : Gus."),
        ("fr", "Gus\nIvy", "2 joueurs ajoutés : Gus, Ivy."),
        ("de", "Gus\nIvy", "2 Spieler hinzugefügt: Gus, Ivy."),
    ],
)
def test_the_players_added_are_said_in_the_pages_language(club, people, language, names, said):
    client = signed_in(people["scorer"])
    client.cookies["django_language"] = language
    added = client.post(f"/clubs/{club.slug}/players/new/", {"names": names}, follow=True)
    assert said in unisolated(added.content.decode())


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ("Gus\nAda", "Ada is a player here already."),
        ("Gus\ngus", "gus is in the list twice."),
        ("\n \n", "Give at least one name."),
        ("x" * 101, "longer than 100 characters"),
    ],
)
def test_a_refused_list_of_players_adds_none(club, people, names, words):
    before = Player.objects.count()
    response = signed_in(people["owner"]).post(f"/clubs/{club.slug}/players/new/", {"names": names})
    assert response.status_code == 400
    assert any(words in e for e in errors_of(response)["names-errors"]), errors_of(response)
    assert Player.objects.count() == before


def test_members_do_not_add_players(club, people):
    assert signed_in(people["member"]).get(f"/clubs/{club.slug}/players/new/").status_code == 403


# --- The club page --------------------------------------------------------------------------------


def test_the_club_page_links_what_each_role_may_set_up(club, people):
    links = {
        "room": f'href="/clubs/{club.slug}/room/"',
        "league": f'href="/clubs/{club.slug}/leagues/new/"',
        "players": f'href="/clubs/{club.slug}/players/new/"',
        "invite": f'href="/clubs/{club.slug}/invite/"',
    }
    expected = {
        "owner": {"room", "league", "players", "invite"},
        "scorer": {"players"},
        "member": set(),
    }
    for role, shown in expected.items():
        page = signed_in(people[role]).get(f"/clubs/{club.slug}/").content.decode()
        assert {name for name, link in links.items() if link in page} == shown, role


# --- Invite links ---------------------------------------------------------------------------------


def link_in(response) -> str:
    return re.search(r"data-invitation-link>([^<]+)<", response.content.decode()).group(1)


def test_an_invite_link_comes_with_copy_share_and_its_qr_code(club, people):
    made = signed_in(people["owner"]).post(f"/clubs/{club.slug}/invite/", {"role": "member"})
    page, link = made.content.decode(), link_in(made)
    assert qr_svg(link, "Invitation to Riverside as member") in page
    assert segno.make(link, error="m").svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr",
        title="Invitation to Riverside as member",
    ) in page  # fmt: skip
    assert f'data-copy-link="{link}" hidden' in page and "data-share-link" in page
    assert "/static/js/share.js" in page and "<script>" not in page


def test_a_player_invite_link_comes_with_its_qr_code(club, people):
    ada = club.seated[0]
    made = signed_in(people["owner"]).post(f"/players/{ada.pk}/invite/")
    link = link_in(made)
    assert qr_svg(link, "Invitation to be Ada at Riverside") in made.content.decode()


def test_an_owner_revokes_an_invitation_waiting_and_its_link_opens_nothing(club, people):
    _, token = services.create_invitation(club=club, role="scorer", actor=people["owner"])
    invitation = Invitation.objects.get()
    owner = signed_in(people["owner"])
    page = owner.get(f"/clubs/{club.slug}/invite/").content.decode()
    revoke = f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/"
    assert f'action="{revoke}"' in page and "As scorer" in page
    done = owner.post(revoke, follow=True)
    assert "The invitation as scorer is revoked" in done.content.decode()
    assert "No invitation is waiting." in done.content.decode()
    assert Client().get(f"/invitations/{token}/").status_code == 404


def test_an_accepted_invitation_stays_and_another_clubs_is_not_found(club, private_club, people):
    _, token = services.create_invitation(club=club, role="member", actor=people["owner"])
    services.accept_invitation(token=token, user=people["outsider"])
    used = Invitation.objects.get()
    theirs, _ = services.create_invitation(club=private_club, role="member", actor=people["owner"])
    owner = signed_in(people["owner"])
    kept = owner.post(f"/clubs/{club.slug}/invitations/{used.pk}/revoke/", follow=True)
    assert "accepted meanwhile" in kept.content.decode()
    assert owner.post(f"/clubs/{club.slug}/invitations/{theirs.pk}/revoke/").status_code == 404
    assert signed_in(people["scorer"]).post(
        f"/clubs/{club.slug}/invitations/{used.pk}/revoke/"
    ).status_code == 403  # fmt: skip
    assert not Invitation.objects.exclude(revoked_at=None).exists()
