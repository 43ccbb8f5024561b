"""Templates stay readable: no line over 200 characters (issue 17, item 7)."""

from pathlib import Path

import pytest
from django.template import engines
from django.template.base import TextNode
from django.template.defaulttags import LoadNode
from django.template.loader_tags import BlockNode, ExtendsNode

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 200

# Lines that cannot be broken without changing what the page shows or says. Django tags cannot
# span lines, and a newline inside inline text renders as a space. Keyed by file and the start
# of the line (not its number, which moves).
ALLOWED = {
    # Labels and headings built from an if/elif chain of {% translate %} tags: a newline between
    # the tags would land in the text of the label.
    ("referee/templates/referee/rack.html", "<h3>{% if result.final %}"),
    ("games/templates/games/_table.html", 'aria-label="{% blocktranslate trimmed with number='),
    # Inline sentences joined by one exact space (or none) between conditional parts.
    ("rules/templates/rules/glossary.html", '<p class="glossary__meta">'),
    ("games/templates/games/entry.html", '<p class="field__help">{% if game.team %}'),
    # One cell per player per round on the game sheet: any break in the loop is a byte per cell,
    # and the full sheet has no room left in its page-weight budget (tests/games/test_pages.py).
    ("games/templates/games/_table.html", "{% for cell in row.cells %}<td"),
}


def project_templates():
    return sorted(
        path
        for path in ROOT.rglob("*.html")
        if "templates" in path.relative_to(ROOT).parts
        and not path.relative_to(ROOT).parts[0].startswith(".")
        and path.relative_to(ROOT).parts[0] not in {"staticfiles", "node_modules"}
    )


def long_lines():
    for path in project_templates():
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if len(line) > LIMIT:
                yield name, number, line


def allowed(name, line):
    return any(name == file and line.lstrip().startswith(start) for file, start in ALLOWED)


def test_the_project_has_templates_to_check():
    names = {path.relative_to(ROOT).as_posix() for path in project_templates()}
    assert "templates/base.html" in names
    assert "templates/components/tile.html" in names
    assert not any(name.startswith(".venv") for name in names)


def test_no_template_line_is_over_200_characters():
    offenders = [
        f"{name}:{number} ({len(line)})"
        for name, number, line in long_lines()
        if not allowed(name, line)
    ]
    assert not offenders, "template lines over 200 characters: " + ", ".join(offenders)


@pytest.mark.parametrize(("name", "start"), sorted(ALLOWED))
def test_every_allowed_long_line_is_still_long(name, start):
    """An allow-list entry that no longer matches a long line must go."""
    assert any(n == name and line.lstrip().startswith(start) for n, _, line in long_lines())


def test_no_template_comment_spans_lines():
    """`{# … #}` ends on its own line; one that goes on is printed into the page as text."""
    offenders = [
        f"{path.relative_to(ROOT).as_posix()}:{number}"
        for path in project_templates()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert not offenders, "comments that span lines: " + ", ".join(offenders)


def test_nothing_in_base_html_is_outside_its_document_block():
    """base.html extends the one-block root `document.html` (why: that template's comment).
    Django drops whatever an extending template has outside its blocks, silently."""
    engine = engines["django"].engine
    root = engine.get_template("document.html").nodelist
    assert [node.name for node in root.get_nodes_by_type(BlockNode)] == ["document"]
    (extends,) = engine.get_template("base.html").nodelist.get_nodes_by_type(ExtendsNode)
    outside = [
        node
        for node in extends.nodelist
        if not isinstance(node, BlockNode)
        and not (isinstance(node, TextNode) and not node.s.strip())
        and not isinstance(node, LoadNode)
    ]
    assert not outside, f"dropped from every page: {outside}"
    assert [node.name for node in extends.nodelist if isinstance(node, BlockNode)] == ["document"]


@pytest.mark.parametrize(
    ("inside", "said"),
    [
        # a translation's own words are not escaped by the template engine
        ('{% blocktranslate %}Say "hi" & go <now>{% endblocktranslate %}', "Say &quot;hi&quot;"),
        # a variable is, and is not escaped twice
        ("{{ words }}", "Say &quot;hi&quot; &amp; go &lt;now&gt;"),
        ("Tom &amp; Jerry\n   ok", "Tom &amp; Jerry ok"),
    ],
)
def test_captured_text_is_escaped_once_for_an_attribute(inside, said):
    template = engines["django"].from_string(
        "{% load i18n capture %}{% capture as text %}"
        + inside
        + '{% endcapture %}<meta content="{{ text }}">'
    )
    page = template.render({"words": 'Say "hi" & go <now>'})
    assert page.startswith(f'<meta content="{said}') and page.count('"') == 2, page
