"""Template components: tiles, verdicts, rule badges, the tile picker and the share button."""

import unicodedata
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from kutsite.tiles import FALSE_JOKER, OKEY, Face, picker_rows
from kutsite.verdicts import Verdict
from rules.reasons import format_points, rule_name, rule_numbers

register = template.Library()

# A score or total as the calculator writes it: 1,000 in English, 1.000 in German.
register.filter("points", format_points)

_SOFT_HYPHEN = "\u00ad"


@register.filter
def hyphenable(name: str) -> str:
    """A name a narrow column may break inside a word, with a hyphen, where a syllable may
    start ("Fre-de-ri-ke", "Mus-ta-fa"), rather than anywhere and without one ("Mustaf" /
    "a") or after any letter ("Frieder-ike"): a soft hyphen before a consonant that a vowel
    follows, none in a word's first three letters or last two, none inside "ch", "ck", "ph",
    "sh" or "th". Only between letters that stand on their own, so no accent or emoji is
    split from what it belongs to. A word with no such place still breaks where it must
    (`overflow-wrap` in games.css)."""

    def word(text: str) -> str:
        if len(text) <= 5:
            return text
        out = [text[:3]]
        for i in range(3, len(text) - 1):
            before, letter, after = text[i - 1], text[i], text[i + 1]
            starts = (
                before.isalpha()
                and letter.isalpha()
                and not _is_vowel(letter)
                and _is_vowel(after)
                and (before + letter).lower() not in _DIGRAPHS
            )
            out.append(_SOFT_HYPHEN + letter if starts else letter)
        out.append(text[-1])
        return "".join(out)

    return " ".join(word(part) for part in str(name).split(" "))


_DIGRAPHS = frozenset({"ch", "ck", "ph", "sh", "th"})


def _is_vowel(letter: str) -> bool:
    """A vowel, with or without its accent or umlaut (Turkish dotless ı too)."""
    return unicodedata.normalize("NFD", letter)[:1].lower() in "aeiouyıæøå"


@register.simple_tag
def tile(face: Face, small: bool = False) -> SafeString:
    """Draw one tile: `{% tile face %}`."""
    return _drawn_tile(face, small, get_language())


# A tile looks the same wherever it is drawn: components/tile.html is rendered once per face,
# size and language (a few hundred in all) instead of once per tile per page.
@lru_cache(maxsize=1024)
def _drawn_tile(face: Face, small: bool, language: str | None) -> SafeString:
    return render_to_string("components/tile.html", {"face": face, "small": small})


@register.simple_tag
def tiles(faces, label: str = "", small: bool = False) -> SafeString:
    """Draw a row of tiles (a meld, a rack) with an optional accessible name; `small` draws
    the row smaller (its tiles are the ones `{% tile %}` draws)."""
    language = get_language()
    drawn = "".join(_drawn_tile(face, False, language) for face in faces)
    named = format_html(' role="group" aria-label="{}"', label) if label else ""
    size = " tiles--small" if small else ""
    return SafeString(f'<span class="tiles{size}"{named}>{drawn}</span>')


@register.simple_tag
def verdict(v: Verdict, brief: bool = False, headline: bool = True) -> SafeString:
    """Draw an engine verdict with its tiles, headline, reasons, rule badges and ruling link:
    `{% verdict v %}`; `brief` leaves out the reasons (lists that link to the full page);
    `headline=False` leaves out the headline and rule badges of a valid verdict, for a list
    whose every entry is meant to be valid (an invalid one still says so).

    Built here rather than in a template: a page of examples draws dozens, and each live
    check one or more, at a fifth of what an inclusion template costs.
    """
    language = get_language()
    markers = v.markers[:1] if brief else v.markers
    # The marker names and the state are the site's own words; only the values are escaped.
    parts = [
        f'<figure class="verdict verdict--{v.state}"',
        *(f' {name}="{conditional_escape(value)}"' for name, value in markers),
        ">\n",
    ]
    if headline or not v.ok:
        parts.append(_headline(v.label, v.rules, language, get_script_prefix()))
    if v.shape:
        parts.append(f'<p class="verdict__tiles">{_verdict_tiles(v, language)}</p>\n')
    lines = v.situation if brief else v.situation + v.sentences
    if lines:
        text = "".join(f"{conditional_escape(line)} " for line in lines)
        parts.append(f'<p class="verdict__text">{text}</p>\n')
    if not brief:
        if v.arranged:
            parts.append(format_html('<p class="verdict__note" data-arranged>{}</p>\n', v.arranged))
        notes = ((note,) for note in v.notes)
        parts.append(format_html_join("", '<p class="verdict__note">{}</p>\n', notes))
        if v.ruling:
            parts.append(
                format_html(
                    '<p class="checker__ruling">{} <a href="{}">{}</a></p>\n',
                    gettext("Ruling:"),
                    v.ruling.url,
                    v.ruling.question,
                )
            )
    parts.append("</figure>")
    return SafeString("".join(parts))


