"""Share cards: an answer as a 1200×630 PNG (Open Graph image), drawn with Pillow.

A ruling's or a checker's card shows the question, the short answer and the first example as
tiles with the engine's verdict, in the page's language; under the tiles, what the played tile
was ("Discarded", or an arrow for a tile put into the meld) and when it was played, as the page
says it, so that a card read alone in a chat makes sense. The calculator's card shows a round's
scores as a table, the lowest marked in words as on the page. The text is set in DejaVu Sans,
shipped in `kutsite/fonts/` with its licence (Pillow's default font has no ü, ş, ğ, ı, İ).

Caching: `CardSpec` is everything a card shows; its digest (plus `CARD_VERSION`, bumped when
the drawing code changes) is the ETag and the cache key. A ruling's card is drawn once per
digest and the PNG kept in Django's default cache without expiry — an edit in the admin changes
the text, so the digest, so the next request draws a new card; old cards simply age out of the
cache. An answer's card (`answer_card_response`) is drawn for its query and kept only as a public
page is: each answer has a query of its own, and storing them would push out the rulings' cards.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from PIL import Image, ImageDraw, ImageFont

from kutsite.tiles import Face

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
WIDTH, HEIGHT = 1200, 630
CARD_VERSION = "5"
CACHE_PREFIX = "card:"

BACKGROUND = "#fbfaf7"
TEXT = "#1d1c1a"
MUTED = "#55524c"
ACCENT = "#0b5c4b"
OK = "#116b2e"
BAD = "#a4161a"
TILE_FACE = "#fffdf4"
TILE_EDGE = "#b9b2a1"
TILE_COLOURS = {
    "r": ("#b3261e", TILE_FACE),
    "k": ("#1c1b1f", TILE_FACE),
    "b": ("#0b4fc0", TILE_FACE),
    "y": ("#7d5300", TILE_FACE),
    "okey": ("#7a3e00", "#fff3c4"),
    "fj": ("#3730a3", "#eef0ff"),
}
MARGIN = 80


@dataclass(frozen=True)
class CardTile:
    css: str  # r, k, b, y, okey, fj
    symbol: str  # "7", "★", "J"
    letter: str  # colour letter in the page's language

    @classmethod
    def of(cls, face: Face) -> CardTile:
        return cls(face.css, face.symbol, face.letter)


@dataclass(frozen=True)
class CardExample:
    melds: tuple[tuple[CardTile, ...], ...] = ()
    tile: CardTile | None = None  # the tile added, swapped in or discarded
    verdict: str = ""
    ok: bool = True
    played: str = ""  # the tile's caption under it ("Discarded"); empty: an arrow into the melds
    situation: str = ""  # the line under the example ("You melded on an earlier turn.")


@dataclass(frozen=True)
class CardScore:
    name: str  # a player, or a team's two players
    score: str  # as the page writes it ("1,250" / "1.250")
    note: str = ""  # "lowest", drawn beside the score, in the page's language


@dataclass(frozen=True)
class CardSpec:
    """Everything a card shows; two equal specs draw the same PNG."""

    language: str
    brand: str
    question: str
    answer: str
    examples: tuple[CardExample, ...] = ()
    scores: tuple[CardScore, ...] = ()  # the calculator's table, in place of the answer

    @property
    def digest(self) -> str:
        data = json.dumps([CARD_VERSION, asdict(self)], ensure_ascii=False, sort_keys=True)
        return hashlib.blake2b(data.encode(), digest_size=16).hexdigest()

    @property
    def etag(self) -> str:
        return f'"{self.digest}"'


@cache
def font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy word wrap to `width` pixels; a word wider than a line is broken where it fills
    one (an editor may type one, and nothing may run off the card)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if face.getlength(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while face.getlength(word) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and face.getlength(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def fit(
    text: str, bold: bool, sizes: tuple[int, ...], width: int, max_lines: int
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest size at which `text` fits in `max_lines`; else the smallest, cut with …
    after the last whole word that leaves room for it (a single word: where it fills the line)."""
    for size in sizes:
        face = font(bold, size)
        lines = wrap(text, face, width)
        if len(lines) <= max_lines:
            return face, lines
    lines = lines[:max_lines]
    last = lines[-1]
    while last and face.getlength(last + "…") > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    lines[-1] = last.rstrip(" ,;:–-") + "…"
    return face, lines


