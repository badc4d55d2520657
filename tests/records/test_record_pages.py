"""The pages that show a game and a club link to their hand record, which downloads."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from scoring.record import read_text
from tests.records.support import play_game


def download_link(html: str) -> str:
    found = re.search(r'<a href="([^"]+)" download>Download hand record</a>', html)
    assert found, "no Download hand record link"
    return found.group(1)


def test_a_games_page_links_to_its_hand_record(public_club, owner):
    game = play_game(public_club, owner, hands=2, seed=9)
    client = Client()
    page = client.get(reverse("page-game", args=[game.pk]))
    assert page.status_code == 200
    answer = client.get(download_link(page.content.decode()))
    [read] = read_text(b"".join(answer.streaming_content)).games
    assert len(read["hands"]) == 2


def test_a_clubs_page_links_to_the_hand_record_of_all_its_games(public_club, owner):
    for seed in range(2):
        play_game(public_club, owner, hands=1, seed=seed)
    client = Client()
    page = client.get(reverse("page-club", args=[public_club.slug]))
    answer = client.get(download_link(page.content.decode()))
    assert len(read_text(b"".join(answer.streaming_content)).games) == 2
