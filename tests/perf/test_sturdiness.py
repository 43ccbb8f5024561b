"""Regressions found by the long fuzzing run (bench/fuzz.py): each was a 500."""

import pytest
from django.test import Client


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/en/rounds/10000000000000000000/", "/de/runden/99999999999999999999999/"]
)
def test_a_number_too_big_for_the_database_is_a_404_not_a_crash(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert b"Traceback" not in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/en/games/view/0/sheet.csv", "/%00/referee/x/card.png", "/en/nope/"]
)
def test_an_unreadable_body_on_an_unknown_page_is_a_400(path):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = client.generic(
        "POST",
        path,
        data=b"tiles=",
        content_type="multipart/form-data",  # no boundary
        headers={"Cookie": "csrftoken=" + "0" * 64},
    )
    assert response.status_code == 400
    assert b"Traceback" not in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "status"),
    # A read-only page refuses the method before anything reads the body (kutsite.http).
    [("/", 405), ("/%00", 400), ("/en/", 405), ("/en/nope/", 400), ("/de/spiele/neu/", 400)],
)
def test_a_form_body_django_cannot_decode_is_a_400(path, status):
    """A Latin-1 form makes Django's own error views fail in turn (they read the POST for their
    CSRF check): without the middleware's guard the exception escaped to the server as a 500."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = client.generic(
        "POST",
        path,
        data=b"\x00",
        content_type="application/x-www-form-urlencoded; charset=latin-1",
        headers={"Cookie": "csrftoken=" + "0" * 64},
    )
    assert response.status_code == status
    assert b"Traceback" not in response.content
