"""A director's page imports a hand record: the file previewed (nothing stored), then the same
record confirmed; a malformed one refused in words with its line and column."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import Game
from tests.records.support import play_game


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def exported(client: Client, club) -> bytes:
    answer = client.get(reverse("club-hand-record", args=[club.pk]))
    return b"".join(answer.streaming_content)


def test_a_director_previews_then_confirms_an_import(public_club, owner, users):
    play_game(public_club, owner, level="plays", hands=2, seed=12)
    record = exported(signed_in(owner), public_club)
    copy = services.create_club(user=users["director"], name="Copy", slug="copy")
    director = signed_in(users["director"])
    url = reverse("page-record-import", args=[copy.slug])
    assert director.get(url).status_code == 200
    upload = SimpleUploadedFile("club.hrec", record, content_type="text/plain")
    preview = director.post(url, {"file": upload})
    assert preview.status_code == 200
    assert "1 game to add" in preview.content.decode()
    assert not Game.objects.filter(club=copy).exists()
    # The preview's form sends the record back, its line breaks as a browser sends them.
    confirmed = director.post(
        url, {"record": record.decode().replace("\n", "\r\n"), "confirm": "on"}
    )
    assert confirmed.status_code == 302
    assert Game.objects.filter(club=copy).count() == 1
    assert exported(director, copy) == record


def test_a_malformed_record_is_refused_with_its_line_and_column(public_club, users):
    director = signed_in(users["director"])
    upload = SimpleUploadedFile("bad.hrec", b'[HeartsRecord "1"]\n[Colour "red"]\n')
    answer = director.post(reverse("page-record-import", args=[public_club.slug]), {"file": upload})
    assert answer.status_code == 400
    assert "Line 2, column 1: unknown tag Colour" in answer.content.decode()


def test_a_scorer_may_not_import(public_club, users):
    page = signed_in(users["scorer"]).get(reverse("page-record-import", args=[public_club.slug]))
    assert page.status_code == 403
