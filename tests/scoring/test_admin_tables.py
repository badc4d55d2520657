"""The records the admin shows as they are (scoring/admin.py's ``PLAIN``): each lists its
columns, and no form shows a key's hash."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.admin import PLAIN

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", list(PLAIN), ids=lambda model: model.__name__)
def test_each_plain_record_lists_its_columns_and_its_form_hides_key_hashes(client, model):
    staff = get_user_model().objects.create_superuser("root", password="a long admin password")
    client.force_login(staff)
    name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    assert client.get(reverse(f"{name}_changelist")).status_code == 200
    shown = admin.site._registry[model]
    assert type(shown).__name__ == f"{model.__name__}Admin"
    assert {option: getattr(shown, option) for option in PLAIN[model]} == PLAIN[model]
    form = client.get(reverse(f"{name}_add"))
    assert form.status_code == 200
    assert 'name="key_hash"' not in form.content.decode()
