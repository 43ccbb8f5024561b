"""The guide as a visitor reads it: its first page, then each step's page in order."""

from django.urls import reverse
from django.utils import translation

from rules.guide import steps


def guide_paths(language: str = "en") -> list[str]:
    with translation.override(language):
        return [reverse("rules:guide"), *(reverse("rules:step", args=[s.anchor]) for s in steps())]


def step_path(anchor: str, language: str = "en") -> str:
    with translation.override(language):
        return reverse("rules:step", args=[anchor])


def whole_guide(client, language: str = "en") -> str:
    """Every page of the guide, one after the other."""
    pages = []
    for path in guide_paths(language):
        response = client.get(path)
        assert response.status_code == 200, path
        pages.append(response.content.decode())
    return "\n".join(pages)
