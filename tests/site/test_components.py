"""The tile component, the tile picker and the share button."""

import re

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation
from django.utils.safestring import mark_safe

from kutsite.tiles import FALSE_JOKER, OKEY, numbered, typed_letter
from rules.engine.notation import parse_tile


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
    assert 'data-picker-letter="R"\ndata-picker-typed="r" data-picker-label="red #"' in html
    german = render("{% tile_picker target='id_tiles' %}", "de")
    assert 'data-picker-letter="S"\ndata-picker-typed="s" data-picker-label="schwarze #"' in german
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


def test_share_button_escapes_what_it_is_given_in_each_language():
    """The words around the link are kept per title and language: a title in one language or
    one escaping must not come back for another."""
    hostile = {"url": '/en/x/?a=1&b="2"', "title": "<b>R&D</b>", "text": '"Run" <i>'}
    html = render("{% share_button url title text %}", **hostile)
    assert 'href="/en/x/?a=1&amp;b=&quot;2&quot;"' in html
    assert 'data-share-title="&lt;b&gt;R&amp;D&lt;/b&gt;"' in html
    assert 'data-share-text="&quot;Run&quot; &lt;i&gt;"' in html
    assert ">Share</a>" in html and 'aria-label="Share: &lt;b&gt;R&amp;D&lt;/b&gt;"' in html
    assert "<b>" not in html and "<i>" not in html
    german = render("{% share_button url title text %}", "de", **hostile)
    assert ">Teilen<" in german and german.replace("Teilen", "Share") == html
    # A title already safe (a translated literal in a template) is not escaped twice, even
    # when the same text came before as plain text.
    safe = render("{% share_button url title %}", url="/x/", title=mark_safe("R &amp; D"))
    assert 'data-share-title="R &amp; D"' in safe and 'aria-label="Share: R &amp; D"' in safe
    marked = render("{% share_button url title %}", url="/x/", title=mark_safe(hostile["title"]))
    assert 'data-share-title="<b>R&D</b>"' in marked


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


def test_verdict_component_writes_the_markers_the_pages_read():
    from kutsite.verdicts import Link, Verdict

    meld = Verdict(
        ok=False,
        label="Invalid",
        reason="RUN_WRAPS_PAST_ONE",
        rules=("M2",),
        sentences=("13-1-2 is not a run.",),
        melds=((numbered("r", 13), numbered("r", 1), numbered("r", 2)),),
        ruling=Link("run-12-13-1", "/en/referee/run-12-13-1/", "Is 12-13-1 a run?"),
    )
    html = render("{% verdict v %}", v=meld)
    assert 'class="verdict verdict--invalid" data-verdict="invalid"' in html
    assert 'data-reason="RUN_WRAPS_PAST_ONE" data-rule="M2"' in html
    assert 'aria-label="Rule M2: Runs">M2</a>' in html
    assert "13-1-2 is not a run." in html and 'href="/en/referee/run-12-13-1/"' in html
    assert html.count('data-tile="') == 3
    brief = render("{% verdict v brief=True %}", v=meld)
    assert "13-1-2 is not a run." not in brief and "run-12-13-1" not in brief
    # a list that links to the full page marks only the verdict itself
    assert 'data-verdict="invalid">' in brief and "data-rule" not in brief

    opening = Verdict(
        ok=True, label="Opening", reason="OPENING_OK", rules=("C2",), shape="", marker="opening"
    )
    html = render("{% verdict v %}", "de", v=opening)
    assert 'data-opening="valid" data-opening-reason="OPENING_OK" data-opening-rule="C2"' in html
    assert 'aria-label="Regel C2: ' in html and "data-tile" not in html

    discard = Verdict(
        ok=False,
        label="2 penalty tiles",
        reason="PLAYABLE_DISCARD",
        rules=("X2",),
        shape="discard",
        melds=((numbered("b", 4), numbered("b", 5), numbered("b", 6)),),
        tile=numbered("b", 7),
        penalty=2,
    )
    html = render("{% verdict v %}", v=discard)
    assert 'data-penalty="2"' in html and "Discarded" in html and "On the table" in html


def test_verdict_component_escapes_every_text_it_draws():
    """Labels, sentences, notes and a ruling's question can come from edited content."""
    from kutsite.verdicts import Link, Verdict

    hostile = '<script>x</script>"'
    v = Verdict(
        ok=False,
        label=hostile,
        reason=hostile,
        rules=("M2",),
        sentences=(hostile,),
        situation=(hostile,),
        notes=(hostile,),
        arranged=hostile,
        melds=((numbered("r", 3),),),
        ruling=Link("slug", '/x/"onclick', hostile),
    )
    html = render("{% verdict v %}", v=v)
    assert "<script>" not in html and '"onclick' not in html
    assert html.count("&lt;script&gt;x&lt;/script&gt;&quot;") == 7


@pytest.mark.parametrize(
    ("language", "typed"), [("en", ["r", "k", "b", "y"]), ("de", ["r", "s", "b", "g"])]
)
def test_a_tapped_tile_types_the_letter_it_shows(language, typed):
    """German tiles say S and G: tapping one types s7, not the English k7 seen nowhere on the
    page; the notation reads both."""
    html = render("{% tile_picker target='id_tiles' %}", language)
    assert re.findall(r'data-picker-typed="(\w)"', html) == typed
    for colour, letter in zip(["r", "k", "b", "y"], typed, strict=True):
        assert str(parse_tile(f"{letter}7").colour) == colour


def test_a_letter_the_notation_does_not_read_types_the_engine_letter():
    assert typed_letter("k", "S") == "s"
    assert typed_letter("k", "N") == "k"  # a translation the notation does not know
    assert typed_letter("y", "B") == "y"  # a letter of another colour
