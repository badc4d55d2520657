"""Choosing the language: the browser's Accept-Language by default, the picker on every page
(a cookie, and the account of a signed-in user, set again at each sign-in), and the API's
``detail`` in the language asked for, with the same ``code``."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from hearts_site.http.rendering import kept_value
from scoring.models import AccountLanguage

pytestmark = pytest.mark.django_db
COOKIE = settings.LANGUAGE_COOKIE_NAME


def in_language(language: str, message: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


@pytest.fixture
def ada():
    return get_user_model().objects.create_user("ada", password="a long pass phrase")


@pytest.mark.parametrize("language", ["zh-hans", "de", "fr", "es"])
def test_a_page_speaks_the_browsers_language(client, language):
    words = in_language(language, "Sign in")
    assert words != "Sign in"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    html = page.content.decode()
    assert f'<html lang="{language}"' in html
    assert words in html and ">Sign in<" not in html


def test_without_a_choice_or_a_known_language_the_pages_are_in_english(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert '<html lang="en"' in page.content.decode() and ">Sign in<" in page.content.decode()


def test_the_picker_keeps_the_choice_in_a_cookie_and_goes_back(client):
    answer = client.post("/account/language/", {"language": "fr", "next": "/adjudicate/"})
    assert answer.status_code == 302 and answer["Location"] == "/adjudicate/"
    assert answer.cookies[COOKIE].value == "fr"
    page = client.get("/adjudicate/", HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="fr"' in page.content.decode()  # the choice beats the browser's


def test_the_picker_goes_back_only_to_this_site(client):
    for elsewhere in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        answer = client.post("/account/language/", {"language": "de", "next": elsewhere})
        assert answer["Location"] == "/"


def test_a_language_not_offered_changes_nothing_and_says_so(client):
    answer = client.post("/account/language/", {"language": "xx", "next": "/"}, follow=True)
    assert COOKIE not in client.cookies
    assert "Choose one of the languages offered." in answer.content.decode()


def test_the_picker_is_a_post(client):
    assert client.get("/account/language/?language=de").status_code == 405


def test_a_signed_in_choice_is_kept_on_the_account_and_follows_it_to_another_phone(client, ada):
    client.force_login(ada)
    client.post("/account/language/", {"language": "es", "next": "/"})
    assert AccountLanguage.objects.get(user=ada).language == "es"

    other_phone = Client()
    answer = other_phone.post(
        "/account/login/", {"username": "ada", "password": "a long pass phrase"}
    )
    assert answer.status_code == 302 and answer.cookies[COOKIE].value == "es"
    page = other_phone.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="es"' in page.content.decode()


def test_an_account_without_a_choice_keeps_the_phones_language_at_sign_in(client, ada):
    client.cookies[COOKIE] = "de"
    answer = client.post("/account/login/", {"username": "ada", "password": "a long pass phrase"})
    assert answer.status_code == 302 and COOKIE not in answer.cookies
    assert '<html lang="de"' in client.get("/").content.decode()


@pytest.mark.parametrize("language", ["zh-hans", "de", "fr", "es"])
def test_an_api_refusal_keeps_its_code_and_words_its_detail_in_the_language_asked_for(
    client, language
):
    english = client.get("/api/v1/games/999999999/").json()["errors"][0]
    asked = client.get("/api/v1/games/999999999/", HTTP_ACCEPT_LANGUAGE=language).json()["errors"][
        0
    ]
    assert asked["code"] == english["code"] and asked["attr"] == english["attr"]
    assert asked["detail"] == in_language(language, english["detail"]) != english["detail"]


def test_a_kept_value_is_kept_for_each_language():
    def build():
        return translation.gettext("Sign in")

    with translation.override("de"):
        german = kept_value("test:words", build)
    with translation.override("en"):
        assert kept_value("test:words", build) == "Sign in" != german
