"""The installable app's server side: the service worker at the root, the manifest and its
icons, the CSP that lets them load, the hooks the offline and live scripts read on the game
page and the hand form, and the cheap 304 a watching phone gets every few seconds."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from scoring import services
from scoring.pages.views.offline import OFFLINE_ASSETS

STATIC = Path(__file__).resolve().parents[2] / "static"

pytestmark = pytest.mark.django_db


def signed_in(client, user):
    client.force_login(user)
    return client


def test_it_serves_the_service_worker_at_the_root_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert "/static/js/outbox.js" in body
    assert "/static/css/site.css" in body
    assert 'var CATALOG = "/jsi18n/";' in body  # the scripts' words, kept for offline pages
    assert 'var VERSION = "VERSION"' not in body


def test_it_gives_the_worker_a_new_version_when_a_static_name_changes(client):
    def version() -> str:
        body = client.get("/sw.js").content.decode()
        return body.split('var VERSION = "', 1)[1].split('"', 1)[0]

    first = version()
    assert version() == first
    with override_settings(STATIC_URL="/static-v2/"):
        assert version() != first


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_it_serves_a_manifest_whose_icons_exist_at_their_sizes(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    sizes = set()
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        width, height = png_size(path)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_it_lets_the_worker_and_the_manifest_load_under_the_csp(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert "/static/js/install.js" in page


def test_it_marks_the_game_page_for_the_live_and_offline_scripts(client, game, people):
    signed_in(client, people["scorer"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'data-live-game="{game.pk}"' in page
    assert f'data-scoreboard-url="/api/v1/games/{game.pk}/scoreboard/"' in page
    assert f'data-version="{game.version}"' in page
    assert f'data-keep-offline="/games/{game.pk}/ /games/{game.pk}/enter/"' in page
    assert f'data-outbox data-game="{game.pk}"' in page
    assert page.count("data-live-part=") == 8  # with the hands waiting for confirmation
    assert 'data-next-hand="1"' in page
    assert "data-poll-anonymous" in page  # a public club: the poll sends no cookie


def test_it_keeps_no_hand_form_offline_for_a_reader(client, game, people):
    signed_in(client, people["member"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'data-keep-offline="/games/{game.pk}/"' in page


def test_it_has_a_private_clubs_page_poll_with_the_session(client, private_club, people):
    game = services.create_game(
        club=private_club,
        league=private_club.league,
        players=private_club.seated[:4],
        actor=people["owner"],
    )
    signed_in(client, people["member"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'data-live-game="{game.pk}"' in page
    assert "data-poll-anonymous" not in page


def test_it_gives_the_hand_form_the_seat_names_for_a_kept_hand(client, game, people):
    signed_in(client, people["scorer"])
    page = client.get(f"/games/{game.pk}/enter/").content.decode()
    assert '<script id="seat-names" type="application/json">["Ada", "Ben", "Cleo", "Dev"]' in page
    assert f'data-game="{game.pk}"' in page


@pytest.mark.parametrize("who", ["scorer", None])
def test_it_answers_a_watching_phones_poll_with_a_304_in_few_queries(
    client, game, people, who, django_assert_num_queries
):
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    game.refresh_from_db()
    if who:
        signed_in(client, people[who])
    url = f"/api/v1/games/{game.pk}/scoreboard/"
    # The session and its user (signed in), then the game's version row with its club's
    # visibility: no scoreboard is built and nothing is rendered.
    with django_assert_num_queries(3 if who else 1):
        response = client.get(url, HTTP_IF_NONE_MATCH=f'"{game.version}"')
    assert response.status_code == 304
    assert response.content == b""
    services.enter_hand(
        game_id=game.pk, number=2, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    changed = client.get(url, HTTP_IF_NONE_MATCH=f'"{game.version}"')
    assert changed.status_code == 200
    assert changed["ETag"] == f'"{game.version + 1}"'


def test_it_names_the_hashed_static_files_once_they_are_collected(tmp_path):
    """As `make run` serves it: collectstatic's hashed names in the worker, each one served."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        client = Client()  # a new handler: WhiteNoise reads the collected files
        body = client.get("/sw.js").content.decode()
        assets = json.loads(body.split("var ASSETS = ", 1)[1].split(";\n", 1)[0])
        assert len(assets) == len(OFFLINE_ASSETS)
        assert any(re.fullmatch(r"/static/js/outbox\.[0-9a-f]{12}\.js", a) for a in assets)
        for asset in assets:
            assert client.get(asset).status_code == 200, asset
        manifest = client.get("/manifest.webmanifest").json()
        for icon in manifest["icons"]:
            assert re.fullmatch(r"/static/icons/[\w-]+\.[0-9a-f]{12}\.png", icon["src"])
            assert client.get(icon["src"]).status_code == 200


def test_every_page_says_which_account_it_was_rendered_for(client, game, people):
    anonymous = client.get(f"/games/{game.pk}/")
    assert anonymous["Hearts-Account"] == ""
    assert '<body data-account="">' in anonymous.content.decode()
    page = signed_in(client, people["scorer"]).get(f"/games/{game.pk}/")
    assert page["Hearts-Account"] == str(people["scorer"].pk)
    assert f'<body data-account="{people["scorer"].pk}">' in page.content.decode()
    assert "Hearts-Account" not in client.get("/sw.js")  # not a page
    assert "Hearts-Account" not in client.get(f"/api/v1/games/{game.pk}/scoreboard/")


def test_a_hand_named_for_another_account_is_refused_and_not_stored(client, game, people):
    """The outbox names the account that entered a kept hand: sent with another account's
    session (a shared phone), it is refused, and nothing is stored as that account."""
    from scoring.models import Hand

    owner = signed_in(client, people["owner"])
    url = f"/api/v1/games/{game.pk}/hands/1/"
    body = json.dumps({"points": [13, 5, 4, 4]})
    refused = owner.put(
        url, body, content_type="application/json", HTTP_HEARTS_ACCOUNT=str(people["scorer"].pk)
    )
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["code"] == "account_changed"
    assert not Hand.objects.filter(game=game).exists()
    sent = owner.put(
        url, body, content_type="application/json", HTTP_HEARTS_ACCOUNT=str(people["owner"].pk)
    )
    assert sent.status_code == 201
    assert Hand.objects.get(game=game).entered_by == people["owner"]


def test_the_worker_is_the_same_in_every_language_and_holds_each_languages_page(rf):
    """Its page for a page not kept is there in every language, and its bytes are the same
    whichever language fetched it: a worker whose bytes change is installed again, so a
    phone switching language would install a new one."""
    from django.utils import translation

    from scoring.pages.views.offline import service_worker

    def worker(language: str) -> str:
        with translation.override(language):
            return service_worker(rf.get("/sw.js")).content.decode()

    english, french = worker("en"), worker("fr")
    assert english == french
    pages = json.loads(english.split("var OFFLINE_PAGES = ", 1)[1].split(";\n", 1)[0])
    assert set(pages) == {code for code, _ in settings.LANGUAGES}
    assert '<html lang="fr"' in pages["fr"] and "<h1>No connection</h1>" in pages["en"]
    assert "<h1>No connection</h1>" not in pages["fr"]
