"""Rulings are edited in the admin, both languages side by side, examples inline."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("editor", "editor@example.com", "pw")
    client.force_login(user)
    return client


def test_ruling_list_in_the_admin(admin_client):
    response = admin_client.get("/admin/referee/ruling/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "run-12-13-1" in html and "pile-runs-out" in html


def test_ruling_form_has_both_languages_and_the_examples(admin_client):
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="run-12-13-1")
    response = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    for field in ("question", "short_answer", "app_ruling", "table_rule"):
        assert f'name="{field}_en"' in html and f'name="{field}_de"' in html
    assert 'name="examples-0-tiles"' in html and "r12 r13 r1" in html