# A verdict's headline is one of a few dozen (label and rules) in each language.
@lru_cache(maxsize=512)
def _headline(label: str, rules: tuple[str, ...], language: str | None, prefix: str) -> SafeString:
    return format_html(
        '<figcaption class="verdict__head"><span class="verdict__label">{}</span>{}</figcaption>\n',
        label,
        SafeString("".join(f" {_rule_badge(r, language, prefix)}" for r in rules)),
    )


def _part(caption: str, drawn: str) -> SafeString:
    return format_html(
        '<span class="verdict__part"><span class="verdict__caption">{}</span> {}</span>',
        caption,
        drawn,
    )


def _verdict_tiles(v: Verdict, language: str | None) -> SafeString:
    """The tiles of a verdict, laid out by its shape (kutsite.verdicts.Verdict)."""
    melds = SafeString("".join(f"{tiles(meld, small=True)} " for meld in v.melds))
    if v.shape == "meld":
        return melds
    tile = _drawn_tile(v.tile, True, language)
    if v.shape == "buy":
        return _part(gettext("Discarded"), tile)
    if v.shape == "swap":
        played = gettext("Put in")
    elif v.shape == "add":
        played = gettext("Added")
    else:
        played = gettext("Discarded")
    parts = [_part(gettext("On the table"), melds or gettext("nothing"))]
    if v.rack:
        parts.append(_part(gettext("On the rack"), tiles(v.rack, small=True)))
    parts.append(_part(played, tile))
    return SafeString(" ".join(parts))


def rule_anchor(rule: str) -> str:
    """The id of the entry that states a rule in the guide's list of rules."""
    return f"rule-{rule}"


@register.simple_tag(name="rule_numbers")
def rule_numbers_tag() -> dict[str, str]:
    """The rule quantities the prose quotes, from the engine (`rules.reasons.rule_numbers`):
    `{% rule_numbers as numbers %}` … `{{ numbers.not_melded }}`."""
    return rule_numbers()


@register.simple_tag
def rule_badge(rule: str) -> SafeString:
    """A rule ID as a link to where the guide states the rule, named "Rule M2: Runs"."""
    return _rule_badge(rule, get_language(), get_script_prefix())


@lru_cache(maxsize=256)
def _rule_badge(rule: str, language: str | None, prefix: str) -> SafeString:
    url = f"{reverse('rules:guide')}#{rule_anchor(rule)}"
    return format_html(
        '<a class="rule-id" href="{}" aria-label="{}">{}</a>', url, rule_name(rule), rule
    )


@register.simple_tag
def tile_picker(target: str = "", group: str = "") -> SafeString:
    """Tap-to-type buttons for the tile notation input with id `target`.

    `group` lets one picker serve several inputs: each input marked
    `data-picker-input="<group>"` becomes the target when it gets focus.
    """
    return _drawn_picker(target, group, get_language())


# Like a tile, a picker depends only on its arguments and the language: drawn once per process.
@lru_cache(maxsize=64)
def _drawn_picker(target: str, group: str, language: str | None) -> SafeString:
    context = {
        "rows": picker_rows(),  # 13 numbers per colour, drawn by picker.js from one row's data
        "specials": [OKEY, FALSE_JOKER],
        "target": target,
        "group": group,
    }
    return render_to_string("components/tile_picker.html", context)


@register.simple_tag
def share_button(url: str, title: str, text: str = "") -> SafeString:
    """One-tap share of a permalink; a plain link to it without JavaScript.

    The link is written as the page's own path: the script shares `link.href`, which the
    browser has already made absolute, so no page carries its host name N times.
    """
    middle, end = _share_words(conditional_escape(title), get_language())
    return SafeString(
        f'<span class="share"><a class="button button--quiet" href="{conditional_escape(url)}"'
        f"{middle}{conditional_escape(text)}{end}"
    )


# What a share button says around its link and text depends only on its title (escaped) and
# the language, a few dozen in all: put together once, not for every live answer.
@lru_cache(maxsize=256)
def _share_words(title: SafeString, language: str | None) -> tuple[str, str]:
    return (
        format_html(' data-share data-share-title="{}"\ndata-share-text="', title),
        # Named by aria-label, not by a hidden span after the word: Chromium puts a space
        # between the two ("Share : Meld check").
        format_html(
            '" aria-label="{0}: {1}">{0}</a><span class="share__status"'
            '\nrole="status" data-share-status></span></span>',
            gettext("Share"),
            title,
        ),
    )
