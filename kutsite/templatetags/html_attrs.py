"""`html_attrs`: one filter for the attributes of every form widget and label.

Django's own `attrs.html` spends about ten template nodes on each attribute, which made the
widgets most of the cost of a checker or calculator page with new values. The project's
`templates/django/forms/…/attrs.html` (found through FORM_RENDERER = TemplatesSetting) hand
the whole dict to this filter instead; the output is the same.
"""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def html_attrs(attrs: dict) -> SafeString:
    """` name="value"` for each attribute; `True` writes the bare name, `False` leaves it out."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(f" {_escaped(name)}")
        elif value is not False:
            parts.append(f' {_escaped(name)}="{_escaped(value)}"')
    return mark_safe("".join(parts))


def _escaped(value: object) -> str:
    """`conditional_escape` without its lazy-string wrapper: these values are used at once."""
    html = getattr(value, "__html__", None)
    return html() if html else escape(str(value))
