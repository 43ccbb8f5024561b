"""`{% capture as name %}…{% endcapture %}`: render once, use the text several times.

base.html captures the `title` and `description` blocks this way, so a page writes its title
once and the `<title>`, `og:title` and `og:description` all follow it. A block inside the tag
stays overridable: `{% extends %}` finds blocks in every child node list.
"""

import html

from django import template
from django.utils.html import escape

register = template.Library()


class CaptureNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList, name: str):
        self.nodelist = nodelist
        self.name = name

    def render(self, context) -> str:
        # Text, escaped once, whatever it was drawn from: a variable arrives escaped, but the
        # words of a {% blocktranslate %} do not, and the text goes into attributes
        # (`<meta content="…">`), where a translation's plain `"` would end the attribute.
        text = " ".join(self.nodelist.render(context).split())
        context[self.name] = escape(html.unescape(text))
        return ""


@register.tag
def capture(parser, token):
    bits = token.split_contents()
    if len(bits) != 3 or bits[1] != "as":
        raise template.TemplateSyntaxError("Usage: {% capture as name %}…{% endcapture %}")
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, bits[2])