def _draw_tile(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, tile: CardTile) -> None:
    ink, face_colour = TILE_COLOURS.get(tile.css, TILE_COLOURS["k"])
    radius = max(6, w // 7)
    draw.rounded_rectangle((x, y + 4, x + w, y + h + 4), radius, fill=TILE_EDGE)
    draw.rounded_rectangle(
        (x, y, x + w, y + h), radius, fill=face_colour, outline=TILE_EDGE, width=2
    )
    number = font(True, int(h * 0.42))
    draw.text((x + w / 2, y + h * 0.42), tile.symbol, font=number, fill=ink, anchor="mm")
    letter = font(True, max(12, int(h * 0.18)))
    draw.text((x + w / 2, y + h * 0.8), tile.letter, font=letter, fill=ink, anchor="mm")


TILE_W, TILE_GAP, PART_GAP, EXAMPLE_GAP = 80, 8, 36, 72


CAPTION_SIZE = 24


def _example_width(example: CardExample, w: int) -> int:
    count = sum(len(m) for m in example.melds) + (1 if example.tile else 0)
    parts = max(0, len(example.melds) - 1) + (1 if example.tile and example.melds else 0)
    return count * (w + TILE_GAP) - TILE_GAP + parts * PART_GAP


def _text_width(example: CardExample) -> float:
    """How wide the example's words run: its verdict above the tiles, its situation below."""
    label = font(True, 34).getlength(f"✓ {example.verdict}")
    return max(label, font(False, CAPTION_SIZE).getlength(example.situation))


def _draw_example(draw: ImageDraw.ImageDraw, example: CardExample, x: int, w: int) -> None:
    h = int(w * 1.38)
    top = 462
    start = x
    if example.verdict:
        mark = "✓" if example.ok else "✗"
        colour = OK if example.ok else BAD
        face, lines = fit(f"{mark} {example.verdict}", True, (34, 30, 26), WIDTH - MARGIN - x, 1)
        draw.text((x, 410), lines[0], font=face, fill=colour)
    for index, meld in enumerate(example.melds):
        if index:
            x += PART_GAP
        for tile in meld:
            _draw_tile(draw, x, top, w, h, tile)
            x += w + TILE_GAP
    below = top + h + 12
    if example.tile:
        if example.melds:
            # an arrow for a tile that goes into the meld; a discard only lies beside it
            if not example.played:
                arrow = font(True, 40)
                draw.text(
                    (x + PART_GAP / 2 - 4, top + h / 2), "→", font=arrow, fill=MUTED, anchor="mm"
                )
            x += PART_GAP
        _draw_tile(draw, x, top, w, h, example.tile)
        if example.played and not example.situation:
            caption = font(False, CAPTION_SIZE)
            draw.text((x + w / 2, below), example.played, font=caption, fill=MUTED, anchor="mt")
    if example.situation:
        face, lines = fit(example.situation, False, (CAPTION_SIZE, 20), WIDTH - MARGIN - start, 1)
        draw.text((start, below), lines[0], font=face, fill=MUTED)


def _draw_examples(draw: ImageDraw.ImageDraw, examples: tuple[CardExample, ...]) -> None:
    """As many examples side by side as fit; the first one shrinks to fit if it must."""
    available = WIDTH - 2 * MARGIN
    x = MARGIN
    for index, example in enumerate(examples):
        w = TILE_W
        width = _example_width(example, w)
        label = _text_width(example)
        if index == 0:
            while width > available and w > 40:
                w -= 4
                width = _example_width(example, w)
        elif x + max(width, label) > MARGIN + available:
            break
        _draw_example(draw, example, x, w)
        x += int(max(width, label)) + EXAMPLE_GAP


def _draw_scores(draw: ImageDraw.ImageDraw, spec: CardSpec) -> None:
    """The question on one line, then one row per score: the name on the left, the score on
    the right, a lowest score in bold and green with its note in words."""
    width = WIDTH - 2 * MARGIN
    q_font, q_lines = fit(spec.question, True, (60, 54, 48), width, 1)
    draw.text((MARGIN, 104), q_lines[0], font=q_font, fill=TEXT)
    top = 104 + int(q_font.size * 1.2) + 28
    step = min(84, (HEIGHT - 40 - top) // max(1, len(spec.scores)))
    size = min(48, int(step * 0.6))
    right = WIDTH - MARGIN
    score_font, note_font = font(True, size), font(False, int(size * 0.7))
    for index, row in enumerate(spec.scores):
        baseline = top + index * step + size
        best = bool(row.note)
        ink = OK if best else TEXT
        draw.text((right, baseline), row.score, font=score_font, fill=ink, anchor="rs")
        room = width - score_font.getlength(row.score) - 32
        if best:
            note = f"{row.note} "
            at = right - score_font.getlength(row.score)
            draw.text((at, baseline), note, font=note_font, fill=OK, anchor="rs")
            room -= note_font.getlength(note)
        name_font, name_lines = fit(row.name, best, (size, int(size * 0.8)), int(room), 1)
        draw.text((MARGIN, baseline), name_lines[0], font=name_font, fill=ink, anchor="ls")
        line = baseline + int(step * 0.3)
        draw.line((MARGIN, line, right, line), fill=TILE_EDGE, width=1)


def render_card(spec: CardSpec) -> bytes:
    """Draw the card and return the PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 24, HEIGHT), fill=ACCENT)
    width = WIDTH - 2 * MARGIN

    draw.text((MARGIN, 44), spec.brand, font=font(True, 30), fill=ACCENT)
    if spec.scores:
        _draw_scores(draw, spec)
        return _png(image)
    has_tiles = bool(spec.examples)
    q_font, q_lines = fit(spec.question, True, (60, 54, 48, 42), width, 2 if has_tiles else 3)
    a_sizes = (44, 40, 36) if has_tiles else (52, 48, 44, 40, 36)
    a_font, a_lines = fit(spec.answer, False, a_sizes, width, 2 if has_tiles else 4)
    q_step, a_step = int(q_font.size * 1.2), int(a_font.size * 1.25)
    y = 104
    if not has_tiles:  # the question and answer alone: in the middle of the space below the brand
        y += max(0, (HEIGHT - y - len(q_lines) * q_step - 14 - len(a_lines) * a_step) // 2 - 20)
    for line in q_lines:
        draw.text((MARGIN, y), line, font=q_font, fill=TEXT)
        y += q_step
    y += 14
    for line in a_lines:
        draw.text((MARGIN, y), line, font=a_font, fill=TEXT)
        y += a_step

    if has_tiles:
        _draw_examples(draw, spec.examples)

    return _png(image)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # Not `optimize`: that tries every filter at the strongest level, three times the drawing's
    # time for 5 % fewer bytes, which a meld check's card, drawn per answer, cannot spare.
    image.save(out, "PNG")
    return out.getvalue()


def card_png(spec: CardSpec) -> bytes:
    """The card's PNG: from the cache, or drawn now and cached under its digest."""
    return caches["default"].get_or_set(CACHE_PREFIX + spec.digest, lambda: render_card(spec), None)


def answer_links(request: HttpRequest, query: str) -> dict[str, str]:
    """What a page with an answer names in its preview (base.html): the answer's own link
    (`og:url`, the one its share button sends, not the visited address with whatever a chat
    app added to it) and its card, at the page's path + "card.png" with the same query."""
    return {
        "answer_url": request.build_absolute_uri(f"{request.path}?{query}"),
        "card_url": request.build_absolute_uri(f"{request.path}card.png?{query}"),
    }


def answer_card_response(spec: CardSpec) -> HttpResponse:
    """An answer's card, drawn now: not kept in the store of the rulings' cards (the page cache
    and a proxy keep it as they keep a public page)."""
    response = HttpResponse(render_card(spec), content_type="image/png")
    response["ETag"] = spec.etag
    return response
