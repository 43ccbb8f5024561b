"""The tile component, the tile picker and the share button."""

import re

from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation

from kutsite.tiles import FALSE_JOKER, OKEY, numbered


def render(source, language="en", **context):
    with translation.override(language):
        return Template("{% load components %}" + source).render(Context(context))


def test_numbered_tile_has_number_colour_letter_and_spoken_name():
    html = render("{% tile face %}", face=numbered("r", 7))
    assert 'class="tile tile--r"' in html
    assert 'aria-label="red 7"' in html
    assert 'role="img"' in html
    assert ">7<" in html and ">R<" in html


def test_okey_and_false_joker_are_told_apart():
    okey = render("{% tile face %}", face=OKEY)
    joker = render("{% tile face %}", face=FALSE_JOKER)
    assert "tile--okey" in okey and 'aria-label="Okey"' in okey
    assert "tile--fj" in joker and 'aria-label="false joker"' in joker


def test_tiles_row_in_german():
    html = render(
        "{% tiles faces 'Beispiel' %}", "de", faces=[numbered("k", 12), numbered("y", 13)]
    )
    assert 'aria-label="schwarze 12"' in html and ">S<" in html
    assert 'aria-label="gelbe 13"' in html and ">G<" in html
    assert 'role="group" aria-label="Beispiel"' in html


def test_tile_picker_offers_every_face_and_is_hidden_without_javascript():
    html = render("{% tile_picker target='id_tiles' %}")
    # the four colour rows travel as data (picker.js draws tiles 1–13 of each: Chromium
    # counts all 54 in tests/browser/test_phone.py); Okey and false joker as buttons
    rows = re.findall(r'<div class="tile-picker__row" data-picker-colour="(\w)"[^>]*></div>', html)
    assert rows == ["r", "k", "b", "y"]
    assert html.count("data-picker-token=") == 2
    assert 'data-picker-token="ok"' in html and 'data-picker-token="fj"' in html
    assert 'data-target="id_tiles"' in html
    assert " hidden>" in html


def test_picker_tiles_are_named_by_what_they_show_then_the_colour():
    """WCAG 2.5.3 Label in Name: no aria-label that drops the visible "1 R"."""
    html = render("{% tile_picker target='id_tiles' %}")
    assert "aria-label" not in html.split("<button", 1)[1]
    assert 'data-picker-letter="R" data-picker-label="red #"' in html
    german = render("{% tile_picker target='id_tiles' %}", "de")
    assert 'data-picker-letter="S" data-picker-label="schwarze #"' in german
    # one tab stop: every button starts out of the tab order, site.js gives one tabindex 0
    assert html.count('tabindex="-1"') == html.count("<button")


def test_share_button_is_a_plain_link_to_the_permalink():
    request = RequestFactory().get("/en/")
    html = render(
        "{% share_button url title text %}",
        request=request,
        url="/en/referee/x/",
        title="Is 12-13-1 a run?",
        text="Yes.",
    )
    assert 'href="/en/referee/x/"' in html
    assert "data-share data-share-title=" in html
    assert 'role="status"' in html  # a live region: role=status is aria-live=polite


def test_engine_tiles_become_faces():
    from kutsite.tiles import face_of, faces_of
    from rules.engine.tiles import FALSE_JOKER as ENGINE_FJ
    from rules.engine.tiles import OKEY as ENGINE_OKEY
    from rules.engine.tiles import tile

    indicator = tile("b", 8)
    with translation.override("en"):
        assert [f.label for f in faces_of([tile("r", 12), ENGINE_FJ], indicator)] == [
            "red 12",
            "false joker (blue 9)",
        ]
        # With indicator blue 8 the blue 9 *is* an Okey (T3), typed as b9 or as ok.
        assert face_of(tile("b", 9), indicator).kind == "okey"
        assert face_of(ENGINE_OKEY, indicator, stands_for=tile("r", 13)).label == (
            "Okey (as red 13)"
        )
        assert face_of(tile("b", 9)).kind == "number"
