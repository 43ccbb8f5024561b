"""`{% capture as name %}…{% endcapture %}`: render once, use the text several times.

base.html captures the `title` and `description` blocks this way, so a page writes its title
once and the `<title>`, `og:title` and `og:description` all follow it. A block inside the tag
stays overridable: `{% extends %}` finds blocks in every child node list.
"""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


class CaptureNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList, name: str):
        self.nodelist = nodelist
        self.name = name

    def render(self, context) -> str:
        # The nodelist's output is already escaped by the template engine; keep it as is.
        context[self.name] = mark_safe(" ".join(self.nodelist.render(context).split()))
        return ""


@register.tag
def capture(parser, token):
    bits = token.split_contents()
    if len(bits) != 3 or bits[1] != "as":
        raise template.TemplateSyntaxError("Usage: {% capture as name %}…{% endcapture %}")
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, bits[2])
