"""Checker helpers: the error line under an input."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

OOB = mark_safe(' data-hx-swap-oob="true"')


@register.simple_tag
def field_error(field, oob: bool = False, quiet: str = "") -> SafeString:
    """The error line of a checker's input: always there, empty while the input is fine, so a
    live answer can fill or clear it (`oob`: htmx swaps it in beside the verdict). `quiet`:
    the answer waits for more typing (`CheckerForm.pending`) and marks nothing."""
    errors = () if quiet else field.errors
    return format_html(
        '<p class="field__error" id="{}_error" data-error-for="{}"{}{}>{}</p>',
        field.auto_id,
        field.auto_id,
        format_html(' data-error="{}"', field.name) if errors else "",
        OOB if oob else "",
        " ".join(str(error) for error in errors),
    )
