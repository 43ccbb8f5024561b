"""Template components: tiles, the tile picker and the share button."""

from django import template
from django.utils.translation import gettext

from kutsite.tiles import FALSE_JOKER, OKEY, Face, picker_rows

register = template.Library()


@register.inclusion_tag("components/tile.html")
def tile(face: Face, small: bool = False):
    """Draw one tile: `{% tile face %}`."""
    return {"face": face, "small": small}


@register.inclusion_tag("components/tiles.html")
def tiles(faces, label: str = "", small: bool = False):
    """Draw a row of tiles (a meld, a rack) with an optional accessible name."""
    return {"faces": list(faces), "label": label, "small": small}


@register.inclusion_tag("components/tile_picker.html")
def tile_picker(target: str = "", group: str = "", single: bool = False):
    """Tap-to-type buttons for the tile notation input with id `target`.

    `group` lets one picker serve several inputs: each input marked
    `data-picker-input="<group>"` becomes the target when it gets focus.
    """
    return {
        "rows": picker_rows(),
        "specials": [] if single else [OKEY, FALSE_JOKER],
        "target": target,
        "group": group,
    }


@register.inclusion_tag("components/share.html", takes_context=True)
def share_button(context, url: str, title: str, text: str = ""):
    """One-tap share of a permalink; a plain link to it without JavaScript."""
    request = context.get("request")
    absolute = request.build_absolute_uri(url) if request else url
    return {"url": absolute, "title": title, "text": text, "label": gettext("Share")}
