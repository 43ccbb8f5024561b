"""Draw the site's icons from one set of shapes: the header's brand mark, a tile with a red K.

    python manage.py draw_icons

writes `kutsite/static/icons/`: favicon.svg, favicon.png (32×32), touch-icon.png (the
apple-touch-icon, 180×180, on the page colour, as iOS shows no transparency), favicon.ico
(16, 32, 48) and the web app manifest's icon-192.png and icon-512.png (maskable: on the page
colour, the tile inside the central safe circle, so any mask shape keeps the whole K).
The files are committed; run this again only when the drawing changes.
"""

from pathlib import Path

from django.core.management.base import BaseCommand
from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[2] / "static" / "icons"

# The palette of site.css: --tile-face, --tile-edge, --tile-r, --bg.
FACE, EDGE, RED, PAGE = "#fffdf4", "#b9b2a1", "#b3261e", "#fbfaf7"

# On a 64×64 grid: the tile, then the K as three polygons (stem, upper arm, lower arm).
TILE = (10, 3, 54, 61)
RADIUS = 8
STROKE = 2
K = [
    [(19, 14), (28, 14), (28, 50), (19, 50)],
    [(26, 33), (40, 14), (50, 14), (33, 36)],
    [(31, 29), (50, 50), (40, 50), (26, 37)],
]


def svg() -> str:
    x0, y0, x1, y1 = TILE
    polygons = "".join(
        f'<polygon points="{" ".join(f"{x},{y}" for x, y in shape)}"/>' for shape in K
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{RADIUS}" '
        f'fill="{FACE}" stroke="{EDGE}" stroke-width="{STROKE}"/>'
        f'<g fill="{RED}">{polygons}</g></svg>\n'
    )


def png(size: int, background: str | None = None, inset: float = 0.0) -> Image.Image:
    """The icon at `size` px, drawn at 4× and scaled down for smooth edges."""
    big = size * 4
    image = Image.new("RGBA", (big, big), background or (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    scale = big * (1 - 2 * inset) / 64
    offset = big * inset

    def at(x: float, y: float) -> tuple[float, float]:
        return (offset + x * scale, offset + y * scale)

    draw.rounded_rectangle(
        (*at(TILE[0], TILE[1]), *at(TILE[2], TILE[3])),
        radius=RADIUS * scale,
        fill=FACE,
        outline=EDGE,
        width=max(1, round(STROKE * scale)),
    )
    for shape in K:
        draw.polygon([at(x, y) for x, y in shape], fill=RED)
    return image.resize((size, size), Image.Resampling.LANCZOS)


class Command(BaseCommand):
    help = "Draw the favicon, touch icon and app icons into kutsite/static/icons."

    def handle(self, *args, **options):
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / "favicon.svg").write_text(svg())
        png(32).save(OUT / "favicon.png", optimize=True)
        png(180, background=PAGE, inset=0.08).convert("RGB").save(
            OUT / "touch-icon.png", optimize=True
        )
        for size in (192, 512):
            # Maskable: the safe zone is the central circle of 80 % of the width.
            png(size, background=PAGE, inset=0.18).convert("RGB").save(
                OUT / f"icon-{size}.png", optimize=True
            )
        png(48).save(OUT / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])
        self.stdout.write(f"Icons written to {OUT}")
