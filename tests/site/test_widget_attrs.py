"""The project's widget attribute templates write exactly what Django's own would.

templates/django/forms/…/attrs.html replace Django's per-attribute loop with one filter
(kutsite/templatetags/html_attrs.py) because widgets were most of the cost of a checker page
with new values; the HTML must not change.
"""

from pathlib import Path

import django.forms
import pytest
from django import forms
from django.template import Context, Engine
from django.template.loader import render_to_string
from django.utils.functional import lazy
from django.utils.safestring import mark_safe

from referee.forms import DiscardCheckForm, MeldCheckForm

DJANGO_FORMS = Path(django.forms.__file__).parent / "templates"

ATTRS = [
    {},
    {"id": "id_tiles", "required": True, "disabled": False},
    {"value": "a \"quoted\" <b> & 'single'"},
    {"data-note": mark_safe("<i>kept</i>")},
    {"placeholder": lazy(str, str)("Tiles"), "maxlength": 200, "step": None},
    {"aria-describedby": "a b", "autofocus": True, "data-x": 0},
]


def djangos_own(name: str, context: dict) -> str:
    engine = Engine(dirs=[str(DJANGO_FORMS)])
    return engine.get_template(name).render(Context(context))


@pytest.mark.parametrize("attrs", ATTRS)
def test_widget_attributes_match_djangos_template(attrs):
    ours = render_to_string("django/forms/widgets/attrs.html", {"widget": {"attrs": attrs}})
    assert ours == djangos_own("django/forms/widgets/attrs.html", {"widget": {"attrs": attrs}})


@pytest.mark.parametrize("attrs", ATTRS)
def test_label_attributes_match_djangos_template(attrs):
    ours = render_to_string("django/forms/attrs.html", {"attrs": attrs})
    assert ours == djangos_own("django/forms/attrs.html", {"attrs": attrs})


MELD = {"tiles": 'r1 "r2" <r3>', "indicator": "b8", "round": "3"}
DISCARD = {"table": "r1 r2 r3", "tile": "&b8", "indicator": "", "pile": "x", "final": "1"}


@pytest.mark.django_db  # the meld checker's round choices are the content's rounds
@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: MeldCheckForm(MELD, **kw),
        lambda **kw: DiscardCheckForm(DISCARD, **kw),
        lambda **kw: DiscardCheckForm(None, **kw),
    ],
)
def test_whole_fields_match_djangos_own_renderer(make):
    ours, theirs = make(), make(renderer=forms.renderers.DjangoTemplates())
    ours.is_valid(), theirs.is_valid()
    for name in ours.fields:
        assert str(ours[name]) == str(theirs[name])
        assert ours[name].label_tag() == theirs[name].label_tag()
